"""New user s11 (F-score-sum, F-pass-why): the hand end said "Team B scores 28 points" without 28 = 18 + 10
nor that the winners' own pips (West's 24) do not count (R18); a pass was a bare "passed" tag, never
which numbers the seat lacked (R15). Both are now said from what the view already holds."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.panels import reckoning
from doublenine.client.render import passed_said, render
from doublenine.client.text import say
from doublenine.client.typeset import watch
from doublenine.shared.moves import Pass
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import Result

PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


@pytest.fixture(scope="module")
def states() -> dict:  # type: ignore[type-arg]
    pygame.display.init()
    pygame.font.init()
    return {name: (state, ui) for name, state, ui in table_states()}


def _reported(states):  # type: ignore[no-untyped-def]
    """The reported hand: East went out, Team B scores Ana's 18 + Carla's 10; Dario's 24 do not count."""
    state, ui = states["reveal"]
    fh = replace(state.view.finished[-1], result=Result.DOMINO, ender=Seat.TWO, winner=Team.B, points=28,
                 pip_totals=(18, 0, 10, 24))
    view = replace(state.view, finished=(*state.view.finished[:-1], fh))
    return replace(state, view=view, names=PLAYERS), ui, fh


# seen from South, Ana's own seat: "you" (s14 wording, 8a9ee6a: the reader's own seat is never named)
@pytest.mark.parametrize("lang, said", [
    ("en", ["Team B scores 28 points: 18 + 10, what you and Carla hold",
            "Only the other team's tiles count"]),
    ("fr", ["L’équipe B marque 28 points : 18\u00a0+\u00a010, ce qu’il vous reste, à vous et à Carla",
            "Seules les pièces de l’équipe adverse comptent"]),
    ("de", ["Team B bekommt 28 Punkte: 18\u00a0+\u00a010, was Sie und Carla noch auf der Hand haben",
            "Nur die Steine des anderen Teams zählen"]),
])
def test_r18_the_points_are_said_as_the_sum_of_the_opponents_pips(states, lang: str, said: list[str]) -> None:  # type: ignore[no-untyped-def]
    state, _, fh = _reported(states)
    assert [say(lang, text, args) for text, args in reckoning(state, fh, Seat.ONE, lang)] == said


def test_r18_the_sum_follows_the_rows_from_the_viewer(states) -> None:  # type: ignore[no-untyped-def]
    """Seen from North (seat 3) the rows start at North: 10 + 18."""
    state, _, fh = _reported(states)
    text, args = reckoning(state, fh, Seat.THREE, "en")[0]
    assert say("en", text, args) == "Team B scores 28 points: 10 + 18, what Carla and Ana hold"


def test_r17_a_tie_has_no_sum(states) -> None:  # type: ignore[no-untyped-def]
    state, _, fh = _reported(states)
    tie = replace(fh, result=Result.TIE, ender=None, winner=None, points=0, pip_totals=(7, 12, 9, 7))
    assert reckoning(state, tie, Seat.ONE, "en") == []


def test_the_hand_end_panel_draws_the_sum_whole_at_800x600(states) -> None:  # type: ignore[no-untyped-def]
    state, ui, _ = _reported(states)
    for lang in ("en", "pt", "de"):
        lay = compute_layout(state, ui, (800, 600), lang)
        with watch() as seen:
            render(pygame.Surface((800, 600)), lay, state, ui, Art(), lang)
        # translator s17 F20: the sum's spaces are no-break ones outside English, so it is never split in two rows
        sums = [d for d in seen if ("18 + 10" if lang == "en" else "18\u00a0+\u00a010") in d.text]
        assert len(sums) == 1 and not sums[0].shortened, (lang, sums)


def _passed(states, ends: tuple[int, int]):  # type: ignore[no-untyped-def]
    state, _ = states["own-turn"]
    view = replace(state.view, ends=ends, moves=(*state.view.moves, Pass(Seat.FOUR)))
    return replace(state, view=view)


@pytest.mark.parametrize("lang, ends, said", [
    ("en", (8, 4), "passed: no 4 or 8"), ("en", (6, 6), "passed: no 6"),
    ("fr", (8, 4), "a passé : ni 4 ni 8"), ("pt", (8, 4), "passou: sem 4 nem 8"),
    ("de", (3, 3), "gepasst: keine 3"), ("es", (0, 9), "pasó: sin 0 ni 9"),
])
def test_r15_a_pass_says_the_numbers_the_seat_lacked(states, lang: str, ends: tuple[int, int], said: str) -> None:  # type: ignore[no-untyped-def]
    assert passed_said(_passed(states, ends), lang) == said


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
def test_the_pass_badge_is_drawn_whole_at_800x600(states, lang: str) -> None:  # type: ignore[no-untyped-def]
    state = _passed(states, (8, 4))
    ui = states["own-turn"][1]
    lay = compute_layout(state, ui, (800, 600), lang)
    with watch() as seen:
        render(pygame.Surface((800, 600)), lay, state, ui, Art(), lang)
    badges = [d for d in seen if d.text == passed_said(state, lang)]
    assert len(badges) == 1 and not badges[0].shortened and badges[0].size == badges[0].requested
