"""The Textual front end (issue 5). `run_tui(saves_folder, open_path)` starts it; `NimitzApp`
is the app class (Pilot tests drive it). Textual is imported only when the TUI is used."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nimitz.tui.app import NimitzApp

__all__ = ["NimitzApp", "run_tui"]


def run_tui(saves_folder: Path, open_path: Path | None = None, *, new_campaign: bool = False) -> None:
    """Open the title screen (or the campaign at `open_path`, or with `new_campaign` the new
    campaign dialog, for `nimitz new`) and run until the player quits."""
    from nimitz.tui.app import NimitzApp

    NimitzApp(Path(saves_folder), open_path, new_campaign=new_campaign).run()


def __getattr__(name: str):
    if name == "NimitzApp":
        from nimitz.tui.app import NimitzApp

        return NimitzApp
    raise AttributeError(name)
