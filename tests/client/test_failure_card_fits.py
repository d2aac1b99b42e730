"""New user s9 item 15: "Cannot continue at this table" kept room for seven rows whatever it said, so the one
line "The host stopped the game: the server at 192.0.2.2:8765 is gone." sat above a large empty area, in
words for a network engineer. Kind: a prompt sized for its longest text instead of its own. The failure card
(and every prompt with a body, panels._fit_body) is now as tall as its text wrapped in the window's type, no
row cut and none empty; the failures said at the table are in plain words (no server, address or token)."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.render import fit_rows, render
from doublenine.client.uistate import Ui
from doublenine.shared.failures import Failure

LANGS = ("en", "fr", "pt", "de", "es")
SIZES = ((800, 600), (1280, 800), (1920, 1080))
FAILURES = (Failure("host.stopped", {"host": "192.0.2.2", "port": 8765}),
            Failure("host.lost", {"host": "192.0.2.2", "port": 8765}),
            Failure("seat.replaced", {"code": "K7QPA"}),
            Failure("seat.given_up", {"code": "K7QPA", "minutes": 12}),  # session 17: three buttons under it
            Failure("table.closed", {"code": "K7QPA", "host": "192.0.2.2", "port": 8765}),
            Failure("net.certificate", {"host": "dominoes.example.org", "port": 443,
                                        "reason": "certificate verify failed: self-signed certificate"}),
            # club s14 F11: the refusal that says what the organiser can do, the longest sentence of a refusal
            Failure("net.refused", {"host": "127.0.0.1", "port": 18641,
                                    "detail": Failure("refused.TOO_MANY_TABLES")}))


@pytest.fixture(scope="module")
def turn():  # type: ignore[no-untyped-def]
    return next(state for name, state, _ in table_states() if name == "own-turn")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_failure_card_is_as_tall_as_its_text(turn, lang: str, size: tuple[int, int], tmp_path) -> None:  # type: ignore[no-untyped-def]
    art = Art()
    for failure in FAILURES:
        state = replace(turn, connection="lost", failure=failure)
        lay = compute_layout(state, Ui(seen_finished=0), size, lang)
        panel = lay.panel
        assert panel is not None and panel.kind == "failure"
        x, y, w, h = panel.rect
        f = lay.font
        title_h = art.type.line_height(round(f * 1.35), True)
        top = y + f // 2 + title_h + f // 3  # where render._panel starts the text
        room = min(b.rect[1] for b in panel.buttons) - f // 3 - top
        rows, font, step = fit_rows(art, failure.text(lang), f, (w, room))
        assert font == f, (failure.key, "shrunk")  # whole, at the table's type
        assert 0 <= room - len(rows) * step <= step, (failure.key, room, len(rows), step)  # no empty row
        if failure.key == "host.stopped" and size == (1280, 800):
            surface = pygame.Surface(size)
            render(surface, lay, state, Ui(seen_finished=0), art, lang)
            pygame.image.save(surface, str(tmp_path / f"host-stopped-{lang}.png"))


@pytest.mark.parametrize("lang, said", [
    ("en", "The host closed the game, so this table has ended."),
    ("fr", "L’hôte a fermé la partie\u00a0: cette table est terminée."),
    ("pt", "O anfitrião encerrou o jogo, então esta mesa terminou."),
    ("de", "Der Gastgeber hat das Spiel beendet, dieser Tisch ist damit vorbei."),
    ("es", "El anfitrión cerró el juego, así que esta mesa terminó."),
])
def test_the_host_stopping_is_said_in_plain_words(lang: str, said: str) -> None:
    assert Failure("host.stopped", {"host": "192.0.2.2", "port": 8765}).text(lang) == said


def test_failures_said_at_the_table_name_no_server_address_or_token() -> None:
    for key, params in (("host.stopped", {"host": "192.0.2.2", "port": 8765}),
                        ("host.lost", {"host": "192.0.2.2", "port": 8765}), ("seat.replaced", {"code": "K7QPA"})):
        for lang in LANGS:
            text = Failure(key, params).text(lang)
            assert not any(word in text.lower() for word in ("192.0.2.2", "8765", "server", "serveur", "servidor",
                                                           "token", "jeton")), (key, lang, text)


def test_a_table_gone_for_minutes_is_not_said_to_be_closed_by_the_host() -> None:
    """The give-up after minutes without the table (no close from the host) says what is known: host.lost."""
    import asyncio

    from doublenine.client.embedded import EmbeddedServer
    from doublenine.client.net import NetClient, NetSession
    from doublenine.shared import protocol as p
    from doublenine.shared.reconnect import SHUTTING_DOWN, Backoff
    from sessionkit import pump_until

    first = EmbeddedServer(":memory:", bot_delay=0.0)
    first.start()
    seats = tuple(p.SeatSpec(kind=k) for k in ("human", "human", "computer", "computer"))
    host = NetSession(NetClient(first.url, p.CreateTable(seats=seats, sit=1, name="Host")).start())  # type: ignore[arg-type]
    try:
        pump_until(host, lambda s: bool(s.table))
        ana = NetSession(NetClient(first.url, p.Join(code=host.state.table, name="Ana"),
                                   backoff=Backoff(first=0.05, cap=0.2, give_up_after=1.5)).start())
        pump_until(ana, lambda s: s.connection == "connected" and s.view is not None and s.view.seat is not None)
        asyncio.run_coroutine_threadsafe(first.server.stop(SHUTTING_DOWN, "gone"), first.loop).result(10)
    finally:
        first.stop()  # nobody serves that port any more
        host.client.close()
    pump_until(ana, lambda s: s.failure is not None)
    ana.client.close()
    assert ana.state.failure.key == "host.lost"
    assert ana.state.failure.text("en") == ("This table has not answered for several minutes, so it cannot go on: "
                                            "the host may have closed the game or lost the connection.")


@pytest.mark.parametrize("lang", LANGS)
def test_a_prompts_lines_end_above_its_button_where_the_window_leaves_it_little_room(lang: str) -> None:
    """The same kind at the lobby prompt above a host's invite card at 800x600 (the card one row taller when it
    warns that its address is a loopback one): "Oder jetzt beginnen: Der Computer übernimmt die freien Plätze"
    ran into "Jetzt beginnen". The lines are drawn smaller (not below MIN_SIZE) until they end above it."""
    from doublenine.client.render import _lines_size
    from doublenine.client.scenes.lan_host import card_height
    from doublenine.client.text import say
    from doublenine.client.typeset import MIN_SIZE

    lobby = next(state for name, state, _ in table_states() if name == "lobby")
    art = Art()
    for size, under in (((800, 600), card_height((800, 600), True) + 12), ((1280, 800), 0)):
        lay = compute_layout(lobby, Ui(seen_finished=0), size, lang, under=under)
        panel = lay.panel
        assert panel is not None and panel.kind == "lobby"
        x, y, w, h = panel.rect
        f = lay.font
        top = y + f // 2 + art.text(say(lang, *panel.title), round(f * 1.35), bold=True).get_height() + f // 3
        button = min(b.rect[1] for b in panel.buttons)
        texts = [say(lang, t, a) for t, a in panel.lines]
        font = _lines_size(art, texts, f, w - 2 * f, button, top)
        rows = sum(len(art.type.wrap(t, font, w - 2 * f)[:2]) for t in texts)
        assert top + rows * art.type.line_height(font) + len(texts) * (font // 3) <= button
        assert font >= MIN_SIZE and (font == f if size == (1280, 800) else True)
