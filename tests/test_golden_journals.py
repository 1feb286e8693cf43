"""Golden journals: 100 seeded autoplays per year must replay byte for byte (issue 12).

tests/golden/journals.json holds, per campaign, the sha256 of its journal and checkpoints and its
final state hash, recorded by tests/golden/record_journals.py from an engine without the speed
work (the commit is in the file). Speed work must not change one roll or decision. The fast
suite checks a sample; the slow test checks all 400. After an intended rules change, re-record.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
_spec = importlib.util.spec_from_file_location("record_journals", GOLDEN / "record_journals.py")
record_journals = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record_journals)

RECORDED = json.loads((GOLDEN / "journals.json").read_text(encoding="utf-8"))
ALL = sorted(RECORDED["campaigns"])
SAMPLE = [f"{year}-{seed}" for year in record_journals.YEARS for seed in (1, 50)]


def _check(data, key: str) -> None:
    year, seed = map(int, key.split("-"))
    assert record_journals.campaign_digests(data, year, seed) == RECORDED["campaigns"][key], (
        f"the {year} campaign with seed {seed} no longer plays as recorded"
    )


def test_golden_data_fingerprint(data):
    """The recorded digests are only meaningful for the data they were played with."""
    assert RECORDED["data_fingerprint"] == data.fingerprint, (
        "campaigns/ or bot_tables/ changed: re-record with tests/golden/record_journals.py"
    )


@pytest.mark.parametrize("key", SAMPLE)
def test_golden_journal_sample(data, key):
    _check(data, key)


@pytest.mark.slow
@pytest.mark.parametrize("key", [k for k in ALL if k not in SAMPLE])
def test_golden_journal_all(data, key):
    _check(data, key)
