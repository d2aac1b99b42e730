"""Issue 11.4: no text is cut or drawn below a readable size, in any scene or overlay, language or window size.

Kind: text too small or cut ("compu…", "le plus grand total e…", a squeezed "Recommencer"). Every
scene and overlay of tests/client/scenes_catalog.py is painted in all five languages at 800x600,
1280x800 and 1920x1080 (and 1000x700); the one text function (client/typeset.py) reports each draw with its box,
the size asked for and drawn, and whether characters were cut.
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import controls, painters, side_panel, table_scene, table_states, waiting_state

from doublenine.client.text import LANGUAGES
from doublenine.client.uistate import Ui
from doublenine.client.typeset import MIN_SIZE, watch

SIZES = ((800, 600), (1000, 700), (1280, 800), (1920, 1080))  # 1000x700: where "compu…" was seen


@pytest.fixture(scope="module")
def catalog() -> list:  # type: ignore[type-arg]
    pygame.display.init()
    pygame.font.init()
    return painters()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_issue11_no_text_is_cut_or_tiny(catalog: list, lang: str, size: tuple[int, int]) -> None:  # type: ignore[type-arg]
    surface = pygame.Surface(size)
    bad = []
    drawn = 0
    for name, paint in catalog:
        with watch() as seen:
            paint(surface, lang)
        drawn += len(seen)
        bad += [(name, d.text, d.requested, d.size, d.width, d.drawn_width) for d in seen
                if d.shortened or (d.size < MIN_SIZE and d.text.strip())]
    assert drawn > 40 * len(catalog) // 2  # the scenes really drew their text through typeset
    assert bad == []


def test_the_catalog_covers_every_scene_and_overlay(catalog: list) -> None:  # type: ignore[type-arg]
    names = {name for name, _ in catalog}
    assert {"overlay/rules", "overlay/ledger", "overlay/review", "overlay/review-waiting", "start", "start/failure-longest",
            "start/message", "settings", "settings/off", "join", "host/card", "host/ask",
            "host/ask-leave"} <= names
    assert {"table/draw-mine", "table/review", "table/own-turn-lifted", "table/reveal", "table/match-over",
            "table/lobby-free", "table/spectator", "table/failure", "table/failure-longest", "join/failure-longest", "table/consent", "table/away", "table/chat",
            "table/wait", "table/back", "table/nudged", "table/tracker", "table/tracker-spectator",
            "table/chat-sending", "table/chat-sending-spectator"} <= names


pygame.display.init()
pygame.font.init()
STATES = table_states()
_TURN = next(state for name, state, _ in STATES if name == "own-turn")
WAITS = [(f"wait-{mode}", waiting_state(_TURN, mode), Ui(seen_finished=0)) for mode in ("wait", "back", "nudged")]
SIDE_SIZES = SIZES + ((1059, 700), (1060, 700), (1096, 720), (1366, 768), (800, 1080), (1920, 600))
"""Also where the open side panel starts to share the window with the table (800 + its width), tall and wide."""


@pytest.mark.parametrize("size", SIDE_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_open_side_panel_covers_no_control(lang: str, size: tuple[int, int]) -> None:
    """Kind: a panel drawn over something clickable (at 800x600 the open chat lay over Redo..Leave,
    the Hint button and the right seat). Every table situation of the catalog, with the chat and
    then the tile tracker open: no control of the table (:func:`scenes_catalog.controls`) shares a
    pixel with the open panel, and the panel stays in the window with room for its contents."""
    covered = []
    opened = 0
    for name, state, ui in STATES + WAITS:
        for side in ("chat", "tracker"):
            shown = replace(state, tracker=True)  # the table allows the tracker: its button is a control too
            scene = table_scene(shown, ui, lang, size, side, waited=name.startswith("wait"))
            panel = side_panel(scene)
            if panel is None:
                continue
            opened += 1
            x, y, w, h = panel
            assert 0 <= x and x + w <= size[0] and 0 <= y and y + h <= size[1] and h >= size[1] // 2, (name, panel)
            covered += [(name, side, what, rect) for what, rect in controls(scene)
                        if pygame.Rect(rect).colliderect(pygame.Rect(panel))]
    assert opened >= len(STATES) + 10  # the chat over every situation, the tracker wherever a hand is played
    assert covered == []


@pytest.mark.parametrize("size", SIZES + ((1366, 768),), ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_prompt_runs_through_the_chat_or_tracker_button(size: tuple[int, int]) -> None:
    """Kind: a prompt's border drawn through a button (new user: the hand-end panel's gold border ran
    through the Chat button). In every situation, the closed chat's and tracker's buttons share no
    pixel with the prompt, its border included."""
    crossed = []
    for name, state, ui in STATES + WAITS:
        scene = table_scene(replace(state, tracker=True), ui, "en", size)
        lay = scene.layout()
        if lay.panel is None:
            continue
        border = pygame.Rect(lay.panel.rect).inflate(4, 4)
        crossed += [(name, what, rect) for what, rect in controls(scene)
                    if what in ("chat", "tracker") and border.colliderect(pygame.Rect(rect))]
    assert crossed == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_message_covers_no_control_nor_the_hand(lang: str, size: tuple[int, int]) -> None:
    """Kind: a short message drawn over the player's hand (new user: "Leave gives your seat up..." lay
    over the tiles). The longest table message, in every play situation, shares no pixel with the
    hand, a plate, a button or the chat and tracker buttons."""
    from doublenine.client.scenes.table import (LEAVE_BEFORE_START, LEAVE_NO_WAY_BACK, LEAVE_OTHERS_PLAY_ON,
                                                LEAVE_STOPS_HOSTING, TOAST_ROWS)
    from doublenine.client.text import tr
    covered, cut = [], []
    for text in (tr(lang, LEAVE_OTHERS_PLAY_ON), tr(lang, LEAVE_NO_WAY_BACK), tr(lang, LEAVE_STOPS_HOSTING),
                 tr(lang, LEAVE_BEFORE_START)):
        for name, state, ui in STATES + WAITS:
            scene = table_scene(replace(state, tracker=True), ui, lang, size, waited=name.startswith("wait"))
            if scene.layout().panel is not None and scene.layout().panel.modal:
                continue  # a modal prompt: the message is read over it, nothing under it is reachable anyway
            scene.toast = (text, 10.0)
            rows, rect, _ = scene._toast_box(size)
            box = pygame.Rect(rect)
            lay = scene.layout()
            things = controls(scene) + [(f"plate:{s.seat}", s.plate) for s in lay.seats]
            covered += [(name, what, rect) for what, rect in things if box.colliderect(pygame.Rect(rect))]
            if len(rows) > TOAST_ROWS or " ".join(rows) != text:  # every word said, none cut
                cut.append((name, rows))
    assert (covered, cut) == ([], [])


@pytest.mark.parametrize("screen", ("table/failure-longest", "join/failure-longest", "start/failure-longest"))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_failure_screen_shows_its_longest_message_whole(catalog: list, lang: str, size: tuple[int, int],  # type: ignore[type-arg]
                                                          screen: str) -> None:
    """Tester finding: the certificate failure's advice ended at "add it to the system's certificates,"
    (rows past the panel's third were left out, which no cut check saw); the start screen showed a
    refusal in two rows, the second cut. Every word of the longest failure message is drawn, in order,
    uncut and readable."""
    from scenes_catalog import longest_failure
    paint = dict(catalog)[screen]
    with watch() as seen:
        paint(pygame.Surface(size), lang)
    words = " ".join(d.text for d in seen if not d.shortened and d.size >= MIN_SIZE).split()
    wanted = longest_failure(lang).text(lang).split()
    assert any(words[i:i + len(wanted)] == wanted for i in range(len(words))), (lang, size)


@pytest.mark.parametrize("size", SIZES + ((1366, 768),), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_line_runs_under_a_control(lang: str, size: tuple[int, int]) -> None:
    """Kind: a text line and a control overlapping (new user at 800x600: "Click a lit end or the ghost
    tile to play, elsewhere to cance…" ran under the Tiles and Chat buttons, worse in Spanish and
    German). In every situation, the status line's rows as drawn (measured at the size drawn) and the
    key help share no pixel with any control, the chat and tracker buttons included."""
    from doublenine.client.typeset import measurer
    face = measurer()
    under = []
    drawn_any = False
    for name, state, ui in STATES + WAITS:
        scene = table_scene(replace(state, tracker=True), ui, lang, size, waited=name.startswith("wait"))
        lay = scene.layout()
        boxes = []
        for row, box in lay.status:
            tw, th = face.measure(row, lay.font, True)
            drawn = pygame.Rect(0, 0, min(tw, box[2]), th)
            drawn.center = pygame.Rect(box).center
            boxes.append((row, drawn))
        boxes.append(("help", pygame.Rect(lay.help_rect)))
        drawn_any = drawn_any or bool(lay.status)
        under += [(name, text, what, rect) for text, drawn in boxes for what, rect in controls(scene)
                  if drawn.colliderect(pygame.Rect(rect))]
    assert drawn_any
    assert under == []


@pytest.mark.parametrize("size", SIDE_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hand_end_tiles_keep_readable_pips_and_fit_their_rows(size: tuple[int, int]) -> None:
    """Kind: tiles drawn too small to read (new user: the hand-end panel's tiles were 11x20 px at
    800x600 with the chat open). With the table alone, the chat or the tracker open, every seat's
    remaining tile is at least REVEAL_MIN px wide, inside its seat's row, clear of the others; with a
    full hand (10 tiles) too, where the row wraps."""
    from doublenine.client.panels import REVEAL_MIN, reveal_tiles
    reveal = next((state, ui) for name, state, ui in STATES if name == "reveal")
    checked = 0
    for side in ("", "chat", "tracker"):
        lay = table_scene(replace(reveal[0], tracker=True), reveal[1], "en", size, side).layout()
        assert lay.panel is not None and lay.panel.kind == "reveal"
        for row in lay.panel.rows:
            rect = pygame.Rect(row.rect)
            for a in row.tiles:
                checked += 1
                assert a.rect[2] >= REVEAL_MIN and rect.contains(pygame.Rect(a.rect)), (side, row.seat, a.rect, row.rect)
                assert all(not pygame.Rect(a.rect).colliderect(pygame.Rect(b.rect)) for b in row.tiles if b is not a)
        x, y, w, h = lay.panel.rows[0].rect
        s, across = reveal_tiles(10, lay.panel.rect[2] - round(14 * lay.font), round(h * 0.9))
        lines = -(-10 // across)
        assert s >= REVEAL_MIN and lines * 2 * s + (lines - 1) * max(2, s // 5) <= h
    assert checked > 0


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tiles_and_chat_buttons_share_one_font_size(lang: str, size: tuple[int, int]) -> None:
    """Kind: buttons of one row drawn at different font sizes (new user: "Tiles"/"Fichas" larger than
    "Chat"). Drawn as in the window, both labels are asked for at the same size."""
    from doublenine.client.text import tr
    from doublenine.client.typeset import watch as watching
    state, ui = next((state, ui) for name, state, ui in STATES if name == "own-turn")
    scene = table_scene(replace(state, tracker=True), ui, lang, size)
    with watching() as seen:
        scene.draw(pygame.Surface(size))
    sizes = {d.text: d.requested for d in seen if d.text in (tr(lang, "Tiles"), tr(lang, "Chat"))}
    assert len(sizes) == 2 and len(set(sizes.values())) == 1, sizes
