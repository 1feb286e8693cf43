"""The combat steps of a battle turn (facts 1.9): dogfight, AAA, bomb runs, torpedoes, depth
charges, naval guns, infantry. In each step and area both sides roll first (US, then Japan),
then Japan's losses are placed (bot, R14), then the US's (player, R15): fire is simultaneous
(ruling R36). Plan effects that act on rolls and hits are applied here from their data.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from functools import partial
from typing import Any

from nimitz.engine.battle import hits as H
from nimitz.engine.battle.board import AREA_NAMES, ENEMY, Board
from nimitz.engine.battle.reactive import offer
from nimitz.engine.requests import Option, Request
from nimitz.model.battle import AREAS, SEA_AREAS, PlanInPlay
from nimitz.model.data import Plan
from nimitz.model.journal import Decision
from nimitz.model.ratings import Rating

Gen = Generator[Request, Decision, Any]
STEPS = ("dogfight", "aaa", "bomb_runs", "torpedoes", "depth_charges", "naval_guns", "infantry")
STEP_NAMES = {
    "dogfight": "dogfight",
    "aaa": "AAA",
    "bomb_runs": "bomb runs",
    "torpedoes": "torpedoes",
    "depth_charges": "depth charges",
    "naval_guns": "naval guns",
    "infantry": "infantry",
}
SIDES = ("US", "JA")
_HITS_SCORED = {side: f"hits_scored_{side}" for side in SIDES}  # (BattleState.stats keys)


# What the shots of one side's volley share (made once a volley, not once a shot): the rating
# they fire with, the step, the area, what they fire at ("JA aircraft") and a note for their
# rolls' purpose (e.g. "extra roll (Anti-Aircraft)"). A plain tuple, as the shots are: an attrs
# object ran its __init__, a call from C into Python, for each of some 190 volleys a campaign
Aim = tuple[str, str, str, str, str]


# One shot: the piece that fires, the value it fires with, the modifiers of that value
# (Board.rating) and what the shots of its volley share. A plain tuple, not an object: a
# campaign fires some 450 shots, and an object ran its __init__ (a call from C into Python) for
# each; the exchange keeps their rolls, shot by shot, in lists of its own
Shot = tuple[str, Rating, list[dict[str, Any]], Aim]
Rated = tuple[str, tuple[Rating, list[dict[str, Any]]]]  # a piece and its Board.rating
_NO_SHOTS: list[Shot] = []  # (a side with no shots in an exchange; never changed)


def _purpose(board: Board, shot: Shot, rerolled: str = "") -> str:
    """What the shot's roll is for, as the roll's journal entry says; `rerolled`: "reroll
    (Envelop): " for each reroll plan, the latest first."""
    attacker, value, _mods, (rating_name, step, area, target_text, note) = shot
    extra = f" [{note}]" if note else ""
    return (
        f"{rerolled}{STEP_NAMES[step]}: {board.name(attacker)} ({rating_name} "
        f"{value}) vs {target_text} in {area}{extra}"
    )


def volley(
    board: Board,
    side: str,
    pids: list[str],
    rating: str,
    step: str,
    area: str,
    target_text: str,
) -> list[Shot]:
    """The shots of `side`'s pieces `pids`, in order, leaving out those whose value is 0 (the
    step's shots made in one pass: a battle fires a few hundred)."""
    rate = board.rating
    acting = board.rating_plans(side)
    aim = (rating, step, area, target_text, "")
    out = []
    for pid in pids:
        value, mods = rate(pid, rating, acting=acting)
        if value.value > 0:  # (not bool(value), without the call)
            out.append((pid, value, mods, aim))
    return out


def rated_shots(chosen: list[Rated], rating: str, step: str, area: str, target_text: str, note: str = "") -> list[Shot]:
    """The shots of the pieces a step picked by their value (`_able`, `_best`): the value each
    was picked by is the one it fires with."""
    aim = (rating, step, area, target_text, note)
    return [(pid, value, mods, aim) for pid, (value, mods) in chosen]


