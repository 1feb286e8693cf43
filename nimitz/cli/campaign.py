"""The campaign commands: new, list, show, check, play, undo, branch, recover, aar, replay."""

from __future__ import annotations

import secrets
from datetime import datetime
from pathlib import Path

import click

from nimitz.cli.common import YEARS, UserError, game_data, run_tui, store_of
from nimitz.errors import NimitzError


@click.command()
@click.option("--year", type=click.Choice(YEARS), default=None,
              help="The campaign year (required unless --position gives it).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Dice seed; the same seed and decisions give the same campaign. Random if omitted.")
@click.option("--name", default=None, help="Campaign name (default: campaign-YEAR, numbered if taken).")
@click.option("--rules-preset", type=click.Choice(["map", "rulebook"]), default="map", show_default=True,
              help="JA order-roll modifiers (ruling R1): the map's table or the rulebook's.")
@click.option("--ja-ties", type=click.Choice(["bot", "player"]), default="bot", show_default=True,
              help="Who breaks ties among equal Japanese targets (ruling R24): the bot's dice, or you.")
@click.option("--linked", is_flag=True,
              help="A linked campaign: the years follow each other up to 1945 and the objectives add up.")
@click.option("--position", "position", metavar="FILE", default=None,
              help="Start from a position file (docs/positions.md): its year, turn, step, forces, "
                   "rules and dice.")
@click.option("--no-tui", is_flag=True, help="Only create and save the campaign; do not open it.")
@click.pass_context
def new(ctx, year: str | None, seed: int | None, name: str | None, rules_preset: str, ja_ties: str,
        linked: bool, position: str | None, no_tui: bool) -> None:
    """Create a campaign and print where it is saved."""
    from nimitz.model.state import RulesProfile
    from nimitz.persist.campaign_file import new_envelope
    from nimitz.persist.store import check_name

    if position is not None:
        from nimitz.cli.position import new_from_position

        given = [f"--{p.replace('_', '-')}" for p in ("seed", "rules_preset", "ja_ties", "linked")
                 if ctx.get_parameter_source(p) is click.core.ParameterSource.COMMANDLINE]
        if given:
            raise UserError(f"{', '.join(given)}: the position file sets these (nothing was created)")
        path = new_from_position(ctx, position, name, year)
        if not no_tui:
            run_tui(store_of(ctx).folder, path)
        return
    if year is None:
        raise click.UsageError("give the campaign year with --year (or start from a position file "
                               "with --position)", ctx)
    data = game_data()
    store = store_of(ctx)
    name = check_name(name) if name is not None else store.free_name(f"campaign-{year}")
    seed = secrets.randbelow(2**31) if seed is None else seed
    rules = RulesProfile(order_modifiers=rules_preset, ja_ties=ja_ties)
    envelope = new_envelope(data, int(year), seed, rules, name, linked=linked)
    path = store.create(envelope)
    click.echo(f"Created the {year} campaign {name!r} (seed {seed}, rules preset {rules_preset}).")
    click.echo(f"Saved to {path}")
    if not no_tui:
        run_tui(store.folder, path)


@click.command("list")
@click.pass_context
def list_(ctx) -> None:
    """The saved campaigns, newest first."""
    from nimitz.engine.control import objectives_held
    from nimitz.persist.saves import read_save

    data = game_data()
    store = store_of(ctx)
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
        try:  # `saved` is outside the state hash: an edited value must not crash the list
            saved = datetime.fromisoformat(env.saved).strftime("%Y-%m-%d %H:%M")
        except ValueError:
            saved = "?"
        click.echo(f"{name:<24} {st.year:>4} {st.turn:>4}  {st.step:<18} {held:>2}/{len(data.year(st.year).objectives):<2}  {saved}")


@click.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.pass_context
def show(ctx, campaign: str) -> None:
    """Turn, step, supply, the JA track, every area's forces, objectives, boxes and pools."""
    from nimitz.views.situation import situation_text

    from nimitz.views.situation import last_turn_bot_text

    data = game_data()
    path, env = store_of(ctx).load(campaign, data)
    click.echo(situation_text(env.state, data, name=env.name))
    click.echo("")
    click.echo(last_turn_bot_text(env.journal))


