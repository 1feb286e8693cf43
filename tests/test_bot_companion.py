"""The companion commands on a position or a save (issue 10): every bot decision can be asked
for, with what the player sets on the table (--track, --raiders, --bombed), table dice apart
from the bot's own picks (--dice / --bot-dice), and JSON errors."""

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
US = ["Lexington", "25th", "11th BG"]

[areas.MI]
US = ["Enterprise", "Chester/Louisville", "DESRON 1", "MAG 22"]
JA = ["Kaga", "Akagi", "DD Gp 1 [damaged]", "2nd", "Mihoro", "Genzan"]

[areas.PH]
JA = ["16th", "Myoko/Haguro", "Ashigara/Nachi"]

[areas.JA]
JA = ["Soryu", "Hiryu", "24 Sentai"]

[boxes.RAID]
US = ["SS Gp 1", "SS Gp 2"]
"""


@pytest.fixture
def pos(tmp_path):
    file = tmp_path / "table.toml"
    file.write_text(POSITION, encoding="utf-8")
    return str(file)


def _bot(*args):
    return CliRunner().invoke(cli, ["bot", *args])


def test_orders_from_a_position_file(pos):
    result = _bot("orders", pos, "--dice", "3,3,3,3,3,3,3,3", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["campaign"] == "table.toml" and out["year"] == 1942
    assert {r["area"] for r in out["results"]} >= {"MI", "PH"}


def test_table_dice_and_bot_picks_are_separate_streams(pos):
    """--dice feeds only the table rolls; the bot's own random picks (R4 counters, R6 ties)
    come from its stream, or from --bot-dice when given."""
    table = _bot("orders", pos, "--dice", "3,3,3,3,3,3,3,3", "--json")
    out = json.loads(table.output)
    assert [d["face"] for d in out["dice"] if d["stream"] != "bot"] == [3] * sum(
        1 for d in out["dice"] if d["stream"] != "bot"
    )
    assert all(d["stream"] == "ja" for d in out["dice"][:1])
    picks = [d for d in out["dice"] if d["stream"] == "bot"]
    assert picks, "the position's orders make the bot pick counters"
    scripted = _bot("orders", pos, "--dice", "3,3,3,3,3,3,3,3", "--bot-dice", ",".join(["1"] * 40), "--json")
    assert scripted.exit_code == 0, scripted.output
    again = json.loads(scripted.output)
    assert [d["face"] for d in again["dice"] if d["stream"] == "bot"] == [1] * len(
        [d for d in again["dice"] if d["stream"] == "bot"]
    )
    assert [d for d in again["dice"] if d["stream"] != "bot"] == [d for d in out["dice"] if d["stream"] != "bot"]


def test_reinforce_with_track_and_raiders_set_on_the_table(pos):
    """R18: 1d10 + track - 1 per damaged JA force on the map - 3 per raiding sub. The position
    has two subs raiding and one damaged JA force; --track and --raiders override."""
    base = json.loads(_bot("reinforce", pos, "--dice", "5", "--json").output)
    assert base["roll"]["total"] == 5 + 0 - 1 - 6
    set_ = json.loads(_bot("reinforce", pos, "--dice", "5", "--track", "9", "--raiders", "1", "--json").output)
    assert set_["roll"]["total"] == 5 + 9 - 1 - 3


def test_bombed_forces_leave_japan_before_the_orders(tmp_path):
    """facts 1.13 / R44 on the table: `--bombed` names the JA forces in Japan that the B-29
    wings in the bombing box sent back; they get no order. Only as many as there are wings."""
    file = tmp_path / "t44.toml"
    file.write_text(_bw_position(), encoding="utf-8")
    result = _bot("orders", str(file), "--bombed", "Zuikaku", "--dice", "1,1,1,1,1,1", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["bombed"] == ["JA:Zuikaku"]
    assert all("JA:Zuikaku" not in r["moved"] for r in out["results"])
    two = _bot("orders", str(file), "--bombed", "Zuikaku,Shokaku", "--json")
    assert two.exit_code == 2
    err = json.loads(two.output)
    assert err["error"] == "usage" and "1 B-29 wing" in err["detail"]


def _bw_position() -> str:
    from nimitz.model.load import load_game_data

    data = load_game_data()
    sheet = data.year(1944)
    wing = next(u for c in sheet.classes if c.bomber_wing for u in c.units)
    return f"""\