def step_order(board: Board) -> list[str]:
    """The combat steps this turn; a step_order plan in force moves a step (e.g. ASW)."""
    order = list(STEPS)
    for side in SIDES:
        for plan, pip in board.in_force(side, "step_order"):
            eff = plan.effect
            if eff["step"] in order and eff["before"] in order:
                order.remove(eff["step"])
                order.insert(order.index(eff["before"]), eff["step"])
                if side == "US":
                    pip.used = True
                if not board.game.skips("event"):  # (a lab game: not even its text)
                    board.game.log(
                        "event",
                        side,
                        f"{side} plan {plan.name}: {STEP_NAMES[eff['step']]} "
                        f"before {STEP_NAMES[eff['before']]} this turn",
                        {"plan": plan.id},
                    )
    return order


# --- the exchange: both sides roll, then hits are placed --------------------------------------


def exchange(
    board: Board,
    step: str,
    area: str,
    shots: Mapping[str, list[Shot]],
    targets: Callable[[str], list[H.Target]],
    *,
    foxholes_first: bool = False,
    auto_hits: dict[str, int] | None = None,
) -> Gen:
    """Roll every shot (each side's, made by `volley` or `rated_shots`), apply roll and hit
    plans, then place hits on each side.

    `targets(defender)` builds the defender's target list when its hits are placed."""
    scored: dict[str, int] = {}
    roll = board.game.dice.roll
    # (whether a roll's entry is made, and so its purpose needed, holds for the whole exchange:
    # asked once; the shots are rolled here, in order, not in a call per side)
    named = board.game.makes("roll")
    for side in SIDES:
        side_shots = shots.get(side, _NO_SHOTS)
        n = 0
        faces: list[int] = []  # each shot's roll, and the hits it scores
        hits: list[int] = []
        if side_shots:
            stream = "us" if side == "US" else "ja"
            for shot in side_shots:
                face = roll(stream, 10, _purpose(board, shot) if named else "")
                faces.append(face)
                scores = shot[1].by_face[face]
                hits.append(scores)
                n += scores
            if board.has_plans(side, "reroll"):  # (most battles: no reroll plan at all)
                yield from _rerolls(board, side, step, area, side_shots, faces, hits)
                n = sum(hits)
        if side_shots and side == "JA" and step == "bomb_runs":  # (no bomber: no kamikaze hit)
            n += _kamikaze_extra(board, side, step, area, side_shots)
        if auto_hits:
            n += auto_hits.get(side, 0)
        if n > 0 and board.has_plans(side, "extra_hit_after_hit"):
            plans = _extra_hit_plans(board, side, step)
            if plans:  # (most steps: none of the side's plans acts in it, no generator made)
                n += yield from _extra_hits(board, side, step, area, n, targets, plans)
        scored[side] = n
        if side_shots or n:
            stats = board.state.battle.stats
            key = _HITS_SCORED[side]
            stats[key] = stats.get(key, 0) + n
            # a lab game skips the entry: its rolls' records are not even built
            if not board.game.skips("event"):
                board.game.log(
                    "event",
                    side,
                    f"{STEP_NAMES[step]} in {area}: {side} scores {n} hit(s) with {len(side_shots)} roll(s)",
                    {
                        "step": step,
                        "area": area,
                        "side": side,
                        "hits": n,
                        "rolls": [
                            {
                                "attacker": attacker,
                                "rating": str(value),
                                "face": face,
                                "hits": scores,
                                "modifiers": mods,
                                "note": aim[4],  # (its volley's note: Aim)
                            }
                            for (attacker, value, mods, aim), face, scores in zip(side_shots, faces, hits, strict=True)
                        ],
                    },
                )
    ctx = {"step": step, "area": area}
    if scored.get("US"):
        yield from H.ja_hits(board, targets("JA"), scored["US"], ctx, foxholes_first)
    if scored.get("JA"):
        yield from H.us_takes_hits(board, targets("US"), scored["JA"], ctx, foxholes_first)


