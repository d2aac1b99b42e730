"""Issue 16.2, client side: any text from outside draws without raising, through the one text function.

Kind: text from outside (names, chat, pasted invites, paths) reaching the renderer. The font is called only
by client/typeset.py; that module's ``draw`` accepts any str.
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from client_helpers import my_turn_with_play, session_at
from fake_server import table_w
from hypothesis import given, settings
from hypothesis import strategies as st

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.overlays.ledger import LedgerOverlay
from doublenine.client.render import render
from doublenine.client.store import ClientState, localized, reduce
from doublenine.client.text import LANGUAGES
from doublenine.client.typeset import ELLIPSIS, MAX_CHARS, REPLACEMENT, Typeface, watch
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.convert import view_to_wire
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

CLIENT = Path(__file__).resolve().parents[2] / "client"
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=80)  # surrogates (Cs) included
"""Every code point, lone surrogates included (the default alphabet leaves them out)."""


@pytest.fixture(scope="module")
def face() -> Typeface:
    pygame.font.init()
    return Typeface()


@settings(max_examples=300, deadline=None)
@given(text=ANY_TEXT | st.sampled_from(["\x00", "\u200b", "\ufeff", "\u200d", "\u00ad", "A\x00B", "\ud800x"]),
       size=st.integers(1, 60), width=st.none() | st.integers(-5, 400), bold=st.booleans())
def test_draw_accepts_any_text(face: Typeface, text: str, size: int, width: int | None, bold: bool) -> None:
    surf = face.draw(text, size, (255, 255, 255), bold, width=width)
    assert isinstance(surf, pygame.Surface)
    shown = face.clean(text, bold)
    assert not any("\ud800" <= c <= "\udfff" or c == "\x00" for c in shown)
    assert face.measure(text, size, bold)[1] > 0
    assert all(isinstance(line, str) for line in face.wrap(text, size, max(1, width or 1), bold))


@pytest.mark.parametrize(("text", "shown"), [
    ("\u200b", ""), ("A\x00B", "AB"), ("\ufeffJosé\u00ad", "José"), ("\u200d", ""), ("Jose\u0301", "José"),
    ("a\ud800b", f"a{REPLACEMENT}b"), ("雪", REPLACEMENT), ("\ue000", REPLACEMENT), ("a\nb\tc", "a b c"),
])
def test_clean_drops_invisible_characters_and_marks_missing_glyphs(face: Typeface, text: str, shown: str) -> None:
    assert face.clean(text) == shown


def test_zero_width_text_draws_an_empty_surface(face: Typeface) -> None:
    surf = face.draw("\u200b", 18)
    assert surf.get_width() == 0 and surf.get_height() == face.measure("x", 18)[1]


def test_huge_text_is_cut_before_the_font_sees_it(face: Typeface) -> None:
    shown = face.clean("W" * 100_000)
    assert len(shown) == MAX_CHARS and shown.endswith(ELLIPSIS)
    with watch() as seen:
        face.draw("W" * 100_000, 14)
    assert seen[-1].shortened is True


def test_fitting_shrinks_to_the_floor_then_cuts_and_reports_it(face: Typeface) -> None:
    with watch() as seen:
        face.draw("Recommencer", 20, width=10_000)
        face.draw("Recommencer la partie maintenant", 20, width=120)
    assert (seen[0].size, seen[0].shortened) == (20, False)
    assert seen[1].size == 16 and seen[1].shortened is True and seen[1].drawn_width <= 120
    assert (seen[1].requested, seen[1].width) == (20, 120)


def _snapshot_with_names(names: tuple[str, str, str, str]) -> ClientState:
    """A snapshot frame as the network delivers it (msgpack bytes), seats named ``names``, reduced."""
    s = session_at(my_turn_with_play)
    table = table_w("ADDN2")
    for seat, name in zip(table["seats"], names):
        seat["name"] = name
    frame = p.pack({"type": "snapshot", "seq": 5, "view": view_to_wire(view_for(s.log.state, Seat.ONE)),
                    "table": table})
    return reduce(ClientState(), p.decode_server(frame))


@pytest.mark.parametrize("names", [("José", "\u200b", "A\x00B", "\ufeff"), ("\u200d", "\u00ad", "\u202eevil", "雪" * 32)])
def test_issue16_odd_names_at_a_table_draw_in_every_language(names: tuple[str, str, str, str]) -> None:
    """The window cleans a server's names on the way in (client/store.shown); the drawing must still cope
    with any string, so these names are put in the state as they are."""
    state = replace(_snapshot_with_names(("A", "B", "C", "D")), names=names)
    pygame.display.init()
    surface = pygame.Surface((800, 600))
    art = Art()
    for lang in LANGUAGES:
        shown = localized(state, lang)
        render(surface, compute_layout(shown, Ui(seen_finished=0), (800, 600), lang), shown,
               Ui(seen_finished=0), art, lang)
        ledger = LedgerOverlay(shown.view, lang, pygame.Rect(40, 40, 720, 520), names=shown.names)
        ledger.draw(surface)


def test_issue16_names_zero_width_and_nul_are_cleaned_on_the_way_in_and_drawn_if_they_get_there() -> None:
    """The two names of the issue pass the wire unchanged; the window cleans what a server sends it
    (client/store.shown: a stranger's server is untrusted), and the drawing still copes with them."""
    assert _snapshot_with_names(("José", "\u200b", "A\x00B", "Zoë")).names == ("José", "", "AB", "Zoë")
    assert _snapshot_with_names(("\u202eevil", "雪" * 40, "a\u0301\u0301\u0301", "\ufeff")).names == \
        ("evil", "雪" * 32, "\u00e1\u0301\u0301", "")
    state = replace(_snapshot_with_names(("A", "B", "C", "D")), names=("José", "\u200b", "A\x00B", "Zoë"))
    pygame.display.init()
    surface = pygame.Surface((800, 600))
    with watch() as seen:
        render(surface, compute_layout(state, Ui(seen_finished=0), (800, 600)), state, Ui(seen_finished=0), Art(),
               "en")
    assert any(d.text == "A\x00B" for d in seen)
    # a name that draws as nothing is its seat's default name (client/seatnames.py, attacker session 10)
    assert any(d.text == "East" for d in seen) and not any(d.text == "\u200b" for d in seen)


FONT_CALL = re.compile(r"\.render\(|\bFont\(|\.size\(|get_linesize|get_metrics|\bfreetype\b|\bSysFont\b")


def test_only_typeset_calls_the_font() -> None:
    offenders = []
    for path in sorted(CLIENT.rglob("*.py")):
        if path.name == "typeset.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if FONT_CALL.search(code):
                offenders.append(f"{path.relative_to(CLIENT)}:{n}: {line.strip()}")
    assert offenders == []
