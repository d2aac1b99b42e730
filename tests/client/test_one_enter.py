"""Enter does what the status line and the footer say, never a button the ring was left on (input.one_enter).

New user s12 round 2 F3 (serious): the Tab ring left on the speaker, 6 6 lifted 6-6, the status line said
"Enter: play it" and Enter pressed the speaker again; with the ring on Hint, 4 lifted 1-4 and Enter asked a
hint instead. Kind: two meanings of Enter on one screen, the one not said winning. The last thing chosen
wins: a tile lifted (by key or click) or a draw's pick drops the ring; a Tab after it puts the tile down
and the footer names the ringed button."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
from client_helpers import live_table

from doublenine.client.input import UiAction, chose, one_enter
from doublenine.client.intents import Decide
from doublenine.client.uistate import Ui
from doublenine.shared.moves import Play
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.tiles import Tile

pygame.display.init()
pygame.font.init()
SIZE = (800, 600)


def _key(scene, k: int, at: float) -> None:  # type: ignore[no-untyped-def]
    """One key down and up through the window (TableScene.handle), drawn before and after."""
    scene.update(at)
    scene.draw(pygame.Surface(SIZE))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=0, unicode=""))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, scancode=0, mod=0, unicode=""))
    scene.draw(pygame.Surface(SIZE))


def _my_turn(state) -> bool:  # type: ignore[no-untyped-def]
    return state.phase is Phase.PLAY and state.hand.turn is Seat.ONE and len(state.hand.line) >= 2


def _ring_to(scene, bid: str, at: float) -> None:  # type: ignore[no-untyped-def]
    for i in range(40):
        if scene.ui.button == bid:
            return
        _key(scene, pygame.K_TAB, at + i / 100)
    raise AssertionError(f"Tab never reached {bid}")


def _playable(scene):  # type: ignore[no-untyped-def]
    view = scene.shown().view
    plays = [m for m in view.legal_moves() if isinstance(m, Play)]
    return plays, sorted(view.hand)


def test_f3_a_tile_lifted_by_its_digit_with_the_ring_on_the_speaker_is_played_by_enter() -> None:
    scene, session = live_table(_my_turn, 11, SIZE)
    plays, hand = _playable(scene)
    assert plays, "seed 11 gives seat 1 a tile to play"
    _ring_to(scene, "sound", 101.0)
    tile = plays[0].tile
    _key(scene, pygame.K_1 + hand.index(tile) if hand.index(tile) < 9 else pygame.K_0, 102.0)
    assert scene.ui.selected == tile and scene.ui.button is None  # the ring is gone with the choice
    assert scene.layout().status[0][0] in ("Enter: play it · Esc: cancel",
                                         "Enter: play it at the lit end · L or R: the other end · Esc: cancel")
    line = len(session.log.state.hand.line)
    if scene.ui.end is None:
        _key(scene, pygame.K_l, 102.5)
    _key(scene, pygame.K_RETURN, 103.0)
    state = session.log.state
    assert len(state.hand.line) > line and tile not in scene.shown().view.hand  # played, the speaker untouched


def test_a_tab_after_the_choice_puts_the_tile_down_and_the_footer_names_the_ringed_button() -> None:
    scene, _ = live_table(_my_turn, 11, SIZE)
    plays, hand = _playable(scene)
    _key(scene, pygame.K_1 + hand.index(plays[0].tile), 101.0)
    assert scene.ui.selected == plays[0].tile
    _ring_to(scene, "hint", 102.0)
    assert scene.ui.selected is None
    # access s16 F7: the play keys that still act follow the ringed button's Enter
    assert " · ".join(scene.layout().help) == ("Tab: another button · Enter: Hint · 1-9, 0 or two pips: choose a tile"
                                               " · arrows: move · Esc: cancel · H hint · U undo · M sound · C chat"
                                               " · S settings")


def test_chose_is_a_new_tile_end_or_pick_only() -> None:
    a, b = Tile(1, 4), Tile(6, 6)
    assert chose(Ui(), Ui(selected=a)) is True
    assert chose(Ui(selected=a), Ui(selected=b)) is True
    assert chose(Ui(selected=a), Ui(selected=a)) is False
    assert chose(Ui(selected=a), Ui()) is False  # put down: nothing to play, the ring may stay
    assert chose(Ui(), Ui(draw_pick=3)) is True
    ringed = UiAction(Ui(button="sound", selected=a))
    assert one_enter(Ui(button="sound"), ringed).ui.button is None
    assert one_enter(Ui(button="sound", selected=a), ringed).ui.button == "sound"
    assert one_enter(Ui(button="sound"), UiAction(Ui(button="sound"), Decide(Play(Seat.ONE, a, None)))).ui.button \
        == "sound"  # type: ignore[arg-type]



def test_f8_a_hint_arriving_with_the_ring_on_hint_is_played_by_the_next_enter() -> None:
    """The second report: the ring on Hint, Enter asks the hint; the tile it lifts (the hint's answer,
    given here as the server gives it: ClientState.hint) is played by the next Enter, not Hint again."""
    scene, session = live_table(_my_turn, 11, SIZE)
    plays, _ = _playable(scene)
    _ring_to(scene, "hint", 101.0)
    session.state, session.changed = replace(session.state, hint=plays[-1]), True
    scene.update(102.0)
    assert (scene.ui.selected, scene.ui.from_hint, scene.ui.button) == (plays[-1].tile, True, None)
    line = len(session.log.state.hand.line)
    _key(scene, pygame.K_RETURN, 103.0)
    placed = [p.tile for p in session.log.state.hand.line]
    assert len(placed) > line and plays[-1].tile in placed[line:] and plays[-1].tile not in scene.shown().view.hand


def test_the_footer_names_another_parts_ringed_control_which_enter_presses() -> None:
    """The ring on Chat (another part's control, TableScene.others): the footer said "Enter: play"."""
    scene, _ = live_table(_my_turn, 11, SIZE)
    _ring_to(scene, "other:chat", 101.0)
    assert " · ".join(scene.layout().help) == "Tab: another button · Enter: Chat"
    _key(scene, pygame.K_RETURN, 102.0)
    assert scene.talk.cui.open
