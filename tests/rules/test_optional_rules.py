"""Optional rules (docs/optional-rules.md; rulings R80-R86): weather, events, variable end, fog of war.

Each is off by default, uses its own dice stream, and changes only what its ruling says."""

from __future__ import annotations

import json

import attrs
import pytest
from rules_kit import fresh, of_type, place

from nimitz.engine import variants
from nimitz.engine.dice import ScriptedDice
from nimitz.model.state import RulesProfile, VariantState
from nimitz.persist.campaign_file import new_game
from nimitz.persist.players import bot_game
from nimitz.persist.saves import CONVERTER
from nimitz.policies import get_policy


def _play(data, year, seed, options=(), policy="sensible", until_turn=None):
    game = new_game(data, year, seed, RulesProfile(options=list(options)))
    chooser = get_policy(policy)
    while game.pending is not None:
        if until_turn is not None and game.state.turn > until_turn:
            break
        game.answer(chooser(game.pending, game))
    return game


def _game(data, year=1942, options=(), faces=()):
    state = fresh(data, year)
    state.rules.options = list(options)
    return bot_game(data, state, dice=ScriptedDice(list(faces)))


def test_no_option_no_new_state_and_no_new_stream(data):
    """Without options a campaign saves exactly as before: no variant state, no options key,
    no optional-rule dice stream (so old saves keep their hashes)."""
    game = _play(data, 1942, 5, until_turn=2)
    raw = CONVERTER.unstructure(game.state)
    assert "variant" not in raw and "options" not in raw["rules"]
    assert set(game.state.dice.streams) <= {"us", "ja", "bot"}


def test_variable_end_uses_its_own_stream(data):
    """R84 and the issue: an option rolls on its own stream, so up to its first roll the campaign
    is the same, entry for entry, as one played without it."""
    for seed in range(1, 40):
        varied = _play(data, 1943, seed, options=["variable-end"])
        rolls = [i for i, e in enumerate(varied.journal) if e.kind == "roll" and e.data["stream"] == "end"]
        if rolls:
            break
    else:
        pytest.fail("no campaign reached the end of turn 5")
    plain = _play(data, 1943, seed)
    first = rolls[0]
    assert [e.text for e in varied.journal[:first]] == [e.text for e in plain.journal[:first]]
    assert "end" in varied.state.dice.streams and "end" not in plain.state.dice.streams


@pytest.mark.parametrize(
    "start,face,after",
    [
        ("clear", 1, "hazy"),
        ("hazy", 1, "bad"),
        ("bad", 1, "bad"),
        ("bad", 6, "hazy"),
        ("clear", 6, "clear"),
        ("hazy", 3, "hazy"),
    ],
)
def test_weather_worsens_on_1_and_improves_on_6(data, start, face, after):
    """R80: 1d6 each turn after the first: 1 worsens one level, 6 improves one, clear-hazy-bad."""
    game = _game(data, options=["weather"], faces=[face])
    game.state.turn = 2
    game.state.variant = VariantState(weather=start)
    variants.turn_start(game)
    assert game.state.variant.weather == after


def test_weather_first_turn_is_clear_without_a_roll(data):
    """R80: the first turn is clear."""
    game = _game(data, options=["weather"], faces=[])
    game.state.turn = 1
    variants.turn_start(game)
    assert game.state.variant.weather == "clear"
    assert not game.dice.rolls


@pytest.mark.parametrize(
    "weather,roll,expected", [("clear", 3, 3), ("hazy", 3, 2), ("bad", 3, 1), ("bad", 1, 1), ("bad", 10, 8)]
)
def test_weather_shortens_contact_battle_length_roll(data, weather, roll, expected):
    """R81: hazy -1, bad -2 to the battle-length roll (a contact roll), never below 1."""
    game = _game(data, options=["weather"])
    game.state.variant = VariantState(weather=weather)
    assert variants.battle_length_roll(game, roll)[0] == expected


def _board_with(data, game, us_ids, ja_ids, area="MI"):
    from nimitz.engine.battle.board import Board
    from nimitz.model.battle import BattleState

    game.state.battle = BattleState(area=area)
    for fid in us_ids + ja_ids:
        game.state.battle.forces.append(fid)
    return Board(game)


