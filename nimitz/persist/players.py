"""Who plays which side in the games nimitz builds: Japan is the bot (`nimitz.bot.player`), the
US whoever answers the game's requests (the TUI, a scripted policy, a test). Every Game built
above the engine comes from here, so a game with another Japanese player is one change."""

from __future__ import annotations

from nimitz.bot.player import BOT_JAPAN
from nimitz.engine.dice import Dice
from nimitz.engine.game import Game
from nimitz.model.data import GameData
from nimitz.model.journal import Checkpoint, Decision, JournalEntry
from nimitz.model.state import CampaignState


def bot_game(
    data: GameData,
    state: CampaignState,
    *,
    dice: Dice | None = None,
    journal: list[JournalEntry] | None = None,
    checkpoints: list[Checkpoint] | None = None,
    keep_checkpoints: bool = True,
    stream_entries: frozenset[tuple[str, str]] | None = None,
) -> Game:
    """A game around `state` with the bot playing Japan (`dice`: the game's own seeded dice
    unless given; `journal`, `checkpoints`: what came before, for a re-run; `keep_checkpoints`
    False for a game never saved or undone, such as the lab's; `stream_entries`: see Game)."""
    return Game(
        data=data,
        state=state,
        japan=BOT_JAPAN,
        dice=dice,
        journal=journal or [],
        checkpoints=checkpoints or [],
        keep_checkpoints=keep_checkpoints,
        stream_entries=stream_entries,
    )


def bot_replay(
    data: GameData,
    checkpoint: Checkpoint,
    earlier: list[JournalEntry],
    earlier_checkpoints: list[Checkpoint],
    decisions: list[Decision],
) -> Game:
    """`Game.replay` with the bot playing Japan."""
    return Game.replay(data, checkpoint, earlier, earlier_checkpoints, decisions, japan=BOT_JAPAN)
