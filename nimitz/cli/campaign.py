"""The campaign commands: new, list, show, check, play, undo, branch, recover, aar, replay."""

from __future__ import annotations

import secrets
from datetime import datetime

import click

from nimitz.cli.common import (
    YEARS,
    CheckFailed,
    UserError,
    campaign_argument,
    chosen_options,
    difficulty_option,
    difficulty_summary,
    emit,
    game_data,
    ja_ties_option,
    json_option,
    optional_rules_option,
    require_terminal,
    rules_for,
    run_tui,
    store_of,
    write_output,
)
from nimitz.errors import NimitzError
from nimitz.model.optional_rules import OPTION_TITLES
from nimitz.views.words import step_words


@click.command()
@click.option(
    "--year", type=click.Choice(YEARS), default=None, help="The campaign year (required unless --position gives it)."
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    default=None,
    help="Dice seed; the same seed and decisions give the same campaign. Random if omitted.",
)
@click.option("--name", default=None, help="Campaign name (default: campaign-YEAR, numbered if taken).")
@difficulty_option
@click.option(
    "--rules-preset",
    type=click.Choice(["map", "rulebook"]),
    default=None,
    help="JA order-roll modifiers (ruling R1): the map's table or the rulebook's (default: the difficulty's).",
)
@ja_ties_option
@click.option(
    "--linked",
    is_flag=True,
    help="A linked campaign: the years follow each other up to 1945 and the objectives add up.",
)
@click.option(
    "--position",
    "position",
    metavar="FILE",
    default=None,
    help="Start from a position file (docs/positions.md): its year, turn, step, forces, rules and dice.",
)
@click.option("--no-tui", is_flag=True, help="Only create and save the campaign; do not open it.")
@json_option
@optional_rules_option
@click.pass_context
def new(
    ctx,
    year: str | None,
    seed: int | None,
    name: str | None,
    difficulty: str | None,
    rules_preset: str | None,
    ja_ties: str,
    linked: bool,
    position: str | None,
    no_tui: bool,
    as_json: bool,
    options: tuple[str, ...],
) -> None:
    """Create a campaign and print where it is saved, then open it (not with --no-tui or --json)."""
    from nimitz.persist.campaign_file import new_envelope
    from nimitz.persist.store import check_name

    open_it = not (no_tui or as_json)
    if open_it:
        require_terminal()  # before anything is created: bad input changes nothing
    if position is not None:
        from nimitz.cli.position import new_from_position

        new_from_position(ctx, position, name, year, as_json, open_it)
        return
    if year is None:
        raise click.UsageError(
            "give the campaign year with --year (or start from a position file with --position)", ctx
        )
    data = game_data()
    store = store_of(ctx)
    name = check_name(name) if name is not None else store.free_name(f"campaign-{year}")
    seed = secrets.randbelow(2**31) if seed is None else seed
    rules = rules_for(difficulty, order_modifiers=rules_preset, ja_ties=ja_ties, options=chosen_options(options))
    envelope = new_envelope(data, int(year), seed, rules, name, linked=linked)
    path = store.create(envelope)
    emit(
        as_json,
        {
            "name": name,
            "path": str(path),
            "year": int(year),
            "seed": seed,
            "rules_preset": rules.order_modifiers,
            "ja_ties": ja_ties,
            "linked": linked,
            "options": rules.options,
            "difficulty": difficulty_summary(rules),
        },
        [
            f"Created the {year} campaign {name!r} (seed {seed}, difficulty {difficulty_summary(rules)}"
            + (f"; optional rules: {', '.join(rules.options)}" if rules.options else "")
            + ").",
            f"Saved to {path}",
        ],
    )
    if open_it:
        run_tui(store.folder, path)


@click.command("list")
@json_option
@click.pass_context
def list_(ctx, as_json: bool) -> None:
    """The saved campaigns, newest first (from each save's header: its journal is not read)."""
    store = store_of(ctx)
    campaigns: list[dict] = []
    lines = [
        f"Campaigns in {store.folder}:",
        f"{'name':<24} {'year':>4} {'turn':>4}  {'step':<18} {'held':>5}  last saved",
    ]
    for path, header in store.headers():
        name = path.name.removesuffix(".nimitz.json")
        if isinstance(header, NimitzError):
            problem = str(header).split(": ", 1)[-1]
            campaigns.append({"name": name, "path": str(path), "error": problem})
            lines.append(f"{name:<24} (cannot be read: {problem})")
            continue
        s = header.summary
        try:  # `saved` is only shown: an edited value must not crash the list
            saved = datetime.fromisoformat(s.saved).strftime("%Y-%m-%d %H:%M")
        except ValueError:
            saved = "?"
        campaigns.append(
            {
                "name": name,
                "path": str(path),
                "year": s.year,
                "turn": s.turn,
                "step": s.step,
                "objectives_held": s.held,
                "objectives": s.objectives,
                "saved": s.saved,
                "options": list(header.rules.options),
                "error": None,
            }
        )
        step = step_words(s.step.split(":")[0])  # a battle's inner step is too long for the column
        options = ", ".join(OPTION_TITLES.get(o, o).lower() for o in header.rules.options)
        lines.append(
            f"{name:<24} {s.year:>4} {s.turn:>4}  {step:<18} {s.held:>2}/{s.objectives:<2}  {saved}"
            + (f"  (optional rules: {options})" if options else "")
        )
    if not campaigns:
        lines = [f"No saved campaigns in {store.folder}. Start one with: nimitz new --year 1942"]
    emit(as_json, {"folder": str(store.folder), "campaigns": campaigns}, lines)


