"""New user s11 item 13 (F-ledger-small): the match-end panel named the winners but never told the player
whether THEIR team won, and had no Ledger button (the ledger was in the top bar only); the ledger said
"team B leads the first hand" in lower case while everything else says "Team B"; the score chart's hand
axis had no label. Kind fixed for the lower case: every English message naming a team as "team {team}"."""
from __future__ import annotations

import os
from dataclasses import fields, replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from doublenine.client.input import button
from doublenine.client.layout import compute_layout
from doublenine.client.overlays.ledger import LedgerOverlay
from doublenine.client.overlays.panel import Text
from doublenine.client.text import say
from doublenine.client.typeset import watch
from doublenine.shared.views import SpectatorView


def _panel(state, ui, lang: str = "en"):  # type: ignore[no-untyped-def]
    lay = compute_layout(state, ui, (1280, 800), lang)
    assert lay.panel is not None and lay.panel.kind == "match_over"
    return lay, lay.panel


@pytest.mark.parametrize("lang, said", [("en", "Your team lost the match"), ("fr", "Votre équipe a perdu la partie"),
                                        ("de", "Ihr Team hat die Partie verloren")])
def test_r19_the_match_end_tells_a_losing_seat_its_team_lost(match_over, lang: str, said: str) -> None:  # type: ignore[no-untyped-def]
    state, ui = match_over
    assert state.view.winner.value == "B" and state.view.seat.team.value == "A"  # seed 2026: seat 1 loses
    _, panel = _panel(state, ui, lang)
    assert [say(lang, *line) for line in panel.lines][1] == said


def test_r19_the_match_end_tells_a_winning_seat_its_team_won(match_over) -> None:  # type: ignore[no-untyped-def]
    state, ui = match_over
    won = replace(state, view=replace(state.view, winner=state.view.seat.team))
    _, panel = _panel(won, ui)
    assert [say("en", *line) for line in panel.lines][:2] == ["You and Ñandú", "Your team won the match"]


def test_a_spectator_is_told_only_who_won(match_over) -> None:  # type: ignore[no-untyped-def]
    state, ui = match_over
    public = SpectatorView(**{f.name: getattr(state.view, f.name) for f in fields(SpectatorView)})
    lay, panel = _panel(replace(state, view=public), ui)
    assert [say("en", *line) for line in panel.lines] == ["Zoë and Brontë",
                                                           "Final score: Team A {a}, Team B {b}".format(
                                                               a=public.scores[0], b=public.scores[1]),
                                                           *[say("en", *line) for line in panel.lines[2:]]]
    assert [b.id for b in panel.buttons] == ["ledger", "leave"]


def test_the_match_end_has_a_ledger_button_that_opens_the_ledger(match_over) -> None:  # type: ignore[no-untyped-def]
    state, ui = match_over
    lay, panel = _panel(state, ui)
    assert [b.id for b in panel.buttons] == ["new_match", "ledger", "leave"]
    action = button("ledger", lay, state, ui)
    assert action.ui.overlay == "ledger" and action.command == "ledger"


def test_the_ledger_says_team_with_a_capital(match_over) -> None:  # type: ignore[no-untyped-def]
    state, _ = match_over
    ledger = LedgerOverlay(state.view, "en", pygame.Rect(0, 0, 900, 600))
    texts = [i.text for i in ledger.items(900) if isinstance(i, Text)]
    assert "Team A leads the first hand" in texts or "Team B leads the first hand" in texts
    assert not [t for t in texts if "team A" in t or "team B" in t]
    hands = [t for t in texts if "scores" in t]
    assert hands and all(" · Team " in t for t in hands), hands


@pytest.mark.parametrize("lang, word", [("en", "hand"), ("fr", "manche"), ("pt", "mão"), ("de", "Runde"),
                                        ("es", "mano")])
def test_the_score_charts_hand_axis_is_labelled(match_over, lang: str, word: str) -> None:  # type: ignore[no-untyped-def]
    state, _ = match_over
    ledger = LedgerOverlay(state.view, lang, pygame.Rect(0, 0, 900, 600))
    with watch() as seen:
        for item in ledger.items(900):
            if hasattr(item, "paint"):
                item.paint(pygame.Surface((900, 400)), item.rect)
    assert [d.text for d in seen].count(word) == 1


def test_r19_attacker_s16_f7_a_seat_taken_after_the_match_ended_is_not_told_your_team_lost(match_over) -> None:  # type: ignore[no-untyped-def]
    """attacker s16 F7: a person who sat down at seat 1 once the match was over (``SeatW.sat_after`` = the
    match's last hand) was told "Your team lost the match" for a match the computer played there. Kind: the
    match-end panel spoke to the seat's present holder about every hand of the match (:func:`panels.played_match`)."""
    from doublenine.client.panels import last_hand
    state, ui = match_over
    view = state.view
    last = last_hand(view)
    assert last == max(fh.number for fh in view.finished if fh.match == view.match) and last >= 1
    late = replace(state, sat_after=((view.match, last), None, None, None))
    _, panel = _panel(late, ui)
    said = [say("en", *line) for line in panel.lines]
    assert said[:2] == ["Zoë and Brontë", "Final score: Team A {a}, Team B {b}".format(a=view.scores[0],
                                                                                     b=view.scores[1])]
    assert not [t for t in said if "Your team" in t or t.startswith("You and")]
    # sat down after the first hand: a part of the match was theirs, the team's result is said as before
    early = replace(state, sat_after=((view.match, 1), None, None, None))
    assert [say("en", *line) for line in _panel(early, ui)[1].lines][1] == "Your team lost the match"
    # on the winning side: the winners named as who played them, the computer at the newcomer's seat
    won = replace(late, view=replace(view, winner=view.seat.team))
    assert [say("en", *line) for line in _panel(won, ui)[1].lines][0] == \
        "the computer in {me}'s seat and Ñandú".format(me=state.names[0])
