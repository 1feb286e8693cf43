"""Issue 13: the expert US player, its advice, and the difficulty presets (R5, R10 options,
handicaps) that live in the save."""

from __future__ import annotations

import json

import attrs
import pytest

from nimitz.bot.orders import OrdersBot
from nimitz.cli import cli
from nimitz.engine.dice import ScriptedDice
from nimitz.model.difficulty import load_difficulties, load_raw
from nimitz.model.state import BATTALIONS, RulesProfile
from nimitz.persist.campaign_file import new_game
from nimitz.persist.saves import CONVERTER, read_save, state_hash
from nimitz.policies import get_policy, policy_names
from tests.rules.rules_kit import battalion, fresh, place

YEARS = (1942, 1943, 1944, 1945)


def _play(data, year, seed, policy, rules=None):
    game = new_game(data, year, seed, rules or RulesProfile())
    kinds = set()
    while game.pending is not None:
        kinds.add(game.pending.kind)
        game.answer(policy(game.pending, game))  # Game.answer raises IllegalDecision if illegal
    return game, kinds


# --- the expert never makes an illegal move ---------------------------------------------------


@pytest.mark.parametrize("year", YEARS)
@pytest.mark.parametrize("seed", [1, 2])
def test_expert_plays_whole_campaigns_without_an_illegal_decision(data, year, seed):
    game, kinds = _play(data, year, seed, get_policy("expert"))
    assert game.state.result
    assert "movement" in kinds and any(k.startswith("battle_") for k in kinds)  # battles answered too


@pytest.mark.slow
@pytest.mark.parametrize("year", YEARS)
def test_expert_soak_many_seeded_campaigns_every_year_and_preset(data, year):
    presets = load_difficulties()
    for seed in range(3, 9):
        preset = presets.preset[seed % len(presets.preset)]
        _play(data, year, seed, get_policy("expert"), presets.rules(preset.id))


def test_expert_with_look_ahead_plays_a_turn_legally_and_never_uses_the_campaign_dice(data):
    """The look-ahead forks the game with fresh dice: the real game's dice positions and journal
    are untouched by the rollouts."""
    game = new_game(data, 1942, 4, RulesProfile())
    policy = get_policy("expert", budget=1)
    while game.pending is not None and game.state.turn < 2:
        before = (state_hash(game.state), len(game.journal))
        decision = policy(game.pending, game)
        assert (state_hash(game.state), len(game.journal)) == before
        game.answer(decision)
    assert "expert" in policy_names()


# --- advice ------------------------------------------------------------------------------------


def test_advise_is_deterministic_for_a_save_and_changes_nothing(runner, saves_dir):
    args = ["--saves", str(saves_dir)]
    assert (
        runner.invoke(cli, args + ["new", "--year", "1942", "--seed", "3", "--no-tui", "--name", "adv"]).exit_code == 0
    )
    path = saves_dir / "adv.nimitz.json"
    before = path.read_bytes()
    first = runner.invoke(cli, args + ["advise", "adv", "--json"])
    second = runner.invoke(cli, args + ["advise", "adv", "--json"])
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    payload = json.loads(first.output)
    assert payload["request"] == "resupply"
    assert 2 <= 1 + len(payload["alternatives"]) <= 3
    for o in [payload["choice"], *payload["alternatives"]]:
        assert o["reason"] and 0 <= o["hawaii_lost"] <= 1 and o["objectives"] >= 0
        assert "_" not in o["decision"]  # said as a wargamer would, no internal ids
    assert path.read_bytes() == before
    text = runner.invoke(cli, args + ["advise", "adv"])
    assert text.exit_code == 0 and text.output.splitlines()[1].startswith("Expert: ")


