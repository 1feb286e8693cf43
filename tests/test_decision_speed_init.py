"""Decision's hand-written __init__ (model/journal.py, for speed) makes the Decision attrs' own
would: the same fields and defaults, a fresh `targets` dict each time, the same equality, hash,
repr and saved form, and still frozen."""

from __future__ import annotations

import attrs
import pytest
from attrs import field, frozen

from nimitz.model.journal import Decision
from nimitz.persist.saves import CONVERTER


@frozen
class AttrsDecision:
    """Decision's fields as attrs alone would make them (the reference)."""

    kind: str
    forces: tuple[str, ...] = ()
    area: str = ""
    count: int = 0
    choice: str = ""
    targets: dict[str, str] = field(factory=dict)
    areas: tuple[str, ...] = ()


CASES = [
    {"kind": "end_movement"},
    {"kind": "move", "forces": ("US:1",), "area": "HI"},
    {"kind": "buy_scouting", "count": 2},
    {"kind": "battle_reactive", "choice": "p1", "forces": ("JA:Kaga",), "count": 1},
    {"kind": "battle_allocate_hits", "targets": {"US:2": "air", "US:1": "sea"}},
    {"kind": "scout", "areas": ("MA", "MA", "GI")},
    {"kind": "move", "forces": ["US:1", "US:2"], "area": "HI", "targets": None},  # kept as given
]


def test_the_same_fields_and_defaults_as_attrs_would_make() -> None:
    assert [(a.name, a.default) for a in attrs.fields(Decision)] == [
        (a.name, a.default) for a in attrs.fields(AttrsDecision)
    ]
    for kwargs in CASES:
        made, reference = Decision(**kwargs), AttrsDecision(**kwargs)
        assert attrs.asdict(made, recurse=False) == attrs.asdict(reference, recurse=False)
        assert repr(made) == repr(reference).replace("AttrsDecision(", "Decision(", 1)
        assert made == Decision(**kwargs)
        if made.targets is not None:
            assert hash(made) == hash(Decision(**kwargs))
    positional = ("move", ("US:1",), "HI", 3, "x", {"a": "b"}, ("GI",))
    assert attrs.asdict(Decision(*positional)) == attrs.asdict(AttrsDecision(*positional))


def test_each_decision_has_its_own_targets_dict() -> None:
    one, two = Decision("a"), Decision("a")
    assert one.targets == {} and one.targets is not two.targets


def test_saved_and_read_back_the_same() -> None:
    for kwargs in CASES[:-1]:
        made = Decision(**kwargs)
        saved = CONVERTER.unstructure(made)
        assert saved == CONVERTER.unstructure(AttrsDecision(**kwargs))
        assert CONVERTER.structure(saved, Decision) == made
    assert attrs.evolve(Decision("move", area="HI"), area="GI") == Decision("move", area="GI")


def test_still_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Decision("a").kind = "b"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Decision()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Decision("a", colour="red")  # type: ignore[call-arg]
