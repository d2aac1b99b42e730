"""s13: a table hosted from a window and then no longer hosted kept offering Undo and Restart, though the
absent friends must agree and can never come back. Every control needing others' consent (D1: the top bar's
Undo, Redo, Restart; the match end's New match) is greyed with the reason where one of them cannot give it:
a friend away from a table nobody else can reach (``ClientState.others_return`` False), or one the computer
stands in for (D7: the server refuses ``CONSENT_UNAVAILABLE``). The reason is said under the pointer, on a
click and on the key."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import three_humans_scene

from doublenine.client.consentable import unanswerable, why_not
from doublenine.client.layout import compute_layout
from doublenine.client.render import sound_tip
from doublenine.client.store import ClientState
from doublenine.shared.seats import Seat
from doublenine.shared.seatstate import SeatState
from doublenine.shared.state import Phase

SIZE = (1280, 800)
HUMANS = frozenset({Seat.ONE, Seat.TWO, Seat.THREE})
NOT_HOSTED = "Bea and Carl must agree, and cannot come back: this table is not hosted for your friends now"


def _played_once(st) -> bool:  # type: ignore[no-untyped-def]
    """Seat 1 has a play to undo and it is seat 1's turn again."""
    return st.phase is Phase.PLAY and st.hand.turn is Seat.ONE and any(
        getattr(m, "tile", None) is not None and m.seat is Seat.ONE for m in st.hand.moves)


CANNOT = "{names} must agree, and cannot come back: this table is not hosted for your friends now"
STANDS = "{names} must agree, and the computer plays for them until they are back"


def _scene(monkeypatch, tmp_path, **changes):  # type: ignore[no-untyped-def]
    return three_humans_scene(monkeypatch, tmp_path, _played_once, "en", SIZE, False, humans=HUMANS, **changes)


def _top(scene) -> dict[str, bool]:  # type: ignore[no-untyped-def]
    return {b.id: b.enabled for b in scene.layout().buttons if b.id in ("undo", "redo", "restart")}


def test_an_unhosted_table_greys_undo_and_restart_and_says_why(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    scene, s, sent = _scene(monkeypatch, tmp_path, away=frozenset({Seat.TWO, Seat.THREE}), others_return=False)
    assert _top(scene) == {"undo": False, "redo": False, "restart": False}
    lay = scene.layout()
    undo = next(b for b in lay.buttons if b.id == "undo")
    assert undo.why == (CANNOT, {"_plural": CANNOT, "count": 2, "names": "Bea and Carl"})
    x, y, w, h = undo.rect
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 3, y + 3), rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.ui.hover == "undo"  # a greyed control that says why is pointed at
    surface = pygame.Surface(SIZE)
    assert sound_tip(surface, scene.layout(), scene.art, "en", scene.ui) is not None
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + 3, y + 3), button=1, touch=False))
    assert scene.toast is not None and scene.toast[0] == NOT_HOSTED and scene.toast_by == "undo"
    scene.toast = None
    scene.draw(surface)  # the away card drawn at 10 s: a key right after it is not meant for the table
    scene.update(20.0)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, scancode=0, mod=0, unicode="u"))
    assert scene.toast is not None and scene.toast[0] == NOT_HOSTED
    assert sent == []  # nothing asked of the server: no request that could never be granted