def _rerolls(
    board: Board, side: str, step: str, area: str, shots: list[Shot], faces: list[int], hits: list[int]
) -> Gen:
    """reroll plans: the US is offered Envelop / Sonar (R16); Japan rerolls its worst miss. A
    shot rolled again has its face and hits changed in `faces` and `hits` (the exchange's)."""
    if not _improvable(shots, hits):
        return
    if side == "US":
        plans = [(p, pip) for p, pip in board.us_held("reroll") if step in p.effect["steps"]]
    else:
        plans = [(p, pip) for p, pip in board.ja_in_force("reroll") if step in p.effect["steps"]]
    rerolled: dict[int, str] = {}  # shot index -> "reroll (Envelop): " for each plan, the latest first
    for plan, pip in plans:
        improvable = _improvable(shots, hits)
        if not improvable:
            return
        best = max(improvable, key=lambda i: (shots[i][1].value, shots[i][1].superior))
        if side == "US":
            options = [
                Option(
                    Decision(kind="battle_reactive", choice=plan.id, forces=(shots[i][0],)),
                    f"{plan.name}: roll {board.name(shots[i][0])}'s {faces[i]} again",
                )
                for i in improvable
            ]
            chosen = yield from offer(
                board,
                f"{plan.name} (roll again)",
                options,
                Decision(kind="battle_reactive", choice=plan.id, forces=(shots[best][0],)),
                {
                    "step": step,
                    "area": area,
                    "rolls": [
                        {"attacker": s[0], "face": face, "hits": scores, "rating": str(s[1])}
                        for s, face, scores in zip(shots, faces, hits, strict=True)
                    ],
                },
            )
            if chosen is None:
                continue
            i = next(i for i in improvable if shots[i][0] == chosen.forces[0])
        else:
            i = best
        pip.used = True
        old = faces[i]
        rerolled[i] = f"reroll ({plan.name}): " + rerolled.get(i, "")
        game = board.game
        # only the roll's journal entry reads its purpose: a lab game, which skips it, keeps the
        # roll without one
        faces[i] = face = game.dice.roll(
            "us" if side == "US" else "ja", 10, _purpose(board, shots[i], rerolled[i]) if game.makes("roll") else ""
        )
        hits[i] = shots[i][1].by_face[face]
        if not game.skips("event"):  # (a lab game: not even its text)
            game.log(
                "event",
                side,
                f"{side} plan {plan.name}: {board.name(shots[i][0])} rolls again ({old} -> {face}, {hits[i]} hit(s))",
                {"plan": plan.id, "old": old, "new": face},
            )


def _improvable(shots: list[Shot], hits: list[int]) -> list[int]:
    """The indices of the shots a reroll can improve: a miss, or a hit short of a superior
    value's two."""
    return [i for i, s in enumerate(shots) if hits[i] < (2 if s[1].superior else 1)]


def _extra_hit_plans(board: Board, side: str, step: str) -> list[tuple[Plan, PlanInPlay]]:
    """The side's extra_hit_after_hit plans that act in `step` (held by the US, in force for Japan)."""
    held = board.us_held("extra_hit_after_hit") if side == "US" else board.ja_in_force("extra_hit_after_hit")
    acting = []  # (a loop: a comprehension is a call of its own, and the US asks at most steps)
    for entry in held:
        if entry[0].effect["step"] == step:
            acting.append(entry)
    return acting


def _extra_hits(
    board: Board,
    side: str,
    step: str,
    area: str,
    n: int,
    targets: Callable[[str], list[H.Target]],
    plans: list[tuple[Plan, PlanInPlay]],
) -> Gen:
    """extra_hit_after_hit plans (`_extra_hit_plans`): the US is offered AAA / Diving Attack /
    Furball / Ranging Shots."""
    extra = 0
    room = sum(t.capacity for t in targets(ENEMY[side]))
    if room <= n:
        return 0
    if side == "US":
        for plan, pip in plans:
            eff = plan.effect
            if not board.requirement_met(side, eff["requires"]):
                continue
            d = Decision(kind="battle_reactive", choice=plan.id, area=area)
            chosen = yield from offer(
                board,
                f"{plan.name} (+{eff['hits']} hit in {area})",
                [Option(d, f"{plan.name}: +{eff['hits']} hit on Japan in {area}")],
                d,
                {"step": step, "area": area, "hits_scored": n},
            )
            if chosen is None:
                continue
            pip.used = True
            extra += eff["hits"]
            if not board.game.skips("event"):  # (a lab game: not even its text)
                board.game.log(
                    "event",
                    "US",
                    f"US plan {plan.name}: +{eff['hits']} hit in {area}",
                    {"plan": plan.id, "step": step, "area": area},
                )
    else:
        for plan, pip in plans:
            eff = plan.effect
            if board.requirement_met(side, eff["requires"]):
                pip.used = True
                extra += eff["hits"]
    return extra


