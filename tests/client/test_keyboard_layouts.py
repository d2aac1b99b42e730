"""Issue 16.3: tile shortcuts follow the key (its scancode), so the number row works on AZERTY, QWERTZ, QWERTY.

On AZERTY the number row types ``& é " ' ( - è _ ç à`` without Shift and the key
left of ``1`` types ``²``; SDL reports the ``1`` key as ``K_1`` (Windows, X11 with
its number-row fix) or as ``K_AMPERSAND`` with scancode ``KSCAN_1``. The typed
text is never read for shortcuts: ``"²".isdigit()`` is True and ``int("²")`` raises.
"""
from __future__ import annotations

import pygame
import pytest
from client_helpers import my_turn_with_play, session_at

from doublenine.client.input import UiAction, Viewport, digit_of, handle
from doublenine.client.layout import compute_layout
from doublenine.client.uistate import Ui

SIZE = (1280, 800)
VP = Viewport(SIZE, SIZE)
AZERTY_ROW = "&é\"'(-è_çà"
"""What the AZERTY number row types without Shift, keys 1..9 then 0."""
QWERTZ_ROW = "1234567890"


@pytest.fixture(scope="module")
def turn():  # type: ignore[no-untyped-def]
    return session_at(my_turn_with_play).state


def press(state, k: int, char: str, scancode: int = 0, mod: int = 0) -> UiAction:  # type: ignore[no-untyped-def]
    ui = Ui(seen_finished=0)
    event = pygame.event.Event(pygame.KEYDOWN, key=k, unicode=char, mod=mod, scancode=scancode)
    return handle(event, compute_layout(state, ui, SIZE), state, ui, VP)


def test_azerty_k1_ampersand_chooses_tile_1(turn) -> None:  # type: ignore[no-untyped-def]
    action = press(turn, pygame.K_1, "&")  # the case: did nothing
    assert (action.ui.focus, action.ui.typed) == (0, "1")


def test_superscript_two_never_raises_and_does_nothing(turn) -> None:  # type: ignore[no-untyped-def]
    action = press(turn, 178, "²", scancode=pygame.KSCAN_GRAVE)  # the case: ValueError
    # nothing but "the last input was a key" (Ui.keyed, 30e4d71: the status line then says keys)
    assert action.ui == Ui(seen_finished=0, keyed=True) and action.intent is None


@pytest.mark.parametrize("k, char", [(0xFF18, "８"), (pygame.K_a, "٣"), (pygame.K_SEMICOLON, "߁"),
                                     (pygame.K_UNKNOWN, "³"), (pygame.K_x, "\x00"), (pygame.K_q, "१")])
def test_digits_of_other_scripts_typed_on_other_keys_do_nothing(turn, k: int, char: str) -> None:  # type: ignore[no-untyped-def]
    action = press(turn, k, char)
    assert action.ui == Ui(seen_finished=0, keyed=True) and action.intent is None  # keyed: 30e4d71


@pytest.mark.parametrize("i", range(10))
def test_azerty_number_row_by_scancode(turn, i: int) -> None:  # type: ignore[no-untyped-def]
    """SDL on some systems: key = the typed character's code, scancode = the physical 1..0 key."""
    char = AZERTY_ROW[i]
    action = press(turn, ord(char), char, scancode=pygame.KSCAN_1 + i)
    hand = len(turn.view.hand)
    digit = (i + 1) % 10
    assert action.ui.typed == str(digit)
    assert action.ui.focus == ((9 if digit == 0 else digit - 1) if (9 if digit == 0 else digit - 1) < hand else None)


@pytest.mark.parametrize("row, mod", [(QWERTZ_ROW, 0), (AZERTY_ROW, 0), (QWERTZ_ROW, pygame.KMOD_SHIFT)])
def test_same_tile_on_every_layout(turn, row: str, mod: int) -> None:  # type: ignore[no-untyped-def]
    got = [press(turn, pygame.K_1 + i if i < 9 else pygame.K_0, row[i], pygame.KSCAN_1 + i, mod).ui.focus
           for i in range(3)]
    assert got == [0, 1, 2]


def test_digit_of_values() -> None:
    assert [digit_of(pygame.K_1), digit_of(pygame.K_0), digit_of(pygame.K_KP_7), digit_of(178),
            digit_of(pygame.K_AMPERSAND, pygame.KSCAN_1), digit_of(pygame.K_a, pygame.KSCAN_0),
            digit_of(pygame.K_KP_0, pygame.KSCAN_KP_0), digit_of(0xFF18)] == [1, 0, 7, None, 1, 0, 0, None]


def test_letters_follow_the_place_on_a_non_latin_layout(turn) -> None:  # type: ignore[no-untyped-def]
    """A Russian layout: the L key types "д" (SDL key 0x434), R types "к", H types "р"; their places choose."""
    from doublenine.client.intents import AskHint
    from doublenine.client.layout import legal_ends
    from doublenine.shared.moves import End

    assert press(turn, 0x440, "р", pygame.KSCAN_H).intent == AskHint()
    hand = sorted(turn.view.hand)
    both = [i for i, t in enumerate(hand) if len(legal_ends(turn.view, t)) == 2]
    assert both, "the fixture's position has a tile that fits both ends"
    i = both[0]
    ui = Ui(seen_finished=0)
    for k, char, scancode in ((pygame.K_1 + i if i < 9 else pygame.K_0, "", pygame.KSCAN_1 + i), (0x434, "д", pygame.KSCAN_L)):
        event = pygame.event.Event(pygame.KEYDOWN, key=k, unicode=char, mod=0, scancode=scancode)
        ui = handle(event, compute_layout(turn, ui, SIZE), turn, ui, VP).ui
    assert (ui.selected, ui.end) == (hand[i], End.LEFT)
    event = pygame.event.Event(pygame.KEYDOWN, key=0x43A, unicode="к", mod=0, scancode=pygame.KSCAN_R)
    assert handle(event, compute_layout(turn, ui, SIZE), turn, ui, VP).ui.end is End.RIGHT


def test_latin_layouts_keep_their_letters() -> None:
    from doublenine.client.input import latin_key

    # AZERTY: the key labelled A (scancode Q) is K_a; Dvorak's L (scancode P) is K_l; arrows and keypad unchanged
    assert [latin_key(pygame.K_a, pygame.KSCAN_Q), latin_key(pygame.K_l, pygame.KSCAN_P),
            latin_key(0x434, pygame.KSCAN_L), latin_key(pygame.K_LEFT, pygame.KSCAN_LEFT),
            latin_key(178, pygame.KSCAN_GRAVE)] == [pygame.K_a, pygame.K_l, pygame.K_l, pygame.K_LEFT, 178]


def test_m_mutes_by_its_place_on_a_non_latin_layout(turn, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import config
    from doublenine.client.scenes.table import TableScene
    from doublenine.client.sound import Sounds

    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")

    class Still:
        state = turn

        def pump(self) -> bool:
            return False

        def send(self, intent) -> None:  # type: ignore[no-untyped-def]
            pass

        def close(self, leave: bool = True) -> None:
            pass

    scene = TableScene(Still(), "en", sounds=Sounds(muted=False), motion=False)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=0x44C, unicode="ь", mod=0, scancode=pygame.KSCAN_M))
    assert scene.sounds.muted