def test_at_a_hosted_table_an_away_friend_greys_undo_and_restart_until_back(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """League s17 F3: the server no longer asks (and waits on) a person not connected: it refuses the undo
    CONSENT_UNAVAILABLE until the friend is back, so the window greys it and says who (it asked before)."""
    scene, s, sent = _scene(monkeypatch, tmp_path, away=frozenset({Seat.TWO}))
    assert _top(scene) == {"undo": False, "redo": False, "restart": False}
    offline = "{names} must agree, and is not connected now"
    undo = next(b for b in scene.layout().buttons if b.id == "undo")
    assert undo.why == (offline, {"_plural": "{names} must agree, and are not connected now", "count": 1,
                                  "names": "Bea"})


def test_a_friend_the_computer_stands_in_for_greys_them_anywhere(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    states = (SeatState.PLAYER, SeatState.STAND_IN, SeatState.PLAYER, SeatState.COMPUTER)
    scene, s, sent = _scene(monkeypatch, tmp_path, seat_states=states)
    assert _top(scene) == {"undo": False, "redo": False, "restart": False}
    assert why_not(scene.session.state, "fr") == (STANDS, {"_plural": STANDS, "count": 1, "names": "Bea"})
    # where nobody can come back, "until they are back" is not said: the stood-in friend cannot come back
    unhosted = replace(scene.session.state, others_return=False)
    assert why_not(unhosted, "en") == (CANNOT, {"_plural": CANNOT, "count": 1, "names": "Bea"})


def test_the_match_end_greys_new_match_and_says_why_in_its_lines(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    scene, s, sent = _scene(monkeypatch, tmp_path, away=frozenset({Seat.TWO, Seat.THREE}), others_return=False)
    state: ClientState = scene.session.state
    over = replace(state, view=replace(state.view, phase=Phase.MATCH_OVER, winner=state.view.seat.team,
                                       scores=(104, 20)))
    panel = compute_layout(over, replace(scene.ui, seen_finished=len(over.view.finished)), SIZE).panel
    assert panel is not None and panel.kind == "match_over"
    new = next(b for b in panel.buttons if b.id == "new_match")
    said = (CANNOT, {"_plural": CANNOT, "count": 2, "names": "Bea and Carl"})
    assert unanswerable(over)[0] == (CANNOT, CANNOT) and (new.enabled, new.why) == (False, said)
    assert said in panel.lines
    assert ("The other players at the table are asked first.", {}) not in panel.lines


@pytest.mark.parametrize("others_return", [True, False])
def test_alone_with_computers_nothing_is_greyed(monkeypatch, tmp_path, others_return: bool) -> None:  # type: ignore[no-untyped-def]
    scene, s, sent = three_humans_scene(monkeypatch, tmp_path, _played_once, "en", SIZE, False,
                                        humans=frozenset({Seat.ONE}), others_return=others_return)
    assert _top(scene)["undo"] is True and unanswerable(scene.session.state) is None


def test_the_away_card_no_longer_says_the_match_waits_for_a_return(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    scene, s, sent = _scene(monkeypatch, tmp_path, away=frozenset({Seat.TWO}), others_return=False)
    panel = scene.layout().panel
    assert panel is not None and panel.kind == "away"
    assert panel.lines == (("{name} cannot come back: this table is not hosted for your friends now", {"name": "Bea"}),)
    hosted, _, _ = _scene(monkeypatch, tmp_path, away=frozenset({Seat.TWO}))
    assert hosted.layout().panel.lines == (("The match waits for {name} to come back", {"name": "Bea"}),
                                           ("In {time} you can let the computer play for {name}",
                                            {"time": "1:00", "name": "Bea"}))  # its minute to come back


def test_lastuser_s17_f14_the_unhosted_away_button_is_greyed_saying_when_it_can_act(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Lastuser s17 F14 (shots/47_host_back.png, 48_handover.png): back at a table no longer hosted, "Let the
    computer play for East" looked enabled at once, and pressing it was refused (HAND_OVER_TOO_SOON) for a
    minute. Kind: a control the server refuses for a while drawn enabled; it is greyed with the time left, as
    the wait card's Nudge is, and says why when pressed; nothing is sent."""
    from doublenine.client.panels import AWAY_GRACE, AWAY_HAND_OVER_IN
    scene, s, sent = _scene(monkeypatch, tmp_path, away=frozenset({Seat.TWO}), others_return=False)
    panel = scene.layout().panel
    assert [(b.id, b.label, b.enabled, b.args, b.why) for b in panel.buttons] == [
        ("handover:2", AWAY_HAND_OVER_IN, False, (("name", "Bea"), ("time", "1:00")),
         (AWAY_GRACE, {"time": "1:00", "name": "Bea"}))]
    assert panel.keys == ""  # no "Tab, then Enter" for a button that cannot act
    from doublenine.client.text import tr
    assert tr("fr", AWAY_HAND_OVER_IN, name="Bea", time="1:00") == "Laisser l’ordinateur jouer pour Bea dans 1:00"
    x, y, w, h = panel.buttons[0].rect
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + w // 2, y + h // 2)))
    assert sent == []


def test_nu_s14_the_footer_names_no_undo_or_redo_while_both_are_greyed(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """New user s14 (shots/59_handover.png): "U undo · Y redo" in the footer under a greyed Undo and Redo,
    the computer standing in for a friend who must agree. Kind: a footer key whose button is greyed."""
    states = (SeatState.PLAYER, SeatState.STAND_IN, SeatState.PLAYER, SeatState.COMPUTER)
    scene, s, sent = _scene(monkeypatch, tmp_path, seat_states=states)
    assert _top(scene) == {"undo": False, "redo": False, "restart": False}
    assert " · ".join(scene.layout().help) == ("1-9, 0 or two pips: choose a tile · arrows: move"
                                               " · H hint · M sound · C chat · S settings")
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, scancode=0, mod=0, unicode="u"))
    assert sent == []  # U still only says why (input.key), and sends nothing


def test_s16_f2_a_stood_in_friend_does_not_grey_new_match_at_the_match_end(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Organiser s16 F2 (Valéria's window, Xavi's seat handed over): "Xavi must agree, and the computer plays
    for them until they are back" greyed New match for good. At match over a new match undoes nothing: the
    server asks only the players present and the computer plays the seat on; undo still waits for Xavi."""
    states = (SeatState.PLAYER, SeatState.STAND_IN, SeatState.PLAYER, SeatState.COMPUTER)
    scene, s, sent = _scene(monkeypatch, tmp_path, seat_states=states)
    state: ClientState = scene.session.state
    over = replace(state, view=replace(state.view, phase=Phase.MATCH_OVER, winner=state.view.seat.team,
                                       scores=(115, 3)))
    panel = compute_layout(over, replace(scene.ui, seen_finished=len(over.view.finished)), SIZE).panel
    assert panel is not None and panel.kind == "match_over"
    new = next(b for b in panel.buttons if b.id == "new_match")
    assert (new.enabled, new.why) == (True, None)
    assert unanswerable(over, "new_match") is None
    assert unanswerable(over) == ((STANDS, STANDS), (Seat.TWO,))  # undo at the match's end reopens a hand
