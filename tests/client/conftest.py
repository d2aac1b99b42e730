"""Fixtures shared by the client tests."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from client_helpers import hand_played_out, my_turn_with_play, session_at
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui


@pytest.fixture(autouse=True)
def _finished_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test keeps its own finished matches (client/finished.py): a match one test ended is never
    in another's start screen list."""
    from doublenine.client import finished
    monkeypatch.setattr(finished, "finished_path", lambda: tmp_path / "finished.json")


@pytest.fixture(autouse=True)
def _text_size_and_screen_as_default():  # type: ignore[no-untyped-def]
    """The "Text size" and the full screen a test chose (client/layout.set_text_size, app.set_fullscreen keep
    them for the process) are put back after it: no other test lays out at 150 %."""
    yield
    from doublenine.client import app, layout
    layout.set_text_size(100)
    app._FULL[0] = False
    app._ASKED[0] = None  # no full screen check (app.check_fullscreen) left for the next test's window


@pytest.fixture
def config_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own client.json (``tmp_path / "client.json"``, not yet written) in place of the player's.
    A module asks for it with ``pytestmark = pytest.mark.usefixtures("config_in_tmp")``."""
    from doublenine.client import config
    path = tmp_path / "client.json"
    monkeypatch.setattr(config, "config_path", lambda: path)
    return path


@pytest.fixture
def art() -> Art:
    """The client's drawing set (:class:`doublenine.client.art.Art`), pygame's display and fonts
    initialised first: what a test that draws a screen on a Surface of its own needs."""
    pygame.display.init()
    pygame.font.init()
    return Art()


@pytest.fixture(scope="module")
def states() -> dict[str, tuple[ClientState, Ui]]:
    """Each situation of the table scene by name (:func:`scenes_catalog.table_states`), with pygame's
    display and fonts initialised. A test module's own ``states`` fixture takes its place there."""
    pygame.display.init()
    pygame.font.init()
    return {name: (state, ui) for name, state, ui in table_states()}


@pytest.fixture(scope="module")
def turn() -> ClientState:
    """Seat 1's turn with a tile to play at a local table (:func:`client_helpers.my_turn_with_play`),
    pygame's display and fonts initialised. A test module's own ``turn`` fixture takes its place there."""
    pygame.display.init()
    pygame.font.init()
    return session_at(my_turn_with_play).state


@pytest.fixture(scope="module")
def own_turn(states: dict[str, tuple[ClientState, Ui]]) -> tuple[ClientState, Ui]:
    """The table scene at seat 1's own turn (``states["own-turn"]``), display and fonts initialised."""
    return states["own-turn"]


@pytest.fixture(scope="module")
def match_over(states: dict[str, tuple[ClientState, Ui]]) -> tuple[ClientState, Ui]:
    """The table scene with the match over (``states["match-over"]``), display and fonts initialised."""
    return states["match-over"]


@pytest.fixture(scope="module")
def during() -> ClientState:
    """The state of a hand played out to its last play (client_helpers.hand_played_out's first), display and
    fonts initialised: the marks and placement tests draw their lines from it."""
    pygame.display.init()
    pygame.font.init()
    return hand_played_out()[0]
