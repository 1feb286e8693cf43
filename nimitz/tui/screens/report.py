"""A report of what the engine did for Japan or by itself: the JA orders area by area, the
scouted orders, the battles, the end-of-turn steps. Step through, or skip to the end."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nimitz.model.journal import JournalEntry
from nimitz.tui.explain import entry_line, is_order
from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.widgets.explanation import ExplanationView, explanation
from nimitz.tui.widgets.footer import KeysFooter


class ReportScreen(NimitzScreen):
    BINDINGS = [
        Binding("escape,enter,q", "close", "Close"),
        Binding("n,space", "step(1)", "Next"),
        Binding("p", "step(-1)", "Previous"),
        Binding("G,end", "skip", "Skip to end"),  # G first: the list's own End shadows End
        Binding("home,g", "first", "First", show=False),
        Binding("L", "app.log", "Log"),
    ]

    def __init__(
        self,
        title: str,
        entries: list[JournalEntry],
        topic: str = "orders",
        start_at_end: bool = False,
        note: str = "",
    ) -> None:
        super().__init__()
        self.note = note  # why auto chose the answer that led here (under the title)
        self.start_at_end = start_at_end
        self.title_text = title
        self.entries = [e for e in entries if e.kind != "roll"] or list(entries)
        self.help_topic = topic
        self._shown = -1  # the entry explained

    def compose(self) -> ComposeResult:
        # Built whole here, before the first layout: filled after mounting, each part (the
        # list, the title, the explanation) asked for one more layout of the screen.
        yield Static(self._title(), id="report-title", classes="screen-title")
        if self.note:
            yield Static(Text.assemble(("The expert chose: ", "bold"), self.note), id="report-note")
        with Horizontal(id="report-body"):
            yield OptionList(*self._options(), id="report-list")
            with VerticalScroll(id="report-detail"):
                yield ExplanationView(self._explanation(self._first), id="explanation")
        yield KeysFooter()

    @property
    def _first(self) -> int:
        return len(self.entries) - 1 if self.start_at_end else 0

    def _options(self) -> list[Option]:
        options = []
        for i, e in enumerate(self.entries):
            t = Text(f"{i + 1:>2} ", style="dim")
            if e.side != "JA":  # the Japanese decisions need no side (and 'JA JA: Hold' is Japan's area)
                t.append(f"{e.side or '--'} ", style="bold")
            t.append(entry_line(e))
            options.append(Option(t, id=str(i)))
        return options

    def _title(self) -> Text:
        orders = sum(1 for e in self.entries if is_order(e))
        title = Text(self.title_text, style="bold")
        if orders:
            others = len(self.entries) - orders
            title.append(
                f" · {orders} order{'s' if orders != 1 else ''}"
                + (f" and {others} other entr{'ies' if others != 1 else 'y'}" if others else ""),
                style="",
            )
        title.append("  n/p: step · End: skip to the end · Enter: close", style="dim")
        return title

    def _explanation(self, index: int) -> RenderableType:
        if not 0 <= index < len(self.entries):
            return explanation(None, "Nothing happened here.")
        return explanation(self.entries[index], f"{index + 1} of {len(self.entries)} · ")

    def on_mount(self) -> None:
        lst = self.query_one("#report-list", OptionList)
        self._shown = self._first  # composed with it
        if self.entries:
            lst.highlighted = self._first
        lst.focus()

    def _show(self, index: int) -> None:
        if index != self._shown and 0 <= index < len(self.entries):
            self._shown = index
            self.query_one(ExplanationView).update(self._explanation(index))
            self.query_one("#report-detail").scroll_home(animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self._show(int(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_close()

    def action_step(self, delta: int) -> None:
        lst = self.query_one("#report-list", OptionList)
        cur = lst.highlighted or 0
        lst.highlighted = max(0, min(len(self.entries) - 1, cur + delta))

    def action_skip(self) -> None:
        lst = self.query_one("#report-list", OptionList)
        if self.entries:
            lst.highlighted = len(self.entries) - 1

    def action_first(self) -> None:
        self.query_one("#report-list", OptionList).highlighted = 0

    def action_close(self) -> None:
        self.dismiss(None)
