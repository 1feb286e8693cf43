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
        _run_tui(_store(ctx).folder, None)


@cli.command()
@click.option("--year", type=click.Choice(YEARS), required=True, help="The campaign year.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Dice seed; the same seed and decisions give the same campaign. Random if omitted.")
@click.option("--name", default=None, help="Campaign name (default: campaign-YEAR, numbered if taken).")
@click.option("--rules-preset", type=click.Choice(["map", "rulebook"]), default="map", show_default=True,
              help="JA order-roll modifiers (ruling R1): the map's table or the rulebook's.")
@click.option("--ja-ties", type=click.Choice(["bot", "player"]), default="bot", show_default=True,
              help="Who breaks ties among equal Japanese targets (ruling R24): the bot's dice, or you.")
@click.option("--linked", is_flag=True,
              help="A linked campaign: the years follow each other up to 1945 and the objectives add up.")
@click.option("--no-tui", is_flag=True, help="Only create and save the campaign; do not open it.")
@click.pass_context
def new(ctx, year: str, seed: int | None, name: str | None, rules_preset: str, ja_ties: str,
        linked: bool, no_tui: bool) -> None:
    """Create a campaign and print where it is saved."""
    from nimitz.model.state import RulesProfile
    from nimitz.persist.campaign_file import new_envelope
    from nimitz.persist.store import check_name

    data = _data()
    store = _store(ctx)
    name = check_name(name) if name is not None else store.free_name(f"campaign-{year}")
    seed = secrets.randbelow(2**31) if seed is None else seed
    rules = RulesProfile(order_modifiers=rules_preset, ja_ties=ja_ties)
    envelope = new_envelope(data, int(year), seed, rules, name, linked=linked)
    path = store.create(envelope)
    click.echo(f"Created the {year} campaign {name!r} (seed {seed}, rules preset {rules_preset}).")
    click.echo(f"Saved to {path}")
    if not no_tui:
        _run_tui(store.folder, path)


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
        try:  # `saved` is outside the state hash: an edited value must not crash the list
            saved = datetime.fromisoformat(env.saved).strftime("%Y-%m-%d %H:%M")
        except ValueError:
            saved = "?"
        click.echo(f"{name:<24} {st.year:>4} {st.turn:>4}  {st.step:<18} {held:>2}/{len(data.year(st.year).objectives):<2}  {saved}")


@cli.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.pass_context
def show(ctx, campaign: str) -> None:
    """Turn, step, supply, the JA track, every area's forces, objectives, boxes and pools."""
    from nimitz.views.situation import situation_text

    from nimitz.views.situation import last_turn_bot_text

    data = _data()
    path, env = _store(ctx).load(campaign, data)
    click.echo(situation_text(env.state, data, name=env.name))
    click.echo("")
    click.echo(last_turn_bot_text(env.journal))


@cli.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.pass_context
def check(ctx, campaign: str) -> None:
    """Verify a save: its structure, then a replay of its whole journal from the start, which
    must reach the same state at every checkpoint. Exit 0 when sound, 2 otherwise."""
    from nimitz.persist.campaign_file import verify

    data = _data()
    path, env = _store(ctx).load(campaign, data)
    problems = verify(env, data)
    if problems:
        raise UserError(f"{path}: the replay does not match the save: " + "; ".join(problems))
    click.echo(f"{path}: a sound save ({env.state.year} campaign, turn {env.state.turn}, "
               f"{len(env.journal)} journal entries replayed, state hash {env.state_hash[:12]})")


@cli.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.pass_context
def play(ctx, campaign: str) -> None:
    """Open a saved campaign in the terminal UI (it is saved after every decision)."""
    from nimitz.persist.campaign_file import Session

    store = _store(ctx)
    path = store.resolve(campaign)
    Session.open(path, _data())  # a save that cannot be opened is reported here, not in the UI
    _run_tui(store.folder, path)


@cli.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.option("--to", "to", type=click.Choice(["decision", "step", "turn"]), default="decision",
              show_default=True, help="Back to the previous decision, or the start of the step or turn.")
@click.pass_context
def undo(ctx, campaign: str, to: str) -> None:
    """Take back decisions without re-rolling: the dice come back with the state."""
    from nimitz.persist.campaign_file import Session
    from nimitz.engine.campaign import STEP_NAMES

    path = _store(ctx).resolve(campaign)
    session = Session.open(path, _data())
    undone = session.undo(to)
    st = session.game.state
    click.echo(f"Undid {undone} decision(s); now turn {st.turn}, "
               f"{STEP_NAMES.get(st.step.split(':')[0], st.step)}. Saved to {path}")


@cli.command()
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

    store = _store(ctx)
    session = Session.open(store.resolve(campaign), _data())
    count = len(decision_indices(session.game.journal)) if after is None else after
    new_path = store.path_for(check_name(new_name))
    if new_path.exists():
        raise UserError(f"a campaign named {new_name!r} already exists at {new_path}")
    other = session.branch(new_path, new_name, count)
    other.save()
    click.echo(f"Created {new_name!r}, a branch of {session.name!r} after decision {count}: {new_path}")


@cli.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.pass_context
def recover(ctx, campaign: str) -> None:
    """Restart a campaign whose last turn no longer replays (the rules or data changed since it
    was saved) from the start of that turn, under the current rules. The old file is kept."""
    from nimitz.persist.campaign_file import recover as recover_save

    store = _store(ctx)
    path = store.resolve(campaign)
    stem = path.name.removesuffix(".nimitz.json")
    backup = store.path_for(store.free_name(f"{stem}-before-recover"))
    session = recover_save(path, _data(), backup)
    click.echo(f"Restarted {session.name!r} at turn {session.game.state.turn} under the current "
               f"rules; the old file is kept as {backup}")


