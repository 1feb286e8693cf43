"""Any request answered from its list of options (battle order, bombing target, and every kind
without a dialog of its own): the prompt, what the engine says beside it, the options, and an
'auto' answer from the scripted player. This keeps every request answerable by keyboard."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nimitz.engine.requests import Request
from nimitz.tui.explain import short
from nimitz.tui.messages import Decide
from nimitz.tui.screens.base import RequestDialog
from nimitz.tui.widgets.shown import show
from nimitz.views.words import counted, request_words

TITLES = {"battle_order": "Resolve Battles: which battle next?", "bombing_target": "Strategic bombing: which JA force?"}


def info_text(info: dict[str, Any]) -> Text:
    t = Text()
    for key, value in info.items():
        if isinstance(value, (list, tuple)):
            value = ", ".join(short(str(v)) for v in value) or "none"
        elif isinstance(value, dict):
            value = ", ".join(f"{short(str(k))}: {short(str(v))}" for k, v in value.items()) or "none"
        elif isinstance(value, str):
            value = short(value)
        t.append(f"{key.replace('_', ' ')}: ", style="bold")
        t.append(f"{value}\n")
    return t


class ChoiceDialog(RequestDialog):
    def __init__(self, kind: str = "") -> None:
        super().__init__()
        self.kind = kind

    def keeps(self, request: Request | None) -> bool:
        return request is not None and request.kind == self.kind and not TITLES.get(self.kind)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="choice"):
            yield Static(id="choice-title", classes="dialog-title")
            yield Static(id="choice-prompt")
            if self.kind.startswith("battle_"):
                yield self.recent_widget()
            with VerticalScroll(id="choice-info"):
                yield Static(id="choice-info-text")
            yield OptionList(id="choices")
            yield Static(id="error")
            yield Static(Text("Enter chooses · a auto (the expert's answer) · Esc map", style="dim"), classes="hint")

    def on_mount(self) -> None:
        self.clear_error()
        self.refresh_state()
        self.query_one("#choices", OptionList).focus()

    def refresh_state(self) -> None:
        request = self.napp.controller.request
        if request is None or (self.kind and request.kind != self.kind):
            return  # the app closes this dialog: it answered another question
        self.kind = request.kind
        show(
            self.query_one("#choice-title", Static),
            TITLES.get(request.kind, f"Decision: {request_words(request.kind)}"),
        )
        prompt = self.query_one("#choice-prompt", Static)
        show(prompt, Text(request.prompt, style="bold"))
        prompt.display = request.kind != "battle_order"  # the title asks it already
        info = self.query_one("#choice-info-text", Static)
        show(info, info_text(request.info))
        self.query_one("#choice-info").display = bool(request.info) and request.kind not in TITLES
        lst = self.query_one("#choices", OptionList)
        lst.clear_options()
        state = self.game.state
        for i, option in enumerate(request.options):
            t = Text(option.label)
            if request.kind == "battle_order" and option.decision.area:  # the area by its name
                area = option.decision.area
                us, ja = state.at(area, "US"), state.at(area, "JA")
                t = Text(f"Battle in {next((a.name for a in self.game.data.map.areas if a.code == area), area)}")
                t.append(f"  US {counted(len(us), 'force')} against Japan's {len(ja)}", style="dim")
            if option.cost:
                t.append(f"  ({option.cost} SP)", style="bold")
            lst.add_option(Option(t, id=str(i)))
        if not request.options:
            lst.add_option(
                Option(
                    Text("No list of answers for this question: press a for the automatic answer.", style="dim"),
                    disabled=True,
                )
            )
        else:
            lst.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        request = self.napp.controller.request
        if request is None or event.option.id is None:
            return
        self.clear_error()
        self.post_message(Decide(request.options[int(event.option.id)].decision))
