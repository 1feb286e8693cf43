"""Battle plan purchase: SP to spend (3 BPP each, plus 3 free) and the plans to buy (R12)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from nimitz.model.journal import Decision
from nimitz.tui.messages import Decide
from nimitz.tui.screens.base import RequestDialog
from nimitz.tui.widgets.check_list import CheckList
from nimitz.tui.widgets.shown import show


class PlansDialog(RequestDialog):
    kind = "battle_plans"
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("plus,equals_sign,right", "sp(1)", "+1 SP"),
        Binding("minus,left", "sp(-1)", "-1 SP"),
        Binding("enter,c", "confirm", "Buy", priority=True),
        Binding("a", "auto", "Auto"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.spend = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="battle-dialog"):
            yield Static(id="plans-title", classes="dialog-title")
            yield Static(id="plans-budget")
            yield CheckList(id="plans")
            yield Static(id="plans-detail", classes="detail")
            yield Static(id="error")
            yield Static(
                Text("space picks a plan · +/- SP to spend · Enter buys · a auto · Esc board", style="dim"),
                classes="hint",
            )

    def on_mount(self) -> None:
        self.clear_error()
        request = self.napp.controller.request
        self.plans = list(request.info.get("plans", [])) if request else []
        self.sp = int(request.info.get("sp", 0)) if request else 0
        battle = self.game.state.battle
        name = next((a.name for a in self.game.data.map.areas if battle and a.code == battle.area), "")
        where = f" for the battle in {name}" if name else ""
        show(self.query_one("#plans-title", Static), f"Battle plans{where}")
        lst = self.query_one("#plans", CheckList)
        lst.set_items(
            [
                (p["id"], f"{p['name']:<16} {p['cost']} BPP{'  reactive' if p.get('reactive') else ''}", False)
                for p in self.plans
            ]
        )
        self._budget()
        lst.focus()
        if self.plans:
            lst.highlighted = 0
            self._detail(0)

    def _cost(self) -> int:
        chosen = set(self.query_one("#plans", CheckList).selected)
        return sum(p["cost"] for p in self.plans if p["id"] in chosen)

    def _budget(self) -> None:
        bpp = 3 + 3 * self.spend
        cost = self._cost()
        t = Text("SP spent: ")
        t.append(f"{self.spend}", style="bold reverse")
        t.append(f" of {self.sp} · BPP {bpp} (3 free + 3 per SP) · plans picked cost {cost} BPP ")
        t.append("✓ affordable" if cost <= bpp else "✗ too dear: spend more SP or drop a plan", style="bold")
        show(self.query_one("#plans-budget", Static), t)

    def _detail(self, index: int) -> None:
        if 0 <= index < len(self.plans):
            p = self.plans[index]
            t = Text(f"{p['name']}: ", style="bold")
            t.append(p["description"])
            if p.get("reactive"):
                t.append(" (reactive: offered when it applies, R16)", style="dim")
            from nimitz.tui.battle_view import plan_odds

            odds = plan_odds(self.game, p["id"])
            if odds:
                t.append(f"\n{odds}", style="dim")
            show(self.query_one("#plans-detail", Static), t)

    def on_option_list_option_highlighted(self, event) -> None:
        self._detail(event.option_index)

    def on_check_list_selected_changed(self, event: CheckList.SelectedChanged) -> None:
        self.clear_error()
        self._budget()

    def action_sp(self, delta: int) -> None:
        self.spend = max(0, min(self.sp, self.spend + delta))
        self._budget()

    def action_confirm(self) -> None:
        self.clear_error()
        chosen = tuple(self.query_one("#plans", CheckList).selected)
        self.post_message(Decide(Decision("battle_plans", count=self.spend, forces=chosen)))
