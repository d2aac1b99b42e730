"""D1 requests say what accepting does, are never answered by a reflex Enter nor hidden, and the asker
hears what became of its request (new user s9 item 1).

Ana's window said only "Bob asks to undo" (Accept / Refuse, footer "Enter: Accept") when accepting took
back her domino and her team's 34 points (D6); the request could wait under her Review overlay while
the footer already read "Enter: Accept"; Bob saw nothing when he asked nor when she refused.
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import StubSession
from scenes_catalog import coach_reply, table_scene

from doublenine.client.footer import HELP_OVERLAY, HELP_RULES
from doublenine.client.intents import Answer, Pause, Withdraw
from doublenine.client.layout import compute_layout
from doublenine.client.panels import CONSENT_KEYS
from doublenine.client.store import ConsentPrompt, reduce
from doublenine.client.text import say, tr
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat
from doublenine.shared.state import Result
from doublenine.shared.wire import EffectW

SIZE = (1280, 800)
_ENTER = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


@pytest.fixture(scope="module")
def ended():  # type: ignore[no-untyped-def]
    """Hand 1 over: Zoë (seat 2) went out, Team B scored 13 (seed 2026); this window is seat 1, José."""
    pygame.display.init()
    pygame.font.init()
    state, _ = coach_reply()
    fh = state.view.finished[0]
    assert (fh.result, fh.ender, fh.points, fh.winner.value) == (Result.DOMINO, Seat.TWO, 13, "B")
    return state


def _asked(state, effect=None, what="undo"):  # type: ignore[no-untyped-def]
    return replace(state, consent=(ConsentPrompt("7", Seat.TWO, what, effect),))


def _said(panel, lang: str = "en") -> list[str]:  # type: ignore[no-untyped-def]
    return [say(lang, panel.title[0], panel.title[1])] + [say(lang, m, a) for m, a in panel.lines]


def _scene(state):  # type: ignore[no-untyped-def]
    scene = table_scene(state, Ui(seen_finished=0), "en", SIZE)
    scene.session = StubSession(state)
    scene._now = 5.0
    scene.draw(pygame.Surface(SIZE))
    scene._now = 10.0  # the prompt has been up long enough (KEY_GUARD)
    return scene


def test_s9_an_undo_that_reopens_a_finished_hand_says_whose_domino_and_which_points(ended) -> None:  # type: ignore[no-untyped-def]
    state = _asked(ended, EffectW(moves=5, passes=1, hands=(1,), scores=(0, 0)))
    panel = compute_layout(state, Ui(seen_finished=0), SIZE).panel
    assert panel.kind == "consent"  # over the hand's end it is about, not under it
    assert _said(panel) == ["Zoë asks to undo",
                            "Accepting takes back 4 plays and 1 pass, back to Zoë's turn",
                            "Hand 1 reopens: Zoë's domino and Team B's 13 points are taken back",
                            "Score after: Team A 0, Team B 0"]
    assert _said(panel, "fr")[2] == ("La manche 1 reprend\u00a0: le domino de Zoë et les 13 points de l’équipe B "
                                     "sont annulés")
    one = compute_layout(_asked(ended, EffectW(moves=1, passes=0, hands=(), scores=(0, 13))), Ui(seen_finished=0), SIZE).panel
    assert _said(one)[1:] == ["Accepting takes back 1 play, back to Zoë's turn"]
    older = compute_layout(_asked(ended, EffectW(moves=1, hands=(), scores=(0, 13))), Ui(seen_finished=0), SIZE).panel
    assert _said(older)[1:] == ["Accepting takes back 1 play or pass, back to Zoë's turn"]  # no passes: an older server


@pytest.mark.parametrize("lang, said", [
    ("en", "Accepting takes back 3 passes, back to Zoë's turn"),
    ("fr", "Accepter annule 3 passes, jusqu’au tour de Zoë"),
    ("pt", "Aceitar desfaz 3 passes, até a vez de Zoë"),
    ("de", "Annehmen nimmt 3-mal Passen zurück, bis Zoë wieder am Zug ist"),
    ("es", "Aceptar deshace 3 pases, hasta el turno de Zoë")])
def test_s9_three_passes_are_three_passes(ended, lang: str, said: str) -> None:  # type: ignore[no-untyped-def]
    """Session 9, new user 2: "3 plays and passes" was said when all three were passes."""
    panel = compute_layout(_asked(ended, EffectW(moves=3, passes=3, hands=(), scores=(0, 13))), Ui(seen_finished=0),
                           SIZE, lang).panel
    assert _said(panel, lang)[1:] == [said]
    two = compute_layout(_asked(ended, EffectW(moves=3, passes=1, hands=(), scores=(0, 13)), "redo"),
                         Ui(seen_finished=0), SIZE).panel
    assert _said(two, "en")[1:] == ["Accepting puts back 2 plays and 1 pass"]


def test_s9_redo_restart_and_new_match_say_what_accepting_does(ended) -> None:  # type: ignore[no-untyped-def]
    redo = _asked(ended, EffectW(moves=5, passes=0, hands=(1,), scores=(0, 13)), "redo")
    assert _said(compute_layout(redo, Ui(seen_finished=1), SIZE).panel)[1:] == [
        "Accepting puts back 5 plays", "Hand 1 ends again", "Score after: Team A 0, Team B 13"]
    new = _asked(ended, None, "new_match")
    assert _said(compute_layout(new, Ui(seen_finished=1), SIZE).panel)[1:] == [
        "Accepting ends this match at Team A 0, Team B 13; the new one starts at 0 to 0"]
    old_server = _asked(ended, None, "undo")  # no effect sent: nothing made up
    assert _said(compute_layout(old_server, Ui(seen_finished=1), SIZE).panel) == ["Zoë asks to undo"]


def test_s9_enter_does_not_answer_a_request_and_the_footer_says_so(ended) -> None:  # type: ignore[no-untyped-def]
    state = _asked(ended, EffectW(moves=5, hands=(1,), scores=(0, 0)))
    scene = _scene(state)
    assert scene.layout().help == (tr("en", CONSENT_KEYS),)
    scene.handle(_ENTER)
    assert scene.session.sent == [] and scene.layout().panel.kind == "consent"
    yes = next(b for b in scene.layout().panel.buttons if b.id == "consent_yes:7")
    x, y, w, h = yes.rect
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
    assert scene.session.sent == [Answer("7", True)]


@pytest.mark.parametrize("overlay", ["rules", "ledger", "review"])
def test_s9_a_request_sets_aside_the_overlay_it_would_wait_under(ended, overlay: str) -> None:  # type: ignore[no-untyped-def]
    """The overlay steps aside for the request and comes back, as it was, once it is answered (review: it
    was closed for good, the Review or Ledger the player was reading gone without their action)."""
    scene = _scene(ended)
    if overlay == "review":
        scene._open_overlay("ledger")
        scene._open_review(1, 1)
    else:
        scene._open_overlay(overlay)
    what = "ledger" if overlay != "rules" else "rules"
    scene.ui = replace(scene.ui, overlay=what)
    reading, under = scene.overlay, scene._under
    # the rules take Tab too and say so (1530e7b: keys "overlay:rules", HELP_RULES); the ledger and a review not
    keys, said = ("overlay:rules", HELP_RULES) if overlay == "rules" else ("overlay", HELP_OVERLAY)
    assert (scene.keys(), scene.layout().help) == (keys, (tr("en", said),))
    assert scene.layout().help[0].startswith("Esc: close · arrows, Page Up, Page Down: scroll")
    sent = len(scene.session.sent)
    scene.session.set(_asked(ended, EffectW(moves=5, hands=(1,), scores=(0, 0))))
    scene.update(11.0)
    assert scene.overlay is None and scene.ui.overlay is None and scene.keys() == "table"
    assert scene.layout().panel.kind == "consent"
    scene.session.set(ended)  # answered (refused here: nothing changed)
    scene.update(12.0)
    assert scene.overlay is reading and scene._under is under and scene.ui.overlay == what
    assert scene.keys() == keys and scene.layout().panel.kind == "reveal"
    assert scene.session.sent[sent:] == [Pause(what, False), Pause(what, True)]  # R26: open again, as before


def test_an_overlay_the_player_opens_meanwhile_is_kept_and_the_set_aside_one_dropped(ended) -> None:  # type: ignore[no-untyped-def]
    scene = _scene(ended)
    scene._open_overlay("ledger")
    scene.ui = replace(scene.ui, overlay="ledger")
    scene.session.set(_asked(ended))
    scene.update(11.0)
    scene._open_overlay("rules")  # the player's own choice, while the request waits
    scene.ui = replace(scene.ui, overlay="rules")
    rules = scene.overlay
    scene.session.set(ended)
    scene.update(12.0)
    assert scene.overlay is rules and scene.ui.overlay == "rules"


def test_s9_the_asker_sees_who_it_waits_for_can_take_it_back_and_hears_the_refusal(ended) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.net import NetSession
    asking = replace(ended, asking="undo", asked_id="7", asked_of=(Seat.TWO,))
    scene = _scene(asking)
    panel = scene.layout().panel
    assert panel.kind == "asking" and _said(panel) == ["You asked to undo", "Waiting for Zoë to answer"]
    assert scene.layout().help == ("Waiting for the answer: Tab, then Enter, takes the request back",)  # s9 nu2: none
    scene.handle(_ENTER)  # Enter does not take it back
    assert scene.session.sent == []
    (back,) = panel.buttons
    x, y, w, h = back.rect
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
    assert scene.session.sent == [Withdraw("7")]
    wire = NetSession.encode(type("S", (), {"state": asking, "_prefix": "t", "_ids": iter(range(9))})(), Withdraw("7"))
    assert wire == p.CancelRequest(request_id=7)
    refused = reduce(replace(asking, asking=None, asked_of=()),
                     p.RequestClosed(request_id=7, action="undo", outcome="refused", seat=2))
    assert refused.refused == ("7", Seat.TWO, "undo")
    scene = _scene(refused)
    panel = scene.layout().panel
    assert _said(panel) == ["Zoë refused", "Your request to undo was refused: nothing changed"]
    assert scene.layout().help == ("Enter: OK",)
    scene.handle(_ENTER)
    assert scene.ui.seen_refusal == "7" and scene.layout().panel.kind == "reveal"  # back to the hand's end
    other = reduce(replace(asking, asked_id="8"), p.RequestClosed(request_id=7, action="undo", outcome="refused", seat=2))
    assert other.refused is None  # another seat's request refused is not this seat's news
