"""Kind: a name the window draws identical to another seat's (attacker, session 10). Two seats named in
scripts DejaVu Sans lacks (cuneiform, Hangul jamo) both drew as one "�" on the plates, in the chat,
the hand end ("Domino! � played their last tile"), the ledger and the mute chips. The window shows
such a name as the seat's own default name (client/seatnames.py), in every place that names a seat."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.chat import chip_label
from doublenine.client.chatdraw import line_text
from doublenine.client.overlays.ledger import seat_label
from doublenine.client.scenes.kept import players_text
from doublenine.client.seatnames import drawn, unreadable, window_seat_name
from doublenine.client.store import seat_name
from doublenine.shared import protocol as p
from doublenine.shared.i18n import translator
from doublenine.shared.seats import Seat

CUNEIFORM = "\U00012000\U00012001"
JAMO = "\u1100\u1100\u1100"
NAMES = ("Ana", CUNEIFORM, JAMO, "Jos\u00e9")


@pytest.fixture(scope="module")
def state():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    st = {n: s for n, s, _ in table_states()}["own-turn"]
    return replace(st, names=NAMES)


def test_the_reported_names_draw_as_one_mark_each(state) -> None:  # type: ignore[no-untyped-def]
    assert [drawn(n) for n in NAMES] == ["Ana", "\ufffd", "\ufffd", "José"]
    assert [unreadable(n) for n in NAMES] == [False, True, True, False]


@pytest.mark.parametrize(("lang", "want"), [("en", ("East", "North")), ("fr", ("Est", "Nord")),
                                            ("pt", ("Leste", "Norte")), ("de", ("Ost", "Nord")),
                                            ("es", ("Este", "Norte"))])
def test_every_place_names_them_by_their_seat(state, lang: str, want: tuple[str, str]) -> None:  # type: ignore[no-untyped-def]
    assert [seat_name(state, s, lang) for s in Seat] == ["Ana", *want, "José"]
    assert [chip_label(state, f"{state.table}:{s}", lang) for s in (2, 3)] == list(want)
    lines = [p.ChatLineW(id=1, at=1.0, seat=2, name=CUNEIFORM, text="x"), p.ChatLineW(id=2, at=1.0, seat=3, name=JAMO, text="y")]
    assert [line_text(line, lang)[0] for line in lines] == list(want)
    assert [seat_label(translator(lang), NAMES, s) for s in (2, 3)] == list(want)
    assert players_text(lang, NAMES) == ", ".join(["Ana", *want, "José"])


def test_partly_drawable_names_drawn_alike_are_told_apart(state) -> None:  # type: ignore[no-untyped-def]
    alike = replace(state, names=("A\U00012000", "A\U00012001", "A\U00012000b", "Bo"))
    assert [seat_name(alike, s, "en") for s in Seat] == ["South", "East", "A\U00012000b", "Bo"]
    assert window_seat_name("en", 2, "A\U00012001") == "A\U00012001"  # alone it reads as "A�": kept
