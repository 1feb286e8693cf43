"""The replay viewer: stepping entry by entry and decision by decision, the map and the battle
board as they stood at each entry, jumps (turns, battles, battle turns), "what if" branches,
a save that cannot be replayed, and the ways in (title screen, command palette)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from tui_helpers import run, screen_text, stack, top

from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import Session
from nimitz.persist.history import battle_starts, battle_turn_starts, decision_indices, turn_starts
from nimitz.persist.saves import read_save
from nimitz.persist.verify import verify
from nimitz.policies import get_policy
from nimitz.tui.app import NimitzApp
from nimitz.tui.explain import entry_line

BIG = (130, 60)  # room for the whole battle board


@pytest.fixture(scope="module")
def played(tmp_path_factory, data) -> Path:
    """A 1942 campaign (seed 3) autoplayed by the sensible policy until two battles were fought
    and a third turn began; saved once."""
    path = tmp_path_factory.mktemp("replay") / "played.nimitz.json"
    session = Session.create(path, data, 1942, 3, RulesProfile(), "played")
    session.autosave = False
    game = session.game
    policy = get_policy("sensible")
    for _ in range(5000):
        if game.pending is None or (game.state.battles_fought >= 2 and game.state.turn >= 3):
            break
        game.answer(policy(game.pending, game))
    assert game.state.battles_fought >= 2
    session.save()
    return path


@pytest.fixture
def save(played: Path, saves: Path) -> Path:
    """This test's own copy of the played campaign, in its saves folder."""
    path = saves / played.name
    shutil.copy(played, path)
    return path


def _shown(app) -> str:
    return screen_text(app)


def _board_text(screen) -> str:
    """The whole battle board the screen shows (scrolled out of view or not)."""
    from rich.console import Console

    from nimitz.tui.widgets.battle_board import BattleBoard

    console = Console(width=120, record=True, file=io.StringIO())
    console.print(screen.query_one(BattleBoard).content)
    return console.export_text()


def test_steps_one_entry_at_a_time_and_the_map_follows(saves: Path, save: Path) -> None:
    app = NimitzApp(saves, replay_path=save)

    async def check(app: NimitzApp, pilot) -> None:
        assert top(app) == "ReplayScreen"
        screen = app.screen
        journal = screen.journal
        assert screen.index == 0 and "campaign created" in _shown(app)
        await pilot.press("right", "l", "n")
        assert screen.index == 3
        await pilot.press("left")
        await pilot.pause()
        assert screen.index == 2
        assert entry_line(journal[2])[:40] in _shown(app)
        # A US move: the force leaves its area exactly at the entry after the decision.
        i = next(
            k
            for k, e in enumerate(journal)
            if e.decision is not None and e.decision.kind == "move" and e.decision.forces
        )
        move = journal[i].decision
        force, dest = move.forces[0], move.area
        origin = screen.states.snapshot(i).forces[force][4]
        assert origin != dest
        screen.show_entry(i)
        await pilot.pause()
        areas = screen.query_one("#rp-map").view.areas
        assert force in [f.id for f in areas[origin].us]
        assert force not in [f.id for f in areas[dest].us]
        await pilot.press("right")
        await pilot.pause()
        areas = screen.query_one("#rp-map").view.areas
        assert force in [f.id for f in areas[dest].us]
        assert force not in [f.id for f in areas.get(origin, areas[dest]).us] or origin not in areas
        assert "Changed" in _shown(app) and f"→ {dest}" in _shown(app)
        # ... and nowhere earlier in the turn was it there.
        seg = screen.states.segment(i)
        start, _ = screen.states.bounds(seg)
        first_there = next(k for k in range(start, len(journal)) if screen.states.snapshot(k).forces[force][4] == dest)
        assert first_there == i + 1
        await pilot.press("left")
        await pilot.pause()
        assert force in [f.id for f in screen.query_one("#rp-map").view.areas[origin].us]
        # US decisions: ] and [ go from one to the next.
        decisions = decision_indices(journal)
        screen.show_entry(0)
        await pilot.press("right_square_bracket")
        assert screen.index == decisions[0]
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert screen.index == decisions[2]
        await pilot.press("left_square_bracket")
        assert screen.index == decisions[1]
        await pilot.pause()
        assert "US decisions 2/" in _shown(app)
        await pilot.press("end")
        assert screen.index == len(journal) - 1
        await pilot.press("right")
        assert screen.index == len(journal) - 1
        await pilot.press("home")
        assert screen.index == 0
        # A click on a journal line goes to that entry.
        await pilot.click("#rp-journal", offset=(5, 4))
        await pilot.pause()
        assert screen.index == 4

    run(check, app)


