"""One battle turn (facts 1.9): draw JA plans, turn-start plans (Battalion, First Light), US then
JA aircraft moves, combat, infantry advance, return aircraft, airfield losses, turn-end plans."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from nimitz.engine.battle import combat
from nimitz.engine.battle import hits as H
from nimitz.engine.battle.board import AREA_NAMES, ENEMY, Board
from nimitz.engine.battle.reactive import offer
from nimitz.engine.players import Losses
from nimitz.engine.requests import Option, Request
from nimitz.engine.setup import spare_battalion
from nimitz.errors import IllegalDecision
from nimitz.model.battle import AREAS, DECK, PlanInPlay
from nimitz.model.data import Plan
from nimitz.model.journal import Decision

Gen = Generator[Request, Decision, Any]
SIDES = ("US", "JA")
HOME = "home"
_BEACH = {side: f"{side}_BE" for side in SIDES}
_FOXHOLES = {side: f"{side}_FH" for side in SIDES}
_AIRFIELD = {side: f"{side}_AF" for side in SIDES}
# The parts of a battle turn as `state.step` names them ("battle:turn 2:bomb runs"): the combat
# steps by their id, the others by their words
_TURN_PARTS = {
    **{part: part for part in ("draw plans", "plans", "US aircraft", "JA aircraft")},
    **{step: step.replace("_", " ") for step in combat.STEPS},
    **{part: part for part in ("infantry advance", "return aircraft", "airfield losses", "end")},
}
_STEP_NAMES: dict[int, dict[str, str]] = {}  # turn -> part -> its step name (_step_names)


def _step_names(turn: int) -> dict[str, str]:
    """Every part's `state.step` in battle turn `turn`: the same in every battle, so made once
    per turn number instead of formatted at every step of every turn."""
    names = _STEP_NAMES.get(turn)
    if names is None:
        names = _STEP_NAMES[turn] = {part: f"battle:turn {turn}:{words}" for part, words in _TURN_PARTS.items()}
    return names


def battle_turn(board: Board) -> Gen:
    bs = board.state.battle
    bs.turn += 1
    bs.done = []
    bs.us_playing = []
    t = bs.turn
    st = board.state
    steps = _step_names(t)
    # 1. JA plans
    st.step = steps["draw plans"]
    japan = board.game.japan
    got, expl = japan.draw_plans(board)
    for pid in got:
        bs.ja_plans.append(PlanInPlay(plan=pid, side="JA", turn=t))
    if not board.game.skips("bot"):  # (a lab game: the bot explained nothing)
        board.game.log("bot", "JA", expl["text"], expl)
    # 2. plans acting at the start of the turn
    st.step = steps["plans"]
    battalions(board)
    # (a plan kind neither side has in play does nothing: most turns, no generator is made for it)
    if board.has_plans("JA", "first_light") or board.has_plans("US", "first_light"):
        yield from first_light(board)
    # 3. US aircraft (and the plans the player plays this turn)
    st.step = steps["US aircraft"]
    yield from us_air(board)
    # 4. JA aircraft
    st.step = steps["JA aircraft"]
    moves, expls = japan.move_aircraft(board)
    for e in expls:
        if not board.game.skips("bot"):  # (a lab game: the bot explained nothing)
            board.game.log("bot", "JA", e["text"], e)
    for m in moves:
        for p in m["aircraft"]:
            bs.positions.put(p, m["area"])
    # 5. combat
    for step in combat.step_order(board):
        st.step = steps[step]
        yield from combat.STEP_FUNCS[step](board)
    # 6. infantry advance, return aircraft, airfield losses
    st.step = steps["infantry advance"]
    infantry_advance(board)
    st.step = steps["return aircraft"]
    yield from return_aircraft(board)
    st.step = steps["airfield losses"]
    yield from airfield_losses(board)
    # 7. plans at the end of the turn
    st.step = steps["end"]
    if board.has_plans("JA", "duration") or board.has_plans("US", "duration"):
        yield from duration(board)
    bs.us_playing = []


# --- turn start --------------------------------------------------------------------------------


def battalions(board: Board) -> None:
    """battalion plans: a battalion from the battalion box (R10) to the JA foxholes."""
    for side in SIDES:
        for plan, pip in board.in_force(side, "battalion"):
            eff = plan.effect
            if not board.requirement_met(side, eff["requires"]):
                continue
            placed = []
            bs = board.state.battle
            for _ in range(eff["count"]):
                f = spare_battalion(board.state, board.sheet, side, bs.area)
                if f is None:
                    break
                f.location = bs.area
                f.damaged = False
                f.embarked = False
                bs.forces.append(f.id)
                bs.positions.put(f.id, f"{side}_FH" if eff["to"] == "ja_foxholes" else eff["to"])
                placed.append(f.id)
            pip.used = True
            what = (
                f"{', '.join(placed)} to the foxholes"
                if placed
                else "no battalion left in the battalion box (R10 counters option)"
            )
            if not board.game.skips("event"):  # (a lab game: not even its text)
                board.game.log(
                    "event",
                    side,
                    f"{side} plan {plan.name}: {what}",
                    {"plan": plan.id, "forces": placed, "rulings": ["R10"]},
                )


def first_light(board: Board) -> Gen:
    ja = board.ja_in_force("first_light")
    us = board.us_held("first_light")
    if ja and us and (ja[0][0].effect["mutual_cancel"] or us[0][0].effect["mutual_cancel"]):
        for _p, pip in ja + us:
            pip.used = True
        if not board.game.skips("event"):  # (a lab game: not even its text)
            board.game.log(
                "event",
                "",
                "both sides hold First Light: both plans are discarded",
                {"plans": [p.id for p, _ in ja + us]},
            )
        return
    for plan, pip in ja:
        yield from ja_first_light(board, plan, pip)
    for plan, pip in us:
        yield from us_first_light(board, plan, pip)


def _first_light_roll(board: Board, side: str, plan: Plan) -> bool:
    need = plan.effect["roll_min"]
    if not need:
        return True
    roll = board.game.dice.roll("us" if side == "US" else "ja", 10, f"{plan.name}: {need}+ to strike")
    ok: bool = roll >= need
    if not board.game.skips("event"):  # (a lab game: not even its text)
        board.game.log(
            "event",
            side,
            f"{side} {plan.name}: rolled {roll}, "
            + ("strike!" if ok else ("no strike; kept for next turn" if plan.effect["keep_on_fail"] else "no strike")),
            {"roll": roll, "need": need},
        )
    return ok


def ja_first_light_strike(board: Board, plan: Plan) -> tuple[str | None, str | None, dict[str, Any]]:
    """Japan's First Light strike once its roll succeeded: the carrier with the most aircraft,
    and the plan's area stepped to one with a target (`nimitz bot first-light` shows it too)."""
    eff = plan.effect
    carrier, expl = board.game.japan.first_light_carrier(board)
    area: str | None = None
    aexpl: dict[str, Any] = {}
    if carrier is not None:
        area, aexpl = board.game.japan.first_light_area(board, eff["area"] if eff["area"] != "any" else "UO")
    expl.update({"plan": plan.id, "area": aexpl})
    expl["text"] = (
        f"JA First Light: {board.name(carrier)}'s aircraft strike {area}"
        if carrier and area
        else "JA First Light: no carrier aircraft or no target; no strike"
    )
    return carrier, area, expl


