"""`nimitz position export NAME [-o FILE]`, and the `--position FILE` start of `nimitz new`.

A position file (docs/positions.md) is the situation on the table at the start of a campaign
step, in TOML: a player with the physical game writes one (or exports a save) and starts a
campaign from it, or asks the bot about it (`nimitz bot ... FILE.toml`).
"""

from __future__ import annotations

from pathlib import Path

import click

from nimitz.cli.common import UserError, emit, game_data, read_position_file, run_tui, store_of


@click.group("position")
def position_group() -> None:
    """Positions: the situation on the table as a TOML file (docs/positions.md)."""


@position_group.command("export")
@click.argument("campaign", metavar="NAME|PATH")
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    default=None,
    help="Where to write ('-' for the screen; default: NAME.position.toml here). "
    "An existing file is never overwritten.",
)
@click.pass_context
def export(ctx, campaign: str, output: str | None) -> None:
    """Write the save's situation at the start of its current step as a position file."""
    from nimitz.persist.campaign_file import Session
    from nimitz.persist.position import battle_turn_state, position_text, step_start_state

    data = game_data()
    session = Session.open(store_of(ctx).resolve(campaign), data)
    game = session.game
    if game.state.finished:
        raise UserError(f"{session.name} is over ({game.state.result}): there is no step to export")
    state = None
    if game.state.battle is not None:  # at the start of the battle turn it is in
        state = battle_turn_state(data, game.checkpoints, game.journal)
    if state is None:
        state = step_start_state(data, game.checkpoints, game.journal)
    text = position_text(state, data, source=f"{session.name}, turn {state.turn}")
    if output == "-":
        click.echo(text, nl=False)
        return
    target = Path(output) if output else Path(f"{session.name}.position.toml")
    if target.exists():
        raise UserError(f"{target} already exists; choose another file with -o (nothing was written)")
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot write {target}: {exc.strerror or exc}") from None
    click.echo(f"Wrote the position of {session.name} (turn {state.turn}, {state.step}) to {target}")


def new_from_position(
    ctx: click.Context, file: str, name: str | None, year: str | None, as_json: bool, open_it: bool
) -> None:
    """`nimitz new --position FILE`: a campaign whose journal starts at the position."""
    from nimitz.persist.campaign_file import envelope_for
    from nimitz.persist.position import game_from_position
    from nimitz.persist.saves import now
    from nimitz.persist.store import check_name

    flags = {
        "seed": "--seed",
        "difficulty": "--difficulty",
        "rules_preset": "--rules-preset",
        "ja_ties": "--ja-ties",
        "linked": "--linked",
        "options": "--option",
    }
    given = [
        flag
        for param, flag in flags.items()
        if ctx.get_parameter_source(param) is click.core.ParameterSource.COMMANDLINE
    ]
    if given:
        raise UserError(f"{', '.join(given)}: the position file sets these (nothing was created)")
    state = read_position_file(file)
    if year is not None and int(year) != state.year:
        raise UserError(f"--year {year} does not match the position's year {state.year} (nothing was created)")
    store = store_of(ctx)
    name = check_name(name) if name is not None else store.free_name(f"position-{state.year}")
    game = game_from_position(game_data(), state, file)
    path = store.create(envelope_for(game, name, state.dice.seed, created=now()))
    emit(
        as_json,
        {
            "name": name,
            "path": str(path),
            "year": state.year,
            "seed": state.dice.seed,
            "position": file,
            "turn": state.turn,
            "step": state.step,
        },
        [
            f"Created the {state.year} campaign {name!r} from {file} (turn {state.turn}, {state.step}).",
            f"Saved to {path}",
        ],
    )
    if open_it:
        run_tui(store.folder, path)
