"""s13 netplayer: ``play`` gave up after 4 s on a server that accepted the connection and never answered.

Kind: one silent wait taken as "cannot reach". The check before the window opens now asks a silent server
SILENT_TRIES (3) times, saying each retry, then says what it says today. A real socket that accepts and
never answers (a stalled relay)."""
from __future__ import annotations

import socket
import threading
import time

import pytest

from doublenine.client.joining import SILENT_TRIES, CheckFailed, check_arrival
from doublenine.shared.invite import parse_invite


def test_a_silent_server_is_asked_again_and_each_retry_said() -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    held: list[socket.socket] = []
    threading.Thread(target=lambda: [held.append(listener.accept()[0]) for _ in range(8)], daemon=True).start()
    port = listener.getsockname()[1]
    said: list[tuple[str, dict]] = []  # type: ignore[type-arg]
    began = time.monotonic()
    with pytest.raises(CheckFailed) as failed:
        check_arrival(parse_invite(f"doublenine://127.0.0.1:{port}/KQ7PX"), timeout=0.3,
                      say=lambda msgid, args: said.append((msgid, args)))
    assert failed.value.silent and failed.value.failure.key == "net.unreachable"
    assert SILENT_TRIES == 3 and len(held) == 3 and time.monotonic() - began >= 0.9
    assert [a for _, a in said] == [{"host": "127.0.0.1", "port": port, "attempt": n, "tries": 3} for n in (2, 3)]
    from doublenine.client.text import tr
    assert tr("en", said[0][0], **said[0][1]) == (
        f"The table at 127.0.0.1:{port} accepted the connection but has not answered yet: trying again (2 of 3)")
    listener.close()


def test_a_refusing_address_is_not_retried() -> None:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there
    said: list[object] = []
    with pytest.raises(CheckFailed) as failed:
        check_arrival(parse_invite(f"doublenine://127.0.0.1:{port}/KQ7PX"), timeout=0.3, say=said.append)
    assert not failed.value.silent and said == []
