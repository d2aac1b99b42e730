"""New user s15: a table no longer hosted (its server or host gone) still said "Share the table code".

Kind: an offer to share a table's code (or link) where it leads nobody to the table. Every place that offers
it goes by one fact, ``ClientState.shared``, which the table scene sets from ``has_link``: the lobby's first
line (panels.share_said), a spectator's "Copy link" in the top bar, the K key and the footer's K. Where the code
leads nowhere the lobby says what happened instead: the table is on this computer only (a loopback server, not
or no longer hosted for friends); while the connection is lost (its server or host gone) the banner says so and
K says the link leads nowhere now."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pygame
import pytest
from client_helpers import StubSession, session_at

from doublenine.client import clipboard
from doublenine.client.input import Viewport
from doublenine.client.layout import compute_layout
from doublenine.client.panels import ONLY_THIS_COMPUTER, share_said
from doublenine.client.scenes.table import TABLE_UNREACHED, TableScene
from doublenine.client.sound import Sounds
from doublenine.client.text import tr
from doublenine.client.uistate import Ui
from doublenine.shared.views import view_for

SHARE = "Share the table code {code} with your friends"


@pytest.fixture(scope="module")
def lobby() -> Any:
    pygame.display.init()
    pygame.font.init()
    s = session_at(lambda st: True)
    return replace(s.state, started=False, table="X9P6Z")


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "copy_text", lambda text: copied.append(text) or True)
    return copied


def _scene(state: Any, url: str) -> TableScene:
    stub = StubSession(state)
    stub.client = SimpleNamespace(url=url)  # type: ignore[attr-defined]
    scene = TableScene(stub, "en", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(0.0)
    return scene


def _lines(scene: TableScene) -> list[str]:
    panel = scene.layout().panel
    assert panel is not None and panel.kind == "lobby"
    return [tr("en", line[0], **line[1]) for line in panel.lines]


def _k(scene: TableScene) -> None:
    scene._now += 1.0
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k", scancode=0))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_k, mod=0, unicode="k", scancode=0))


def test_the_lobby_says_share_only_where_the_code_leads(lobby) -> None:  # type: ignore[no-untyped-def]
    assert share_said(lobby) == (SHARE, {"code": "X9P6Z"})
    assert share_said(replace(lobby, shared=False)) == (ONLY_THIS_COMPUTER, {})
    panel = compute_layout(replace(lobby, shared=False), Ui(seen_finished=0), (1280, 800)).panel
    assert panel is not None and panel.lines[0] == (ONLY_THIS_COMPUTER, {})
    assert [b.id for b in panel.buttons] == ["start"]  # the way on is kept: computers take the empty seats


def test_the_reported_case_a_table_not_hosted_any_more_offers_no_code(lobby, board) -> None:  # type: ignore[no-untyped-def]
    """The window's own loopback server (the table hosted for friends once, now on this computer only)."""
    scene = _scene(lobby, "ws://127.0.0.1:40123/")
    assert _lines(scene)[0] == "Nobody else can join: this table is on this computer only, not hosted for friends"
    _k(scene)
    assert board == [] and scene.toast is not None and \
        scene.toast[0] == "This table is only on this computer: there is no link to send a friend"


def test_a_server_gone_says_so_and_k_copies_nothing(lobby, board) -> None:  # type: ignore[no-untyped-def]
    scene = _scene(lobby, "ws://192.168.1.20:8765/")
    assert _lines(scene)[0] == "Share the table code X9P6Z with your friends"
    scene.session.set(replace(lobby, connection="lost"))  # type: ignore[attr-defined]
    scene.update(1.0)
    assert scene.layout().panel is None and not scene.shown().shared  # the banner says it is lost
    _k(scene)
    assert board == [] and scene.toast is not None and scene.toast[0] == tr("en", TABLE_UNREACHED) == \
        "This table does not answer now: its link would lead a friend nowhere"
    scene.session.set(lobby)  # type: ignore[attr-defined]
    scene.update(2.0)
    _k(scene)
    assert board == ["http://192.168.1.20:8765/t/X9P6Z"]


def test_a_spectators_copy_link_is_offered_only_where_it_leads(lobby) -> None:  # type: ignore[no-untyped-def]
    s = session_at(lambda st: True)
    watch = replace(s.state, table="X9P6Z", view=view_for(s.log.state, None))
    remote = _scene(watch, "ws://play.example.org:8765/")
    assert "copylink" in {b.id for b in remote.layout().buttons}
    here = _scene(watch, "ws://127.0.0.1:40123/")
    assert "copylink" not in {b.id for b in here.layout().buttons}
    remote.session.set(replace(watch, connection="lost"))  # type: ignore[attr-defined]
    remote.update(1.0)
    assert "copylink" not in {b.id for b in remote.layout().buttons}


def test_the_new_lines_are_translated() -> None:
    assert tr("fr", ONLY_THIS_COMPUTER) != ONLY_THIS_COMPUTER and "\u00a0:" in tr("fr", ONLY_THIS_COMPUTER)
    for lang in ("pt", "de", "es"):
        assert tr(lang, ONLY_THIS_COMPUTER) != ONLY_THIS_COMPUTER
        assert tr(lang, TABLE_UNREACHED) != TABLE_UNREACHED