def ja_first_light(board: Board, plan: Plan, pip: PlanInPlay) -> Gen:
    eff = plan.effect
    if not _first_light_roll(board, "JA", plan):
        if not eff["keep_on_fail"]:
            pip.used = True
        return
    pip.used = True
    carrier, area, expl = ja_first_light_strike(board, plan)
    board.game.log("bot", "JA", expl["text"], expl)
    if carrier is None or area is None:
        return
    group = [p for p in board.on_deck(carrier)]
    yield from combat.strike(board, "JA", area, group, eff["enemy_dogfight"], eff["takes_aaa"])
    # ruling R60: airfield hits apply before the LBA attack (facts 1.10 First Light)
    yield from airfield_losses(board, ("US",))
    if not eff["replaces_move"]:
        board.state.battle.done = [p for p in board.state.battle.done if p not in group]


def us_first_light(board: Board, plan: Plan, pip: PlanInPlay) -> Gen:
    eff = plan.effect
    carriers = [c for c in board.carriers("US") if board.on_deck(c)]
    if carriers and eff["attackers"] == "carrier_most_aircraft":
        most = max(len(board.on_deck(c)) for c in carriers)
        carriers = [c for c in carriers if len(board.on_deck(c)) == most]
    if not carriers:
        return  # nothing to strike with: keep the plan
    if not _first_light_roll(board, "US", plan):
        if not eff["keep_on_fail"]:
            pip.used = True
        return
    candidates = AREAS if eff["area"] == "any" else (eff["area"],)
    areas = [a for a in candidates if not combat._no_contact_blocks(board, "US", a, "enemy_aircraft")]
    options = []
    for c in carriers:
        for a in areas:
            if combat.has_bomb_targets(board, "JA", a):
                options.append(
                    Option(
                        Decision(kind="battle_first_light", forces=(c,), area=a),
                        f"{board.name(c)}'s aircraft strike {AREA_NAMES[a]}",
                    )
                )
    if not options:
        board.game.log("event", "US", "First Light: no target for a strike; the plan is kept", {})
        return
    decline = Option(Decision(kind="battle_first_light", choice="decline"), "no strike now: keep the plan")
    allowed = {o.decision for o in options} | {decline.decision}

    def checker(d: Decision) -> None:
        if d not in allowed:
            raise IllegalDecision(
                f"{d.describe()!r}: choose one of the offered carrier and area pairs, or decline",
                "facts 1.10 First Light",
            )

    d = yield Request(
        kind="battle_first_light",
        step=board.state.step,
        prompt="First Light: which carrier's aircraft strike, and where?",
        options=options + [decline],
        info={"rulings": ["facts 1.10"]},
        checker=checker,
        kinds=("battle_first_light",),
    )
    if d.choice == "decline":
        return
    pip.used = True
    carrier, area = d.forces[0], d.area
    yield from combat.strike(board, "US", area, board.on_deck(carrier), eff["enemy_dogfight"], eff["takes_aaa"])
    yield from airfield_losses(board, ("JA",))  # ruling R60, as for Japan's First Light
    if not eff["replaces_move"]:
        board.state.battle.done = [p for p in board.state.battle.done if p.startswith("JA:")]


