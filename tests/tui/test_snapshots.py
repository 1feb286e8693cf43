"""Snapshots (pytest-textual-snapshot) of every campaign-side screen at 80x24 and 160x50: title,
new campaign, briefing, the guided first turn, the shop, scouting, campaign, map, area,
movement, the end-of-movement warnings, the battle order, log, orders viewer, reference (its
map tab), help, glossary and the end (the battle screens: test_battle_screens.py).
`pytest --snapshot-update` rewrites them after a wanted change; look at the SVGs
(tests/tui/__snapshots__/) before committing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nimitz.model.journal import Decision
from nimitz.policies import get_policy
from nimitz.tui.app import NimitzApp
from nimitz.tui.controller import Controller

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 50), id="160x50")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """1942 campaigns: just begun, at US Movement (also one with optional rules), played to its end."""
    from nimitz.model.load import load_game_data

    saves = tmp_path_factory.mktemp("snapshots")
    data = load_game_data()
    Controller(saves, data).create(1942, 7, "rulebook", "fresh")
    ctl = Controller(saves, data)
    ctl.create(1942, 7, "rulebook", "moving")
    ctl.answer(Decision("end_resupply"))
    ctl = Controller(saves, data)  # optional rules: fog of war, weather, events (R80-R86)
    ctl.create(1942, 7, "rulebook", "foggy", options=["fog-of-war", "weather", "events"])
    ctl.answer(Decision("end_resupply"))
    ctl = Controller(saves, data)  # scouting points to place
    ctl.create(1942, 7, "rulebook", "scouting")
    ctl.answer(Decision("buy_scouting", count=2))
    ctl.answer(Decision("end_resupply"))
    ctl = Controller(saves, data)  # Hawaii emptied: the warnings on ending movement
    ctl.create(1942, 7, "rulebook", "reckless")
    ctl.answer(Decision("end_resupply"))
    hawaii = tuple(f.id for f in ctl.game.state.at("HI", "US") if f.id in ctl.request.info["movable"])
    assert ctl.answer(Decision("move", forces=hawaii, area="WC")).ok
    ctl = Controller(saves, data)  # several battles due: which first?
    ctl.create(1942, 7, "rulebook", "battles")
    ctl.answer(Decision("end_resupply"))
    ctl.answer(Decision("end_movement"))
    assert ctl.request.kind == "battle_order"
    ctl = Controller(saves, data)
    ctl.create(1942, 3, "rulebook", "over")
    policy = get_policy("sensible")
    while ctl.request is not None:
        assert ctl.answer(policy(ctl.request, ctl.game)).ok
    every_option = ["fog-of-war", "weather", "events", "variable-end"]
    Controller(saves, data).create(1942, 3, "rulebook", "optional", options=every_option)
    ctl = Controller(saves, data)  # played to its end with every optional rule (R80-R86)
    ctl.create(1942, 3, "rulebook", "optional-over", options=every_option)
    while ctl.request is not None:
        assert ctl.answer(policy(ctl.request, ctl.game)).ok
    return saves


def opened(folder: Path, name: str, **options) -> NimitzApp:
    return NimitzApp(folder, open_path=folder / f"{name}.nimitz.json", **options)


async def settle(pilot) -> None:
    """Until the app's workers (opening a save, reading the saves folder) are done and their
    screens shown; then the footer recomposes after the first layout."""
    app = pilot.app
    await pilot.pause()
    while app.busy or any(w.is_running for w in app.workers):
        await app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause(0.3)


def pressed(keys: tuple[str, ...]):
    """Settle, press the keys, settle again: a screen lays out its side panels after its first
    refresh, which snap_compare's own `press` does not wait for on a loaded machine."""

    async def run_before(pilot) -> None:
        await settle(pilot)
        if keys:
            await pilot.press(*keys)
            await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_title(snap_compare, tmp_path: Path, size) -> None:
    async def hide_folder(pilot) -> None:  # the temporary path changes each run
        await settle(pilot)
        pilot.app.screen.query_one("#title-note").update("Saves folder: (a test folder)")
        await settle(pilot)

    assert snap_compare(NimitzApp(tmp_path), terminal_size=size, run_before=hide_folder)


