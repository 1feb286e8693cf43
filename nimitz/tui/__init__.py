"""The Textual front end (issue 5). `run_tui(saves_folder, open_path)` starts it; `NimitzApp`
is the app class (Pilot tests drive it). Textual is imported only when the TUI is used.

Layout of the package: `app.py` (routing after each decision, size check, commands),
`controller.py` (the only code that changes a campaign; plain Python), `view_model.py` and
`battle_view.py` (what the screens show, computed from the game), `explain.py` (journal entries
as readable rows), `helptext.py` and `rulings.py` (our own wording), `screens/` (one screen or
dialog per file), `widgets/` (one widget per file), `nimitz.tcss` (the styles) and
`battle.tcss` (the battle screen's), `settings.py` (the player's settings file: the battle speed).

Keys: the campaign map moves with arrows or hjkl; Enter acts on the current step (the shop,
scouting, moving forces from the selected area, the battle order); e ends movement; i shows an
area; a answers automatically; u undoes; L log, O the latest JA orders, R reference, ? help,
Ctrl+P every command; q back to the title screen (where q quits), Ctrl+Q quits anywhere.
`run_replay(saves_folder, path)` opens a save in the replay viewer (screens/replay.py): ←/→ one
entry, [/] one US decision, {/} one turn, t a turn, b/B battles, g battle turns, x "what if".
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nimitz.tui.app import NimitzApp

__all__ = ["NimitzApp", "run_replay", "run_tui"]

# Textual draws at most TEXTUAL_FPS frames a second (60 by default), and a frame asked for just
# after another waits one to two frame periods. Most keys need a second frame: a widget whose
# content changed size is laid out again in the next one (Textual's rule), so at 60 the
# second frame came 17-33 ms after the first, more than the frames' own work. At 120 it comes
# 8-17 ms after. Set here, before Textual is imported (its screens read it then); the player's
# own TEXTUAL_FPS wins. (benchmarks/bench_saves.py --parts 3 measures a key to its last frame.)
os.environ.setdefault("TEXTUAL_FPS", "120")


def run_tui(saves_folder: Path, open_path: Path | None = None, *, new_campaign: bool = False) -> None:
    """Open the title screen (or the campaign at `open_path`, or with `new_campaign` the new
    campaign dialog, for `nimitz new`) and run until the player quits."""
    from nimitz.tui.app import NimitzApp

    NimitzApp(Path(saves_folder), open_path, new_campaign=new_campaign, briefings=True).run()


def run_replay(saves_folder: Path, path: Path) -> None:
    """Open the save at `path` in the replay viewer (`nimitz replay`); q leaves the program."""
    from nimitz.tui.app import NimitzApp

    NimitzApp(Path(saves_folder), replay_path=Path(path)).run()


def __getattr__(name: str):
    if name == "NimitzApp":
        from nimitz.tui.app import NimitzApp

        return NimitzApp
    raise AttributeError(name)
