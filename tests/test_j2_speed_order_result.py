"""OrderResult's own __init__ (bot/orders.py): what attrs' would make, each default list and
dict a new one (never shared between results), every field set from its argument."""

from __future__ import annotations

import attrs

from nimitz.bot.orders import OrderResult


def test_defaults_are_attrs_own_and_never_shared() -> None:
    one, two = OrderResult("SP", "Hold"), OrderResult("SP", "Hold")
    for a in attrs.fields(OrderResult)[2:]:  # (past area and order: no default)
        default = a.default.factory() if isinstance(a.default, attrs.Factory) else a.default  # type: ignore[union-attr]
        assert getattr(one, a.name) == default
    assert one.moved is not two.moved and one.held is not two.held and one.explanation is not two.explanation
    one.moved.append("JA:Kaga")
    one.explanation["roll"] = {}
    assert two.moved == [] and two.explanation == {}


def test_every_field_is_set_from_its_argument() -> None:
    values = {
        "area": "SP",
        "order": "Attack",
        "moved": ["JA:Kaga"],
        "held": ["JA:Akagi"],
        "destination": "CS",
        "explanation": {"roll": {}},
        "explained": False,
    }
    result = OrderResult(**values)  # type: ignore[arg-type]
    for a in attrs.fields(OrderResult):
        assert getattr(result, a.name) is values[a.name]
    assert result == attrs.evolve(result)
