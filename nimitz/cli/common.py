"""What the command groups share: errors and exit statuses (0 ok, 1 a check that fails, 2 bad
usage or input; errors as JSON under `--json`), the save folder and completion of save names,
the game data, starting the terminal UI, output files (`-o -` is stdout), and the
`--dice`/`--json` options (docs/cli.md)."""

from __future__ import annotations

import copy
import functools
import json
import os
import sys
from pathlib import Path
from typing import overload

import click

from nimitz.errors import NimitzError

YEARS = ("1942", "1943", "1944", "1945")
JSON_REQUESTED = "nimitz.json"  # ctx.meta key: `--json` was on the command line


class UserError(click.ClickException):
    """Bad input: one line on stderr, exit status 2."""

    exit_code = 2
    kind = "bad_input"

    def __init__(self, message: str, **extra) -> None:
        super().__init__(message)
        self.extra = extra  # more keys for the JSON form, e.g. the problems a check found

    def show(self, file=None) -> None:
        click.echo(f"nimitz: {self.format_message()}", err=True)


@overload
def error_message(exc: NimitzError | OSError) -> str: ...
@overload
def error_message(exc: Exception) -> str | None: ...
def error_message(exc: Exception) -> str | None:
    """The one line a player sees for an error they can cause (a bad save or name, an illegal
    decision, a full disk, a read-only folder...); None for a bug."""
    if isinstance(exc, NimitzError):
        return str(exc)
    if isinstance(exc, OSError):
        from nimitz.persist.bounds import disk_error_message

        return disk_error_message(exc)
    return None


class CheckFailed(UserError):
    """A check or verification the user asked for found a problem: exit status 1."""

    exit_code = 1
    kind = "check_failed"


def json_error(error: click.ClickException) -> dict:
    """The JSON form of an error under `--json`: `{"error", "detail", ...}` (docs/cli.md)."""
    if isinstance(error, UserError):
        return {"error": error.kind, "detail": error.format_message(), **error.extra}
    if isinstance(error, click.UsageError):
        return {"error": "usage", "detail": error.format_message()}
    return {"error": "bad_input", "detail": error.format_message()}


class NimitzGroup(click.Group):
    """Turns every error a player can cause (bad save, bad data, illegal decision, full disk,
    read-only folder...) into a plain message, and every error into JSON when the command line
    asked for `--json`."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta.setdefault(JSON_REQUESTED, "--json" in args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):
        try:
            try:
                return super().invoke(ctx)
            except BrokenPipeError:
                raise  # a reader that stopped (`| head`): click's main ends quietly, as Unix tools do
            except (NimitzError, OSError) as exc:
                raise UserError(error_message(exc)) from None
        except click.ClickException as exc:
            if not ctx.meta.get(JSON_REQUESTED):
                raise
            click.echo(json.dumps(json_error(exc), indent=1, default=str))
            raise click.exceptions.Exit(exc.exit_code) from None


def store_of(ctx: click.Context):
    """The saves folder: --saves, else $NIMITZ_HOME/saves, else the data folder (where the saves
    of the old config folder are moved once, with a message). What killed writes left in it is
    cleared away."""
    from nimitz.persist.store import SaveStore, default_saves_dir, move_old_saves, old_saves_dir

    folder = ctx.find_root().params.get("saves")
    store = SaveStore(Path(folder) if folder else default_saves_dir())
    if not folder and not os.environ.get("NIMITZ_HOME"):
        try:
            moved = move_old_saves(store.folder, old_saves_dir())
        except OSError as exc:
            moved = f"could not move the saves of the old folder: {exc}"
        if moved:
            click.echo(f"nimitz: {moved}", err=True)
    store.remove_stale_temp_files()
    return store


def game_data():
    from nimitz.model.load import load_game_data

    return load_game_data()


def complete_campaign(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Shell completion for NAME|PATH: the saved campaigns' names, or files for a path."""
    from click.shell_completion import CompletionItem

    names = [p.name.removesuffix(".nimitz.json") for p in store_of(ctx).saves()]
    items = [CompletionItem(name) for name in sorted(names) if name.startswith(incomplete)]
    if not items or incomplete.startswith((".", "/", "~")) or os.sep in incomplete:
        items.insert(0, CompletionItem(incomplete, type="file"))  # the shell completes paths
    return items


class PolicyChoice(click.Choice):
    """`--policy`: a choice among the scripted US players registered in nimitz.policies. The
    names are read from the registry when click first needs them (help, checking a value,
    completion), not when the CLI is imported: the registry pulls in the whole engine (0.4 s),
    which every command, shell completion included, would otherwise pay."""

    def __init__(self) -> None:  # no super().__init__: `choices` is computed, not stored
        self.case_sensitive = True

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]  # click stores them; computed here
        from nimitz.policies import policy_names

        return tuple(policy_names())


campaign_argument = click.argument("campaign", metavar="NAME|PATH", shell_complete=complete_campaign)
# the companion commands also take a position file (docs/positions.md)
situation_argument = click.argument("campaign", metavar="NAME|PATH|FILE.toml", shell_complete=complete_campaign)


