"""US Scouting: place each scouting point on an area with unmoved JA forces."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nimitz.engine.fog import area_view, seen_count
from nimitz.engine.requests import Request
from nimitz.model.journal import Decision
from nimitz.tui.messages import Decide
from nimitz.tui.screens.base import RequestDialog
from nimitz.tui.widgets.shown import show
from nimitz.views.situation import hidden_stack_text
from nimitz.views.words import counted


class ScoutingDialog(RequestDialog):
    kind = "scouting"
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("plus,equals_sign,right,l,space", "add(1)", "+1 point"),
        Binding("minus,left,h,backspace", "add(-1)", "-1 point"),
        Binding("c", "confirm", "Confirm"),
        Binding("a", "auto", "Auto"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.placed: dict[str, int] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="scouting"):
            yield Static(id="scout-title", classes="dialog-title")
            yield OptionList(id="areas")
            yield Static(id="scout-detail", classes="detail")
            yield Static(id="error")
            yield Static(
                Text(
                    "+/→ add a point · -/← take one back · Enter adds, or confirms "
                    "once all are placed · c confirm · a auto · Esc map",
                    style="dim",
                ),
                classes="hint",
            )

    def on_mount(self) -> None:
        self.clear_error()
        self.refresh_state()
        self.query_one("#areas", OptionList).focus()

    def keeps(self, request: Request | None) -> bool:
        return False

    @property
    def points(self) -> int:
        request = self.napp.controller.request
        return int(request.info.get("points", 0)) if request and request.kind == "scouting" else 0

    @property
    def areas(self) -> list[str]:
        request = self.napp.controller.request
        return list(request.info.get("areas", [])) if request and request.kind == "scouting" else []

    def refresh_state(self) -> None:
        areas = self.areas
        left = self.points - sum(self.placed.values())
        title = Text("US Scouting: ")
        title.append(f"{left} of {counted(self.points, 'point')} to place", style="bold reverse")
        show(self.query_one("#scout-title", Static), title)
        lst = self.query_one("#areas", OptionList)
        keep = lst.highlighted or 0
        lst.clear_options()
        state = self.game.state
        m = self.game.data.map
        objectives = set(self.game.sheet.objectives)
        for code in areas:
            unmoved = [f for f in state.at(code, "JA") if not f.moved]
            n = self.placed.get(code, 0)
            t = Text(f"{'●' * n:<6}" if n else "  -   ", style="bold" if n else "dim")
            t.append(f" {code} {m.area[code].name:<18}")
            if area_view(state, code) is not None:  # fog of war: only the chips (R86)
                t.append(f" JA {seen_count(state, code)} (hidden stack)", style="")
            else:
                t.append(f" {len(unmoved)} unmoved JA", style="")
            if code in objectives:
                t.append("  ◆ first order: Hold", style="dim")
            lst.add_option(Option(t, id=code))
        if areas:
            lst.highlighted = min(keep, len(areas) - 1)
            self._detail(areas[lst.highlighted])

    def _detail(self, code: str) -> None:
        state = self.game.state
        fogged = area_view(state, code)
        if fogged is not None:  # fog of war: the known counters and the unknown chips (R86)
            text = hidden_stack_text(fogged, state, self.game.data)
            show(self.query_one("#scout-detail", Static), Text(f"{code}: {text}", style="dim"))
            return
        forces = [f for f in state.at(code, "JA") if not f.moved]
        names = ", ".join(f"{f.name} {self.game.sheet.cls[f.cls].type}" for f in forces)
        show(self.query_one("#scout-detail", Static), Text(f"{code}: {names or 'nothing unmoved'}", style="dim"))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self._detail(event.option.id)

    def _current(self) -> str | None:
        opt = self.query_one("#areas", OptionList).highlighted_option
        return opt.id if opt else None

    def action_add(self, n: int) -> None:
        code = self._current()
        if code is None:
            return
        self.clear_error()
        left = self.points - sum(self.placed.values())
        if n > 0 and left <= 0:
            self.show_error("every point is placed: c (or Enter) confirms, - takes one back")
            return
        new = self.placed.get(code, 0) + n
        if new < 0:
            return
        self.placed[code] = new
        self.refresh_state()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.points - sum(self.placed.values()) > 0:
            self.action_add(1)
        else:
            self.action_confirm()

    def action_confirm(self) -> None:
        self.clear_error()
        areas = tuple(code for code in self.areas for _ in range(self.placed.get(code, 0)))
        self.post_message(Decide(Decision("scout", areas=areas)))
