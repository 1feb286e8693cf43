"""What the command groups share: the error type and exit status, the save folder, the game data,
starting the terminal UI, and the `--dice`/`--json` options of the companion commands."""

from __future__ import annotations

import copy
import functools
import json
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


def dice_for(state, faces: list[int] | None):
    """The scripted faces, or the state's own streams (on the copy the command works on)."""
    from nimitz.engine.dice import ScriptedDice, SeededDice

    return ScriptedDice(faces) if faces is not None else SeededDice(state.dice)


def rolls_of(dice) -> list[dict]:
    return [{"stream": r.stream, "sides": r.sides, "face": r.face, "purpose": r.purpose}
            for r in dice.rolls]


def emit(as_json: bool, payload: dict, lines: list[str]) -> None:
    if as_json:
        click.echo(json.dumps(payload, indent=1, default=str))
    else:
        click.echo("\n".join(lines))


def open_copy(ctx: click.Context, campaign: str):
    """The save's session (resumed) and a copy of its state to experiment on."""
    from nimitz.persist.campaign_file import Session

    data = game_data()
    session = Session.open(store_of(ctx).resolve(campaign), data)
    return data, session, copy.deepcopy(session.game.state)


def guard(fn):
    """NimitzError -> message on stderr and exit status 2, also when run outside `nimitz`."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except NimitzError as exc:
            click.echo(f"nimitz: {exc}", err=True)
            raise click.exceptions.Exit(2) from None
    return wrapper


dice_option = click.option("--dice", "dice_text", metavar="FACES",
                           help="Comma-separated d10 faces to use in order (real dice), e.g. 7,3,10.")
json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object (docs/cli.md).")


difficulty_option = click.option(
    "--difficulty", metavar="NAME", default=None,
    help="A difficulty preset: rulebook (the default: our best reading of every rule), veteran, "
         "commander or cadet (campaigns/difficulty.toml; `nimitz data check` lists them).")


def rules_for(difficulty: str | None, **overrides):
    """The campaign options of a difficulty preset, with the options given explicitly."""
    from nimitz.model.difficulty import load_difficulties

    presets = load_difficulties()
    try:
        return presets.profile(difficulty, **overrides)
    except KeyError as exc:
        raise UserError(f"--difficulty: {exc.args[0]}") from None


def difficulty_summary(rules) -> str:
    from nimitz.model.difficulty import load_difficulties

    return load_difficulties().summary(rules)
