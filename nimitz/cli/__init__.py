"""The `nimitz` command line (click), one command group per module. Every error is a message,
never a traceback: exit status 2 for bad usage or input, 1 for a check that fails (docs/cli.md)."""

from __future__ import annotations

import click

from nimitz import RULES_VERSION, __version__
from nimitz.cli.common import NimitzGroup, run_tui, store_of


@click.group(cls=NimitzGroup, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--saves",
    type=click.Path(file_okay=False),
    envvar=None,
    help="Folder for saved campaigns (default: $NIMITZ_HOME/saves or your data folder).",
)
@click.version_option(__version__, prog_name="nimitz", message=f"%(prog)s %(version)s ({RULES_VERSION})")
@click.pass_context
def cli(ctx: click.Context, saves: str | None) -> None:
    """Fleet Commander Nimitz in the terminal: command the US Pacific fleet, 1942-1945,
    against a Japanese bot that explains every decision.

    Start with `nimitz new --year 1942`, look with `nimitz show NAME`."""
    if ctx.invoked_subcommand is None:
        run_tui(store_of(ctx).folder, None)


def _register() -> None:
    from nimitz.cli import advise, autoplay, bot, campaign, data, lab, position, serve

    for command in (
        campaign.new,
        campaign.list_,
        campaign.show,
        campaign.check,
        campaign.play,
        campaign.undo,
        campaign.branch,
        campaign.recover,
        campaign.aar,
        campaign.replay,
        data.data_group,
        autoplay.autoplay,
        lab.lab,
        bot.bot_group,
        position.position_group,
        serve.serve,
        advise.advise,
    ):
        cli.add_command(command)


_register()


def main() -> None:
    cli.main(prog_name="nimitz")


if __name__ == "__main__":  # pragma: no cover
    main()
