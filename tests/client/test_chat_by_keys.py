"""The chat panel is used and closed from the keyboard alone (new user s12 F7).

C opened the chat with its field focused; Tab and the arrows reached neither the ten ready phrases nor the
mute chips, Esc only left the field and no key closed the panel, so a keyboard player kept a squeezed table
for the rest of the match. Now Tab/Shift+Tab/Down/Up move a ringed focus over the field, the phrases, the
mutes and ×, Enter or Space press it, the first Esc gives the keys back and the second closes the panel;
the next game key then goes to the game. Driven by key events only."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
from client_helpers import StubSession
from scenes_catalog import table_scene, table_states

from doublenine.client import chat
from doublenine.client.chatdraw import focus_rect
from doublenine.client.focus import ring_rect
from doublenine.client.footer import HELP_CHAT, HELP_CHAT_ITEM
from doublenine.client.intents import Say
from doublenine.client.text import tr
from doublenine.client.uistate import Ui
from doublenine.shared.chat import PHRASE_IDS

pygame.display.init()
pygame.font.init()
SIZE = (1280, 800)
GOLD = (244, 204, 96)
STATES = {name: (state, ui) for name, state, ui in table_states()}


def _scene():  # type: ignore[no-untyped-def]
    state, _ = STATES["own-turn"]
    scene = table_scene(state, Ui(seen_finished=0), "en", SIZE)
    scene.session = StubSession(state)
    return scene


def _key(scene, k: int, mod: int = 0, text: str = "") -> None:  # type: ignore[no-untyped-def]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=mod, unicode=text))
    if text:
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, scancode=0, mod=mod, unicode=text))


def test_f7_tab_reaches_a_phrase_and_enter_says_it() -> None:
    scene = _scene()
    _key(scene, pygame.K_c, text="c")
    assert scene.talk.cui.open and scene.talk.cui.focused and scene.talk.cui.item == ""
    assert " · ".join(scene.layout().help) == tr("en", HELP_CHAT)
    _key(scene, pygame.K_TAB)
    assert scene.talk.cui.item == f"phrase:{PHRASE_IDS[0]}" and scene.keys() == "chat:item"
    assert " · ".join(scene.layout().help) == "Tab, arrows: move · Enter: press · Esc: back to the table, twice: close the chat"
    _key(scene, pygame.K_DOWN)
    assert scene.talk.cui.item == f"phrase:{PHRASE_IDS[1]}"
    _key(scene, pygame.K_SPACE, text=" ")  # Space presses it: its " " is typed nowhere
    assert scene.session.sent == [Say(phrase=PHRASE_IDS[1])] and scene.talk.cui.draft == ""
    _key(scene, pygame.K_UP)
    _key(scene, pygame.K_RETURN)
    assert scene.session.sent[-1] == Say(phrase=PHRASE_IDS[0])


def test_f7_a_mute_chip_is_pressed_by_keys_and_the_ring_shows_the_focus() -> None:
    scene = _scene()
    _key(scene, pygame.K_c, text="c")
    order = chat.items(scene.shown())
    first_mute = next(i for i in order if i.startswith("mute:"))
    for _ in range(order.index(first_mute)):
        _key(scene, pygame.K_TAB)
    assert scene.talk.cui.item == first_mute
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    lay = scene.talk.chat_layout(SIZE, scene.shown(), scene.layout())
    x, y, w, h = ring_rect(focus_rect(lay, scene.talk.cui))
    assert focus_rect(lay, scene.talk.cui) == dict(lay.chips)[first_mute.partition(":")[2]]
    assert tuple(surface.get_at((x + w // 2, y)))[:3] == GOLD
    _key(scene, pygame.K_RETURN)
    assert scene.talk.cui.muted == frozenset({first_mute.partition(":")[2]}) and scene.session.sent == []


def test_f7_shift_tab_reaches_the_close_button_and_the_next_game_key_goes_to_the_game() -> None:
    scene = _scene()
    _key(scene, pygame.K_c, text="c")
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)  # round: from the field back to ×
    assert scene.talk.cui.item == "close"
    _key(scene, pygame.K_RETURN)
    assert (scene.talk.cui.open, scene.talk.cui.focused, scene.talk.cui.item) == (False, False, "")
    _key(scene, pygame.K_1, text="1")
    assert scene.ui.focus == 0 and scene.keys() == "table"  # the hand's first tile has the focus


def test_f7_the_first_esc_gives_the_keys_back_and_the_second_closes_the_panel() -> None:
    scene = _scene()
    _key(scene, pygame.K_c, text="c")
    _key(scene, pygame.K_h, text="h")
    assert scene.talk.cui.draft == "h" and scene.session.sent == []  # typed, not a hint
    _key(scene, pygame.K_ESCAPE)
    assert (scene.talk.cui.open, scene.talk.cui.focused) == (True, False) and scene.keys() == "table"
    _key(scene, pygame.K_ESCAPE)
    assert (scene.talk.cui.open, scene.talk.cui.focused) == (False, False)
    assert scene.layout().size == SIZE  # the table has the whole window again
    _key(scene, pygame.K_2, text="2")
    assert scene.ui.focus == 1 and scene.talk.cui.draft == "h"  # the game's key; the draft kept for later


def test_items_are_the_field_the_ten_phrases_the_mutes_and_close() -> None:
    state, _ = STATES["own-turn"]
    order = chat.items(state)
    assert order[0] == "" and order[-1] == "close" and len(PHRASE_IDS) == 10
    assert order[1:11] == tuple(f"phrase:{p}" for p in PHRASE_IDS)
    assert order[11:-1] == tuple(f"mute:{k}" for k in chat.mute_keys(state))


def test_esc_on_a_closed_chat_is_the_tables() -> None:
    scene = _scene()
    scene.ui = replace(scene.ui, focus=2)
    _key(scene, pygame.K_ESCAPE)
    assert scene.ui.focus is None and not scene.talk.cui.open


def test_s14_access_f12_the_tables_ring_steps_aside_while_the_chat_has_the_keys() -> None:
    """The Ledger's button kept its ring after Esc closed the ledger; with the chat opened, two gold rings
    showed and Enter went to the chat's. Kind: two focus rings at once. The table's ring is not drawn while
    the chat takes the keys, and comes back with them."""
    scene = _scene()
    scene.ui = replace(scene.ui, button="ledger")

    def ringed() -> bool:
        ledger = next(b for b in scene.layout().buttons if b.id == "ledger")
        x, y, w, h = ring_rect(ledger.rect)
        surface = pygame.Surface(SIZE)
        scene.draw(surface)
        return surface.get_at((x + w // 2, y))[:3] == GOLD

    assert ringed()
    _key(scene, pygame.K_c, text="c")
    assert scene.keys() == "chat" and scene.ui.button == "ledger" and not ringed()
    _key(scene, pygame.K_ESCAPE)
    assert (scene.keys(), scene.ui.button, ringed()) == ("table", "ledger", True)
