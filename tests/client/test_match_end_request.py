"""R19/R28 with D1 at a match's end (evening s16 F4, F5, F10; organiser s16 F3).

F4/F3: a `doublenine bot` partner asked for a new match the second the last hand ended; the request covered
that hand's end panel and its Continue, so neither player ever saw "Team A wins the match!", and its words
"Accepting ends this match at Team A 110, Team B 46" read as if the match were still running. F5: once
accepted, the match's end said nothing of the wait for Klaus, and New match did nothing. F10: a request
refused by another player vanished from the third player's window with no word."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
from scenes_catalog import table_states

from doublenine.client.layout import compute_layout
from doublenine.client.panels import consent_lines, refused_other_said
from doublenine.client.store import ConsentPrompt, reduce
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase, Team

pygame.display.init()
pygame.font.init()
SIZE = (1280, 800)
STATES = {name: (state, ui) for name, state, ui in table_states()}
NAMES = ("Joana", "Klaus", "Rui", "Greta")


def _over():  # type: ignore[no-untyped-def]
    """The catalog's finished match, as the evening's: Team A 110, Team B 46, Rui (seat 3) asking a new match."""
    state, _ = STATES["match-over"]
    view = replace(state.view, scores=(110, 46), winner=Team.A)
    assert view.phase is Phase.MATCH_OVER and view.finished
    return replace(state, view=view, names=NAMES, humans=frozenset({Seat.ONE, Seat.TWO}),
                   consent=(ConsentPrompt("r7", Seat.THREE, "new_match"),))


def test_f4_the_last_hands_end_comes_first_then_the_match_end_with_the_request_beside_it() -> None:
    state = _over()
    n = len(state.view.finished)
    lay = compute_layout(state, Ui(seen_finished=n - 1), SIZE, "en")
    assert lay.panel.kind == "reveal" and any(b.id == "continue" and b.enabled for b in lay.panel.buttons)
    lay = compute_layout(state, Ui(seen_finished=n), SIZE, "en")  # Continue pressed
    assert lay.panel.kind == "consent"
    assert lay.panel.lines == (("Team {team} won {won}-{lost}. Play another match?",
                                {"team": "A", "won": 110, "lost": 46}),)
    assert lay.beneath is not None and lay.beneath.kind == "match_over"  # "Team A wins the match!" in sight
    assert lay.beneath.title == ("Team {team} wins the match!", {"team": "A"})


def test_f4_a_match_given_up_before_its_end_keeps_the_ends_this_match_wording() -> None:
    state, _ = STATES["consent"]  # R28: asked during play
    assert consent_lines(state, state.consent[0], "en") == [
        ("Accepting ends this match at Team A {a}, Team B {b}; the new one starts at 0 to 0",
         {"a": state.view.scores[0], "b": state.view.scores[1]})]


def test_f5_after_accepting_the_match_end_says_who_is_still_awaited_and_new_match_is_greyed() -> None:
    state = replace(_over(), consent=(), accepted=("new_match", Seat.THREE, (Seat.TWO,)))
    lay = compute_layout(state, Ui(seen_finished=len(state.view.finished)), SIZE, "en")
    assert lay.panel.kind == "match_over"
    wait = ("Waiting for {names} to accept", {"_plural": "Waiting for {names} to accept", "count": 1, "names": "Klaus"})
    assert wait in lay.panel.lines
    new = next(b for b in lay.panel.buttons if b.id == "new_match")
    assert new.enabled is False and new.why == wait


def test_f5_accepted_comes_from_the_table_frame() -> None:
    state = replace(_over(), consent=())
    seat = {"kind": "human", "level": "easy", "claimed": True, "connected": True, "computer_plays": False}
    frame = p.SERVER_ADAPTER.validate_python({"type": "table", "table": {
        "code": "JYKT2", "seats": [{**seat, "seat": s, "name": NAMES[s - 1]} for s in (1, 2, 3, 4)],
        "seeded": False, "started": True, "paused": True,
        "request": {"id": 7, "action": "new_match", "by": 3, "waiting": [2], "accepted": [1, 4]}}})
    assert reduce(state, frame).accepted == ("new_match", Seat.THREE, (Seat.TWO,))


def test_f10_a_request_refused_by_another_player_is_said_to_the_third() -> None:
    state = replace(_over(), consent=())
    closed = p.RequestClosed(request_id=7, action="new_match", outcome="refused", seat=1, detail="")
    after = reduce(replace(state, view=replace(state.view, viewer=Seat.TWO)), closed)
    assert after.refused_other == ("7", Seat.ONE, "new_match")
    assert refused_other_said(after, "en") == "Joana refused the request to start a new match"
    assert refused_other_said(after, "de") == "Joana hat die Anfrage abgelehnt (eine neue Partie beginnen)"
    mine = reduce(state, closed)  # Joana's own refusal: nothing to tell her
    assert mine.refused_other is None