def kamikaze_plan(board: Board, *, need_targets: bool = True) -> Plan | None:
    """The JA kamikaze plan in force this turn and in effect this year, if any; with
    `need_targets`, only while US ships remain for it to strike (facts 1.10)."""
    for plan, _pip in board.ja_in_force("kamikaze"):
        eff = plan.effect
        if board.state.year < eff["min_year"]:
            continue
        if need_targets and not board.requirement_met("JA", eff["requires"]):
            continue
        return plan
    return None


def _kamikaze_extra(board: Board, side: str, step: str, area: str, shots: list[Shot]) -> int:
    if side != "JA" or step != "bomb_runs" or area not in SEA_AREAS:
        return 0
    plan = kamikaze_plan(board)
    if plan is None:
        return 0
    # every bomber that attacks a ship adds the extra hit, whether its roll hits or misses:
    # a miss gives 1 hit, a hit 2, a superior hit 3 (facts 1.10 Kamikaze and its worked example)
    extra: int = len(shots) * plan.effect["extra_hits_per_bomber"]
    done = board.state.battle.done
    for attacker, _value, _mods, _aim in shots:
        if attacker not in done:
            done.append(attacker)  # marked; destroyed after the bomb runs
    if extra and not board.game.skips("event"):  # (a lab game: not even its text)
        board.game.log(
            "event",
            "JA",
            f"Kamikaze Attacks: +{extra} hit(s) on US ships in {area}, one per attacking bomber",
            {"plan": plan.id, "extra": extra},
        )
    return extra


# --- the steps ---------------------------------------------------------------------------------


def _boxes_flown(board: Board, side: str) -> set[str | None]:
    """The boxes the side's aircraft are in, asked once a step: the steps that go area by area
    then skip at once the areas where nobody flies (most of them; no aircraft moves in a step)."""
    return set(map(board.state.battle.positions.get, board.aircraft(side)))


def _boxes_flown_by_either(board: Board) -> set[str | None]:
    """_boxes_flown of both sides, in one set (one call, no union made)."""
    box = board.state.battle.positions.get
    flown = set(map(box, board.aircraft("US")))
    flown.update(map(box, board.aircraft("JA")))
    return flown


def dogfight(board: Board, areas: tuple[str, ...] = AREAS) -> Gen:
    us_flown, ja_flown = _boxes_flown(board, "US"), _boxes_flown(board, "JA")
    for area in areas:
        if area not in us_flown or area not in ja_flown:
            continue
        us = board.flying("US", area)
        if not us:
            continue
        ja = board.flying("JA", area)
        if not ja:
            continue
        shots = {
            "US": volley(board, "US", us, "dogfight", "dogfight", area, "JA aircraft"),
            "JA": volley(board, "JA", ja, "dogfight", "dogfight", area, "US aircraft"),
        }
        yield from exchange(board, "dogfight", area, shots, partial(H.aircraft_targets, board, area=area))


def _able(board: Board, side: str, pids: list[str], rating: str, vs_subs: bool = False) -> list[Rated]:
    """`side`'s pieces whose `rating` is above 0, in order, each with its value and modifiers
    (asked once: the choice of the best and their shots read the same answer)."""
    acting = board.rating_plans(side)
    out = []
    for p in pids:
        rated = board.rating(p, rating, vs_subs=vs_subs, acting=acting)
        if rated[0].value > 0:
            out.append((p, rated))
    return out


def _strongest_first(pr: Rated) -> tuple[int, int]:
    value = pr[1][0]
    return (-value.value, -value.superior)


def _best(able: list[Rated], k: int) -> list[Rated]:
    """The `k` strongest of `able` (a stable sort: board order among equals)."""
    return sorted(able, key=_strongest_first)[:k]


