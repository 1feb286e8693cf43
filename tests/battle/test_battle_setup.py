"""Battle set-up: placement of both sides (facts 1.8), air groups (R11), transports (R31), the
length roll, JA plans per turn and the US plan purchase (R12)."""

from __future__ import annotations

import pytest
from battle_helpers import AREA, DATA, Driver, battalion, empty_state, game_with, put

from nimitz.errors import IllegalDecision
from nimitz.model.journal import Decision
from nimitz.policies.battle import passive


def _until(kind):
    return lambda r: r.kind == kind


def test_us_carriers_go_to_the_us_ocean_and_other_ships_are_asked():
    """facts 1.8: carriers only in the US Ocean; other ships in the US Ocean or Coastal."""
    s = empty_state()
    cv = put(s, "US", "Lexington")
    cru = put(s, "US", "Chester/Louisville")
    dd = put(s, "US", "DESRON 1")
    put(s, "JA", "Kaga")
    d = Driver(game_with(s, [5]))
    assert d.request.kind == "battle_place_ships"
    assert [x["id"] for x in d.request.info["ships"]] == [cru, dd]
    d.answer(Decision(kind="battle_place_ships", targets={cru: "CO", dd: "UO"}))
    b = d.board
    assert (b.box(cv), b.box(cru), b.box(dd)) == ("UO", "CO", "UO")


@pytest.mark.parametrize(
    "targets,rule",
    [
        ({"US:Chester/Louisville": "JO"}, "facts 1.8"),
        ({}, "facts 1.8"),
        ({"US:Chester/Louisville": "CO", "US:Lexington": "CO"}, "facts 1.8"),
    ],
)
def test_us_ship_placement_illegal_answers(targets, rule):
    """No US surface ship in the JA Ocean; every ship placed; carriers are not placed by hand."""
    s = empty_state()
    put(s, "US", "Lexington")
    put(s, "US", "Chester/Louisville")
    put(s, "JA", "Kaga")
    d = Driver(game_with(s, [5]))
    with pytest.raises(IllegalDecision, match=rule):
        d.request.check(Decision(kind="battle_place_ships", targets=targets))


def test_no_ship_question_when_only_carriers():
    s = empty_state()
    put(s, "US", "Lexington")
    put(s, "JA", "Kaga")
    d = Driver(game_with(s, [5]))
    assert d.request.kind == "battle_plans"


def test_us_lba_infantry_and_transport():
    """LBA on the US airfields with as many airfields; infantry ashore to the foxholes; embarked
    infantry on a transport in Coastal (R31)."""
    s = empty_state()
    lba1 = put(s, "US", "11th BG")
    lba2 = put(s, "US", "MAG 21")
    inf = put(s, "US", "25th")
    mar = put(s, "US", "1st Marine", embarked=True)
    put(s, "JA", "Kaga")
    d = Driver(game_with(s, [5]))
    b = d.board
    assert b.box(lba1) == b.box(lba2) == "US_AF"
    assert b.airfields("US") == 2
    assert b.box(inf) == "US_FH"
    assert b.box(mar) == "TR"
    assert b.box("US:Transport") == "CO"
    assert b.embarked("US") == [mar]


def test_r11_air_groups_fresh_per_battle_none_for_a_damaged_carrier():
    s = empty_state()
    put(s, "US", "Lexington")
    put(s, "US", "Enterprise", damaged=True)
    put(s, "JA", "Kaga")
    put(s, "JA", "Hosho")
    put(s, "JA", "Taiyo")
    d = Driver(game_with(s, [5]))
    b = d.board

    def kinds(c: str) -> list[str]:
        return sorted(b.cls(p).id for p, pc in b.bs.pieces.items() if pc.home == c)

    assert kinds("US:Lexington") == ["us-f4f", "us-sbd", "us-sbd", "us-tbd"]
    assert kinds("US:Enterprise") == []
    assert b.bs.capacity == {"US:Lexington": 4, "US:Enterprise": 0, "JA:Kaga": 3, "JA:Hosho": 2, "JA:Taiyo": 1}
    assert kinds("JA:Kaga") == ["ja-a6m", "ja-b5n", "ja-d3a"]
    assert all(b.box(p) == "DECK" for p in b.bs.pieces)
    assert not any(p.startswith("US:Lexington air") for p in s.forces)  # battle pieces only


