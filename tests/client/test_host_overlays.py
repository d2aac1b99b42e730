"""New user, the host's window: the "Invite friends" button drew over the Rules and Ledger overlays
(hiding the ledger's "Score: A 0 - B 0") and a click on it through Rules opened the invite card on
top; during play it covered West's red "passed" badge.

Kind: a table control drawn or clickable over a modal overlay, or over table information. A modal
overlay covers and disables everything under it (the host's chip and card, the top bar, the hand,
the chat and tracker buttons); the chip keeps clear of every plate, badge, stack and control.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest
from client_helpers import StubSession, fake_hosting
from robot import centre
from scenes_catalog import controls, table_scene, table_states

from doublenine.client.intents import Pause
from doublenine.client.render import passed_badge_height
from doublenine.client.scenes.lan_host import HostedTable, RemoteServer
from doublenine.client.typeset import watch
from doublenine.shared.seats import Seat

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states()}
SIZES = ((800, 600), (1280, 800), (1920, 1080))


def _hosted(name: str, size: tuple[int, int], others: int = 0) -> HostedTable:
    state, ui = STATES[name]
    state = replace(state, tracker=True)  # the tracker's button is a control too
    table = table_scene(state, ui, "en", size)
    table.session = StubSession(state)
    hosting = fake_hosting(others)
    host = HostedTable(table, hosting, "en")
    host.resize(table.vp)
    return host


def _click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("what", ["rules", "ledger"])
@pytest.mark.parametrize("card", [False, True], ids=["chip", "card"])
def test_no_table_control_is_drawn_or_clickable_over_an_overlay(what: str, size: tuple[int, int],
                                                                 card: bool) -> None:
    host = _hosted("own-turn", size)
    host.shown = card
    table = host.table
    table._open_overlay(what)
    assert table.overlay is not None
    # drawn: the host's window shows exactly what the table alone shows (the overlay over everything)
    alone, hosted = pygame.Surface(size), pygame.Surface(size)
    table.draw(alone)
    host.draw(hosted)
    assert pygame.image.tobytes(hosted, "RGB") == pygame.image.tobytes(alone, "RGB")
    # clickable: a click on any control of the table or of the invite leaves everything as it was,
    # or at most is the overlay's own (its Close button closes it; nothing else is sent)
    lay = host.layout()
    targets = [(n, r) for n, r in controls(table)] + [(cid, lay[cid]) for cid in ("chip", "copy", "copyweb", "hide")]
    acted = []
    for name, rect in targets:
        table._open_overlay(what)
        before = (host.shown, table.tracker.open, table.talk.cui.open, table.ui)
        table.session.sent.clear()
        host.handle(_click(centre(rect)))
        after = (host.shown, table.tracker.open, table.talk.cui.open, table.ui)
        sent = [i for i in table.session.sent if not (isinstance(i, Pause) and i.what == what and not i.on)]
        if after != before and table.overlay is not None or sent:
            acted.append((name, rect, sent))
    assert acted == []


@pytest.mark.parametrize("size", SIZES + ((1000, 700), (1366, 768)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_invite_chip_covers_no_table_information(size: tuple[int, int]) -> None:
    """In every table situation, with every seat's "passed" badge shown, the chip shares no pixel with a
    plate, a badge, a stack of face-down tiles, a prompt or a control of the table (where a prompt
    reaches under it, at 800x600, the chip is not shown, nor clickable, until the prompt is gone)."""
    covered, shown = [], 0
    for name in STATES:
        host = _hosted(name, size)
        host.shown = False
        lay = host.table.layout()
        if not host.chip_shown():
            assert lay.panel is not None and host._hit(centre(host.layout()["chip"]), ("chip",)) == "chip"
            before = host.shown
            host.handle(_click(centre(host.layout()["chip"])))
            assert host.shown is before  # not clickable either
            continue
        shown += 1
        chip = pygame.Rect(host.layout()["chip"])
        badge = passed_badge_height(host.art, lay.small)
        info = [(f"plate:{s.seat}", s.plate) for s in lay.seats]
        info += [(f"passed:{s.seat}", (s.plate[0], s.plate[1] + s.plate[3], s.plate[2], badge)) for s in lay.seats
                 if s.side != "bottom"]
        info += [(f"back:{s.seat}", r) for s in lay.seats for r in s.backs]
        info += [("panel", lay.panel.rect)] if lay.panel is not None else []
        info += [("score", lay.score_rect), ("status", lay.status_rect)]
        info += list(controls(host.table))
        covered += [(name, what, rect) for what, rect in info if chip.colliderect(pygame.Rect(rect))]
    assert covered == [] and shown >= len(STATES) - 3


def test_the_west_passed_badge_stays_visible_beside_the_chip() -> None:
    """The case seen: West (top left, seat 4 for seat 1) passed; the chip was drawn over its badge."""
    state, ui = STATES["own-turn"]
    west = next(s for s in table_scene(state, ui, "en", (1280, 800)).layout().seats if s.seat is Seat.FOUR)
    assert west.side == "left"
    host = _hosted("own-turn", (1280, 800))
    x, y, w, h = west.plate
    chip = host.layout()["chip"]
    assert chip[1] >= y + h + passed_badge_height(host.art, host.table.layout().small)


def _press_leave(host: HostedTable) -> Any:
    leave = next(b.rect for b in host.table.layout().buttons if b.id == "leave")
    return host.handle(_click(centre(leave)))


def test_the_hosts_first_leave_says_the_game_ends_for_everyone() -> None:
    """New user: with a friend seated, the host's first Leave said "Leave gives your seat up: the others
    play on without you", the second "Closing stops the server: the game ends for everyone". A host's
    first Leave asks at once what will really happen; Keep playing keeps the seat; a guest's Leave warns."""
    host = _hosted("own-turn", (1280, 800), others=1)
    host.table.session.state = replace(host.table.session.state, humans=frozenset({Seat.ONE, Seat.THREE}))
    assert _press_leave(host) is None
    assert host.asking is not None and host.asked_for == 1 and host.table.toast is None
    assert host.click_id("keep") is None and host.asking is None and host.table._leave is False
    assert _press_leave(host) is None and host.asking is not None  # asked again, never "play on"
    assert host.click_id("stop") is not None and host.ended
    assert host.table._leave is False  # Leave anyway keeps the host's seat: the next start goes on with the match
    # a table on someone else's server (the window hosts nothing: a RemoteServer): they do play on. (This
    # was a local host with nobody else seated; since 9f7b95b a window that hosts says its Leave ends the
    # hosting and keeps the seat, which is true there)
    state, ui = STATES["own-turn"]
    guest = table_scene(state, ui, "en", (1280, 800))
    guest.session = StubSession(host.table.session.state)
    remote = HostedTable(guest, RemoteServer("ws://192.168.1.20:8765/"), "en")
    remote.resize(guest.vp)
    assert _press_leave(remote) is None and remote.asking is None
    assert remote.table.toast is not None and "play on" in remote.table.toast[0]


