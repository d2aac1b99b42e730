"""s13: the top bar was laid out for the scores of the moment and without the "+NN" plate of a hand's end:
when a score reached 100 the bar took a second row (the whole table moved down: 1280x800, Spanish, a LAN
table, 47 px then 51), and a "+46" left the details less room than planned. Kind: a row of items measured
without its widest content. The bar is laid out once for three-digit scores and a "+88" plate
(buttons.WIDEST_SCORES, WIDEST_GAINS): its rows, its height and its buttons stay the same all match long,
and at 800x600 and up, in five languages, the scores with their plate end before the buttons and every
detail kept fits its room."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import hand_played_out

from doublenine.client.art import Art
from doublenine.client.buttons import score_width
from doublenine.client.layout import compute_layout
from doublenine.client.render import score_gains, top_bar_details
from doublenine.client.scenes.table import localized
from doublenine.client.uistate import Ui

LANGS = ("en", "fr", "pt", "de", "es")
SIZES = ((800, 600), (1024, 768), (1280, 800), (1920, 1080))
UI = Ui(seen_finished=0, seen_draw=(1, 1))
SCORES = (((0, 0), (0, 26)), ((54, 99), (100, 99)), ((142, 188), (188, 188)))
"""(before, after) the hand shown: +26, +46 to a three-digit score, +46 to 188-188."""
LONG = ("Maximiliana Wolff", "Bartholomew XVI", "Anastasia Quirke", "Christophorus")


@pytest.fixture(scope="module")
def ended():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return hand_played_out(LONG)[1]


def at(ended, lang: str, before, after, table: str, watching: int):  # type: ignore[no-untyped-def]
    fh = replace(ended.view.finished[0], scores_before=before, scores_after=after)
    return localized(replace(ended, view=replace(ended.view, finished=(fh,), scores=after), table=table,
                             spectators=watching), lang)


def test_the_reported_case_keeps_its_height_when_a_score_reaches_100(ended) -> None:  # type: ignore[no-untyped-def]
    heights = [compute_layout(at(ended, "es", b, a, "WWWWW", 0), UI, (1280, 800), "es").top_bar[3] for b, a in SCORES]
    assert heights == [51, 51, 51]  # before s13: 47, 51, 51


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_the_top_bar_holds_its_widest_content(ended, lang, size) -> None:  # type: ignore[no-untyped-def]
    art = Art()
    for table, watching in (("", 0), ("WWWWW", 12)):
        bars = []
        for before, after in SCORES:
            state = at(ended, lang, before, after, table, watching)
            lay = compute_layout(state, UI, size, lang)
            top = tuple(b.rect for b in lay.buttons if b.rect[1] < lay.top_bar[3])
            bars.append((lay.top_bar, lay.details, top))
            gains = score_gains(lay, state)
            assert sum(gains.values()) == after[0] + after[1] - before[0] - before[1]
            first_button = min(r[0] for r in top)
            # the scores with their plate, team names or (shortened) letters, end before the buttons
            letters = score_width(lang, lay.font, after, gains) - sum(
                art.type.measure(art_word, lay.font)[0] - art.type.measure(t, lay.font)[0]
                for t, art_word in (("A", _team(lang, "A")), ("B", _team(lang, "B"))))
            assert lay.score_rect[0] + min(letters, score_width(lang, lay.font, after, gains)) \
                <= first_button - lay.font // 2, (table, after)
            rows, room = top_bar_details(lay, state, art, lang)
            assert len(rows) == 1 and art.type.measure(rows[0], lay.small)[0] < room, (table, after, rows)
            if table:  # the code and the hand are never dropped (render._KEEP)
                assert "WWWWW" in rows[0] and "1" in rows[0]
        assert bars[0] == bars[1] == bars[2], (table, bars)


def _team(lang: str, team: str) -> str:
    from doublenine.client.text import tr
    return tr(lang, "Team {team}", team=team)