# --- aircraft moves ----------------------------------------------------------------------------


def playable_plans(board: Board) -> list[tuple[Plan, PlanInPlay]]:
    """US plans played by choice for a turn: not reactive, and not First Light (automatic)."""
    return [(p, pip) for p, pip in board.us_held() if not p.reactive and p.effect["kind"] != "first_light"]


# the one option offered for the US aircraft moves, made once (Options and Decisions are frozen)
_STAY_HOME = Option(Decision(kind="battle_air"), "every aircraft stays home, no plan played")


def us_air(board: Board) -> Gen:
    bs = board.state.battle
    home = board.at_home("US")
    if home:
        grounded = set(bs.done) | set(board.bombing_wings("US"))  # R64: the wings bomb Japan
        ready = [p for p in home if p not in grounded]
    else:
        ready = []
    plays = playable_plans(board)
    if not ready and not plays:
        return
    # (most turns Japan has no No Contact plan in force: not asked area by area)
    no_contact = board.has_plans("JA", "no_contact")
    blocked = [a for a in AREAS if combat._no_contact_blocks(board, "US", a, "enemy_aircraft")] if no_contact else []
    play_ids = [p.id for p, _ in plays]

    def checker(d: Decision) -> None:
        if d.area or d.count or d.choice:
            raise IllegalDecision(
                "answer with targets (aircraft id -> area or 'home') and forces (plan ids played this turn) only",
                "facts 1.9 Move US aircraft",
            )
        for pid, area in d.targets.items():
            if pid not in ready:
                raise IllegalDecision(
                    f"{pid!r} is not a US aircraft ready to fly this turn", "facts 1.9 Move US aircraft"
                )
            if area not in AREAS and area != HOME:
                raise IllegalDecision(
                    f"{board.name(pid)}: {area!r} is no battle area (JO, IS, CO, UO or 'home')",
                    "facts 1.9 Move US aircraft",
                )
            if area in blocked:
                raise IllegalDecision(
                    f"{board.name(pid)}: Japan's No Contact plan keeps US aircraft out of {AREA_NAMES[area]} this turn",
                    "facts 1.10 No Contact",
                )
        if len(set(d.forces)) != len(d.forces):
            raise IllegalDecision("play each plan once", "R12")
        for plan in d.forces:
            if plan not in play_ids:
                raise IllegalDecision(
                    f"{plan!r} is not a plan you hold that can be played now ({', '.join(play_ids) or 'none'})", "R12"
                )

    def info() -> dict[str, Any]:
        # (made when first read: the sensible player reads the brief and the board. What it
        # shows, the aircraft's names, damage and home boxes, Japan's plans and aircraft, holds
        # from the request to its answer)
        return {
            "aircraft": _ready_info(board, ready),
            "areas": list(AREAS),
            "blocked": blocked,
            "plans": [{"id": p.id, "name": p.name, "description": p.description} for p, _ in plays],
            "ja_plans": [pip.plan for _p, pip in board.ja_in_force()],
            "japanese_aircraft": [{"id": p, "name": board.name(p)} for p in board.aircraft("JA")],
        }

    d = yield Request(
        kind="battle_air",
        step=board.state.step,
        prompt=f"Turn {bs.turn}: move your aircraft (or keep them home) and play plans for this turn",
        options=[_STAY_HOME],
        checker=checker,
        kinds=("battle_air",),
        info_later=info,
        # the ids of info's "aircraft" and "plans", and its "blocked"
        brief={"ready": ready, "plans": play_ids, "blocked": blocked},
    )
    for pid, area in d.targets.items():
        if area != HOME:
            bs.positions.put(pid, area)
    bs.us_playing = list(d.forces)
    if (d.targets or d.forces) and not board.game.skips("event"):  # (a lab game: not even its text)
        flying = ", ".join(f"{board.name(p)}->{a}" for p, a in d.targets.items() if a != HOME)
        board.game.log(
            "event",
            "US",
            f"US aircraft: {flying or 'none fly'}" + (f"; plans played: {', '.join(d.forces)}" if d.forces else ""),
            {"moves": dict(d.targets), "plans": list(d.forces)},
        )