def test_r11_air_group_by_purchase_cost_1943():
    s = empty_state(1943)
    essex = next(f for f in s.forces.values() if f.cls == "us-cv-essex")
    york = next(f for f in s.forces.values() if f.cls == "us-cv-yorktown")
    put(s, "US", essex.name)
    put(s, "US", york.name)
    put(s, "JA", "Zuikaku")
    d = Driver(game_with(s, [5]))
    assert d.board.bs.capacity[essex.id] == 5
    assert d.board.bs.capacity[york.id] == 4


# --- Japanese placement --------------------------------------------------------------------------


def _ja_fleet(s, *, island: bool):
    for n in ("Kaga", "Akagi", "DD Gp 1", "Tone/Chikuma", "Nagato/Mutsu", "Kongo/Haruna"):
        put(s, "JA", n)
    if island:
        put(s, "JA", "55th")
    put(s, "US", "Lexington")


def test_ja_ships_carriers_and_island_escorts_alternate():
    """Case 1: carriers to JO; lowest surface escort to JO, highest to Coastal, until JO holds as
    many escorts as carriers; the rest to Coastal."""
    s = empty_state()
    _ja_fleet(s, island=True)
    d = Driver(game_with(s, [5]))
    b = d.board

    def box(n: str) -> str:
        return b.box(f"JA:{n}")

    assert box("Kaga") == box("Akagi") == "JO"
    assert box("DD Gp 1") == "JO"  # surface 3, lowest
    assert box("Nagato/Mutsu") == "CO"  # surface 6, highest
    assert box("Tone/Chikuma") == "JO"  # surface 4: second lowest; JO now has 2 escorts
    assert box("Kongo/Haruna") == "CO"  # the rest
    assert box("55th") == "JA_FH"
    expl = next(e for e in d.game.journal if e.kind == "bot" and e.text.startswith("JA placement"))
    steps = expl.data["ships"]["alternation"]
    assert [(x["step"], x["escort"], x["to"]) for x in steps] == [
        (1, "JA:DD Gp 1", "JO"),
        (2, "JA:Nagato/Mutsu", "CO"),
        (1, "JA:Tone/Chikuma", "JO"),
    ]


def test_ja_ships_island_condition_counts_us_lba():
    s = empty_state()
    _ja_fleet(s, island=False)
    put(s, "US", "MAG 21")
    d = Driver(game_with(s, [5]))
    assert d.board.box("JA:Nagato/Mutsu") == "CO"


def test_ja_ships_carriers_only_all_to_the_ja_ocean():
    s = empty_state()
    _ja_fleet(s, island=False)
    d = Driver(game_with(s, [5]))
    assert {d.board.box(p) for p in d.board.all_ships("JA")} == {"JO"}


def test_ja_ships_no_carriers_all_to_coastal():
    s = empty_state()
    for n in ("DD Gp 1", "Nagato/Mutsu"):
        put(s, "JA", n)
    put(s, "US", "Lexington")
    d = Driver(game_with(s, [5]))
    assert {d.board.box(p) for p in d.board.all_ships("JA")} == {"CO"}


def test_ja_escort_tie_is_a_bot_roll():
    """R24: two escorts with the same surface value: the bot stream picks."""
    s = empty_state()
    for n in ("Kaga", "DD Gp 1", "DD Gp 7"):
        put(s, "JA", n)
    battalion(s)
    put(s, "US", "Lexington")
    d = Driver(game_with(s, [2, 5]))  # tie roll picks the 2nd DD; then the length roll
    assert d.board.box("JA:DD Gp 7") == "JO"
    assert d.board.box("JA:DD Gp 1") == "CO"
    assert d.game.dice.rolls[0].stream == "bot"
    expl = next(e for e in d.game.journal if e.kind == "bot" and e.text.startswith("JA placement"))
    assert expl.data["tie_breaks"][0]["chosen"] == "JA:DD Gp 7"


@pytest.mark.parametrize(
    "us,expected",
    [
        (("Lexington",), "UO"),
        (("Chester/Louisville",), "CO"),
        (("MAG 21",), "JO"),
    ],
)
def test_ja_subs_go_where_the_us_ships_are(us, expected):
    s = empty_state()
    put(s, "JA", "SS Gp 1")
    put(s, "JA", "DD Gp 1")
    for n in us:
        put(s, "US", n)
    d = Driver(game_with(s, [5]))
    if d.request.kind == "battle_place_ships":
        d.answer(Decision(kind="battle_place_ships", targets={"US:Chester/Louisville": "CO"}))
    assert d.board.box("JA:SS Gp 1") == expected