def test_bad_weather_lowers_every_aircraft_attack_value_of_both_sides(data):
    """R81: in bad weather, aircraft attack values (dogfight, bombs) are one lower, both sides;
    ships' values are not changed."""
    game = _game(data, options=["weather"])
    lba_us = of_type(game.state, data, "US", "LBA", 1)
    lba_ja = of_type(game.state, data, "JA", "LBA", 1)
    ship = of_type(game.state, data, "US", "CRU", 1)
    board = _board_with(data, game, lba_us + ship, lba_ja)
    ship_clear = board.rating(ship[0], "surface")[0]
    game.state.variant = VariantState(weather="bad")
    checked = 0
    for p in lba_us + lba_ja:
        for r in ("dogfight", "ship"):
            full = getattr(data.year(1942).cls[game.state.forces[p].cls], r).full
            if not full:
                continue
            value, mods = board.rating(p, r)
            assert value.value == full.value - 1, (p, r)
            assert any("weather" in m["source"] for m in mods)
            checked += 1
    assert checked >= 2
    assert board.rating(ship[0], "surface")[0] == ship_clear


def test_storm_stops_air_attacks_in_its_area_only(data):
    """R82 storm: no air attacks in the storm's area this turn; elsewhere aircraft attack."""
    game = _game(data, options=["events"])
    lba = of_type(game.state, data, "US", "LBA", 1)
    storm = next(e.roll for e in data.optional_rules.events.event if e.kind == "storm")
    game.state.variant = VariantState(event=storm, event_area="MI")
    assert not board_value(data, game, lba[0], "MI")
    assert board_value(data, game, lba[0], "GI")


def board_value(data, game, pid, area):
    """The piece's first aircraft attack value that is not zero on the counter, as it stands."""
    board = _board_with(data, game, [pid], [], area=area)
    c = board.cls(pid)
    rating = next(r for r in variants.AIR_ATTACKS if getattr(c, r).full)
    return board.rating(pid, rating)[0]


def test_veterans_add_one_for_the_favoured_side_only(data):
    """R82 veterans: +1 to the named values of the favoured side's forces of that kind."""
    game = _game(data, options=["events"])
    us = of_type(game.state, data, "US", "LBA", 1)[0]
    ja = of_type(game.state, data, "JA", "LBA", 1)[0]
    board = _board_with(data, game, [us], [ja])
    r_us = next(r for r in variants.AIR_ATTACKS if getattr(board.cls(us), r).full)
    r_ja = next(r for r in variants.AIR_ATTACKS if getattr(board.cls(ja), r).full)
    before_us, before_ja = board.rating(us, r_us)[0], board.rating(ja, r_ja)[0]
    vets = next(
        e
        for e in data.optional_rules.events.event
        if e.kind == "veterans" and e.favours == "US" and e.who == "aircraft"
    )
    game.state.variant = VariantState(event=vets.roll)
    assert board.rating(us, r_us)[0].value == before_us.value + 1
    assert board.rating(ja, r_ja)[0] == before_ja


def test_engine_trouble_keeps_one_ship_in_port(data):
    """R82 engine trouble: the chosen US ship cannot move this turn, and the refusal says why."""
    from nimitz.engine.campaign import move_problem

    game = _game(data, options=["events"])
    ship = place(game.state, "HI", *of_type(game.state, data, "US", "CRU", 1))[0]
    trouble = next(e.roll for e in data.optional_rules.events.event if e.kind == "engine_trouble")
    game.state.variant = VariantState(event=trouble, event_force=ship.id)
    assert "engine trouble" in move_problem(game, ship, "MI")


def test_inspired_commander_gives_free_battle_plan_points(data):
    """R82 inspired commander: extra free BPP for the US in every battle this turn."""
    game = _game(data, options=["events"])
    inspired = next(e for e in data.optional_rules.events.event if e.kind == "inspired")
    assert variants.extra_bpp(game, "US") == 0
    game.state.variant = VariantState(event=inspired.roll)
    assert variants.extra_bpp(game, "US") == inspired.bpp
    assert variants.extra_bpp(game, "JA") == 0


