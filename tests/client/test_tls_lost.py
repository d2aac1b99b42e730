"""A window already playing that loses its server to a TLS failure says the TLS failure (window
finding, session 3): it said "The host stopped the game" when the server came back with another
certificate, or someone in between answered with theirs.

Kind: the cause of a lost connection forgotten by the time the loss is told. The window now says
the join screen's own words (shared/failures.connect_failure): a certificate this computer does not
trust at once (waiting never makes it trusted), another TLS failure when it gives up. The same in
``doublenine bot`` (server/netbot.py). Real servers on loopback: the game server behind a TLS
front (asyncio, the certificates made by openssl), which restarts with another certificate.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import ssl
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from doublenine.client.embedded import EmbeddedServer
from doublenine.client.net import NetClient, NetSession
from doublenine.shared import protocol as p
from doublenine.shared.failures import Failure
from doublenine.shared.reconnect import Backoff

from sessionkit import pump_until

LANGUAGES = ("en", "fr", "pt", "de", "es")
PATIENCE = 300.0
"""Seconds a test waits for what it waits for (the failure, the bot's end). Under a loaded machine
an attempt can take seconds; the bound only ends a test that would hang. Below the 600 s of
``give_up_after``: a failure said within it was said at once, not by giving up."""
OPEN_TIMEOUT = 30.0
"""Each wait of a join for its answer where the test is not about that wait (the client's 5 s
failed a first join once under heavy load, and a join never seated is not retried)."""


def _certificate(folder: Path, name: str) -> tuple[Path, Path]:
    cert, key = folder / f"{name}.pem", folder / f"{name}.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "2", "-subj", f"/CN={name}", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """Two self-signed certificates for 127.0.0.1: ``first`` (trusted by the test's SSL_CERT_FILE), ``other``."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make self-signed certificates")
    folder = tmp_path_factory.mktemp("tls")
    return {name: _certificate(folder, name) for name in ("first", "other")}


class TlsFront:
    """A TLS front on a loopback port (like nginx before a server): each connection is passed on to
    ``backend`` port; ``None`` certificate: a plain front (a server that no longer speaks TLS)."""

    def __init__(self, backend: int, certificate: tuple[Path, Path] | None, port: int = 0,
                 client_ca: Path | None = None) -> None:
        self.backend = backend
        self.context: ssl.SSLContext | None = None
        if certificate is not None:
            self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            self.context.load_cert_chain(*certificate)
        if self.context is not None and client_ca is not None:  # demands a client certificate (mutual TLS)
            self.context.verify_mode = ssl.CERT_REQUIRED
            self.context.load_verify_locations(client_ca)
        self.loop = asyncio.new_event_loop()
        self.writers: set[asyncio.StreamWriter] = set()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.server: Any = self._call(asyncio.start_server(self._pass_on, "127.0.0.1", port, ssl=self.context))
        self.port: int = self.server.sockets[0].getsockname()[1]

    def _call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    async def _pass_on(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        back_reader, back_writer = await asyncio.open_connection("127.0.0.1", self.backend)
        self.writers |= {writer, back_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (OSError, ssl.SSLError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, back_writer), pipe(back_reader, writer))

    def stop(self) -> None:
        """Stop listening and cut every connection passed on (the front's process ended)."""
        async def stop() -> None:
            self.server.close()
            for writer in list(self.writers):
                writer.transport.abort()
            await self.server.wait_closed()
        self._call(stop())
        self.loop.call_soon_threadsafe(self.loop.stop)


class Stall:
    """A front that accepts TCP and never speaks (never completes the TLS handshake)."""

    def __init__(self, port: int) -> None:
        self.listener = socket.create_server(("127.0.0.1", port))
        self.port: int = self.listener.getsockname()[1]
        self.held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                self.held.append(self.listener.accept()[0])

    def stop(self) -> None:
        self.listener.close()
        for held in self.held:
            held.close()


def _seated(url: str, backoff: Backoff, kinds: tuple[str, ...] = ("human", "computer", "computer", "computer")) -> NetSession:
    """A window seated through the working front: the setup of the tests below, not what they test. A
    first join that fails is said at once and not retried (the window's rule), and on CI's loaded
    machine the first TLS connection was once cut before its answer (closed without answering, then
    60 s "connecting"): so a failed first join is made again, up to three times."""
    seats = tuple(p.SeatSpec(kind=k) for k in kinds)
    for attempt in range(3):
        session = NetSession(NetClient(url, p.CreateTable(seats=seats, sit=1, name="Ana"), backoff=backoff,
                                       open_timeout=OPEN_TIMEOUT).start())
        pump_until(session, lambda s: s.failure is not None or (
            s.connection == "connected" and s.view is not None and s.view.seat is not None))
        if session.state.failure is None or attempt == 2:
            break
        session.client.close()
    assert session.state.failure is None, session.state.failure
    return session


def test_a_playing_window_whose_server_comes_back_with_another_certificate_says_so(
        certificates: dict[str, tuple[Path, Path]], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(certificates["first"][0]))  # the player trusts the first one
    server = EmbeddedServer(":memory:", bot_delay=60.0)
    server.start()
    front = TlsFront(server.server.port, certificates["first"])
    session = None
    try:
        session = _seated(f"wss://127.0.0.1:{front.port}/", Backoff(first=0.05, cap=0.2, give_up_after=600.0))
        port = front.port
        front.stop()
        front = TlsFront(server.server.port, certificates["other"], port)  # restarted with another certificate
        pump_until(session, lambda s: s.failure is not None, PATIENCE)  # at once: not after give_up_after's 600 s
        failure = session.state.failure
        assert failure.key == "net.certificate"
        assert failure.params == {"host": "127.0.0.1", "port": port, "reason": "self-signed certificate"}
        for lang in LANGUAGES:
            text = failure.text(lang)
            assert "self-signed certificate" in text and "SSL_CERT_FILE" in text and "docs/operations.md" in text
    finally:
        if session is not None:
            session.client.close()
        front.stop()
        server.stop()


def test_a_playing_window_whose_server_stops_speaking_tls_says_so_when_it_gives_up(
        certificates: dict[str, tuple[Path, Path]], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(certificates["first"][0]))
    server = EmbeddedServer(":memory:", bot_delay=60.0)
    server.start()
    front = TlsFront(server.server.port, certificates["first"])
    session = None
    try:
        session = _seated(f"wss://127.0.0.1:{front.port}/", Backoff(first=0.05, cap=0.2, give_up_after=1.5))
        port = front.port
        front.stop()
        front = TlsFront(server.server.port, None, port)  # the same port, now without TLS
        pump_until(session, lambda s: s.connection == "lost")
        assert session.state.failure is None  # at first: waited out, as for any loss
        pump_until(session, lambda s: s.failure is not None, PATIENCE)
        failure = session.state.failure
        assert failure.key == "net.tls"
        assert failure.text("en").startswith(f"The secure connection (TLS) to 127.0.0.1:{port} failed (")
        assert "wss:// is for a server behind TLS" in failure.text("en")
    finally:
        if session is not None:
            session.client.close()
        front.stop()
        server.stop()


def test_a_playing_bot_whose_server_comes_back_with_another_certificate_says_so(
        certificates: dict[str, tuple[Path, Path]], monkeypatch: pytest.MonkeyPatch) -> None:
    """``doublenine bot`` (server/netbot.py): the same kind. Seated, it retried for ten minutes, then
    said "gave up: table ... unreachable"; now it ends at once with the window's words."""
    monkeypatch.setenv("SSL_CERT_FILE", str(certificates["first"][0]))
    server = EmbeddedServer(":memory:", bot_delay=60.0)
    server.start()
    front = TlsFront(server.server.port, certificates["first"])
    url = f"wss://127.0.0.1:{front.port}/"
    host = None
    bot = None
    try:
        # seated as the other tests are (_seated): the final CI of s12 saw this first TLS join cut before
        # its answer too, and a failed first join is not retried
        host = _seated(url, Backoff(first=0.05, cap=0.2), ("human", "human", "computer", "computer"))
        bot = subprocess.Popen([sys.executable, "-P", "-m", "doublenine", "bot", "--server", url, "--table",
                                host.state.table, "--seat", "2"], text=True, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=dict(os.environ))
        assert bot.stdout is not None
        said = bot.stdout.readline()  # the bot says it sat down (EOF "" if it ended instead)
        assert said == f"doublenine bot: seat 2 at table {host.state.table}\n", bot.communicate(timeout=10)
        port = front.port
        front.stop()
        front = TlsFront(server.server.port, certificates["other"], port)
        out, err = bot.communicate(timeout=PATIENCE)  # at once: the bot gives up after 600 s
        assert bot.returncode == 1, err
        assert err.splitlines()[-1] == "doublenine bot: " + _untrusted(port)  # errors: stderr (s12)
    finally:
        if bot is not None and bot.poll() is None:
            bot.kill()
            bot.communicate()
        if host is not None:
            host.client.close()
        front.stop()
        server.stop()


def _untrusted(port: int) -> str:
    """The join screen's words for the other certificate at ``port``, in English."""
    return Failure("net.certificate", {"host": "127.0.0.1", "port": port, "reason": "self-signed certificate"}).text("en")


# attacker finding F3: TLS failures hidden under the library's exceptions (kind: a cause classified by
# the outermost exception only). A front that demands a client certificate makes websockets raise
# ConnectionClosedError (its cause SSLEOFError, or none) or InvalidMessage from EOFError; a front that
# never completes the handshake, a TimeoutError. Each is said with the join screen's TLS words.
CUT = "closed without answering: does the server demand a client certificate?"


def _tls_words(port: int, reason: str) -> str:
    return Failure("net.tls", {"host": "127.0.0.1", "port": port, "reason": reason}).text("en")


@pytest.mark.parametrize("front_kind", ["mutual", "stall"])
def test_f3_a_playing_window_whose_front_refuses_it_or_stalls_says_tls_when_it_gives_up(
        front_kind: str, certificates: dict[str, tuple[Path, Path]], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(certificates["first"][0]))
    server = EmbeddedServer(":memory:", bot_delay=60.0)
    server.start()
    front: TlsFront | Stall = TlsFront(server.server.port, certificates["first"])
    session = None
    try:
        session = _seated(f"wss://127.0.0.1:{front.port}/", Backoff(first=0.05, cap=0.2, give_up_after=2.0))
        # seated with the generous timeout (a first join that times out is said at once, which a loaded
        # CI machine hit at 0.5 s); only the reconnects against the stalling front need the short one
        session.client._open_timeout = 0.5
        port = front.port
        front.stop()
        front = (TlsFront(server.server.port, certificates["first"], port, client_ca=certificates["other"][0])
                 if front_kind == "mutual" else Stall(port))
        pump_until(session, lambda s: s.connection == "lost")
        pump_until(session, lambda s: s.failure is not None, PATIENCE)
        reason = CUT if front_kind == "mutual" else "the tls handshake timed out"
        assert session.state.failure.key == "net.tls", session.state.failure
        assert session.state.failure.text("en") == _tls_words(port, reason)
    finally:
        if session is not None:
            session.client.close()
        front.stop()
        server.stop()


@pytest.mark.parametrize("front_kind", ["mutual", "stall"])
def test_f3_a_first_join_through_a_front_that_refuses_or_stalls_says_tls(
        front_kind: str, certificates: dict[str, tuple[Path, Path]], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(certificates["first"][0]))
    server = EmbeddedServer(":memory:", bot_delay=60.0)
    server.start()
    front = (TlsFront(server.server.port, certificates["first"], client_ca=certificates["other"][0])
             if front_kind == "mutual" else Stall(0))
    seats = tuple(p.SeatSpec(kind=k) for k in ("human", "computer", "computer", "computer"))
    session = NetSession(NetClient(f"wss://127.0.0.1:{front.port}/", p.CreateTable(seats=seats, sit=1, name="Ana"),
                                   open_timeout=0.5).start())
    try:
        pump_until(session, lambda s: s.failure is not None, PATIENCE)
        reason = CUT if front_kind == "mutual" else "the tls handshake timed out"
        assert session.state.failure.text("en") == _tls_words(front.port, reason)
    finally:
        session.client.close()
        front.stop()
        server.stop()


def test_f3_a_bot_refused_by_a_front_that_demands_a_client_certificate_says_tls(
        certificates: dict[str, tuple[Path, Path]], monkeypatch: pytest.MonkeyPatch) -> None:
    """It said "cannot reach ...: did not receive a valid HTTP response", with no word of TLS."""
    monkeypatch.setenv("SSL_CERT_FILE", str(certificates["first"][0]))
    server = EmbeddedServer(":memory:", bot_delay=60.0)
    server.start()
    front = TlsFront(server.server.port, certificates["first"], client_ca=certificates["other"][0])
    try:
        bot = subprocess.run([sys.executable, "-P", "-m", "doublenine", "bot", "--server",
                              f"wss://127.0.0.1:{front.port}/", "--table", "ABCDE"], text=True,
                             capture_output=True, env=dict(os.environ), timeout=60)
        assert bot.returncode == 1, bot.stderr
        assert bot.stderr.splitlines()[-1] == "doublenine bot: " + _tls_words(front.port, CUT)
    finally:
        front.stop()
        server.stop()


def test_f3_tls_failure_follows_the_chain_and_knows_a_stalled_handshake() -> None:
    from websockets.exceptions import ConnectionClosedError, InvalidMessage

    from doublenine.shared.failures import UpgradeCut, tls_failure

    eof = ssl.SSLEOFError(8, "EOF occurred in violation of protocol")
    closed = ConnectionClosedError(None, None)
    closed.__cause__ = eof
    assert tls_failure(closed).strerror == CUT  # also on ws://; an SSLEOFError is the front's cut (its timing picks the exception)
    assert tls_failure(ConnectionClosedError(None, None)) is None
    invalid = InvalidMessage("did not receive a valid HTTP response")
    invalid.__cause__ = EOFError("connection closed while reading HTTP status line")
    assert tls_failure(invalid) is None and tls_failure(invalid, secure=True).strerror == CUT
    assert tls_failure(UpgradeCut("x"), secure=True).strerror == CUT
    stalled = ConnectionAbortedError("SSL handshake is taking longer than 8.0 seconds: aborting the connection")
    assert tls_failure(stalled, secure=True).strerror == "the TLS handshake timed out"
    assert tls_failure(ConnectionRefusedError(111, "refused"), secure=True) is None
