"""New user s9 item 3 (R28): Restart, next to Undo, reset the hand at one click and Undo could not bring it
back; one misclick lost the hand. Kind: a control that cannot be taken back acting at one click. Restart now
asks first, in the player's language (a click on Restart restarts; Enter, Esc or "Keep playing" keeps the
hand: new user s11 round 2 item 9, the safe choice is the default); the question goes when its hand is
over. New match acts at once: it is offered only once the match is over."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from doublenine.client.art import Art
from doublenine.client.footer import HELP_PROMPT_TAB
from doublenine.client.scenes.table import KEY_GUARD, TableScene
from doublenine.client.sound import Sounds
from doublenine.client.text import tr
from doublenine.shared.moves import Play
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

from client_helpers import session_at

SIZE = (1280, 800)


def _played_twice(state) -> bool:  # type: ignore[no-untyped-def]
    """Seat 1 has played twice in the hand and it is its turn again (R28: a restart loses those moves)."""
    return state.phase is Phase.PLAY and state.hand.turn is Seat.ONE and \
        sum(1 for e in state.hand.line if e.seat is Seat.ONE) >= 2


def _scene(lang: str = "en", now: float = 100.0) -> tuple[TableScene, object]:
    session = session_at(_played_twice, seed=11)
    session._refresh()  # type: ignore[attr-defined]
    scene = TableScene(session, lang, Art(), sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.update(now)
    scene.draw(pygame.Surface(SIZE))
    return scene, session


def _click(scene: TableScene, rect) -> None:  # type: ignore[no-untyped-def]
    x, y, w, h = rect
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))


def _key(scene: TableScene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=0, unicode=""))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, scancode=0, mod=0, unicode=""))


def _line(session) -> int:  # type: ignore[no-untyped-def]
    return len(session.log.state.hand.line)


def _restart_button(scene: TableScene):  # type: ignore[no-untyped-def]
    return next(b for b in scene.layout().buttons if b.id == "restart")


@pytest.mark.parametrize("lang, title, enter", [
    ("en", "Restart this hand?", "Tab: another button · Enter: Keep playing"),
    ("fr", "Recommencer cette manche\u00a0?", "Tab\u00a0: autre bouton · Entrée\u00a0: Continuer à jouer"),
    ("pt", "Recomeçar esta mão?", "Tab: outro botão · Enter: Continuar jogando"),
    ("de", "Diese Runde neu starten?", "Tab: andere Schaltfläche · Enter: Weiterspielen"),
    ("es", "¿Reiniciar esta mano?", "Tab: otro botón · Enter: Seguir jugando"),
])
def test_r28_restart_asks_first_and_escape_keeps_the_hand(lang: str, title: str, enter: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    scene, session = _scene(lang)
    before = _line(session)
    assert before >= 2
    _click(scene, _restart_button(scene).rect)
    panel = scene.layout().panel
    assert panel is not None and panel.kind == "confirm" and tr(lang, panel.title[0]) == title
    # the gold default is the one that loses nothing (s11 round 2 item 9)
    assert [(b.id, b.primary) for b in panel.buttons] == [("confirm:restart", False), ("confirm_no", True)]
    assert scene.layout().help == (enter,) == (tr(lang, HELP_PROMPT_TAB, action=tr(lang, "Keep playing")),)
    assert _line(session) == before  # nothing happened yet
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / f"confirm-{lang}.png"))
    scene.update(100.0 + KEY_GUARD + 0.1)
    _key(scene, pygame.K_ESCAPE)
    assert scene.layout().panel is None and _line(session) == before  # kept


def _asked(scene: TableScene, at: float) -> None:
    """Restart clicked; the question drawn at ``at`` and read until past :data:`KEY_GUARD`."""
    _click(scene, _restart_button(scene).rect)
    scene.update(at)
    scene.draw(pygame.Surface(SIZE))
    scene.update(at + KEY_GUARD + 0.1)


def test_r28_the_keep_playing_button_and_enter_keep_the_hand_and_a_click_restarts() -> None:
    scene, session = _scene()
    before, deal = _line(session), session.log.state.deal
    _asked(scene, 101.0)
    _click(scene, next(b for b in scene.layout().panel.buttons if b.id == "confirm_no").rect)
    assert scene.layout().panel is None and _line(session) == before
    scene.draw(pygame.Surface(SIZE))  # a frame without the question, as the window draws
    _click(scene, _restart_button(scene).rect)
    scene.update(102.0)
    scene.draw(pygame.Surface(SIZE))
    _key(scene, pygame.K_RETURN)  # at once: meant for the hand, not for the new question (N5)
    assert _line(session) == before and scene.layout().panel.kind == "confirm"
    scene.update(102.0 + KEY_GUARD + 0.1)
    _key(scene, pygame.K_RETURN)  # s11 round 2 item 9: Enter keeps the hand, as Esc does
    assert scene.layout().panel is None and _line(session) == before and scene.ui.confirm is None
    scene.draw(pygame.Surface(SIZE))
    _asked(scene, 103.0)
    _click(scene, next(b for b in scene.layout().panel.buttons if b.id == "confirm:restart").rect)
    state = session.log.state
    # R28: the same deal from its start: only the opener (seat 4, a computer) has led again
    assert (state.phase, state.deal, [m.seat for m in state.hand.moves]) == (Phase.PLAY, deal, [Seat.FOUR])
    assert scene.ui.confirm is None


def test_r28_a_question_outlived_by_its_hand_is_not_asked_later() -> None:
    from doublenine.shared.rules import legal_decisions, to_act

    scene, session = _scene()
    _click(scene, _restart_button(scene).rect)
    assert scene.ui.confirm == ("restart", 1, session.log.state.hand_number)
    number = session.log.state.hand_number
    while session.log.state.hand_number == number and session.log.state.phase is Phase.PLAY:  # played on
        if Seat.ONE in to_act(session.log.state):
            session.decide(legal_decisions(session.log.state, Seat.ONE)[0])
        else:
            session.run_computers(limit=1)
    session._refresh()  # type: ignore[attr-defined]
    scene.update(200.0)
    assert scene.ui.confirm is None and (scene.layout().panel is None or scene.layout().panel.kind != "confirm")


def _said_body(scene: TableScene, lang: str) -> str:
    from doublenine.client.text import say
    return " ".join(say(lang, t, a) for t, a in scene.layout().panel.body)


def test_s9_the_question_says_a_loss_only_when_there_is_one() -> None:
    """Session 9, new user 2 (finding 9): "the moves made in it are lost" was said before any move. Kind:
    a loss told without looking whether there is one; now the plays and passes it takes back, counted."""
    scene, session = _scene()
    moves = session.log.state.hand.moves
    passes = sum(1 for m in moves if not isinstance(m, Play))
    assert (len(moves) - passes, passes) == (9, 0)  # seed 11: seat 1's third turn comes after 9 plays
    _click(scene, _restart_button(scene).rect)
    assert _said_body(scene, "en") == \
        "The hand starts again from the same deal, taking back 9 plays: this cannot be undone."
    fresh = session_at(lambda s: s.phase is Phase.PLAY and not s.hand.moves and s.hand.turn is Seat.ONE, seed=11)
    fresh._refresh()  # type: ignore[attr-defined]
    scene = TableScene(fresh, "en", Art(), sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.update(100.0)
    scene.draw(pygame.Surface(SIZE))
    _click(scene, _restart_button(scene).rect)
    assert _said_body(scene, "en") == "The hand starts again from the same deal. Nothing has been played in it yet."
    assert _said_body(scene, "fr") == "La manche reprend depuis la même donne. Rien n’y a encore été joué."
