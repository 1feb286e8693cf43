"""The title screen: new campaign, continue the last one, load a saved one, replay a saved one,
reference, the lab, quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from nimitz import __version__
from nimitz.tui.screens.base import NimitzScreen

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
        with Center(id="title-box"):
            with Vertical(id="title-inner"):
                width = max(len(line) for line in BANNER.splitlines())
                yield Static("\n".join(line.ljust(width) for line in BANNER.splitlines()),
                             id="banner")
                yield Static(Text("Fleet Commander Nimitz, 3rd edition: the Pacific 1942-1945.\n"
                                  "You command the US; a bot plays Japan and explains every "
                                  f"decision.  (v{__version__})", justify="center"),
                             id="subtitle")
                yield OptionList(id="menu")
                yield Static(id="title-note")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_state()
        self.query_one("#menu", OptionList).focus()

    def refresh_state(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        ctl = self.napp.controller
        last = ctl.last_save()
        options = [Option("n  New campaign", id="new")]
        if last is not None:
            name = last.name.removesuffix(".nimitz.json")
            summary = next((s for s in ctl.saves() if s.path == last), None)
            detail = summary.summary if summary and not summary.error else "cannot be read"
            options.append(Option(f"c  Continue {name} ({detail})", id="continue"))
        else:
            options.append(Option(Text("c  Continue: no saved campaign yet", style="dim"), id="continue",
                                  disabled=True))
        options += [Option("o  Load a saved campaign", id="load"),
                    Option("r  Replay a saved campaign", id="replay"),
                    Option("R  Reference tables and rulings", id="reference"),
                    Option("l  Lab: how often does a scripted player win?", id="lab"),
                    Option("q  Quit", id="quit")]
        menu.add_options(options)
        menu.highlighted = 0
        self.query_one("#title-note", Static).update(
            Text(f"Saves folder: {ctl.store.folder}", style="dim"))

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
        elif action == "lab":
            self.napp.action_lab()
        elif action == "quit":
            self.app.exit()

    def action_new(self) -> None:
        from nimitz.tui.screens.new_campaign import NewCampaignDialog

        self.app.push_screen(NewCampaignDialog())

    def action_continue(self) -> None:
        last = self.napp.controller.last_save()
        if last is None:
            self.notify("No saved campaign yet: start a new one (n).", timeout=4)
            return
        self.napp.open_campaign(last)

    def action_load(self) -> None:
        from nimitz.tui.screens.load_campaign import LoadDialog

        self.app.push_screen(LoadDialog())
