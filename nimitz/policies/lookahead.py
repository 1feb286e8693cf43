"""The expert's look-ahead: play candidate answers out on copies of the game with fresh dice.

A copy is the game re-run from its last checkpoint with the journal's decisions (how saves
resume), then given new dice: the copy's streams are re-seeded from the position's hash and the
rollout's number, so the expert never peeks at the campaign's own future rolls, and the same
position always gets the same rollouts (advice is deterministic for a given save). Every
candidate is played with the same seeds (common dice), then on with the expert's heuristics up
to the end of the year or `horizon` turns, whichever is first.

`ExpertPolicy` is the expert player: the heuristics of policies/expert.py, with this look-ahead
on movement when given a budget.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from attrs import define, field

from nimitz.engine.dice import SeededDice
from nimitz.errors import NimitzError
from nimitz.model.digest import state_hash
from nimitz.model.journal import Decision, decisions_in
from nimitz.model.state import DiceState

if TYPE_CHECKING:
    from nimitz.engine.game import Game
    from nimitz.engine.requests import Request

Policy = Callable[["Request", "Game"], Decision]
HAWAII_WEIGHT = 8.0  # objectives a certain loss of Hawaii is worth in the score (R21 ends it all)
HORIZON = 3  # turns played out after the current one at most


@define
class Candidate:
    decision: Decision
    reason: str
    then: Policy | None = None  # how the rest of the current step is played (None: heuristics)


@define
class Outcome:
    """What the rollouts of one candidate expect."""

    candidate: Candidate
    objectives: float = 0.0  # mean objectives held at the end of the rollouts
    hawaii_lost: float = 0.0  # share of rollouts in which Hawaii fell
    final: float = 0.0  # share of rollouts that reached the end of the year
    by_turn: int = 0  # the campaign turn the rollouts reach (the year's end when final == 1)
    rollouts: int = 0
    samples: list[float] = field(factory=list)

    @property
    def score(self) -> float:
        return self.objectives - HAWAII_WEIGHT * self.hawaii_lost


def position_seed(game: Game, i: int) -> int:
    digest = hashlib.sha256(f"lookahead:{state_hash(game.state)}:{len(game.journal)}:{i}".encode())
    return int.from_bytes(digest.digest()[:8], "big") >> 1


def fork(game: Game, seed: int) -> Game:
    """A copy of the game at its pending request, with new dice seeded by `seed`."""
    from nimitz.engine.game import Game

    cp = game.checkpoints[-1]
    decisions = decisions_in(game.journal, cp.journal_len)
    copy = Game.replay(game.data, cp, game.journal, game.checkpoints[:-1], decisions, japan=game.japan)
    copy.state.dice = DiceState(seed=seed)
    copy.dice.inner = SeededDice(copy.state.dice)
    return copy


def rollout(game: Game, candidate: Candidate, seed: int, horizon: int) -> tuple[int, bool, bool, int]:
    """Play the candidate then the heuristics; (objectives held, Hawaii lost, year over, turn)."""
    from nimitz.engine.control import objectives_held
    from nimitz.policies.expert import heuristic

    copy = fork(game, seed)
    year, step_turn, step = copy.state.year, copy.state.turn, copy.state.step
    last_turn = step_turn + horizon
    request = copy.answer(candidate.decision)
    while request is not None:
        st = copy.state
        if st.year != year or st.turn > last_turn:
            break
        same_step = st.turn == step_turn and st.step == step
        chooser = candidate.then if candidate.then is not None and same_step else heuristic
        request = copy.answer(chooser(request, copy))
    st = copy.state
    if st.year != year:  # a linked campaign moved on: the year's result is in linked_years
        done = st.linked_years[-1] if st.linked_years else None
        lost = bool(done and done.result.startswith("Defeat"))
        return (done.score if done else 0), lost, True, copy.data.year(year).turns
    held = objectives_held(st, copy.data)
    over = st.finished or copy.pending is None
    return len(held), "HI" not in held, over, min(st.turn, last_turn)


def evaluate(
    game: Game, candidates: list[Candidate], rollouts: int, horizon: int = HORIZON, workers: int = 1
) -> list[Outcome]:
    """Each candidate's outcome over `rollouts` seeded rollouts, best first (stable). With
    `workers` > 1 the rollouts run in forked processes; each is a function of its candidate and
    seed alone, so the answer does not depend on how many run at once."""
    seeds = [position_seed(game, i) for i in range(rollouts)]
    jobs = [(c, s) for c in range(len(candidates)) for s in seeds]
    results = _run_parallel(game, candidates, jobs, horizon, workers) if workers > 1 else None
    if results is None:
        results = [rollout(game, candidates[c], s, horizon) for c, s in jobs]
    out = []
    for i, cand in enumerate(candidates):
        o = Outcome(cand, rollouts=rollouts)
        for held, lost, over, turn in results[i * rollouts : (i + 1) * rollouts]:
            o.samples.append(held)
            o.hawaii_lost += lost / rollouts
            o.final += over / rollouts
            o.by_turn = max(o.by_turn, turn)
        o.objectives = sum(o.samples) / rollouts
        out.append(o)
    return sorted(out, key=lambda o: -o.score)


_FORKED: tuple = ()  # (game, candidates, horizon) for the forked rollout workers


def _forked_rollout(job: tuple[int, int]) -> tuple[int, bool, bool, int]:
    game, candidates, horizon = _FORKED
    return rollout(game, candidates[job[0]], job[1], horizon)


def _run_parallel(game: Game, candidates: list[Candidate], jobs: list, horizon: int, workers: int) -> list | None:
    """The rollouts in `workers` forked processes (they inherit the game: nothing is pickled but
    the job numbers and results); None where processes cannot be forked."""
    import multiprocessing

    global _FORKED
    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    _FORKED = (game, candidates, horizon)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            return pool.map(_forked_rollout, jobs)
    finally:
        _FORKED = ()


def candidates_for(request: Request, game: Game, limit: int = 4) -> list[Candidate]:
    """The expert's own answer first, then distinct alternatives worth comparing."""
    from nimitz.policies import campaign, expert

    seen: set = set()
    out: list[Candidate] = []

    def add(decision: Decision, reason: str, then: Policy | None = None, plan: str = "") -> None:
        key = (repr(decision), plan)
        if key not in seen and len(out) < limit:
            seen.add(key)
            out.append(Candidate(decision, reason, then))

    if request.kind == "movement":
        sit = expert.situation(game)
        movable = [game.state.forces[i] for i in request.info["movable"]]
        chosen = expert.choose_target(game, sit, movable)
        plans = [chosen] + [t for t in expert.targets(game, sit)[:3] if t != chosen] + [None]
        for target in plans:
            then = _fixed_target(target)
            decision = then(request, game)
            what = f"mass the fleet on {target}" if target else "hold and reinforce: no attack"
            add(decision, f"{what}; first: {expert.reason(request, game, decision)}", then, plan=target or "no attack")
        return out
    mine = expert.heuristic(request, game)
    add(mine, expert.reason(request, game, mine))
    # The simpler scripted players' answers, for comparison; told by what they are, since a
    # player does not know the policies' names.
    for why, policy in (
        ("the plain, by-the-book choice", campaign.sensible),
        ("the cautious choice: do as little as the rules allow", campaign.passive),
    ):
        try:
            d = policy(request, game)
            request.check(d)
        except Exception:  # an alternative that does not fit is simply skipped
            continue
        add(d, why)
    for opt in request.options:
        add(opt.decision, "another legal choice, for comparison")
    return out