def test_demanded_attack_not_made_costs_supply_points(data):
    """R83: ending movement without a landing battle while high command demands one costs SP;
    infantry on transports in an area with JA forces meets the demand."""
    demand = next(e.roll for e in data.optional_rules.events.event if e.kind == "attack_demanded")
    game = _game(data, options=["events"])
    game.state.sp = 5
    game.state.variant = VariantState(event=demand)
    variants.end_of_movement(game)
    assert game.state.sp == 5 - variants.ATTACK_PENALTY_SP

    game = _game(data, options=["events"])
    game.state.sp = 5
    game.state.variant = VariantState(event=demand)
    place(game.state, "GI", *of_type(game.state, data, "JA", "INF", 1))
    place(game.state, "GI", *of_type(game.state, data, "US", "INF", 1), embarked=True)
    variants.end_of_movement(game)
    assert game.state.sp == 5 and game.state.variant.attack_met


@pytest.mark.parametrize("face,ends", [(1, True), (2, True), (3, False), (6, False)])
def test_variable_end_after_turn_5(data, face, ends):
    """R84: after turn 5, 1d6: on 1-2 the campaign ends there and is evaluated then."""
    game = _game(data, options=["variable-end"], faces=[face])
    game.state.turn = 5
    assert variants.ends_early(game) is ends
    game = _game(data, options=["variable-end"], faces=[])
    game.state.turn = 4
    assert variants.ends_early(game) is False


def test_variable_end_evaluates_the_campaign_at_turn_5(data):
    """R84: a campaign that ends early is evaluated on the year's ladder after turn 5."""
    for seed in range(1, 60):  # most 1943 campaigns of the sensible player end before turn 5
        game = _play(data, 1943, seed, options=["variable-end"])
        if game.state.variant and game.state.variant.ended_early:
            assert game.state.turn == 5
            assert game.state.result and not game.state.result.startswith("Defeat")
            return
    pytest.fail("no seed in 1-59 ended early: the d6 should end a third of the campaigns that reach turn 5")


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_whole_campaigns_with_every_option_save_and_verify(tmp_path, year):
    """Every option together: whole campaigns play, save with their options, and `check`
    replays them to the same state (the options' streams are saved with the dice)."""
    from click.testing import CliRunner

    from nimitz.cli import cli

    runner = CliRunner()
    args = [
        "--saves",
        str(tmp_path),
        "autoplay",
        "--year",
        str(year),
        "--seed",
        "2",
        "--json",
        "--option",
        "weather",
        "--option",
        "events",
        "--option",
        "variable-end",
        "--save",
        "v",
    ]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["options"] == ["weather", "events", "variable-end"]
    checked = runner.invoke(cli, ["--saves", str(tmp_path), "check", "v"])
    assert checked.exit_code == 0, checked.output
    # shown wherever the campaign's rules are: `show` and the after-action report
    shown = runner.invoke(cli, ["--saves", str(tmp_path), "show", "v"]).output
    assert "Optional rules: Weather, Events, Variable end." in shown
    report = runner.invoke(cli, ["--saves", str(tmp_path), "aar", "v", "-o", "-"]).output
    assert "- optional rules: Weather, Events, Variable end (docs/optional-rules.md)" in report


# --- fog of war (R85, R86) ----------------------------------------------------------------------


def _fog_game(data, faces=()):
    game = _game(data, options=["fog-of-war"], faces=faces)
    game.state.turn = 1
    return game


def test_fog_hides_japanese_forces_where_no_us_force_watches(data):
    """R85: a JA stack with no US force in its area is a hidden stack of its real chips plus
    blanks from the d6 (1-3: one blank); US forces in an area see every JA force there."""
    from nimitz.engine import fog

    game = _fog_game(data, faces=[2])
    ja = place(game.state, "GI", *of_type(game.state, data, "JA", "INF", 2))
    place(game.state, "MI", *of_type(game.state, data, "JA", "CRU", 1))
    place(game.state, "MI", *of_type(game.state, data, "US", "CRU", 1))
    fog.refresh(game)
    view = fog.area_view(game.state, "GI")
    assert view.known == () and view.unknown_chips == 2 + 1
    assert fog.area_view(game.state, "MI") is None
    assert fog.hidden_forces(game.state) == {f.id for f in ja}


