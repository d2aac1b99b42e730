"""New user: the "Waiting for X" card covered the opening draw's prompt, the "Connection lost" banner and
the awaited seat's tile stack; its clock ran from before the friend had joined; and while the link was
lost it offered Nudge and hand-over, which cannot be sent. R29: the card is information only."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.scenes.talk import TableTalk
from doublenine.client.waiting import HAND_OVER_AFTER, obstacles, wait_card
from doublenine.shared.seats import Seat

SIZES = ((800, 600), (1280, 800), (1920, 1080))


@pytest.fixture(scope="module")
def states() -> dict:  # type: ignore[type-arg]
    return {name: (state, ui) for name, state, ui in table_states()}


def _overlap(a, b) -> int:  # type: ignore[no-untyped-def]
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def _drawn(spectator: bool = False):  # type: ignore[no-untyped-def]
    """The opening draw after seat 1 (team A) drew, waiting for Zoë (seat 2, a friend) to draw for team B;
    seen by seat 1 or by a spectator."""
    from doublenine.client.local import LocalSession
    from doublenine.shared.rules import legal_decisions
    from doublenine.shared.views import view_for
    s = LocalSession(seed=2026, names=("José", "Zoë", "Ñandú", "Brontë"), humans=frozenset({Seat.ONE, Seat.TWO}))
    s.run_computers()
    s.decide(legal_decisions(s.log.state, Seat.ONE)[0])
    s.run_computers()
    s._refresh()  # type: ignore[attr-defined]
    state = replace(s.state, table="K7QPA", computers=frozenset({Seat.THREE, Seat.FOUR}))
    if spectator:
        state = replace(state, view=view_for(s.log.state, None))
    assert state.view.waiting_for() == {Seat.TWO}
    return state


@pytest.mark.parametrize("size", SIZES[1:], ids=str)
def test_the_wait_card_leaves_the_opening_draws_prompt_and_the_tile_stacks_visible(states, size) -> None:  # type: ignore[no-untyped-def]
    _, ui = states["draw-mine"]
    state = _drawn()
    lay = compute_layout(state, replace(ui, draw_pick=None), size)
    card = wait_card(state, lay, 75.0, True, ui, "en")
    assert card is not None and lay.panel is not None
    assert _overlap(card.rect, lay.panel.rect) == 0
    for spot in lay.seats:
        assert _overlap(card.rect, spot.plate) == 0
        assert all(_overlap(card.rect, b) == 0 for b in spot.backs)


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_the_wait_card_hides_nothing_heavy_at_a_friends_turn(states, size) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["own-turn"]
    for seat in (Seat.TWO, Seat.THREE, Seat.FOUR):
        shown = replace(state, view=replace(state.view, turn=seat), computers=frozenset())
        lay = compute_layout(shown, ui, size)
        card = wait_card(shown, lay, 75.0, True, ui, "en")
        assert card is not None
        assert [r for r, weight in obstacles(lay) if weight > 1 and _overlap(card.rect, r)] == []


def test_no_wait_card_while_the_connection_is_lost(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["own-turn"]
    shown = replace(state, view=replace(state.view, turn=Seat.TWO), computers=frozenset())
    lay = compute_layout(shown, ui, (1280, 800))
    assert wait_card(shown, lay, 75.0, True, ui, "en") is not None
    lost = replace(shown, connection="lost")
    assert wait_card(lost, compute_layout(lost, ui, (1280, 800)), 75.0, True, ui, "en") is None


def test_the_wait_starts_when_the_awaited_friend_has_joined(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["own-turn"]
    lobby = replace(state, view=replace(state.view, turn=Seat.TWO), computers=frozenset(),
                    free=frozenset({Seat.TWO}))
    lay = compute_layout(lobby, ui, (1280, 800))
    talk = TableTalk("en", Art(), remember=False)
    talk.update(lobby, 100.0)
    talk.update(lobby, 110.0)
    assert wait_card(lobby, lay, talk.waited(), True, ui, "en") is None  # an empty seat: a lobby, not a wait
    joined = replace(lobby, free=frozenset())
    talk.update(joined, 112.0)
    talk.update(joined, 118.0)
    assert talk.waited() == pytest.approx(6.0)


def test_no_wait_card_while_the_viewer_must_draw_too(states) -> None:  # type: ignore[no-untyped-def]
    """New user 7: Bob's window said "Waiting for Ana 0:14 · Nudge Ana" under Bob's own name while Bob
    still had to draw himself (both teams draw at once, R3): no card while the viewer must act."""
    state, ui = states["draw-mine"]
    state = replace(state, computers=frozenset())
    assert Seat.ONE in state.view.waiting_for() and len(state.view.waiting_for()) == 2
    lay = compute_layout(state, ui, (1280, 800))
    assert wait_card(state, lay, 75.0, True, ui, "en") is None


LANGS = ("en", "fr", "pt", "de", "es")


@pytest.mark.parametrize("waited", (20.0, 75.0))
@pytest.mark.parametrize("spectator", (False, True), ids=("seated", "spectator"))
@pytest.mark.parametrize("size", ((800, 600), (1280, 800), (1366, 768)), ids=str)
@pytest.mark.parametrize("lang", LANGS)
def test_the_wait_card_sits_by_the_awaited_players_plate(states, lang, size, spectator, waited) -> None:  # type: ignore[no-untyped-def]
    """New user 7: Ana's and the spectator's cards lay bottom right, far from Bob's plate at the top right:
    a card as wide as its longest possible button found no free place by the plate beside the draw's
    panel. Now as wide as its own text and buttons, it lies within three text sizes of the plate, and
    hides neither the prompt nor a plate."""
    from doublenine.client.uistate import Ui
    state = _drawn(spectator)
    ui = Ui(seen_finished=0)
    lay = compute_layout(state, ui, size, lang)
    card = wait_card(state, lay, waited, True, ui, lang)
    assert card is not None and lay.panel is not None
    plate = next(s.plate for s in lay.seats if s.seat is Seat.TWO)
    x, y, w, h = card.rect
    gap = max(plate[0] - (x + w), x - (plate[0] + plate[2]), plate[1] - (y + h), y - (plate[1] + plate[3]))
    # at 800x600 the draw's panel leaves 184 px right of it: the hand-over button and the Spanish line
    # may need more, so the card may lie elsewhere, still clear of the panel and every plate, in the window;
    # a seated player's card lies there from the first, where its hand-over button will fit (new user s11:
    # it jumped when the button came)
    narrow = size == (800, 600) and (not spectator or lang == "es")
    assert narrow or gap <= 3 * lay.font, (card.rect, plate, gap)
    assert 0 <= x and x + w <= size[0] and 0 <= y and y + h <= size[1], card.rect
    assert _overlap(card.rect, lay.panel.rect) == 0
    assert all(_overlap(card.rect, s.plate) == 0 for s in lay.seats)


def test_a_seat_whose_open_panel_holds_the_computers_gets_the_wait_card_with_nudge_and_hand_over(states) -> None:  # type: ignore[no-untyped-def]
    """Attacker s10 F4: the server names the seat whose open rules hold a computer's turn
    (``TableW.holding``); the window shows the wait by it and offers the nudge and the hand-over."""
    from doublenine.client.waiting import awaited_seat
    from doublenine.shared.state import Phase
    state, ui = states["own-turn"]
    computers_turn = replace(state, view=replace(state.view, turn=Seat.THREE),
                             computers=frozenset({Seat.THREE, Seat.FOUR}))
    assert awaited_seat(computers_turn) is None  # before: nobody named, nothing offered
    held = replace(computers_turn, held_by=frozenset({Seat.TWO}), paused_by=frozenset({Seat.TWO}))
    assert awaited_seat(held) == Seat.TWO
    assert awaited_seat(replace(held, view=replace(held.view, phase=Phase.REVIEW))) == Seat.TWO
    assert awaited_seat(replace(held, held_by=frozenset({held.view.seat}))) is None  # never oneself
    lay = compute_layout(held, ui, (1280, 800))
    card = wait_card(held, lay, HAND_OVER_AFTER + 1, True, ui, "en")
    assert card is not None and [b.id for b in card.buttons] == ["nudge:2", "handover:2"]


def test_the_tables_holding_seats_reach_the_window_state() -> None:
    from doublenine.client.store import ClientState, reduce
    from doublenine.shared import protocol as p
    seat = {"name": "", "kind": "human", "level": "easy", "claimed": True, "connected": True,
            "computer_plays": False}
    table = {"code": "K7QPA", "seats": [dict(seat, seat=n) for n in (1, 2, 3, 4)], "seeded": False,
             "started": True, "paused": True, "panels": [2], "holding": [2]}
    msg = p.decode_server(p.pack({"type": "table", "table": table}))
    assert reduce(ClientState(), msg).held_by == {Seat.TWO}


@pytest.mark.parametrize("size", ((800, 600), (1280, 800), (1920, 1080)), ids=str)
def test_the_wait_card_stays_where_it_is_as_its_buttons_come(size) -> None:  # type: ignore[no-untyped-def]
    """New user s11: the card jumped from beside Ana's plate to a box at the felt's left when "Let the
    computer play for Ana" came (60 s); it is placed for every button it may show from the first (10 s)."""
    from doublenine.client.uistate import Ui
    state, ui = _drawn(), Ui(seen_finished=0)
    lay = compute_layout(state, ui, size, "en")
    cards = [wait_card(state, lay, waited, ready, ui, "en", left)
             for waited, ready, left in ((10.0, True, 0.0), (20.0, True, 0.0), (40.0, False, 12.3),
                                         (75.0, True, 0.0), (75.0, False, 4.0))]
    assert [len(c.buttons) for c in cards] == [0, 1, 1, 2, 2]
    assert len({c.rect[:3] for c in cards}) == 1, [c.rect for c in cards]  # one place, one width
    assert all(_overlap(c.rect, lay.panel.rect) == 0 for c in cards)


