"""`nimitz data check`: validate the game data files."""

from __future__ import annotations

import click

from nimitz.cli.common import CheckFailed, emit, json_option


@click.group("data")
def data_group() -> None:
    """Inspect the game data (campaigns/ and bot_tables/)."""


@data_group.command("check")
@json_option
def data_check(as_json: bool) -> None:
    """Validate every data file; each problem names its file, table and key. Exit 1 when a
    problem is found."""
    from nimitz.model import difficulty
    from nimitz.model.data import data_root, load_raw
    from nimitz.model.datacheck import check_data, summary

    data, problems = load_raw()
    if data is not None:
        problems = check_data(data)
    presets, preset_problems = difficulty.load_raw()
    problems = problems + preset_problems
    if presets is not None and data is not None:
        problems += [
            f"{difficulty.FILE}: preset.{p.id}.options.order_modifiers: no order-modifier "
            f"preset {p.options['order_modifiers']!r} in bot_tables/orders.toml (R1)"
            for p in presets.preset
            if p.options.get("order_modifiers") not in data.orders.modifier_presets
        ]
    if problems or data is None or presets is None:
        if not as_json:
            for line in problems:
                click.echo(line, err=True)
        raise CheckFailed(f"{len(problems)} problem(s) in the game data under {data_root()}", problems=problems)
    lines = [
        *summary(data),
        f"{difficulty.FILE}: {len(presets.preset)} difficulty presets "
        f"({', '.join(p.name for p in presets.preset)}), {len(presets.option)} options",
    ]
    emit(
        as_json,
        {"valid": True, "data_root": str(data_root()), "fingerprint": data.fingerprint, "summary": lines},
        [*lines, f"All game data is valid (fingerprint {data.fingerprint})."],
    )
