"""New user s11 (F-undo-after-win): on the "Team A wins the match!" panel one click on Undo (pt "Desfazer")
reopened the won match, with no question, while Restart asks first. D6 lets Undo reach back across the move
that ended the match (R27: the player's last decision and the computers' answers after it), so Undo stays
offered there; kind: a control that silently throws away what the player sees as done (as Restart, s9 item
3). It now asks first, as Restart does; the other players are asked too where seated (D1, the server's
consent for any undo)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
import pytest

from doublenine.client.art import Art
from doublenine.client.footer import HELP_PROMPT_TAB
from doublenine.client.input import Viewport
from doublenine.client.scenes.table import KEY_GUARD, TableScene
from doublenine.client.sound import Sounds
from doublenine.client.text import say, tr
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

from client_helpers import session_at

SIZE = (800, 600)
SCORES_BEFORE_HAND_4 = (0, 70)
"""Seed 7: team B had 70 before the hand that took it to 171 (D6: undoing its last move takes its score back)."""


def _won(lang: str = "en"):  # type: ignore[no-untyped-def]
    """Seat 1's window on the match's end (seed 7: 0-171 after hand 4), its last hand's end read."""
    session = session_at(lambda s: s.phase is Phase.MATCH_OVER, seed=7)
    session._refresh()
    scene = TableScene(session, lang, Art(), sounds=Sounds(muted=True), motion=False)
    scene.ui = replace(scene.ui, seen_finished=len(session.state.view.finished))
    scene.resize(Viewport(SIZE, SIZE))
    scene.update(100.0)
    scene.draw(pygame.Surface(SIZE))
    assert scene.layout().panel.kind == "match_over"
    return scene, session


def _click(scene: TableScene, bid: str) -> None:
    lay = scene.layout()
    x, y, w, h = next(b.rect for b in (*lay.buttons, *(lay.panel.buttons if lay.panel else ())) if b.id == bid)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))


def _key(scene: TableScene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=0, unicode=""))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, scancode=0, mod=0, unicode=""))


@pytest.mark.parametrize("lang, title, enter", [
    ("en", "Reopen the finished match?", "Tab: another button · Enter: Keep the result"),
    ("fr", "Rouvrir la partie terminée\u00a0?", "Tab\u00a0: autre bouton · Entrée\u00a0: Garder le résultat"),
    ("pt", "Reabrir a partida terminada?", "Tab: outro botão · Enter: Manter o resultado"),
    ("de", "Die beendete Partie wieder öffnen?", "Tab: andere Schaltfläche · Enter: Ergebnis behalten"),
    ("es", "¿Reabrir la partida terminada?", "Tab: otro botón · Enter: Mantener el resultado"),
])
def test_d6_undo_on_a_won_match_asks_first_and_escape_keeps_the_result(lang: str, title: str, enter: str) -> None:
    scene, session = _won(lang)
    _click(scene, "undo")
    panel = scene.layout().panel
    assert (panel.kind, tr(lang, panel.title[0]), [b.id for b in panel.buttons]) == \
        ("confirm", title, ["confirm:undo_end", "confirm_no"])
    # s11 round 2 item 9: the gold default (Enter) keeps the result, as the host's Leave question does
    assert [b.primary for b in panel.buttons] == [False, True]
    assert scene.layout().help == (enter,) == (tr(lang, HELP_PROMPT_TAB, action=tr(lang, "Keep the result")),)
    assert [say(lang, t, a) for t, a in panel.body] == [tr(lang, "Undo takes back your last play and what followed "
                                                        "it: the match is no longer won and its last hand goes on. "
                                                        "Redo puts it back.")]
    assert session.log.state.phase is Phase.MATCH_OVER  # nothing happened yet
    scene.draw(pygame.Surface(SIZE))
    scene.update(100.0 + KEY_GUARD + 0.1)
    _key(scene, pygame.K_ESCAPE)
    assert scene.layout().panel.kind == "match_over" and session.log.state.scores == (0, 171)


def test_d6_enter_keeps_the_result_and_a_click_on_undo_reopens_it() -> None:
    """New user s11 round 2 item 9: Enter on "Reopen the finished match?" reopened it (the gold Undo)."""
    scene, session = _won()
    scene.update(100.0 + KEY_GUARD + 0.1)  # the match's end read
    _key(scene, pygame.K_u)  # the key asks as the button does
    assert scene.ui.confirm == ("undo_end", 1, 4) and session.log.state.phase is Phase.MATCH_OVER
    scene.update(102.0)
    scene.draw(pygame.Surface(SIZE))
    scene.update(102.0 + KEY_GUARD + 0.1)
    _key(scene, pygame.K_RETURN)  # the safe default: the result kept
    assert scene.ui.confirm is None and session.log.state.scores == (0, 171)
    assert scene.layout().panel.kind == "match_over"
    scene.draw(pygame.Surface(SIZE))
    scene.update(102.5 + KEY_GUARD + 0.1)
    _key(scene, pygame.K_u)
    assert scene.ui.confirm == ("undo_end", 1, 4)
    scene.update(103.0)
    scene.draw(pygame.Surface(SIZE))
    scene.update(103.0 + KEY_GUARD + 0.1)
    _click(scene, "confirm:undo_end")
    state = session.log.state
    assert (state.phase, state.hand_number, state.scores) == (Phase.PLAY, 4, SCORES_BEFORE_HAND_4)
    assert scene.ui.confirm is None


def test_d1_the_question_says_the_others_are_asked_where_other_humans_sit() -> None:
    scene, session = _won()
    session.state = replace(session.state, humans=frozenset({Seat.ONE, Seat.THREE}))
    _click(scene, "undo")
    assert [t for t, _ in scene.layout().panel.body][1:] == ["The other players at the table are asked first."]
