"""Kind: a message inserted into a layout that moves other things (s13 item 2: a join error on the start
screen took the logo's place; the join screen's list lost rows when a refusal came).

Each screen that says a message keeps a place for it: with a short message, the longest failure of the
language, or none, every pixel outside that place is the same (the title, the tiles, the cards, the list,
the fields and buttons), and the message lies inside the place. Start and join screens, at 800x600,
1280x800 and 1920x1080, in the five languages.
"""
from __future__ import annotations

import pygame
import pytest
from scenes_catalog import longest_failure

from doublenine.client.art import Art
from doublenine.client.text import LANGUAGES, tr

SIZES = ((800, 600), (1280, 800), (1920, 1080))
SHORT = "Cannot reach 192.168.1.20:8765: check the address and the firewall"


def _outside_same(a: pygame.Surface, b: pygame.Surface, place: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """Pixels (a sample every 3 px) that differ between ``a`` and ``b`` outside ``place``."""
    box = pygame.Rect(place)
    w, h = a.get_size()
    return [(x, y) for y in range(0, h, 3) for x in range(0, w, 3)
            if not box.collidepoint(x, y) and a.get_at((x, y)) != b.get_at((x, y))]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_start_screen_says_a_message_in_its_place_and_moves_nothing(
        lang: str, size: tuple[int, int], art: Art) -> None:
    from doublenine.client.scenes.start import Form, draw_start, message_box, start_layout
    from doublenine.client.scenes.startform import QUIT_AGAIN
    frames = {}
    for key, message in (("none", ""), ("short", SHORT), ("quit", QUIT_AGAIN),
                         ("longest", longest_failure(lang).text(lang))):
        form = Form(name="José", lang=lang, seed="2026", server="ws://192.168.1.20:8765", table="K7QPA",
                    focus="name", message=message)
        frames[key] = pygame.Surface(size)
        draw_start(frames[key], art, form, size)
    lay = start_layout(size)
    place = message_box(size, lay)
    assert place[1] + place[3] <= min(lay["card_create"][1], lay["card_join"][1])
    for key in ("short", "quit", "longest"):
        assert _outside_same(frames["none"], frames[key], place) == [], (key, place)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_join_screen_says_a_message_in_its_place_and_moves_nothing(
        lang: str, size: tuple[int, int], art: Art) -> None:
    from doublenine.client.discovery import FoundTable
    from doublenine.client.scenes.lan_join import JoinForm, draw_join, join_layout
    tables = [FoundTable(f"Zoë {i}", "K7QPA", 2, f"192.168.1.{20 + i}", 8765, None, f"z{i}._doublenine._tcp")
              for i in range(12)]  # more than the list shows: it would lose rows to a message
    frames, lays = {}, {}
    for key, message in (("none", ""), ("short", tr(lang, SHORT)), ("longest", longest_failure(lang).text(lang))):
        frames[key] = pygame.Surface(size)
        draw_join(frames[key], art, JoinForm(invite="doublenine://192.168.1.20:8765/K7QPA", message=message),
                  tables, size, lang)
        lays[key] = join_layout(size, len(tables), message)
    place = lays["none"]["message"]
    for key in ("short", "longest"):
        assert lays[key] == lays["none"], key
        assert _outside_same(frames["none"], frames[key], place) == [], (key, place)


def test_s13_the_case_a_join_error_leaves_the_title_where_it_was(art: Art) -> None:
    """The reported case, 800x600 English: the title drawn at the same place, the message under it."""
    from doublenine.client.scenes.start import Form, draw_start, message_box, start_layout
    size = (800, 600)
    form = Form(name="José", lang="en", server="ws://192.168.1.20:8765", table="K7QPA", message=SHORT)
    frame = pygame.Surface(size)
    draw_start(frame, art, form, size)
    gold = [y for y in range(0, 130) if any(frame.get_at((x, y))[:3] == (244, 204, 96) for x in range(300, 500))]
    place = message_box(size, start_layout(size))
    assert place == (10, 51, 780, 75)
    assert gold and max(gold) < place[1]  # the gold title is above the message's place
