"""New user s11 (F-no-spectator-sign): a spectator watched an es table at 800x600 and the players' window
said nothing (the web page shows "{count} spectators"). The server's ``table`` frame carries the count
(``TableW.spectators``, sent again when a spectator comes or goes); the top bar says it while it is not 0."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from doublenine.client.art import Art
from doublenine.client.buttons import top_details
from doublenine.client.layout import compute_layout
from doublenine.client.render import render
from doublenine.client.typeset import watch


def _bar(state, ui, size: tuple[int, int], lang: str) -> list[str]:  # type: ignore[no-untyped-def]
    lay = compute_layout(state, ui, size, lang)
    with watch() as seen:
        render(pygame.Surface(size), lay, state, ui, Art(), lang)
    return [d.text for d in seen if "K7QPA" in d.text]


def test_nobody_watching_says_nothing_on_the_top_bar(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, _ = own_turn
    assert [t for t, _ in top_details(replace(state, spectators=0), "en")] == [
        "table K7QPA", f"hand {state.view.hand_number}", "to 100", "seeded"]


@pytest.mark.parametrize("count, said", [(1, "1 watching"), (3, "3 watching")])
def test_the_top_bar_says_how_many_watch(own_turn, count: int, said: str) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    state = replace(state, spectators=count)
    assert top_details(state, "en")[-2:] == [(said, 4), ("seeded", 3)]
    assert _bar(state, ui, (1280, 800), "en") == [f"table K7QPA · to 100 · hand 1 · seeded · {said}"]


BARS_800 = {"en": "table K7QPA · to 100 · hand 1 · seeded · 1 watching",
            "fr": "table K7QPA · à 100 pts · manche 1 · 1 spectateur",
            "pt": "mesa K7QPA · a 100 · mão 1 · 1 assistindo",
            "de": "Tisch K7QPA · bis 100 · Runde 1 · 1 schaut zu",
            "es": "mesa K7QPA · a 100 · mano 1 · 1 mirando"}
"""At 800x600 the count takes the seed's place (the ledger still says the seed); es is the reported case."""


@pytest.mark.parametrize("lang", sorted(BARS_800))
def test_at_800x600_the_count_is_kept_before_the_seed(own_turn, lang: str) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    assert _bar(replace(state, spectators=1), ui, (800, 600), lang) == [BARS_800[lang]]


def test_club_s14_the_top_bar_names_the_table_and_drops_the_name_first(own_turn) -> None:  # type: ignore[no-untyped-def]
    """Club s14 F1: a club's table is "Window table", not only K7QPA; the name is the bar's least needed detail."""
    state, ui = own_turn
    state = replace(state, spectators=0, table_name="Window table")
    assert top_details(state, "en")[-1] == ("Window table", 5)
    assert _bar(state, ui, (1280, 800), "en") == ["table K7QPA · to 100 · hand 1 · seeded · Window table"]
    small = _bar(state, ui, (800, 600), "de")
    assert small and all("Window table" not in row or "Tisch K7QPA" in row for row in small)
