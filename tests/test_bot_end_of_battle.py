"""The Japanese decisions at the start and end of a battle turn, asked from a position (issue 10):
`nimitz bot excess-aircraft`, `airfield-losses`, `first-light`, `duration`. Each cites the
procedure it shows (shared/rules/procedures.md)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from nimitz.cli import cli

POSITION = """\
year = 1942
turn = 2
step = "orders"

[dice]
seed = 5

[areas.HI]
US = ["Lexington", "25th"]

[areas.MI]
US = ["Enterprise", "Chester/Louisville", "MAG 22"]
JA = ["Kaga", "Akagi", "DD Gp 1", "2nd", "Kanoya [damaged]", "Yamada", "Mihoro"]
"""


@pytest.fixture
def pos(tmp_path):
    file = tmp_path / "table.toml"
    file.write_text(POSITION, encoding="utf-8")
    return str(file)


def _bot(*args):
    result = CliRunner().invoke(cli, ["bot", *args])
    return result, (json.loads(result.output) if "--json" in args else None)


def _names(out, key="result"):
    """Aircraft ids without the side, e.g. 'Kaga air 1'."""
    return [p.split(":", 1)[1] for p in out[key]]


def test_excess_carrier_aircraft_go_lowest_value_first(pos):
    """procedures.md Return Aircraft: aircraft that cannot land on Japan's carriers are destroyed
    one at a time, damaged ones lowest value first, then full ones lowest value first. Kaga sunk
    while its 3 aircraft flew: 6 aircraft, room for Akagi's 3, so 3 are lost: both fighters
    (value 1) first, then one of the equal value-2 bombers by the bot's die (R24)."""
    result, out = _bot("excess-aircraft", pos, "--area", "MI", "--sunk", "Kaga", "--bot-dice", "1,1,1", "--json")
    assert result.exit_code == 0, result.output
    assert out["explanation"]["excess"] == 3 and out["explanation"]["room"] == {"JA:Akagi": 3}
    lost = _names(out)
    assert sorted(lost[:2]) == ["Akagi air 1", "Kaga air 1"]  # the two A6M fighters, value 1
    costs = {c["id"].split(":", 1)[1]: c["cost"] for c in out["explanation"]["candidates"]}
    assert costs[lost[2]] == 2 and len(lost) == 3
    assert [d["stream"] for d in out["dice"]] == ["bot"] * len(out["dice"])  # ties: the bot's picks only
    assert out["explanation"]["tie_breaks"], "equal values are broken by the bot's dice"


def test_no_deck_left_loses_every_carrier_aircraft(pos):
    """procedures.md Return Aircraft: no aircraft lands on a damaged carrier; both carriers hit
    while their aircraft flew leave all 6 without a deck."""
    result, out = _bot("excess-aircraft", pos, "--area", "MI", "--damaged", "Kaga,Akagi", "--json")
    assert result.exit_code == 0, result.output
    assert out["explanation"]["room"] == {} and len(out["result"]) == 6


def test_every_aircraft_lands_when_the_carriers_have_room(pos):
    result, _ = _bot("excess-aircraft", pos, "--area", "MI")
    assert result.exit_code == 0, result.output
    assert "every JA carrier aircraft can land" in result.output


def test_airfield_losses_destroy_damaged_aircraft_first(pos):
    """procedures.md Japanese Airfield Losses: first the damaged aircraft lowest value first,
    then the full ones lowest value first. With 1 airfield for 3 wings, the damaged Kanoya
    (value 3) goes before the full Yamada (value 1), and Mihoro (value 2) stays."""
    result, out = _bot("airfield-losses", pos, "--area", "MI", "--airfields", "1", "--json")
    assert result.exit_code == 0, result.output
    assert out["result"] == ["JA:Kanoya", "JA:Yamada"]
    assert out["explanation"]["airfields"] == 1 and out["dice"] == []
    text, _ = _bot("airfield-losses", pos, "--area", "MI", "--airfields", "1")
    assert "destroyed (damaged lowest value first, then full lowest value first): Kanoya, Yamada" in text.output


