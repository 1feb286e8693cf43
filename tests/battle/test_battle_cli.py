"""`nimitz bot place|plans|air`: the battle bot on a saved battle, without changing the save."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from nimitz.cli import bot_battle as cli_battle
from nimitz.model.load import load_game_data
from nimitz.model.state import RulesProfile
from nimitz.policies.battle import BATTLE_KINDS


@click.group()
@click.option("--saves", default=None)
def group(saves):
    """A stand-in for `nimitz bot` (the lead registers the commands there)."""


for _cmd in (cli_battle.place, cli_battle.plans, cli_battle.air):
    group.add_command(_cmd)


def _save_in_battle(folder: Path, kind: str = "battle_plans") -> Path:
    """A real campaign played (sensible US) until it stands at a battle request of `kind`."""
    from nimitz.persist.campaign_file import Session
    from nimitz.policies import battle as battle_policy
    from nimitz.policies.campaign import sensible

    data = load_game_data()
    for seed in range(5, 40):
        path = folder / f"b{seed}.nimitz.json"
        s = Session.create(path, data, 1942, seed, RulesProfile(), f"b{seed}")
        s.autosave = False
        req = s.game.start()
        for _ in range(3000):
            if req is None:
                break
            if req.kind == kind:
                s.save()
                return path
            if req.kind in BATTLE_KINDS:
                req = s.game.answer(battle_policy.sensible(req, s.game))
            else:
                req = s.game.answer(sensible(req, s.game))
    pytest.skip("no campaign reached a battle")


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("battle-saves")
    return {"setup": _save_in_battle(folder, "battle_plans"), "air": _save_in_battle(folder, "battle_air")}


def _run(*args):
    return CliRunner().invoke(group, list(args))


def test_place_prints_the_cases_and_does_not_change_the_save(saves):
    path = saves["setup"]
    before = path.read_bytes()
    res = _run("place", str(path))
    assert res.exit_code == 0, res.output
    assert "JA placement for the battle in" in res.output
    assert "ships:" in res.output and "result:" in res.output
    assert path.read_bytes() == before


def test_place_json(saves):
    res = _run("place", str(saves["setup"]), "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["command"] == "place"
    assert set(out) >= {"campaign", "area", "battle_turn", "dice", "result", "explanation"}
    assert "ships" in out["explanation"]


def test_plans_draws_from_the_cup(saves):
    res = _run("plans", str(saves["setup"]), "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert 1 <= len(out["result"]) <= 4
    assert all(d["stream"] == "bot" for d in out["dice"])
    text = _run("plans", str(saves["setup"]))
    assert "JA plan draw" in text.output and "->" in text.output


def test_plans_with_scripted_dice_and_running_out(saves):
    """Plan draws are the bot's own picks: `--bot-dice` scripts them, `--dice` (table rolls)
    does not (issue 10)."""
    res = _run("plans", str(saves["setup"]), "--bot-dice", "1")
    assert res.exit_code == 2
    assert "ran out" in res.output
    assert _run("plans", str(saves["setup"]), "--dice", "1").exit_code == 0


def test_air_rolls_groups(saves):
    res = _run("air", str(saves["air"]), "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert isinstance(out["explanation"], list)
    for e in out["explanation"]:
        assert e["result"] in ("JO", "IS", "CO", "UO", "home")
        assert set(e["legal_areas"]) == {"JO", "IS", "CO", "UO"}
    text = _run("air", str(saves["air"]), "--dice", ",".join(["10"] * 40))
    assert text.exit_code == 0, text.output
    assert "JA aircraft moves" in text.output


def test_not_in_a_battle_is_an_error(tmp_path):
    from nimitz.persist.campaign_file import Session

    path = tmp_path / "c.nimitz.json"
    s = Session.create(path, load_game_data(), 1942, 3, RulesProfile(), "c")
    s.game.start()
    s.save()
    for cmd in ("place", "plans", "air"):
        res = _run(cmd, str(path))
        assert res.exit_code == 2
        assert "is not in a battle" in res.output


def test_bad_dice_text(saves):
    res = _run("air", str(saves["air"]), "--dice", "x,y")
    assert res.exit_code == 2 and "--dice" in res.output


def test_a_save_inside_a_battle_reopens_by_replay(saves):
    """The battle is saved with the campaign (BattleState in the state) and replaying the journal
    reproduces it exactly (Session.open checks the state hash)."""
    from nimitz.persist.campaign_file import Session

    data = load_game_data()
    for path in saves.values():
        session = Session.open(path, data)
        assert session.game.state.battle is not None
        assert session.game.pending.kind in BATTLE_KINDS