@pytest.mark.parametrize("lang, label", [("en", "Nudge Zoë again in 13 s"), ("fr", "Relancer Zoë encore dans 13\u00a0s"),
                                         ("pt", "Chamar Zoë de novo em 13 s"), ("de", "Zoë in 13 s wieder anstupsen"),
                                         ("es", "Avisar a Zoë otra vez en 13 s")])
def test_a_nudge_not_yet_allowed_again_says_in_how_many_seconds(lang: str, label: str) -> None:
    """New user s11: after a nudge the button was gone (or greyed) with no word of when it would be back
    (the server allows one nudge per table every 30 s); now greyed, counting the seconds left, and sending
    nothing when clicked."""
    from doublenine.client.render import say
    from doublenine.client.uistate import Ui
    from doublenine.client.waiting import nudge_wait
    state, ui = _drawn(), Ui(seen_finished=0)
    lay = compute_layout(state, ui, (1280, 800), lang)
    assert (nudge_wait(None, 50.0), nudge_wait(20.0, 37.5), nudge_wait(20.0, 50.0)) == (0.0, 12.5, 0.0)
    card = wait_card(state, lay, 40.0, False, ui, lang, nudge_wait(20.0, 37.5))
    (button,) = card.buttons
    assert (button.id, say(lang, button.label, dict(button.args)), button.enabled) == ("nudge_wait:2", label, False)


