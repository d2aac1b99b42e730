"""New user finding 2 (D7): a guest joined a friend's table with ``play --join doublenine://HOST:PORT/CODE``,
closed the window and ran the same command again: "Table ... is full", no window, though client.json held the
seat's token (``held``); ``play --server ws://HOST:PORT/ --table CODE`` did take the seat back.

Kind: each way of coming to a table checked it, and looked the kept token up, its own way (the invite's check
asked for a free seat; the server address was compared as typed). Every way now takes the kept seat back: the
invite (``--join``, a desktop link's ``--window-errors --join``, the table's web link), ``--server --table``
in any spelling of the address, the join screen's pasted invite and LAN list, and the start screen's Join.
Real server, real sockets."""
from __future__ import annotations

import argparse
from typing import Any

import pygame
import pytest

pytest.importorskip("doublenine.server.app")

from doublenine.client import config  # noqa: E402
from doublenine.client.scenes.start import StartScene  # noqa: E402
from doublenine.shared import protocol as p  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402
from sessionkit import pump_until, update_until  # noqa: E402

pytestmark = pytest.mark.usefixtures("own_folders")


class NoWindow:
    """``App`` for ``cli.run``: keeps the scene pushed, opens nothing."""

    pushed: list[Any] = []

    def __init__(self, scene: Any, *a: Any, **k: Any) -> None:
        pass

    def push(self, scene: Any) -> None:
        NoWindow.pushed.append(scene)

    def run(self) -> int:
        return 0


def _play(monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, Any]:
    """``doublenine play ARGV`` without a window: (exit code, the table scene it opened or None)."""
    from doublenine.client import app, cli

    monkeypatch.setattr(app, "App", NoWindow)
    NoWindow.pushed = []
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    code = cli.run(parser.parse_args(["--name", "Bea", *argv]))
    return code, (NoWindow.pushed[0] if NoWindow.pushed else None)


def _seated(scene: Any) -> Seat | None:
    update_until(scene, lambda: scene.session.state.view is not None or scene.session.state.failure is not None)
    view = scene.session.state.view
    return None if view is None else view.seat


@pytest.fixture
def friends_table(tmp_path):  # type: ignore[no-untyped-def]
    """Ana's table on a real server (seats: Ana, a free human seat, two computers): (server, port, code)."""
    from doublenine.client.embedded import EmbeddedServer
    from doublenine.client.net import NetClient, NetSession

    server = EmbeddedServer(db=str(tmp_path / "remote.sqlite"), bot_delay=0.0)
    server.start()
    kinds = ("human", "human", "computer", "computer")
    ana = NetClient(server.url, p.CreateTable(seats=tuple(p.SeatSpec(kind=k) for k in kinds),  # type: ignore[arg-type]
                                              language="en", sit=1, name="Ana")).start()
    try:
        session = NetSession(ana)
        pump_until(session, lambda s: bool(s.table) and s.view is not None)
        port = int(server.url.rstrip("/").rsplit(":", 1)[1])
        yield server, port, session.state.table
    finally:
        ana.close()
        server.stop()


def _slot(server: Any, code: str, seat: int) -> Any:
    return server.server.registry.tables[code].slots[seat]


def _first_join_then_close(monkeypatch: pytest.MonkeyPatch, server: Any, port: int, code: str) -> Any:
    """Bea joins by invite (seat 2) and closes the window: the seat waits for her token (D7)."""
    exit_code, scene = _play(monkeypatch, "--join", f"doublenine://127.0.0.1:{port}/{code}")
    assert exit_code == 0 and _seated(scene) is Seat.TWO
    update_until(scene, lambda: config.held_seat(config.load(), server.url, code) != "")
    scene.close()  # the window closed, not Leave
    update_until(scene, lambda: _slot(server, code, 2).conn is None)
    held = _slot(server, code, 2).token_hash
    assert held is not None
    return held


WAYS = ("invite", "desktop link", "web link", "server and table", "join screen invite", "start screen")


