"""Review: only the failure card and the Restart question were sized by their wrapped rows; every other
prompt counted its lines (1.6 f each), so a German or Portuguese line that wrapped in two was squeezed
against the buttons, or the type shrank. Kind: a box sized by a count of texts instead of their rows.
Every prompt is now sized by panels._fit_text, and drawn at the window's size, every row of it.
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.panels import prompt_rows, rows_height
from doublenine.client.render import render
from doublenine.client.store import ClientState, ConsentPrompt, localized
from doublenine.client.text import say
from doublenine.client.typeset import measurer, watch
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat

LANGS = ("en", "fr", "de", "es", "pt")
PROMPTS = ("lobby", "nominate-or-review", "review", "consent", "consent-undo", "away", "asking", "refused",
           "match-over", "confirm-restart", "failure")


@pytest.fixture(scope="module")
def states() -> dict[str, tuple[ClientState, Ui]]:
    pygame.display.init()
    pygame.font.init()
    out = {name: (state, ui) for name, state, ui in table_states()}
    turn, ui = out["own-turn"]
    out["refused"] = (replace(turn, refused=("r1", Seat.TWO, "undo")), ui)
    out["consent-undo"] = (replace(turn, consent=(ConsentPrompt("r2", Seat.THREE, "undo"),)), ui)
    return out


def _texts(state: ClientState, panel, lang: str) -> list[str]:  # type: ignore[no-untyped-def]
    if panel.kind == "failure":
        return [state.failure.text(lang)]
    if panel.body:
        return [" ".join(say(lang, m, a) for m, a in panel.body)]
    return [say(lang, m, a) for m, a in panel.lines]


def test_the_german_lobby_is_as_tall_as_its_three_rows(states: dict[str, tuple[ClientState, Ui]]) -> None:
    state, ui = states["lobby"]
    shown = localized(state, "de")
    lay = compute_layout(shown, ui, (800, 600), "de")
    assert lay.panel is not None and lay.panel.kind == "lobby"
    rows = prompt_rows(measurer(), _texts(shown, lay.panel, "de"), lay.font, lay.panel.rect[2] - 2 * lay.font)
    assert rows == [["Geben Sie Ihren Freunden den Tischcode K7QPA"],
                    # one row since 10177f3 made the lobby prompt as wide as the invite card (panels.PROMPT_WIDE)
                    ["Oder jetzt beginnen: Der Computer übernimmt die freien Plätze"]]
    # 560 px wide as the invite card under it since 10177f3 (was 448: three rows, 152 px tall), two rows' height
    assert lay.panel.rect == (120, 211, 560, 133)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PROMPTS)
def test_every_prompt_holds_its_wrapped_rows_at_full_size(states: dict[str, tuple[ClientState, Ui]], name: str,
                                                          lang: str) -> None:
    state, ui = states[name]
    shown = localized(state, lang)
    lay = compute_layout(shown, ui, (800, 600), lang)
    panel = lay.panel
    assert panel is not None, name
    f = lay.font
    face = measurer()
    x, y, w, h = panel.rect
    rows = prompt_rows(face, _texts(shown, panel, lang), f, w - 2 * f)
    # the title, the rows, the buttons and the air between them, as render._panel places them; no taller
    needed = f // 2 + face.line_height(round(f * 1.35), True) + f // 3 + rows_height(face, rows, f) + f // 3 \
        + round(2.2 * f) + f + round(0.6 * f)
    assert h == needed, (name, lang, h, needed)
    with watch() as seen:
        render(pygame.Surface((800, 600)), lay, shown, ui, Art(), lang)
    drawn = {(d.text, d.size) for d in seen}
    for row in (r for text in rows for r in text):
        assert (row, f) in drawn, (name, lang, row)  # every row, at the window's type size
