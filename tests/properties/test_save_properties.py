"""Properties of saves (DESIGN.md "Saves"): whatever campaign was played, writing it and reading
it back gives the same envelope; a reopened save resumes exactly where it stood (same requests,
same dice); and a damaged file is refused with one clear message, never a traceback."""

from __future__ import annotations

import json

import property_settings  # noqa: F401 - loads the shared hypothesis profile
from hypothesis import given, settings
from hypothesis import strategies as st

from nimitz.errors import NimitzError
from nimitz.model.load import load_game_data
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import Session
from nimitz.persist.saves import CONVERTER, envelope_from_bytes, read_save, state_hash, to_bytes
from nimitz.policies import get_policy, policy_names

campaigns = st.fixed_dictionaries(
    {
        "year": st.sampled_from([1942, 1943, 1944, 1945]),
        "seed": st.integers(min_value=0, max_value=2**31),
        "policy": st.sampled_from(sorted(policy_names())),
        "preset": st.sampled_from(["map", "rulebook"]),
        "decisions": st.integers(min_value=0, max_value=80),
    }
)


def _play(session: Session, policy: str, decisions: int) -> int:
    """Answer up to `decisions` requests with the policy; how many were answered."""
    chooser = get_policy(policy)
    request, answered = session.game.pending, 0
    while request is not None and answered < decisions:
        request = session.answer(chooser(request, session.game))
        answered += 1
    return answered


def _session(tmp_path, c) -> Session:
    path = tmp_path / f"p-{c['year']}-{c['seed']}-{c['decisions']}.nimitz.json"
    path.unlink(missing_ok=True)
    session = Session.create(
        path, load_game_data(), c["year"], c["seed"], RulesProfile(order_modifiers=c["preset"]), "prop"
    )
    session.autosave = False
    _play(session, c["policy"], c["decisions"])
    return session


@settings(max_examples=8)
@given(campaigns)
def test_a_save_reads_back_as_written(tmp_path, c):
    session = _session(tmp_path, c)
    session.save()
    env = read_save(session.path, load_game_data())
    written = session.envelope()

    def as_json(x: object) -> object:  # tuples become lists
        return json.loads(json.dumps(CONVERTER.unstructure(x)))

    assert as_json(env.journal) == as_json(written.journal)
    assert env.checkpoints == written.checkpoints
    written.header.summary.saved, written.header.seq = env.summary.saved, env.header.seq
    assert env.header == written.header


@settings(max_examples=6)
@given(campaigns, st.integers(min_value=1, max_value=40))
def test_a_reopened_save_goes_on_exactly_as_the_original(tmp_path, c, more):
    """Resuming is replaying: the reopened campaign asks the same questions and rolls the same
    dice as the one that never stopped."""
    session = _session(tmp_path, c)
    session.save()
    reopened = Session.open(session.path, load_game_data())
    reopened.autosave = False
    assert state_hash(reopened.game.state) == state_hash(session.game.state)
    _play(session, c["policy"], more)
    _play(reopened, c["policy"], more)
    assert state_hash(reopened.game.state) == state_hash(session.game.state)
    assert len(reopened.game.journal) == len(session.game.journal)


@settings(max_examples=40)
@given(st.data())
def test_a_damaged_save_is_refused_with_a_message(tmp_path, draw):
    """Any one change to the bytes (a character replaced, or the file cut short) raises
    NimitzError with a message naming the file, or reads back the records before the change:
    a cut drops the uncommitted tail; a change is caught by the header's or the batch's hash
    (or falls in the padding of a header slot)."""
    data = load_game_data()
    session = _session(tmp_path, {"year": 1942, "seed": 3, "policy": "passive", "preset": "map", "decisions": 5})
    raw = to_bytes(session.envelope())
    original = json.loads(json.dumps(CONVERTER.unstructure(session.game.journal)))
    at = draw.draw(st.integers(min_value=0, max_value=len(raw) - 1), label="position")
    if draw.draw(st.booleans(), label="cut short"):
        damaged = raw[:at]
    else:
        damaged = raw[:at] + draw.draw(st.characters(codec="utf-8"), label="new character").encode() + raw[at + 1 :]
    try:
        env = envelope_from_bytes(damaged, "damaged.json", data)
    except NimitzError as exc:
        assert str(exc).startswith("damaged.json: ")
    else:
        assert json.loads(json.dumps(CONVERTER.unstructure(env.journal))) == original