def test_us_subs_only_where_japanese_ships_are_or_out():
    s = empty_state()
    sub1 = put(s, "US", "SS Gp 1")
    sub2 = put(s, "US", "SS Gp 2")
    put(s, "US", "Lexington")
    put(s, "JA", "DD Gp 1")  # no carriers: Coastal
    d = Driver(game_with(s, [5]))
    assert d.request.kind == "battle_place_subs"
    assert d.request.info["areas"] == ["CO", "out"]
    with pytest.raises(IllegalDecision, match="facts 1.8"):
        d.request.check(Decision(kind="battle_place_subs", targets={sub1: "UO", sub2: "out"}))
    d.answer(Decision(kind="battle_place_subs", targets={sub1: "CO", sub2: "out"}))
    assert d.board.box(sub1) == "CO"
    assert sub2 in d.board.bs.out and not d.board.alive(sub2)


def test_us_subs_take_no_part_without_japanese_ships():
    s = empty_state()
    sub = put(s, "US", "SS Gp 1")
    put(s, "US", "25th")
    put(s, "JA", "55th")
    d = Driver(game_with(s, [5]))
    assert d.request.kind == "battle_plans"
    assert sub in d.board.bs.out


def test_battle_with_one_side_absent_ends_at_once():
    """Only US subs, kept out: no forces on the sheet; no length roll, no plans."""
    s = empty_state()
    sub = put(s, "US", "SS Gp 1")
    put(s, "JA", "DD Gp 1")
    d = Driver(game_with(s, []))
    d.answer(Decision(kind="battle_place_subs", targets={sub: "out"}))
    assert d.done and s.battle is None
    assert s.forces[sub].location == AREA


# --- length, plans per turn, purchase --------------------------------------------------------------


@pytest.mark.parametrize("face,turns", [(1, 1), (2, 1), (3, 2), (5, 2), (6, 3), (8, 3), (9, 4), (10, 4)])
def test_battle_length_table(face, turns):
    s = empty_state()
    put(s, "US", "Lexington")
    put(s, "JA", "Kaga")
    d = Driver(game_with(s, [face]))
    assert d.board.bs.length == turns
    assert d.game.dice.rolls[-1].stream == "ja" and d.game.dice.rolls[-1].purpose == "battle length"


def test_battle_length_never_below_the_minimum():
    from nimitz.engine.battle.turn import change_length

    s = empty_state()
    put(s, "US", "Lexington")
    put(s, "JA", "Kaga")
    d = Driver(game_with(s, [1]))
    change_length(d.board, -1, "test", "JA")
    assert d.board.bs.length == DATA.battle.min_turns == 1
    change_length(d.board, +9, "test", "JA")
    assert d.board.bs.length == 5


@pytest.mark.parametrize("n,plans", [(1, 1), (4, 1), (5, 2), (9, 2), (10, 3), (16, 3), (17, 4)])
def test_ja_plans_per_turn_from_the_force_count(n, plans):
    """Battalions and embarked infantry count; transports and carrier aircraft do not."""
    s = empty_state()
    put(s, "US", "Lexington")
    put(s, "JA", "Kaga")  # 1 force (+3 aircraft, not counted)
    for i in range(n - 1):
        battalion(s, embarked=i % 2 == 0)
    d = Driver(game_with(s, [5]))
    assert d.board.bs.ja_force_count == n
    assert d.board.bs.ja_plans_per_turn == plans
    assert len(d.board.bs.cup) == 28  # two counters of each of the 14 plans (R13)


def test_r12_plan_purchase():
    s = empty_state()
    s.sp = 5
    put(s, "US", "Lexington")
    put(s, "JA", "Kaga")
    d = Driver(game_with(s, [5], then_seeded=True))
    r = d.request
    assert r.kind == "battle_plans"
    for bad, match in [
        (Decision(kind="battle_plans", count=6), "R12"),
        (Decision(kind="battle_plans", forces=("damage_control",)), "R12"),  # 4 > 3 BPP
        (Decision(kind="battle_plans", count=1, forces=("furball", "furball")), "R12"),
        (Decision(kind="battle_plans", forces=("nope",)), "R12"),
    ]:
        with pytest.raises(IllegalDecision, match=match):
            r.check(bad)
    d.answer(Decision(kind="battle_plans", count=1, forces=("damage_control", "furball", "sonar")))
    assert s.sp == 4
    assert d.board.bs.us_bpp == 6
    assert [p.plan for p in d.board.bs.us_plans] == ["damage_control", "furball", "sonar"]


def test_passive_battle_runs_to_the_end():
    s = empty_state()
    put(s, "US", "Lexington")
    put(s, "JA", "Kaga")
    d = Driver(game_with(s))
    d.run(passive)
    assert s.battle is None
