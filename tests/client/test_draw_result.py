"""The opening draw's result stays on screen until the player continues (R3, R4, R7; new user: about 3 s after
the click the screen said "Look at your new hand", nobody saw what the two seats drew nor who opens).

Seat 1 draws for team A and seat 2 for team B (R3); both tiles are shown face up in their drawer's row, the
winning team's outlined, with who leads the first hand, held as the hand end is held (Continue, Enter)."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from doublenine.client.art import Art
from doublenine.client.autoplay import next_clicks
from doublenine.client.layout import compute_layout
from doublenine.client.local import LocalSession
from doublenine.client.panels import tie_said
from doublenine.client.render import render
from doublenine.client.scenes.table import KEY_GUARD, TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import localized
from doublenine.client.text import say
from doublenine.client.uistate import Ui
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import OpeningDraw, Phase
from doublenine.shared.tiles import Tile
from doublenine.shared.views import view_for

NAMES = ("José", "Zoë", "Ñandú", "Brontë")
SIZE = (1280, 800)


def _scene(session: LocalSession, now: float = 100.0) -> TableScene:
    scene = TableScene(session, "en", Art(), sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.update(now)
    scene.draw(pygame.Surface(SIZE))
    return scene


def _click(rect: tuple[int, int, int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(rect[0] + rect[2] // 2, rect[1] + rect[3] // 2),
                              button=1, touch=False)


def _enter() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, scancode=40, mod=0, unicode="\r")


def _drawn_by_click(seed: int = 2026) -> tuple[TableScene, LocalSession]:
    """A window at a local table: the player clicks a face-down tile, the computers answer (R3)."""
    session = LocalSession(seed=seed, names=NAMES)
    scene = _scene(session)
    panel = scene.layout().panel
    assert panel is not None and panel.kind == "draw"
    scene.update(100.0 + KEY_GUARD + 0.1)
    scene.handle(_click(panel.cells[7][1]))
    scene.update(101.0)
    scene.draw(pygame.Surface(SIZE))
    return scene, session


def test_after_the_players_click_the_result_is_shown_not_the_new_hand() -> None:
    scene, session = _drawn_by_click()
    view = session.state.view
    assert view.phase is Phase.REVIEW  # the computers drew, nominated and dealt: the old screen said "Look at..."
    d = view.draws[-1]
    assert (d.tile_a, d.tile_b) == (Tile(7, 8), Tile(8, 9))
    panel = scene.layout().panel
    assert panel is not None and panel.kind == "drawn" and panel.modal
    assert say("en", *panel.title) == "Team B wins the opening draw"
    assert [(r.seat, [(t.a, t.b) for t in r.tiles], r.pips) for r in panel.rows] == \
        [(Seat.ONE, [(7, 8)], 15), (Seat.TWO, [(8, 9)], 17)]
    assert [say("en", *line) for line in panel.lines] == ["Brontë leads the first hand"]
    assert view.opener is Seat.FOUR
    assert [(b.id, b.label, b.primary) for b in panel.buttons] == [("seen_draw", "Continue", True)]


def test_the_result_is_held_until_enter_then_the_review_follows() -> None:
    scene, session = _drawn_by_click()
    for t in (102.0, 160.0, 600.0):  # no timer takes it away (R29)
        scene.update(t)
        assert scene.layout().panel.kind == "drawn"
    scene.draw(pygame.Surface(SIZE))
    scene.handle(_enter())
    assert scene.ui.seen_draw == (1, 1)
    assert scene.layout().panel.kind == "review"
    scene.update(601.0)
    assert scene.layout().panel.kind == "review"  # read once: not shown again


def test_a_click_on_continue_acknowledges_it() -> None:
    scene, _ = _drawn_by_click()
    scene.update(102.0)
    button = scene.layout().panel.buttons[0]
    scene.handle(_click(button.rect))
    assert scene.layout().panel.kind == "review"


def test_the_opener_is_named_as_chooser_until_nominated() -> None:
    """R6: before the winning team's lower seat nominates, the panel says who chooses."""
    session = LocalSession(seed=2026, names=NAMES, humans=frozenset({Seat.ONE, Seat.TWO}))
    scene = _scene(session)
    session.decide(session.state.view.legal_decisions()[0])  # seat 1 draws
    from doublenine.shared.moves import DrawPick
    taken = {p for _, p in session.log.state.draw_picks}
    session.decide(DrawPick(Seat.TWO, next(i for i in range(55) if i not in taken)))  # seat 2 (human) draws
    scene.update(101.0)
    view = session.state.view
    assert view.phase is Phase.NOMINATE and view.entitled is not None
    panel = scene.layout().panel
    assert panel.kind == "drawn"
    assert view.entitled.lower_seat is Seat.ONE and view.seat is Seat.ONE
    # session 9, new user 2: "Player chooses who leads" named the viewer (default name "Player") as a stranger
    assert say("en", *panel.lines[0]) == "You choose who leads"
    assert say("fr", *panel.lines[0]) == "Vous choisissez qui entame"



