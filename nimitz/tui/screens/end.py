"""The end of the campaign: the evaluation, objectives held turn by turn, the linked years."""

from __future__ import annotations

import shlex

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, VerticalScroll
from textual.widgets import Static

from nimitz.engine.control import objectives_held
from nimitz.model.difficulty import load_difficulties
from nimitz.model.optional_rules import OPTION_TITLES
from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.widgets.footer import KeysFooter
from nimitz.views.aar import battle_losses, losses_line, result_reason
from nimitz.views.words import counted


class EndScreen(NimitzScreen):
    help_topic = "end"
    BINDINGS = [
        Binding("escape,enter", "close", "Map"),
        Binding("L", "app.log", "Log"),
        Binding("R", "app.reference", "Reference"),
        Binding("q", "title", "Title"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(), Center():
            yield Static(id="end-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_state()

    def refresh_state(self) -> None:
        ctl = self.napp.controller
        if ctl.session is None:
            return
        game = ctl.game
        state = game.state
        sheet = game.sheet
        held = objectives_held(state, game.data)
        last = next((e for e in reversed(game.journal) if "result" in e.data), None)
        score = last.data.get("score", len(held)) if last is not None else len(held)
        head = Text("The campaign is over\n\n", style="bold")
        head.append(f" {state.result or 'finished'} \n", style="bold reverse")
        if state.result.startswith(("Defeat", "Replaced", "Linked")):  # (a plain finish: the ladder says it)
            head.append(f"{result_reason(state, sheet)[1]}\n", style="italic")
        head.append(
            f"\n{state.year} campaign, turn {state.turn} of {sheet.turns}; "
            f"score {score} (objectives held now: {len(held)}: {', '.join(held) or 'none'})\n"
        )
        head.append(f"Difficulty: {load_difficulties().summary(state.rules)}\n")
        if state.rules.options:
            head.append(
                "Optional rules: "
                + ", ".join(OPTION_TITLES[o] for o in state.rules.options)
                + (
                    f" (the campaign ended early, after turn {state.variant.ended_early})"
                    if state.variant is not None and state.variant.ended_early
                    else ""
                )
                + "\n"
            )
        ev = Table(title="Evaluation", title_justify="left", show_edge=False, header_style="bold")
        ev.add_column("level")
        ev.add_column("objectives")
        ev.add_column("")
        # a sudden-death defeat ends the campaign off the ladder: no level is earned (the line
        # under the result says why)
        defeat = state.result.startswith("Defeat")
        level = "" if defeat else ("Replaced" if state.result == "Replaced" else sheet.level_for(score))
        for lv in sheet.evaluation:
            ev.add_row(lv.name, f"{lv.min}+", "◀ this campaign" if lv.name == level else "")
        # (a title of its own line: as the table's title it wrapped to the narrow table's width)
        hist_title = Text("Objectives held at the end of each turn", style="italic")
        hist = Table(show_edge=False, header_style="bold")
        hist.add_column("turn")
        hist.add_column("held")
        for i, n in enumerate(state.held_history, 1):
            hist.add_row(str(i), f"{n} {'#' * n}")
        fought, losses = battle_losses(game.journal, state, sheet)
        lost = Text.assemble((f"Losses in {counted(fought, 'battle')}", "italic"))
        for side in ("US", "JA"):
            lost.append("\n  " + losses_line(side, losses.get(side, {})))
        parts: list[RenderableType] = [head, ev, Text(""), hist_title, hist, Text(""), lost]
        linked = getattr(state, "linked_years", [])
        if linked:
            lt = Table(title="Linked campaign", title_justify="left", show_edge=False, header_style="bold")
            for c in ("year", "score", "result"):
                lt.add_column(c)
            for y in linked:
                lt.add_row(str(y.year), str(y.score), y.result)
            parts += [Text(""), lt]
        parts.append(
            Text(
                "\nEsc: back to the final map · L: log · R: reference · q: title screen. "
                f"The save keeps the whole campaign; `nimitz aar {shlex.quote(ctl.session.name)}` writes its "
                "after-action report, turn by turn.",
                style="dim",
            )
        )
        self.query_one("#end-text", Static).update(Group(*parts))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_title(self) -> None:
        self.napp.close_campaign()