@pytest.mark.parametrize("size", ((800, 600), (1280, 800), (1920, 1080)), ids=str)
def test_d7_a_player_whose_seat_the_computer_took_is_told_at_once_beside_an_open_prompt(states, size) -> None:  # type: ignore[no-untyped-def]
    """New user s11: Ana's seat was handed to the computer while the opening draw's result was up; only
    "computer" under her name said so, the "The computer is playing for you / I'm back" card came after
    Continue. Now it shows at once, clear of the prompt, and its button acts."""
    import pygame
    from scenes_catalog import table_scene

    from doublenine.client.intents import Back
    state, ui = states["draw-result"]
    taken = replace(state, playing_for_me=True)
    scene = table_scene(taken, ui, "en", size)
    lay = scene.layout()
    assert lay.panel is not None and lay.panel.modal and lay.panel.kind == "drawn"
    (card,) = scene.talk.cards(scene.shown(), lay, scene.ui)
    assert card.text == ("The computer is playing for you", {}) and [b.id for b in card.buttons] == ["back"]
    assert _overlap(card.rect, lay.panel.rect) == 0
    x, y, w, h = card.rect
    assert 0 <= x and x + w <= size[0] and 0 <= y and y + h <= size[1]
    bx, by, bw, bh = card.buttons[0].rect
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bx + bw // 2, by + bh // 2), button=1, touch=False)
    assert scene.talk.handle(click, scene.vp, scene.shown(), lay, size, scene.ui) == (True, Back())
    assert scene.talk.cards(scene.shown(), scene.layout(), scene.ui) == [] or \
        table_scene(state, ui, "en", size).talk.cards(state, lay, ui) == []  # not taken: no card by the prompt


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Zoë is not connected (0:32)"),
    ("fr", "Zoë n’est pas en ligne (0:32)"),
    ("de", "Zoë ist nicht verbunden (0:32)"),
])
def test_s11_round2_a_disconnected_seat_is_not_waited_for(lang: str, said: str) -> None:
    """New user s11 round 2 item 11: a second window watching the first one's table (the first at its start
    screen) said "Waiting for Player for 0:32" of its own player; nobody was at that seat to wait for."""
    from doublenine.client.text import say
    from doublenine.client.uistate import Ui
    state = replace(_drawn(spectator=True), away=frozenset({Seat.TWO}))
    ui = Ui(seen_finished=0)
    card = wait_card(state, compute_layout(state, ui, (1280, 800), lang), 32.0, True, ui, lang)
    assert card is not None and say(lang, *card.text) == said and card.buttons == ()
    here = replace(state, away=frozenset())
    card = wait_card(here, compute_layout(here, ui, (1280, 800), lang), 32.0, True, ui, "en")
    assert card is not None and say("en", *card.text) == "Waiting for Zoë for 0:32"


