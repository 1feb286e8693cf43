"""The `nimitz` command line (click). Every error is a message and exit status 2, never a traceback."""

from __future__ import annotations

import secrets
import sys
from datetime import datetime
from pathlib import Path

import click

from nimitz import RULES_VERSION, __version__
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


def _store(ctx: click.Context):
    from nimitz.persist.store import SaveStore, default_saves_dir

    folder = ctx.find_root().params.get("saves")
    return SaveStore(Path(folder) if folder else default_saves_dir())


def _data():
    from nimitz.model.data import load_game_data

    return load_game_data()


@click.group(cls=NimitzGroup, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--saves", type=click.Path(file_okay=False), envvar=None,
              help="Folder for saved campaigns (default: $NIMITZ_HOME/saves or your data folder).")
@click.version_option(__version__, prog_name="nimitz", message=f"%(prog)s %(version)s ({RULES_VERSION})")
@click.pass_context
def cli(ctx: click.Context, saves: str | None) -> None:
    """Fleet Commander Nimitz in the terminal: command the US Pacific fleet, 1942-1945,
    against a Japanese bot that explains every decision.

    Start with `nimitz new --year 1942`, look with `nimitz show NAME`."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@cli.command()
@click.option("--year", type=click.Choice(YEARS), required=True, help="The campaign year.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Dice seed; the same seed and decisions give the same campaign. Random if omitted.")
@click.option("--name", default=None, help="Campaign name (default: campaign-YEAR, numbered if taken).")
@click.option("--rules-preset", type=click.Choice(["map", "rulebook"]), default="map", show_default=True,
              help="JA order-roll modifiers (ruling R1): the map's table or the rulebook's.")
@click.option("--no-tui", is_flag=True, help="Only create and save the campaign; do not open it.")
@click.pass_context
def new(ctx, year: str, seed: int | None, name: str | None, rules_preset: str, no_tui: bool) -> None:
    """Create a campaign and print where it is saved."""
    from nimitz.model.state import RulesProfile
    from nimitz.persist.campaign_file import new_envelope
    from nimitz.persist.store import check_name

    data = _data()
    store = _store(ctx)
    name = check_name(name) if name else store.free_name(f"campaign-{year}")
    seed = secrets.randbelow(2**31) if seed is None else seed
    envelope = new_envelope(data, int(year), seed, RulesProfile(order_modifiers=rules_preset), name)
    path = store.create(envelope)
    click.echo(f"Created the {year} campaign {name!r} (seed {seed}, rules preset {rules_preset}).")
    click.echo(f"Saved to {path}")
    if not no_tui:
        click.echo(f"Look at it with: nimitz show {name}")


@cli.command("list")
@click.pass_context
def list_(ctx) -> None:
    """The saved campaigns, newest first."""
    from nimitz.engine.control import objectives_held
    from nimitz.persist.saves import read_save

    data = _data()
    store = _store(ctx)
    paths = store.saves()
    if not paths:
        click.echo(f"No saved campaigns in {store.folder}. Start one with: nimitz new --year 1942")
        return
    click.echo(f"Campaigns in {store.folder}:")
    click.echo(f"{'name':<24} {'year':>4} {'turn':>4}  {'step':<18} {'held':>5}  last saved")
    for path in paths:
        name = path.name.removesuffix(".nimitz.json")
        try:
            env = read_save(path, data)
        except NimitzError as exc:
            click.echo(f"{name:<24} (cannot be read: {str(exc).split(': ', 1)[-1]})")
            continue
        st = env.state
        held = len(objectives_held(st, data))
        saved = datetime.fromisoformat(env.saved).strftime("%Y-%m-%d %H:%M") if env.saved else "?"
        click.echo(f"{name:<24} {st.year:>4} {st.turn:>4}  {st.step:<18} {held:>2}/{len(data.year(st.year).objectives):<2}  {saved}")


@cli.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.pass_context
def show(ctx, campaign: str) -> None:
    """Turn, step, supply, the JA track, every area's forces, objectives, boxes and pools."""
    from nimitz.views.situation import situation_text

    data = _data()
    path, env = _store(ctx).load(campaign, data)
    click.echo(situation_text(env.state, data, name=env.name))


@cli.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.pass_context
def check(ctx, campaign: str) -> None:
    """Validate a save: exit 0 when it is sound, 2 with the problem otherwise."""
    data = _data()
    path, env = _store(ctx).load(campaign, data)
    click.echo(f"{path}: a sound save ({env.state.year} campaign, turn {env.state.turn}, "
               f"{len(env.journal)} journal entries, state hash {env.state_hash[:12]})")


@cli.group("data")
def data_group() -> None:
    """Inspect the game data (campaigns/ and bot_tables/)."""


@data_group.command("check")
def data_check() -> None:
    """Validate every data file; each problem names its file, table and key."""
    from nimitz.model.data import data_root, load_raw
    from nimitz.model.datacheck import check_data, summary

    data, problems = load_raw()
    if data is not None:
        problems = check_data(data)
    if problems:
        for line in problems:
            click.echo(line, err=True)
        raise UserError(f"{len(problems)} problem(s) in the game data under {data_root()}")
    for line in summary(data):
        click.echo(line)
    click.echo(f"All game data is valid (fingerprint {data.fingerprint}).")


def main() -> None:
    cli.main(prog_name="nimitz")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
