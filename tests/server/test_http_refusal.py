"""Seated clients behind a proxy whose backend restarts (attacker finding F2): the proxy answers
the reconnect with 429 (``Retry-After``), 502 and 503 for a while, then forwards again; ``doublenine
bot`` (which quit on "HTTP 502") and the window wait as the server asked, retry, and come back to
their seat. A definitive refusal (403) ends them, said as a refusal. Kind: a transient HTTP answer
to a reconnect treated as final; shared/reconnect.retry_dial / retry_after are the one policy."""
from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
import time
from pathlib import Path

from websockets.datastructures import Headers
from websockets.exceptions import InvalidMessage, InvalidStatus
from websockets.http11 import Response

from doublenine.client.embedded import EmbeddedServer
from doublenine.client.net import NetClient, NetSession
from doublenine.shared import protocol as p
from doublenine.shared.reconnect import Backoff, Reconnector, retry_after, retry_dial
from ports import free_port
from sessionkit import pump_until

from .test_bot_reconnect import _open_table, _serve


class Front:
    """A loopback stand-in for nginx: forwards TCP to ``backend`` while ``answers`` is empty,
    else answers the next upgrade with the next canned status and closes."""

    def __init__(self, backend: int) -> None:
        self.backend = backend
        self.answers: list[tuple[int, str]] = []
        self.answered: list[tuple[int, float]] = []
        """(status, monotonic time) of every canned answer sent."""
        self.links: list[asyncio.StreamWriter] = []

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.answers:
            status, extra = self.answers.pop(0)
            await reader.readuntil(b"\r\n\r\n")
            self.answered.append((status, time.monotonic()))
            writer.write(f"HTTP/1.1 {status} No\r\nContent-Length: 0\r\nConnection: close\r\n{extra}\r\n".encode())
            await writer.drain()
            writer.close()
            return
        back_r, back_w = await asyncio.open_connection("127.0.0.1", self.backend)
        self.links += [writer, back_w]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, back_w), pipe(back_r, writer))

    def cut(self) -> None:
        """Drop every forwarded connection, as a proxy does when its backend dies."""
        for w in self.links:
            w.transport.abort()
        self.links.clear()


async def _line_with(stream: asyncio.StreamReader, needle: str, seen: list[str], timeout: float) -> None:
    async def read() -> None:
        while needle not in (line := (await stream.readline()).decode()):
            assert line, f"the bot exited: {seen}"
            seen.append(line)
        seen.append(line)
    await asyncio.wait_for(read(), timeout)


async def test_f2_seated_bot_waits_out_429_502_503_and_comes_back_to_its_seat(tmp_path: Path) -> None:
    port, front_port = free_port(), free_port()
    server = _serve(tmp_path / "f.sqlite", port)
    front = Front(port)
    listener = await asyncio.start_server(front.handle, "127.0.0.1", front_port)
    bot = None
    try:
        watcher = await _open_table(f"ws://127.0.0.1:{port}/")
        code = str(watcher.code)
        bot = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "doublenine", "bot", "--server", f"ws://127.0.0.1:{front_port}/",
            "--table", code, "--seat", "1", "--level", "easy",
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        assert bot.stdout is not None
        seen: list[str] = []
        await _line_with(bot.stdout, f"seat 1 at table {code}", seen, 30)
        front.answers = [(429, "Retry-After: 3\r\n"), (502, ""), (503, "")]
        front.cut()
        await _line_with(bot.stdout, f"seat 1 at table {code}", seen, 60)
        text = "".join(seen)
        assert bot.returncode is None, text
        assert [s for s, _ in front.answered] == [429, 502, 503], text
        assert "HTTP 429" in text and "HTTP 502" in text and "HTTP 503" in text, text
        # s14: in words, the status after them (never websockets' "server rejected WebSocket connection")
        assert "cannot take the connection now: HTTP 502" in text and "rejected WebSocket" not in text, text
        assert front.answered[1][1] - front.answered[0][1] >= 3.0  # Retry-After honoured
        # a definitive refusal ends the seat at once, said with its status
        front.answers = [(403, "")]
        front.cut()
        rest = (await asyncio.wait_for(bot.stdout.read(), 30)).decode()
        assert await bot.wait() == 1, rest
        assert "HTTP 403" in rest and "gave up" not in rest, rest
        assert f"The server at 127.0.0.1:{front_port} does not let this computer in (HTTP 403)" in rest, rest
    finally:
        if bot is not None and bot.returncode is None:
            bot.kill()
            await bot.wait()
        listener.close()
        server.kill()
        server.wait()


