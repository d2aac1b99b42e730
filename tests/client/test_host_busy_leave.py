"""Attacker s12 A5: the host's Leave while the hosted server is too busy to say who is seated.

The window asked the server thread and waited 5 s; the ``TimeoutError`` closed the window ("doublenine
play: " and exit 1), the game ended for everyone, and the teardown sent the table's ``leave``: the host's
seat token was cleared and the next start forgot the hosted match. Kind: the window's thread blocking on,
or trusting the timing of, the server thread; a seat token cleared because a teardown was slow.
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import StubSession, fake_hosting
from scenes_catalog import table_scene, table_states

from doublenine.client.scenes import lan_host
from doublenine.client.scenes.lan_host import MAY_BE_SEATED, HostedTable
from doublenine.client.text import tr
from doublenine.shared.cleantext import for_terminal, said
from doublenine.shared.seats import Seat

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states()}


class Closing(StubSession):
    """A session that records how it was closed."""

    def __init__(self, state) -> None:  # type: ignore[no-untyped-def]
        super().__init__(state)
        self.left: list[bool] = []

    def close(self, leave: bool = True) -> None:
        self.left.append(leave)


def _host(others) -> HostedTable:  # type: ignore[no-untyped-def]
    state, ui = STATES["own-turn"]
    state = replace(state, humans=frozenset({Seat.ONE, Seat.THREE}))
    table = table_scene(state, ui, "en", (1280, 800))
    table.session = Closing(state)
    hosting = fake_hosting()
    hosting.others_seated = others
    host = HostedTable(table, hosting, "en")
    host.resize(table.vp)
    host.shown = False
    return host


def _leave(host: HostedTable):  # type: ignore[no-untyped-def]
    table = host.table
    table._layout = None
    x, y, w, h = next(b.rect for b in table.layout().buttons if b.id == "leave")
    return host.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1,
                                          touch=False))


def test_a5_no_answer_from_the_server_asks_as_if_friends_were_seated(monkeypatch) -> None:
    calls: list[tuple[str, int | None]] = []
    host = _host(lambda code, me: calls.append((code, me)) or None)
    assert _leave(host) is None  # no window closed, no error: the question
    assert host.asking is not None and host.asking.kind == "pop" and host.asked_for is None
    assert len(calls) == 1  # the table's warning and the question asked the server once
    heads: list[str] = []
    monkeypatch.setattr(lan_host, "tr", lambda lang, text, **kw: heads.append(text) or tr(lang, text, **kw))
    host.draw(pygame.Surface((1280, 800)))
    assert heads[0] == MAY_BE_SEATED == "Friends may be seated at your table"
    assert tr("fr", MAY_BE_SEATED) == "Des amis sont peut-être assis à votre table"
    assert host.click_id("keep") is None and host.asking is None  # the host keeps playing
    host.close()
    assert host.table.session.left == [False]


def test_a5_a_teardown_after_an_error_in_leave_keeps_the_hosts_seat() -> None:
    asked: list[int] = []

    def slow(code: str, me: int | None) -> int:
        asked.append(1)
        if len(asked) == 2:  # the question's count, after the table's Leave set ``_leave``
            raise TimeoutError()  # what the old 5 s wait raised
        return 1
    host = _host(slow)
    host.others = lambda: host.hosting.others_seated(host.code, 1)  # both asks reach the server, as before
    with pytest.raises(TimeoutError):
        _leave(host)
    assert host.table._leave is True
    host.close()  # App.run's finally
    assert host.table.session.left == [False]  # no ``leave`` sent: the seat token stays


def test_a5_an_error_with_no_message_is_said_by_its_type() -> None:
    assert said(TimeoutError()) == "TimeoutError"
    assert for_terminal(TimeoutError()) == "TimeoutError"
    assert for_terminal(OSError("  ")) == "OSError"
    assert for_terminal(OSError("port in use")) == "port in use"


def test_nobody_else_seated_leaves_at_once_keeping_the_seat() -> None:
    host = _host(lambda code, me: 0)
    host.table._leave_armed = host.table._now + 10.0  # the first press warned just now: this press goes
    change = _leave(host)
    assert change is not None and change.kind == "pop" and host.ended is True
    host.close()
    assert host.table.session.left == [False]


