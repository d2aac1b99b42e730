"""Stream s16 F2: a streamer hosting from the window had 32 places for viewers, no way to raise it, and
the invite card did not say it (the 33rd viewer was told the table was full). ``play --max-spectators N``
sets the spectators a table of the server this window runs takes, and the invite card says the limit."""
from __future__ import annotations

import argparse

import pytest

from doublenine.client import embedded
from doublenine.client.cli import add_arguments
from doublenine.client.scenes.lan_host import WATCH_LIMIT, watch_limit
from doublenine.client.text import tr


def test_play_max_spectators_sets_the_hosted_servers_limit_and_the_card_says_it(monkeypatch) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args(["--max-spectators", "300"]).max_spectators == 300
    assert parser.parse_args([]).max_spectators is None
    with pytest.raises(SystemExit):
        parser.parse_args(["--max-spectators", "-1"])
    server = embedded.EmbeddedServer(":memory:", 0.0)
    assert server.max_spectators is None  # not running: not known
    server.start()
    try:
        assert server.max_spectators == 32  # the server's default, said on the card
    finally:
        server.stop()
    monkeypatch.setattr(embedded, "MAX_SPECTATORS", 300)
    server = embedded.EmbeddedServer(":memory:", 0.0)
    server.start()
    try:
        assert server.max_spectators == 300

        class Hosting:
            pass

        hosting = Hosting()
        hosting.embedded = server  # type: ignore[attr-defined]
        assert watch_limit(hosting) == 300
        assert watch_limit(object()) is None  # another's server (lan_host.RemoteServer): not known, not said
    finally:
        server.stop()
    assert [tr(lang, WATCH_LIMIT, most=300) for lang in ("en", "fr", "pt", "de", "es")] == [
        "at most 300 can watch", "300 spectateurs au plus", "no máximo 300 podem assistir",
        "höchstens 300 können zuschauen", "hasta 300 espectadores"]