@pytest.mark.parametrize("size", SIZES)
def test_new_campaign(snap_compare, tmp_path: Path, size) -> None:
    assert snap_compare(NimitzApp(tmp_path, new_campaign=True), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_briefing(snap_compare, folder: Path, size) -> None:
    assert snap_compare(opened(folder, "fresh", briefings=True), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_guided_first_turn(snap_compare, folder: Path, size) -> None:
    """The briefing's t: the hint for the step on the campaign screen and in the shop above it."""
    app = opened(folder, "fresh", briefings=True)
    assert snap_compare(app, terminal_size=size, run_before=pressed(("t",)))


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        ("fresh", ("enter",)),  # the shop
        ("scouting", ()),  # the scouting dialog opens by itself
        ("reckless", ("e",)),  # Hawaii left empty: the warnings, with Yes and No
        ("battles", ()),  # the battle order
    ],
)
@pytest.mark.parametrize("size", SIZES)
def test_questions(snap_compare, folder: Path, size, name: str, keys) -> None:
    assert snap_compare(opened(folder, name), terminal_size=size, run_before=pressed(keys))


@pytest.mark.parametrize(
    ("screen", "keys"),
    [
        ("campaign", ()),
        ("map", ("m",)),
        ("area", ("i",)),
        ("movement", ("enter", "space")),
        ("log", ("L",)),
        ("help", ("question_mark",)),
        ("glossary", ("f2",)),
    ],
)
@pytest.mark.parametrize("size", SIZES)
def test_screens_at_movement(snap_compare, folder: Path, size, screen: str, keys) -> None:
    assert snap_compare(opened(folder, "moving"), terminal_size=size, run_before=pressed(keys))


@pytest.mark.parametrize("size", SIZES)
def test_auto_in_movement(snap_compare, folder: Path, tmp_path: Path, size) -> None:
    """a: the expert moves and its reason takes the decision line, on a second row when the
    screen is too narrow for one (in a copy: the answer is saved, and other tests open the save)."""
    for save in folder.glob("moving.*"):
        shutil.copy(save, tmp_path / save.name)
    assert snap_compare(opened(tmp_path, "moving"), terminal_size=size, run_before=pressed(("a",)))


@pytest.mark.parametrize("size", SIZES)
def test_reference_map_tab(snap_compare, folder: Path, size) -> None:
    """The reference's map tab shows the drawn map (it was blank: a CSS id clash on #map)."""
    from textual.widgets import TabbedContent

    async def map_tab(pilot) -> None:
        pilot.app.animation_level = "none"  # the tab underline must not be caught mid-slide
        await settle(pilot)  # the save opens in a worker: R means nothing until it is shown
        await pilot.press("R")
        for _ in range(100):  # the reference screen and its tabs mount (slow on a loaded CI box)
            await pilot.pause(0.05)
            if pilot.app.screen.query(TabbedContent):
                break
        pilot.app.screen.query_one(TabbedContent).active = "map"
        await settle(pilot)

    assert snap_compare(opened(folder, "moving"), terminal_size=size, run_before=map_tab)


@pytest.mark.parametrize(("screen", "keys"), [("end", ()), ("orders-viewer", ("escape", "O"))])
@pytest.mark.parametrize("size", SIZES)
def test_screens_of_a_finished_campaign(snap_compare, folder: Path, size, screen: str, keys) -> None:
    assert snap_compare(opened(folder, "over"), terminal_size=size, run_before=pressed(keys))


@pytest.mark.parametrize(
    ("screen", "keys"),
    [
        ("campaign", ()),
        ("map", ("m",)),
        ("area", ("i",)),
        ("help", ("question_mark", "end")),
        ("movement", ("enter", "space")),
    ],
)
@pytest.mark.parametrize("size", SIZES)
def test_fog_of_war_screens(snap_compare, folder: Path, size, screen: str, keys) -> None:
    """R85/R86: hidden Japanese stacks show as known counters plus unknown chips; the status
    line and log name the weather and the event; the help explains the optional rules; the
    movement destinations count chips ('JA 4+2?')."""
    assert snap_compare(opened(folder, "foggy"), terminal_size=size, run_before=pressed(keys))


@pytest.mark.parametrize("size", SIZES)
def test_briefing_with_optional_rules(snap_compare, folder: Path, size) -> None:
    """The briefing of a campaign with every optional rule ends with a word on each (scrolled
    to its end, where that paragraph is)."""
    assert snap_compare(
        opened(folder, "optional", briefings=True), terminal_size=size, run_before=pressed(("down",) * 30)
    )


@pytest.mark.parametrize("size", SIZES)
def test_end_with_optional_rules(snap_compare, folder: Path, size) -> None:
    """The end screen names the optional rules the campaign was played with."""
    assert snap_compare(opened(folder, "optional-over"), terminal_size=size, run_before=pressed(()))
