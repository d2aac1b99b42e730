"""Protocol versions and compatibility (docs/protocol.md "Versions and compatibility").

The kind: a peer of another version meeting a validation failure instead of a clear answer.
Server frames gained fields in version 2 while clients of version 1 refused unknown fields: a
version-1 window met a version-2 server with a validation failure. Now the version is 2, a
``hello`` of version 1 is refused ``PROTOCOL_VERSION`` (close 4001) and the window tells the
player to update; from 2 on the client ignores fields and message types it does not know, while
the server stays strict with client frames.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import msgpack
import pytest
from fake_server import SlowServer, table_w

from doublenine.client.net import NetClient, NetSession
from doublenine.shared import protocol as p
from doublenine.shared.convert import view_to_wire
from doublenine.shared.events import MatchLog
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

from sessionkit import pump_until

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_is_2_since_server_frames_gained_fields() -> None:
    assert p.PROTOCOL_VERSION == 2
    assert '"title": "doublenine protocol 2"' in (ROOT / "docs/protocol.schema.json").read_text(encoding="utf-8")


@pytest.mark.parametrize(("lang", "update"), [("en", "Update doublenine on this computer."),
                                              ("fr", "Mettez à jour doublenine sur cet ordinateur."),
                                              ("de", None), ("es", None), ("pt", None)])
def test_a_version_1_window_is_refused_at_hello_and_told_to_update(monkeypatch: pytest.MonkeyPatch, lang: str,
                                                                   update: str | None) -> None:
    """The real window's client, speaking version 1 (the previous release), against this version's
    ``doublenine serve`` (its own process: this process's version is patched to 1)."""
    server = subprocess.Popen([sys.executable, "-m", "doublenine", "serve", "--host", "127.0.0.1", "--port", "0",
                               "--db", ":memory:"], stdout=subprocess.PIPE, text=True)
    try:
        line = next(ln for ln in server.stdout if "serving on" in ln)  # type: ignore[union-attr]
        url = line.split("serving on ")[1].split()[0]
        monkeypatch.setattr(p, "PROTOCOL_VERSION", 1)
        seats = tuple(p.SeatSpec(kind=k) for k in ("human", "computer", "computer", "computer"))
        client = NetClient(url, p.CreateTable(seats=seats, sit=1, name="Ana")).start()
        session = NetSession(client)
        try:
            pump_until(session, lambda s: s.failure is not None)
        finally:
            client.close()
        failure = session.state.failure
        assert failure.key == "protocol.mismatch"
        assert (failure.params["ours"], failure.params["theirs"]) == (1, 2)
        assert failure.params["update"].key == "protocol.update_client"
        text = failure.text(lang)
        assert "1" in text and "2" in text and failure.params["update"].text(lang) in text
        if update is not None:
            assert text.endswith(update)
    finally:
        server.terminate()
        server.wait(20)


class _NewerServer(SlowServer):
    """A server of this version that sends what a newer server of the same version may: extra
    fields at every depth, and message types this client does not know, before and after joining."""

    def _handle(self, ws: Any) -> None:
        p.decode_client(ws.recv())
        ws.send(_future({"type": "welcome", "protocol_version": p.PROTOCOL_VERSION, "server": "doublenine"}))
        ws.send(p.pack({"type": "weather", "sunny": True}))
        p.decode_client(ws.recv())
        ws.send(p.pack({"type": "weather", "sunny": False}))
        ws.send(_future({"type": "joined", "code": "SNAKE", "seat": 1, "token": "t0ken"}))
        snap = {"type": "snapshot", "seq": self.seq, "view": view_to_wire(view_for(self.log.state, Seat.ONE)),
                "table": table_w()}
        ws.send(_future(snap))
        ws.send(p.pack({"type": "confetti", "colours": [1, 2, 3]}))
        ws.send(_future({"type": "chat", "lines": [{"id": 1, "at": 1.0, "seat": 2, "name": "Zoë",
                                                     "phrase": "hello"}]}))
        for _ in ws:
            pass


def _future(obj: dict[str, Any]) -> bytes:
    from schemacheck import plain, with_future_fields
    return msgpack.packb(with_future_fields(plain(p.pack(obj))), use_bin_type=True)


def test_fields_and_messages_a_client_does_not_know_are_skipped() -> None:
    with _NewerServer(MatchLog(seed=5), 0.0) as server:
        client = NetClient(server.url, p.Join(code="SNAKE", seat=1, name="Ana")).start()
        session = NetSession(client)
        try:
            pump_until(session, lambda s: s.connection == "connected" and s.view is not None and len(s.chat) == 1)
        finally:
            client.close()
        assert session.state.failure is None and session.state.table == "SNAKE"
        assert session.state.view.seat == Seat.ONE and session.state.chat[0].name == "Zoë"


def test_a_server_frame_of_an_unknown_type_is_unknown_message_and_a_bad_one_is_not() -> None:
    with pytest.raises(p.FrameError) as unknown:
        p.decode_server(p.pack({"type": "weather"}))
    assert p.unknown_message(unknown.value)
    with pytest.raises(p.FrameError) as wrong:  # a known type with a field of the wrong type is no future
        p.decode_server(p.pack({"type": "joined", "code": 5}))
    assert not p.unknown_message(wrong.value) and wrong.value.code == "WRONG_TYPES"


def test_the_server_stays_strict_with_client_frames() -> None:
    for frame in ({"type": "hello", "protocol_version": 2, "extra": 1},
                  {"type": "pass", "expected_seq": 3, "turbo": True},
                  {"type": "create_table", "seats": [{"kind": "human", "colour": "red"}] * 4}):
        with pytest.raises(p.FrameError) as refused:
            p.decode_client(p.pack(frame))
        assert refused.value.code == "WRONG_TYPES", frame


def test_the_table_page_says_hello_in_the_serving_servers_version() -> None:
    script = (ROOT / "server/web/static/table.js").read_text(encoding="utf-8")
    assert 'protocol_version: PROTOCOL_VERSION' in script and 'getAttribute("data-protocol")' in script
    assert "protocol_version: 1" not in script


class _BeforeField(SlowServer):
    """A version-2 server from before the optional field :attr:`FIELD`: strict with client frames, it refuses
    an attach frame carrying it WRONG_TYPES (:attr:`DETAIL`) until one comes without it, then joins
    :attr:`SEAT` (``None``: watching) and sends the snapshot; records the raw attach frames."""

    FIELD = ""
    DETAIL = ""
    SEAT: Seat | None = None
    TOKEN: str | None = None

    def _handle(self, ws: Any) -> None:
        p.decode_client(ws.recv())
        ws.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION)))
        while True:
            raw = msgpack.unpackb(ws.recv(), raw=False)
            self.received.append(raw)
            if self.FIELD not in raw:
                break
            ws.send(p.pack({"type": "error", "code": "WRONG_TYPES", "detail": self.DETAIL}))
        joined = p.Joined(code="SNAKE", seat=self.SEAT) if self.TOKEN is None else \
            p.Joined(code="SNAKE", seat=self.SEAT, token=self.TOKEN)
        ws.send(p.encode(joined))
        snap = {"type": "snapshot", "seq": self.seq, "view": view_to_wire(view_for(self.log.state, self.SEAT)),
                "table": table_w()}
        ws.send(p.pack(snap))
        for _ in ws:
            pass