def test_fog_stack_keeps_its_blanks_until_its_forces_change(data):
    """R85: the blanks are drawn once and kept while the stack's forces stay; a change redraws."""
    from nimitz.engine import fog

    game = _fog_game(data, faces=[6, 4])
    inf = of_type(game.state, data, "JA", "INF", 2)
    place(game.state, "GI", inf[0])
    fog.refresh(game)
    assert game.state.variant.fog["GI"].blanks == 3
    fog.refresh(game)  # nothing moved: no new roll (a roll would take the 4)
    assert game.state.variant.fog["GI"].blanks == 3 and len(game.dice.rolls) == 1
    place(game.state, "GI", inf[1])
    fog.refresh(game)
    assert game.state.variant.fog["GI"].blanks == 2


def test_forces_seen_stay_revealed_until_they_move(data):
    """R85: a force the US has seen stays revealed while it stays where it was seen."""
    from nimitz.engine import fog

    game = _fog_game(data, faces=[1, 1])
    inf = place(game.state, "GI", *of_type(game.state, data, "JA", "INF", 1))[0]
    us = place(game.state, "GI", *of_type(game.state, data, "US", "CRU", 1))[0]
    fog.refresh(game)
    us.location = "HI"  # the US leaves: the area is hidden again, its force still known
    fog.refresh(game)
    view = fog.area_view(game.state, "GI")
    assert view.known == (inf.id,) and view.unknown_chips == 1  # the one blank
    inf.location = "NG"  # it moves: unknown again
    fog.refresh(game)
    assert fog.area_view(game.state, "NG").known == ()


@pytest.mark.parametrize(
    "dice,weather,turned",
    [
        ([3, 5], "clear", 3),  # 8 or less: the lower die, 3 chips
        ([4, 5], "clear", 0),  # 9: nothing
        ([3, 5], "hazy", 0),  # hazy: at most 7
        ([2, 4], "bad", 2),  # bad: at most 6
    ],
)
def test_recon_peek_turns_over_the_lower_die_in_chips(data, dice, weather, turned):
    """R85 and R81: a scouting point's 2d6 peek; a total of 8 or less (7 hazy, 6 bad) turns over
    as many chips as the lower die."""
    from nimitz.engine import fog

    # blanks d6 = 1 (one blank), the two peek dice, then one pick per chip turned over
    game = _fog_game(data, faces=[1] + dice + [1] * turned)
    game.state.rules.options = ["fog-of-war", "weather"]
    game.state.variant = VariantState(weather=weather)
    place(game.state, "GI", *of_type(game.state, data, "JA", "INF", 3))
    fog.refresh(game)
    fog.peek(game, "GI")
    stack = game.state.variant.fog["GI"]
    view = fog.area_view(game.state, "GI")
    assert len(view.known) + stack.blanks_seen == turned


def test_policies_never_see_hidden_forces(data):
    """R86: the scripted player plans on the US view, where hidden JA forces are off the map."""
    from nimitz.engine import fog
    from nimitz.policies import _USView

    game = _fog_game(data, faces=[1])
    hidden = place(game.state, "GI", *of_type(game.state, data, "JA", "INF", 1))[0]
    fog.refresh(game)
    view = _USView(game)
    assert view.state.forces[hidden.id].location == fog.UNSEEN
    assert game.state.forces[hidden.id].location == "GI"  # the real game is untouched


@pytest.mark.parametrize("year", [1942, 1945])
def test_fog_of_war_campaigns_save_and_verify(tmp_path, year):
    """Fog of war campaigns replay exactly (its blanks and peeks roll on the fog stream)."""
    from click.testing import CliRunner

    from nimitz.cli import cli

    runner = CliRunner()
    result = runner.invoke(
        cli,
        [
            "--saves",
            str(tmp_path),
            "autoplay",
            "--year",
            str(year),
            "--seed",
            "4",
            "--option",
            "fog-of-war",
            "--save",
            "f",
        ],
    )
    assert result.exit_code == 0, result.output
    assert runner.invoke(cli, ["--saves", str(tmp_path), "check", "f"]).exit_code == 0


