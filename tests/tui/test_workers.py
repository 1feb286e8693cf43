"""The UI thread only draws (issue 11): the saves list, opening a save, each decision (engine,
bot, autosave) and undo run in Textual workers; a key pressed meanwhile is answered at once."""

from __future__ import annotations

import threading
from pathlib import Path

from tui_helpers import run, screen_text, top

from nimitz.model.journal import Decision
from nimitz.tui.app import NimitzApp
from nimitz.tui.controller import Controller
from nimitz.tui.messages import Decide


def _record_threads(monkeypatch, name: str) -> list[str]:
    threads: list[str] = []
    original = getattr(Controller, name)

    def wrapped(self, *args, **kwargs):
        threads.append(threading.current_thread().name)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Controller, name, wrapped)
    return threads


def test_the_title_and_load_lists_read_the_folder_off_the_ui_thread(saves: Path, campaign: Path, monkeypatch) -> None:
    threads = _record_threads(monkeypatch, "saves")
    app = NimitzApp(saves)

    async def check(app: NimitzApp, pilot) -> None:
        assert "Continue test-1942 (1942, turn 1 of 6" in screen_text(app)  # read by a worker
        await pilot.press("o")
        await pilot.pause()
        assert top(app) == "LoadDialog" and "test-1942" in screen_text(app)

    run(check, app)
    assert len(threads) >= 2 and threading.main_thread().name not in threads


def test_opening_and_deciding_run_in_workers(saves: Path, campaign: Path, monkeypatch) -> None:
    loads = _record_threads(monkeypatch, "load")
    answers = _record_threads(monkeypatch, "answer")
    app = NimitzApp(saves, open_path=campaign)

    async def check(app: NimitzApp, pilot) -> None:
        assert top(app) == "ResupplyDialog"
        app.post_message(Decide(Decision("end_resupply")))
        await pilot.pause()
        assert app.controller.request.kind in ("scouting", "movement")

    run(check, app)
    assert loads and answers
    assert threading.main_thread().name not in loads + answers


def test_a_key_while_the_engine_works_gets_a_note_not_a_wait(saves: Path, campaign: Path) -> None:
    app = NimitzApp(saves, open_path=campaign)
    release = threading.Event()

    async def check(app: NimitzApp, pilot) -> None:
        assert app.off_thread("Japan is thinking", release.wait, lambda _result: None)
        assert not app.off_thread("Undoing", lambda: None, lambda _result: None)  # refused at once
        assert app.busy == "Japan is thinking"
        await pilot.press("a")  # answered with a note while the worker runs
        assert app.busy == "Japan is thinking"
        release.set()
        await pilot.pause()
        assert app.busy == ""

    run(check, app)