def _ready_info(board: Board, ready: list[str]) -> list[dict[str, Any]]:
    """The US aircraft move request's info on each aircraft ready to fly (Board.damaged inlined).
    Names and values are kept with the battle's board memo (`Board.texts`): the same aircraft
    are offered turn after turn."""
    bs = board.state.battle
    positions = bs.positions
    kept = board.texts
    forces = board.state.forces
    pieces = bs.pieces
    out = []  # (a loop: a comprehension is a call of its own)
    for p in ready:
        force = forces.get(p)
        if force is not None:
            damaged = force.damaged
        else:
            piece = pieces.get(p)
            damaged = piece is not None and piece.damaged
        known = kept.get((p, damaged))
        if known is None:
            known = kept[p, damaged] = (board.name(p), board.values_text(p))
        # (its home box: an aircraft at home is on the board)
        out.append({"id": p, "name": known[0], "values": known[1], "damaged": damaged, "home": positions[p]})
    return out


# --- after combat ------------------------------------------------------------------------------


def infantry_advance(board: Board) -> None:
    """Beach -> foxholes; transport -> beach; Marines transport -> foxholes (facts 1.9)."""
    bs = board.state.battle
    pos = bs.positions
    for side in SIDES:
        moved = []
        beach, foxholes = _BEACH[side], _FOXHOLES[side]
        # (the infantry on the beach, read from those ashore, a group the board keeps, in board
        # order: not a search of every piece of the side)
        for p in board.ashore(side):
            if pos[p] == beach:
                pos.put(p, foxholes)
                moved.append((p, "foxholes"))
        for p in board.embarked(side):
            marine = board.cls(p).marine
            pos.put(p, foxholes if marine else beach)
            moved.append((p, "foxholes" if marine else "beach"))
        H._transport_check(board, side)
        if moved and not board.game.skips("event"):  # (a lab game: not even its text)
            board.game.log(
                "event",
                side,
                f"{side} infantry advance: " + ", ".join(f"{board.name(p)} to the {b}" for p, b in moved),
                {"moves": moved},
            )


