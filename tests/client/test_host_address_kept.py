"""What a friend's window remembers of a host's table once it ended. A host that stopped on purpose
(``host.stopped``) drops that table's code and its server (lastuser s17 F19: the friend's next Create table,
the gold default, went to the host's laptop; s13 had kept the address for the friend's next join, which an
invite or "Find tables on this network" now makes); a host gone without a word (``host.lost``) drops nothing:
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
def test_lastuser_s17_f19_a_host_that_stopped_is_no_longer_where_create_table_goes() -> None:
    _closed_after("host.stopped")
    now = config.load()
    assert (now.server, now.table) == ("", "")
    form = StartScene(now, lambda launch: None).form
    assert (form.server, form.table) == ("", "")  # "New tables are made on this computer"


@pytest.mark.usefixtures("saved")
def test_a_host_gone_without_a_word_forgets_nothing() -> None:
    _closed_after("host.lost")
    now = config.load()
    assert (now.server, now.table, now.held) == (BASE, "K7QPA", (HELD,))


def test_lastuser_s17_f19_no_caption_is_left_for_the_back_to_your_match_button_gone() -> None:
    """Lastuser s17 F19 (shots/58_friend_start.png): the host ended the game, "Back to your match" went, and
    its line "The match you last played, as you left it" stayed under an empty place (the focus was still on
    it). Kind: the focus or pointer's line kept for a control no longer drawn; "Earlier match" is the other."""
    from doublenine.client.scenes.start import _first_focus
    from doublenine.client.scenes.starthints import hint
    from doublenine.client.scenes.startform import Form
    form = _first_focus(Form(focus="resume", hover="earlier", resume=None), "DA5VH")
    assert (form.focus, form.hover) == ("name", None)
    assert hint(form.hover, form.level) is None and hint(form.focus, form.level) is None
    kept = Form(focus="resume", resume="0-0", resume_code="DA5VH", hover="create")
    assert _first_focus(kept, "DA5VH") == kept  # the button still there: nothing moves