def test_no_airfield_losses_while_the_airfields_suffice(pos):
    """At set-up Japan gets one airfield per land-based aircraft (procedures: Move Japanese Forces)."""
    result, out = _bot("airfield-losses", pos, "--area", "MI", "--json")
    assert result.exit_code == 0, result.output
    assert out["result"] == [] and out["explanation"]["airfields"] == 3


def test_first_light_strikes_with_the_carrier_with_most_aircraft(pos):
    """facts 1.10 First Light (JA): the carrier with the most aircraft strikes; Kaga and Akagi
    have 3 each, so the bot's die picks (R24): face 1 is Kaga, face 2 Akagi. The US Ocean holds
    Enterprise, a legal target."""
    for face, carrier in (("1", "JA:Kaga"), ("2", "JA:Akagi")):
        result, out = _bot("first-light", pos, "--area", "MI", "--bot-dice", face, "--json")
        assert result.exit_code == 0, result.output
        assert out["result"] == {"carrier": carrier, "area": "UO"}
        assert out["explanation"]["candidates"] == {"JA:Kaga": 3, "JA:Akagi": 3}


def test_first_light_without_dice_left_is_a_json_error(pos):
    """The tie needs a bot die: an empty --bot-dice list is reported, as JSON under --json."""
    result, out = _bot("first-light", pos, "--area", "MI", "--bot-dice", "", "--json")
    assert result.exit_code == 2
    assert set(out) >= {"error", "detail"}


def test_duration_counts_the_forces_on_the_sheet(pos):
    """facts 1.10 Duration (JA): a turn more when Japan has more forces on the sheet."""
    result, out = _bot("duration", pos, "--area", "MI", "--json")
    assert result.exit_code == 0, result.output
    e = out["explanation"]
    assert e["ja_forces"] > e["us_forces"] and out["result"] == 1
    assert e["in_force"] is False


def test_a_name_not_on_the_board_is_a_json_error(pos):
    result, out = _bot("excess-aircraft", pos, "--area", "MI", "--sunk", "Yamato", "--json")
    assert result.exit_code == 2
    assert out["error"] == "bad_input" and "Yamato" in out["detail"]
    result, out = _bot("excess-aircraft", pos, "--area", "MI", "--sunk", "DD Gp 1", "--json")
    assert result.exit_code == 2 and "only carriers" in out["detail"]


def test_outside_a_battle_without_area_is_an_error(pos):
    result, out = _bot("airfield-losses", pos, "--json")
    assert result.exit_code == 2 and "not in a battle" in out["detail"]


@pytest.mark.parametrize("face,turns", [(2, 1), (5, 2), (7, 3), (10, 4)])
def test_length_reads_the_battle_length_chart(pos, face, turns):
    """procedures.md Number of battle turn: 1-2 -> 1, 3-5 -> 2, 6-8 -> 3, 9-10 -> 4; and Number
    of Japanese Battle Plans: 7 JA forces (carrier aircraft not counted) are the 5-9 row, 2 plans."""
    result, out = _bot("length", pos, "--area", "MI", "--dice", str(face), "--json")
    assert result.exit_code == 0, result.output
    assert out["result"] == {"length": turns, "ja_plans_per_turn": 2}
    assert out["explanation"]["force_count"] == 7 and out["dice"][0]["stream"] == "ja"


def test_length_of_a_battle_under_way_is_reported_not_rerolled(tmp_path):
    from tests.test_positions_battle import BATTLE

    file = tmp_path / "b.toml"
    file.write_text(BATTLE, encoding="utf-8")
    result, out = _bot("length", str(file), "--json")
    assert result.exit_code == 2 and "under way" in out["detail"] and "3 turn(s)" in out["detail"]