def _fixed_target(target: str | None) -> Policy:
    from nimitz.policies import expert

    def policy(request: Request, game: Game) -> Decision:
        if request.kind != "movement":
            return expert.heuristic(request, game)
        return expert.movement(request, game, target=target or "")

    return policy


@define
class ExpertPolicy:
    """The expert as a policy object. `budget`: look-ahead rollouts per movement plan, chosen
    once at the start of each movement step (0: the heuristics alone)."""

    budget: int = 0
    last_reason: str = ""
    _plan: tuple = ()  # ((year, turn), the chosen plan's policy for the rest of the step)

    def __call__(self, request: Request, game: Game) -> Decision:
        from nimitz.policies import us_view
        from nimitz.policies.expert import heuristic, reason

        view = us_view(game)  # under fog of war it plans on what the US sees (R86)
        if self.budget and request.kind == "movement" and view is game:  # no look-ahead in the fog
            key = (game.state.year, game.state.turn)
            if self._plan and self._plan[0] == key:
                return self._plan[1](request, game)
            choice = best_movement(request, game, self.budget)
            if choice is not None:
                self._plan = (key, choice.then)
                self.last_reason = choice.reason
                return choice.decision
        decision = heuristic(request, view)
        self.last_reason = reason(request, view, decision)
        return decision


