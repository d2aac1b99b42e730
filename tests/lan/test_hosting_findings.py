"""A new user's findings in hosting games for friends, each kept as a case of its kind.

1. A second window on the game file of a window that hosts the table watches it, and says so:
   no "could not be hosted again" (false: the other window hosts it), and a cause from outside
   is never cut mid-sentence in any message (kind: ``text[:N]`` on a message).
2. The name typed on the start screen is saved by every button that starts something, Host
   for friends included (kind: a start path that skipped what Create table saves).
3. Only tables open to friends are announced on the LAN: never the player's stored solo table
   that a hosting window serves from the same file (kind: everything in a store shown).
4. Host for friends honours the seat settings; a setting with no seat for a friend is refused on
   the start screen, saying why (kind: a setting overridden behind the player's back).
5. A TLS failure is said as such (certificate not trusted, with OpenSSL's reason, or another TLS
   failure), in the window and in the invite check (kind: a cause hidden behind "unreachable").
"""
from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from doublenine.client import config, embedded  # noqa: E402
from doublenine.client.launcher import NOT_HOSTED_SECONDS, WATCHING_OTHER, make_launcher  # noqa: E402
from doublenine.client.config import Settings  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.joining import CheckFailed, check_table  # noqa: E402
from doublenine.client.net import NetClient, NetSession  # noqa: E402
from doublenine.client.scenes.lan_host import SEATS_OPENED, HostedTable, host_table  # noqa: E402
from doublenine.client.scenes.start import Launch, StartScene, start_layout  # noqa: E402
from doublenine.client.scenes.table import TOAST_ROWS, TableScene  # noqa: E402
from doublenine.client.store import ClientState  # noqa: E402
from doublenine.client.text import LANGUAGES, tr, whole_sentences  # noqa: E402
from doublenine.server.announce import AnnouncedTable, announced_tables  # noqa: E402
from doublenine.shared import protocol as p  # noqa: E402
from doublenine.shared.failures import Failure  # noqa: E402
from doublenine.shared.invite import parse_invite  # noqa: E402
from sessionkit import pump_until  # noqa: E402

FRIENDS = ("human", "human", "computer", "computer")


pytestmark = pytest.mark.usefixtures("own_folders")  # tests/conftest.py


def _hosted(launch: Launch, db: str | None = None) -> HostedTable:
    hosted = host_table(launch, db=db, port=0, bind="127.0.0.1", announce=False, bot_delay=0.0)
    pump_until(hosted.table.session, lambda s: bool(s.table) and s.view is not None)
    return hosted


# ------------------------------------------------------------------ 1. the watcher window
def test_a_second_window_on_a_hosting_windows_game_watches_it_and_says_so(tmp_path: Path) -> None:
    db = str(tmp_path / "game.sqlite3")
    hosted = _hosted(Launch("create", "Bea", "en", kinds=FRIENDS, seed=5), db)
    try:
        code, port = hosted.code, hosted.hosting.port
        deadline = time.monotonic() + 30
        while config.load().resume_port != port and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (config.load().resume_code, config.load().resume_port) == (code, port)
        embedded._HOLDERS.pop(db)  # as if the hosting window were another process: no take-over
        box: dict[str, Any] = {}
        launcher = make_launcher("en", box, db=db, bot_delay=0.0,
                                 hosting={"bind": "127.0.0.1", "announce": False})
        scene = launcher(Launch("create", "Bea", "en", resume=True))
        try:
            assert isinstance(scene, TableScene) and not isinstance(scene, HostedTable)
            assert "server" not in box  # no second server on the file
            pump_until(scene.session, lambda s: s.view is not None)
            assert scene.session.state.table == code and scene.session.state.view.seat is None  # watching
            said = f"Table {code} is open in another doublenine window on this computer: this window only " \
                   "watches it. Play, host and invite in that window."
            assert scene.toast is not None and scene.toast[0] == said
            assert tr("en", WATCHING_OTHER, code=code) == said
            assert hosted.hosting.embedded.running  # the friends still reach the table there
            assert config.load().resume_port == port  # and the next start still hosts it
            scene.update(10.0)
            assert scene.toast == (said, 10.0 + NOT_HOSTED_SECONDS)
        finally:
            scene.close()
    finally:
        hosted.close()
        hosted.hosting.stop()


STORE_IN_USE = ("the SQLite store /tmp/nu/home/.local/share/doublenine/doublenine.sqlite3 is in use by another "
                "doublenine server (process 3538, serving on ws://127.0.0.1:8765/); one server process per file: "
                "stop that one, join it, or give this one another --db (several processes share a table store "
                "only through PostgreSQL)")


