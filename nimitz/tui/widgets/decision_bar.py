"""What the game asks now, and the key that answers it."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

ACTION_HINT = {
    "resupply": "Enter: open the shop",
    "scouting": "Enter: place the scouting points",
    "movement": "Enter: move forces from the selected area · e: end movement",
    "battle_order": "Enter: choose the next battle",
    "bombing_target": "Enter: choose the bombing target",
}
SHORT = {"resupply": "US Resupply", "scouting": "US Scouting", "movement": "US Movement",
         "battle_order": "Resolve Battles", "bombing_target": "Strategic bombing"}


def decision_text(kind: str, prompt: str, result: str = "") -> Text:
    t = Text(no_wrap=True, overflow="ellipsis")
    if not kind:
        t.append("■ ", style="bold")
        t.append(f"The campaign is over: {result}" if result else "Nothing to decide.")
        return t
    t.append("▶ ", style="bold")
    t.append(SHORT.get(kind, prompt), style="bold")
    hint = ACTION_HINT.get(kind, "Enter: answer")
    t.append(f"  {hint} · a: auto · ?: help", style="dim")
    return t


class DecisionBar(Static):
    def show(self, kind: str, prompt: str, result: str = "") -> None:
        self.update(decision_text(kind, prompt, result))
