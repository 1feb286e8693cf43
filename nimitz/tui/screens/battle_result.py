"""After a battle: the outcome, the losses of both sides, who holds the area now and the rolls
that decided it. Enter or Esc closes it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from nimitz.tui.battle_view import Beat, ended_words
from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.widgets.battle_board import SIDE_STYLE
from nimitz.tui.widgets.footer import KeysFooter
from nimitz.views.words import HOLDER_WORDS, SIDE_ADJ


def result_text(
    area_name: str,
    why: str,
    end_data: dict,
    beats: list[Beat],
    names,
    holder: str,
) -> Text:
    """The result in words: `names(id)` gives a force's name."""
    survivors = end_data.get("survivors", [])
    destroyed = end_data.get("destroyed", [])
    by_side = {s: [f for f in survivors if f.startswith(s + ":")] for s in ("US", "JA")}
    lost = {s: [f for f in destroyed if f.startswith(s + ":")] for s in ("US", "JA")}
    t = Text()
    t.append(f"The battle in {area_name} is over\n", style="bold reverse")
    why = ended_words(why)
    t.append("It ended: " + why + ".\n")
    if by_side["US"] and not by_side["JA"]:
        outcome = "US victory: no Japanese force is left in the area."
    elif by_side["JA"] and not by_side["US"]:
        outcome = "Japanese victory: no US force is left in the area."
    else:
        outcome = "Undecided: both sides stay in the area and fight again next turn if still there."
    t.append(outcome + "\n", style="bold")
    t.append(f"{area_name}: {HOLDER_WORDS.get(holder, holder)}.\n\n")
    for side in ("US", "JA"):
        t.append(f"{SIDE_ADJ[side]} forces lost ({len(lost[side])}): ", style=SIDE_STYLE[side])
        t.append((", ".join(names(f) for f in lost[side]) or "none") + "\n")
        t.append(f"{SIDE_ADJ[side]} forces left ({len(by_side[side])}): ", style=SIDE_STYLE[side])
        t.append((", ".join(names(f) for f in by_side[side]) or "none") + "\n")
    turns = [b for b in beats if b.kind == "turn"]
    if turns:
        t.append("\nTurn by turn\n", style="bold")
        for b in turns:
            t.append(f"{b.title}: ", style="bold")
            t.append(" · ".join(line for _s, line in b.lines[:2]) + "\n")

    def hits(b: Beat) -> list[str]:
        return [line.strip() for _s, line in b.lines if line.endswith("HIT") or line.endswith("HITS")]

    # what each exchange did, its hits placed after the player's choice included
    did = {id(b): b.summary for b in beats}
    for before, after in zip(beats, beats[1:], strict=False):
        if after.title == before.title + " · hits placed" and ":" in after.summary:
            did[id(before)] = "; ".join(filter(None, [before.summary, after.summary]))
    # the rolls that did the most: combat beats that hit, by the damage done
    key = sorted(
        (b for b in beats if b.kind == "combat" and hits(b)),
        key=lambda b: -(did[id(b)].count(",") + did[id(b)].count(":")),
    )[:4]
    if key:
        t.append("\nKey rolls\n", style="bold")
        for b in sorted(key, key=lambda b: b.seq):
            rolls = hits(b)
            t.append(f"Turn {b.turn}, {b.title}: ", style="bold")
            t.append("; ".join(rolls[:3]) + (" …" if len(rolls) > 3 else "") + f" » {did[id(b)]}\n")
    return t


class BattleResultScreen(NimitzScreen):
    help_topic = "battles"
    BINDINGS = [Binding("enter,escape,space", "close", "Continue")]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, id="result")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # arrows and page keys scroll a long result

    def action_close(self) -> None:
        self.dismiss(None)