class _OlderServer(_BeforeField):
    """A version-2 server from before ``spectate.name`` (session 14): it refuses a ``spectate`` carrying
    ``name`` WRONG_TYPES."""

    FIELD = "name"
    DETAIL = "spectate.name: extra field"


def test_a_named_spectator_watches_an_older_version_2_server_without_its_name() -> None:
    """s14 spectate item 3: ``spectate.name`` is an optional field added under version 2; a server from before
    refuses it WRONG_TYPES, and the window sends the same spectate without it (as ``rejoin.claim``)."""
    with _OlderServer(MatchLog(seed=5), 0.0) as server:
        client = NetClient(server.url, p.Spectate(code="SNAKE", name="Zé")).start()
        session = NetSession(client)
        try:
            pump_until(session, lambda s: s.view is not None)
        finally:
            client.close()
    assert server.received == [{"type": "spectate", "code": "SNAKE", "name": "Zé"},
                               {"type": "spectate", "code": "SNAKE"}]
    assert (session.state.failure, session.state.view.seat) == (None, None)


class _BeforeTableNames(_BeforeField):
    """A version-2 server from before ``create_table.table_name`` (club s14): it refuses a ``create_table``
    carrying it WRONG_TYPES."""

    FIELD = "table_name"
    DETAIL = "table_name: extra field"
    SEAT = Seat.ONE
    TOKEN = "t0ken"


def test_a_named_table_is_created_on_an_older_version_2_server_without_its_name() -> None:
    """Club s14 item 2: ``create_table.table_name`` is an optional field added under version 2; a server from
    before refuses it WRONG_TYPES, and the window sends the same create_table without it."""
    seats = tuple(p.SeatSpec(kind=k) for k in ("human", "computer", "computer", "computer"))
    with _BeforeTableNames(MatchLog(seed=5), 0.0) as server:
        client = NetClient(server.url, p.CreateTable(seats=seats, sit=1, name="Ana", table_name="Table 1")).start()
        session = NetSession(client)
        try:
            pump_until(session, lambda s: s.view is not None)
        finally:
            client.close()
    first, second = server.received
    assert first["table_name"] == "Table 1" and {k: v for k, v in first.items() if k != "table_name"} == second
    assert (session.state.failure, session.state.view.seat) == (None, Seat.ONE)