year = 1944
turn = 2
step = "orders"
[dice]
seed = 3
[areas.JA]
JA = ["Zuikaku", "Shokaku", "Chitose"]
[boxes.BW]
US = ["{wing}"]
"""


def test_json_errors_are_objects_on_stdout(pos, tmp_path):
    result = _bot("scout", pos, "XX", "--json")
    assert result.exit_code == 2
    err = json.loads(result.stdout)
    assert set(err) == {"error", "detail"} and "XX is not an area" in err["detail"]
    short = _bot("reinforce", pos, "--dice", "", "--json")
    assert short.exit_code == 2 and json.loads(short.stdout)["error"]
    bad = tmp_path / "bad.toml"
    bad.write_text("year = 1942\n", encoding="utf-8")
    broken = _bot("orders", str(bad), "--json")
    assert broken.exit_code == 2
    err = json.loads(broken.stdout)
    assert err["error"] == "bad_input" and "step" in err["detail"]


def test_repair_from_a_position(pos):
    """JA Repair: the damaged DD Gp 1 in MI faces US forces but is a ship: it goes back to the
    bottom of the ships stack, repaired."""
    result = _bot("repair", pos, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["repaired"] == ["JA:DD Gp 1"]


def test_battle_placement_from_a_position_with_area(pos):
    """How does Japan place for a battle in MI? Carriers to the JA Ocean with escorts
    alternating (JA infantry ashore and LBA on the Island), from the position alone."""
    result = _bot("place", pos, "--area", "MI", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["result"]["JA:Kaga"] == "JO" and out["result"]["JA:Mihoro"] == "JA_AF"
    assert out["result"]["JA:2nd"] == "JA_FH"
    no_area = _bot("place", pos)
    assert no_area.exit_code == 2 and "--area" in no_area.output


def test_hits_ja_allocation_and_us_auto(pos):
    """`bot hits`: R14 for Japan (lowest value first, a damaged force before a fresh one, equal
    ones by the bot's die) and R15 auto for the US (the same rule, equal ones in board order)."""
    ja = _bot(
        "hits",
        pos,
        "--area",
        "MI",
        "--side",
        "JA",
        "--hits",
        "2",
        "--step",
        "bomb_runs",
        "--at",
        "JO",
        "--bot-dice",
        "2",
        "--json",
    )
    assert ja.exit_code == 0, ja.output
    out = json.loads(ja.output)
    assert out["result"] == ["JA:Akagi", "JA:Akagi"]  # value 1 carriers; the die picks Akagi
    assert [d["stream"] for d in out["dice"]] == ["bot"]
    text = _bot(
        "hits",
        pos,
        "--area",
        "MI",
        "--side",
        "JA",
        "--hits",
        "2",
        "--step",
        "bomb_runs",
        "--at",
        "JO",
        "--bot-dice",
        "2",
    ).output
    assert "hit 2: Akagi destroyed (lowest value 1, a damaged force first)" in text
    us = _bot(
        "hits",
        pos,
        "--area",
        "MI",
        "--side",
        "US",
        "--hits",
        "3",
        "--step",
        "torpedoes",
        "--at",
        "CO",
        "--coastal",
        "DESRON 1,Chester/Louisville",
        "--json",
    )
    assert us.exit_code == 0, us.output
    assert json.loads(us.output)["result"] == ["US:Chester/Louisville", "US:Chester/Louisville", "US:DESRON 1"]
    where = _bot("hits", pos, "--area", "MI", "--side", "US", "--hits", "1", "--step", "torpedoes")
    assert where.exit_code == 2 and "torpedoes happens in JO, CO, UO" in where.output


def test_wings_set_the_bombing_box_on_the_table(tmp_path):
    """facts 1.13 / R44: `--wings N` puts N B-29 wings in the strategic bombing box (or takes
    them out), so `--bombed` can name that many JA forces in Japan; no bombing before 1944."""
    file = tmp_path / "t44.toml"
    file.write_text(_bw_position(), encoding="utf-8")
    none = _bot("orders", str(file), "--wings", "0", "--bombed", "Zuikaku", "--json")
    assert none.exit_code == 2 and "0 B-29 wing" in json.loads(none.output)["detail"]
    result = _bot("orders", str(file), "--wings", "0", "--dice", "1,1,1,1,1,1", "--json")
    assert result.exit_code == 0, result.output
    early = _bot("orders", _write(tmp_path, POSITION), "--wings", "1", "--json")
    assert early.exit_code == 2 and "no strategic bombing in 1942" in json.loads(early.output)["detail"]


def test_wings_in_the_box_hold_airfields_in_a_battle_in_ma(tmp_path):
    """R64: wings in the bombing box hold airfields on MA's Island in a battle there, so Japan's
    placement sees land-based aircraft on the Island (facts 1.8: carriers to the JA Ocean, the
    escorts alternate) where without them every ship goes to the JA Ocean. The position has no
    wing in play; `--wings 1` brings one from the reinforcements into the box."""
    text = _bw_position().split("[areas.JA]")[0] + '[areas.MA]\nUS = ["Essex"]\nJA = ["Zuikaku", "Kongo/Haruna"]\n'
    file = _write(tmp_path, text)
    cases = {}
    for wings in (("--wings", "1"), ()):
        result = _bot("place", file, "--area", "MA", *wings, "--json")
        assert result.exit_code == 0, result.output
        cases[wings] = json.loads(result.output)["explanation"]["ships"]
    assert cases[("--wings", "1")]["island_condition"]["lba_on_island"] is True
    assert cases[("--wings", "1")]["case"].startswith("carriers and island forces")
    assert cases[()]["case"].startswith("carriers and no island forces")


def _write(tmp_path, text: str) -> str:
    file = tmp_path / "w.toml"
    file.write_text(text, encoding="utf-8")
    return str(file)