@pytest.mark.parametrize(
    "edit,where",
    [
        (lambda s: s.rules.options.append("chess-clock"), "rules.options"),
        (lambda s: setattr(s.variant, "weather", "hurricane"), "variant.weather"),
        (lambda s: setattr(s.variant, "event", 11), "variant.event"),
        (lambda s: setattr(s.variant, "event_force", "US:Nobody"), "variant.event_force"),
        (lambda s: s.variant.revealed.update({"JA:Nobody": "GI"}), "variant.revealed"),
    ],
)
def test_a_save_with_impossible_optional_rule_state_is_refused(data, edit, where):
    """A hostile save: optional-rule state the engine would trip over is named, not followed."""
    from nimitz.model.validation import validate_state

    game = _game(data, options=["weather", "events", "fog-of-war"])
    game.state.variant = VariantState()
    assert validate_state(game.state, data) == []
    edit(game.state)
    assert any(where in p for p in validate_state(game.state, data))


def test_map_and_show_hide_the_stacks_the_fog_hides(data):
    """R86: the drawn map counts hidden stacks as unknown chips ('2?'), `show` names no hidden
    counter, and a Japanese decision naming a hidden force reads as hidden."""
    from nimitz.engine import fog
    from nimitz.model.journal import JournalEntry
    from nimitz.views.map import map_areas, map_text
    from nimitz.views.situation import last_turn_bot_text, situation_text

    game = _fog_game(data, faces=[1])
    hidden = place(game.state, "GI", *of_type(game.state, data, "JA", "INF", 1))[0]
    fog.refresh(game)
    area = map_areas(game.state, data)["GI"]
    assert area.ja == [] and area.hidden_chips == 2 and area.ja_count == "2?"
    assert "unknown chips" in map_text(game.state, data)
    text = situation_text(game.state, data).splitlines()
    gi = next(i for i, line in enumerate(text) if line.startswith("GI "))
    assert text[gi + 1] == "   JA: hidden stack: 2 unknown chips (some may be blanks)"
    entry = JournalEntry(
        seq=0,
        turn=1,
        step="orders",
        side="JA",
        kind="bot",
        text=f"GI: Hold ({hidden.name})",
        data={"held": [hidden.id]},
        year=1942,
    )
    assert hidden.name not in last_turn_bot_text([entry], game.state)
    assert fog.journal_seen([entry], game.state)[0].text == fog.HIDDEN_DECISION


@pytest.mark.parametrize("year,seed", [(1942, 2), (1944, 3)])
def test_the_bot_plays_the_same_under_fog_of_war(data, year, seed):
    """R86 and the issue: fog of war changes only what the US sees. The US decisions of a fog of
    war campaign, answered again without it, give the same Japanese decisions and the same
    rolls on every other stream, entry for entry."""
    from nimitz.model.journal import decisions_in

    foggy = _play(data, year, seed, options=["fog-of-war"])
    plain = new_game(data, year, seed, RulesProfile())
    for decision in decisions_in(foggy.journal):
        plain.answer(decision)

    def bot_and_rolls(game):
        return [
            (e.turn, e.step, e.kind, e.text)
            for e in game.journal
            if e.kind == "bot" or (e.kind == "roll" and e.data["stream"] != "fog")
        ]

    assert bot_and_rolls(plain) == bot_and_rolls(foggy)
    assert plain.state.result == foggy.state.result


def test_contact_reveals_a_hidden_stack_as_soon_as_us_forces_arrive(data):
    """R85: US forces moving into an area of a hidden stack see every Japanese force there at
    once, before movement ends (the engine redraws the fog after each move)."""
    from nimitz.engine import fog
    from nimitz.engine.campaign import move_problem
    from nimitz.model.journal import Decision

    game = new_game(data, 1942, 7, RulesProfile(options=["fog-of-war"]))
    chooser = get_policy("sensible")
    while game.pending.kind != "movement":
        game.answer(chooser(game.pending, game))
    hidden = {a for a in game.data.map.area if fog.area_view(game.state, a) is not None}
    move = next(
        (f, a)
        for f in game.state.forces.values()
        if f.side == "US" and not f.moved and f.location in game.data.map.area
        for a in sorted(hidden)
        if move_problem(game, f, a) is None
    )
    game.answer(Decision("move", forces=(move[0].id,), area=move[1]))
    assert game.pending.kind == "movement"  # still moving
    assert fog.area_view(game.state, move[1]) is None
    assert all(f.id not in fog.hidden_forces(game.state) for f in game.state.at(move[1], "JA"))