def aaa(board: Board, areas: tuple[str, ...] = SEA_AREAS, extra: bool = True) -> Gen:
    """Escort row, then carrier row; each aircraft is fired at at most once per row, so a row
    fires as many of its best AAA ships as there are enemy aircraft (facts 1.9, R35)."""
    flown = _boxes_flown_by_either(board)
    for area in areas:
        if area not in SEA_AREAS:
            continue  # no AAA against aircraft over the Island
        if area not in flown:
            continue  # (most areas: no aircraft, no AAA)
        rows: dict[str, tuple[list[str], list[str]]] = {}  # side -> its escorts and carriers here
        for i, row in enumerate(("escort", "carrier")):
            shots: dict[str, list[Shot]] = {}
            for side in SIDES:
                enemies = board.flying(ENEMY[side], area)  # (the escort row's hits may have downed some)
                if not enemies:
                    continue
                if side not in rows:  # (AAA hits aircraft only: the ships stay for both rows)
                    rows[side] = _aaa_rows(board, side, area)
                chosen = _best(_able(board, side, rows[side][i], "aaa"), len(enemies))
                shots[side] = rated_shots(chosen, "aaa", "aaa", area, f"{ENEMY[side]} aircraft", f"{row} row")
            if any(shots.values()):
                yield from exchange(board, "aaa", area, shots, partial(H.aircraft_targets, board, area=area))
    # extra_roll plans for the AAA step (the US's Anti-Aircraft; most turns neither side has one
    # in play, and no generator is made)
    if extra and (board.has_plans("US", "extra_roll") or board.has_plans("JA", "extra_roll")):
        yield from _extra_roll_step(board, "aaa", areas)


def _aaa_rows(board: Board, side: str, area: str) -> tuple[list[str], list[str]]:
    """The side's escorts and its carriers in `area`, in board order: AAA's two rows."""
    escorts = []
    carriers = []
    for p in board.ships(side, area):
        c = board.cls(p)
        if c.is_escort:
            escorts.append(p)
        if c.is_carrier:
            carriers.append(p)
    return escorts, carriers


def _extra_roll_step(board: Board, step: str, areas: tuple[str, ...]) -> Gen:
    for side in SIDES:
        for plan, pip in board.in_force(side, "extra_roll"):
            eff = plan.effect
            if eff["step"] != step or eff["uses"] != "any_ship_in_area":
                continue
            # the owner picks the ship: the best AAA, in the area with the most enemy aircraft
            best_area, best_count = None, 0
            for area in areas:
                if area not in SEA_AREAS:
                    continue
                n = len(board.flying(ENEMY[side], area))
                if n > best_count and any(board.rating(p, "aaa")[0] for p in board.ships(side, area)):
                    best_area, best_count = area, n
            if best_area is None:
                continue
            shots = rated_shots(
                _best(_able(board, side, board.ships(side, best_area), "aaa"), 1),
                "aaa",
                "aaa",
                best_area,
                f"{ENEMY[side]} aircraft",
                f"extra roll ({plan.name})",
            )
            pip.used = True
            yield from exchange(
                board, "aaa", best_area, {side: shots}, partial(H.aircraft_targets, board, area=best_area)
            )


def bomb_targets(board: Board, attacker_side: str, area: str) -> Callable[[str], list[H.Target]]:
    def build(defender: str) -> list[H.Target]:
        if area == "IS":
            return H.island_targets(board, defender, board.holds_island(ENEMY[defender]))
        return H.ship_targets(board, defender, area)

    return build


def has_bomb_targets(board: Board, defender: str, area: str) -> bool:
    """Whether `bomb_targets(...)(defender)` would find any, without building them."""
    if area == "IS":
        return H.has_island_targets(board, defender, board.holds_island(ENEMY[defender]))
    return H.has_ship_targets(board, defender, area)


