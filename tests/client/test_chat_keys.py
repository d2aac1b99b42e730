"""Keys never reach the game while a panel that takes typing has them (new user s10 item 1).

At a phrases-only table the chat's field is closed during a hand; the open panel still takes the keys
and swallows them: "hola partner, tengo el 9" + Enter once lifted the hint tile (H) and played it
(Enter). A click on the table, Esc or the panel's × give the keys back to the table."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from client_helpers import three_humans_scene  # noqa: E402

from doublenine.client import chat, config  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.intents import AskHint, Say  # noqa: E402
from doublenine.client.footer import HELP_PHRASES  # noqa: E402
from doublenine.client.local import LocalSession  # noqa: E402
from doublenine.client.scenes.table import TableScene  # noqa: E402
from doublenine.client.sound import Sounds  # noqa: E402
from doublenine.client.text import tr  # noqa: E402
from doublenine.shared.moves import Play  # noqa: E402
from doublenine.shared.rules import legal_decisions, to_act  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402
from doublenine.shared.state import Phase  # noqa: E402

SIZE = (1280, 800)
TYPED = "hola partner, tengo el 9"
"""The reported message, typed letter by letter: its h is Hint, its Enter Play, an m would be Sound."""


def _scene(tmp_path, monkeypatch) -> tuple[TableScene, LocalSession, list]:  # type: ignore[no-untyped-def]
    """Seat 1's turn with a tile to play, at a phrases-only table, in Spanish (the report's case)."""
    def mine(st) -> bool:  # type: ignore[no-untyped-def]
        return st.phase is Phase.PLAY and st.hand is not None and st.hand.turn is Seat.ONE \
            and any(isinstance(m, Play) for m in legal_decisions(st, Seat.ONE))
    return three_humans_scene(monkeypatch, tmp_path, mine, "es", SIZE, False, chat_rule="phrases_in_hand")


def _type(scene: TableScene, text: str, now: float) -> float:
    """Each character as SDL gives it: KEYDOWN (with its key), TEXTINPUT, KEYUP; one second apart."""
    for ch in text:
        k = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch)
        now += 1.0
        scene.update(now)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0))
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        scene.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=ch, scancode=0))
    return now


def _key(scene: TableScene, k: int, now: float) -> None:
    scene.update(now)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def test_the_reported_message_at_a_phrases_only_table_plays_nothing(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    assert len(s.state.view.hand) == 10
    now = _type(scene, "c", 10.0)  # C opens the chat
    now = _type(scene, TYPED + " mum", now)  # m is Sound, u is Undo
    _key(scene, pygame.K_p, now + 1)  # P is Pass
    _key(scene, pygame.K_RETURN, now + 2)
    assert sent == [] and len(s.state.view.hand) == 10 and scene.ui.selected is None
    assert scene.sounds.muted is False and scene.toast is None
    assert scene.talk.cui.open and scene.talk.cui.focused and scene.talk.cui.draft == ""
    assert scene.keys() == "chat"
    assert scene.layout().help == (tr("es", HELP_PHRASES),)
    assert tr("es", HELP_PHRASES) == "Solo frases hechas durante una mano: Tab hasta una, luego Enter · Esc: volver a la mesa, " \
        "dos veces: cerrar el chat"


def test_clicks_on_the_panel_keep_the_keys_and_the_table_or_esc_takes_them_back(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    scene.talk.cui = replace(scene.talk.cui, open=True, focused=False)
    lay = scene.talk.chat_layout(SIZE, s.state, scene.layout())
    for rect in (lay.lines, lay.field, dict(lay.chips)[chat.SPECTATORS], dict(lay.phrases)["hello"]):
        scene.talk.cui = replace(scene.talk.cui, focused=False)
        x, y, w, h = rect
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
        assert scene.talk.cui.focused, rect
    assert sent == [Say(phrase="hello")]
    _type(scene, "h", 20.0)
    assert sent == [Say(phrase="hello")]  # H swallowed by the panel
    _key(scene, pygame.K_ESCAPE, 30.0)
    assert not scene.talk.cui.focused and scene.keys() == "table"
    _type(scene, "h", 31.0)
    assert sent[-1] == AskHint()  # the table's key again


def test_with_free_text_the_field_types_and_enter_says_it(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, chat_rule="free")
    now = _type(scene, "c" + TYPED, 10.0)
    _key(scene, pygame.K_RETURN, now + 1)
    assert sent == [Say(text=TYPED)] and len(s.state.view.hand) == 10
