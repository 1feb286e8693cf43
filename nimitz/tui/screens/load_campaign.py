"""Load a saved campaign: every save in the folder with its year, turn and step, or its problem."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nimitz.tui.screens.base import NimitzModal


class LoadDialog(NimitzModal):
    help_topic = "title"

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="load"):
            yield Static("Load a saved campaign", classes="dialog-title")
            yield OptionList(id="saves")
            yield Static(id="error")
            yield Static(Text("Enter opens, Esc closes. Saves marked ✗ cannot be read: Enter shows why.", style="dim"))

    infos: list = []

    def on_mount(self) -> None:
        self.query_one("#error", Static).display = False
        saves = self.query_one("#saves", OptionList)
        saves.add_option(Option(Text("Reading the saves folder…", style="dim"), disabled=True))
        saves.focus()
        self.run_worker(self._read_folder, thread=True, exclusive=True, group="saves-list")

    def _read_folder(self) -> None:
        """The saves' headers, read in a worker; shown on the UI thread."""
        infos = self.napp.controller.saves()
        self.app.call_from_thread(self._show, infos)

    def _show(self, infos: list) -> None:
        self.infos = infos
        saves = self.query_one("#saves", OptionList)
        saves.clear_options()
        if not self.infos:
            saves.add_option(
                Option(Text(f"No saves in {self.napp.controller.store.folder}", style="dim"), disabled=True)
            )
        for i, info in enumerate(self.infos):
            if info.error:
                label = Text(f"✗ {info.name}  (cannot be read)", style="dim")
            else:
                label = Text(f"  {info.name}  ")
                label.append(info.summary, style="dim")
            saves.add_option(Option(label, id=str(i)))
        if self.infos:
            saves.highlighted = 0
        saves.focus()

    def picked(self, event: OptionList.OptionSelected):
        """The save picked, or None (a save that cannot be read shows why instead)."""
        if event.option.id is None:
            return None
        info = self.infos[int(event.option.id)]
        if info.error:
            box = self.query_one("#error", Static)
            box.update(Text("✗ " + info.error, style="bold"))
            box.display = True
            return None
        return info

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        info = self.picked(event)
        if info is not None:
            self.napp.open_campaign(info.path)
