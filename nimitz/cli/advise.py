"""`nimitz advise`: the expert's answer to a save's pending decision, with its alternatives."""

from __future__ import annotations

import os

import click

from nimitz.cli.common import UserError, emit, game_data, json_option, store_of


@click.command()
@click.argument("campaign", metavar="NAME|PATH")
@json_option
@click.pass_context
def advise(ctx, campaign: str, as_json: bool) -> None:
    """What the expert would answer now, and the best alternatives, each with what its
    look-ahead expects (objectives at the end of the year, chance of losing Hawaii). The save is not changed; the
    same save always gets the same advice."""
    from nimitz.persist.campaign_file import Session
    from nimitz.policies import ADVISE_BUDGET, ADVISE_WORKERS
    from nimitz.policies.lookahead import advice_lines, advice_payload
    from nimitz.policies.lookahead import advise as expert_advice
    from nimitz.views.words import player_text

    session = Session.open(store_of(ctx).resolve(campaign), game_data())
    game = session.game
    if game.pending is None:
        raise UserError(f"{session.name!r} is over ({game.state.result}): there is nothing to decide")
    workers = min(ADVISE_WORKERS, os.cpu_count() or 1)
    payload = advice_payload(game, expert_advice(game, ADVISE_BUDGET, workers=workers))
    emit(as_json, payload, [player_text(line) for line in advice_lines(payload)])
