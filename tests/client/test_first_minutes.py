"""New user s12 item 5, the first minutes: the table never said the computers' level (the start screen's
default is Expert: a first-timer lost 54-102 not knowing), and a tied opening draw said "Tie: 4-6 against
5-5, both draw again" with a new grid at once: whose tile was which, and the player's own tile was never
seen face up. Kind: facts of the table known to the window and not said where the player looks."""
from __future__ import annotations

from dataclasses import replace

import pygame

from doublenine.client.input import Viewport
from doublenine.client.layout import compute_layout
from doublenine.client.local import LocalSession
from doublenine.client.panels import tie_said
from doublenine.client.render import _seat_rows
from doublenine.client.scenes.table import FLIP_SECONDS, TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import ClientState, reduce
from doublenine.client.text import say
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat
from doublenine.shared.state import OpeningDraw
from doublenine.shared.tiles import Tile
from doublenine.shared.wire import SeatW, TableW

NAMES = ("Ann", "Bo", "Cy", "Di")


def test_each_computer_seat_says_its_level() -> None:
    pygame.display.init()
    pygame.font.init()
    seats = [SeatW(seat=1, name="Ann", kind="human", level="expert", claimed=True, connected=True,
                   computer_plays=False)]
    seats += [SeatW(seat=i, name=n, kind="computer", level=lv, claimed=False, connected=False, computer_plays=True)
              for i, n, lv in ((2, "Bo", "expert"), (3, "Cy", "easy"), (4, "Di", "normal"))]
    table = TableW(code="K7QPA", seats=tuple(seats), seeded=False, started=True, paused=False)
    s = LocalSession(seed=3, names=NAMES)
    s.run_computers()
    state = reduce(s.state, p.TableUpdate(table=table))
    assert state.levels == ("", "expert", "easy", "normal")
    lay = compute_layout(state, Ui(seen_finished=0), (800, 600))
    rows = {int(spot.seat): _seat_rows(state, spot, lang)[1:] for lang in ("en",) for spot in lay.seats}
    assert rows == {1: [], 2: ["computer · Expert"], 3: ["computer · Easy"], 4: ["computer · Normal"]}
    fr = [_seat_rows(state, spot, "fr")[1:] for spot in lay.seats if spot.seat is Seat.TWO]
    assert fr == [["ordinateur · Expert"]]
    bot = replace(state, levels=("", "", "easy", "normal"))  # a doublenine bot's seat: its level is not ours
    assert [_seat_rows(bot, spot, "en")[1:] for spot in lay.seats if spot.seat is Seat.TWO] == [["computer"]]


def test_a_tied_draw_says_whose_tile_was_which() -> None:
    s = LocalSession(seed=3, names=NAMES)
    tie = OpeningDraw(Tile(4, 6), Tile(5, 5))
    state: ClientState = s.state
    assert say("en", *tie_said(state, tie, "en")) == "Tie: you drew 4-6, Bo drew 5-5: both draw again"
    second = replace(state, view=replace(state.view, viewer=Seat.TWO))
    assert say("en", *tie_said(second, tie, "en")) == "Tie: you drew 5-5, Ann drew 4-6: both draw again"
    third = replace(state, view=replace(state.view, viewer=Seat.THREE))
    assert say("fr", *tie_said(third, tie, "fr")) == \
        "Égalité\u00a0: Ann a tiré 4-6, Bo a tiré 5-5\u00a0: ils tirent à nouveau"


def test_the_tied_tiles_turn_over_where_they_were_drawn() -> None:
    pygame.display.init()
    pygame.font.init()
    s = LocalSession(seed=1, names=NAMES)  # Ann's position 0 ties: 2-9 against Bo's 4-7
    s.run_computers()
    scene = TableScene(s, "en", sounds=Sounds(muted=True), motion=True)
    scene.resize(Viewport((1024, 768), (1024, 768)))
    scene.update(0.0)
    scene.draw(pygame.Surface((1024, 768)))  # the draw's prompt seen: a click later than KEY_GUARD takes a tile
    taken = dict(s.state.view.draw_taken)  # Bo drew first
    cell = dict(scene.layout().panel.cells)[0]
    scene.update(1.0)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(cell[0] + 3, cell[1] + 3), button=1, touch=False))
    scene.update(1.1)
    assert s.state.view.draws[-1] == OpeningDraw(Tile(2, 9), Tile(4, 7))
    assert scene._flip is not None
    assert scene._flip[1] == ((0, Tile(2, 9), Seat.ONE), (taken[Seat.TWO], Tile(4, 7), Seat.TWO))
    scene.draw(pygame.Surface((1024, 768)))
    scene.update(1.1 + FLIP_SECONDS)
    scene.draw(pygame.Surface((1024, 768)))
    assert scene._flip is None


def test_the_you_tag_of_a_top_row_tile_sits_under_it_clear_of_the_tie_line() -> None:
    """New user s12 round 2 F1: the gold "you" tag above the first row's tile covered "you drew" of the
    line "Tie: you drew 2-7, East drew 0-9 ..." (the top row touches the status text)."""
    pygame.display.init()
    pygame.font.init()
    s = LocalSession(seed=1, names=NAMES)  # Ann's position 0 ties (2-9 against Bo's 4-7): the top row
    s.run_computers()
    scene = TableScene(s, "en", sounds=Sounds(muted=True), motion=True)
    scene.resize(Viewport((1024, 768), (1024, 768)))
    scene.update(0.0)
    scene.draw(pygame.Surface((1024, 768)))
    x, y, w, h = dict(scene.layout().panel.cells)[0]
    scene.update(1.0)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + 3, y + 3), button=1, touch=False))
    scene.update(1.1)
    scene.update(1.5)  # turned over, the tag shown
    surface = pygame.Surface((1024, 768))
    scene.draw(surface)
    tag = (240, 200, 90)
    below = sum(tuple(surface.get_at((cx, cy)))[:3] == tag for cx in range(x, x + w) for cy in range(y + h + 4, y + h + 14))
    above = sum(tuple(surface.get_at((cx, cy)))[:3] == tag for cx in range(x, x + w) for cy in range(max(0, y - 14), y - 4))
    assert below > 20 and above == 0