def test_list_names_the_optional_rules_and_replay_waits_under_fog(tmp_path):
    """The options are shown wherever a campaign's rules are (here `nimitz list`, text and
    JSON); `nimitz replay` of a fog of war campaign in progress is refused (R86): one message,
    exit 2, the save unchanged."""
    from click.testing import CliRunner

    from nimitz.cli import cli

    runner = CliRunner()
    base = ["--saves", str(tmp_path)]
    made = runner.invoke(
        cli, base + ["new", "--year", "1942", "--seed", "1", "--no-tui", "--name", "f", "--option", "fog-of-war"]
    )
    assert made.exit_code == 0, made.output
    runner.invoke(cli, base + ["new", "--year", "1942", "--seed", "1", "--no-tui", "--name", "p"])
    listed = runner.invoke(cli, base + ["list"]).output.splitlines()
    assert next(line for line in listed if line.startswith("f ")).endswith("(optional rules: fog of war)")
    assert "optional" not in next(line for line in listed if line.startswith("p "))
    rows = {c["name"]: c for c in json.loads(runner.invoke(cli, base + ["list", "--json"]).output)["campaigns"]}
    assert rows["f"]["options"] == ["fog-of-war"] and rows["p"]["options"] == []
    before = (tmp_path / "f.nimitz.json").read_bytes()
    refused = runner.invoke(cli, base + ["replay", "f"])
    assert refused.exit_code == 2 and "fog of war" in refused.output and "Traceback" not in refused.output
    assert (tmp_path / "f.nimitz.json").read_bytes() == before


def _veterans_cases(data):
    return [e for e in data.optional_rules.events.event if e.kind == "veterans"]


@pytest.mark.parametrize("roll", [4, 6, 7, 8, 9])
def test_each_veterans_event_adds_one_to_its_values_of_its_side_only(data, roll):
    """R82, every veterans entry of the table (JA pilots; US pilots, gunners, AAA crews,
    submariners and infantry): +1 to each named value of the favoured side's forces of that
    kind, and to nothing else (the other side, other kinds, other values)."""
    event = data.optional_rules.events.for_roll(roll)
    assert event.kind == "veterans"
    game = _game(data, year=1943, options=["events"])
    sheet = data.year(1943)
    pieces = [f.id for f in game.state.forces.values() if f.side in ("US", "JA")]
    board = _board_with(data, game, pieces, [])
    all_values = ("dogfight", "ship", "ground", "surface", "aaa", "infantry")
    before = {(p, r): board.rating(p, r)[0] for p in pieces for r in all_values}
    game.state.variant = VariantState(event=roll)
    raised = set()
    for (p, r), value in before.items():
        after = board.rating(p, r)[0]
        c = sheet.cls[game.state.forces[p].cls]
        if value and board.side(p) == event.favours and r in event.ratings and variants._veteran(event.who, c):
            assert after.value == value.value + 1, (event.name, p, r)
            raised.add(r)
        else:
            assert after == value, (event.name, p, r)
    assert raised == set(event.ratings)  # every named value met a force that has it