def bomb_runs(board: Board, areas: tuple[str, ...] = AREAS) -> Gen:
    """Bombers use their ship value at sea and their ground value over the Island; aircraft never
    attack submarines (facts 1.9). A kamikaze plan adds hits and loses the attackers."""
    flown = _boxes_flown_by_either(board)
    for area in areas:
        if area not in flown:
            continue
        shots: dict[str, list[Shot]] = {}
        rating = "ground" if area == "IS" else "ship"
        for side in SIDES:
            bombers = board.flying(side, area)
            if not bombers or not has_bomb_targets(board, ENEMY[side], area):
                continue
            what = "the Island" if area == "IS" else f"{ENEMY[side]} ships"
            shots[side] = volley(board, side, bombers, rating, "bomb_runs", area, what)
        if any(shots.values()):

            def build_for(defender: str, a: str = area) -> list[H.Target]:
                return bomb_targets(board, ENEMY[defender], a)(defender)

            yield from exchange(board, "bomb_runs", area, shots, build_for)
    _kamikaze_losses(board)


def _kamikaze_losses(board: Board) -> None:
    """Every aircraft that attacked ships is lost, also when it sank the last US ship (facts 1.10):
    the plan's target requirement no longer holds then, but its attackers are still lost."""
    plan = kamikaze_plan(board, need_targets=False)
    if plan is None or not plan.effect["attackers_destroyed"]:
        return
    lost = [
        p for p in board.state.battle.done if board.alive(p) and board.side(p) == "JA" and board.box(p) in SEA_AREAS
    ]
    for p in lost:
        H.destroy(board, p)
        board.state.battle.done.remove(p)
    if lost and not board.game.skips("event"):  # (a lab game: not even its text)
        board.game.log(
            "event",
            "JA",
            f"Kamikaze Attacks: {len(lost)} aircraft that attacked ships are lost",
            {"plan": plan.id, "aircraft": lost},
        )


def _no_contact_blocks(board: Board, side: str, area: str, what: str) -> bool:
    """An enemy no_contact plan in force that blocks this side's `what` in `area`."""
    for plan, _pip in board.in_force(ENEMY[side], "no_contact"):
        if plan.effect["area"] == area and what in plan.effect["blocks"]:
            return True
    return False


def torpedoes(board: Board, areas: tuple[str, ...] = SEA_AREAS) -> Gen:
    if not board.has_subs("US") and not board.has_subs("JA"):
        return  # (most turns: no submarine on the board, nothing to ask area by area)
    for area in areas:
        shots: dict[str, list[Shot]] = {}
        for side in SIDES:
            subs = board.subs(side, area)
            if not subs:  # (most areas: nothing to ask of the plans or the targets)
                continue
            if _no_contact_blocks(board, side, area, "enemy_sub_attacks"):
                continue
            if not H.has_ship_targets(board, ENEMY[side], area):
                continue
            shots[side] = volley(board, side, subs, "surface", "torpedoes", area, f"{ENEMY[side]} ships")
        if any(shots.values()):
            yield from exchange(board, "torpedoes", area, shots, partial(H.ship_targets, board, area=area))


def depth_charges(board: Board, areas: tuple[str, ...] = SEA_AREAS) -> Gen:
    """Ships and submarines depth-charge enemy submarines; each sub is attacked once, so the
    best DC values fire, as many as there are enemy subs (facts 1.9)."""
    if not board.has_subs("US") and not board.has_subs("JA"):
        return  # (most turns: no submarine on the board, nothing to ask area by area)
    for area in areas:
        shots: dict[str, list[Shot]] = {}
        for side in SIDES:
            enemy_subs = board.subs(ENEMY[side], area)
            if not enemy_subs:
                continue
            attackers = [
                (p, rated)
                for p, rated in _able(board, side, board.ships(side, area), "dc", vs_subs=True)
                if not (board.cls(p).type == "SS" and _no_contact_blocks(board, side, area, "enemy_sub_attacks"))
            ]
            chosen = _best(attackers, len(enemy_subs))
            shots[side] = rated_shots(chosen, "dc", "depth_charges", area, f"{ENEMY[side]} submarines")
        if any(shots.values()):
            yield from exchange(board, "depth_charges", area, shots, partial(H.sub_targets, board, area=area))


