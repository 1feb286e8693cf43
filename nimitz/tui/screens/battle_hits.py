"""Hit allocation on US forces (R15): Enter places one hit on the highlighted target, in order;
backspace takes the last back; a applies the automatic rule."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nimitz.model.journal import Decision
from nimitz.tui.battle_view import hit_refused
from nimitz.tui.explain import short
from nimitz.tui.messages import Decide
from nimitz.tui.screens.base import RequestDialog
from nimitz.tui.widgets.shown import show


class HitsDialog(RequestDialog):
    kind = "battle_allocate_hits"
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("backspace,minus", "undo", "Take back"),
        Binding("a", "auto", "Auto"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.sequence: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="battle-dialog"):
            yield Static(id="hits-title", classes="dialog-title")
            yield self.recent_widget()
            yield OptionList(id="targets")
            yield Static(id="hits-detail", classes="detail")
            yield Static(id="error")
            yield Static(
                Text(
                    "Enter: a hit on the highlighted force · backspace takes it back · "
                    "a auto (lowest value first) · Esc board",
                    style="dim",
                ),
                classes="hint",
            )

    def on_mount(self) -> None:
        self.clear_error()
        request = self.napp.controller.request
        info = request.info if request else {}
        self.info = info  # the question this dialog answers (the controller moves on when it is answered)
        self.n = int(info.get("to_place", 0))
        self.targets = list(info.get("targets", []))
        self.auto = list(info.get("auto", []))
        from nimitz.tui.battle_view import AREA_NAMES, STEP_WORDS

        self.where = (
            f"{STEP_WORDS.get(info.get('step', ''), 'combat')} in {AREA_NAMES.get(info.get('area', ''), 'the battle')}"
        )
        self._draw()
        self.query_one("#targets", OptionList).focus()

    def _draw(self) -> None:
        left = self.n - len(self.sequence)
        title = Text(f"{self.n} hit{'s' * (self.n != 1)} on your forces ({self.where}): ")
        title.append(f"{left} to place", style="bold reverse")
        show(self.query_one("#hits-title", Static), title)
        lst = self.query_one("#targets", OptionList)
        keep = 0 if lst.highlighted is None else lst.highlighted  # the first at first: drawn with its detail
        lst.clear_options()
        options = []
        info = self.info
        width = 36 if self.app.has_class("-wide") else 26  # the names get the room of a wide dialog
        for i, t in enumerate(self.targets):
            placed = self.sequence.count(t["id"])
            refused = bool(info) and bool(hit_refused(info, tuple(self.sequence), t["id"]))
            label = Text(f"{'●' * placed:<3}", style="bold")
            label.append(f"{t['name'][:width]:<{width}}", style="dim" if refused else "")
            label.append(
                f" value {t['cost']}{' damaged✱' if t.get('damaged') else ''}"
                f"{' foxhole' if t.get('foxhole') else ''} · takes {t.get('can_take', '?')}",
                style="dim",
            )
            label.append("  ✗ not yet" if refused else "  ✓", style="dim" if refused else "bold")
            options.append(Option(label, id=str(i)))
        lst.add_options(options)  # at once: one measure of the list, not one per line
        if keep is not None and self.targets:
            lst.highlighted = min(keep, len(self.targets) - 1)
        self._detail()

    def asking(self) -> bool:
        """Whether its question is still the one asked (once answered, the battle moves on and a
        late highlight event must not read the board of what came next)."""
        request = self.napp.controller.request
        return request is not None and request.info is self.info

    def _detail(self) -> None:
        """The order so far, what auto would do, and what a hit on the highlighted force does."""
        if not self.asking():
            return
        lst = self.query_one("#targets", OptionList)
        names = {t["id"]: t["name"] for t in self.targets}
        detail = Text("Your order: ", style="bold")
        detail.append(", ".join(names.get(x, short(x)) for x in self.sequence) or "none yet")
        detail.append("\nAuto would place: ", style="bold")
        detail.append(", ".join(names.get(x, short(x)) for x in self.auto) or "-")
        index = lst.highlighted
        if index is not None and 0 <= index < len(self.targets):
            from nimitz.tui.battle_view import hit_effect

            t = self.targets[index]
            refused = hit_refused(self.info, tuple(self.sequence), t["id"])
            detail.append(f"\nA hit on {t['name']} ", style="bold")
            detail.append(hit_effect(self.game, t, self.sequence.count(t["id"])))
            if refused:
                detail.append(f"\nNot allowed yet: {refused}", style="bold")
        show(self.query_one("#hits-detail", Static), detail)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if hasattr(self, "info"):
            self._detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:
            return
        self.clear_error()
        self.sequence.append(self.targets[int(event.option.id)]["id"])
        if len(self.sequence) >= self.n:
            seq = tuple(self.sequence)
            self.sequence = []
            self._draw()
            self.post_message(Decide(Decision("battle_allocate_hits", forces=seq)))
            return
        self._draw()

    def action_undo(self) -> None:
        if self.sequence:
            self.sequence.pop()
            self._draw()
