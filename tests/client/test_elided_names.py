"""Kind: an elided label losing its meaningful suffix. A long name in one's own seat card was cut with
the "(you)" marker after it: "Jürgen Groß é @ è (…" at 1280x800 in French (new user s10 item 3). The
name is what gets cut (typeset ``only``), the words around it are kept: the plate's and the hand end's
"you" badge (since session 10's attacker, a badge beside the name, no longer words), the tracker's "has no 3 5", the wait card's "for 1:23", a button's "Nudge" around a name."""
from __future__ import annotations

import re

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import drawn, table_scene

from doublenine.client.text import say, tr
from doublenine.client.typeset import ELLIPSIS, Typeface, watch

LANGS = ("en", "fr", "pt", "de", "es")
SIZES = ((800, 600), (1280, 800), (1920, 1080))
LONG = "Jürgen Groß é @ è"
"""The reported name (at 1280x800 it does not fit the own plate with its marker)."""
LONGER = "Maximiliano Alejandro de la Santísima Trinidad"


def test_the_case_the_own_plate_keeps_vous_at_1280x800(states) -> None:  # type: ignore[no-untyped-def]
    """Now a badge beside the name (render.draw_name; attacker, session 10: "(you)" as words could be typed):
    the name is cut to leave it room, the badge never."""
    state, ui = states["draw-mine"]
    scene = table_scene(replace(state, names=(LONG,) + state.names[1:]), ui, "fr", (1280, 800))
    seen = drawn(scene, (1280, 800))
    assert [d.shown for d in seen if d.text == LONG] == ["Jürgen Groß…"]
    assert [(d.shown, d.shortened) for d in seen if d.text == "vous"] == [("vous", False)]


def test_only_the_part_given_is_cut() -> None:
    face = Typeface()
    pygame.font.init()
    width = face.measure("Jürgen Groß (vous)", 18, True)[0] + 4
    with watch() as seen:
        face.draw(f"{LONG} (vous)", 18, bold=True, width=width, only=LONG)
        face.draw(f"{LONG} (vous)", 18, bold=True, width=width)  # as before: cut at the end
        face.draw(f"{LONG} (vous)", 18, bold=True, width=5, only=LONG)  # not even the marker fits: cut as any
    assert seen[0].shown.endswith(f"{ELLIPSIS} (vous)") and seen[0].shown.startswith("Jürgen Gr")
    assert not seen[1].shown.endswith("(vous)")
    assert seen[2].shown == ELLIPSIS


@pytest.mark.parametrize("size", SIZES, ids=str)
@pytest.mark.parametrize("lang", LANGS)
def test_every_own_plate_and_hand_end_row_keeps_the_marker(states, lang, size) -> None:  # type: ignore[no-untyped-def]
    badge = tr(lang, "you")
    old = tr(lang, "{name} (you)", name="")
    for name in ("draw-mine", "own-turn", "reveal"):
        state, ui = states[name]
        for who in (LONG, LONGER):
            scene = table_scene(replace(state, names=(who,) + state.names[1:]), ui, lang, size)
            seen = drawn(scene, size)
            badges = [d for d in seen if d.text == badge]
            # the hand end's sum names the opponents in a sentence (panels.SCORES_SUM, no badge there), wrapped
            # into rows since 7fff5d7 (render.text_rows): a row of it is part of that sentence, never a name alone
            panel = scene.layout().panel
            sums = [say(lang, t, a) for t, a in (panel.lines if panel is not None else ()) if " + " in say(lang, t, a)]
            names = [d for d in seen if who in d.text and not (d.text != who and any(d.text in t for t in sums))]
            rows = [d for d in names if d.text.startswith("↓ ")]  # the hand end's row names it too
            # one badge by each drawing of the name (the hand end draws the plates again over its shade)
            assert len(badges) == len(names) == (3 if name == "reveal" else 1) and len(rows) == (name == "reveal"), \
                (name, who, [d.text for d in names])
            assert not [d for d in seen if d.text.endswith(old)]  # never the words "(you)" after a name
            for d in badges:
                assert d.shown == badge and not d.shortened, (d.shown, size)
            for d in names:
                assert d.width is not None and d.drawn_width <= d.width, (d.shown, size)


@pytest.mark.parametrize("lang", LANGS)
def test_the_tracker_keeps_the_numbers_a_long_named_seat_lacks(states, lang) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["own-turn"]
    state = replace(state, tracker=True, names=state.names[:3] + (LONGER,))
    scene = table_scene(state, ui, lang, (800, 600), "tracker")
    recap = re.compile(re.escape(LONGER) + r" \d-\d")  # the "Last moves" rows (render._recap): "… 1-5"
    lines = [d for d in drawn(scene, (800, 600)) if d.text.startswith(LONGER) and d.text != LONGER
             and not recap.fullmatch(d.text)]
    assert len(lines) == 1, [d.text for d in lines]
    tail = lines[0].text[len(LONGER):]  # " has no 2" (or ": no pass yet"), translated
    if lang == "en":
        assert lines[0].shown == "Maximiliano Alejandro de la… has no 2"
    assert lines[0].shown.endswith(ELLIPSIS + tail) and lines[0].shortened, (lines[0].text, lines[0].shown)


def test_the_wait_card_keeps_the_time_after_a_long_name(states) -> None:  # type: ignore[no-untyped-def]
    from scenes_catalog import waiting_state
    state, ui = states["own-turn"]
    state = waiting_state(replace(state, names=state.names[:2] + (LONGER,) + state.names[3:]), "wait")
    scene = table_scene(state, ui, "en", (800, 600), waited=True)
    shown = [d for d in drawn(scene, (800, 600)) if d.text.startswith(f"Waiting for {LONGER}")]
    assert [d.text for d in shown] == [f"Waiting for {LONGER} for 1:15"]
    assert shown[0].shown.startswith("Waiting for Maximiliano") and shown[0].shown.endswith(f"{ELLIPSIS} for 1:15")