def _status(code: int, headers: dict[str, str] | None = None) -> InvalidStatus:
    return InvalidStatus(Response(code, "x", Headers(headers or {}), b""))


def test_f2_retry_dial_tells_transient_refusals_from_definitive_ones() -> None:
    assert [retry_dial(_status(c)) for c in (408, 425, 429, 500, 502, 503, 504)] == [True] * 7
    assert [retry_dial(_status(c)) for c in (400, 401, 403, 404, 410, 426)] == [False] * 6
    assert retry_dial(InvalidMessage("did not receive a valid HTTP response"))
    assert retry_dial(ConnectionRefusedError()) and retry_dial(TimeoutError())


def test_f2_retry_after_is_seconds_bounded_and_only_a_floor() -> None:
    assert retry_after(_status(429, {"Retry-After": "7"})) == 7.0
    assert retry_after(_status(503, {"Retry-After": "86400"})) == 300.0
    assert retry_after(_status(503, {"Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT"})) is None
    assert retry_after(_status(502)) is None and retry_after(OSError()) is None
    assert [retry_after(_status(429, {"Retry-After": v})) for v in ("3.5", "-1", "+3", " 4 ")] == [None, None, None, 4.0]
    keeper = Reconnector(Backoff(first=0.5, jitter=0.0))
    assert keeper.failed(0.0, 7.0) == 7.0
    assert keeper.failed(1.0, 0.1) == 1.0  # never shortens the backoff


def test_f2_seated_window_waits_out_429_and_502_comes_back_and_a_403_is_said_as_a_refusal() -> None:
    server = EmbeddedServer(":memory:", bot_delay=60.0)
    server.start()
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    front = Front(server.server.port)
    listener = asyncio.run_coroutine_threadsafe(asyncio.start_server(front.handle, "127.0.0.1", 0), loop).result(10)
    port = listener.sockets[0].getsockname()[1]
    seats = tuple(p.SeatSpec(kind=k) for k in ("human", "computer", "computer", "computer"))
    session = NetSession(NetClient(f"ws://127.0.0.1:{port}/", p.CreateTable(seats=seats, sit=1, name="Ana"),
                                   backoff=Backoff(first=0.05, cap=0.2)).start())
    try:
        pump_until(session, lambda s: s.connection == "connected" and s.view is not None and s.view.seat == 1)
        front.answers = [(429, "Retry-After: 2\r\n"), (502, "")]
        loop.call_soon_threadsafe(front.cut)
        pump_until(session, lambda s: s.connection == "lost", 10)
        pump_until(session, lambda s: s.connection == "connected" and not front.answers, 30)
        assert session.state.failure is None and session.state.view.seat == 1
        assert [s for s, _ in front.answered] == [429, 502]
        assert front.answered[1][1] - front.answered[0][1] >= 2.0  # Retry-After honoured
        front.answers = [(403, "")]
        loop.call_soon_threadsafe(front.cut)
        pump_until(session, lambda s: s.failure is not None, 30)  # at once: no wait changes a 403
        assert session.state.failure.key == "net.forbidden"  # said by what it means (s13), the status kept
        assert session.state.failure.text("en") == (
            f"The server at 127.0.0.1:{port} does not let this computer in (HTTP 403): it asks for a login or lets "
            "only some computers connect. Ask whoever runs that server.")
    finally:
        session.client.close()
        loop.call_soon_threadsafe(listener.close)
        loop.call_soon_threadsafe(loop.stop)
        server.stop()


def test_s14_the_bot_says_an_http_answer_in_words_with_the_status_after() -> None:
    """s14: ``doublenine bot`` printed "cannot reach ws://...: server rejected WebSocket connection: HTTP 403"
    where the window says the refusal in words. Kind: a command-line program saying a refusal in raw HTTP."""
    from doublenine.server.netbot import described
    url = "ws://127.0.0.1:8765/"
    assert described(_status(403), "en", url) == (
        "The server at 127.0.0.1:8765 does not let this computer in (HTTP 403): it asks for a login or lets only "
        "some computers connect. Ask whoever runs that server.")
    assert described(_status(404), "en", url).startswith(
        "Something answers at 127.0.0.1:8765, but it is not a doublenine table (a web page or another program, "
        "HTTP 404).")
    assert described(_status(502), "en", url) == \
        "the server, or a proxy in front of it, cannot take the connection now: HTTP 502"
    assert described(_status(429), "de", url) == \
        "der Server oder ein Proxy davor kann die Verbindung gerade nicht annehmen: HTTP 429"
