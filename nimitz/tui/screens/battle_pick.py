"""Pick exactly N pieces to lose (carrier aircraft that cannot land, LBA beyond the airfields),
or let the automatic rule choose."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from nimitz.model.journal import Decision
from nimitz.tui.explain import short
from nimitz.tui.messages import Decide
from nimitz.tui.screens.base import RequestDialog
from nimitz.tui.widgets.check_list import CheckList
from nimitz.tui.widgets.shown import show


class PickDialog(RequestDialog):
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter,c", "confirm", "Confirm", priority=True),
        Binding("a", "auto", "Auto"),
    ]

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="battle-dialog"):
            yield Static(id="pick-title", classes="dialog-title")
            yield self.recent_widget()
            yield CheckList(id="pieces")
            yield Static(id="pick-detail", classes="detail")
            yield Static(id="error")
            yield Static(Text("space picks · Enter confirms · a auto · Esc board", style="dim"), classes="hint")

    def on_mount(self) -> None:
        self.clear_error()
        request = self.napp.controller.request
        info = request.info if request else {}
        self.count = int(info.get("count", 0))
        from nimitz.tui.battle_view import say

        show(self.query_one("#pick-title", Static), Text(say(request.prompt) if request else "", style="bold"))
        lst = self.query_one("#pieces", CheckList)
        lst.set_items(
            [
                (a["id"], f"{a['name']}  value {a['cost']}{' damaged✱' if a.get('damaged') else ''}", False)
                for a in info.get("aircraft", [])
            ]
        )
        names = {a["id"]: a["name"] for a in info.get("aircraft", [])}
        show(
            self.query_one("#pick-detail", Static),
            Text(
                f"Pick {self.count}: each one picked is destroyed. Auto would lose: "
                + ", ".join(names.get(x, short(x)) for x in info.get("auto", [])),
                style="dim",
            ),
        )
        lst.focus()

    def action_confirm(self) -> None:
        self.clear_error()
        chosen = tuple(self.query_one("#pieces", CheckList).selected)
        self.post_message(Decide(Decision(self.kind, forces=chosen)))
