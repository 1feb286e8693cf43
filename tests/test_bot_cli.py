"""`nimitz bot orders|scout|reinforce`: the companion commands for the JA bot (issue 3)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from nimitz.cli import cli


@pytest.fixture
def save(tmp_path):
    runner = CliRunner()
    result = runner.invoke(
        cli, ["--saves", str(tmp_path), "new", "--year", "1942", "--seed", "3", "--name", "b", "--no-tui"]
    )
    assert result.exit_code == 0, result.output
    return tmp_path, runner


def _run(save, *args):
    folder, runner = save
    return runner.invoke(cli, ["--saves", str(folder), "bot", *args])


def test_orders_print_every_area_and_leave_the_save_alone(save):
    folder, _ = save
    before = (folder / "b.nimitz.json").read_bytes()
    result = _run(save, "orders", "b")
    assert result.exit_code == 0, result.output
    assert "Areas in order (fewest unmoved JA forces first, R3): ML (2)" in result.output
    assert "first order in an objective is Hold (R5)" in result.output  # NG is an objective
    assert "Track at the end:" in result.output
    assert (folder / "b.nimitz.json").read_bytes() == before


def test_orders_json_has_the_documented_keys(save):
    result = _run(save, "orders", "b", "--json")
    out = json.loads(result.output)
    assert {
        "command",
        "campaign",
        "year",
        "turn",
        "preset",
        "dice_source",
        "dice",
        "processing_order",
        "results",
        "track_after",
    } <= set(out)
    first = out["results"][0]
    assert {"area", "order", "roll", "row", "tried", "moved", "held", "selection", "track", "rulings"} <= set(first)
    assert all({"stream", "sides", "face", "purpose"} == set(d) for d in out["dice"])


def test_orders_with_real_dice_use_the_faces_in_order(save):
    """A 1 on the first roll in ML (no modifier at track 0) is Hold: 6 ships, 1 INF, 3 LBA."""
    result = _run(save, "orders", "b", "--dice", "1,1,1")
    assert result.exit_code == 2  # three faces are not enough for the whole step
    assert "ML: roll 1 +0 = 1: Hold" in result.output
    assert "the scripted dice ran out" in result.output
    as_json = _run(save, "orders", "b", "--dice", "1,1,1", "--json")
    assert as_json.exit_code == 2
    err = json.loads(as_json.stdout)
    assert err["error"] == "bad_input" and "the scripted dice ran out" in err["detail"]


def test_scout_uses_2d10_plus_the_year_modifier(save):
    result = _run(save, "scout", "b", "ML", "--dice", "5,5", "--json")
    assert result.exit_code == 0, result.output
    roll = json.loads(result.output)["result"]["roll"]
    assert roll == {"dice": [5, 5], "modifier": 2, "total": 12, "modifier_source": "scouted order, 1942"}


def test_scout_refuses_an_unknown_area(save):
    result = _run(save, "scout", "b", "XX")
    assert result.exit_code == 2 and "XX is not an area" in result.output


@pytest.mark.parametrize("area", ["OK", "IJ", "ok"])
def test_scout_refuses_ok_and_ij_in_1945_r54(tmp_path, area):
    """R54: no JA orders are rolled in OK or IJ in 1945 (facts 1.13), so none can be scouted
    there: `bot scout` refuses with a clear message and exit 2, as the US Scouting step does."""
    runner = CliRunner()
    made = runner.invoke(
        cli, ["--saves", str(tmp_path), "new", "--year", "1945", "--seed", "3", "--name", "late", "--no-tui"]
    )
    assert made.exit_code == 0, made.output
    result = runner.invoke(cli, ["--saves", str(tmp_path), "bot", "scout", "late", area, "--dice", "5,5"])
    assert result.exit_code == 2
    assert f"no scouting in {area.upper()} in 1945" in result.output and "R54" in result.output


def test_reinforce_reads_the_table(save):
    result = _run(save, "reinforce", "b", "--dice", "4", "--json")
    out = json.loads(result.output)
    assert out["roll"]["total"] == 4 and out["row"]["lo"] == 3 and out["row"]["hi"] == 5
    assert len(out["arrived"]) == 3  # one ship, one infantry, one LBA off the stacks


def test_bad_dice_text_is_a_clear_error(save):
    result = _run(save, "orders", "b", "--dice", "7,x")
    assert result.exit_code == 2 and "give faces as numbers" in result.output