def test_advice_looks_to_the_end_of_the_year_and_does_not_depend_on_the_worker_count(data):
    """Issue 13: advise plays its rollouts to the year's end; two forked workers give exactly
    the advice one process gives."""
    from nimitz.policies.lookahead import advice_payload, advise

    game = new_game(data, 1945, 2, RulesProfile())  # 1945: 4 turns, the quickest year to play out
    one = advice_payload(game, advise(game, 1, workers=1))
    two = advice_payload(game, advise(game, 1, workers=2))
    assert one == two
    assert one["choice"]["year_end"]


def test_advise_on_an_unknown_save_is_a_message(runner, saves_dir):
    result = runner.invoke(cli, ["--saves", str(saves_dir), "advise", "nope"])
    assert result.exit_code == 2 and "Traceback" not in result.output


# --- difficulty presets ----------------------------------------------------------------------


def test_rulebook_preset_is_the_default_profile_and_presets_are_valid():
    presets, problems = load_raw()
    assert problems == []
    assert presets.rules("rulebook") == RulesProfile()
    assert presets.label(RulesProfile()) == "Rulebook"
    assert presets.label(attrs.evolve(RulesProfile(), extra_supply=1)) == "custom"
    for p in presets.preset:  # every option of every preset is labelled and tied to a ruling
        assert set(p.options) == {o.field for o in presets.option}
    assert all(o.ruling in ("R1", "R5", "R10", "handicap") for o in presets.option)


def test_a_broken_preset_is_reported_by_data_check(tmp_path, monkeypatch):
    import shutil

    from nimitz.model import difficulty
    from nimitz.model.data import data_root

    shutil.copytree(data_root() / "campaigns", tmp_path / "campaigns")
    f = tmp_path / "campaigns" / "difficulty.toml"
    f.write_text(f.read_text().replace("extra_supply = 24", 'extra_supply = "lots"'))
    _, problems = difficulty.load_raw(tmp_path)
    assert any("preset.cadet.options.extra_supply" in p for p in problems)


def test_presets_round_trip_through_saves(runner, saves_dir, data):
    args = ["--saves", str(saves_dir)]
    result = runner.invoke(
        cli, args + ["new", "--year", "1943", "--seed", "2", "--no-tui", "--name", "cad", "--difficulty", "cadet"]
    )
    assert result.exit_code == 0, result.output
    from nimitz.persist.campaign_file import Session

    path = saves_dir / "cad.nimitz.json"
    cadet = load_difficulties().rules("cadet")
    assert read_save(path, data).header.rules == cadet
    assert Session.open(path, data).game.state.rules == cadet  # the replayed position too
    shown = runner.invoke(cli, args + ["show", "cad"]).output
    assert "Difficulty: Cadet" in shown
    assert "- difficulty: Cadet (" in runner.invoke(cli, args + ["aar", "cad"]).output


def test_default_options_are_left_out_of_saves_so_old_saves_keep_their_hash():
    raw = CONVERTER.unstructure(RulesProfile())
    assert set(raw) == {"order_modifiers", "ja_ties", "auto_reactive_plans"}
    assert CONVERTER.structure(raw, RulesProfile) == RulesProfile()
    changed = CONVERTER.unstructure(RulesProfile(battalion_pool="counters", extra_bpp=2))
    assert changed["battalion_pool"] == "counters" and changed["extra_bpp"] == 2


def test_unknown_difficulty_is_a_one_line_message(runner, saves_dir):
    result = runner.invoke(
        cli, ["--saves", str(saves_dir), "new", "--year", "1942", "--no-tui", "--difficulty", "impossible"]
    )
    assert result.exit_code == 2 and "choose from rulebook" in result.output


def test_r5_option_automatic_hold_leaves_the_track_when_switched_off(data):
    """R5 option: the automatic first Hold in an objective moves the track +4 (Rulebook) or not."""
    for moves, expected in ((True, 4), (False, 0)):
        state = fresh(data, 1942)
        state.rules = attrs.evolve(state.rules, objective_hold_track=moves)
        place(state, "NG", "JA:Kaga", "JA:55th")
        bot = OrdersBot(state, data, ScriptedDice([]))
        result = bot.order("NG", auto_hold=True)
        assert result.order == "Hold" and state.ja_track == expected
        assert result.explanation["track"]["change"] == expected


