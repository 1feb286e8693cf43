"""One line: year, turn, step, US supply points, the JA resupply track, objectives held, and
the campaign's name last (the part cut first on a narrow terminal)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nimitz.tui.view_model import CampaignView


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
    t.append(f" · objectives {len(view.held)}/{len(view.objectives)} {view.level}")
    if view.scouting_points:
        t.append(f" · scouting {view.scouting_points}")
    if view.name:
        t.append(f" · {view.name}", style="dim")
    return t


class StatusBar(Static):
    def show(self, view: CampaignView) -> None:
        self.update(status_text(view))