def test_a_cause_is_cut_at_a_sentence_or_clause_never_inside_one() -> None:
    assert whole_sentences(STORE_IN_USE, 200) == (
        "the SQLite store /tmp/nu/home/.local/share/doublenine/doublenine.sqlite3 is in use by another "
        "doublenine server (process 3538, serving on ws://127.0.0.1:8765/)")
    assert whole_sentences("First one. Second one is longer.", 20) == "First one."
    assert whole_sentences("no end anywhere in these words", 16) == "no end anywhere…"
    assert whole_sentences("  short\n text ", 40) == "short text"
    assert whole_sentences("x" * 50, 10) == "x" * 9 + "…"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_message_too_long_for_the_window_says_it_goes_on(lang: str) -> None:
    pygame.display.init()
    pygame.font.init()
    scene = TableScene(_Nothing(), lang)  # type: ignore[arg-type]
    scene.resize(Viewport((800, 600), (800, 600)))  # the rows of the smallest window, not the default one
    scene.tell(" ".join([tr(lang, WATCHING_OTHER, code="MT87Q")] * 4), 20.0)
    rows = scene._toast_box((800, 600))[0]
    assert len(rows) == TOAST_ROWS and rows[-1].endswith(" …")
    scene.tell(tr(lang, WATCHING_OTHER, code="MT87Q"), 20.0)  # the message itself fits, whole
    rows = scene._toast_box((800, 600))[0]
    assert len(rows) <= TOAST_ROWS and not rows[-1].endswith("…")
    for reason in (whole_sentences(STORE_IN_USE, 120), "x" * 120):  # the longest cause a re-host names
        text = Failure("host.not_hosted_again", {"code": "MT87Q", "port": 65535, "reason": reason}).text(lang)
        scene.tell(text, 20.0)
        assert not scene._toast_box((800, 600))[0][-1].endswith("…"), (lang, text)


class _Nothing:
    state = ClientState()

    def pump(self) -> bool:
        return False


# ------------------------------------------------------------------ 2 and 4. the start screen
def test_host_for_friends_with_the_default_seats_opens_them_and_says_so(monkeypatch: Any, tmp_path: Path) -> None:
    """s13 player F5: the start screen's defaults (every other seat Computer) were refused with a red banner and
    a first host had to find the seats to flip. Now the three other seats are open for friends, and the
    table says why (computers take those still empty on Start now)."""
    from doublenine.client.scenes import lan_host

    real = lan_host.host_table
    made: list[HostedTable] = []

    def local(launch: Launch, port: int = 0) -> HostedTable:  # on a free loopback port, never announced
        made.append(real(launch, db=str(tmp_path / "g.sqlite3"), port=0, bind="127.0.0.1", announce=False,
                          bot_delay=0.0))
        return made[-1]

    monkeypatch.setattr(lan_host, "host_table", local)
    scene = StartScene(Settings(), lambda launch: "TABLE")
    scene.resize(Viewport((1280, 800), (1280, 800)))
    lay = start_layout((1280, 800))
    scene.handle(_click(lay["name"]))
    for _ in range(len(scene.form.name)):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    for ch in "Bea":
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert scene.form.kinds == ("computer", "computer", "computer")
    change = scene.handle(_click(lay["host"]))
    try:
        assert change is not None and change.scene is made[0] and scene.form.message == ""
        hosted = made[0]
        pump_until(hosted.table.session, lambda s: bool(s.table) and s.view is not None)
        table = hosted.hosting.embedded.server.registry.tables[hosted.code]
        assert tuple(table.slots[s].kind for s in sorted(table.slots)) == ("human", "human", "human", "human")
        assert hosted.table.toast[0] == "No seat was set to Human, so the three other seats are open for your " \
                                      "friends: computers take the ones still empty when you start."
        assert tr("en", SEATS_OPENED) == hosted.table.toast[0]
        hosted.resize(Viewport((800, 600), (800, 600)))  # said beside the invite card, never under it
        box = hosted.table._toast_box((800, 600))[1]
        assert hosted.card_open() and not pygame.Rect(box).colliderect(hosted.layout()["card"]), box
    finally:
        for hosted in made:
            hosted.close()
            hosted.hosting.stop()
    assert config.load().name == "Bea"  # remembered, as Create table does (client.json once kept "Player")


def _click(rect: tuple[int, int, int, int]) -> pygame.event.Event:
    x, y, w, h = rect
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False)


def test_the_hosted_table_has_exactly_the_seats_set_on_the_start_screen() -> None:
    kinds = ("human", "computer", "human", "computer")
    hosted = _hosted(Launch("create", "Bea", "en", kinds=kinds, seed=2), ":memory:")
    try:
        seats = hosted.table.session.state.view.table.seats if hasattr(hosted.table.session.state.view, "table") \
            else None
        table = hosted.hosting.embedded.server.registry.tables[hosted.code]
        assert tuple(table.slots[s].kind for s in sorted(table.slots)) == kinds
        assert seats is None or tuple(s.kind for s in seats) == kinds
    finally:
        hosted.close()
        hosted.hosting.stop()


