"""Club s14 F16 in the window: "Start now" is offered exactly where the server takes this seat's ``start``
(``TableW.starters``), whether this window created the table or joined it; where it may not, the lobby
names the one seat that may (the creator's) instead of "its creator", who may have left or only watch."""
from __future__ import annotations

from dataclasses import replace

from client_helpers import session_at

from doublenine.client.layout import compute_layout
from doublenine.client.panels import CREATOR_WILL_START, NAMED_WILL_START
from doublenine.client.store import may_start
from doublenine.client.text import tr
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat

NAMES = ("Quique", "Ana", "Pablo", "Dora")


def _lobby(**changes):  # type: ignore[no-untyped-def]
    state = replace(session_at(lambda st: True).state, started=False, table="GKC3Q", names=NAMES, **changes)
    return state, compute_layout(state, Ui(seen_finished=0), (1280, 800)).panel


def test_the_reported_case_a_joined_seat_at_an_organisers_table_has_start_now() -> None:
    state, panel = _lobby(starts=False, starters=(Seat(1), Seat(2), Seat(3)))  # joined by the web link
    assert may_start(state) is True
    assert [b.id for b in panel.buttons] == ["start"]
    assert [line[0] for line in panel.lines] == ["Share the table code {code} with your friends",
                                                "Or start now: computers take the empty seats"]


def test_a_creators_window_whose_seat_may_not_start_has_no_start_now() -> None:
    state, panel = _lobby(starts=True, starters=(Seat(3),))  # the server says seat 3 (the creator's) only
    assert may_start(state) is False
    assert [b.id for b in panel.buttons] == []
    assert panel.lines[1] == (NAMED_WILL_START, {"name": "Pablo"})
    assert tr("fr", NAMED_WILL_START, name="Pablo") == \
        "La partie commence quand toutes les places sont prises, ou quand Pablo la lance"


def test_an_older_server_that_does_not_say_keeps_the_creators_rule() -> None:
    state, panel = _lobby(starts=False, starters=None)
    assert may_start(state) is False and [b.id for b in panel.buttons] == []
    assert panel.lines[1] == (CREATOR_WILL_START, {})
    assert may_start(replace(state, starts=True)) is True


def test_never_once_started_nor_for_a_spectator() -> None:
    state, _ = _lobby(starters=(Seat(1),))
    assert may_start(replace(state, started=True)) is False
    assert may_start(replace(state, view=None)) is False  # no seat: a spectator, or nothing seen yet


def test_f14_leave_before_the_start_says_the_seat_is_free_again_not_lost() -> None:
    """Club s14 F14 (shots/05): before the start Leave said "you cannot come back to this match"; the seat
    is simply free again then, and the code sits the player down again."""
    from robot import centre, click
    from test_prompts import Fixed, _on_screen

    from doublenine.client.scenes.table import LEAVE_BEFORE_START, TableScene

    state, _ = _lobby(starts=False, starters=(Seat(1), Seat(2)))
    scene = TableScene(Fixed(state))
    _on_screen(scene)
    leave = next(b.rect for b in scene.layout().buttons if b.id == "leave")
    scene.handle(click(centre(leave)))
    assert scene.toast is not None and scene.toast[0] == \
        "Leave frees your seat: until the match starts you can sit down again. Press Leave again to go."
    assert tr("de", LEAVE_BEFORE_START).startswith("Verlassen gibt Ihren Platz frei: Bis die Partie beginnt")


def test_f14_the_ledgers_players_line_goes_by_team() -> None:
    """Club s14 F14 (shots/29): the ledger's line of players read "● Ana 2 ● Carlos ● Pablo ● Dora", seat
    order with alternating colours; it now reads by team, as the web page: Team A, Ana 2, Pablo, Team B,
    Carlos, Dora (R2)."""
    import pygame

    from doublenine.client.overlays.ledger import layout_ledger
    from doublenine.client.overlays.text import Fonts
    from doublenine.shared.i18n import translator
    from doublenine.shared.ledger import Ledger, MatchLedger
    pygame.font.init()
    match = MatchLedger(1, True, (), (), (), (0, 0), None, None)
    items = layout_ledger(Ledger((match,), False, None), 0, 900, Fonts(), translator("en"),
                          ("Ana 2", "Carlos", "Pablo", "Dora"), True, me=1)
    texts = [str(getattr(i, "text", "")) for i in items if getattr(i, "text", "")]  # the dots say nothing
    first = texts.index("Team A")
    assert texts[first:first + 6] == ["Team A", "Ana 2", "Pablo", "Team B", "Carlos", "Dora"]
