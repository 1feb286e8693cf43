"""Both sides are players: the engine asks, a player answers.

The US answers the requests the engine yields (`Game.answer`: the TUI, a scripted policy, a
test). Japan answers through the `JapanPlayer` a `Game` is given: one callable per Japanese
decision of the procedures, each returning its result and a structured explanation that the
engine journals (`game.log("bot", "JA", ...)`). The engine never imports who plays Japan;
`nimitz.bot.player.BOT_JAPAN` is the bot, wired in by `nimitz.persist.players`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from attrs import frozen

if TYPE_CHECKING:
    from nimitz.engine.battle.board import Board
    from nimitz.engine.battle.hits import Alloc, Target
    from nimitz.engine.dice import Dice
    from nimitz.model.data import GameData, Plan
    from nimitz.model.state import CampaignState

Explanation = dict[str, Any]
# `k` of the pieces are destroyed: which ones, and why (carriers that cannot land, airfields).
Losses = Callable[["Board", list[str], int], tuple[list[str], Explanation]]


class JapaneseOrder(Protocol):
    """One order carried out in an area: what moved, what held, and how to tell it."""

    order: str
    moved: list[str]
    held: list[str]

    def text(self) -> str: ...

    def data(self) -> Explanation: ...


class JapaneseOrders(Protocol):
    """Japan's orders on one campaign state, for one step (US Scouting or JA Orders)."""

    pinned_at_orders: list[str]  # infantry pinned at the start of JA Orders (R59)

    def place_moved_markers(self) -> Explanation: ...

    def scouted_order(self, area: str, auto_hold: bool) -> JapaneseOrder | None: ...

    def run_step(
        self,
        on_plan: Callable[[list[tuple[str, int]]], None] | None = None,
        on_result: Callable[[JapaneseOrder], object] | None = None,
    ) -> list[Any]: ...


@frozen
class JapanPlayer:
    """Who makes Japan's decisions, one callable per decision the procedures ask for."""

    # campaign (R1-R10, R59)
    orders: Callable[[CampaignState, GameData, Dice, bool], JapaneseOrders]  # bool: explain (a full journal)
    reinforce: Callable[[CampaignState, GameData, Dice], tuple[str, Explanation]]
    repair: Callable[[CampaignState, GameData], tuple[str, Explanation]]
    # battle set-up and turn (facts 1.8-1.9)
    place: Callable[[Board], tuple[dict[str, str], Explanation]]
    draw_plans: Callable[[Board], tuple[list[str], Explanation]]
    move_aircraft: Callable[[Board], tuple[list[dict[str, Any]], list[Explanation]]]
    first_light_carrier: Callable[[Board], tuple[str | None, Explanation]]
    first_light_area: Callable[[Board, str], tuple[str | None, Explanation]]
    duration: Callable[[Board, Plan], tuple[int, Explanation]]  # the Duration plan's change
    # losses (R14)
    hit_target: Callable[[Board, Alloc, list[Target], str | None], tuple[Target, Explanation]]
    excess_aircraft: Losses
    airfield_losses: Losses