# ------------------------------------------------------------------ 3. what the LAN is told
def test_only_tables_open_to_friends_are_announced(tmp_path: Path) -> None:
    db = str(tmp_path / "game.sqlite3")
    box: dict[str, Any] = {}
    solo = make_launcher("en", box, db=db, bot_delay=0.0)(Launch("create", "Bea", "en", seed=3))
    pump_until(solo.session, lambda s: bool(s.table))
    solo_code = solo.session.state.table
    solo.close()
    box["server"].stop()
    hosted = _hosted(Launch("create", "Bea", "en", kinds=FRIENDS, seed=4), db)
    try:
        server = hosted.hosting.embedded
        assert solo_code in server.server.registry.tables  # served from the same file...
        shown = announced_tables(server.server.registry, server.open_to_friends)
        assert shown == [AnnouncedTable(hosted.code, 1)]  # ...but never announced (f-a.png: "Player · full")
        assert {t.code for t in announced_tables(server.server.registry)} == {solo_code, hosted.code}
    finally:
        hosted.close()
        hosted.hosting.stop()
    from doublenine.client.hosting import Hosting
    again = Hosting(db, port=0, bind="127.0.0.1", announce=False, bot_delay=0.0, offer=solo_code).start()
    try:  # a stored table served again for friends (host_again) is announced again
        registry = again.embedded.server.registry
        assert {t.code for t in announced_tables(registry, again.embedded.open_to_friends)} == {solo_code}
    finally:
        again.stop()


# ------------------------------------------------------------------ 5. TLS failures said as such
@pytest.fixture(scope="module")
def self_signed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make a self-signed certificate")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def _tls_listener(context: ssl.SSLContext | None) -> tuple[socket.socket, int]:
    """A loopback listener that does a TLS handshake (or, without ``context``, answers plain bytes)."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            try:
                if context is None:
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")
                else:
                    context.wrap_socket(conn, server_side=True).close()
            except OSError:
                pass
            finally:
                conn.close()

    threading.Thread(target=serve, daemon=True).start()
    return listener, listener.getsockname()[1]


def _server_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_self_signed_certificate_is_said_in_the_window(self_signed: tuple[Path, Path], lang: str) -> None:
    listener, port = _tls_listener(_server_context(*self_signed))
    try:
        create = p.CreateTable(seats=tuple(p.SeatSpec(kind="human") for _ in range(4)), sit=1, name="Bea")
        session = NetSession(NetClient(f"wss://127.0.0.1:{port}/", create).start())
        pump_until(session, lambda s: s.failure is not None, 30)
        failure = session.state.failure
        assert failure.key == "net.certificate"
        assert failure.params == {"host": "127.0.0.1", "port": port, "reason": "self-signed certificate"}
        text = failure.text(lang)
        assert "self-signed certificate" in text and "SSL_CERT_FILE" in text and "docs/operations.md" in text
        session.client.close()
    finally:
        listener.close()


def test_the_invite_check_says_a_certificate_failure_and_another_tls_failure(self_signed: tuple[Path, Path]) -> None:
    listener, port = _tls_listener(_server_context(*self_signed))
    try:
        with pytest.raises(CheckFailed) as caught:
            check_table(parse_invite(f"doublenine://127.0.0.1:{port}/K7QPA?tls=1"))
        assert caught.value.failure.key == "net.certificate"
        assert caught.value.failure.params["reason"] == "self-signed certificate"
    finally:
        listener.close()
    plain, port = _tls_listener(None)  # wss:// to a server without TLS
    try:
        with pytest.raises(CheckFailed) as caught:
            check_table(parse_invite(f"doublenine://127.0.0.1:{port}/K7QPA?tls=1"))
        assert caught.value.failure.key == "net.tls"
        assert caught.value.failure.text("en").startswith(f"The secure connection (TLS) to 127.0.0.1:{port} failed (")
    finally:
        plain.close()


def test_the_certificate_is_trusted_once_named_in_ssl_cert_file(self_signed: tuple[Path, Path],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """What the message tells the player to do works: with SSL_CERT_FILE the TLS handshake passes
    (the server here closes without answering the upgrade, so the failure is no longer a certificate
    one: it is told as a TLS front that refused this client, attacker finding F3)."""
    monkeypatch.setenv("SSL_CERT_FILE", str(self_signed[0]))
    listener, port = _tls_listener(_server_context(*self_signed))
    try:
        with pytest.raises(CheckFailed) as caught:
            check_table(parse_invite(f"doublenine://127.0.0.1:{port}/K7QPA?tls=1"))
        assert caught.value.failure.key == "net.tls"
        assert caught.value.failure.params["reason"] == (
            "closed without answering: does the server demand a client certificate?")
    finally:
        listener.close()
