"""D7: the remembered local table and seat token survive a normal start, so `play` comes back to it."""
from __future__ import annotations

import argparse
from typing import Any

import pytest

from doublenine.client import config
from doublenine.client.config import Settings


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


def test_d7_a_normal_start_keeps_the_remembered_table_and_seat_token(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import app, cli

    config.save(Settings(name="Ana", lang="en", resume_code="K959E", resume_token="tok"))

    class NoWindow:
        def __init__(self, *a: Any, **k: Any) -> None:
            pass

        def run(self) -> int:
            return 0

    monkeypatch.setattr(app, "App", NoWindow)
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    assert cli.run(parser.parse_args(["--start-screen", "--name", "Bea"])) == 0
    saved = config.load()
    assert (saved.name, saved.resume_code, saved.resume_token) == ("Bea", "K959E", "tok")


def test_d7_the_start_screen_keeps_the_remembered_table_too() -> None:
    from doublenine.client.scenes.start import StartScene

    config.save(Settings(name="Ana", resume_code="K959E", resume_token="tok"))
    scene = StartScene(config.load(), lambda launch: "TABLE")
    scene.click_id("create")
    assert (config.load().resume_code, config.load().resume_token) == ("K959E", "tok")


def test_d7_a_remembered_match_that_is_over_gives_way_to_a_new_one_quietly() -> None:
    import threading
    import time

    from client_helpers import session_at
    from fake_server import table_w
    from websockets.sync.server import serve

    from doublenine.client.net import NetClient, NetSession
    from doublenine.shared import protocol as p
    from doublenine.shared.convert import view_to_wire
    from doublenine.shared.seats import Seat
    from doublenine.shared.state import Phase
    from doublenine.shared.views import view_for

    over = session_at(lambda st: st.phase is Phase.MATCH_OVER)
    fresh = session_at(lambda st: st.phase is Phase.DRAW)
    got: list[Any] = []

    def handle(ws: Any) -> None:
        p.decode_client(ws.recv())
        ws.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION)))
        for frame in ws:
            msg = p.decode_client(frame)
            got.append(msg)
            if isinstance(msg, p.Rejoin):
                ws.send(p.encode(p.Joined(code="PAST2", seat=1)))
                ws.send(p.pack({"type": "snapshot", "seq": 40, "table": table_w("PAST2"),
                                "view": view_to_wire(view_for(over.log.state, Seat.ONE))}))
            elif isinstance(msg, p.Leave):
                ws.send(p.encode(p.LeftTable(code="PAST2")))
            elif isinstance(msg, p.CreateTable):
                ws.send(p.encode(p.Joined(code="NEWER", seat=1, token="new-token")))
                ws.send(p.pack({"type": "snapshot", "seq": 1, "table": table_w("NEWER"),
                                "view": view_to_wire(view_for(fresh.log.state, Seat.ONE))}))

    server = serve(handle, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    remembered: list[tuple[str, str | None]] = []
    create = p.CreateTable(seats=tuple(p.SeatSpec(kind=k) for k in ("human", "computer", "computer", "computer")),
                           sit=1)
    try:
        client = NetClient(f"ws://127.0.0.1:{server.socket.getsockname()[1]}/", p.Rejoin(code="PAST2", token="old"),
                           fallback=create, on_joined=lambda c, t: remembered.append((c, t))).start()
        session = NetSession(client)
        deadline = time.monotonic() + 10
        while session.state.table != "NEWER" or session.state.view is None or session.state.seq != 1:
            assert time.monotonic() < deadline, session.state
            session.pump()
            time.sleep(0.01)
        client.close()
    finally:
        server.shutdown()
    assert [type(m).__name__ for m in got] == ["Rejoin", "Leave", "CreateTable"]
    assert remembered == [("NEWER", "new-token")] and not session.state.left
    assert session.state.view.phase is Phase.DRAW


@pytest.mark.parametrize("content", [b"[" * 100_000, b'{"name": "' + b"A" * 70_000 + b'"}', b"\xff\xfe"])
def test_issue_16_1_settings_files_beyond_bounds_give_the_defaults(tmp_path: Any, content: bytes) -> None:
    path = tmp_path / "client.json"
    path.write_bytes(content)
    assert config.load(path) == Settings()
