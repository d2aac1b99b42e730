"""textsize s17 item 3 (access s16): the French hand end cut "Zoë / Ordinateur" (Zoë's seat, the computer finishing her
hand) in its 11-type-size name column: shrunk from 14 to 13 px at 800x600, "Zoe / Ordin…" with a longer name. Kind:
a column sized in type units, not by what it holds. The column is as wide as the names it holds (panels.name_room),
up to 45 % of the row, and never narrower than before: 170 px at 800x600 in French (154 before)."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout, set_text_size
from doublenine.client.playedby import stretches
from doublenine.client.render import render
from doublenine.client.store import localized
from doublenine.client.typeset import watch

pygame.display.init()
pygame.font.init()
STATE, UI = next((state, ui) for name, state, ui in table_states() if name == "reveal")
NOBODY = stretches((), None)
ZOE = stretches((((0, 0, 0), "Zoë"), ((1, 1, 5), "")), None)  # the computer from her hand's fifth move on
SHARED = replace(STATE, played_by=(NOBODY, ZOE, NOBODY, NOBODY))


@pytest.mark.parametrize("lang", ["fr", "de", "es", "pt", "en"])
@pytest.mark.parametrize(("size", "percent"), [((800, 600), 100), ((1280, 800), 200), ((2560, 1440), 200)])
def test_the_rows_names_are_drawn_whole(lang: str, size: tuple[int, int], percent: int) -> None:
    set_text_size(percent)
    shown = localized(SHARED, lang)
    lay = compute_layout(shown, UI, size, lang)
    with watch() as seen:
        render(pygame.Surface(size), lay, shown, UI, Art(), lang)
    assert lay.panel is not None and " / " in lay.panel.rows[1].name
    names = [d for d in seen if d.text[:1] in "↓→↑←" and any(d.text.endswith(" " + r.name) for r in lay.panel.rows)]
    assert len(names) == 4 and all(not d.shortened and d.size == d.requested for d in names), names


def test_the_reported_case() -> None:
    shown = localized(SHARED, "fr")
    lay = compute_layout(shown, UI, (800, 600), "fr")
    assert lay.panel is not None
    assert (lay.panel.rows[1].name, lay.panel.rows[1].name_w) == ("Zoë / Ordinateur", 170)
    plain = compute_layout(localized(STATE, "fr"), UI, (800, 600), "fr")
    assert plain.panel is not None and plain.panel.rows[1].name_w == 154  # names of one person: as before
