"""D7 as the window shows it (evening s16 F1, F2): a disconnected friend's minute to come back, the hand-over
button never the Enter default, and what a returning player missed told once.

F1: Klaus's window froze 55 s; Joana's window put up "Let the computer play for Klaus" as its Enter default
2 s after the server noticed, and her habitual Enter handed his seat over; back, nothing told him the computer
had played two tiles for him. F2: Joana's window, closed while hand 3 ended, reopened at hand 4 with the score
jumped 22 -> 46 and no word why."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
from client_helpers import session_at
from scenes_catalog import table_scene, table_states

from doublenine.client.missed import away_played_said, missed_end, played_while_away
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.moves import End, Pass, Play
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.tiles import Tile

pygame.display.init()
pygame.font.init()
SIZE = (1280, 800)
STATES = {name: (state, ui) for name, state, ui in table_states()}


def _klaus_away():  # type: ignore[no-untyped-def]
    """The catalog's table at North's turn, North (seat 3) disconnected: Joana (seat 1) has nothing to decide."""
    state, _ = STATES["own-turn"]
    return replace(state, view=replace(state.view, turn=Seat.THREE), away=frozenset({Seat.THREE}))


def test_f1_the_away_panel_offers_no_hand_over_in_the_first_minute_then_a_button_enter_does_not_press() -> None:
    state = _klaus_away()
    scene = table_scene(state, Ui(seen_finished=len(state.view.finished)), "en", SIZE)
    name = state.names[2]
    scene.update(1000.0)  # first seen disconnected now
    panel = scene.layout().panel
    assert panel.kind == "away" and panel.buttons == ()
    assert panel.lines[1] == ("In {time} you can let the computer play for {name}", {"time": "1:00", "name": name})
    scene.update(1000.0 + 46.0)  # the reported Enter came 2 s after the notice; 46 s on, still nothing to press
    assert scene.layout().panel.lines[1][1]["time"] == "0:14" and scene.layout().panel.buttons == ()
    scene.update(1000.0 + 60.0)
    panel = scene.layout().panel
    assert [(b.id, b.primary) for b in panel.buttons] == [("handover:3", False)] and len(panel.lines) == 1


def test_f1_a_window_cut_off_itself_gives_every_seat_its_minute_again() -> None:
    """After a server restart every window reconnects; the seats still away then get their minute from it."""
    state = _klaus_away()
    scene = table_scene(state, Ui(seen_finished=len(state.view.finished)), "en", SIZE)
    scene.update(0.0)
    scene.update(300.0)
    assert scene.ui.away_wait == ()
    scene.session.state = replace(state, connection="connecting")  # the restart: this window's own link is down
    scene.update(301.0)
    scene.session.state = state  # back; Klaus's window not yet
    scene.update(305.0)
    assert scene.ui.away_wait == ((3, 60),) and scene.layout().panel.buttons == ()


MOVES = (Play(Seat.TWO, Tile(2, 5), End.LEFT), Play(Seat.THREE, Tile(5, 6), End.RIGHT))
AWAY = (Play(Seat.FOUR, Tile(6, 6), End.RIGHT), Play(Seat.ONE, Tile(3, 5), End.LEFT),
        Pass(Seat.TWO), Play(Seat.THREE, Tile(6, 8), End.RIGHT), Pass(Seat.FOUR), Pass(Seat.ONE))


def _views():  # type: ignore[no-untyped-def]
    view = session_at(lambda s: s.phase is Phase.PLAY).state.view
    return replace(view, moves=MOVES), replace(view, moves=MOVES + AWAY)


def test_f1_the_returning_player_is_told_what_the_computer_played_for_them() -> None:
    before, after = _views()
    moves = played_while_away(before, after)
    assert moves == (Play(Seat.ONE, Tile(3, 5), End.LEFT), Pass(Seat.ONE))
    assert away_played_said(moves, "en") == "While you were away the computer played 3-5 and passed for you"
    assert away_played_said(moves, "de") == "Während Sie weg waren, hat der Computer für Sie 3-5 gespielt und gepasst"
    assert away_played_said((Pass(Seat.ONE),), "en") == "While you were away the computer passed for you"
    assert away_played_said((), "en") is None


def test_f1_a_move_this_window_sent_before_the_loss_is_its_own() -> None:
    before, after = _views()
    sent = p.PlayTile(tile=(3, 5), end="left", expected_seq=1, intent_id="a1")
    assert played_while_away(before, after, [sent]) == (Pass(Seat.ONE),)


def test_f1_nothing_is_claimed_when_the_moves_do_not_continue_the_ones_seen() -> None:
    before, after = _views()
    assert played_while_away(replace(before, moves=AWAY[:1]), after) == ()  # an undo while away
    assert played_while_away(after, before) == ()


def test_f2_a_reopened_window_shows_the_last_hand_end_once_when_its_seat_has_not_played_since() -> None:
    state, _ = STATES["reveal"]  # hand 1 just ended, the next one not begun
    view = state.view
    assert view.finished and view.finished[-1].match == view.match
    assert missed_end(replace(view, moves=())) == 1
    assert missed_end(replace(view, moves=(Play(Seat.ONE, Tile(3, 5), End.LEFT),))) == 0  # played on since
    assert missed_end(replace(view, phase=Phase.MATCH_OVER)) == 0  # the match's end says it all
    from doublenine.client import config
    config.update(lambda now: replace(now, ends_seen=()))  # no hand end of this table closed by an earlier test
    scene = table_scene(replace(state, view=replace(view, moves=())), Ui(), "en", SIZE)
    assert scene._sync(scene.state, scene.ui).seen_finished == len(view.finished)  # a new window: nothing missed
    scene.session.reopened = True  # a window opened again at its seat (NetSession: a rejoin)
    scene.ui = scene._sync(scene.state, scene.ui)  # its first view arrived (TableScene.update)
    assert scene.ui.seen_finished == len(view.finished) - 1 and scene.layout().panel.kind == "reveal"


def test_last_user_s16_f7_a_hand_end_closed_before_is_not_shown_again_by_a_reopened_window() -> None:
    """Last user s16 F7: "Hand N is over" came back at every return to the table (Back to your match, a window
    closed and opened again), once over a friend's turn: the window could not know it had been closed. Closing
    it is remembered per table (config.ends_seen); a reopened window shows only a hand end it never closed."""
    from doublenine.client import config

    state, _ = STATES["reveal"]
    view = replace(state.view, moves=())
    last = view.finished[-1]
    config.update(lambda now: replace(now, ends_seen=()))  # no hand end of this table closed by an earlier test
    scene = table_scene(replace(state, view=view), Ui(), "en", SIZE)
    scene.session.reopened = True
    assert config.end_seen(config.load(), state.table) is None
    assert scene._sync(scene.state, Ui()).seen_finished == len(view.finished) - 1  # never closed: shown once
    scene.ui = replace(scene._sync(scene.state, Ui()), seen_finished=len(view.finished))  # the player closes it
    scene._remember_end_seen()
    assert config.end_seen(config.load(), state.table) == (last.match, last.number)
    again = table_scene(replace(state, view=view), Ui(), "en", SIZE)  # the window opened again at its seat
    again.session.reopened = True
    assert again._sync(again.state, Ui()).seen_finished == len(view.finished)  # not shown again
    saved = config.see_end(config.load(), "ABCDE", 2, 3)
    assert (config.end_seen(saved, "ABCDE"), config.end_seen(config.see_end(saved, "not a code", 1, 1), "ABCDE"),
            config.end_seen(replace(saved, ends_seen=("ABCDE 0 3",)), "ABCDE")) == ((2, 3), (2, 3), None)
