"""Helpers for the Pilot-driven TUI tests (pytest-asyncio is not used: each test runs its own
event loop with asyncio.run). A module of its own, not conftest.py: `from conftest import`
would find whichever conftest another test folder put on the path first."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from nimitz.tui.app import NimitzApp

SIZE = (100, 30)


def run(test: Callable[[NimitzApp, object], Awaitable[None]], app: NimitzApp, size: tuple[int, int] = SIZE) -> None:
    """Run `test` against the app. `pilot.pause()` also waits for the app's workers (opening a
    save, a decision, the saves list) and for their results to reach the screen."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            pause = pilot.pause

            async def settled(delay: float | None = None) -> None:
                await pause(delay)
                while app.busy or any(w.is_running for w in app.workers):
                    await app.workers.wait_for_complete()
                    await pause()
                    await pause()  # the screens the result pushed are laid out

            pilot.pause = settled
            await pilot.pause()
            await test(app, pilot)

    asyncio.run(main())


def stack(app: NimitzApp) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack[1:]]


def top(app: NimitzApp) -> str:
    return type(app.screen).__name__


def svg_text(svg: str) -> str:
    """The terminal's lines from a Textual SVG screenshot (runs on one line joined back)."""
    import html
    import re

    lines: dict[str, list[tuple[float, str]]] = {}
    for x, y, text in re.findall(r'<text class="[^"]*-r\d+"[^>]*? x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg):
        lines.setdefault(y, []).append((float(x), html.unescape(text).replace("\xa0", " ")))
    return "\n".join(
        "".join(t for _, t in sorted(runs)) for _, runs in sorted(lines.items(), key=lambda kv: float(kv[0]))
    )


def screen_text(app: NimitzApp) -> str:
    """Every character on the terminal now, line by line."""
    return svg_text(app.export_screenshot())
