"""Golden transcripts: seeded campaigns written out as readable text (DESIGN.md, "Tests").

A change in behaviour changes a transcript, and the diff shows in review. After an intended
change, regenerate with `NIMITZ_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py`
and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import envelope_for, new_game
from nimitz.policies import get_policy
from nimitz.views.aar import aar_markdown

GOLDEN = Path(__file__).parent / "golden"
CASES = [(1942, 7, "sensible"), (1945, 11, "passive")]


def transcript(data, year: int, seed: int, policy: str) -> str:
    game = new_game(data, year, seed, RulesProfile())
    chooser = get_policy(policy)
    while game.pending is not None:
        game.answer(chooser(game.pending, game))
    env = envelope_for(game, f"golden-{year}-{seed}-{policy}", seed, created="-")
    lines = [aar_markdown(env, game.state, data), "## Every journal entry", ""]
    lines += [f"{e.seq:5d} {e.year} t{e.turn} {e.step:<28} {e.side:<2} {e.kind:<8} {e.text}" for e in game.journal]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("year,seed,policy", CASES)
def test_golden_transcript(data, year, seed, policy):
    path = GOLDEN / f"{year}-seed{seed}-{policy}.txt"
    text = transcript(data, year, seed, policy)
    if os.environ.get("NIMITZ_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), "no golden transcript yet: run with NIMITZ_REGEN_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        import difflib

        diff = list(difflib.unified_diff(expected.splitlines(), text.splitlines(), "golden", "now", n=1, lineterm=""))
        pytest.fail(f"{path.name} changed (regenerate if intended):\n" + "\n".join(diff[:40]))
