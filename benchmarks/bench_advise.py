"""How long the expert's advice takes (issue 13 asks <= 2 s on 2 cores): for each year, a seeded
campaign played by the expert up to its first resupply, movement and battle-plan questions, then
`advise` with the advise budget. Prints wall and CPU seconds (wall time is noisy on a shared
machine; CPU time is the better figure there)."""

from __future__ import annotations

import time

from nimitz.model.load import load_game_data
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import new_game
from nimitz.policies import ADVISE_BUDGET, get_policy
from nimitz.policies.lookahead import advise


def main() -> None:
    data = load_game_data()
    print(f"advise budget: {ADVISE_BUDGET} rollouts per candidate")
    for year in (1942, 1943, 1944, 1945):
        game = new_game(data, year, 11, RulesProfile())
        policy = get_policy("expert")
        for kind in ("resupply", "movement", "battle_plans"):
            while game.pending is not None and game.pending.kind != kind:
                game.answer(policy(game.pending, game))
            if game.pending is None:
                break
            wall, cpu = time.perf_counter(), time.process_time()
            outcomes = advise(game, ADVISE_BUDGET)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(
                f"{year} turn {game.state.turn} {kind:13} {len(outcomes)} candidates: "
                f"{wall:5.2f} s wall, {cpu:5.2f} s CPU"
            )


if __name__ == "__main__":
    main()
