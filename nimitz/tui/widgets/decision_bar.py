"""What the game asks now, and the key that answers it."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nimitz.tui.widgets.shown import show

ACTION_HINT = {
    "resupply": "Enter: open the shop",
    "scouting": "Enter: place the scouting points",
    "movement": "Enter: move forces · e: end movement",
    "battle_order": "Enter: choose the next battle",
    "bombing_target": "Enter: choose the bombing target",
}
SHORT = {
    "resupply": "US Resupply",
    "scouting": "US Scouting",
    "movement": "US Movement",
    "battle_order": "Resolve Battles",
    "bombing_target": "Strategic bombing",
    "battle_place_ships": "Place your ships",
    "battle_place_subs": "Place your submarines",
    "battle_plans": "Buy battle plans",
    "battle_first_light": "First Light strike",
    "battle_air": "Move your aircraft",
    "battle_allocate_hits": "Hits on your forces",
    "battle_reactive": "A plan can react now",
    "battle_excess_aircraft": "Aircraft that cannot land",
    "battle_airfield_losses": "Airfield losses",
}


def decision_text(kind: str, prompt: str, result: str = "", note: str = "") -> Text:
    """`note`: why auto made the last move, said in place of the keys hint until the next one."""
    # a note wraps onto more rows (the campaign screen gives it up to three): the reason is
    # the point of pressing a, so it must not be cut off at 80 columns
    t = Text(no_wrap=not note, overflow="ellipsis")
    if not kind:
        t.append("■ ", style="bold")
        t.append(f"The campaign is over: {result}" if result else "Nothing to decide.")
        return t
    t.append("▶ ", style="bold")
    t.append(SHORT.get(kind, prompt), style="bold")
    if note:
        t.append("  The expert chose: ", style="bold")
        t.append(note)
        return t
    hint = ACTION_HINT.get(kind, "Enter: answer")
    if kind.startswith("battle_") and kind != "battle_order":
        hint = "Enter: answer"
    t.append(f"  {hint} · a: auto · ?: help", style="dim")
    return t


class DecisionBar(Static):
    _text: Text | None = None

    def show(self, kind: str, prompt: str, result: str = "", note: str = "") -> None:
        self.set_class(bool(note and kind), "-note")
        self._text = decision_text(kind, prompt, result, note)
        show(self, self._text)

    def rows(self, width: int) -> int:
        """Rows the bar needs at this screen width (inside its padding): a note up to three."""
        if self._text is None or not self.has_class("-note"):
            return 1
        return min(3, len(self._text.wrap(self.app.console, max(1, width - 2))))
