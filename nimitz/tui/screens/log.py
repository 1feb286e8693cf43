"""The log: the whole journal, filtered by turn, step and side; each Japanese decision expands
(Enter or space) to its explanation."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static, Tree

from nimitz.model.journal import JournalEntry
from nimitz.tui.explain import entry_body, entry_full_text, explain
from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.widgets.footer import KeysFooter
from nimitz.views.words import step_short, step_words

SIDES = (None, "US", "JA", "")
SIDE_NAMES = {None: "all", "US": "US", "JA": "JA", "": "game"}
SIDE_STYLE = {"US": "#6cb6ff", "JA": "#ff7b72"}


class LogScreen(NimitzScreen):
    help_topic = "log"
    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        Binding("t", "cycle('turn')", "Turn"),
        Binding("s", "cycle('step')", "Step"),
        Binding("w", "cycle('side')", "Side"),
        Binding("r", "rolls", "Rolls"),
        Binding("0", "clear", "All"),
        Binding("x", "expand_all", "Expand", show=False),
        Binding("end,G", "last", "Last", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.turn: int | None = None
        self.step: str | None = None
        self.side: str | None = None
        self.rolls = False

    def compose(self) -> ComposeResult:
        yield Static(id="log-filters", classes="screen-title")
        tree: Tree[JournalEntry] = Tree("Journal", id="log-tree")
        tree.show_root = False
        tree.auto_expand = True
        yield tree
        yield KeysFooter()

    def on_mount(self) -> None:
        # Everything, with the cursor on the latest entry: "what just happened?"
        self.rebuild()
        self.query_one(Tree).focus()
        self.call_after_refresh(self.action_last)

    def refresh_state(self) -> None:
        self.rebuild()

    # --- filters -----------------------------------------------------------------------------

    def _entries(self) -> list[JournalEntry]:
        out = []
        for e in self.napp.controller.journal_seen:
            if e.kind == "roll" and not self.rolls:
                continue
            if self.turn is not None and e.turn != self.turn:
                continue
            if self.step is not None and e.step != self.step:
                continue
            if self.side is not None and e.side != self.side:
                continue
            out.append(e)
        return out

    def _values(self, what: str) -> list:
        journal = self.napp.controller.journal_seen
        if what == "turn":
            return [None] + sorted({e.turn for e in journal})
        if what == "step":
            seen: list[str] = []
            for e in journal:
                if e.step not in seen:
                    seen.append(e.step)
            return [None] + seen
        return list(SIDES)

    def action_cycle(self, what: str) -> None:
        values = self._values(what)
        cur = getattr(self, what)
        nxt = values[(values.index(cur) + 1) % len(values)] if cur in values else None
        setattr(self, what, nxt)
        self.rebuild()

    def action_clear(self) -> None:
        self.turn = self.step = self.side = None
        self.rebuild()

    def action_rolls(self) -> None:
        self.rolls = not self.rolls
        self.rebuild()

    def action_last(self) -> None:
        tree = self.query_one(Tree)
        if tree.root.children:
            tree.move_cursor(tree.root.children[-1])
            tree.scroll_end(animate=False)

    def action_expand_all(self) -> None:
        for node in self.query_one(Tree).root.children:
            if node.allow_expand:
                node.expand()

    def action_close(self) -> None:
        self.dismiss(None)

    # --- drawing -----------------------------------------------------------------------------

    def rebuild(self) -> None:
        entries = self._entries()
        f = Text("Log", style="bold")
        f.append(
            f" · turn {self.turn if self.turn is not None else 'all'} (t)"
            f" · step {step_words(self.step) if self.step else 'all'} (s)"
            f" · side {SIDE_NAMES[self.side]} (w) · rolls {'shown' if self.rolls else 'hidden'} (r)"
            f" · {len(entries)} {'entry' if len(entries) == 1 else 'entries'} · 0 shows all · Enter expands"
        )
        self.query_one("#log-filters", Static).update(f)
        tree = self.query_one(Tree)
        tree.clear()
        for e in entries:
            label = Text(f"T{e.turn} {step_short(e.step):<9} ", style="dim")
            label.append(f"{e.side or '--':<2} ", style=SIDE_STYLE.get(e.side, "dim"))
            label.append(entry_body(e))
            expandable = e.kind == "bot" or bool(e.data and e.kind not in ("roll", "decision"))
            if expandable:
                tree.root.add(label, data=e, allow_expand=True)
            else:  # the tree draws "▶ " before the others only: two spaces keep the columns
                tree.root.add_leaf(Text("  ") + label, data=e)

    def on_tree_node_expanded(self, event: Tree.NodeExpanded) -> None:
        node = event.node
        entry = node.data
        if entry is None or node.children:
            return
        width = max(30, self.size.width - 24)
        for label, text in explain(entry) or [("", "no further detail")]:
            lines = textwrap.wrap(text, width) or [""]
            for i, line in enumerate(lines):
                t = Text(f"{(label if i == 0 else ''):<12} ", style="bold")
                t.append(line)
                node.add_leaf(t)
        if entry_full_text(entry):
            for line in textwrap.wrap(entry_full_text(entry), width + 13):
                node.add_leaf(Text(line, style="dim"))
