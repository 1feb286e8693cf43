"""`nimitz serve`: the game in a web browser, through textual-serve.

Each browser tab that connects starts its own `nimitz` process (the title screen) behind a
websocket; saves go to the same folder as in the terminal. There is no password: anyone who can
reach the address can play and read the saves, so it listens on the loopback address unless told
otherwise, and says so loudly when told otherwise.
"""

from __future__ import annotations

import ipaddress
import shlex
import sys

import click

from nimitz.cli.common import UserError

LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: only "localhost" is known to stay on this machine
        return False


def game_command(saves: str | None) -> str:
    """The shell command textual-serve runs for each browser tab: this Python, this nimitz."""
    args = [sys.executable, "-m", "nimitz"]
    if saves:
        args += ["--saves", saves]
    return shlex.join(args)


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on. Anything but loopback lets other machines play.",
)
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option(
    "--public-url",
    default=None,
    metavar="URL",
    help="The address browsers use to reach this server, when it differs from "
    "http://HOST:PORT (a proxy, or --host 0.0.0.0).",
)
@click.pass_context
def serve(ctx, host: str, port: int, public_url: str | None) -> None:
    """Play in a web browser: serve the game at http://HOST:PORT (Ctrl+C stops it)."""
    try:
        from textual_serve.server import Server
    except ImportError:
        raise UserError("browser play needs the textual-serve package (pip install textual-serve)") from None
    if not is_loopback(host):
        click.secho(
            f"WARNING: serving on {host}:{port}, not on this machine alone. There is no "
            f"password: anyone who can reach this address can play your campaigns and "
            f"read your saves. Use it only on a network you trust; over SSH, keep the "
            f"default and forward the port instead (ssh -L {port}:127.0.0.1:{port} HOST).",
            err=True,
            fg="red",
            bold=True,
        )
    server = Server(
        game_command(ctx.find_root().params.get("saves")), host=host, port=port, title="nimitz", public_url=public_url
    )
    try:
        server.serve()
    except OSError as exc:  # e.g. the port is taken
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
