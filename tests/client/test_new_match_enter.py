"""New user s12 item 3 (F12): at the match's end one Enter started a new match at once. Judged: at a solo
table New match asks no question (nothing is lost: the match stays in the ledger; the final line is seen
first, client.pacing, and an Enter meant for the screen before is not taken, KEY_GUARD), with other players
seated the panel says they are asked (D1: the server makes it a request); Undo there asks (D6)."""
from __future__ import annotations

from dataclasses import replace

import pygame

from doublenine.client.input import Viewport
from doublenine.client.intents import Control
from doublenine.client.layout import compute_layout
from doublenine.client.scenes.table import KEY_GUARD, TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import ClientState
from doublenine.shared.seats import Seat

from client_helpers import StubSession


def _enter() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, scancode=0, mod=0, unicode="\r")


def _scene(state: ClientState) -> tuple[TableScene, StubSession]:
    session = StubSession(state)
    scene = TableScene(session, "en", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(0.0)
    scene.ui = replace(scene.ui, seen_finished=len(state.view.finished))  # type: ignore[union-attr]
    scene.draw(pygame.Surface((1280, 800)))
    return scene, session


def test_enter_starts_a_new_match_at_a_solo_table_once_the_panel_was_seen(match_over) -> None:  # type: ignore[no-untyped-def]
    state, _ = match_over
    scene, session = _scene(replace(state, humans=frozenset({Seat.ONE})))
    assert scene.layout().panel.kind == "match_over"
    scene.handle(_enter())  # pressed as the panel came up: meant for the screen before
    assert session.sent == []
    scene.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, scancode=0, mod=0))
    scene.update(KEY_GUARD + 0.1)
    scene.handle(_enter())
    assert session.sent == [Control("new_match")] and scene.ui.confirm is None


def test_the_match_end_says_the_others_are_asked_where_other_players_sit(match_over) -> None:  # type: ignore[no-untyped-def]
    state, ui = match_over
    said = [t for t, _ in compute_layout(replace(state, humans=frozenset({Seat.ONE, Seat.THREE})), ui,
                                         (1280, 800)).panel.lines]
    assert said[-1] == "The other players at the table are asked first."
    alone = [t for t, _ in compute_layout(replace(state, humans=frozenset({Seat.ONE})), ui, (1280, 800)).panel.lines]
    assert "The other players at the table are asked first." not in alone


def test_undo_on_the_match_end_asks_before_reopening(match_over) -> None:  # type: ignore[no-untyped-def]
    state, _ = match_over
    scene, session = _scene(replace(state, humans=frozenset({Seat.ONE})))
    scene.update(KEY_GUARD + 0.1)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, scancode=0, mod=0, unicode="u"))
    assert session.sent == [] and scene.ui.confirm is not None and scene.ui.confirm[0] == "undo_end"
    assert scene.layout().panel.kind == "confirm"