def test_battles_show_the_board_as_it_was(saves: Path, save: Path) -> None:
    app = NimitzApp(saves, replay_path=save)

    async def check(app: NimitzApp, pilot) -> None:
        screen = app.screen
        journal = screen.journal
        battles = battle_starts(journal)
        assert len(battles) >= 2
        await pilot.press("b")
        await pilot.pause()
        assert screen.index == battles[0]
        assert journal[screen.index].text.startswith("Battle in")
        area = journal[battles[0]].data["battle_area"]
        assert screen.query_one("#rp-map").display  # the board is not set up yet
        assert screen.query_one("#rp-map").selected == area
        # g: the battle's set-up, then its first battle turn, with the board.
        await pilot.press("g")
        await pilot.pause()
        turns = battle_turn_starts(journal)
        assert screen.index == next(t for t in turns if t > battles[0])
        await pilot.press("g")
        await pilot.pause()
        assert journal[screen.index].step.startswith("battle:turn 1")
        assert not screen.query_one("#rp-map").display
        assert screen.query_one("#rp-board").display
        text = _shown(app)
        assert f"Battle in {area}" in text and "Japanese Ocean" in text
        snap = screen.states.snapshot(screen.index)
        placed = [pid for pid, box in snap.battle.positions.items() if box in ("CO", "UO", "JO")]
        assert placed
        names = {fid: t[2] for fid, t in snap.forces.items()}
        assert any(names.get(pid, "") in text for pid in placed if pid in names)
        # The board changes as the battle goes on: a destroyed piece is listed as destroyed.
        lost_at = next(
            (
                k
                for k in range(screen.index, len(journal))
                if (s := screen.states.snapshot(k)).battle is not None and (s.battle.destroyed or s.battle.lost_pieces)
            ),
            None,
        )
        if lost_at is not None:
            screen.show_entry(lost_at)
            await pilot.pause()
            assert "Destroyed:" in _board_text(screen)
            screen.show_entry(lost_at - 1)
            await pilot.pause()
            before = screen.states.snapshot(lost_at - 1).battle
            assert before is None or not (before.destroyed or before.lost_pieces)
        # b again: the next battle; B back to the first.
        screen.show_entry(battles[0])
        await pilot.press("b")
        assert screen.index == battles[1]
        await pilot.press("B")
        assert screen.index == battles[0]
        await pilot.press("B")  # no earlier battle: stays
        assert screen.index == battles[0]

    run(check, app, size=BIG)


def test_jump_to_a_turn(saves: Path, save: Path) -> None:
    app = NimitzApp(saves, replay_path=save)

    async def check(app: NimitzApp, pilot) -> None:
        screen = app.screen
        turns = turn_starts(screen.journal)
        assert len(turns) >= 3
        await pilot.press("t")
        await pilot.pause()
        assert top(app) == "TurnDialog"
        labels = [label for _, label in app.screen.turns]
        second = next(k for k, label in enumerate(labels) if label.startswith("1942 turn 2"))
        assert any(label.strip().startswith("battle in") for label in labels[:second])
        assert any(label.strip() == "battle turn 1" for label in labels[:second])
        await pilot.press(*["down"] * second, "enter")
        await pilot.pause()
        assert top(app) == "ReplayScreen"
        assert screen.index == turns[1]
        # A battle turn from the same list.
        await pilot.press("t")
        await pilot.pause()
        places = app.screen.turns
        k = next(k for k, (_, label) in enumerate(places) if label.strip() == "battle turn 2")
        await pilot.press("home", *["down"] * k, "enter")
        await pilot.pause()
        assert screen.index == places[k][0]
        assert screen.journal[screen.index].step.startswith("battle:turn 2")
        assert screen.query_one("#rp-board").display
        screen.show_entry(turns[1])
        await pilot.press("right_curly_bracket")
        assert screen.index == turns[2]
        await pilot.press("right", "right", "left_curly_bracket")
        assert screen.index == turns[2]  # back to the start of this turn first
        await pilot.press("left_curly_bracket")
        assert screen.index == turns[1]
        await pilot.pause()
        assert "turn 2" in _shown(app)

    run(check, app)


