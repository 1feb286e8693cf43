"""Record the golden journal digests: 100 seeded autoplays per year, sensible policy, default rules.

    .venv/bin/python tests/golden/record_journals.py [--out FILE]

For each campaign it stores the sha256 of its serialised journal and checkpoints (the JSON a
save holds) and the final state hash, in tests/golden/journals.json. tests/test_golden_journals.py
replays them: the engine must reproduce every byte. Speed work must never change one.

Only long-standing APIs are used here, so the script can record from an older checkout of the
engine: `PYTHONPATH=/path/to/checkout python tests/golden/record_journals.py`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from pathlib import Path

YEARS = (1942, 1943, 1944, 1945)
SEEDS = range(1, 101)
POLICY = "sensible"
OUT = Path(__file__).with_name("journals.json")


def campaign_digests(data, year: int, seed: int, policy: str = POLICY) -> dict[str, str]:
    """Play one campaign as `nimitz autoplay` does and digest what its save would hold."""
    from nimitz.model.state import RulesProfile
    from nimitz.persist.campaign_file import new_game
    from nimitz.persist.saves import CONVERTER, state_hash
    from nimitz.policies import get_policy

    game = new_game(data, year, seed, RulesProfile())
    chooser = get_policy(policy)
    while game.pending is not None:
        game.answer(chooser(game.pending, game))

    def sha(obj) -> str:
        text = json.dumps(CONVERTER.unstructure(obj), separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()

    return {
        "journal": sha(game.journal),
        "checkpoints": sha(game.checkpoints),
        "state": state_hash(game.state),
        "result": game.state.result,
    }


def main() -> None:
    import nimitz

    try:
        from nimitz.model.load import load_game_data
    except ImportError:  # a checkout from before the data loader moved out of model/data.py
        from nimitz.model.data import load_game_data

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    source = Path(nimitz.__file__).resolve().parent.parent
    commit = subprocess.run(
        ["git", "-C", str(source), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    data = load_game_data()
    campaigns = {}
    for year in YEARS:
        for seed in SEEDS:
            campaigns[f"{year}-{seed}"] = campaign_digests(data, year, seed)
        print(f"{year}: {len(SEEDS)} campaigns recorded", flush=True)
    args.out.write_text(
        json.dumps(
            {
                "recorded_from": commit,
                "policy": POLICY,
                "rules": "default",
                "data_fingerprint": data.fingerprint,
                "campaigns": campaigns,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"{len(campaigns)} campaigns from {commit[:12]} -> {args.out}")


if __name__ == "__main__":
    main()
