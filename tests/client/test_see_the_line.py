"""s13 hand end: "Hand N is over" covered the line of play for good once the final line's 1.6 s
(pacing.END_BEAT) had passed. Its "See the line" (a button Tab reaches, and the V key the footer names)
puts the panel aside: the table shows that hand's final line and the tiles as they ended, under a small
card whose "Show the result" (Enter, V) brings the panel back. Kind: a panel covering the line for good."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import StubSession, hand_played_out

from doublenine.client.art import Art
from doublenine.client.input import Viewport
from doublenine.client.pacing import looked
from doublenine.client.scenes.table import TableScene
from doublenine.client.snake import overlaps
from doublenine.client.sound import Sounds
from doublenine.client.uistate import Ui

SIZES = ((800, 600), (1280, 800), (1920, 1080))


@pytest.fixture(scope="module")
def ended():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return hand_played_out()


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=0, unicode="")


def at_hand_end(ended, size: tuple[int, int], lang: str = "en") -> TableScene:  # type: ignore[no-untyped-def]
    during, after = ended
    session = StubSession(during)
    scene = TableScene(session, lang, Art(), sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport(size, size))
    scene.update(0.0)
    session.set(after)
    for t in (0.1, 1.0, 2.0, 3.0, 5.0, 10.0):
        scene.update(t)
    scene.draw(pygame.Surface(size))
    scene.update(11.0)
    return scene


@pytest.mark.parametrize("size", SIZES)
def test_v_shows_the_final_line_and_enter_brings_the_result_back(ended, size) -> None:  # type: ignore[no-untyped-def]
    scene = at_hand_end(ended, size)
    lay = scene.layout()
    assert lay.panel is not None and lay.panel.kind == "reveal"
    assert [b.id for b in lay.panel.buttons] == ["continue", "coach", "look"]
    assert lay.help == ("Tab: another button · Enter: Continue · V: see the line",)
    fh = ended[1].view.finished[0]
    assert len(lay.line.spots) == 0  # the next deal: nothing of the ended line under the panel
    scene.handle(key(pygame.K_v))
    scene.update(12.0)
    scene.draw(pygame.Surface(size))
    lay = scene.layout()
    assert scene.ui.looking == 0
    assert lay.panel is not None and lay.panel.kind == "looking" and lay.panel.modal
    assert [b.id for b in lay.panel.buttons] == ["unlook"]
    assert lay.help == ("Enter or V: Show the result",)
    assert len(lay.line.spots) == len(fh.line) == 37
    assert [s.rect for s in lay.line.spots if overlaps(s.rect, lay.panel.rect)] == []  # the card hides no tile
    assert {b.id: b.enabled for b in lay.buttons}["restart"] is False  # a finished hand is not restarted
    assert scene.shown().view.counts == tuple(len(t) for t in fh.left) == (1, 1, 1, 0)
    scene.update(13.0)
    scene.handle(key(pygame.K_RETURN))
    scene.update(14.0)
    assert scene.ui.looking is None and scene.layout().panel.kind == "reveal"
    scene.draw(pygame.Surface(size))
    scene.update(15.0)
    scene.handle(key(pygame.K_v))
    scene.update(16.0)
    scene.draw(pygame.Surface(size))
    scene.update(17.0)  # the card seen for more than scenes.table.KEY_GUARD
    assert scene.ui.looking == 0
    scene.handle(key(pygame.K_v))  # V again: back as well
    assert scene.ui.looking is None and scene.layout().panel.kind == "reveal"


def test_tab_reaches_see_the_line_and_a_click_does_the_same(ended) -> None:  # type: ignore[no-untyped-def]
    scene = at_hand_end(ended, (1280, 800))
    scene.handle(key(pygame.K_TAB))
    scene.handle(key(pygame.K_TAB))
    assert scene.ui.button == "look"
    assert scene.layout().help == ("Tab: another button · Enter: See the line · V: see the line",)
    scene.handle(key(pygame.K_RETURN))
    assert scene.ui.looking == 0 and scene.layout().panel.kind == "looking"
    scene.update(12.0)
    scene.draw(pygame.Surface((1280, 800)))
    scene.update(13.0)
    x, y, w, h = scene.layout().panel.buttons[0].rect
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
    assert scene.ui.looking is None and scene.layout().panel.kind == "reveal"


def test_looking_holds_only_for_the_hand_end_shown(ended) -> None:  # type: ignore[no-untyped-def]
    during, after = ended
    assert looked(after, Ui(seen_finished=0, looking=0)).view.line == after.view.finished[0].line
    assert looked(after, Ui(seen_finished=1, looking=0)) is None  # continued from
    assert looked(after, Ui(seen_finished=0)) is None
    assert looked(replace(after, connection="lost"), Ui(seen_finished=0, looking=0)) is None
    assert looked(during, Ui(seen_finished=0, looking=0)) is None  # no hand ended yet


def test_the_words_are_translated(ended) -> None:  # type: ignore[no-untyped-def]
    scene = at_hand_end(ended, (800, 600), "fr")
    assert scene.layout().help == ("Tab\u00a0: autre bouton · Entrée\u00a0: Continuer · V\u00a0: voir la ligne",)
    scene.handle(key(pygame.K_v))
    assert scene.layout().help == ("Entrée ou V\u00a0: Voir le résultat",)


def test_s13_see_the_line_keeps_the_score_after_the_hand(ended) -> None:  # type: ignore[no-untyped-def]
    """s13 player F14: the top bar read "Team B 33 +33" over the result and "Team B 0" after V."""
    scene = at_hand_end(ended, (800, 600))
    fh = ended[1].view.finished[0]
    assert (fh.scores_before, fh.scores_after) == ((0, 0), (0, 26))
    assert scene.shown().view.scores == (0, 26)
    scene.handle(key(pygame.K_v))
    scene.update(12.0)
    assert scene.ui.looking == 0 and scene.layout().panel.kind == "looking"
    assert scene.shown().view.scores == (0, 26)
    assert looked(ended[1], Ui(seen_finished=0, looking=0)).view.scores == (0, 26)
