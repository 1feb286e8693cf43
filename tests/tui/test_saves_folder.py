"""A saves folder the TUI cannot use (issue 18): the title says so and Continue tells why; it
never reads the file standing in the folder's place as if it were a save."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import run, screen_text, top

from nimitz.tui.app import NimitzApp


def test_a_saves_folder_that_is_a_file_is_named_not_opened(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.write_text("I am a file")
    app = NimitzApp(folder)

    async def check(app: NimitzApp, pilot) -> None:
        await pilot.pause()
        assert "Continue: the saves folder cannot be used" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        text = " ".join(screen_text(app).replace("█", " ").split())  # the box's lines joined
        assert top(app) == "MessageDialog" and "The saves folder cannot be used" in text
        assert "is a file where a folder is needed" in text and "invalid JSON" not in text

    run(check, app)
    assert folder.read_text() == "I am a file"
