"""``play --autoplay`` at another server's table gives its seat up when it ends (D7, D1), against a real
server. Reported case: ``play --server ... --autoplay`` quit without ``leave`` and kept no seat token
(it remembers nothing), so the server held the seat for a return that could never come, and the other
players' new match waited for its consent. Kind: a client that ends for good holding a seat whose token
it never keeps (server/netbot.SeatKeeper.leave fixed the bot's case); a window that remembers the
token (a normal ``play``) still keeps its seat on closing (D7), tested here too."""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from doublenine.cli import main
from doublenine.client.embedded import EmbeddedServer
from doublenine.client.net import NetClient, NetSession
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat

pytestmark = pytest.mark.usefixtures("own_folders")  # tests/conftest.py


@pytest.fixture()
def url(tmp_path) -> Iterator[str]:  # type: ignore[no-untyped-def]
    server = EmbeddedServer(db=str(tmp_path / "t.sqlite"), bot_delay=0.02)
    yield server.start()
    server.stop()


def _until(session: NetSession, ok: Callable[[Any], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not ok(session.state):
        assert time.monotonic() < deadline, session.state
        session.pump()
        time.sleep(0.02)


def _watch(url: str, code: str) -> NetSession:
    """A spectator of ``code``, its table frame received."""
    watcher = NetSession(NetClient(url, p.Spectate(code=code)).start())
    _until(watcher, lambda s: s.table == code and bool(s.humans))
    return watcher


def _autoplay(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    capsys.readouterr()
    assert main(["play", *args, "--autoplay", "--size", "800x600"]) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_d7_autoplay_joining_a_remote_table_gives_its_seat_up_when_it_ends(capsys, url) -> None:  # type: ignore[no-untyped-def]
    host = _open_for_seat_two(url)
    try:
        out = _autoplay(capsys, "--server", url, "--table", host.state.table)
        assert (out["autoplay"], out["seat"], out["table"]) == ("hand over", 2, host.state.table)
        # given up: the computer plays seat 2 on, nobody is waited for (held, it was "away" for good)
        _until(host, lambda s: Seat.TWO in s.computers)
        assert host.state.away == frozenset() and host.state.free == frozenset()
    finally:
        host.close()


def test_d7_autoplay_creating_a_remote_table_gives_its_seat_up_when_it_ends(capsys, url) -> None:  # type: ignore[no-untyped-def]
    out = _autoplay(capsys, "--server", url)
    assert (out["autoplay"], out["seat"]) == ("hand over", 1)
    watcher = _watch(url, out["table"])
    try:
        _until(watcher, lambda s: Seat.ONE in s.computers)
        assert watcher.state.away == frozenset()
    finally:
        watcher.close()


def _open_for_seat_two(url: str) -> NetSession:
    """A table of three computers and a free human seat 2, made by a spectator that keeps it open."""
    seats = tuple(p.SeatSpec(kind="human" if s == 2 else "computer", level="easy") for s in (1, 2, 3, 4))
    host = NetSession(NetClient(url, p.CreateTable(seats=seats, seed=4, name="Ana", sit=None)).start())
    _until(host, lambda s: bool(s.table) and s.free == {Seat.TWO})
    return host


def test_d7_a_remembered_seat_still_waits_for_its_player_when_the_window_closes(url) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import config
    from doublenine.client.launcher import make_launcher
    from doublenine.client.scenes.start import Launch
    from doublenine.shared.invite import server_base

    host = _open_for_seat_two(url)
    try:
        code = host.state.table
        scene = make_launcher("en", {})(Launch("join", "Bo", "en", server=url, table=code))
        _until(scene.session, lambda s: s.view is not None and s.view.seat == Seat.TWO)
        assert scene.session.keeps_seat and config.held_seat(config.load(), server_base(url), code) != ""
        scene.close()  # the window closed (no Leave): the token is remembered, so the seat waits (D7)
        _until(host, lambda s: s.away == {Seat.TWO})
        assert Seat.TWO not in host.state.computers
    finally:
        host.close()
