"""Which dialog answers which battle request (the generic choice dialog for the rest)."""

from __future__ import annotations

from textual.screen import Screen

from nimitz.engine.requests import Request


def battle_dialog(request: Request) -> Screen:
    from nimitz.tui.screens.battle_assign import AssignDialog
    from nimitz.tui.screens.battle_hits import HitsDialog
    from nimitz.tui.screens.battle_pick import PickDialog
    from nimitz.tui.screens.battle_plans import PlansDialog
    from nimitz.tui.screens.choice import ChoiceDialog

    kind = request.kind
    if kind in ("battle_place_ships", "battle_place_subs", "battle_air"):
        return AssignDialog(kind)
    if kind == "battle_plans":
        return PlansDialog()
    if kind == "battle_allocate_hits":
        return HitsDialog()
    if kind in ("battle_excess_aircraft", "battle_airfield_losses"):
        return PickDialog(kind)
    return ChoiceDialog(kind)
