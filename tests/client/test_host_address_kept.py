"""s13: the friend's remembered host address survives the end of the host's table (the friend wants to join
the same host next time). A host that stopped on purpose (``host.stopped``) drops only that table's code (the
host's next start plays it on that computer only); a host gone without a word (``host.lost``) drops nothing:
its next start hosts the same table again on the same port (lan_host.host_again)."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pygame
import pytest
from client_helpers import StubSession, my_turn_with_play, session_at

from doublenine.client import config
from doublenine.client.scenes.start import StartScene
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.shared.failures import Failure

URL = "ws://192.168.1.20:8765/"
BASE = "ws://192.168.1.20:8765"
HELD = "K7QPA tok-1 ws://192.168.1.20:8765"


@pytest.fixture()
def saved(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    config.save(replace(config.load(), server=BASE, table="K7QPA", held=(HELD,)))


def _closed_after(key: str) -> None:
    """The friend's window at table K7QPA of the host at URL, closed once the table failed with ``key``."""
    pygame.display.init()
    pygame.font.init()
    state = session_at(my_turn_with_play).state
    stub = StubSession(replace(state, table="K7QPA", failure=Failure(key, {"host": "192.168.1.20", "port": 8765})))
    stub.client = SimpleNamespace(url=URL)  # type: ignore[attr-defined]
    scene = TableScene(stub, "en", sounds=Sounds(muted=True), motion=False)
    scene.close()


@pytest.mark.usefixtures("saved")
def test_a_host_that_stopped_leaves_its_address_remembered() -> None:
    _closed_after("host.stopped")
    now = config.load()
    assert (now.server, now.table) == (BASE, "")
    form = StartScene(now, lambda launch: None).form
    assert (form.server, form.table) == (BASE, "")


@pytest.mark.usefixtures("saved")
def test_a_host_gone_without_a_word_forgets_nothing() -> None:
    _closed_after("host.lost")
    now = config.load()
    assert (now.server, now.table, now.held) == (BASE, "K7QPA", (HELD,))