def test_what_if_branches_a_new_save(saves: Path, save: Path, data) -> None:
    app = NimitzApp(saves, replay_path=save)

    async def check(app: NimitzApp, pilot) -> None:
        screen = app.screen
        decisions = decision_indices(screen.journal)
        target = decisions[30] + 1  # an entry just after a decision (not a decision itself)
        screen.show_entry(target)
        await pilot.press("x")
        await pilot.pause()
        assert top(app) == "WhatIfDialog"
        assert "after US decision 31" in _shown(app)
        field = app.screen.query_one("#branch-name")
        for bad, words in (("played", "already exists"), ("../evil", "not a campaign name")):
            field.value = bad
            await pilot.press("enter")
            await pilot.pause()
            assert top(app) == "WhatIfDialog"
            assert words in _shown(app)
        field.value = "maybe"
        await pilot.press("enter")
        await pilot.pause()
        assert stack(app)[-1] == "MessageDialog"
        text = _shown(app)
        assert "maybe" in text and "after US decision 31" in text
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) == "ReplayScreen" and screen.index == target

    run(check, app)
    new = saves / "maybe.nimitz.json"
    env = read_save(new, data)
    assert env.header.branch_of == "played after decision 31"
    assert verify(env, data) == []
    original = read_save(save, data)
    assert [e.text for e in env.journal] == [e.text for e in original.journal[: len(env.journal)]]


def test_a_save_that_cannot_be_replayed_shows_its_message(saves: Path, save: Path) -> None:
    bad = saves / "damaged.nimitz.json"
    bad.write_text(save.read_text(encoding="utf-8")[:700], encoding="utf-8")
    app = NimitzApp(saves, replay_path=bad)

    async def check(app: NimitzApp, pilot) -> None:
        assert stack(app) == ["TitleScreen", "MessageDialog"]
        text = _shown(app)
        assert "cannot be replayed" in text and "damaged" in text
        assert "Traceback" not in text

    run(check, app)


def test_from_the_title_screen_and_back(saves: Path, save: Path) -> None:
    app = NimitzApp(saves)

    async def check(app: NimitzApp, pilot) -> None:
        assert top(app) == "TitleScreen"
        assert "Replay a saved campaign" in _shown(app)
        await pilot.press("r")
        await pilot.pause()
        assert top(app) == "ReplayLoadDialog"
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) == "ReplayScreen"
        await pilot.press("question_mark")
        await pilot.pause()
        assert top(app) == "ReplayHelp"
        help_text = str(app.screen.query_one("#help-text").content.renderables[3])
        assert "What if" in help_text and "branch" in help_text
        keys = str(app.screen.query_one("#help-keys").content)
        for words in ("next US decision", "next battle", "what-if", "back"):
            assert words in keys, words
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert top(app) == "TitleScreen"

    run(check, app, size=(80, 24))


def test_replay_this_campaign_from_the_palette(saves: Path, save: Path) -> None:
    app = NimitzApp(saves, open_path=save)

    async def check(app: NimitzApp, pilot) -> None:
        while top(app) not in ("CampaignScreen", "BattleScreen"):
            app.pop_screen()  # the dialog of the pending question
            await pilot.pause()
        below = top(app)
        commands = {t: cb for t, _, cb in app.palette_commands()}
        commands["Replay this campaign"]()
        await pilot.pause()
        assert top(app) == "ReplayScreen"
        assert app.screen.session is app.controller.session
        await pilot.press("escape")
        await pilot.pause()
        assert top(app) == below
        # Another save, from the palette's load list: q comes back to the campaign too.
        commands = {t: cb for t, _, cb in app.palette_commands()}
        commands["Replay a saved campaign"]()
        await pilot.pause()
        assert top(app) == "ReplayLoadDialog"
        await pilot.press("enter")
        await pilot.pause()
        assert top(app) == "ReplayScreen"
        await pilot.press("q")
        await pilot.pause()
        assert top(app) == below and app.controller.session is not None

    run(check, app)


def test_80x24_and_no_color(saves: Path, save: Path, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = NimitzApp(saves, replay_path=save)

    async def check(app: NimitzApp, pilot) -> None:
        assert app.no_color and top(app) == "ReplayScreen"
        await pilot.press("right", "right")
        await pilot.pause()
        text = _shown(app)
        assert "REPLAY" in text and "entry 3/" in text
        assert "▶" in text  # the current entry is marked, not only reversed
        assert "q back" in text.splitlines()[-1]  # every key fits the footer
        await pilot.press("q")
        await pilot.pause()

    run(check, app, size=(80, 24))


def test_every_entry_state_is_the_game_as_it_was(played: Path, data) -> None:
    """The snapshots are exact: at each US decision the state equals a replay up to it (hash,
    dice included), and the last entry's state is the saved one."""
    from nimitz.persist.history import EntryStates, game_after
    from nimitz.persist.saves import state_hash

    session = Session.open(played, data)
    game = session.game
    states = EntryStates(data, game.checkpoints, game.journal)
    positions = decision_indices(game.journal)
    for count in range(0, len(positions), 3):
        expected = game_after(data, game.checkpoints, game.journal, count)
        assert state_hash(states.state(positions[count])) == state_hash(expected.state), count
    assert state_hash(states.state(len(game.journal) - 1)) == state_hash(game.state)
    assert states.mismatch == {}
