"""s13 spectator F1: a spectator window's "Hand N is over" waited for a Continue nobody waits for, one card
per hand stacked up, and after 30 minutes it still said "Hand 1 is over" 13 matches later. Kind: a panel
that waits for a click from someone the table does not wait for (client.following)."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import StubSession, my_turn_with_play, session_at

from doublenine.client.following import READ_SECONDS, followed, follows, gone_on
from doublenine.client.input import Viewport
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for


def _watched(s) -> ClientState:  # type: ignore[no-untyped-def]
    """The session's state as a spectator sees it (D8: no seat, no hand)."""
    return replace(s.state, view=view_for(s.log.state, None))


@pytest.fixture(scope="module")
def moments() -> dict[str, ClientState]:
    """A spectator's states at a local table (seed 7): hand 1 ended (hand 2 in review), hand 2's first
    move made, hand 2 ended too (hand 3 in review)."""
    pygame.display.init()
    pygame.font.init()
    s = session_at(lambda st: st.phase is Phase.PLAY and st.hand.turn is Seat.ONE and len(st.hand.line) > 12)
    got: dict[str, ClientState] = {}
    while len(s.state.view.finished) < 2:
        v = s.state.view
        if len(v.finished) == 1 and v.phase is Phase.REVIEW:
            got.setdefault("review", _watched(s))
            got.setdefault("review_seat", s.state)
        if len(v.finished) == 1 and v.phase is Phase.PLAY and v.moves:
            got.setdefault("played", _watched(s))
            got.setdefault("played_seat", s.state)
        s.decide(legal_decisions(s.log.state, Seat.ONE)[0])
    got["two"] = _watched(s)
    return got


def test_a_spectator_follows_and_a_seat_does_not(moments) -> None:  # type: ignore[no-untyped-def]
    assert follows(moments["review"]) is True
    seated = moments["review_seat"]
    assert follows(seated) is False
    assert follows(replace(seated, playing_for_me=True)) is True  # D7: the computer plays it, nobody waits


def test_the_table_goes_on_at_the_next_hands_first_move(moments) -> None:  # type: ignore[no-untyped-def]
    assert gone_on(moments["review"], 0) is False  # hand 2 not begun: the page keeps it as long (F2)
    assert gone_on(moments["played"], 0) is True
    assert gone_on(moments["two"], 0) is True and gone_on(moments["two"], 1) is False


def test_the_hand_end_stays_until_read_and_the_table_went_on(moments) -> None:  # type: ignore[no-untyped-def]
    ui = Ui(seen_finished=0, seen_draw=(1, 1))
    assert followed(moments["review"], ui, 0.0, 60.0) == ui  # nobody has played since: it stays
    assert followed(moments["played"], ui, 0.0, READ_SECONDS - 0.1) == ui  # not read yet
    assert followed(moments["played"], ui, 0.0, READ_SECONDS).seen_finished == 1
    seated = moments["played_seat"]
    assert followed(seated, ui, 0.0, 3600.0) == ui  # a player's Continue is theirs (the table waits, R10)


def test_the_hand_ends_never_stack(moments) -> None:  # type: ignore[no-untyped-def]
    # the report: "Hand 1 is over" up while hand 2 had ended too: only the latest is shown, at once
    ui = Ui(seen_finished=0, seen_draw=(1, 1))
    assert followed(moments["two"], ui, None, 0.0).seen_finished == 1


