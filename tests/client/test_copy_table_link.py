"""s14 spectate item 4: the window copies its table's link for a friend (K, a spectator's "Copy link").

Only a LAN host's invite card could copy a link: a spectator, or the creator of a table on a server elsewhere,
had nothing to send a friend but the code read off the title. Kind: a table's link only one window could copy.
The link is the table's web link (a browser opens it, the game joins by it); the code alone where the server is
on this computer only; where the system has no clipboard the link is said, to copy by hand."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pygame
import pytest
from client_helpers import StubSession, session_at

from doublenine.client import clipboard
from doublenine.client.input import Viewport
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for


@pytest.fixture(scope="module")
def states() -> dict[str, Any]:
    pygame.display.init()
    pygame.font.init()
    s = session_at(lambda st: st.phase is Phase.PLAY and st.hand.turn is Seat.ONE and len(st.hand.line) > 2)
    seated = replace(s.state, table="KQ7PM")  # a table the server named (a local session has no code)
    return {"seat": seated, "watch": replace(seated, view=view_for(s.log.state, None))}


def _scene(state: Any, url: str | None, copied: list[str] | None) -> TableScene:
    stub = StubSession(state)
    if url is not None:
        stub.client = SimpleNamespace(url=url)  # type: ignore[attr-defined]
    scene = TableScene(stub, "en", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(0.0)
    return scene


def _k(scene: TableScene) -> None:
    scene._now += 1.0
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k", scancode=0))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_k, mod=0, unicode="k", scancode=0))


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "copy_text", lambda text: copied.append(text) or True)
    return copied


def test_no_code_yet_nothing_to_copy(states, board) -> None:  # type: ignore[no-untyped-def]
    scene = _scene(replace(states["watch"], table=""), "ws://play.example.org:8765/", board)
    _k(scene)
    assert board == [] and scene.toast is None


def test_a_spectators_k_and_copy_link_put_the_tables_web_link_on_the_clipboard(states, board) -> None:  # type: ignore[no-untyped-def]
    code = states["watch"].table
    scene = _scene(states["watch"], f"wss://play.example.org:443/t/{code}", board)
    _k(scene)
    assert board == [f"https://play.example.org/t/{code}"]
    assert scene.toast is not None and scene.toast[0] == f"Table link copied: https://play.example.org/t/{code}"
    button = next(b for b in scene.layout().buttons if b.id == "copylink")
    assert button.label == "Copy link"
    x, y, w, h = button.rect
    scene._now += 1.0
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1))
    assert board == [f"https://play.example.org/t/{code}"] * 2


def test_a_seat_copies_by_k_and_its_full_top_bar_has_no_copy_button(states, board) -> None:  # type: ignore[no-untyped-def]
    code = states["seat"].table
    scene = _scene(states["seat"], f"ws://192.168.1.20:8765/t/{code}", board)
    assert "copylink" not in {b.id for b in scene.layout().buttons}
    _k(scene)
    assert board == [f"http://192.168.1.20:8765/t/{code}"]


def test_a_table_on_this_computer_only_copies_nothing_and_says_so_and_a_hosts_its_web_link(states, board) -> None:  # type: ignore[no-untyped-def]
    """s14 player F-b: K at a solo table said "Table code copied: T4QGJ", a code no friend could use. Kind: an
    action that reports success at something nobody can use; F1's Keys list no longer names K there."""
    from doublenine.client.footer import HELP_COPY, keys_here, keys_section
    code = states["watch"].table
    scene = _scene(states["watch"], f"ws://127.0.0.1:8765/t/{code}", board)
    _k(scene)
    assert board == [] and scene.toast is not None and scene.toast[0] == \
        "This table is only on this computer: there is no link to send a friend"
    assert scene.table_link() == (code, False)
    listed = " ".join(b.text for b in keys_section("en", replace(keys_here(states["watch"]), link=False)).blocks)
    assert HELP_COPY not in listed and HELP_COPY in " ".join(
        b.text for b in keys_section("en", keys_here(states["watch"])).blocks)
    scene.host_room = SimpleNamespace(web_link=lambda: f"http://192.168.1.20:8765/t/{code}", under=lambda size: 0,
                                      reserved=lambda lay: ())
    _k(scene)
    assert board[-1] == f"http://192.168.1.20:8765/t/{code}"


def test_without_a_clipboard_the_link_is_said_to_copy_by_hand(states, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(clipboard, "copy_text", lambda text: False)
    code = states["watch"].table
    scene = _scene(states["watch"], f"ws://play.example.org:8765/t/{code}", None)
    _k(scene)
    assert scene.toast is not None and scene.toast[0] == \
        f"No clipboard here: copy the table's link by hand: http://play.example.org:8765/t/{code}"