@click.command()
@campaign_argument
@json_option
@click.option(
    "--map", "as_map", is_flag=True, help="Draw the map: areas in their places, movement lines, off-map boxes."
)
@click.option(
    "--width",
    type=click.IntRange(60, 400),
    default=80,
    show_default=True,
    help="Widest line of the drawn map (--map); wider terminals get a bigger map.",
)
@click.pass_context
def show(ctx, campaign: str, as_json: bool, as_map: bool, width: int) -> None:
    """Turn, step, supply, the JA track, every area's forces, objectives, boxes and pools."""
    from nimitz.engine.control import objectives_held
    from nimitz.persist.campaign_file import Session
    from nimitz.persist.saves import CONVERTER, state_hash
    from nimitz.views.map import map_text
    from nimitz.views.situation import last_turn_bot_text, situation_text

    data = game_data()
    session = Session.open(store_of(ctx).resolve(campaign), data)
    st = session.game.state
    if as_map and not as_json:
        click.echo(map_text(st, data, width=width, name=session.name))
        return
    emit(
        as_json,
        {
            "name": session.name,
            "path": str(session.path),
            "year": st.year,
            "turn": st.turn,
            "step": st.step,
            "objectives_held": sorted(objectives_held(st, data)),
            "state_hash": state_hash(st),
            "state": CONVERTER.unstructure(st),
        },
        [situation_text(st, data, name=session.name), "", last_turn_bot_text(session.game.journal, st)],
    )


@click.command()
@campaign_argument
@json_option
@click.pass_context
def check(ctx, campaign: str, as_json: bool) -> None:
    """Verify a save: its structure, then a replay of the whole campaign from its creation,
    which must reproduce every journal entry, checkpoint, commit and header field. Exit 0 when
    sound, 1 when the save reads but does not verify (what differs is named, and where), 2 when
    the file cannot be read as a save."""
    from nimitz.persist.verify import verify

    data = game_data()
    path, env = store_of(ctx).load(campaign, data)
    problems = verify(env, data, path)
    if problems:
        raise CheckFailed(f"{path}: does not verify: " + "; ".join(problems[:8]), path=str(path), problems=problems)
    s = env.summary
    emit(
        as_json,
        {"path": str(path), "sound": True, "year": s.year, "turn": s.turn, "journal_entries": len(env.journal)},
        [f"{path}: a sound save ({s.year} campaign, turn {s.turn}, {len(env.journal)} journal entries replayed)"],
    )


@click.command()
@campaign_argument
@click.pass_context
def play(ctx, campaign: str) -> None:
    """Open a saved campaign in the terminal UI (it is saved after every decision)."""
    from nimitz.persist.campaign_file import Session

    store = store_of(ctx)
    path = store.resolve(campaign)
    Session.open(path, game_data())  # a save that cannot be opened is reported here, not in the UI
    run_tui(store.folder, path)


@click.command()
@campaign_argument
@click.option(
    "--to",
    "to",
    type=click.Choice(["decision", "step", "turn"]),
    default="decision",
    show_default=True,
    help="Back to the previous decision, or the start of the step or turn.",
)
@click.pass_context
def undo(ctx, campaign: str, to: str) -> None:
    """Take back decisions without re-rolling: the dice come back with the state."""
    from nimitz.engine.campaign import STEP_NAMES
    from nimitz.persist.campaign_file import Session

    path = store_of(ctx).resolve(campaign)
    session = Session.open(path, game_data())
    undone = session.undo(to)
    st = session.game.state
    click.echo(
        f"Undid {undone} decision(s); now turn {st.turn}, "
        f"{STEP_NAMES.get(st.step.split(':')[0], st.step)}. Saved to {path}"
    )


@click.command()
@campaign_argument
@click.argument("new_name", metavar="NEW_NAME")
@click.option(
    "--after",
    "after",
    type=click.IntRange(0),
    default=None,
    help="Branch after this many decisions (default: the current position).",
)
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
@campaign_argument
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
    click.echo(
        f"Restarted {session.name!r} at turn {session.game.state.turn} under the current "
        f"rules; the old file is kept as {backup}"
    )


@click.command()
@campaign_argument
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True, allow_dash=True),
    default=None,
    help="Write the report to this file instead of printing it ('-': standard output).",
)
@click.pass_context
def aar(ctx, campaign: str, output: str | None) -> None:
    """Write the after-action report in Markdown: a summary (outcome and why, objectives by
    turn, losses, decisive battles, options), then every turn's purchases, scouting, moves,
    JA orders, battles, reinforcements, supply and objectives."""
    from nimitz.persist.campaign_file import Session
    from nimitz.views.aar import aar_markdown

    data = game_data()
    session = Session.open(store_of(ctx).resolve(campaign), data)
    env = session.envelope()
    if write_output(output, aar_markdown(env, session.game.state, data)):
        click.echo(f"Wrote the after-action report of {env.name!r} to {output}")


@click.command()
@campaign_argument
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
    from nimitz.engine.fog import replay_refusal

    refusal = replay_refusal(env.header.rules.options, bool(env.header.summary.result))
    if refusal:
        raise UserError(f"{path.name}: {refusal}")
    try:
        from nimitz.tui import run_replay
    except ImportError:
        raise UserError("the replay viewer needs the terminal UI, which is not available") from None
    require_terminal()
    run_replay(store.folder, path)
