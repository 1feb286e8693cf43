"""Replay, verification, undo, branches and the after-action report (issue: replay, undo, crash safety)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nimitz.cli import cli
from nimitz.model.journal import Decision
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import Session, envelope_for, new_game
from nimitz.persist.history import ReplayCursor, decision_indices, game_after, undo_count
from nimitz.persist.saves import (
    SCHEMA_VERSION,
    envelope_from_bytes,
    read_save,
    state_hash,
    to_bytes,
    write_save,
)
from nimitz.persist.verify import verify
from nimitz.policies import get_policy
from nimitz.views.aar import aar_markdown

FIXTURES = Path(__file__).parent / "fixtures"


def _played(data, year, seed, policy="sensible"):
    """A finished campaign and the state hash after each decision (index k = after k decisions)."""
    game = new_game(data, year, seed, RulesProfile())
    chooser = get_policy(policy)
    hashes = []
    request = game.pending
    hashes.append(state_hash(game.state))
    while request is not None:
        request = game.answer(chooser(request, game))
        hashes.append(state_hash(game.state))
    return game, hashes


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_replay_equals_the_original_at_every_step(data, year):
    """Re-running the journal's first k decisions from the checkpoints gives the state the
    original had after decision k, for every k."""
    game, hashes = _played(data, year, 21)
    total = len(hashes) - 1
    for k in range(total + 1):
        replayed = game_after(data, game.checkpoints, game.journal, k)
        assert state_hash(replayed.state) == hashes[k], f"{year}: differs after decision {k}"


def test_verify_accepts_a_genuine_save_and_names_a_tampered_decision(data):
    game, _ = _played(data, 1942, 5)
    env = envelope_for(game, "t", 5, created="2026-01-01T00:00:00+00:00")
    assert verify(env, data) == []
    # Tamper: swap the first purchase for another force, keep the save self-consistent.
    tampered = envelope_from_bytes(to_bytes(env), "tampered")
    entry = next(e for e in tampered.journal if e.kind == "decision" and e.decision.kind == "end_resupply")
    entry.decision = Decision("buy_scouting", count=1)
    problems = verify(envelope_from_bytes(to_bytes(tampered), "tampered"), data)
    assert problems and ("$.journal[" in problems[0] or "cannot be replayed" in problems[0])


def test_verify_detects_an_edited_roll_in_the_journal(data):
    game, _ = _played(data, 1942, 6)
    env = envelope_for(game, "t", 6, created="2026-01-01T00:00:00+00:00")
    edited = envelope_from_bytes(to_bytes(env), "edited")
    roll = next(e for e in edited.journal if e.kind == "roll")
    roll.text = "d10 = 1: a roll I would have liked"
    problems = verify(envelope_from_bytes(to_bytes(edited), "edited"), data)
    assert problems and f"$.journal[{roll.seq}]" in problems[0] and "text" in problems[0]


def test_undo_then_the_same_choices_gives_identical_states(tmp_path, data):
    """Undo never re-rolls: the dice come back with the state."""
    session = Session.create(tmp_path / "u.nimitz.json", data, 1942, 9, RulesProfile(), "u")
    chooser = get_policy("sensible")
    for _ in range(60):
        session.answer(chooser(session.game.pending, session.game))
    before = state_hash(session.game.state)
    journal_before = [(e.kind, e.text) for e in session.game.journal]
    last = session.game.journal[decision_indices(session.game.journal)[-1]].decision
    assert session.undo("decision") == 1
    session.answer(last)
    assert state_hash(session.game.state) == before
    assert [(e.kind, e.text) for e in session.game.journal] == journal_before


@pytest.mark.parametrize("to", ["step", "turn"])
def test_undo_to_the_start_of_the_step_or_turn(tmp_path, data, to):
    session = Session.create(tmp_path / "u.nimitz.json", data, 1943, 4, RulesProfile(), "u")
    chooser = get_policy("sensible")
    for _ in range(25):
        session.answer(chooser(session.game.pending, session.game))
    journal = session.game.journal
    last = journal[decision_indices(journal)[-1]]
    keep = undo_count(journal, to)
    assert keep < len(decision_indices(journal))
    if keep:
        kept = journal[decision_indices(journal)[keep - 1]]
        same = kept.turn == last.turn and (to == "turn" or kept.step.split(":")[0] == last.step.split(":")[0])
        assert not same
    session.undo(to)
    assert len(decision_indices(session.game.journal)) == keep
    reopened = Session.open(session.path, data)  # the undone position was saved
    assert state_hash(reopened.game.state) == state_hash(session.game.state)


def test_undo_with_nothing_to_undo_is_a_clear_error(tmp_path, data):
    from nimitz.errors import NimitzError

    session = Session.create(tmp_path / "u.nimitz.json", data, 1942, 1, RulesProfile(), "u")
    with pytest.raises(NimitzError, match="nothing to undo"):
        session.undo()


def test_branch_copies_the_position_and_is_marked(tmp_path, data):
    session = Session.create(tmp_path / "a.nimitz.json", data, 1942, 3, RulesProfile(), "a")
    chooser = get_policy("passive")
    for _ in range(12):
        session.answer(chooser(session.game.pending, session.game))
    at_8 = game_after(data, session.game.checkpoints, session.game.journal, 8)
    other = session.branch(tmp_path / "b.nimitz.json", "b", 8)
    other.save()
    env = read_save(tmp_path / "b.nimitz.json", data)
    assert env.header.branch_of == "a after decision 8"
    assert state_hash(Session.open(tmp_path / "b.nimitz.json", data).game.state) == state_hash(at_8.state)
    assert verify(env, data) == []


def test_replay_cursor_walks_entries_and_decisions(data):
    game, hashes = _played(data, 1942, 12, "passive")
    cursor = ReplayCursor(data=data, checkpoints=game.checkpoints, journal=game.journal)
    first = cursor.next_decision()
    assert first is not None and first.kind == "decision"
    assert state_hash(cursor.game().state) == hashes[1]
    cursor.move(-1)
    assert cursor.journal[cursor.index].kind != "decision"
    assert state_hash(cursor.game().state) == hashes[0]
    found = cursor.jump(lambda e: e.kind == "event" and "battle_area" in e.data)
    if found is not None:
        assert found.text.startswith("Battle in")


def test_aar_has_the_header_every_turn_and_the_result(data):
    game, _ = _played(data, 1942, 7)
    env = envelope_for(game, "report", 7, created="2026-01-01T00:00:00+00:00")
    text = aar_markdown(env, game.state, data)
    assert text.startswith("# After-action report: report")
    assert "## Summary" in text and "seed 7" in text
    assert "Japanese order modifiers from the map's table (R1)" in text
    for turn in range(1, game.state.turn + 1):
        assert f"## Turn {turn}" in text
    assert "### Japanese orders" in text and "### Resupply and purchases" in text
    assert f"**{game.state.result}.**" in text
    if game.state.battles_fought:
        assert "### Battles" in text


SCHEMA_FIXTURES = {  # file -> its schema: one save of each, kept as each version wrote it
    "save-schema-1.nimitz.json": 1,
    "save-schema-2.nimitz.json": 2,
    "save-schema-2-midturn.nimitz.json": 2,  # the last schema-2 program, mid-campaign (turn 3)
    "save-schema-3.nimitz.json": 3,
}


def _schema_of(path: Path) -> int:
    head = path.read_bytes()[:4096]
    if head.endswith(b"\n") and b'"format":"nimitz-save"' in head:
        return json.loads(head)["schema_version"]
    return json.loads(path.read_text())["schema_version"]


def test_there_is_a_fixture_of_every_schema():
    assert set(SCHEMA_FIXTURES.values()) == set(range(1, SCHEMA_VERSION + 1))
    for name, version in SCHEMA_FIXTURES.items():
        assert _schema_of(FIXTURES / name) == version, name


@pytest.mark.parametrize("name", sorted(SCHEMA_FIXTURES))
def test_every_schema_fixture_still_loads(data, name):
    """A save written by each schema version (tests/fixtures) loads through the migrations."""
    env = read_save(FIXTURES / name, data)
    assert env.header.schema_version == SCHEMA_VERSION and env.journal and env.checkpoints
    assert env.summary.journal_len == len(env.journal)
    assert env.summary.year in (1942, 1943, 1944, 1945) and env.summary.turn >= 1


def _legacy_save(game, name: str) -> bytes:
    """The file the schema-2 program wrote: one JSON envelope with the state and its hash."""
    from nimitz.persist.saves import CONVERTER, LegacyEnvelope

    env = LegacyEnvelope(
        name=name,
        seed=7,
        rules=game.state.rules,
        data_fingerprint=game.data.fingerprint,
        created="2026-01-01T00:00:00+00:00",
        saved="2026-01-01T00:10:00+00:00",
        state=game.state,
        journal=game.journal,
        checkpoints=game.checkpoints,
        state_hash=state_hash(game.state),
    )
    return json.dumps(CONVERTER.unstructure(env)).encode()


def test_a_schema_2_save_resumes_and_its_first_autosave_converts_it(tmp_path, data):
    """A schema-2 save mid-campaign resumes where it stood, `check` finds it sound, and the first
    autosave rewrites it in the current format, still resumable and sound."""
    from nimitz.persist.campaign_file import new_game

    game = new_game(data, 1943, 7, RulesProfile())
    chooser = get_policy("sensible")
    while game.state.turn < 2 or game.state.step != "movement":
        game.answer(chooser(game.pending, game))
    path = tmp_path / "old.nimitz.json"
    path.write_bytes(_legacy_save(game, "old"))
    assert _schema_of(path) == 2
    assert verify(read_save(path, data), data) == []
    session = Session.open(path, data)
    assert state_hash(session.game.state) == state_hash(game.state)
    session.answer(chooser(session.game.pending, session.game))
    assert _schema_of(path) == SCHEMA_VERSION
    again = Session.open(path, data)
    assert state_hash(again.game.state) == state_hash(session.game.state)
    assert verify(read_save(path, data), data) == []


def test_migration_1_to_2_keeps_the_literal_replaced_rule(data):
    """Schema 2 added held_at_start (R53); old campaigns get 99, i.e. R21 read literally."""
    env = read_save(FIXTURES / "save-schema-1.nimitz.json", data)
    assert all(cp.state.held_at_start == 99 for cp in env.checkpoints)


def test_an_edited_old_save_is_caught_before_migrating(tmp_path, data):
    from nimitz.errors import SaveError

    raw = json.loads((FIXTURES / "save-schema-1.nimitz.json").read_text())
    raw["state"]["sp"] += 5
    path = tmp_path / "old.nimitz.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match="does not match its hash"):
        read_save(path, data)


def test_cli_undo_branch_aar_and_replay_verify(tmp_path, data):
    from click.testing import CliRunner

    runner = CliRunner()
    saves = str(tmp_path)
    result = runner.invoke(
        cli, ["--saves", saves, "autoplay", "--year", "1942", "--seed", "4", "--policy", "passive", "--save", "c"]
    )
    assert result.exit_code == 0, result.output
    assert runner.invoke(cli, ["--saves", saves, "replay", "c", "--verify"]).exit_code == 0
    result = runner.invoke(cli, ["--saves", saves, "undo", "c", "--to", "turn"])
    assert result.exit_code == 0 and "Undid" in result.output
    result = runner.invoke(cli, ["--saves", saves, "branch", "c", "d", "--after", "3"])
    assert result.exit_code == 0 and "branch of 'c' after decision 3" in result.output
    assert runner.invoke(cli, ["--saves", saves, "check", "d"]).exit_code == 0
    out = tmp_path / "c.md"
    result = runner.invoke(cli, ["--saves", saves, "aar", "c", "-o", str(out)])
    assert result.exit_code == 0 and out.read_text().startswith("# After-action report: c")
    result = runner.invoke(cli, ["--saves", saves, "branch", "c", "d"])
    assert result.exit_code == 2 and "already exists" in result.output


def test_linked_campaign_moves_on_and_adds_up_the_years(data):
    """Linked campaigns (facts 1.12): the next year follows with its own set-up; the objectives
    of the years add up to the linked level; a defeat stops the series."""
    from nimitz.persist.campaign_file import new_game

    game = new_game(data, 1944, 5, RulesProfile(), linked=True)
    chooser = get_policy("sensible")
    seen_years = {game.state.year}
    while game.pending is not None:
        game.answer(chooser(game.pending, game))
        seen_years.add(game.state.year)
    state = game.state
    years = [y.year for y in state.linked_years]
    assert years == sorted(years) and years[0] == 1944 and set(years) <= seen_years
    total = sum(y.score for y in state.linked_years)
    level = next(lv.name for lv in data.map.linked.levels if total >= lv.min)
    assert state.result.startswith(f"Linked: {level}")
    defeated = any(y.result.startswith("Defeat") or y.result == "Replaced" for y in state.linked_years)
    assert defeated or years[-1] == 1945
    if defeated:
        assert "stopped after a defeat" in state.result


def test_a_save_that_no_longer_replays_says_so_and_recover_keeps_the_old_file(tmp_path, data):
    """When this turn's decisions no longer reproduce the saved position (a rules change, or an
    edit), opening names `nimitz recover`; recover restarts the turn and keeps a copy."""
    from click.testing import CliRunner

    from nimitz.errors import SaveError

    runner = CliRunner()
    saves = str(tmp_path)
    assert (
        runner.invoke(
            cli, ["--saves", saves, "new", "--year", "1942", "--seed", "2", "--name", "d", "--no-tui"]
        ).exit_code
        == 0
    )
    path = tmp_path / "d.nimitz.json"
    session = Session.open(path, data)
    session.answer(Decision("buy_scouting", count=1))
    # Simulate drift: the journal now says a different decision than its rolls and entries.
    env = read_save(path, data)
    entry = next(e for e in env.journal if e.kind == "decision")
    entry.decision = Decision("buy_scouting", count=2)
    write_save(path, env)
    original = path.read_bytes()
    with pytest.raises(SaveError, match="nimitz recover d"):
        Session.open(path, data)
    result = runner.invoke(cli, ["--saves", saves, "recover", "d"])
    assert result.exit_code == 0, result.output
    backup = tmp_path / "d-before-recover.nimitz.json"
    assert backup.read_bytes() == original
    reopened = Session.open(path, data)
    assert reopened.game.state.turn == 1 and reopened.game.pending.kind == "resupply"
    assert "restarted at turn 1" in read_save(path, data).header.branch_of