@cli.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the report to this file instead of printing it.")
@click.pass_context
def aar(ctx, campaign: str, output: str | None) -> None:
    """Write the after-action report in Markdown: every turn's purchases, scouting, moves,
    JA orders, battles, reinforcements, supply and objectives; the result."""
    from nimitz.views.aar import aar_markdown

    data = _data()
    path, env = _store(ctx).load(campaign, data)
    text = aar_markdown(env, data)
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(f"Wrote the after-action report of {env.name!r} to {output}")
    else:
        click.echo(text)


@cli.command()
@click.argument("campaign", metavar="NAME|PATH")
@click.option("--verify", is_flag=True, help="Only verify the save by replaying it (like `check`).")
@click.pass_context
def replay(ctx, campaign: str, verify: bool) -> None:
    """Step through a saved campaign decision by decision and roll by roll."""
    if verify:
        ctx.invoke(check, campaign=campaign)
        return
    data = _data()
    store = _store(ctx)
    path, env = store.load(campaign, data)
    try:
        from nimitz.tui import run_replay
    except ImportError:
        raise UserError("the replay viewer needs the terminal UI, which is not available") from None
    run_replay(store.folder, path)


def _run_tui(folder: Path, path: Path | None) -> None:
    try:
        from nimitz.tui import run_tui
    except ImportError:
        raise UserError("the terminal UI is not available in this build") from None
    run_tui(folder, path)


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


@cli.command()
@click.option("--year", type=click.Choice(YEARS), required=True, help="The campaign year.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True, help="Dice seed.")
@click.option("--policy", default="sensible", show_default=True,
              help="The scripted US player: passive or sensible.")
@click.option("--rules-preset", type=click.Choice(["map", "rulebook"]), default="map", show_default=True,
              help="JA order-roll modifiers (ruling R1).")
@click.option("--ja-ties", type=click.Choice(["bot", "player"]), default="bot", show_default=True,
              help="Who breaks ties among equal Japanese targets (ruling R24): the bot's dice, or you.")
@click.option("--linked", is_flag=True, help="Play a linked campaign from YEAR to 1945.")
@click.option("--save", "save_name", default=None, help="Also save the campaign under this name.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (see docs/cli.md).")
@click.pass_context
def autoplay(ctx, year: str, seed: int, policy: str, rules_preset: str, ja_ties: str, linked: bool,
             save_name: str | None, as_json: bool) -> None:
    """Play a whole campaign with a scripted US player and print the result.

    The same seed and policy always give the same campaign."""
    import json

    from nimitz.model.state import RulesProfile
    from nimitz.persist.campaign_file import Session
    from nimitz.persist.saves import state_hash
    from nimitz.persist.store import check_name
    from nimitz.policies import get_policy, policy_names

    if policy not in policy_names():
        raise click.BadParameter(f"{policy!r}: choose from {', '.join(policy_names())}",
                                 param_hint="--policy")
    data = _data()
    store = _store(ctx)
    path = store.path_for(check_name(save_name)) if save_name else None
    if path is not None and path.exists():
        raise UserError(f"a campaign named {save_name!r} already exists at {path}")
    chooser = get_policy(policy)
    session = Session.create(path, data, int(year), seed,
                             RulesProfile(order_modifiers=rules_preset, ja_ties=ja_ties),
                             save_name or f"autoplay-{year}-{seed}", linked=linked)
    session.autosave = path is not None
    game = session.game
    if path is not None:
        session.save()
    turn_lines: list[str] = []
    request = game.pending
    while request is not None:
        request = session.answer(chooser(request, game))
    state = game.state
    for turn, held in enumerate(state.held_history, start=1):
        battles = [e.data["battle_area"] for e in game.journal
                   if e.turn == turn and e.kind == "event" and "battle_area" in e.data]
        orders = [e for e in game.journal if e.turn == turn and e.kind == "bot" and e.step == "orders"]
        turn_lines.append(f"turn {turn}: {held} objectives held, {len(battles)} battle(s) "
                          f"({', '.join(battles) or '-'}), "
                          f"{max(0, len(orders) - 1)} JA orders")
    digest = state_hash(state)
    if as_json:
        click.echo(json.dumps({
            "year": int(year), "seed": seed, "policy": policy, "rules_preset": rules_preset,
            "result": state.result, "objectives_held": state.held_history,
            "battles": state.battles_fought, "turns_played": state.turn,
            "decisions": sum(1 for e in game.journal if e.kind == "decision"),
            "journal_entries": len(game.journal), "state_hash": digest,
            "saved_to": str(path) if path else None}, indent=1))
        return
    click.echo(f"{year} campaign, seed {seed}, policy {policy}, {rules_preset} modifiers")
    for line in turn_lines:
        click.echo("  " + line)
    click.echo(f"Result: {state.result} ({state.battles_fought} battles; state hash {digest[:12]})")
    if path:
        click.echo(f"Saved to {path}")


from nimitz.cli_bot import bot_group  # noqa: E402  (the group needs cli's helpers at run time)

cli.add_command(bot_group)


def main() -> None:
    cli.main(prog_name="nimitz")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