@pytest.mark.parametrize("roll", range(1, 11))
def test_every_event_is_drawn_logged_and_lasts_one_turn(data, roll):
    """R82: the d10 on the events stream draws the table's entry; the log names it, whom it
    helps and its effect in player words; the next turn's draw replaces it."""
    event = data.optional_rules.events.for_roll(roll)
    extra = [1] if event.kind in ("storm", "engine_trouble") else []  # the area, the ship
    game = _game(data, options=["events"], faces=[roll, *extra, 5])
    place(game.state, "HI", *of_type(game.state, data, "US", "CRU", 1))
    game.state.turn = 2
    variants.turn_start(game)
    line = next(e for e in game.journal if e.data.get("event"))
    helps = {"US": "helps the US", "JA": "helps Japan"}[event.favours]
    assert line.text.startswith(f"Event (d10 = {roll}, {helps}): {event.name}")
    effect = {
        "attack_demanded": "or lose 3 SP when movement ends",
        "storm": f"no air attacks in {data.map.areas[0].code} this turn",
        "engine_trouble": "in HI cannot move this turn",
        "veterans": f"+1 to {variants.veterans_words(event)} this turn" if event.kind == "veterans" else "",
        "inspired": f"{event.bpp} extra battle-plan points in every battle this turn",
        "quiet": event.name,
    }[event.kind]
    assert effect in line.text
    assert variants.event_now(game) == event and [r.stream for r in game.dice.rolls] == ["events"] * (1 + len(extra))
    game.state.turn = 3
    variants.turn_start(game)  # the next turn draws again: the scripted 5, a quiet week
    assert variants.event_now(game).kind == "quiet"
    assert game.state.variant.event_area == game.state.variant.event_force == ""


def test_a_quiet_week_changes_nothing(data):
    """R82, the quiet entry: no value, BPP, movement or demand changes."""
    quiet = next(e for e in data.optional_rules.events.event if e.kind == "quiet")
    game = _game(data, options=["events"])
    pieces = of_type(game.state, data, "US", "LBA", 1) + of_type(game.state, data, "JA", "CRU", 1)
    board = _board_with(data, game, pieces, [])
    before = [board.rating(p, r)[0] for p in pieces for r in ("dogfight", "ship", "surface", "aaa")]
    game.state.variant = VariantState(event=quiet.roll)
    assert [board.rating(p, r)[0] for p in pieces for r in ("dogfight", "ship", "surface", "aaa")] == before
    assert variants.extra_bpp(game, "US") == variants.extra_bpp(game, "JA") == 0
    assert not variants.attack_demand_open(game)
    assert all(variants.cannot_move(game, f) is None for f in game.state.forces.values())


def test_the_log_shows_each_turns_weather_and_event(data):
    """R80, R82 and the issue: every turn of a campaign with the optional rules logs one weather
    line (its roll after the first turn) and one event line; every optional-rule line (recon
    peeks, the demanded attack, the variable end too) is in player words (no ids)."""
    from nimitz.views.words import find_leaks

    game = _play(data, 1943, 3, options=["fog-of-war", "weather", "events", "variable-end"])
    turns = range(1, game.state.turn + 1)
    weather = [e for e in game.journal if e.kind == "event" and e.text.startswith("Weather: ")]
    events = [e for e in game.journal if e.kind == "event" and e.text.startswith("Event (d10 = ")]
    assert [e.turn for e in weather] == list(turns) == [e.turn for e in events]
    assert weather[0].text.startswith("Weather: clear (the first turn is always clear)")
    assert all(e.text.startswith(f"Weather: d6 = {e.data['face']}, ") for e in weather[1:])
    assert all(
        ("No effect." in e.text) == (e.data["weather"] == "clear") for e in weather[1:]
    )  # the effect in force is said
    streams = [r.stream for r in game.dice.rolls]
    assert streams.count("weather") == len(turns) - 1  # its own stream, one roll a turn after the first
    assert streams.count("events") >= len(turns)
    optional = [e for e in game.journal if {"R80", "R82", "R83", "R84", "R85"} & set(e.data.get("rulings", ()))]
    assert len(optional) > len(weather) + len(events)  # recon peeks, the demand, the variable end too
    for e in optional:
        assert not find_leaks(e.text), e.text


