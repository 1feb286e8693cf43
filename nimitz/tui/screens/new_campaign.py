"""New campaign: the year, the difficulty (with its options and its measured chance for the
expert player), linked or not, an optional seed, a name, who breaks ties for Japan (R24) and the
optional rules (docs/optional-rules.md)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from nimitz.model.difficulty import load_difficulties
from nimitz.model.optional_rules import OPTION_NAMES, OPTION_TITLES
from nimitz.tui.screens.base import NimitzModal
from nimitz.tui.widgets.choice_row import ChoiceRow
from nimitz.tui.widgets.toggle_row import ToggleRow

YEARS = (1942, 1943, 1944, 1945)


class NewCampaignDialog(NimitzModal):
    help_topic = "title"
    BINDINGS = [
        Binding("escape", "close", "Cancel"),
        Binding("ctrl+s", "start", "Start"),
        Binding("enter", "start", "Start"),
    ]

    def __init__(self, year: int = 1942) -> None:
        super().__init__()
        self.year = year

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="new-campaign"):
            yield Static("New campaign", classes="dialog-title")
            yield ChoiceRow("Year", [(str(y), str(y)) for y in YEARS], str(self.year), id="year")
            presets = load_difficulties()
            yield ChoiceRow("Difficulty", [(p.id, p.name) for p in presets.preset], presets.default, id="difficulty")
            yield Static(id="difficulty-info", classes="difficulty-info")
            yield ChoiceRow("Linked", [("no", "this year only"), ("yes", "linked: go on to 1945")], "no", id="linked")
            with Horizontal(classes="form-row"):
                yield Label("Seed", classes="form-label")
                yield Input(placeholder="random (or a whole number)", id="seed", type="integer", compact=True)
            with Horizontal(classes="form-row"):
                yield Label("Name", classes="form-label")
                yield Input(placeholder=self.napp.controller.default_name(self.year), id="name", compact=True)
            yield ChoiceRow(
                "JA ties", [("bot", "the bot's dice (default)"), ("player", "I choose for Japan")], "bot", id="ja_ties"
            )
            # the optional rules (docs/optional-rules.md), any mix, as `nimitz new --option`
            yield ToggleRow("Optional", [(o, OPTION_TITLES[o].lower()) for o in OPTION_NAMES], id="optional")
            yield Static(id="error")
            yield Static(
                Text(
                    "↑/↓ or Tab move between fields, ←/→ change a choice, space ticks an optional rule, "
                    "Enter starts, Esc cancels.",
                    style="dim",
                )
            )
            with Horizontal(classes="buttons"):
                yield Button("Start", variant="primary", id="start", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self._show_difficulty()
        self.query_one("#error", Static).display = False
        self.query_one("#year", ChoiceRow).focus()

    def on_key(self, event) -> None:
        if event.key in ("down", "up") and not isinstance(self.focused, Button):
            event.stop()
            if event.key == "down":
                self.focus_next()
            else:
                self.focus_previous()

    def on_choice_row_changed(self, event: ChoiceRow.Changed) -> None:
        if event.row.id == "year":
            self.year = int(event.value)
            self.query_one("#name", Input).placeholder = self.napp.controller.default_name(self.year)
        if event.row.id in ("year", "difficulty"):
            self._show_difficulty()

    def _show_difficulty(self) -> None:
        """The preset's description, the options that differ from Rulebook, and its measured
        chance (expert policy) for the chosen year."""
        presets = load_difficulties()
        preset = presets.get(self.query_one("#difficulty", ChoiceRow).value)
        rules = presets.rules(preset.id)
        text = Text()
        measured = presets.chance(preset.id)
        year = next((y for y in measured.years if y.year == self.year), None) if measured else None
        if year is not None:
            text.append(f"Historical or better in {self.year}: {year.text()} (expert, {year.campaigns} campaigns)\n")
        else:
            text.append(f"Historical or better in {self.year}: not measured yet\n")
        text.append(" · ".join(presets.changes(rules, brief=True)) or preset.description, style="dim")
        self.query_one("#difficulty-info", Static).update(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.dismiss(None)

    def action_start(self) -> None:
        if isinstance(self.focused, Button) and self.focused.id == "cancel":
            self.dismiss(None)
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                self._error(f"the seed must be a whole number, not {seed_text!r}")
                return
            if not 0 <= seed < 2**63:
                self._error("the seed must be between 0 and 2**63-1")
                return
        difficulty = self.query_one("#difficulty", ChoiceRow).value
        name = self.query_one("#name", Input).value.strip()
        linked = self.query_one("#linked", ChoiceRow).value == "yes"
        ja_ties = self.query_one("#ja_ties", ChoiceRow).value
        options = self.query_one("#optional", ToggleRow).values
        self.napp.new_campaign(
            self.year,
            seed,
            None,
            name,
            linked=linked,
            ja_ties=ja_ties,
            options=list(options),
            refused=self._error,
            difficulty=difficulty,
        )

    def _error(self, message: str) -> None:
        box = self.query_one("#error", Static)
        box.update(Text("✗ " + message, style="bold"))
        box.display = True
