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
    from nimitz.model.data import data_root, load_raw
    from nimitz.model.datacheck import check_data, summary

    data, problems = load_raw()
    if data is not None:
        problems = check_data(data)
    if problems or data is None:
        if not as_json:
            for line in problems:
                click.echo(line, err=True)
        raise CheckFailed(f"{len(problems)} problem(s) in the game data under {data_root()}",
                          problems=problems)
    emit(as_json, {"valid": True, "data_root": str(data_root()), "fingerprint": data.fingerprint,
                   "summary": summary(data)},
         [*summary(data), f"All game data is valid (fingerprint {data.fingerprint})."])
