"""Properties of saves (DESIGN.md "Saves"): whatever campaign was played, writing it and reading
it back gives the same envelope; a reopened save resumes exactly where it stood (same requests,
same dice); and a damaged file is refused with one clear message, never a traceback."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nimitz.errors import NimitzError
from nimitz.model.data import load_game_data
from nimitz.model.state import RulesProfile
from nimitz.persist.campaign_file import Session
from nimitz.persist.saves import CONVERTER, envelope_from_json, read_save, state_hash, to_json
from nimitz.policies import get_policy, policy_names

campaigns = st.fixed_dictionaries({
    "year": st.sampled_from([1942, 1943, 1944, 1945]),
    "seed": st.integers(min_value=0, max_value=2**31),
    "policy": st.sampled_from(sorted(policy_names())),
    "preset": st.sampled_from(["map", "rulebook"]),
    "decisions": st.integers(min_value=0, max_value=80),
})


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
    session = Session.create(path, load_game_data(), c["year"], c["seed"], RulesProfile(order_modifiers=c["preset"]),
                             "prop")
    session.autosave = False
    _play(session, c["policy"], c["decisions"])
    return session


@settings(max_examples=8)
@given(campaigns)
def test_a_save_reads_back_as_written(tmp_path, c):
    session = _session(tmp_path, c)
    session.save()
    env = read_save(session.path, load_game_data())
    assert env.state_hash == state_hash(session.game.state)
    assert CONVERTER.unstructure(env) == CONVERTER.unstructure(session.envelope()) | {
        "saved": env.saved, "state_hash": env.state_hash}


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
    """Any one change to the text (a character replaced, or the file cut short) raises
    NimitzError with a message naming the file, or leaves the state as it was: a change to the
    state is caught by its hash (the journal is checked by replaying it, on opening)."""
    data = load_game_data()
    session = _session(tmp_path, {"year": 1942, "seed": 3, "policy": "passive",
                                        "preset": "map", "decisions": 5})
    text = to_json(session.envelope())
    original = CONVERTER.unstructure(session.game.state)
    at = draw.draw(st.integers(min_value=0, max_value=len(text) - 1), label="position")
    if draw.draw(st.booleans(), label="cut short"):
        damaged = text[:at]
    else:
        damaged = text[:at] + draw.draw(st.characters(codec="utf-8"), label="new character") + text[at + 1:]
    try:
        env = envelope_from_json(damaged, "damaged.json", data)
    except NimitzError as exc:
        assert str(exc).startswith("damaged.json: ")
    else:
        assert CONVERTER.unstructure(env.state) == original
