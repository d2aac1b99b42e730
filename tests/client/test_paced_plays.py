"""New user s12 item 1, "what just happened": three computer plays landed within a second of the player's
own, only a faint glow marked the last tile, and the numbers and the status line moved on while a tile
still flew (over North's plate). Kind: the table drawing the newest state the moment it arrives. The
window now shows each play for client.pacing.PLAY_BEAT s before the next (the server is not slowed),
marks each seat's last tile, lists the hand's last moves at 800x600, and keeps the table as it was until
a sliding tile lands."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import hand_played_out, my_turn_with_play, session_at

from doublenine.client.input import Viewport
from doublenine.client.layout import compute_layout
from doublenine.client.intents import Decide
from doublenine.client.pacing import END_BEAT, PLAY_BEAT, Pacer, beats, ended_line
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.shared.moves import Play
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat

NAMES = ("Ann", "Bo", "Cy", "Di")


@pytest.fixture()
def played() -> TableScene:
    """Ann (seat 1) has just played 0-0 at 800x600; Bo, Cy and Di answered at once (a local table)."""
    pygame.display.init()
    pygame.font.init()
    s = session_at(my_turn_with_play, names=NAMES)
    scene = TableScene(s, "en", sounds=Sounds(muted=True), motion=True)
    scene.resize(Viewport((800, 600), (800, 600)))
    scene.update(0.0)
    d = next(m for m in legal_decisions(s.log.state, Seat.ONE) if isinstance(m, Play))
    assert str(d.tile) == "0-0"
    s.send(Decide(d))
    return scene


def test_each_computer_play_is_shown_for_its_beat_in_turn(played: TableScene) -> None:
    seen = []
    for t in (0.1, 0.8, 0.9, 1.6, 1.7, 2.4, 2.5):
        played.update(t)
        seen.append((len(played.state.view.line), [r for r, _ in played.layout().status]))
    assert PLAY_BEAT == 0.75
    assert seen == [(1, ["Bo to play"]), (1, ["Bo to play"]), (2, ["Cy to play"]), (2, ["Cy to play"]),
                    (3, ["Di to play"]), (3, ["Di to play"]), (4, ["Your turn: choose a tile"])]
    assert len(played.session.state.view.line) == 4  # the session had all of it at once


def test_the_last_moves_are_listed_and_each_seats_last_tile_marked(played: TableScene) -> None:
    played.update(0.1)
    lay = played.layout()
    assert lay.recap_rows == (("↓", "Ann 0-0"),)
    for t in (0.9, 1.7, 2.5):
        played.update(t)
    lay = played.layout()
    # the three latest, oldest first, each with the arrow of its player's side, in a box that fits 800x600
    assert lay.recap_rows == (("→", "Bo 0-9"), ("↑", "Cy 0-1"), ("←", "Di 1-9"))
    assert lay.recap == (8, 383, 147, 70)
    own = next(s for s in lay.seats if s.side == "bottom").plate
    assert lay.recap[1] + lay.recap[3] < own[1] and lay.recap[0] + lay.recap[2] <= 800
    assert [int(seat) for seat, _ in lay.lasts] == [4, 3, 2, 1]  # the latest first
    assert lay.lasts[0][1] == lay.last


def test_nothing_says_what_follows_a_play_before_its_tile_lands(played: TableScene) -> None:
    played.update(0.1)
    played.update(0.8)
    played.update(0.9)  # Bo's tile starts sliding in
    assert played._moving() is not None
    drawn = played._before_landing(played.layout())
    assert [r for r, _ in drawn.status] == ["Bo to play"]
    assert drawn.recap_rows == (("↓", "Ann 0-0"),)
    assert [m.pips for m in drawn.marks] == [0, 0]
    assert next(s for s in drawn.seats if s.seat == Seat.TWO).turn  # Bo's plate still lit
    played.update(0.9 + 0.25)  # landed
    assert played._moving() is None
    assert [r for r, _ in played.layout().status] == ["Cy to play"]


def test_a_hands_end_shows_its_final_line_before_the_panel() -> None:
    pygame.display.init()
    pygame.font.init()
    before, after = hand_played_out(NAMES)  # Ann plays out the hand with her first legal decisions
    fh = after.view.finished[-1]
    moments = beats(before, after)
    line = ended_line(after)
    assert line is not None and line.view.line == fh.line and line.view.scores == fh.scores_before
    assert line.view.turn is None and line.view.finished == after.view.finished[:-1]
    assert [hold for _, hold in moments][-2:] == [END_BEAT, 0.0]
    assert moments[-1][0] is after and moments[-2][0].view.line == fh.line
    pacer = Pacer(before)
    pacer.feed([after], 0.0)
    steps = []
    t = 0.0
    while pacer.behind:
        pacer.tick(t)
        steps.append(len(pacer.shown.view.line) if pacer.shown is not after else "panel")
        t += 0.25
    assert steps[-1] == "panel" and len(fh.line) in steps
    assert END_BEAT == 1.6


def test_chat_during_the_pacing_keeps_the_moment_and_an_undo_shows_at_once(played: TableScene) -> None:
    pacer = played._pacer
    played.update(0.1)
    assert pacer.behind
    now = played.session.state
    pacer.feed([replace(now, chat=())], 0.2)  # the same view: a chat line or a table frame
    assert len(pacer.queue) == 3 and pacer.queue[-1][0].view is now.view
    undone = replace(now, view=replace(now.view, moves=(), line=(), ends=None))
    pacer.feed([undone], 0.3)
    assert not pacer.behind and pacer.shown is undone


@pytest.mark.parametrize("link", [dict(connection="lost"), dict(connection="connecting")])
def test_a_change_of_the_connection_is_shown_at_once_not_after_the_queued_plays(played: TableScene, link) -> None:  # type: ignore[no-untyped-def]
    """CI of 12bb1e8 (test_restart_keeps_place, test_spectator_restart): the server killed while Bo's, Cy's
    and Di's plays waited their beats, the window kept drawing 'connected' moments and no banner for up
    to 6 beats. Kind: a fact of the link to the server held back with the moments of the match."""
    pacer = played._pacer
    played.update(0.1)
    assert pacer.behind and len(pacer.queue) == 3 and len(pacer.shown.view.line) == 1
    now = played.session.state
    away = replace(now, **link)
    pacer.feed([away], 0.2)
    assert not pacer.behind and pacer.shown is away and len(pacer.shown.view.line) == 4
    lay = compute_layout(away, played.ui, (800, 600), "en")
    assert (lay.banner is not None) == (link["connection"] == "lost")
    back = replace(away, connection="connected")
    pacer.feed([back], 0.3)
    assert not pacer.behind and pacer.shown is back