@click.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.pass_context
def check(ctx, campaign: str) -> None:
    """Verify a save: its structure, then a replay of its whole journal from the start, which
    must reach the same state at every checkpoint. Exit 0 when sound, 2 otherwise."""
    from nimitz.persist.campaign_file import verify

    data = game_data()
    path, env = store_of(ctx).load(campaign, data)
    problems = verify(env, data)
    if problems:
        raise UserError(f"{path}: the replay does not match the save: " + "; ".join(problems))
    click.echo(f"{path}: a sound save ({env.state.year} campaign, turn {env.state.turn}, "
               f"{len(env.journal)} journal entries replayed, state hash {env.state_hash[:12]})")


@click.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.pass_context
def play(ctx, campaign: str) -> None:
    """Open a saved campaign in the terminal UI (it is saved after every decision)."""
    from nimitz.persist.campaign_file import Session

    store = store_of(ctx)
    path = store.resolve(campaign)
    Session.open(path, game_data())  # a save that cannot be opened is reported here, not in the UI
    run_tui(store.folder, path)


@click.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.option("--to", "to", type=click.Choice(["decision", "step", "turn"]), default="decision",
              show_default=True, help="Back to the previous decision, or the start of the step or turn.")
@click.pass_context
def undo(ctx, campaign: str, to: str) -> None:
    """Take back decisions without re-rolling: the dice come back with the state."""
    from nimitz.persist.campaign_file import Session
    from nimitz.engine.campaign import STEP_NAMES

    path = store_of(ctx).resolve(campaign)
    session = Session.open(path, game_data())
    undone = session.undo(to)
    st = session.game.state
    click.echo(f"Undid {undone} decision(s); now turn {st.turn}, "
               f"{STEP_NAMES.get(st.step.split(':')[0], st.step)}. Saved to {path}")


@click.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.argument("new_name", metavar="NEW_NAME")
@click.option("--after", "after", type=click.IntRange(0), default=None,
              help="Branch after this many decisions (default: the current position).")
@click.pass_context
def branch(ctx, campaign: str, new_name: str, after: int | None) -> None:
    """Copy a campaign as it stood after N decisions into a new save ("what if")."""
    from nimitz.persist.campaign_file import Session
    from nimitz.persist.history import decision_indices
    from nimitz.persist.store import check_name

    store = store_of(ctx)
    session = Session.open(store.resolve(campaign), game_data())
    count = len(decision_indices(session.game.journal)) if after is None else after
    new_path = store.path_for(check_name(new_name))
    if new_path.exists():
        raise UserError(f"a campaign named {new_name!r} already exists at {new_path}")
    other = session.branch(new_path, new_name, count)
    other.save()
    click.echo(f"Created {new_name!r}, a branch of {session.name!r} after decision {count}: {new_path}")


@click.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.pass_context
def recover(ctx, campaign: str) -> None:
    """Restart a campaign whose last turn no longer replays (the rules or data changed since it
    was saved) from the start of that turn, under the current rules. The old file is kept."""
    from nimitz.persist.campaign_file import recover as recover_save

    store = store_of(ctx)
    path = store.resolve(campaign)
    stem = path.name.removesuffix(".nimitz.json")
    backup = store.path_for(store.free_name(f"{stem}-before-recover"))
    session = recover_save(path, game_data(), backup)
    click.echo(f"Restarted {session.name!r} at turn {session.game.state.turn} under the current "
               f"rules; the old file is kept as {backup}")


@click.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the report to this file instead of printing it.")
@click.pass_context
def aar(ctx, campaign: str, output: str | None) -> None:
    """Write the after-action report in Markdown: every turn's purchases, scouting, moves,
    JA orders, battles, reinforcements, supply and objectives; the result."""
    from nimitz.views.aar import aar_markdown

    data = game_data()
    path, env = store_of(ctx).load(campaign, data)
    text = aar_markdown(env, data)
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(f"Wrote the after-action report of {env.name!r} to {output}")
    else:
        click.echo(text)


@click.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.option("--verify", is_flag=True, help="Only verify the save by replaying it (like `check`).")
@click.pass_context
def replay(ctx, campaign: str, verify: bool) -> None:
    """Step through a saved campaign decision by decision and roll by roll."""
    if verify:
        ctx.invoke(check, campaign=campaign)
        return
    data = game_data()
    store = store_of(ctx)
    path, env = store.load(campaign, data)
    try:
        from nimitz.tui import run_replay
    except ImportError:
        raise UserError("the replay viewer needs the terminal UI, which is not available") from None
    run_replay(store.folder, path)