def require_terminal() -> None:
    """The TUI needs a terminal; started from a pipe or cron it would wait forever. A driver
    chosen through TEXTUAL_DRIVER (`nimitz serve` runs the game under textual-serve's web
    driver) brings its own screen."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UserError(
            "the game needs a terminal (stdin and stdout are not one); for scripts use "
            "`nimitz autoplay`, `show`, `check` or `aar`, or `nimitz serve` for a browser"
        )


def run_tui(folder: Path, path: Path | None) -> None:
    try:
        from nimitz.tui import run_tui
    except ImportError:
        raise UserError("the terminal UI is not available in this build") from None
    require_terminal()
    run_tui(folder, path)


def write_output(output: str | None, text: str) -> bool:
    """Write `text` to the file `output`; None or "-" print it. True when a file was written."""
    if output in (None, "-"):
        click.echo(text)
        return False
    from nimitz.persist.saves import write_bytes_atomically

    target = Path(output).expanduser()
    if not target.parent.is_dir():
        raise UserError(f"{target.parent}: no such folder; {output} was not written")
    write_bytes_atomically(target, text.encode("utf-8"))  # whole or not at all, even on a full disk
    return True


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
    return SplitDice(
        table=ScriptedDice(faces) if faces is not None else SeededDice(state.dice),
        bot=ScriptedDice(bot_faces) if bot_faces is not None else SeededDice(state.dice),
    )


def rolls_of(dice) -> list[dict]:
    return [{"stream": r.stream, "sides": r.sides, "face": r.face, "purpose": r.purpose} for r in dice.rolls]


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
        return data, Path(campaign).name, read_position_file(campaign)
    session = Session.open(store_of(ctx).resolve(campaign), data)
    return data, session.name, copy.deepcopy(session.game.state)


def read_position_file(file: str):
    """The campaign state in a position file; a PositionError (exit 2) says what is wrong."""
    from nimitz.persist.position import PositionError, read_position

    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PositionError(f"cannot read {file}: {getattr(exc, 'strerror', None) or exc}") from None
    return read_position(text, game_data(), source=file)


def guard(fn):
    """A player's error -> a UserError (message, exit status 2), also when run outside `nimitz`."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (NimitzError, OSError) as exc:
            raise UserError(error_message(exc)) from None

    return wrapper


dice_option = click.option(
    "--dice",
    "dice_text",
    metavar="FACES",
    help="The faces rolled on the table, in order, e.g. 7,3,10 (the bot's own picks use --bot-dice or its stream).",
)
bot_dice_option = click.option(
    "--bot-dice",
    "bot_dice_text",
    metavar="FACES",
    help="Faces for the bot's own random picks (tie-breaks, counters "
    "picked at random), apart from --dice; a pick among n needs 1..n.",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object, errors too (docs/cli.md).")


def optional_rules_option(fn):
    """`--option NAME` (repeatable): the optional rules of docs/optional-rules.md."""
    from nimitz.model.optional_rules import OPTION_NAMES

    return click.option(
        "--option",
        "options",
        multiple=True,
        type=click.Choice(OPTION_NAMES),
        help="An optional rule (repeatable): " + ", ".join(OPTION_NAMES) + " (docs/optional-rules.md).",
    )(fn)


def chosen_options(options: tuple[str, ...]) -> list[str]:
    """The chosen optional rules, each once, in the table's order (so saves compare equal)."""
    from nimitz.model.optional_rules import OPTION_NAMES

    return [name for name in OPTION_NAMES if name in options]


difficulty_option = click.option(
    "--difficulty",
    metavar="NAME",
    default=None,
    help="A difficulty preset: rulebook (the default: our best reading of every rule), veteran, "
    "commander or cadet (campaigns/difficulty.toml; `nimitz data check` lists them).",
)

ja_ties_option = click.option(
    "--ja-ties",
    type=click.Choice(["bot", "player"]),
    default="bot",
    show_default=True,
    help="Who breaks ties among equal Japanese targets (ruling R24): the bot's dice, or you.",
)


def rules_for(difficulty: str | None, **overrides):
    """The campaign options of a difficulty preset, with the options given explicitly."""
    from nimitz.model.difficulty import load_difficulties

    presets = load_difficulties()
    try:
        return presets.profile(difficulty, **overrides)
    except KeyError as exc:
        raise UserError(f"--difficulty: {exc.args[0]}") from None


def difficulty_id(name: str | None) -> str:
    """The preset id for --difficulty NAME (the default preset when not given)."""
    from nimitz.model.difficulty import load_difficulties

    presets = load_difficulties()
    try:
        return presets.get(name).id if name else presets.default
    except KeyError as exc:
        raise UserError(f"--difficulty: {exc.args[0]}") from None


def difficulty_summary(rules) -> str:
    from nimitz.model.difficulty import load_difficulties

    return load_difficulties().summary(rules)
