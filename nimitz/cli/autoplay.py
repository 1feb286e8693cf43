"""`nimitz autoplay`: a whole campaign played by a scripted US player."""

from __future__ import annotations

import click

from nimitz.cli.common import (
    YEARS,
    PolicyChoice,
    UserError,
    chosen_options,
    difficulty_option,
    difficulty_summary,
    game_data,
    ja_ties_option,
    json_option,
    optional_rules_option,
    rules_for,
    store_of,
)
from nimitz.views.words import counted


@click.command()
@click.option("--year", type=click.Choice(YEARS), required=True, help="The campaign year.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=1, show_default=True, help="Dice seed.")
@click.option("--policy", type=PolicyChoice(), default="sensible", show_default=True, help="The scripted US player.")
@difficulty_option
@click.option(
    "--rules-preset",
    type=click.Choice(["map", "rulebook"]),
    default=None,
    help="JA order-roll modifiers (ruling R1; default: the difficulty's).",
)
@ja_ties_option
@click.option("--linked", is_flag=True, help="Play a linked campaign from YEAR to 1945.")
@click.option("--save", "save_name", default=None, help="Also save the campaign under this name.")
@json_option
@optional_rules_option
@click.pass_context
def autoplay(
    ctx,
    year: str,
    seed: int,
    policy: str,
    difficulty: str | None,
    rules_preset: str | None,
    ja_ties: str,
    linked: bool,
    save_name: str | None,
    as_json: bool,
    options: tuple[str, ...],
) -> None:
    """Play a whole campaign with a scripted US player and print the result.

    The same seed and policy always give the same campaign."""
    import json

    from nimitz.persist.campaign_file import Session, new_game
    from nimitz.persist.saves import CONVERTER, state_hash
    from nimitz.persist.store import check_name
    from nimitz.policies import get_policy

    data = game_data()
    store = store_of(ctx)
    path = store.path_for(check_name(save_name)) if save_name is not None else None
    if path is not None and path.exists():
        raise UserError(f"a campaign named {save_name!r} already exists at {path}")
    chooser = get_policy(policy)
    rules = rules_for(difficulty, order_modifiers=rules_preset, ja_ties=ja_ties, options=chosen_options(options))
    if path is not None and save_name is not None:
        session = Session.create(path, data, int(year), seed, rules, save_name, linked=linked)
        session.autosave = True
        session.sync = "end"  # a batch run: durable once it is done (kills are safe at any time)
        session.save()
        game, answer = session.game, session.answer
    else:
        session = None
        game = new_game(data, int(year), seed, rules, linked)
        answer = game.answer
    turn_lines: list[str] = []
    request = game.pending
    while request is not None:
        request = answer(chooser(request, game))
    if session is not None:
        session.flush()
    state = game.state
    for turn, held in enumerate(state.held_history, start=1):
        battles = [
            e.data["battle_area"]
            for e in game.journal
            if e.turn == turn and e.kind == "event" and "battle_area" in e.data
        ]
        orders = [e for e in game.journal if e.turn == turn and e.kind == "bot" and e.step == "orders"]
        turn_lines.append(
            f"turn {turn}: {counted(held, 'objective')} held, {counted(len(battles), 'battle')} "
            f"({', '.join(battles) or '-'}), "
            f"{max(0, len(orders) - 1)} JA orders"
        )
    digest = state_hash(state)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "year": int(year),
                    "seed": seed,
                    "policy": policy,
                    "rules_preset": rules.order_modifiers,
                    "options": chosen_options(options),
                    "difficulty": difficulty_summary(rules),
                    "rules": CONVERTER.unstructure(rules),
                    "result": state.result,
                    "objectives_held": state.held_history,
                    "battles": state.battles_fought,
                    "turns_played": state.turn,
                    "decisions": sum(1 for e in game.journal if e.kind == "decision"),
                    "journal_entries": len(game.journal),
                    "state_hash": digest,
                    "saved_to": str(path) if path else None,
                },
                indent=1,
            )
        )
        return
    extra = f", optional rules: {', '.join(chosen_options(options))}" if options else ""
    click.echo(f"{year} campaign, seed {seed}, policy {policy}, difficulty {difficulty_summary(rules)}{extra}")
    for line in turn_lines:
        click.echo("  " + line)
    click.echo(f"Result: {state.result} ({state.battles_fought} battles; state hash {digest[:12]})")
    if path:
        click.echo(f"Saved to {path}")
