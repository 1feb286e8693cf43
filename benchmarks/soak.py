"""Soak: N seeded campaigns of every year, policy and option, each played to its end through a
save (autosaved decision by decision), then read back and verified like `nimitz check`.

Every seed plays each year x scripted policy x order-modifier table (R1) x JA tie rule (R24) x
single/linked; on top, the campaigns take the other options in turn (OPTION_SETS: each
difficulty preset (R70), each optional rule alone and all together, reactive plans played
automatically (R16)), so that one seed plays every option several times.

A failure is any exception, a state that `validate_state` refuses at a turn start or at the end,
or a save that does not read back or does not verify. Prints campaigns per second and the
failures.

    python benchmarks/soak.py --seeds 2            # 2 seeds x 4 years x 3 policies x 2 x 2 x 2
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
import time
import traceback
from pathlib import Path

import attrs

from nimitz.model.difficulty import load_difficulties
from nimitz.model.load import load_game_data
from nimitz.model.optional_rules import OPTION_NAMES
from nimitz.model.state import RulesProfile
from nimitz.model.validation import validate_checkpoint_state, validate_state
from nimitz.persist.campaign_file import Session
from nimitz.persist.saves import read_save
from nimitz.persist.verify import verify
from nimitz.policies import get_policy, policy_names

YEARS = (1942, 1943, 1944, 1945)
PRESETS = ("map", "rulebook")  # ruling R1
TIES = ("bot", "player")  # ruling R24
LINKED = (False, True)


def option_sets() -> list[tuple[str, dict]]:
    """(label, RulesProfile overrides) taken by the campaigns in turn: each difficulty preset
    (the first is the default), each optional rule alone, all of them, automatic reactive plans."""
    presets = [p.id for p in load_difficulties().preset]
    return (
        [(f"difficulty {p}", {"difficulty": p}) for p in presets]
        + [(f"option {o}", {"options": [o]}) for o in OPTION_NAMES]
        + [("every optional rule", {"options": list(OPTION_NAMES)})]
        + [("automatic reactive plans", {"auto_reactive_plans": True})]
    )


def rules_for(preset: str, ties: str, extra: dict) -> RulesProfile:
    """The difficulty preset's options (if any), then the order table and tie rule, then the rest."""
    extra = dict(extra)
    rules = load_difficulties().profile(extra.pop("difficulty", None), order_modifiers=preset, ja_ties=ties)
    return attrs.evolve(rules, **extra)


def play_one(
    folder: Path,
    data,
    year: int,
    seed: int,
    policy: str,
    preset: str,
    ties: str,
    linked: bool,
    extra: tuple[str, dict] = ("default", {}),
) -> list[str]:
    """Play one campaign to its end through its save; [] or what went wrong."""
    name = f"{year}-{seed}-{policy}-{preset}-{ties}-{'linked' if linked else 'single'}"
    path = folder / f"{name}.nimitz.json"
    chooser = get_policy(policy)
    try:
        rules = rules_for(preset, ties, extra[1])
        session = Session.create(path, data, year, seed, rules, name, linked)
        session.save()
        while session.game.pending is not None:
            session.answer(chooser(session.game.pending, session.game))
        session.flush()
        game = session.game
        problems = validate_state(game.state, data)
        for k, cp in enumerate(game.checkpoints):
            problems += validate_checkpoint_state(cp.state, cp.turn, data, f"checkpoint {k}")
        problems += verify(read_save(path, data), data, path)
    except Exception:  # a soak reports every failure and goes on
        problems = [traceback.format_exc(limit=4)]
    finally:
        path.unlink(missing_ok=True)
    return [f"{name} ({extra[0]}): {p}" for p in problems]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=1, help="seeds per combination")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, help="print the count every N campaigns")
    args = parser.parse_args()
    data = load_game_data()
    combos = list(
        itertools.product(
            range(args.first_seed, args.first_seed + args.seeds), YEARS, policy_names(), PRESETS, TIES, LINKED
        )
    )
    extras = option_sets()
    failures: list[str] = []
    t0, cpu0 = time.perf_counter(), time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        for n, (seed, year, policy, preset, ties, linked) in enumerate(combos):
            extra = extras[n % len(extras)]
            failures += play_one(Path(tmp), data, year, seed, policy, preset, ties, linked, extra)
            if args.progress and (n + 1) % args.progress == 0:
                print(f"  {n + 1} campaigns, {len(failures)} failure(s)", flush=True)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    print(
        f"{len(combos)} campaigns ({args.seeds} seed(s) x {len(YEARS)} years x "
        f"{len(policy_names())} policies x {len(PRESETS)} order tables x {len(TIES)} tie rules x "
        f"single/linked; in turn {len(extras)} option sets: {', '.join(label for label, _ in extras)}) "
        f"in {cpu:.1f} s of CPU ({seconds:.1f} s elapsed): {len(combos) / cpu:.2f} campaigns per CPU second"
    )
    print(f"failures: {len(failures)}")
    for failure in failures[:20]:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