def return_aircraft(board: Board) -> Gen:
    bs = board.state.battle
    for side in SIDES:
        airfield = _AIRFIELD[side]
        positions = bs.positions
        for p in board.lba(side):
            positions.put(p, airfield)
        cag, room, k = excess_carrier_aircraft(board, side)
        decks = list(room)
        if k > 0:
            lost = yield from choose_losses(
                board,
                side,
                cag,
                k,
                board.game.japan.excess_aircraft,
                "battle_excess_aircraft",
                f"{k} carrier aircraft cannot land (carriers sunk, damaged or full): choose which are destroyed",
                "facts 1.9 Return aircraft",
            )
            for p in lost:
                H.destroy(board, p)
            cag = [p for p in cag if p not in lost]
        # land: own carrier first, then any carrier with room
        positions, pieces = bs.positions, bs.pieces  # (read again after the request above)
        waiting = []
        for p in cag:
            home = pieces[p].home
            if room.get(home, 0) > 0:
                room[home] -= 1
                positions.put(p, DECK)
            else:
                waiting.append(p)
        for p in waiting:
            c = next(c for c in decks if room[c] > 0)
            room[c] -= 1
            pieces[p].home = c
            positions.put(p, DECK)


def excess_carrier_aircraft(board: Board, side: str) -> tuple[list[str], dict[str, int], int]:
    """A side's carrier aircraft, the room on its undamaged carriers (each takes as many as it
    started the battle with) and how many aircraft that room leaves without a deck."""
    # (loops, not comprehensions: each of those is a call of its own, and this runs every turn)
    cag = []
    cls = board.cls
    for p in board.aircraft(side):
        if cls(p).type == "CAG":
            cag.append(p)
    capacity = board.state.battle.capacity
    room = {}
    for c in board.carriers(side):
        if not board.damaged(c):
            room[c] = capacity.get(c, 0)
    return cag, room, len(cag) - sum(room.values())


def choose_losses(
    board: Board, side: str, pieces: list[str], k: int, ja_choice: Losses, kind: str, prompt: str, rule: str
) -> Gen:
    """`k` of `pieces` are destroyed: Japan's player picks for Japan (and explains), the US player for the US."""
    if side == "JA":
        lost, expl = ja_choice(board, pieces, k)
        board.game.log("bot", "JA", expl["text"], expl)
        return lost
    return (yield from us_choose_losses(board, pieces, k, kind, prompt, rule))


def airfield_losses(board: Board, sides: tuple[str, ...] = SIDES) -> Gen:
    bs = board.state.battle
    for side in sides:
        lba = board.lba(side)
        k = len(lba) - board.airfields(side)
        if k > 0:
            lost = yield from choose_losses(
                board,
                side,
                lba,
                k,
                board.game.japan.airfield_losses,
                "battle_airfield_losses",
                f"{k} land-based aircraft more than your {board.airfields(side)} "
                f"airfield(s): choose which are destroyed",
                "facts 1.9 Airfield losses",
            )
            for p in lost:
                H.destroy(board, p)
        if bs.airfields.get(side, 0) and not board.lba(side):
            bs.airfields[side] = 0
            if not board.game.skips("event"):  # (a lab game: not even its text)
                board.game.log("event", side, f"{side} has no land-based aircraft left: its airfields are removed", {})


_AUTO_LOSSES: dict[str, Option] = {}  # request kind -> its 'auto' option (_auto_losses)


def _auto_losses(kind: str) -> Option:
    """The 'auto' option of a losses request of `kind`, made once (Options and Decisions are frozen)."""
    option = _AUTO_LOSSES.get(kind)
    if option is None:
        option = _AUTO_LOSSES[kind] = Option(
            Decision(kind=kind, choice="auto"), "auto: damaged lowest value first, then full lowest value first"
        )
    return option


