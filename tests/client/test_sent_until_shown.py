"""A control of the window stays held from its intent's send until its answer is shown (client/scenes/table.py
``_send_once``, ``_held``), whatever the pacing.

Soak s14 F-window-repeat: the window shows each play 0.75 s after the one before (client.pacing.PLAY_BEAT).
A play made within that beat is answered at once, but its update waits behind the beat; the window cleared
its "in flight" mark as soon as the answer *arrived*, so for the rest of the beat it still showed "your turn"
with the tile lifted, and a second click sent the same play again: 73 ``TILE_NOT_HELD`` ("That tile is not in
your hand") in six minutes from the robot window. Kind: a control still live after its intent was sent; the
same for a prompt's Accept, Hint, Undo, New match, Nudge (each a second frame the server refuses).
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from doublenine.client.art import Art
from doublenine.client.autoplay import centre, click
from doublenine.client.input import Viewport
from doublenine.client.intents import AskHint, Control, Decide
from doublenine.client.pacing import PLAY_BEAT, _played
from doublenine.client.scenes.table import HELD_SECONDS, TableScene
from doublenine.client.sound import Sounds
from doublenine.shared.moves import Play
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat

from client_helpers import StubSession, my_turn_with_play, session_at

SIZE = (1280, 800)


def _scene(stub: StubSession) -> TableScene:
    scene = TableScene(stub, "en", Art(), sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport(SIZE, SIZE))
    return scene


def _frame(scene: TableScene, now: float) -> None:
    scene.update(now)
    scene.draw(pygame.Surface(SIZE))


def _play_clicks(scene: TableScene, tile) -> list:  # type: ignore[no-untyped-def]
    """Click ``tile`` in the hand, then the first place it may go."""
    sent = []
    h = next(h for h in scene.layout().hand if h.tile == tile)
    scene.handle(click(centre(h.rect)))
    ghost = next(iter(scene.layout().ghosts.values()), None)
    if ghost is not None:
        sent.append(scene.handle(click(centre(ghost.rect))))
    return sent


def test_s14_a_play_answered_inside_the_previous_plays_beat_is_sent_once() -> None:
    local = session_at(lambda st: my_turn_with_play(st) and len(st.hand.moves) >= 4)
    now_state = local.state  # seat 1 to play; seat 4's play the last thing that happened
    before = replace(now_state, view=_played(now_state.view, len(now_state.view.moves) - 1), seq=now_state.seq - 1)
    stub = StubSession(before)
    scene = _scene(stub)
    _frame(scene, 100.0)
    stub.set(now_state)  # seat 4's play arrives: shown at once, held PLAY_BEAT before the next moment
    _frame(scene, 110.0)
    play = next(d for d in legal_decisions(local.log.state, Seat.ONE) if isinstance(d, Play))
    _play_clicks(scene, play.tile)
    decisions = [i for i in stub.sent if isinstance(i, Decide)]
    assert len(decisions) == 1
    local.decide(decisions[0].decision)  # the server answers at once, and the computers play on
    local.run_computers()
    stub.set(local.state)
    _frame(scene, 110.1)  # answered; the window still shows seat 4's play's beat, then the moves one by one
    assert scene._pacer.behind and scene.state.view.turn == Seat.ONE and scene.state.sending
    _play_clicks(scene, decisions[0].decision.tile)  # the reported second click: the same play again
    assert [i for i in stub.sent if isinstance(i, Decide)] == decisions  # before: sent twice (TILE_NOT_HELD)
    t = 110.1
    while scene._pacer.behind:  # each move shown in turn; the play is held until its echo is on screen
        t += PLAY_BEAT
        _frame(scene, t)
    assert "decide" not in scene._held and not scene.state.sending


def test_a_hint_or_an_undo_clicked_twice_is_sent_once_until_its_answer_is_shown() -> None:
    local = session_at(my_turn_with_play)
    stub = StubSession(local.state)
    scene = _scene(stub)
    _frame(scene, 100.0)
    for intent in (AskHint(), AskHint(), Control("undo"), Control("undo")):
        scene._send_once(intent)
    assert stub.sent == [AskHint(), Control("undo")]
    stub.set(replace(local.state, spectators=3))  # a spectator came: no answer to either
    _frame(scene, 100.1)
    assert set(scene._held) == {"hint", "control:undo"}
    stub.set(replace(local.state, spectators=3, error="NOTHING_TO_UNDO"))  # a refusal shown: answered
    _frame(scene, 100.2)
    assert scene._held == {}
    scene._send_once(Control("undo"))
    _frame(scene, 100.3)
    assert set(scene._held) == {"control:undo"}
    _frame(scene, 100.3 + HELD_SECONDS)  # nothing changed in sight for HELD_SECONDS: held no longer
    assert scene._held == {}
    assert stub.sent == [AskHint(), Control("undo"), Control("undo")]
