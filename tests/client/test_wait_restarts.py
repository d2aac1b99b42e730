"""s13 netplayer F1: a new turn's wait card never shows the previous turn's wait or its buttons.

Kind: a clock/wait figure from a stale source. After Wifi's 2:54 wait the window showed, for the first ~5 s
of Direct's turn, "Waiting for Direct for 2:54 · Nudge Direct · Let the computer play for Direct": the
table scene did not follow the wait while the play slid in or its beat was paced, and the card named the
seat of the moment drawn with the clock of another. A window on a fake transport, its clock given."""
from __future__ import annotations

import pygame
from client_helpers import my_turn_with_play, session_at
from test_unanswered_moves import TABLE, DeadLink

from doublenine.client.art import Art
from doublenine.client.input import Viewport
from doublenine.client.net import NetSession
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import Connection
from doublenine.client.text import say
from doublenine.shared import protocol as p
from doublenine.shared.convert import move_frame, view_to_wire
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for


def _cards(scene: TableScene) -> list[str]:
    return [say("en", *c.text) + "".join(f" · {say('en', b.label, dict(b.args))}" for b in c.buttons)
            for c in scene.talk.cards(scene.shown(), scene.layout(), scene.ui)]


def test_the_next_players_card_starts_at_zero_not_at_the_last_wait() -> None:
    pygame.font.init()
    local = session_at(my_turn_with_play)  # seat 1 to play; this window is seat 3's
    view = view_for(local.log.state, Seat.THREE)
    link = DeadLink()
    session = NetSession(link)  # type: ignore[arg-type]
    link.inbox.put(Connection("connected"))
    link.inbox.put(p.Joined(code="ABCDE", seat=3, token="t" * 20))
    link.inbox.put(p.Snapshot(seq=20, view=p.ViewW.model_validate(view_to_wire(view)), table=TABLE,
                              waited=174.0))
    scene = TableScene(session, "en", Art(), sounds=Sounds(muted=True), motion=True)
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(100.0)
    assert _cards(scene) == ["Waiting for P1 for 2:54 · Nudge P1 · Let the computer play for P1"]
    move = legal_decisions(local.log.state, Seat.ONE)[0]
    local.log.submit(move)
    assert local.log.state.hand.turn is Seat.TWO
    link.inbox.put(p.decode_server(move_frame(21, move)))
    for now in (100.5, 101.0, 102.0, 103.0, 104.5):  # the play slides in, then its beat: no old clock
        scene.update(now)
        assert _cards(scene) == [], now
    scene.update(106.5)
    assert _cards(scene) == ["Waiting for P2 for 0:06"]  # no Nudge before its time (NUDGE_AFTER)


def test_s13_no_wait_card_until_the_decision_after_a_result_panel_has_been_in_sight() -> None:
    """s13 player F6: the joiner's card read "On attend Hanna depuis 0:21 · Relancer Hanna" the instant Hanna
    was first shown "Choose the opener". Now no card until SHOW_AFTER s after the result panel goes; the wait
    itself is the table's (s14 F-h below), counted through the panel as in every other window."""
    from dataclasses import replace

    from doublenine.client.scenes.talk import RESULT_PANELS, TableTalk
    assert RESULT_PANELS == ("drawn", "reveal", "looking", "match_over")
    state = replace(session_at(my_turn_with_play).state, wait=(5, 0.0))
    talk = TableTalk("en", Art(), remember=False)
    talk.update(state, 100.0, state, covered=True)  # the draw decided: the nominator's wait marked at once
    talk.update(state, 121.0, state, covered=True)  # 21 s reading the draw's result
    assert talk.waited() == 21.0
    assert talk.update(state, 121.5, state, covered=False) is True  # the result closed: the card redrawn
    assert (talk.waited(), talk.now - talk._sighted) == (21.5, 0.0)  # the table's wait, not restarted
    talk.update(state, 126.0, state)
    assert talk.now - talk._sighted == 4.5  # the card still held back (SHOW_AFTER 5 s)
    talk.update(state, 126.5, state)
    assert (talk.waited(), talk.now - talk._sighted) == (26.5, 5.0)


def test_s14_f_h_two_windows_count_one_wait_from_the_same_server_moment() -> None:
    """s14 player F-h: Bia, who started watching mid-wait, read "Esperando Zoë há 1:36" a few seconds before
    Rita's window read "Waiting for Zoë for 1:24": Rita's window restarted the wait as her result panel
    closed. Kind: a wait figure from a per-window origin. A seat's window that read the hand's end for 12 s
    and a spectator's window opened 60 s into the wait (its snapshot's ``waited`` 60.0) agree to the second,
    and a paced (shown) moment keeps the origin of the frame's arrival."""
    from dataclasses import replace

    from doublenine.client.scenes.talk import TableTalk
    base = session_at(my_turn_with_play).state
    rita, bia = TableTalk("en", Art(), remember=False), TableTalk("en", Art(), remember=False)
    before, new = replace(base, wait=(4, 0.0)), replace(base, wait=(5, 0.0))
    rita.update(new, 1000.0, before, covered=True)  # the update arrives; the window still shows the last play
    rita.update(new, 1003.0, new, covered=True)  # shown 3 s later, the hand's end panel up
    rita.update(new, 1012.0, new, covered=False)  # read for 12 s, closed
    rita.update(new, 1084.0, new)
    watching = replace(base, wait=(1, 60.0))  # Bia's first snapshot: the wait began 60 s before it came
    bia.update(watching, 1060.0, watching)
    bia.update(watching, 1084.0, watching)
    assert (rita.waited(), bia.waited()) == (84.0, 84.0)