def test_the_hosts_leave_anyway_keeps_the_match_for_the_next_start() -> None:
    """New user: after Close anyway the next start went on with the match, after Leave anyway it made a
    brand-new table (the seat was given up and forgotten). Both end the hosted game; both keep the seat."""
    from doublenine.client import config

    host = _hosted("own-turn", (1280, 800), others=1)
    state = replace(host.table.session.state, humans=frozenset({Seat.ONE, Seat.THREE}))
    host.table.session.state = state
    config.save(replace(config.load(), resume_code=state.table, resume_token="tok", resume_port=8765))
    assert _press_leave(host) is None and host.asking is not None
    assert host.click_id("stop") is not None and host.ended  # Leave anyway
    host.close()
    saved = config.load()
    assert (saved.resume_code, saved.resume_token) == (state.table, "tok")


def _drawn(host: HostedTable) -> list[str]:
    surface = pygame.Surface(host.vp.pixels)
    with watch() as seen:
        host.draw(surface)
    return [d.text for d in seen]


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
def test_the_hosts_question_is_worded_for_the_action_that_asked(lang: str) -> None:
    """Window finding (session 3): the host pressed Leave with a friend seated and was asked to
    "Close anyway" ("Closing stops the server"). Kind: a question whose words are fixed while several
    actions ask it. Leave asks in Leave's words, closing the window in closing's words."""
    from doublenine.client.text import tr
    host = _hosted("own-turn", (1280, 800), others=1)
    host.lang = lang
    host.table.session.state = replace(host.table.session.state, humans=frozenset({Seat.ONE, Seat.THREE}))
    assert _press_leave(host) is None and host.asking is not None
    shown = _drawn(host)
    assert tr(lang, "Leave anyway") in shown and tr(lang, "Close anyway") not in shown
    assert tr(lang, "Leaving stops the server: the game ends for everyone.") in shown
    assert host.click_id("keep") is None
    assert host.handle(pygame.event.Event(pygame.QUIT)) is None and host.asking is not None  # the window's close
    shown = _drawn(host)
    assert tr(lang, "Close anyway") in shown and tr(lang, "Leave anyway") not in shown
    assert tr(lang, "Closing stops the server: the game ends for everyone.") in shown