def test_past_180_s_the_askers_card_offers_the_hand_over_that_needs_nobody(states) -> None:  # type: ignore[no-untyped-def]
    """s13 netplayer F5: at 182 s of waiting for Wifi (disconnected), the asker's own hand-over request still
    waited for two bot seats and the window greyed "Let the computer play for Wifi"; past 180 s the server
    does it without consent (docs/protocol.md), so the card offers it."""
    state, ui = states["own-turn"]
    asking = replace(state, view=replace(state.view, turn=Seat.TWO), computers=frozenset(),
                     away=frozenset({Seat.TWO}), names=("Direct", "Wifi", "Bot3", "Bot4"), asking="hand_over",
                     asked_of=(Seat.THREE, Seat.FOUR), asked_id="7")
    lay = compute_layout(asking, ui, (1280, 800))
    before = wait_card(asking, lay, 179.0, True, ui, "en")
    assert before is not None and [b.id for b in before.buttons] == []
    card = wait_card(asking, lay, 182.0, True, ui, "en")
    assert card is not None and [(b.id, b.label, b.enabled) for b in card.buttons] == [
        ("handover:2", "Let the computer play for {name} now", True)]
    assert wait_card(replace(asking, asking=None), lay, 182.0, True, ui, "en").buttons == ()  # the away panel's
