"""A spectator's footer names the keys that act for it, as a seat's does (s14 left alone: it said only "You are
watching this table", while M, C, S, T, K and J acted and F1 named them). Kind: a footer naming none of the keys
that act on its screen; footer._watch_keys, in the five languages, each key it names acting here."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_scene, table_states

from doublenine.client import footer
from doublenine.client.footer import (HELP_COPY, HELP_MORE, HELP_SIT, HELP_TILES, KEYS_SIT, NEXT_HAND, WATCHING,
                                      key_help, keys_here, keys_section)
from doublenine.client.text import tr
from doublenine.shared.seats import Seat
from doublenine.shared.seatstate import SeatState

SIZE = (1280, 800)
LANGS = ("en", "fr", "pt", "de", "es")
STATES = {name: (state, ui) for name, state, ui in table_states()}


def _footer(scene) -> str:  # type: ignore[no-untyped-def]
    return " · ".join(scene.layout().help)


def test_the_reported_case_a_spectators_footer_names_m_c_s() -> None:
    state, ui = STATES["spectator"]
    scene = table_scene(state, ui, "en", SIZE)  # no tracker at this table, no link (a table on this computer)
    assert _footer(scene) == "You are watching this table · M sound · C chat · S settings"


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_a_spectator_can_use_is_named_where_it_acts(lang: str) -> None:
    state, _ = STATES["spectator"]
    free = replace(state, tracker=True, seat_states=(SeatState.PLAYER, SeatState.OPEN, SeatState.PLAYER,
                                                     SeatState.COMPUTER))
    said = key_help(free, None, "sit", lang, link=True)
    words = [tr(lang, k) for k in (WATCHING, HELP_SIT, *HELP_MORE, HELP_TILES, HELP_COPY)]
    assert said == " · ".join(words)
    if lang == "en":
        assert said == ("You are watching this table · J: take a free seat · M sound · C chat · S settings · "
                        "T tiles · K: copy the table's link")
    here = keys_here(free, sit=True, link=True)  # F1 names every one of them (J in its longer words, KEYS_SIT)
    listed = {b.text for b in keys_section(lang, here).blocks}
    assert set(said.split(" · ")[2:]) <= listed and tr(lang, KEYS_SIT) in listed
    assert key_help(replace(free, tracker=False), None, "table", lang) == " · ".join(words[:1] + words[2:5])
    later = replace(free, next_seat=Seat.TWO)  # a seat taken mid-hand: watching until the next deal
    assert key_help(later, None, "table", lang, link=True) == " · ".join([tr(lang, NEXT_HAND), *words[2:]])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
def test_the_spectators_footer_is_drawn_whole_in_the_room_kept_for_it(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.typeset import watch
    state, ui = STATES["spectator"]
    scene = table_scene(replace(state, tracker=True), ui, lang, size)
    scene._link_for = ((state.table, id(None)), True)  # as a table reached at a LAN or web address
    with watch() as seen:
        scene.draw(pygame.Surface(size))
    lay = scene.layout()
    assert " · ".join(lay.help) == " · ".join(tr(lang, k) for k in (WATCHING, *HELP_MORE, HELP_TILES, HELP_COPY))
    assert 1 <= len(lay.help) <= 2 and not any(d.shortened for d in seen)
    assert footer.footer_height(len(lay.help), lay.small) <= lay.help_rect[3]


def test_each_key_the_spectators_footer_names_acts() -> None:
    state, ui = STATES["spectator"]
    scene = table_scene(replace(state, tracker=True), ui, "en", SIZE)
    scene.draw(pygame.Surface(SIZE))
    named = [part.split(" ")[0].rstrip(":") for part in _footer(scene).split(" · ")[1:]]
    assert named == ["M", "C", "S", "T"]

    def press(k: int) -> None:
        scene._now += 1.0
        scene.draw(pygame.Surface(SIZE))
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        scene.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))

    muted = scene.sounds.muted
    press(pygame.K_m)
    assert scene.sounds.muted is not muted or scene.ui.no_sound  # toggled, or said why it cannot
    press(pygame.K_t)
    assert scene.tracker.open or scene.tracker_note is not None
    press(pygame.K_c)
    assert scene.talk.cui.open and scene.talk.cui.focused
    press(pygame.K_ESCAPE)
    press(pygame.K_ESCAPE)
    press(pygame.K_s)
    assert scene.settings is not None
