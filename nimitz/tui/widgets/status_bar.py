"""Two lines always in view. The first: year, turn, step, US supply points, the JA resupply
track, this turn's weather and event (optional rules), the campaign's name last (the part cut
first). The second, the stakes: objectives held against the year's ladder and Hawaii, whose
loss ends the campaign at once."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nimitz.tui.view_model import CampaignView
from nimitz.tui.widgets.shown import show
from nimitz.views.stakes import Stakes


def status_text(view: CampaignView) -> Text:
    t = Text(no_wrap=True, overflow="ellipsis")
    if view.result:
        t.append(f"OVER: {view.result}", style="bold reverse")
        t.append(" · ")
    t.append(f"{view.year}{' linked' if view.linked else ''} turn {view.turn}/{view.turns} · ")
    t.append(view.step_name, style="bold")
    t.append(" · SP ")
    t.append(str(view.sp), style="bold")
    t.append(" · JA track ")
    t.append(str(view.ja_track), style="bold")
    if view.scouting_points:
        t.append(f" · scouting {view.scouting_points}")
    if view.this_turn:  # the optional rules' weather and event
        t.append(f" · {view.this_turn}")
    if view.name:
        t.append(f" · {view.name}", style="dim")
    return t


def stakes_text(s: Stakes, width: int) -> Text:
    """The ladder in full when it fits, else where the player stands, the floor and the best."""
    t = Text(no_wrap=True, overflow="ellipsis")
    hawaii = "Hawaii held (lost = defeat)" if s.hawaii_held else "HAWAII LOST: defeat"
    head = f"Objectives {s.held}/{s.objectives} "
    ladder = f"{s.ladder_text} · "
    if len(head) + len(ladder) + len(hawaii) > width:
        head = f"Obj {s.held}/{s.objectives} "
        best, lo = s.ladder[-1]
        ladder = f"[{s.level}] · {s.ladder[0][0]} ≤{s.ladder[1][1] - 1} · {best} {lo} · "
    t.append(head, style="bold")
    t.append(ladder)
    t.append(hawaii, style="bold" if s.hawaii_held else "bold reverse")
    return t


class StatusBar(Static):
    def show(self, view: CampaignView) -> None:
        width = (self.size.width or self.app.size.width) - 2
        t = status_text(view)
        t.truncate(width, overflow="ellipsis")  # one line: the end (the name first) is cut
        if view.stakes is not None:
            t.append("\n")
            t.append_text(stakes_text(view.stakes, width))
        show(self, t)
