"""New-user finding (session 6), kind: a mistyped table code sent to a server. `play --table OOOOO`
said at once that it is not a code; `doublenine bot --table OOOOO` connected and was refused
UNKNOWN_TABLE. Now the bot checks the code as `play` does, before any connection (the server
address below has nothing listening: a connection attempt would say so instead)."""
from __future__ import annotations

import argparse

from doublenine.server import botcli


def _args(table: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    botcli.add_arguments(parser)
    return parser.parse_args(["--server", "ws://127.0.0.1:9/", "--table", table])


def test_a_mistyped_code_is_said_at_once_and_never_sent(capsys) -> None:  # type: ignore[no-untyped-def]
    assert botcli.run(_args("OOOOO")) == 2
    assert capsys.readouterr() == ("",  # errors: stderr (s12)
        "doublenine bot: “OOOOO” is not a table code: 5 letters and digits, without 0, 1, I, L, O or U.\n")
