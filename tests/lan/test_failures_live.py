"""Issue 8 item 4: each failure met for real, with its exact message key.

Servers listen on 127.0.0.1 at free ports; nothing else is contacted.
"""
from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Iterator

import pytest
from ports import free_port

from doublenine.client.hosting import Hosting
from doublenine.client.joining import CheckFailed, check_table
from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.shared.failures import FailureError, from_server_error
from doublenine.shared.invite import Invite
from doublenine.shared.protocol import PROTOCOL_VERSION

COMPUTERS = [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 3


@pytest.fixture(scope="module")
def hosting() -> Iterator[Hosting]:
    host = Hosting(None, port=0, bind="127.0.0.1", announce=False, bot_delay=0.0).start()
    yield host
    host.stop()


def _table(hosting: Hosting, seats: list[dict[str, str]]) -> str:
    """Create a table with ``seats`` (seated at 1), keep its connection open; returns its code."""
    async def make() -> str:
        c = await TableClient.connect(hosting.local_url)
        await c.attach({"type": "create_table", "seats": seats, "sit": 1, "name": "Host"})
        _keep.append(c)
        return str(c.code)
    fut = asyncio.run_coroutine_threadsafe(make(), hosting.embedded.loop)  # type: ignore[arg-type]
    return fut.result(20)


_keep: list[TableClient] = []


def _check(hosting: Hosting, code: str, **kw: object) -> CheckFailed:
    with pytest.raises(CheckFailed) as caught:
        check_table(Invite("127.0.0.1", hosting.port, code), **kw)  # type: ignore[arg-type]
    return caught.value


def test_port_in_use_is_net_port_in_use_and_offers_a_free_port() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(FailureError) as caught:
            Hosting(None, port=port, bind="127.0.0.1", announce=False).start()
        assert caught.value.key == "net.port_in_use"
        offered = int(str(caught.value.failure.params["alternative"]))
        assert offered != port
        again = Hosting(None, port=offered, bind="127.0.0.1", announce=False).start()  # the offer works
        again.stop()
    assert caught.value.failure.text("en").startswith(f"Port {port} is already in use on this computer. Try port {offered}")


def test_nobody_listening_is_net_unreachable() -> None:
    port = free_port()  # reserved: no other process listens there meanwhile
    with pytest.raises(CheckFailed) as caught:
        check_table(Invite("127.0.0.1", port, "KQ7PA"), timeout=2)
    assert caught.value.failure.key == "net.unreachable"
    assert caught.value.failure.text("en").startswith(f"Cannot reach a doublenine table at 127.0.0.1:{port}.")


def test_no_free_seat_is_table_full(hosting: Hosting) -> None:
    code = _table(hosting, COMPUTERS)
    failure = _check(hosting, code).failure
    assert failure.key == "table.full"
    assert failure.text("en").startswith(f"Table {code} is full")
    assert check_table(Invite("127.0.0.1", hosting.port, code), want_seat=False).free_seats == 0


def test_a_join_refused_as_full_reads_as_table_full(hosting: Hosting) -> None:
    code = _table(hosting, COMPUTERS)

    async def join() -> str:
        c = await TableClient.connect(hosting.local_url)
        try:
            await c.attach({"type": "join", "code": code, "name": "Late"})
        except ServerRefused as exc:
            return str(exc.error.code)
        finally:
            await c.close()
        return "joined"
    code_seen = asyncio.run_coroutine_threadsafe(join(), hosting.embedded.loop).result(20)  # type: ignore[arg-type]
    failure = from_server_error(code_seen, host="127.0.0.1", port=hosting.port, table=code)
    assert failure is not None and failure.key == "table.full"


def test_unknown_code_is_table_closed(hosting: Hosting) -> None:
    failure = _check(hosting, "ZZZZZ").failure
    assert failure.key == "table.closed"
    assert failure.text("en").startswith(f"Table ZZZZZ is closed or no longer exists on 127.0.0.1:{hosting.port}.")


def test_a_table_closed_by_its_server_is_table_closed(hosting: Hosting) -> None:
    code = _table(hosting, [{"kind": "human"}, {"kind": "human"}] + [{"kind": "computer"}] * 2)
    assert check_table(Invite("127.0.0.1", hosting.port, code)).free_seats == 1
    server = hosting.embedded.server

    async def close() -> None:
        await server.registry.close_table(server.registry.tables[code])
    asyncio.run_coroutine_threadsafe(close(), hosting.embedded.loop).result(20)  # type: ignore[arg-type]
    assert _check(hosting, code).failure.key == "table.closed"


def test_newer_client_than_server_is_protocol_mismatch_update_the_server(hosting: Hosting) -> None:
    failure = _check(hosting, "ZZZZZ", ours=PROTOCOL_VERSION + 1).failure
    assert failure.key == "protocol.mismatch"
    assert failure.params["ours"] == PROTOCOL_VERSION + 1 and failure.params["theirs"] == PROTOCOL_VERSION
    assert failure.text("en").endswith("Ask the host to update doublenine on the server.")


def test_older_client_than_server_is_protocol_mismatch_update_this_computer(hosting: Hosting) -> None:
    failure = _check(hosting, "ZZZZZ", ours=PROTOCOL_VERSION - 1).failure
    assert failure.key == "protocol.mismatch"
    text = failure.text("en")
    assert f"protocol version {PROTOCOL_VERSION - 1}" in text and f"speaks version {PROTOCOL_VERSION}" in text
    assert text.endswith("Update doublenine on this computer.")


def test_serve_on_a_port_in_use_offers_another_in_words() -> None:
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "doublenine", "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--db", ":memory:"],
                              capture_output=True, text=True, timeout=60, env={**os.environ, "LANG": "C", "LANGUAGE": "en", "LC_ALL": "C"})
    assert done.returncode == 1
    assert done.stderr.startswith(f"doublenine serve: Port {port} is already in use on this computer. Try port ")
    assert "Traceback" not in done.stderr
