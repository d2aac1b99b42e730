"""textsize s17 item 1: the Chat, Tiles and Invite buttons, the chat's lines, the tracker's text and the toast ignored
the "Text size": at 2560x1440 200 % they stayed 27-29 px beside the table's 61 px. Kind: a type size made from the
window alone where the table's follows the Text size (chat.font_size, TableScene._toast_box). They grow as the table
beside the open panel does (layout.text_used); an 800x600 window, which gives no larger text, is as before; the open
chat keeps three lines in sight (chat.LINES_KEPT rows), its type giving way first."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_scene, table_states

from doublenine.client import chat
from doublenine.client.layout import set_text_size
from doublenine.client.typeset import measurer
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p

pygame.display.init()
pygame.font.init()
TURN = next(state for name, state, _ in table_states() if name == "own-turn")
LINES = (p.ChatLineW(id=1, at=0.0, seat=2, name="Zoë", phrase="hello"),
         p.ChatLineW(id=2, at=1.0, seat=3, name="Ñandú", text="¡Buena suerte a todos!"),
         p.ChatLineW(id=3, at=2.0, seat=1, name="José", phrase="well_played"))


@pytest.mark.parametrize(("size", "percent", "font", "box"), [
    ((2560, 1440), 100, 27, (284, 57, 22)), ((2560, 1440), 200, 44, (308, 92, 35)),  # the reported case
    ((2560, 1440), 150, 40, (284, 84, 32)), ((1920, 1080), 200, 25, (213, 52, 20)),
    ((1280, 800), 200, 18, (142, 38, 14)), ((800, 600), 200, 13, (91, 27, 10)), ((800, 600), 100, 13, (91, 27, 10)),
])
def test_chat_tiles_and_invite_buttons_follow_the_text_size(size: tuple[int, int], percent: int, font: int,
                                                             box: tuple[int, int, int]) -> None:
    set_text_size(percent)
    assert chat.font_size(size) == font
    assert chat.toggle_box(size) == box  # (width, height, margin): the Invite chip takes the same (layout.toggle_slot)


@pytest.mark.parametrize(("size", "percent", "font", "tracker"), [
    ((2560, 1440), 100, 27, 27), ((2560, 1440), 200, 41, 44), ((1280, 800), 200, 18, 18), ((800, 600), 200, 13, 13),
])
def test_chat_lines_and_tracker_text(size: tuple[int, int], percent: int, font: int, tracker: int) -> None:
    set_text_size(percent)
    scene = table_scene(replace(TURN, chat=LINES, tracker=True), Ui(seen_finished=0), "en", size, "chat")
    lay = scene.talk.chat_layout(scene.vp.pixels, scene.shown(), scene.layout())
    assert lay.font == font
    assert lay.lines is not None and lay.lines[3] >= chat.LINES_KEPT * measurer().line_height(font) or size == (800, 600)
    scene.talk.cui = replace(scene.talk.cui, open=False)
    scene.tracker.open = True
    assert scene._tracker_layout().font == tracker


@pytest.mark.parametrize(("size", "percent", "font"), [
    ((2560, 1440), 100, 29), ((2560, 1440), 200, 54), ((1920, 1080), 150, 30), ((800, 600), 200, 14),
])
def test_the_toast(size: tuple[int, int], percent: int, font: int) -> None:
    set_text_size(percent)
    scene = table_scene(TURN, Ui(seen_finished=0), "en", size)
    scene.tell("Saved", 5.0)
    assert scene._toast_box(size)[2] == font
