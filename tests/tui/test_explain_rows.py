"""The Japanese order's explanation rows, as the orders viewer shows them (R4: what an order
may take of each kind, picked at random)."""

from __future__ import annotations

from nimitz.tui.explain import explain_order


def _picked(selection: dict) -> str:
    rows = dict(explain_order({"order": "Hold", "held": [], "selection": selection}))
    return rows["Picked from"]


def test_r4_picks_name_each_kind_its_limit_and_the_counters_it_could_take():
    text = _picked(
        {
            "ships": {"limit": 6, "eligible": []},
            "infantry": {"limit": 1, "eligible": ["JA:Battalion 17", "JA:Battalion 18"]},
            "lba": {"limit": 0, "eligible": ["JA:Tainan"]},
        }
    )
    assert text.startswith("ships (up to 6): none here; infantry (up to 1): Battalion 17")
    assert "Battalion 18" in text
    assert "none taken by this order" in text
    assert "JA:" not in text and "from none" not in text
    assert text.endswith("(random picks, R4)")
