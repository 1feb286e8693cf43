"""Request's own __init__ (requests.py): what attrs' would make, each default list and dict a
new one (never shared between requests), every field set from its argument."""

from __future__ import annotations

import attrs

from nimitz.engine.requests import Option, Request
from nimitz.model.journal import Decision


def test_defaults_are_attrs_own_and_never_shared() -> None:
    one, two = Request("movement", "movement", "move"), Request("movement", "movement", "move")
    for a in attrs.fields(Request)[3:]:  # (past kind, step and prompt: no default)
        default = a.default.factory() if isinstance(a.default, attrs.Factory) else a.default  # type: ignore[union-attr]
        assert getattr(one, a.name) == default
    assert one.options is not two.options and one.info is not two.info and one.brief is not two.brief
    one.options.append(Option(Decision("end_movement"), "End"))
    one.brief["x"] = 1
    assert two.options == [] and two.brief == {}


def test_every_field_is_set_from_its_argument() -> None:
    options = [Option(Decision("end_movement"), "End")]
    values = {
        "kind": "movement",
        "step": "movement",
        "prompt": "move",
        "options": options,
        "info": {"a": 1},
        "checker": print,
        "kinds": ("move",),
        "info_later": dict,
        "brief": {"b": 2},
    }
    r = Request(**values)  # type: ignore[arg-type]
    for a in attrs.fields(Request):
        assert getattr(r, a.name) is values[a.alias]
    assert attrs.evolve(r, prompt="again").options is options