def test_lab_takes_options_and_names_them(tmp_path):
    """`nimitz lab --option NAME` plays its campaigns with the option and its tables say so."""
    from click.testing import CliRunner

    from nimitz.cli import cli

    out = CliRunner().invoke(
        cli, ["lab", "--year", "1942", "--runs", "2", "--jobs", "1", "--option", "weather", "--json"]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["summaries"][0]["rules"].endswith("optional rules: weather")


@pytest.mark.parametrize("year,seed", [(1942, 2), (1945, 1)])
def test_whenever_the_us_is_asked_the_fog_matches_the_map(data, year, seed):
    """R85/R86: at every US decision (mid-battle, strategic bombing's target, the moves) each
    Japanese force on the map is either watched by US forces in its area or in its area's hidden
    stack: none stands in plain sight because it moved since the fog was last drawn; the
    journal as the US reads it can be drawn at any moment."""
    from nimitz.engine import fog

    game = new_game(data, year, seed, RulesProfile(options=["fog-of-war"]))
    chooser = get_policy("sensible")
    asked = set()
    while game.pending is not None:
        state = game.state
        for f in state.forces.values():
            if f.side == "JA" and f.location in data.map.area and not state.at(f.location, "US"):
                stack = state.variant.fog.get(f.location)
                assert stack is not None and f.id in stack.forces, (state.step, f.name, f.location)
        asked.add(game.pending.kind)
        if len(game.journal) % 7 == 0:  # the journal as the US reads it is always at hand
            assert len(fog.journal_seen(game.journal, state)) == len(game.journal)
        game.answer(chooser(game.pending, game))
    assert {"movement", "scouting"} <= asked


def test_a_scouted_order_stays_readable_without_what_the_fog_hides(data):
    """R85/R86: the US watched a scouted order, so it reads it, even when the order's explanation
    names forces it could have picked but left in a hidden stack: those asides are taken out,
    with the Japanese counts of hidden areas among its candidates ('?')."""
    from nimitz.engine import fog
    from nimitz.model.journal import JournalEntry

    game = _fog_game(data, faces=[1, 1, 1])  # GI, ML, then GI again when one leaves
    left, moved = place(game.state, "GI", *of_type(game.state, data, "JA", "CRU", 2))
    place(game.state, "ML", *of_type(game.state, data, "JA", "INF", 1))
    fog.refresh(game)
    moved.location = "MI"
    place(game.state, "MI", *of_type(game.state, data, "US", "CRU", 1))
    fog.refresh(game)
    entry = JournalEntry(
        seq=0,
        turn=1,
        step="scouting",
        side="JA",
        kind="bot",
        text=f"Scouted order GI: Offensive: {moved.name} to MI",
        data={
            "scouted": True,
            "moved": [moved.id],
            "held": [],
            "selection": {"ships": {"limit": 1, "eligible": [left.id, moved.id]}},
            "candidates": [{"area": "MI", "ja_forces": 0}, {"area": "ML", "ja_forces": 1}],
        },
        year=1942,
    )
    (seen,) = fog.journal_seen([entry], game.state)
    assert seen.text == entry.text and "selection" not in seen.data
    assert seen.data["candidates"] == [{"area": "MI", "ja_forces": 0}, {"area": "ML", "ja_forces": "?"}]
    held = attrs.evolve(entry, data={**entry.data, "held": [left.id]})  # a hidden force in its text
    assert fog.journal_seen([held], game.state)[0].text == fog.HIDDEN_DECISION


def test_ending_movement_warns_of_high_commands_unmet_demand(data):
    """R83: a human player is warned before ending movement while the demanded attack is not
    set up (no US infantry on transports where Japanese forces stand); once it is, no warning."""
    from nimitz.views.stakes import movement_warnings

    demand = next(e.roll for e in data.optional_rules.events.event if e.kind == "attack_demanded")
    game = _game(data, options=["events"])
    game.state.variant = VariantState(event=demand)
    home, landing = of_type(game.state, data, "US", "INF", 2)
    place(game.state, "HI", home)
    assert any(f"costs {variants.ATTACK_PENALTY_SP} SP (R83)" in w for w in movement_warnings(game.state, data))
    place(game.state, "GI", *of_type(game.state, data, "JA", "INF", 1))
    place(game.state, "GI", landing, embarked=True)
    assert not any("R83" in w for w in movement_warnings(game.state, data))


@pytest.mark.parametrize("year,says", [(1942, "after turn 5 a die may end the campaign"), (1945, "only 4 turns")])
def test_the_briefing_says_what_the_variable_end_does_this_year(data, year, says):
    """R84: the briefing's word on the variable end; 1945 has four turns, so the die is never
    rolled and the briefing says so instead of promising it."""
    from nimitz.views.stakes import briefing

    state = fresh(data, year)
    state.rules.options = ["variable-end"]
    (paragraph,) = [text for head, text in briefing(state, data) if head == "Optional rules"]
    assert says in paragraph