def test_r10_option_counters_only_uses_battalions_in_the_box(data):
    """R10 option 'counters': a missing INF is replaced only by a battalion from the box; with the
    box empty none appears (the Rulebook reading: the pool is unlimited)."""
    for pool, box, added in (("unlimited", 0, 1), ("counters", 0, 0), ("counters", 1, 1)):
        state = fresh(data, 1942)
        state.rules = attrs.evolve(state.rules, battalion_pool=pool)
        for _ in range(box):
            battalion(state, data, "JA", BATTALIONS)
        place(state, "SA", "US:Chester/Louisville", "JA:Kaga")
        place(state, "PH", "JA:16th", moved=True)
        place(state, "PH", "JA:Akagi", "JA:Mihoro")
        state.ja_track = 8
        result = OrdersBot(state, data, ScriptedDice([9])).order("PH", auto_hold=False)
        assert result.order == "Battle"
        assert len(result.explanation["battalions_added"]) == added, pool


def test_extra_supply_and_battle_plan_points_handicaps(data):
    game = new_game(data, 1942, 1, attrs.evolve(RulesProfile(), extra_supply=5, extra_bpp=3))
    assert game.pending.kind == "resupply" and game.state.sp == data.year(1942).us_supply + 5
    policy = get_policy("expert")
    while game.pending is not None and game.pending.kind != "battle_plans":
        game.answer(policy(game.pending, game))
    assert game.pending.info["free_bpp"] == 6


def test_advice_under_fog_of_war_uses_no_look_ahead(runner, saves_dir):
    """R86: the advice plans on what the US sees; rollouts would replay hidden forces, so under
    fog of war it gives the heuristics' choice and says there is no look-ahead."""
    args = ["--saves", str(saves_dir)]
    assert (
        runner.invoke(
            cli, args + ["new", "--year", "1943", "--seed", "2", "--no-tui", "--name", "fog", "--option", "fog-of-war"]
        ).exit_code
        == 0
    )
    payload = json.loads(runner.invoke(cli, args + ["advise", "fog", "--json"]).output)
    assert all(o["rollouts"] == 0 for o in [payload["choice"], *payload["alternatives"]])
    assert "fog of war" in runner.invoke(cli, args + ["advise", "fog"]).output


def test_every_preset_has_a_measured_chance_with_its_seeds():
    """The new-game dialog shows each preset's measured chance (expert policy) for every year,
    from campaigns/difficulty_measured.toml, with the seeds that reproduce it."""
    presets = load_difficulties()
    for p in presets.preset:
        m = presets.chance(p.id)
        assert m is not None and m.policy == "expert" and "-" in m.seeds
        assert m.command.startswith("nimitz lab ") and f"--difficulty {p.id}" in m.command
        assert sorted(y.year for y in m.years) == list(YEARS)
        assert all(0 <= y.historical_or_better <= y.campaigns for y in m.years)
        assert "%" in m.years[0].text() and "±" in m.years[0].text()


def test_expert_aircraft_strike_the_landing_on_an_island_we_hold():
    """R14, R21: Japan lands on Hawaii, which we hold; one Japanese infantry left ashore contests
    it and ends the campaign. The expert's aircraft strike the transports in the Coastal area (each
    hit is two on the infantry they carry); the sensible player goes for the carrier."""
    from nimitz.policies import battle, expert
    from tests.battle.battle_helpers import Driver, empty_state, game_with, put

    state = empty_state(1944)
    put(state, "US", "27th", "HI")
    put(state, "US", "MAG 21", "HI")
    put(state, "JA", "Zuiho", "HI")
    put(state, "JA", "105th", "HI", embarked=True)
    game = game_with(state)
    request = Driver(game, "HI").run(expert.heuristic, until=lambda r: r.kind == "battle_air")
    assert request is not None
    chosen = expert.heuristic(request, game)
    assert chosen.targets == {"US:MAG 21": "CO"}
    assert battle.sensible(request, game).targets == {"US:MAG 21": "JO"}
    assert "landing" in expert.reason(request, game, chosen)


