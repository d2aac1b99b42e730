"""New user s10 item 7. (a) A new match's ledger showed the heading "Opening draw" with nothing under it
(before the match's draw, R3); like "Redeals" and "Finished hands" it now says there is none yet. (b) The
export's "Saved …json" toast lay over the ledger's redeals: with an overlay open the toast goes above the
overlay (over the dimmed top bar), else below it, never over its content. Kind: a message placed for the
table while another panel covers the table."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_scene

from doublenine.client.overlays.ledger import layout_ledger
from doublenine.client.overlays.text import Fonts
from doublenine.shared.i18n import translator
from doublenine.shared.ledger import ledger_from_view

SAVED = "Saved /home/ana/Documents/doublenine-V53H3-match-1-hand-1.json"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "No opening draw yet in this match."), ("fr", "Pas encore de tirage initial dans cette partie."),
    ("de", "In dieser Partie noch keine Auslosung."), ("es", "Todavía no hay sorteo inicial en esta partida."),
    ("pt", "Ainda não houve sorteio inicial nesta partida.")])
def test_a_match_before_its_draw_says_so_under_the_heading(states, lang, said) -> None:  # type: ignore[no-untyped-def]
    state, _ = states["lobby"]
    led = ledger_from_view(state.view)
    assert led.matches[-1].draws == ()
    texts = [i.text for i in layout_ledger(led, len(led.matches) - 1, 900, Fonts(), translator(lang))
             if hasattr(i, "text")]
    heading = texts.index(translator(lang).gettext("Opening draw"))
    assert texts[heading + 1] == said
    drawn, _ = states["reveal"]  # after the draw: the draw itself, not the sentence
    led = ledger_from_view(drawn.view)
    texts = [i.text for i in layout_ledger(led, 0, 900, Fonts(), translator(lang)) if hasattr(i, "text")]
    assert said not in texts


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=str)
@pytest.mark.parametrize("overlay", ["ledger", "rules"])
def test_the_toast_never_covers_an_open_overlay(states, size, overlay) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["reveal"]
    scene = table_scene(state, ui, "en", size)
    scene.ui = replace(scene.ui, overlay=overlay)
    scene._open_overlay(overlay)
    scene.toast, scene.toast_by = (SAVED, 10 ** 6), None
    rows, box, _ = scene._toast_box(size)
    assert rows == [SAVED]
    assert not scene.overlay.rect.colliderect(pygame.Rect(box)), (box, scene.overlay.rect)
    assert pygame.Rect(0, 0, *size).contains(pygame.Rect(box))
    scene.draw(pygame.Surface(size))
    if size == (1280, 800):  # the case: it lay over the redeals, now over the dimmed top bar
        assert box == (344, 9, 592, 38) and scene.overlay.rect.top == 57
