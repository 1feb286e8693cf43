"""Browser play (`nimitz serve`, textual-serve): it listens on loopback unless told otherwise and
then warns loudly; and a real headless Chromium loads the page, starts the game and receives its
title screen.

The browser test needs Debian's `chromium` (/usr/bin/chromium, or NIMITZ_CHROMIUM); .ci/run
installs it and sets CI=1, and under CI a missing browser is a failure, not a skip. Playwright's
own browser download is not used: Playwright drives the system Chromium (`executable_path`).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nimitz.cli import cli
from nimitz.cli.serve import game_command, is_loopback

CHROMIUM = os.environ.get("NIMITZ_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
ANSI = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"nimitz serve exited with {proc.returncode}: {proc.stderr.read()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nimitz serve did not listen on port {port} within {timeout} s")


def _serve(saves: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "nimitz", "--saves", str(saves), "serve", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _stop(proc: subprocess.Popen) -> str:
    proc.terminate()
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return err


@pytest.mark.parametrize(
    "host, loopback",
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("192.168.1.4", False),
        ("example.org", False),
    ],
)
def test_loopback_hosts(host, loopback):
    assert is_loopback(host) is loopback


def test_each_tab_runs_this_nimitz_with_the_same_saves_folder(tmp_path):
    command = game_command(str(tmp_path / "my saves"))
    assert command.startswith(f"{sys.executable} -m nimitz --saves ")
    assert "'" in command  # the space is quoted for the shell textual-serve starts it with


@pytest.mark.parametrize("host, warned", [("127.0.0.1", False), ("0.0.0.0", True)])
def test_binding_beyond_loopback_warns_loudly(runner, saves_dir, monkeypatch, host, warned):
    from textual_serve.server import Server

    served = {}
    monkeypatch.setattr(Server, "serve", lambda self, debug=False: served.update(host=self.host, command=self.command))
    result = runner.invoke(cli, ["--saves", str(saves_dir), "serve", "--host", host, "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert served["host"] == host and "--saves" in served["command"]
    assert ("WARNING: serving on 0.0.0.0:8123" in result.stderr) is warned
    assert ("no password" in result.stderr) is warned


def test_a_port_in_use_is_one_line_and_exit_2(saves_dir):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = _serve(saves_dir, "--port", str(port))
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert f"nimitz: cannot listen on 127.0.0.1:{port}" in err
    assert "Traceback" not in err


def test_the_title_screen_appears_in_headless_chromium(saves_dir, tmp_path):
    if not Path(CHROMIUM).exists():
        message = f"no Chromium at {CHROMIUM} (apt-get install chromium, or set NIMITZ_CHROMIUM)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    port = _free_port()
    proc = _serve(saves_dir, "--port", str(port))
    received: list[str] = []
    try:
        _wait_for_port(port, proc)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})

            def on_websocket(ws):
                ws.on(
                    "framereceived",
                    lambda payload: received.append(
                        payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
                    ),
                )

            page.on("websocket", on_websocket)
            page.goto(f"http://127.0.0.1:{port}/", wait_until="load")
            assert "nimitz" in page.inner_text("body")  # textual-serve's splash names the app
            # a click on the splash starts the game in the page's terminal
            page.mouse.click(640, 400)
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline and "Load a saved campaign" not in _screen_text(received):
                page.wait_for_timeout(250)
            page.screenshot(path=str(tmp_path / "title.png"))
            has_output = page.evaluate("document.body.classList.contains('-first-byte')")
            browser.close()
    finally:
        _stop(proc)
    text = _screen_text(received)
    assert "New campaign" in text and "Load a saved campaign" in text, text[-2000:]
    assert "Fleet Commander Nimitz, 3rd edition" in text
    assert has_output  # the page's terminal drew what the game sent


def _screen_text(frames: list[str]) -> str:
    """What the game wrote to the browser's terminal, without the escape sequences."""
    return ANSI.sub("", "".join(frames))
