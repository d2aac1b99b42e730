"""The host's Leave/Close question lies clear of an open side panel (new user s10 item 18, h19.png).

It was centred on the window: at 1280x800 with the chat open it lay across the chat's lines. Kind: a
confirmation drawn over a panel; the hand-end toast's place (test_leave_warning_seen.py) keeps the same rule."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import StubSession, fake_hosting
from scenes_catalog import table_scene, table_states

from doublenine.client.scenes.lan_host import HostedTable
from doublenine.shared.seats import Seat

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states()}


def _asking(size: tuple[int, int], lang: str, side: str) -> HostedTable:
    state, ui = STATES["own-turn"]
    state = replace(state, humans=frozenset({Seat.ONE, Seat.THREE}), tracker=True)
    table = table_scene(state, ui, lang, size)
    table.session = StubSession(state)
    hosting = fake_hosting()
    host = HostedTable(table, hosting, lang)
    host.resize(table.vp)
    host.shown = False
    if side == "chat":
        table.talk.cui = replace(table.talk.cui, open=True)
    else:
        table.tracker.open = True
    table._layout = None
    x, y, w, h = next(b.rect for b in table.layout().buttons if b.id == "leave")
    assert host.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1,
                                          touch=False)) is None
    assert host.asking is not None and host.asking.kind == "pop"
    host.draw(pygame.Surface(size))  # the question read before a key answers it (client.seen)
    table.update(table._now + 1.0)
    return host


def _panel(host: HostedTable, side: str) -> pygame.Rect:
    table = host.table
    if side == "chat":
        return pygame.Rect(table.talk.chat_layout(host.vp.pixels, table.shown(), table.layout()).panel)
    return pygame.Rect(table._tracker_layout().panel)


def test_the_reported_case_the_question_lies_left_of_the_chat_at_1280x800() -> None:
    host = _asking((1280, 800), "en", "chat")
    assert _panel(host, "chat") == pygame.Rect(935, 0, 345, 800)
    x, y, w, h = host.layout()["ask"]
    assert x + w <= 935 and abs(x + w / 2 - 935 / 2) <= 1  # centred over the table, left of the chat


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1920, 1080)], ids=str)
@pytest.mark.parametrize("side", ["chat", "tracker"])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_question_and_its_buttons_never_touch_an_open_side_panel(size, side, lang) -> None:
    host = _asking(size, lang, side)
    panel = _panel(host, side)
    lay = host.layout()
    window = pygame.Rect((0, 0), size)
    for part in ("ask", "keep", "stop"):
        assert not panel.colliderect(lay[part]) and window.contains(lay[part]), (part, lay[part], panel)


@pytest.mark.parametrize("answer", [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE])
def test_nu2_item1_the_footer_under_the_question_names_the_key_it_answers(answer: int) -> None:
    """New user s2 item 1 (49, 50): under "1 friend is seated at your table", with the chat open, the
    footer said "Enter: Continue" (the hand-end panel beneath), Enter did nothing and "Keep playing" was
    drawn gold. Kind: a footer computed from a prompt that does not receive the keys. Now the question
    takes the keys (TableScene.keys "ask"), Enter presses its gold Keep playing and the footer says so."""
    host = _asking((1280, 800), "en", "chat")
    assert host.table.keys() == "ask"
    assert " · ".join(host.table.layout().help) == "Tab: another button · Enter: Keep playing"
    assert host.handle(pygame.event.Event(pygame.KEYDOWN, key=answer, mod=0, unicode="\r", scancode=0)) is None
    assert host.asking is None and host.table._leave is False and host.table.keys() == "table"
    assert " · ".join(host.table.layout().help) != "Tab: another button · Enter: Keep playing"


def test_last_user_s17_f13_the_hosts_question_follows_the_language_changed_at_the_table() -> None:
    """Last user s17 F13: after Settings → Language at a hosted table, the Invite button, the invite card and the
    Leave question stayed in the language the table was hosted in. The host's parts read the table's language."""
    host = _asking((1280, 800), "en", "chat")
    assert host.lang == "en"
    host.table.set_language("fr")
    assert host.lang == "fr" and host.table.lang == "fr"