def us_choose_losses(board: Board, pids: list[str], k: int, kind: str, prompt: str, rule: str) -> Gen:
    """The player picks which `k` of `pids` are destroyed; asked only when it matters."""
    auto = sorted(pids, key=lambda p: (0 if board.damaged(p) else 1, board.cls(p).cost))[:k]
    sigs = {(board.cls(p).id, board.damaged(p)) for p in pids}
    if k >= len(pids) or len(sigs) < 2:
        return auto

    def checker(d: Decision) -> None:
        if d.choice == "auto":
            if d.forces:
                raise IllegalDecision("answer either choice='auto' or the aircraft, not both", rule)
            return
        if d.choice:
            raise IllegalDecision(f"choice {d.choice!r}: only 'auto' or a list of aircraft", rule)
        if len(set(d.forces)) != len(d.forces) or len(d.forces) != k:
            raise IllegalDecision(f"choose exactly {k} different aircraft", rule)
        for p in d.forces:
            if p not in pids:
                raise IllegalDecision(f"{p!r} is not one of the aircraft to choose from", rule)

    d = yield Request(
        kind=kind,
        step=board.state.step,
        prompt=prompt,
        options=[_auto_losses(kind)],
        info={
            "count": k,
            "aircraft": [
                {"id": p, "name": board.name(p), "cost": board.cls(p).cost, "damaged": board.damaged(p)} for p in pids
            ],
            "auto": auto,
        },
        checker=checker,
        kinds=(kind,),
    )
    return auto if d.choice == "auto" else list(d.forces)


# --- turn end ----------------------------------------------------------------------------------


def change_length(board: Board, change: int, why: str, side: str) -> None:
    bs = board.state.battle
    before = bs.length
    bs.length = min(board.data.battle.max_turns, max(board.data.battle.min_turns, bs.length + change))
    if not board.game.skips("event"):  # (a lab game: not even its text)
        board.game.log(
            "event",
            side,
            f"{why}: battle length {before} -> {bs.length}",
            {
                "change": change,
                "before": before,
                "after": bs.length,
                "max": board.data.battle.max_turns,
                "min": board.data.battle.min_turns,
            },
        )


def duration(board: Board) -> Gen:
    us_n, ja_n = board.count_on_sheet("US"), board.count_on_sheet("JA")
    if not us_n or not ja_n:
        return  # the battle ends now whatever the length
    for side in SIDES:
        own, other = (us_n, ja_n) if side == "US" else (ja_n, us_n)
        plans = board.ja_in_force("duration") if side == "JA" else board.us_held("duration")
        for plan, pip in plans:
            eff = plan.effect
            fewer, more = eff["change"]
            if side == "JA":
                change, expl = board.game.japan.duration(board, plan)
                if eff["compare"] == "force_count":
                    if not board.game.skips("bot"):  # (a lab game: not even its text)
                        board.game.log(
                            "bot",
                            "JA",
                            f"JA plan {plan.name}: Japan {own} forces, US {other}: change {change:+d}",
                            expl,
                        )
                else:  # Japan chose the change: the plan is spent
                    pip.used = True
                if change:
                    change_length(board, change, f"JA plan {plan.name}", "JA")
                continue
            if eff["compare"] == "force_count":
                change = more if own > other else fewer if own < other else 0
                pip.used = True
                if change:
                    change_length(board, change, f"US plan {plan.name}", "US")
                continue
            # the owner chooses the change
            options = [
                Option(
                    Decision(kind="battle_reactive", choice=plan.id, count=c),
                    f"{plan.name}: battle {'one turn longer' if c > 0 else 'one turn shorter'}",
                )
                for c in (more, fewer)
                if c
            ]
            auto_c = more if own > other else fewer if own < other else 0
            auto = Decision(kind="battle_reactive", choice=plan.id, count=auto_c) if auto_c else None
            d = yield from offer(
                board,
                f"{plan.name} (change the battle length, now {board.state.battle.length})",
                options,
                auto,
                {
                    "length": board.state.battle.length,
                    "turn": board.state.battle.turn,
                    "us_forces": own,
                    "ja_forces": other,
                },
            )
            if d is None:
                continue
            pip.used = True
            change_length(board, d.count, f"US plan {plan.name}", "US")


def over(board: Board) -> str:
    """Why the battle ends after this turn, or '' if it goes on."""
    bs = board.state.battle
    us, ja = board.count_on_sheet("US"), board.count_on_sheet("JA")
    if not us and not ja:
        return "no forces left on the sheet"
    if not us:
        return "only Japanese forces remain"
    if not ja:
        return "only US forces remain"
    if bs.turn >= bs.length:
        return f"the battle turn counter leaves the track (length {bs.length})"
    return ""


__all__ = ["battle_turn", "over", "ENEMY"]
