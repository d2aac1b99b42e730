"""Stream s16 F2: a streamer hosting from the window had 32 places for viewers, no way to raise it, and
the invite card did not say it (the 33rd viewer was told the table was full). ``play --max-spectators N``
sets the spectators a table of the server this window runs takes, and the invite card says the limit."""
from __future__ import annotations

import argparse

import pytest

from doublenine.client import embedded
from doublenine.client.cli import add_arguments
from doublenine.client.scenes.lan_host import watch_limit, watch_limit_said


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
    assert [watch_limit_said(lang, 300) for lang in ("en", "fr", "pt", "de", "es")] == [
        "at most 300 can watch", "300 spectateurs au plus", "até 300 espectadores",
        "höchstens 300 Zuschauer", "hasta 300 espectadores"]


F14 = {  # translator s17 F14: the line as drawn at 800x600, whole, with the catalogs' plurals and a message for 0
    ("en", 32): "Address 192.168.1.20 · port 8765 · table code K7QPA · at most 32 can watch",
    ("fr", 32): "Adresse 192.168.1.20 · port 8765 · code de table K7QPA · 32 spectateurs au plus",
    ("fr", 1): "Adresse 192.168.1.20 · port 8765 · code de table K7QPA · 1 spectateur au plus",
    ("fr", 0): "Adresse 192.168.1.20 · port 8765 · code de table K7QPA · personne ne peut regarder",
    ("pt", 32): "Endereço 192.168.1.20 · porta 8765 · código da mesa K7QPA · até 32 espectadores",
    ("pt", 1): "Endereço 192.168.1.20 · porta 8765 · código da mesa K7QPA · até 1 espectador",
    ("de", 32): "Adresse 192.168.1.20 · Port 8765 · Tischcode K7QPA · höchstens 32 Zuschauer",
    ("de", 0): "Adresse 192.168.1.20 · Port 8765 · Tischcode K7QPA · niemand kann zuschauen",
    ("es", 32): "Dirección 192.168.1.20 · puerto 8765 · código de mesa K7QPA · hasta 32 espectadores",
    ("es", 1): "Dirección 192.168.1.20 · puerto 8765 · código de mesa K7QPA · hasta 1 espectador",
}


@pytest.mark.parametrize(("lang", "most"), sorted(F14), ids=str)
def test_translator_s17_f14_the_limit_is_said_whole_with_its_plural(lang: str, most: int) -> None:
    """Kind: a line with a count needs plural forms ("1 spectateurs au plus", "hasta 1 espectadores", "0
    spectateurs au plus") and the text-fit tests must draw it (pt "no máximo 32 pode…", de "höchstens 32 können
    zuschau…" were cut at 800x600; the scenes catalog's card now has a server: scenes_catalog._host)."""
    import pygame
    from scenes_catalog import _host

    from doublenine.client.art import Art
    from doublenine.client.typeset import MIN_SIZE, watch

    pygame.display.init()
    pygame.font.init()
    with watch() as seen:
        _host(Art(), False, watch=most)(pygame.Surface((800, 600)), lang)
    (line,) = [d for d in seen if "K7QPA" in d.text and "8765 ·" in d.text]
    assert (line.text, line.shortened, line.size >= MIN_SIZE) == (F14[lang, most], False, True)
