"""A spectator's opening-draw result goes by itself once the hand is played, and its Continue is said.

New user s12 round 2 F12: watching a table, "Team B wins the opening draw" stayed over the table while the
first hand was already being played; only Continue took it away, and the footer said "You are watching
this table", not "Enter: Continue". Kinds: a prompt held for an answer nobody waits for; a key that acts
where the footer does not say it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
from scenes_catalog import table_scene, table_states

from doublenine.client.footer import key_help
from doublenine.client.panels import Button, Panel
from doublenine.client.uistate import Ui

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states()}
SIZE = (1280, 800)


def test_a_spectators_draw_result_is_not_held_over_the_hand_in_play() -> None:
    state, _ = STATES["spectator"]
    assert state.view.seat is None and state.view.draws and not state.view.finished
    scene = table_scene(state, Ui(seen_finished=0, seen_draw=(1, 0)), "en", SIZE)
    assert scene.layout().panel is None
    seated, _ = STATES["own-turn"]  # a player's stays until read (R22's kind: held until Continue)
    assert table_scene(seated, Ui(seen_finished=0, seen_draw=(1, 0)), "en", SIZE).layout().panel.kind == "drawn"


def test_a_spectator_is_told_enter_continues_a_prompt() -> None:
    state, _ = STATES["spectator"]
    box = (10, 10, 100, 40)
    panel = Panel("drawn", box, ("Team {team} wins the opening draw", {"team": "B"}), (),
                  (Button("seen_draw", box, "Continue", primary=True),))
    assert key_help(state, panel, "table", "en") == "Enter: Continue"
    assert key_help(state, panel, "table", "fr") == "Entrée\u00a0: Continuer"
    assert key_help(state, None, "table", "en") == "You are watching this table · M sound · C chat · S settings"
