"""The chat panel of a phrases-only table during a hand (new user s2 item 4, shots 08 and 09).

At 800x600 the disabled field's hint was cut to "Only phrases during…", and the phrase buttons jumped
about 18 px up when a tile was lifted (the instruction wrapped to two rows and the side panel ended
above it). Kind: a side panel sized from the status line's words of the moment; the field now names
the table's setting by its start-form name, "Phrases only"."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_scene, table_states

from doublenine.client.chat import free_text_allowed
from doublenine.client.text import tr
from doublenine.client.typeset import watch

STATES = {name: (state, ui) for name, state, ui in table_states()}


def _chat(name: str, lang: str, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    state, ui = STATES[name]
    scene = table_scene(replace(state, chat_rule="phrases_in_hand"), ui, lang, size)
    scene.talk.cui = replace(scene.talk.cui, open=True)
    scene._layout = None
    assert not free_text_allowed(scene.shown())
    return scene, scene.talk.chat_layout(scene.vp.pixels, scene.shown(), scene.layout())


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800)], ids=str)
def test_the_phrase_buttons_stay_still_when_a_tile_is_lifted(size) -> None:  # type: ignore[no-untyped-def]
    still, before = _chat("own-turn", "en", size)
    lifted, after = _chat("own-turn-lifted", "en", size)
    assert before.phrases and before.phrases == after.phrases and before.field == after.field
    if size == (800, 600):  # the reported case: the instruction wraps to two rows when a tile is lifted
        assert len(still.layout().status) == 1 and len(lifted.layout().status) == 2
        assert before.phrases[0][1][1] == 207 and before.field[1] == 380  # where the lifted ones were; unlifted were 18 px lower (225, 398)


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
def test_the_fields_hint_is_drawn_whole(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    scene, _ = _chat("own-turn", lang, size)
    with watch() as seen:
        scene.draw(pygame.Surface(size))
    hint = [d for d in seen if d.text == tr(lang, "Phrases only")]
    assert hint and not any(d.shortened for d in hint)
    assert tr("fr", "Phrases only") == "Phrases toutes faites"