def best_movement(request: Request, game: Game, rollouts: int) -> Candidate | None:
    """The movement plan whose rollouts score best (None: only one plan to consider)."""
    cands = candidates_for(request, game)
    if len(cands) < 2:
        return None
    best = evaluate(game, cands, rollouts)[0]
    best.candidate.reason += (
        f"; look-ahead: {best.objectives:.1f} objectives by turn {best.by_turn}, "
        f"Hawaii lost in {100 * best.hawaii_lost:.0f}%"
    )
    return best.candidate


ADVICE_CANDIDATES = 3


def advise(game: Game, rollouts: int, horizon: int | None = None, workers: int = 1) -> list[Outcome]:
    """The expert's choice for the pending request and its best alternatives, best first.
    The rollouts play to the end of the year (objectives held then, Hawaii lost on the way)
    unless `horizon` stops them sooner."""
    from nimitz.policies import us_view

    request = game.pending
    if request is None:
        raise NimitzError("the campaign is over: there is nothing to advise on")
    view = us_view(game)
    cands = candidates_for(request, view, limit=ADVICE_CANDIDATES)
    if view is not game:  # fog of war: rollouts would see hidden forces (R86); heuristics only
        return [Outcome(c) for c in cands]
    return evaluate(game, cands, rollouts, game.sheet.turns if horizon is None else horizon, workers)


def advice_payload(game: Game, outcomes: list[Outcome]) -> dict:
    """Plain data for `advise --json` and the TUI."""
    year_end = game.sheet.turns

    def one(o: Outcome) -> dict:
        return {
            "decision": say(game, o.candidate.decision),
            "reason": o.candidate.reason,
            "objectives": round(o.objectives, 2),
            "hawaii_lost": round(o.hawaii_lost, 3),
            "by_turn": o.by_turn,
            "year_end": o.by_turn >= year_end or o.final == 1.0,
            "rollouts": o.rollouts,
        }

    pending = game.pending
    assert pending is not None, "advice is for a pending request"
    return {
        "request": pending.kind,
        "prompt": pending.prompt,
        "turn": game.state.turn,
        "choice": one(outcomes[0]),
        "alternatives": [one(o) for o in outcomes[1:]],
    }


def say(game: Game, d: Decision) -> str:
    """A decision as a wargamer says it (the request's own label when it offers one)."""
    for opt in game.pending.options if game.pending is not None else ():
        if opt.decision == d:
            return opt.label
    names = ", ".join(game.state.forces[i].name for i in d.forces if i in game.state.forces)
    return {
        "move": f"Move {names} to {d.area}",
        "raid": f"Send {names} raiding",
        "strategic_bombing": f"Send {names} to bomb Japan",
        "invade": f"Send {names} to the invasion of Japan",
        "buy_scouting": f"Buy {d.count} scouting point(s)",
        "scout": "Scout " + ", ".join(d.areas),
    }.get(d.kind, d.describe())


def advice_lines(payload: dict) -> list[str]:
    def expects(o: dict) -> str:
        if not o["rollouts"]:
            return "no look-ahead: fog of war hides the Japanese forces it would need (R86)"
        when = "at the end of the year" if o["year_end"] else f"by the end of turn {o['by_turn']}"
        return (
            f"expects {o['objectives']:.1f} objectives {when}, Hawaii lost in "
            f"{100 * o['hawaii_lost']:.0f}% ({o['rollouts']} rollouts)"
        )

    c = payload["choice"]
    lines = [
        f"Turn {payload['turn']}: {payload['prompt']}",
        f"Expert: {c['decision']}",
        f"  why: {c['reason']}",
        f"  {expects(c)}",
    ]
    for i, o in enumerate(payload["alternatives"], start=1):
        lines += [f"Alternative {i}: {o['decision']}", f"  why: {o['reason']}", f"  {expects(o)}"]
    return lines
