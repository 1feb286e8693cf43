"""Soak: whole campaigns of every year played by the scripted US players (passive, sensible),
with the campaign invariants checked after every decision, and save / load / continue giving
the same campaign as straight play.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from nimitz.bot.orders import OrdersBot
from nimitz.engine.dice import SeededDice
from nimitz.model.invariants import state_problems
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import envelope_for, game_from_envelope, new_game
from nimitz.persist.saves import envelope_from_bytes, state_hash, to_bytes
from nimitz.policies import get_policy

YEARS = (1942, 1943, 1944, 1945)
SEEDS = range(1, 11)  # per year, policy and preset
MAX_DECISIONS = 5000


def campaign_problems(state, data) -> list[str]:
    """The invariants beyond state_problems: counters in one place, US airfield caps, SP, track."""
    out = list(state_problems(state, data))
    m = data.map
    sheet = data.year(state.year)
    stacked = Counter(fid for ids in state.ja_stacks.values() for fid in ids)
    out += [f"{fid} in the JA stacks {n} times" for fid, n in stacked.items() if n > 1]
    if state.battle is not None:
        fighting = Counter(state.battle.forces)
        out += [f"{fid} twice in the battle" for fid, n in fighting.items() if n > 1]
        for fid in state.battle.forces:
            # a force fighting must still be in the battle's area on the map (or gone)
            force = state.forces.get(fid)
            if force is not None and force.location != state.battle.area and force.location in m.area:
                out.append(f"{fid} fights in {state.battle.area} but stands in {force.location}")
    for area in m.areas:  # US airfield caps on the map (WC, HI, AU unlimited)
        if area.unlimited_airfield or area.home == "JA":
            continue
        lba = [f for f in state.at(area.code, "US") if sheet.cls[f.cls].type == "LBA"]
        if len(lba) > area.airfield:
            out.append(f"{area.code}: {len(lba)} US LBA on an airfield of {area.airfield}")
    if state.sp < 0:
        out.append(f"SP {state.sp}")
    if not 0 <= state.ja_track <= 15:
        out.append(f"track {state.ja_track}")
    return out


def pinned_problems(state, data) -> list[str]:
    """At the first movement request of a turn (US forces not yet moved since the moved markers
    went down at US Scouting), every JA INF or battalion in an area with US forces is marked
    moved (R3)."""
    sheet = data.year(state.year)
    out = []
    for area in data.map.areas:
        if not state.at(area.code, "US"):
            continue
        for f in state.at(area.code, "JA"):
            if sheet.cls[f.cls].type in ("INF", "BN") and not f.moved:
                out.append(f"{f.id} in {area.code} with US forces is not pinned")
    return out


def play(game, policy, limit=MAX_DECISIONS, check=None):
    """Answer requests with `policy` until the campaign ends (or `limit` decisions)."""
    n = 0
    while game.pending is not None and n < limit:
        game.answer(policy(game.pending, game))
        n += 1
        if check:
            check(game, n)
    return n


def invariant_checker(data, where: str):
    """After every decision: every campaign invariant; at each turn's first movement request,
    also the R3 pins."""
    first_movement = set()

    def check(g, n):
        problems = campaign_problems(g.state, data)
        if g.pending is not None and g.pending.kind == "movement" and g.state.turn not in first_movement:
            first_movement.add(g.state.turn)
            problems += pinned_problems(g.state, data)
        assert problems == [], f"{where}, decision {n} (turn {g.state.turn}, {g.state.step}): {problems}"

    return check


@pytest.mark.slow
@pytest.mark.parametrize("policy_name, preset", [("passive", "map"), ("sensible", "map"), ("sensible", "rulebook")])
@pytest.mark.parametrize("year", YEARS)
def test_soak_invariants_after_every_decision(data, year, policy_name, preset):
    policy = get_policy(policy_name)
    for seed in SEEDS:
        game = new_game(data, year, seed, RulesProfile(order_modifiers=preset))
        where = f"{year} seed {seed} {policy_name} {preset}"
        assert campaign_problems(game.state, data) == [], where

        n = play(game, policy, check=invariant_checker(data, where))
        assert game.pending is None, f"{where}: not finished after {n} decisions"
        assert game.state.result, where
        assert len(game.state.held_history) == game.state.turn, where
        assert game.state.turn <= data.year(year).turns, where


@pytest.mark.parametrize(
    "year, seed, policy_name, cut",
    [
        (1942, 11, "sensible", 40),
        (1943, 12, "sensible", 60),
        (1944, 13, "passive", 25),
        (1945, 14, "sensible", 50),
    ],
)
def test_save_load_and_continue_gives_the_same_campaign(data, year, seed, policy_name, cut):
    """Save mid-campaign (envelope -> bytes -> envelope -> replayed game), continue both copies
    with the same policy: the same journal and the same final state as straight play."""
    policy = get_policy(policy_name)
    straight = new_game(data, year, seed, RulesProfile())
    play(straight, policy)
    game = new_game(data, year, seed, RulesProfile())
    play(game, policy, limit=cut)
    assert game.pending is not None, "cut after the end: pick a smaller cut"
    raw = to_bytes(envelope_for(game, "soak", seed, created="2026-01-01T00:00:00+00:00"))
    loaded = game_from_envelope(envelope_from_bytes(raw, "memory", data), data, "memory")
    assert state_hash(loaded.state) == state_hash(game.state)
    assert loaded.pending is not None and loaded.pending.kind == game.pending.kind
    play(loaded, policy)
    play(game, policy)
    assert state_hash(loaded.state) == state_hash(game.state) == state_hash(straight.state)
    assert [e.text for e in loaded.journal] == [e.text for e in straight.journal]
    assert loaded.state.result == straight.state.result


def movement_positions(data, year, seed, policy_name="sensible"):
    """Copies of the state at the first movement request of every turn of one campaign."""
    policy = get_policy(policy_name)
    game = new_game(data, year, seed, RulesProfile())
    out, seen = [], set()
    n = 0
    while game.pending is not None and n < MAX_DECISIONS:
        if game.pending.kind == "movement" and game.state.turn not in seen:
            seen.add(game.state.turn)
            out.append(copy.deepcopy(game.state))
        game.answer(policy(game.pending, game))
        n += 1
    return out


@pytest.mark.parametrize("year", YEARS)
def test_orders_step_properties_on_campaign_positions(data, year):
    """R2-R6 on real positions: the JA Orders step, run on each turn's position, gives every
    unmoved JA force an order (none in OK/IJ in 1945), keeps Japan out of WC and AU, keeps the
    last INF/LBA ashore in each area (not JA, EA), works areas in R3 order, moves each force at
    most once, and leaves the track at the clamped running sum of the orders carried out."""
    sheet = data.year(year)
    skip = set(sheet.special.no_ja_orders_in)
    for seed in range(1, 5):
        for state in movement_positions(data, year, seed):
            where = f"{year} seed {seed} turn {state.turn}"
            unmoved = {
                f.id
                for f in state.forces.values()
                if f.side == "JA" and not f.moved and f.location in data.map.area and f.location not in skip
            }
            ashore_before = {
                a.code
                for a in data.map.areas
                if a.home != "JA"
                and any(sheet.cls[f.cls].ashore_type and not f.embarked for f in state.at(a.code, "JA"))
            }
            bot = OrdersBot(state, data, SeededDice(state.dice))
            plan = bot.processing_order()
            assert plan == sorted(plan, key=lambda p: (p[1], data.map.order[p[0]])), where
            results = bot.run_step()
            assert [r.area for r in results] == sorted((r.area for r in results), key=[a for a, _ in plan].index), where
            given = [i for r in results for i in r.moved + r.held]
            added = {i for r in results for i in r.explanation.get("battalions_added", [])}
            assert len(given) == len(set(given)), f"{where}: a force got two orders"
            assert unmoved <= {f.id for f in state.forces.values() if f.moved}, where
            for fid in set(given) - added:
                assert fid in unmoved, f"{where}: {fid} was not free to take an order"
            for f in state.forces.values():
                if f.side == "JA":
                    assert f.location not in ("WC", "AU"), where
            for code in ashore_before:
                assert any(sheet.cls[f.cls].ashore_type and not f.embarked for f in state.at(code, "JA")), (
                    f"{where}: the last JA ashore left {code}"
                )
            track = 0
            for r in results:
                t = r.explanation["track"]
                assert t["before"] == track, where
                track = min(15, max(0, track + t["change"]))
                assert t["after"] == track, where
            assert state.ja_track == track, where
            assert state_problems(state, data) == [], where


# --- a random legal US player: exercises every movement rule the scripted players skip ------


def random_us(rng):
    """Random legal campaign answers (resupply, scouting, moves of every kind, raids, bombing,
    invasion), battle answers from the battle module's randomized policy."""
    from nimitz.engine.campaign import cls_of, move_problem
    from nimitz.model.journal import Decision
    from nimitz.policies.battle import randomized

    battle_policy = randomized(rng)

    def policy(request, game):
        state = game.state
        if request.kind == "resupply":
            if rng.random() < 0.3:
                return Decision("end_resupply")
            return rng.choice(request.options).decision
        if request.kind == "scouting":
            areas = request.info["areas"]
            return Decision("scout", areas=tuple(rng.choice(areas) for _ in range(request.info["points"])))
        if request.kind == "movement":
            if rng.random() < 0.05:
                return Decision("end_movement")
            movable = [state.forces[i] for i in request.info["movable"]]
            for _ in range(8):
                if not movable:
                    break
                f = rng.choice(movable)
                c = cls_of(game, f)
                if (
                    f.location == "HI"
                    and c.ashore_type
                    and sum(1 for g in state.at("HI", "US") if cls_of(game, g).ashore_type) <= 1
                ):
                    continue  # keep Hawaii garrisoned, so campaigns last
                special = []
                if c.type == "SS":
                    special.append(Decision("raid", forces=(f.id,)))
                if "strategic_bombing" in request.kinds and c.bomber_wing and f.location == "MA" and state.sp >= 1:
                    special.append(Decision("strategic_bombing", forces=(f.id,)))
                if "invade" in request.kinds and f.location in ("HI", "WC") and state.invaded_this_turn < 7:
                    special.append(Decision("invade", forces=(f.id,)))
                if special and rng.random() < 0.5:
                    return rng.choice(special)
                choices = special + [
                    Decision("move", forces=(f.id,), area=a.code)
                    for a in game.data.map.areas
                    if move_problem(game, f, a.code) is None
                ]
                if choices:
                    return rng.choice(choices)
            return Decision("end_movement")
        if request.kind in ("bombing_target", "battle_order"):
            return rng.choice(request.options).decision
        return battle_policy(request, game)

    return policy


@pytest.mark.slow
@pytest.mark.parametrize("year", YEARS)
def test_soak_random_legal_us_player(data, year):
    """Random legal US decisions, every one accepted by the engine, with every invariant (and the
    R3 pins) holding after each; the campaign always ends."""
    import random

    for seed in range(1, 9):
        rng = random.Random(seed * 1000 + year)
        policy = random_us(rng)
        game = new_game(data, year, seed, RulesProfile())
        where = f"{year} seed {seed} random"
        n = play(game, policy, check=invariant_checker(data, where))
        assert game.pending is None, f"{where}: not finished after {n} decisions"