def test_the_spectator_window_shows_the_table_again_by_itself(moments) -> None:  # type: ignore[no-untyped-def]
    stub = StubSession(moments["review"])
    scene = TableScene(stub, "en", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(0.0)
    scene.ui = replace(scene.ui, seen_finished=0)  # hand 1's end unread, as the window had it
    scene.update(0.1)
    assert scene.layout().panel is not None and scene.layout().panel.kind == "reveal"
    stub.set(moments["played"])
    scene.update(3.0)
    assert scene.layout().panel.kind == "reveal"  # up 2.9 s: still read
    scene.update(0.1 + READ_SECONDS)
    assert scene.layout().panel is None and scene.ui.seen_finished == 1


def test_an_undo_and_a_restart_are_said_to_a_spectator() -> None:
    """s13 spectator F5: Zoe's two U took back 4 plays and the spectator's line lost tiles without a word."""
    pygame.display.init()
    pygame.font.init()
    s = session_at(my_turn_with_play, names=("Zoe", "Bo", "Cy", "Di"))
    back = _watched(s)
    s.decide(next(m for m in legal_decisions(s.log.state, Seat.ONE) if type(m).__name__ == "Play"))
    ahead = _watched(s)
    assert len(ahead.view.moves) - len(back.view.moves) == 4  # Zoe's play and three computers' moves
    stub = StubSession(ahead)
    scene = TableScene(stub, "en", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(0.0)
    stub.set(replace(back, rewound=(back.seq + 1, "undo")))
    scene.update(0.5)
    assert scene.toast is not None and scene.toast[0] == "Undone: 4 plays, back to Zoe's turn"
    stub.set(replace(back, rewound=(back.seq + 2, "restart")))
    scene.update(1.0)
    assert scene.toast is not None and scene.toast[0] == "Restarted: hand 1 starts again from the same deal"
    seated = TableScene(StubSession(replace(s.state, rewound=None)), "en", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    seated.resize(Viewport((1280, 800), (1280, 800)))
    seated.update(0.0)
    seated.session.set(replace(s.state, rewound=(9, "restart")))  # type: ignore[attr-defined]
    seated.update(0.5)
    # s13 player F8: a seat that did not ask (it accepted, D1) is told too, as every window is
    assert seated.toast is not None and seated.toast[0] == "Restarted: hand 1 starts again from the same deal"


def test_a_spectator_sits_at_a_free_seat_by_clicking_its_card(moments) -> None:  # type: ignore[no-untyped-def]
    """s13 spectator F4: North became "computer, free seat" and clicking its dashed card did nothing."""
    from doublenine.client.scenes.table import SIT_HERE
    from doublenine.shared.seatstate import SeatState
    busy = (SeatState.PLAYER, SeatState.COMPUTER, SeatState.PLAYER, SeatState.COMPUTER)
    watched = replace(moments["played"], seat_states=busy)
    stub = StubSession(watched)
    scene = TableScene(stub, "en", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    asked: list[int] = []
    scene.sit = lambda seat: asked.append(seat) or "seated window"
    scene.update(0.0)
    assert scene.free_seats() == ()
    stub.set(replace(watched, seat_states=busy[:2] + (SeatState.OPEN,) + busy[3:]))  # North's bot left
    scene.update(0.5)
    assert scene.free_seats() == (3,) and scene.toast is not None and scene.toast[0] == SIT_HERE
    assert SIT_HERE == "A seat is free: click its card, or press J, to sit there"
    north = next(sp.plate for sp in scene.layout().seats if int(sp.seat) == 3)
    south = next(sp.plate for sp in scene.layout().seats if int(sp.seat) == 1)
    scene.draw(pygame.Surface((1280, 800)))  # the card come free is in sight, and read (client.seen: a click at
    scene.update(1.5)                         # once would be meant for what was there: test_lan_rows_seen)

    def click(rect) -> object:  # type: ignore[no-untyped-def]
        x, y = rect[0] + rect[2] // 2, rect[1] + rect[3] // 2
        return scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    click(south)
    assert asked == []  # a taken seat: nothing
    change = click(north)
    assert (change.kind, change.scene, asked) == ("replace", "seated window", [3])  # type: ignore[union-attr]


def _free_scene(moments, free: tuple[int, ...]):  # type: ignore[no-untyped-def]
    """A spectator's window at 1280x800 where ``free`` seats are open to take; ``asked`` collects the seats
    its ``sit`` was called with."""
    from doublenine.shared.seatstate import SeatState
    states = tuple(SeatState.OPEN if n in free else SeatState.COMPUTER for n in range(1, 5))
    stub = StubSession(replace(moments["played"], seat_states=states))
    scene = TableScene(stub, "en", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    asked: list[int] = []
    scene.sit = lambda seat: asked.append(seat) or "seated window"
    scene.update(0.0)
    return scene, asked


def _key(scene, k: int):  # type: ignore[no-untyped-def]
    scene.draw(pygame.Surface((1280, 800)))  # what is shown is in sight (client.seen: the free seats' cards too)
    scene._now += 1.0  # never a repeat of the last key, never inside the input guard's half second
    change = scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    return change


def test_a_spectator_takes_a_free_seat_by_the_j_key_and_enter(moments) -> None:  # type: ignore[no-untyped-def]
    """s14 spectate item 1: a free seat was taken by a click on its card only; no key, and Tab passed it.
    Kind: a control only a click reaches. J rings the next free seat's card, Enter takes it."""
    from doublenine.client.footer import key_help
    scene, asked = _free_scene(moments, (2, 3))
    assert key_help(scene.shown(), None, scene.keys(), "en") == \
        "You are watching this table · J: take a free seat · M sound · C chat · S settings"
    assert _key(scene, pygame.K_j) is None and scene.ui.button == "other:sit:2"
    assert key_help(scene.shown(), None, scene.keys(), "en") == "Tab: another button · Enter: Take Zoë's seat"
    _key(scene, pygame.K_j)
    assert scene.ui.button == "other:sit:3"
    _key(scene, pygame.K_j)
    assert scene.ui.button == "other:sit:2"  # round again
    _key(scene, pygame.K_j)
    change = _key(scene, pygame.K_RETURN)
    assert (change.kind, change.scene, asked) == ("replace", "seated window", [3])  # type: ignore[union-attr]


def test_tab_reaches_a_free_seats_card_and_space_takes_it(moments) -> None:  # type: ignore[no-untyped-def]
    scene, asked = _free_scene(moments, (4,))
    assert [b.id for b in scene.others() if b.id.startswith("other:sit:")] == ["other:sit:4"]
    for _ in range(12):
        if scene.ui.button == "other:sit:4":
            break
        _key(scene, pygame.K_TAB)
    assert scene.ui.button == "other:sit:4"
    change = _key(scene, pygame.K_SPACE)
    assert (change.kind, asked) == ("replace", [4])  # type: ignore[union-attr]


def test_no_seat_free_no_j_and_no_word_of_it(moments) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.footer import key_help
    scene, asked = _free_scene(moments, ())
    assert _key(scene, pygame.K_j) is None and scene.ui.button is None and asked == []
    assert key_help(scene.shown(), None, scene.keys(), "en") == "You are watching this table · M sound · C chat · S settings"
    assert not any(b.id.startswith("other:sit:") for b in scene.others())


@pytest.mark.parametrize("free", [(3,), ()])
def test_f1s_list_names_j_only_while_a_seat_is_free(moments, free) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.footer import KEYS_SIT
    from doublenine.client.overlays.rules import RulesOverlay
    scene, _ = _free_scene(moments, free)
    _key(scene, pygame.K_F1)
    assert isinstance(scene.overlay, RulesOverlay)
    second = scene.overlay.text().sections[-1].blocks[1].text  # under the section's intro
    assert (second == KEYS_SIT) is bool(free)
    assert second == ("J, while you watch and a seat is free: the gold ring on a free seat's card (again: the next "
                      "one); Enter or Space takes that seat" if free else "M sound")  # no seat's keys (inputguard item 2)
