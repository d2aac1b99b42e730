"""A count shown with its noun (new user: "You hold 0 doubles"). Kind: a count of 0 or 1 shown with a plural
noun: none gets its own message ("You hold no doubles", "No mistakes", "no tiles", "full"), one the singular
in every language from one plural entry of the catalogs (two N_ strings gave English's rule everywhere)."""
from __future__ import annotations

import os
from dataclasses import replace
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from babel.messages.pofile import read_po
from scenes_catalog import table_states

from doublenine.client.layout import compute_layout
from doublenine.client.render import _seat_rows
from doublenine.client.text import say
from doublenine.shared.i18n import catalog_path, translator
from doublenine.shared.seats import Seat
from doublenine.shared.tiles import Tile

SIZE = (1280, 800)


@pytest.fixture(scope="module")
def states() -> dict:  # type: ignore[type-arg]
    return {name: (state, ui) for name, state, ui in table_states()}


def _review_line(states, doubles: int, lang: str) -> str:  # type: ignore[no-untyped-def]
    state, ui = states["review"]
    singles = [Tile(a, b) for a in range(10) for b in range(a + 1, 10)]
    hand = frozenset([Tile(i, i) for i in range(doubles)] + singles[:10 - doubles])
    shown = replace(state, view=replace(state.view, hand=hand))
    panel = compute_layout(shown, ui, SIZE, lang).panel
    assert panel is not None and panel.kind == "review"
    return say(lang, *panel.lines[0])


@pytest.mark.parametrize(("lang", "none", "one", "six"), [
    ("en", "You hold no doubles", "You hold 1 double", "You hold 6 doubles"),
    ("fr", "Vous n’avez aucun double", "Vous avez 1 double", "Vous avez 6 doubles"),
    ("pt", "Você não tem nenhuma carroça", "Você tem 1 carroça", "Você tem 6 carroças"),
    ("de", "Sie haben keinen Pasch", "Sie haben 1 Pasch", "Sie haben 6 Pasche"),
    ("es", "No tienes ningún doble", "Tienes 1 doble", "Tienes 6 dobles"),
])
def test_r10_the_review_counts_doubles_in_words(states, lang: str, none: str, one: str, six: str) -> None:  # type: ignore[no-untyped-def]
    assert [_review_line(states, n, lang) for n in (0, 1, 6)] == [none, one, six]


def test_the_hand_ends_points_are_one_plural_entry(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["reveal"]
    panel = compute_layout(state, ui, SIZE, "fr").panel
    assert panel is not None and panel.kind == "reveal"
    text, args = panel.lines[1]
    fh = state.view.finished[0]
    # s11 new user: the points are said with the sum they are (panels.SCORES_SUM), still one plural entry
    assert (fh.winner.value, fh.points) == ("B", 13)
    # s14 on purpose: José is this window's seat, said "vous" (kind: the reader's own seat by name)
    assert say("fr", text, args) == "L’équipe B marque 13 points\u00a0: 7\u00a0+\u00a06, ce qu’il vous reste, à vous et à Ñandú"
    assert say("fr", text, dict(args, count=1)) == "L’équipe B marque 1 point\u00a0: 7\u00a0+\u00a06, ce qu’il vous reste, à vous et à Ñandú"


def test_no_mistakes_in_the_coachs_review() -> None:
    from doublenine.client.overlays.review import layout_review
    from doublenine.client.overlays.text import Fonts
    pygame.font.init()
    fh = next(s for name, s, _ in table_states() if name == "reveal").view.finished[0]
    reply = SimpleNamespace(rows=(), threshold=2.0)
    for lang, said in (("en", "No mistakes"), ("fr", "Aucune erreur"), ("de", "Keine Fehler")):
        texts = [i.text for i in layout_review(fh, Seat.ONE, reply, 900, Fonts(), translator(lang))
                 if hasattr(i, "text")]
        assert said in texts and not any(t.startswith("0 ") for t in texts)


def test_a_seat_plate_with_no_tiles(states) -> None:  # type: ignore[no-untyped-def]
    state, _ = states["own-turn"]
    lay = compute_layout(state, states["own-turn"][1], SIZE)
    shown = replace(state, view=replace(state.view, counts=(0, 1, 2, 3)))
    rows = {spot.seat: _seat_rows(shown, spot, "fr")[0] for spot in lay.seats}
    assert rows[Seat.ONE] == "Équipe A · aucune pièce"
    assert rows[Seat.TWO] == "Équipe B · 1 pièce"
    assert rows[Seat.THREE] == "Équipe A · 2 pièces"


def test_the_web_pages_say_no_tiles_and_full() -> None:
    from doublenine.server.web.words import free_seats, script_words
    en, fr = script_words(translator("en")), script_words(translator("fr"))
    assert (en["tiles_0"], en["tiles_1"], en["tiles_2"]) == ("no tiles", "1 tile", "2 tiles")
    assert (fr["tiles_0"], fr["tiles_1"]) == ("aucune pièce", "1 pièce")
    assert [free_seats(translator("en"), n) for n in (0, 1, 3)] == ["full", "1 seat for a person", "3 seats for a person"]
    assert free_seats(translator("es"), 0) == "llena"


@pytest.mark.parametrize("lang", ["fr", "pt", "de", "es"])
def test_every_counted_message_of_the_template_is_plural_in_the_catalog(lang: str) -> None:
    """Kind: a counted message kept as two separate entries reads English's rule in every language."""
    root = os.path.dirname(catalog_path(lang))
    with open(os.path.join(root, "doublenine.pot"), "rb") as fh:
        template = read_po(fh)
    with open(catalog_path(lang), "rb") as fh:
        cat = read_po(fh, locale=lang)
    plural = [m.id[0] for m in template if m.id and isinstance(m.id, tuple)]
    assert "You hold {count} double" in plural and "Team {team} scores {count} point" in plural
    assert [i for i in plural if not isinstance(cat.get(i).id, tuple)] == []
    singles = {m.id for m in template if m.id and isinstance(m.id, str)}
    assert not {"You hold {count} doubles", "Team {team} scores {count} points"} & singles
