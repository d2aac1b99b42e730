"""``play --autoplay`` waits while its table cannot be reached, whatever the screen still shows.

Soak s14 F-autoplay-crash: the server stopped (SIGTERM) during the robot window's turn; the view on screen
said "seat 4 to play" with no play that fits, and no Pass was offered (client/buttons.py offers it only
while connected), so ``next(...)`` over no play raised StopIteration at client/autoplay.py:85: no JSON line,
and the seat held for good (its ``leave`` never sent once the server was back). Kind: the robot assuming the
screen offers the control it looks for. It now clicks nothing until the table answers again, then plays
on (or ends on its timeout with its JSON line, leaving its seat as a closed window does).
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from doublenine.client.art import Art
from doublenine.client.autoplay import next_clicks
from doublenine.client.input import Viewport
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.shared.moves import Pass, Play
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

from client_helpers import StubSession, session_at


def _must_pass(st) -> bool:  # type: ignore[no-untyped-def]
    return st.phase is Phase.PLAY and st.hand.turn is Seat.ONE and \
        legal_decisions(st, Seat.ONE) == (Pass(Seat.ONE),)


def _scene(state) -> TableScene:  # type: ignore[no-untyped-def]
    scene = TableScene(StubSession(state), "en", Art(), sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(100.0)
    scene.draw(pygame.Surface((1280, 800)))
    scene.update(110.0)  # everything in sight read (client.seen): the robot acts now, or says why not
    scene.draw(pygame.Surface((1280, 800)))
    assert scene.settled()
    return scene


def test_s14_autoplay_waits_at_its_turn_while_the_server_is_away_then_passes() -> None:
    state = session_at(_must_pass).state
    assert not any(isinstance(m, Play) for m in state.view.legal_moves())
    lost = _scene(replace(state, connection="lost"))
    assert next_clicks(lost) == []  # before: StopIteration (no play, no Pass offered)
    back = _scene(state)  # the table answers again: Pass is offered and pressed
    clicks = next_clicks(back)
    assert len(clicks) == 1 and [b.id for b in back.layout().buttons if b.rect is not None
                                 and pygame.Rect(b.rect).collidepoint(clicks[0].pos)] == ["pass"]


def test_autoplay_clicks_nothing_while_reconnecting_even_with_a_play_that_fits() -> None:
    def my_play(st) -> bool:  # type: ignore[no-untyped-def]
        return st.phase is Phase.PLAY and st.hand.turn is Seat.ONE and \
            any(isinstance(m, Play) for m in legal_decisions(st, Seat.ONE))

    state = session_at(my_play).state
    assert next_clicks(_scene(replace(state, connection="lost"))) == []
    assert len(next_clicks(_scene(state))) == 1  # connected: the tile is lifted (its ghost next)