def test_expert_flies_new_aircraft_to_hawaii_first_while_it_has_fewer_than_two(data):
    """R21 (Hawaii lost ends the campaign): Hawaii's garrison is two infantry and two aircraft; the
    expert's first moves bring West Coast aircraft to it, before Midway (held, with Japan next door
    at Wake) gets any."""
    from nimitz.engine.campaign import movement
    from nimitz.policies import expert
    from tests.rules.rules_kit import Step, fresh, game_with, of_type, place

    state = fresh(data, 1942)
    inf = of_type(state, data, "US", "INF", 3, australian=False)
    lba = of_type(state, data, "US", "LBA", 3, australian=False)
    place(state, "HI", *inf[:2])
    place(state, "MI", inf[2])
    place(state, "WC", *lba)
    place(state, "WI", "JA:2nd")
    game = game_with(data, state)
    step = Step(game, movement(game))
    moves = []
    for _ in range(2):
        d = expert.movement(step.request, game)
        moves.append((d.forces, d.area))
        step.send(d)
    assert moves == [((lba[0],), "HI"), ((lba[1],), "HI")]


@pytest.mark.parametrize(("gathered", "guns"), [(2, 0), (3, 2)])
def test_expert_keeps_gun_ships_at_hawaii_while_a_landing_force_gathers_next_to_it(data, gathered, guns):
    """R21, R14: three or more Japanese ground counters next to Hawaii can land there at the next
    JA Orders; in a one-turn battle only naval guns and aircraft hit their transports. The expert
    then brings gun ships to Hawaii and keeps them there; with fewer, the ships stay free."""
    from nimitz.engine.campaign import movement
    from nimitz.policies import expert
    from tests.rules.rules_kit import Step, battalion, fresh, game_with, of_type, place

    state = fresh(data, 1942)
    inf = of_type(state, data, "US", "INF", 2, australian=False)
    lba = of_type(state, data, "US", "LBA", 2, australian=False)
    cru = of_type(state, data, "US", "CRU", 2)
    place(state, "HI", *inf, *lba, cru[0])
    place(state, "WC", cru[1])
    place(state, "MI", "JA:2nd")
    for _ in range(gathered - 1):
        battalion(state, data, "JA", "MI")
    game = game_with(data, state)
    step = Step(game, movement(game))
    sit = expert.situation(game)
    assert expert.hawaii_guns(sit) == guns
    assert expert._can_leave(game, state.forces[cru[0]], sit) == (guns == 0)
    first = expert.movement(step.request, game)
    assert (first.forces == (cru[1],) and first.area == "HI") == (guns > 0)


@pytest.mark.parametrize("year", [1942, 1943, 1944, 1945])
def test_every_reason_the_expert_gives_says_why_in_players_words(data, year):
    """`a` shows the expert's reason for its answer (issue 10): over a whole campaign, every
    answer has its own reason (none falls back to "the first choice offered": the battle order,
    the invasion of Japan and strategic bombing once did) and no reason shows an internal id."""
    from nimitz.lab.runner import CampaignSpec, lab_game
    from nimitz.policies import expert
    from nimitz.views.words import find_leaks

    game = lab_game(CampaignSpec(year, 3, "expert"))
    kinds = set()
    request = game.start()
    while request is not None:
        decision = expert.heuristic(request, game)
        why = expert.reason(request, game, decision)
        kinds.add(decision.kind)
        assert why and why != "the first choice offered", (request.kind, decision.kind)
        assert not find_leaks(why), why
        request = game.answer(decision)
    # the answers that once had no reason of their own were all given
    assert {"battle", "invade", "strategic_bombing"} & kinds == (
        {"battle", "invade", "strategic_bombing"} if year == 1945 else {"battle"}
    )