def test_earlier_tied_draws_are_listed() -> None:
    """R4: a tie goes back and both draw again; every draw is public."""
    session = LocalSession(seed=2026, names=NAMES)
    state = session.state
    tied = OpeningDraw(Tile(2, 5), Tile(3, 4))
    view = replace(view_for(session.log.state, Seat.ONE), phase=Phase.REVIEW,
                   draws=(tied, OpeningDraw(Tile(6, 6), Tile(1, 2))), opener=Seat.THREE)
    shown = replace(state, view=view)
    lay = compute_layout(localized(shown, "en"), Ui(seen_finished=0, seen_draw=(1, 0)), SIZE)
    assert lay.panel.kind == "drawn"
    assert say("en", *lay.panel.title) == "Team A wins the opening draw"
    assert [say("en", *line) for line in lay.panel.lines] == \
        ["Ñandú leads the first hand", "Earlier draw, a tie: you drew 2-5, Zoë drew 3-4"]  # whose was whose (s12)
    # s14 player F-g: the decided card no longer says the tie's "both draw again" (a line of an earlier state)
    assert [say("es", *line) for line in compute_layout(localized(shown, "es"), Ui(seen_finished=0, seen_draw=(1, 0)),
                                                         SIZE, "es").panel.lines][1] == \
        "Sorteo anterior, empate: sacaste 2-5, Zoë sacó 3-4"
    # who leads first, the earlier tie after it (s13 player F2: the tie last read as this draw's result)
    mine = replace(shown, view=replace(view, opener=Seat.ONE))  # the viewer is "you", not their name
    assert say("en", *compute_layout(localized(mine, "en"), Ui(seen_finished=0, seen_draw=(1, 0)), SIZE)
               .panel.lines[0]) == "You lead the first hand"
    for lang in ("fr", "de", "pt", "es"):  # drawn through the painter in every language
        render(pygame.Surface(SIZE), compute_layout(localized(shown, lang), Ui(seen_finished=0, seen_draw=(1, 0)),
                                                   SIZE, lang), shown, Ui(seen_finished=0, seen_draw=(1, 0)), Art(), lang)


def test_a_window_that_comes_after_the_draw_does_not_show_it() -> None:
    """As the hand end (seen_finished): a draw decided before this window's first view is old news."""
    session = LocalSession(seed=2026, names=NAMES)
    session.decide(session.state.view.legal_decisions()[0])
    assert session.state.view.phase is Phase.REVIEW
    scene = _scene(session)
    assert scene.layout().panel.kind == "review"


def test_a_spectator_sees_it_and_autoplay_continues_from_it() -> None:
    session = LocalSession(seed=2026, names=NAMES, seat=None, humans=frozenset(), auto=False)
    spectator = _scene(session)
    assert session.state.view.phase is Phase.DRAW and session.state.view.seat is None
    while session.log.state.phase in (Phase.DRAW, Phase.DRAW_SHUFFLE):  # the two drawers pick (R3)
        acting = sorted(to_act(session.log.state))
        session.log.submit(legal_decisions(session.log.state, acting[0])[0] if acting else None)
    session._refresh()
    spectator.update(101.0)
    spectator.draw(pygame.Surface(SIZE))
    panel = spectator.layout().panel
    assert panel is not None and panel.kind == "drawn"
    assert [b.id for b in panel.buttons] == ["seen_draw"]
    spectator.update(102.0)
    clicks = next_clicks(spectator)
    x, y, w, h = panel.buttons[0].rect
    assert [c.pos for c in clicks] == [(x + w // 2, y + h // 2)]
    spectator.handle(clicks[0])
    assert spectator.ui.seen_draw == (1, 1) and spectator.layout().panel is None


def test_s14_f_g_the_reported_case_a_spectator_reads_the_decided_draw_without_draw_again() -> None:
    """s14 player F-g: Rita drew 1-7, Zoë 4-4 (a tie), then Team B won; the card said "La pareja B gana el
    sorteo inicial" over "Empate: ...: los dos vuelven a sacar". A spectator's card names both drawers; while
    the tie is the newest draw, the draw panel still says both draw again."""
    session = LocalSession(seed=2026, names=NAMES)
    tied = OpeningDraw(Tile(1, 7), Tile(4, 4))
    view = replace(view_for(session.log.state, None), phase=Phase.REVIEW,
                   draws=(tied, OpeningDraw(Tile(2, 3), Tile(6, 6))), opener=Seat.TWO)
    shown = replace(session.state, view=view)
    ui = Ui(seen_finished=0, seen_draw=(1, 0))
    lay = compute_layout(localized(shown, "en"), ui, SIZE)
    assert say("en", *lay.panel.title) == "Team B wins the opening draw"
    assert say("en", *lay.panel.lines[1]) == "Earlier draw, a tie: José drew 1-7, Zoë drew 4-4"
    assert say("en", *tie_said(shown, tied, "en")) == "Tie: José drew 1-7, Zoë drew 4-4: both draw again"