@pytest.mark.parametrize("way", WAYS)
def test_d7_every_way_back_to_a_full_table_takes_the_kept_seat(monkeypatch, friends_table, way: str) -> None:  # type: ignore[no-untyped-def]
    server, port, code = friends_table
    held = _first_join_then_close(monkeypatch, server, port, code)
    scene: Any = None
    if way in ("invite", "desktop link", "web link", "server and table"):
        argv = {"invite": ("--join", f"doublenine://127.0.0.1:{port}/{code}"),
                "desktop link": ("--window-errors", "--join", f"doublenine://127.0.0.1:{port}/{code}"),
                "web link": ("--join", f"http://127.0.0.1:{port}/t/{code}"),
                "server and table": ("--server", f"WS://127.0.0.1:{port}", "--table", code.lower())}[way]
        exit_code, scene = _play(monkeypatch, *argv)
        assert exit_code == 0  # was 2: "Table ... is full: no seat is left for another person"
    elif way == "join screen invite":
        from client_helpers import NoBrowser

        from doublenine.client.launcher import make_launcher
        from doublenine.client.scenes.lan_join import CHECKED, JoinForm, LanJoinScene
        join = LanJoinScene(make_launcher("en", {}), "Bea", "en", browser=NoBrowser())
        join.form = JoinForm(invite=f"doublenine://127.0.0.1:{port}/{code}")
        join.click_id("join")
        assert join._check is not None and join._check.wait(10)
        change = join.handle(pygame.event.Event(CHECKED))
        # the table takes the list's place: its "Back to the start screen" lands there (s12 round 2 F8)
        assert change is not None and change.kind == "replace", join.form.message
        scene = change.scene
    else:
        from dataclasses import replace

        from doublenine.client.launcher import make_launcher
        start = StartScene(config.load(), make_launcher("en", {}))
        start.form = replace(start.form, server=f"ws://127.0.0.1:{port}", table=code)  # no slash: as typed
        change = start.click_id("join")
        assert change is not None and change.kind == "push", start.form.message
        scene = change.scene
    try:
        assert _seated(scene) is Seat.TWO
        assert _slot(server, code, 2).token_hash == held  # the same seat, its token
    finally:
        scene.close()


def test_d7_without_a_kept_seat_the_full_table_is_still_said_before_any_window(monkeypatch, friends_table) -> None:  # type: ignore[no-untyped-def]
    """The other side of the same check: another computer (nothing kept) is refused before a window opens."""
    server, port, code = friends_table
    _first_join_then_close(monkeypatch, server, port, code)
    config.save(config.Settings())  # as on a friend's computer
    exit_code, scene = _play(monkeypatch, "--join", f"doublenine://127.0.0.1:{port}/{code}")
    assert (exit_code, scene) == (2, None)


def test_d7_the_kept_seat_is_found_whatever_the_servers_spelling() -> None:
    saved = config.hold_seat(config.Settings(), "ws://127.0.0.1:8799/t/ZKVXH", "ZKVXH", "tok")
    assert saved.held == ("ZKVXH tok ws://127.0.0.1:8799/",)
    assert [config.held_seat(saved, u, "ZKVXH") for u in (
        "ws://127.0.0.1:8799", "WS://127.0.0.1:8799/", "ws://127.0.0.1:8799/t/ZKVXH", "ws://127.0.0.1:8798/",
        "wss://127.0.0.1:8799/")] == ["tok", "tok", "tok", "", ""]
    assert config.release_seat(saved, "ws://127.0.0.1:8799", "ZKVXH").held == ()


class OneTable:
    """A LAN browser that lists one table."""

    version = 1

    def __init__(self, table: Any) -> None:
        self.table = table

    def tables(self) -> list[Any]:
        return [self.table]

    def stop(self) -> None:
        pass


@pytest.mark.parametrize("lang, label", [("en", "your seat"), ("fr", "votre place"), ("de", "Ihr Platz")])
def test_d7_the_lan_list_offers_the_kept_seat_at_a_full_table(monkeypatch, friends_table, lang: str, label: str,
                                                               tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The join screen's list said "full" with Join greyed for the table whose seat this computer holds."""
    from doublenine.client.art import Art
    from doublenine.client.launcher import make_launcher
    from doublenine.client.discovery import FoundTable
    from doublenine.client.scenes import lan_join
    from doublenine.client.scenes.lan_join import CHECKED, LanJoinScene

    server, port, code = friends_table
    held = _first_join_then_close(monkeypatch, server, port, code)
    found = FoundTable("Ana", code, 0, "127.0.0.1", port, p.PROTOCOL_VERSION, "Ana._doublenine._tcp.local.")
    said: list[tuple[str, bool]] = []
    real_row = lan_join._row

    def row(surface, art, lay, i, t, f, sm, lang_, mine=False):  # type: ignore[no-untyped-def]
        said.append((lan_join.tr(lang_, "your seat") if mine else "", mine))
        real_row(surface, art, lay, i, t, f, sm, lang_, mine)

    monkeypatch.setattr(lan_join, "_row", row)
    join = LanJoinScene(make_launcher(lang, {}), "Bea", lang, browser=OneTable(found), art=Art())
    join.update(0.0)
    surface = pygame.Surface((1280, 800))
    join.draw(surface)
    pygame.image.save(surface, str(tmp_path / f"lan-{lang}.png"))
    assert said == [(label, True)]
    join.click_id("join0")
    assert join._check is not None and join._check.wait(10)
    change = join.handle(pygame.event.Event(CHECKED))
    assert change is not None and change.kind == "replace", join.form.message  # over the start screen (F8)
    try:
        assert _seated(change.scene) is Seat.TWO and _slot(server, code, 2).token_hash == held
    finally:
        change.scene.close()