def naval_targets(board: Board, defender: str) -> list[H.Target]:
    return H.ship_targets(board, defender, "CO") + H.island_targets(
        board, defender, board.holds_island(ENEMY[defender])
    )


def has_naval_targets(board: Board, defender: str) -> bool:
    return H.has_ship_targets(board, defender, "CO") or H.has_island_targets(
        board, defender, board.holds_island(ENEMY[defender])
    )


def naval_guns(board: Board) -> Gen:
    """Only ships in Coastal fire, at enemy ships there and enemy Island forces (facts 1.9)."""
    shots: dict[str, list[Shot]] = {}
    for side in SIDES:
        guns = [p for p in board.surface_ships(side, "CO") if board.cls(p).type != "TR"]
        if not guns or not has_naval_targets(board, ENEMY[side]):  # (most turns: no ships in Coastal)
            continue
        shots[side] = volley(board, side, guns, "surface", "naval_guns", "CO", f"{ENEMY[side]} ships and Island")
    if any(shots.values()):
        yield from exchange(board, "naval_guns", "CO", shots, lambda d: naval_targets(board, d))


def infantry_targets(board: Board, defender: str) -> list[H.Target]:
    return H.island_targets(board, defender, True)


def infantry(board: Board) -> Gen:
    """Infantry in the foxholes attack enemy infantry ashore and airfields; hits go to infantry
    in foxholes before any airfield (facts 1.9). Artillery and Charge plans act here."""
    shots: dict[str, list[Shot]] = {}
    auto: dict[str, int] = {}
    for side in SIDES:
        if not H.has_island_targets(board, ENEMY[side], True):
            continue
        shots[side] = volley(
            board, side, board.foxholes(side), "infantry", "infantry", "IS", f"{ENEMY[side]} Island forces"
        )
        for plan, pip in board.in_force(side, "automatic_hit"):
            eff = plan.effect
            if eff["step"] != "infantry" or not board.requirement_met(side, eff["requires"]):
                continue
            auto[side] = auto.get(side, 0) + eff["hits"]
            pip.used = True
            if not board.game.skips("event"):  # (a lab game: not even its text)
                board.game.log(
                    "event",
                    side,
                    f"{side} plan {plan.name}: {eff['hits']} sure hit(s) in the infantry step",
                    {"plan": plan.id},
                )
        for plan, pip in board.in_force(side, "extra_roll"):
            eff = plan.effect
            if eff["step"] != "infantry" or eff["uses"] != "any_infantry_in_foxholes":
                continue
            able = _able(board, side, board.foxholes(side), "infantry")
            if not able:
                continue
            shots[side] += rated_shots(
                _best(able, 1),
                "infantry",
                "infantry",
                "IS",
                f"{ENEMY[side]} Island forces",
                f"extra roll ({plan.name})",
            )
            pip.used = True
    if any(shots.values()) or auto:
        yield from exchange(
            board, "infantry", "IS", shots, lambda d: infantry_targets(board, d), foxholes_first=True, auto_hits=auto
        )


STEP_FUNCS = {
    "dogfight": dogfight,
    "aaa": aaa,
    "bomb_runs": bomb_runs,
    "torpedoes": torpedoes,
    "depth_charges": depth_charges,
    "naval_guns": naval_guns,
    "infantry": infantry,
}


def strike(board: Board, side: str, area: str, aircraft: list[str], enemy_dogfight: bool, takes_aaa: bool) -> Gen:
    """A First Light strike: the group flies to `area`, takes AAA (and dogfights if allowed),
    bombs, and goes back on deck having used its move for the turn."""
    bs = board.state.battle
    for p in aircraft:
        bs.positions.put(p, area)
    if enemy_dogfight:
        yield from dogfight(board, (area,))
    if takes_aaa:
        yield from aaa(board, (area,), extra=False)
    yield from bomb_runs(board, (area,))
    for p in aircraft:
        if board.alive(p):
            piece = bs.pieces.get(p)
            bs.positions.put(p, "DECK" if piece is not None else f"{side}_AF")
            if p not in bs.done:
                bs.done.append(p)


__all__ = ["STEPS", "STEP_FUNCS", "AREA_NAMES", "step_order", "strike"]
