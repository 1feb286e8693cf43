"""What the command groups share: the error type and exit status, the save folder, the game data,
starting the terminal UI, and the `--dice`/`--json` options of the companion commands."""

from __future__ import annotations

import copy
import functools
import json
import re
from pathlib import Path

import click

from nimitz.errors import NimitzError

YEARS = ("1942", "1943", "1944", "1945")


class UserError(click.ClickException):
    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"nimitz: {self.format_message()}", err=True)


class NimitzGroup(click.Group):
    """Turns NimitzError (bad save, bad data, illegal decision) into a plain message."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except NimitzError as exc:
            raise UserError(str(exc)) from None


def store_of(ctx: click.Context):
    from nimitz.persist.store import SaveStore, default_saves_dir

    folder = ctx.find_root().params.get("saves")
    return SaveStore(Path(folder) if folder else default_saves_dir())


def game_data():
    from nimitz.model.data import load_game_data

    return load_game_data()



def run_tui(folder: Path, path: Path | None) -> None:
    try:
        from nimitz.tui import run_tui
    except ImportError:
        raise UserError("the terminal UI is not available in this build") from None
    run_tui(folder, path)




def parse_dice(text: str | None) -> list[int] | None:
    """`--dice 7,3,10` -> [7, 3, 10]; None when the option was not given."""
    if text is None:
        return None
    try:
        faces = [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise NimitzError(f"--dice {text!r}: give faces as numbers separated by commas, e.g. 7,3,10") from None
    if not faces:
        raise NimitzError("--dice: give at least one face")
    return faces


def dice_for(state, faces: list[int] | None, bot_faces: list[int] | None = None):
    """Table rolls from the scripted faces (`--dice`) or the state's own streams, and the bot's
    random picks from `--bot-dice` or its own stream, apart (on the copy the command works on)."""
    from nimitz.engine.dice import ScriptedDice, SeededDice, SplitDice

    if faces is None and bot_faces is None:
        return SeededDice(state.dice)
    return SplitDice(table=ScriptedDice(faces) if faces is not None else SeededDice(state.dice),
                     bot=ScriptedDice(bot_faces) if bot_faces is not None else SeededDice(state.dice))


def rolls_of(dice) -> list[dict]:
    return [{"stream": r.stream, "sides": r.sides, "face": r.face, "purpose": r.purpose}
            for r in dice.rolls]


def emit(as_json: bool, payload: dict, lines: list[str]) -> None:
    if as_json:
        click.echo(json.dumps(payload, indent=1, default=str))
    else:
        click.echo("\n".join(lines))


def open_copy(ctx: click.Context, campaign: str):
    """(data, name, state): a copy of a save's state to experiment on, or the state a position
    file (`*.toml`, docs/positions.md) describes."""
    from nimitz.persist.campaign_file import Session

    data = game_data()
    if campaign.endswith(".toml"):
        from nimitz.cli.position import read_position_file

        return data, Path(campaign).name, read_position_file(campaign)
    session = Session.open(store_of(ctx).resolve(campaign), data)
    return data, session.name, copy.deepcopy(session.game.state)


def error_code(exc: Exception) -> str:
    """A short name for the kind of error: DiceExhausted -> "dice_exhausted"."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(exc).__name__).lower()


def guard(fn):
    """NimitzError -> exit status 2 with a message on stderr, or with `--json` the object
    {"error": kind, "detail": message} on stdout; also when run outside `nimitz`."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (NimitzError, click.BadParameter) as exc:
            detail = exc.format_message() if isinstance(exc, click.BadParameter) else str(exc)
            if kwargs.get("as_json"):
                code = "bad_option" if isinstance(exc, click.BadParameter) else error_code(exc)
                click.echo(json.dumps({"error": code, "detail": detail}))
            else:
                click.echo(f"nimitz: {detail}", err=True)
            raise click.exceptions.Exit(2) from None
    return wrapper


dice_option = click.option("--dice", "dice_text", metavar="FACES",
                           help="The faces rolled on the table, in order, e.g. 7,3,10 (the bot's "
                                "own picks use --bot-dice or its stream).")
bot_dice_option = click.option("--bot-dice", "bot_dice_text", metavar="FACES",
                               help="Faces for the bot's own random picks (tie-breaks, counters "
                                    "picked at random), apart from --dice; a pick among n needs 1..n.")
json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object (docs/cli.md).")
