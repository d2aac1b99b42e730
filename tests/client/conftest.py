"""Fixtures shared by the client tests."""
from __future__ import annotations

import pygame
import pytest
from client_helpers import my_turn_with_play, session_at
from scenes_catalog import table_states

from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui


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
