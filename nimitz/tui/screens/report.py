"""A report of what the engine did for Japan or by itself: the JA orders area by area, the
scouted orders, the battles, the end-of-turn steps. Step through, or skip to the end."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nimitz.model.journal import JournalEntry
from nimitz.tui.explain import entry_line, is_order
from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.widgets.explanation import ExplanationView
from nimitz.tui.widgets.footer import KeysFooter


class ReportScreen(NimitzScreen):
    BINDINGS = [
        Binding("escape,enter,q", "close", "Close"),
        Binding("n,space", "step(1)", "Next"),
        Binding("p", "step(-1)", "Previous"),
        Binding("end,G", "skip", "Skip to end"),
        Binding("home,g", "first", "First", show=False),
        Binding("L", "app.log", "Log"),
    ]

    def __init__(
        self, title: str, entries: list[JournalEntry], topic: str = "orders", start_at_end: bool = False
    ) -> None:
        super().__init__()
        self.start_at_end = start_at_end
        self.title_text = title
        self.entries = [e for e in entries if e.kind != "roll"] or list(entries)
        self.help_topic = topic

    def compose(self) -> ComposeResult:
        yield Static(id="report-title", classes="screen-title")
        with Horizontal(id="report-body"):
            yield OptionList(id="report-list")
            with VerticalScroll(id="report-detail"):
                yield ExplanationView(id="explanation")
        yield KeysFooter()

    def on_mount(self) -> None:
        lst = self.query_one("#report-list", OptionList)
        orders = sum(1 for e in self.entries if is_order(e))
        options = []
        for i, e in enumerate(self.entries):
            t = Text(f"{i + 1:>2} ", style="dim")
            if e.side != "JA":  # the Japanese decisions need no side (and 'JA JA: Hold' is Japan's area)
                t.append(f"{e.side or '--'} ", style="bold")
            t.append(entry_line(e))
            options.append(Option(t, id=str(i)))
        lst.add_options(options)  # at once: one measure of the list, not one per line
        title = Text(self.title_text, style="bold")
        if orders:
            others = len(self.entries) - orders
            title.append(
                f" · {orders} order{'s' if orders != 1 else ''}"
                + (f" and {others} other entr{'ies' if others != 1 else 'y'}" if others else ""),
                style="",
            )
        title.append("  n/p: step · End: skip to the end · Enter: close", style="dim")
        self.query_one("#report-title", Static).update(title)
        if self.entries:
            first = len(self.entries) - 1 if self.start_at_end else 0
            lst.highlighted = first
            self._show(first)
        else:
            self.query_one(ExplanationView).show(None, "Nothing happened here.")
        lst.focus()

    def _show(self, index: int) -> None:
        if 0 <= index < len(self.entries):
            e = self.entries[index]
            self.query_one(ExplanationView).show(e, f"{index + 1} of {len(self.entries)} · ")
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
