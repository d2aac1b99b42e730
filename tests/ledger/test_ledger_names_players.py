"""Polish s12 item 2: the ledger named players only by a circled seat number (1..4) read against a legend
at the top ("1 Player 2 East 3 North 4 West"): deep in hand 5 one had to remember that 3 was North. The
start screen said "Seat 2 (right)", the table "East". Kind: a seat named by more than one scheme. Every row
of the ledger now names the player (a dot of their team's colour, then their name), and the start screen
names seats 2..4 by the names the table gives them, with their place."""
from __future__ import annotations

import pygame
import pytest
from ledger_matches import played_log

from doublenine.client.overlays.ledger import NAME_W, LedgerOverlay
from doublenine.client.overlays.panel import Custom, Text
from doublenine.client.overlays.text import Fonts
from doublenine.client.scenes.startform import SEAT_LABELS
from doublenine.shared.i18n import tr
from doublenine.shared.views import view_for

RECT = pygame.Rect(20, 20, 900, 640)
NAMES = ("José", "Zoë", "Ñandú", "Brontë")


@pytest.fixture(autouse=True)
def screen():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def _rows(o: LedgerOverlay) -> list[list[str]]:
    """The texts of the ledger's rows (items within 2 px of a row's top), each left to right."""
    items = sorted((i.y, i.x, i.text) for i in o.laid_out(o.body_rect().w) if isinstance(i, Text))
    rows: list[tuple[int, list[tuple[int, str]]]] = []
    for y, x, text in items:
        if rows and y - rows[-1][0] <= 2:
            rows[-1][1].append((x, text))
        else:
            rows.append((y, [(x, text)]))
    return [[t for _, t in sorted(r)] for _, r in rows]


def test_every_play_and_draw_names_its_player() -> None:
    view = view_for(played_log(3).state, 1)
    o = LedgerOverlay(view, "en", RECT, names=NAMES)
    o.select(0)
    texts = [i.text for i in o.laid_out(o.body_rect().w) if isinstance(i, Text)]
    assert not any(t in ("1", "2", "3", "4") for t in texts)  # no circled seat number any more
    rows = _rows(o)
    plays = rows.index(["Plays in order (◂ left end, ▸ right end):"])
    # hand 1's first row of plays: each by its player's name, the lead at no end (R15)
    assert rows[plays + 1] == ["José", "Zoë", "◂", "Ñandú", "◂", "Brontë", "◂", "José", "▸", "Zoë", "▸"]
    dealt = [r for r in rows if len(r) == 2 and r[0] in NAMES and r[1].endswith(("pip", "pips"))]
    assert [r[0] for r in dealt[:4]] == list(NAMES)  # the hands as dealt: by name, seat order
    assert ["Team A", "José", "Ñandú", "Team B", "Zoë", "Brontë"] in rows  # who plays with whom, at the top, by team (bc6696b)
    draw = next(r for r in rows if len(r) == 3 and r[:2] == ["José", "Zoë"])
    assert draw[2] in ("Team A leads the first hand", "Team B leads the first hand", "equal totals: drawn again")


def test_a_long_name_is_cut_to_its_column() -> None:
    view = view_for(played_log(3).state, 1)
    long = "Maximiliana Esperanza Villalobos"
    o = LedgerOverlay(view, "en", RECT, names=(long, *NAMES[1:]))
    o.select(0)
    shown = {i.text for i in o.laid_out(o.body_rect().w) if isinstance(i, Text) and i.text.startswith("Maxi")}
    assert len(shown) == 1
    (cut,) = shown
    assert cut.endswith("…") and Fonts().measure(cut, 14, True)[0] <= NAME_W


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ("East (right)", "North (partner)", "West (left)")),
    ("fr", ("Est (à droite)", "Nord (partenaire)", "Ouest (à gauche)")),
    ("pt", ("Leste (à direita)", "Norte (parceiro)", "Oeste (à esquerda)")),
    ("de", ("Ost (rechts)", "Nord (Partner)", "West (links)")),
    ("es", ("Este (derecha)", "Norte (compañero)", "Oeste (izquierda)"))])
def test_the_start_screen_names_seats_as_the_table_does(lang: str, said: tuple[str, ...]) -> None:
    assert tuple(tr(lang, s) for s in SEAT_LABELS) == said
    for seat, label in zip(("East", "North", "West"), said):
        assert label.startswith(tr(lang, seat) + " (")
