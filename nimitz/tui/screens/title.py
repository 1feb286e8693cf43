"""The title screen: new campaign, continue the last one, load a saved one, replay a saved one,
reference, quit; `l` (in the footer) opens the lab."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from nimitz import __version__
from nimitz.tui.controller import SaveInfo
from nimitz.tui.screens.base import NimitzScreen
from nimitz.tui.widgets.footer import KeysFooter

BANNER = """\
 _  _ ___ __  __ ___ _____ ____
| \\| |_ _|  \\/  |_ _|_   _|_  /
| .` || || |\\/| || |  | |  / /
|_|\\_|___|_|  |_|___| |_| /___|"""


class TitleScreen(NimitzScreen):
    help_topic = "title"
    BINDINGS = [
        Binding("n", "new", "New"),
        Binding("c", "continue", "Continue"),
        Binding("o", "load", "Load"),
        Binding("r", "app.replay_saved", "Replay"),
        Binding("R", "app.reference", "Reference"),
        Binding("l", "app.lab", "Lab"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Center(id="title-box"), Vertical(id="title-inner"):
            width = max(len(line) for line in BANNER.splitlines())
            yield Static("\n".join(line.ljust(width) for line in BANNER.splitlines()), id="banner")
            yield Static(
                Text(
                    "Fleet Commander Nimitz, 3rd edition: the Pacific 1942-1945.\n"
                    "You command the US; a bot plays Japan and explains every "
                    f"decision.  (v{__version__})",
                    justify="center",
                ),
                id="subtitle",
            )
            yield OptionList(id="menu")
            yield Static(id="title-note")
        yield KeysFooter()

    last: SaveInfo | None = None  # the most recent save, once the folder has been read

    def on_mount(self) -> None:
        self._show_menu("c  Continue: reading the saves folder…")
        self.query_one("#title-note", Static).update(
            Text(f"Saves folder: {self.napp.controller.store.folder}", style="dim")
        )
        self.query_one("#menu", OptionList).focus()
        self.refresh_state()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self.refresh_state()

    def refresh_state(self) -> None:
        """Read the newest save's header in a worker (only while this screen is shown: the
        campaign's decisions never wait on the saves folder, nor read it: `is_current` is also
        true under the campaign screen)."""
        if self.app.screen is self:
            self.run_worker(self._newest_save, thread=True, exclusive=True, group="title")

    def _newest_save(self) -> None:
        infos = self.napp.controller.saves(limit=1)
        self.app.call_from_thread(self._show_last, infos[0] if infos else None)

    def _show_last(self, info: SaveInfo | None) -> None:
        self.last = info
        if info is None:
            self._show_menu("")
        elif self._folder_unusable(info):
            self._show_menu("c  Continue: the saves folder cannot be used")
        else:
            detail = info.summary if not info.error else "cannot be read"
            self._show_menu(f"c  Continue {info.name} ({detail})")

    def _show_menu(self, continue_label: str) -> None:
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        options = [Option("n  New campaign", id="new")]
        if continue_label and self.last is not None:
            options.append(Option(continue_label, id="continue"))
        else:
            options.append(
                Option(
                    Text(continue_label or "c  Continue: no saved campaign yet", style="dim"),
                    id="continue",
                    disabled=True,
                )
            )
        options += [
            Option("o  Load a saved campaign", id="load"),
            Option("r  Replay a saved campaign", id="replay"),
            Option("R  Reference tables and rulings", id="reference"),
            Option("q  Quit", id="quit"),
        ]
        menu.add_options(options)
        menu.highlighted = highlighted if highlighted is not None else 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        action = event.option.id
        if action == "new":
            self.action_new()
        elif action == "continue":
            self.action_continue()
        elif action == "load":
            self.action_load()
        elif action == "replay":
            self.napp.action_replay_saved()
        elif action == "reference":
            self.napp.action_reference()
        elif action == "quit":
            self.app.exit()

    def action_new(self) -> None:
        from nimitz.tui.screens.new_campaign import NewCampaignDialog

        self.app.push_screen(NewCampaignDialog())

    def _folder_unusable(self, info: SaveInfo) -> bool:
        """The controller reports a saves folder it cannot list as its one entry."""
        return bool(info.error) and info.path == self.napp.controller.store.folder

    def action_continue(self) -> None:
        if self.last is None:
            self.notify("No saved campaign yet: start a new one (n).", timeout=4)
            return
        if self._folder_unusable(self.last):  # not a save: say why rather than open it
            self.napp.show_message("The saves folder cannot be used", self.last.error)
            return
        self.napp.open_campaign(self.last.path)

    def action_load(self) -> None:
        from nimitz.tui.screens.load_campaign import LoadDialog

        self.app.push_screen(LoadDialog())
