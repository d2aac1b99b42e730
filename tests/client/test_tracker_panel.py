"""Issue 14.3: the tile tracker panel, offered where the table allows it, from this window's own view."""
from __future__ import annotations

from dataclasses import replace

import pygame
from scenes_catalog import _Still, table_states

from doublenine.client.input import Viewport
from doublenine.client.scenes.table import TableScene
from doublenine.client.tracking import offered
from doublenine.client.typeset import watch
from doublenine.shared.state import Phase
from doublenine.shared.tracker import track


def _own_turn():  # type: ignore[no-untyped-def]
    return next(state for name, state, _ in table_states() if name == "own-turn")


def _scene(state, size=(1280, 800)) -> TableScene:  # type: ignore[no-untyped-def]
    scene = TableScene(_Still(state))  # type: ignore[arg-type]
    scene.talk.remember = False
    scene.resize(Viewport(size, size))
    return scene


def _key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_issue14_tracker_is_offered_only_where_the_table_allows_it_and_in_play() -> None:
    state = _own_turn()
    assert state.view.phase is Phase.PLAY
    assert not offered(state)
    scene = _scene(state)
    scene.handle(_key(pygame.K_t))
    assert scene.tracker.open is False and scene._tracker_layout().toggle is None
    allowed = replace(state, tracker=True)
    assert offered(allowed)
    assert not offered(replace(allowed, view=replace(allowed.view, phase=Phase.REVIEW)))


def test_issue14_t_and_the_button_open_it_and_it_shares_the_right_strip_with_the_chat() -> None:
    scene = _scene(replace(_own_turn(), tracker=True))
    width_closed = scene.layout().size[0]
    scene.handle(_key(pygame.K_t))
    assert scene.tracker.open and scene.layout().size[0] < width_closed  # the table makes room
    x, y, w, h = scene._tracker_layout().toggle
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
    assert not scene.tracker.open
    scene.handle(_key(pygame.K_t))
    scene.handle(_key(pygame.K_c))  # the chat opens: the tracker closes
    assert scene.talk.cui.open and not scene.tracker.open
    scene.talk.cui = replace(scene.talk.cui, focused=False)
    scene.handle(_key(pygame.K_t))  # and the other way round
    assert scene.tracker.open and not scene.talk.cui.open


def test_the_open_tracker_has_a_close_button_like_the_chat_panel() -> None:
    """New user: the Tile tracker panel had no "×", unlike the chat panel. It sits where the chat's does
    (top right of the panel), a click on it closes the panel, and it covers nothing else of the panel."""
    scene = _scene(replace(_own_turn(), tracker=True))
    scene.handle(_key(pygame.K_t))
    lay = scene._tracker_layout()
    scene.talk.cui = replace(scene.talk.cui, open=True)
    chat_close = scene.talk.chat_layout(scene.vp.pixels, scene.shown(), scene.layout()).close
    scene.talk.cui = replace(scene.talk.cui, open=False)
    assert lay.close == chat_close and lay.close is not None
    assert not pygame.Rect(lay.close).colliderect(pygame.Rect(lay.toggle))
    x, y, w, h = lay.close
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
    assert not scene.tracker.open


def test_issue14_the_panel_shows_the_counts_of_this_seats_own_view() -> None:
    state = replace(_own_turn(), tracker=True)
    scene = _scene(state)
    scene.tracker.open = True
    counts = track(state.view).unseen_by_number
    with watch() as seen:
        scene.draw(pygame.Surface((1280, 800)))
    texts = [d.text for d in seen]
    assert [t for t in texts if t.startswith("×") and t != "×"] == [f"×{n}" for n in counts]
    assert texts.count("×") == 1  # the panel's close button, as the chat panel's
    assert "Not seen by you yet" in texts and "Tile tracker" in texts


def test_every_unseen_tile_fits_in_the_open_panel_at_a_readable_size() -> None:
    """Kind: a panel's contents cut at its bottom (new user at 800x600: with 43 unseen tiles the last
    row of small tiles was cut off, and the panel does not scroll). At the start of play (no tile on
    the line: 45 unseen for a seat, 55 for a spectator) at every size from 800x600, every unseen tile
    is drawn whole inside the panel, at least MIN_TILE_W - 3 px wide, one rect per tile."""
    from doublenine.client.tracking import MIN_TILE_W
    from doublenine.shared.views import SpectatorView
    pygame.display.init()
    pygame.font.init()
    turn = _own_turn()
    player = replace(turn.view, line=(), counts=(10, 10, 10, 10), hand=turn.view.hand)
    fields = {f: getattr(player, f) for f in SpectatorView.__dataclass_fields__}
    for view, unseen in ((player, 55 - len(player.hand)), (SpectatorView(**fields), 55)):
        state = replace(turn, view=view, tracker=True)
        assert len(track(view).unseen) == unseen
        for size in ((800, 600), (1000, 700), (1059, 700), (1280, 800), (1366, 768), (1920, 600), (1920, 1080),
                     (800, 1080)):
            scene = _scene(state, size)
            scene.tracker.open = True
            lay = scene._tracker_layout()
            rects = scene.tracker.draw(pygame.Surface(size), state, lay)
            assert len(rects) == unseen, size
            panel = pygame.Rect(lay.panel)
            assert all(panel.contains(pygame.Rect(r)) and r[2] >= MIN_TILE_W - 3 for r in rects), (size, rects[-1], panel)


def test_between_hands_the_tiles_button_stays_greyed_and_t_says_why() -> None:
    """New user s9 item 5: at a hand's end the Tiles button vanished and T did nothing, with no word why.
    Kind: a control that came and went with the phase, silently; it now stays greyed once a hand was
    played, and T or a click on it says when the tracker shows (the toast), in the player's language."""
    from scenes_catalog import table_scene

    state, ui = next((s, u) for n, s, u in table_states() if n == "reveal")
    state = replace(state, tracker=True)
    assert state.view.finished and not offered(state)
    scene = table_scene(state, ui, "fr", (1280, 800))
    lay = scene._tracker_layout()
    assert lay.toggle is not None and lay.panel is None
    scene.handle(_key(pygame.K_t))
    assert not scene.tracker.open
    assert scene.tracker_note is not None and scene.tracker_note[0] == "Le suivi des pièces s’affiche pendant une manche"
    scene.tracker_note = None
    x, y, w, h = lay.toggle
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
    assert not scene.tracker.open and scene.tracker_note is not None
    note = scene.tracker_note_box()  # beside the button, clear of the hand end's prompt (no toast is drawn over it)
    assert note is not None and not pygame.Rect(note).colliderect(pygame.Rect(scene.layout().panel.rect))
    assert not pygame.Rect(note).colliderect(pygame.Rect(lay.toggle)) and note[0] >= 0
    with watch() as seen:
        scene.draw(pygame.Surface((1280, 800)))
    drawn = [d.text for d in seen]
    assert "Pièces" in drawn and "Le suivi des pièces s’affiche pendant une manche" in drawn
    # before any hand was played (the review of the first deal) the button is not there yet
    fresh = replace(_own_turn(), tracker=True)
    first = replace(fresh, view=replace(fresh.view, phase=Phase.REVIEW, finished=()))
    assert _scene(first)._tracker_layout().toggle is None


def test_s10_item8_the_tracker_scales_with_a_4k_window() -> None:
    """New user s10 item 8: at 3840x2160 the open tracker was a 420 px strip of 40 px text with 49 px
    tiles and empty space below. The side panel (chat or tracker) takes its quarter of the window within
    bounds that grow with the window's scale, and the unseen tiles grow with the panel's text. At
    1280x800 nothing changes (345 px panel, 53 px cells)."""
    from doublenine.client import chat
    from doublenine.client.tracking import widest
    pygame.display.init()
    pygame.font.init()
    turn = _own_turn()
    state = replace(turn, view=replace(turn.view, line=(), counts=(10, 10, 10, 10)), tracker=True)
    cases = {(3840, 2160): ((2804, 0, 1036, 2160), 40, 135), (1280, 800): ((935, 0, 345, 800), 15, 50)}
    for size, (panel, font, tile) in cases.items():
        scene = _scene(state, size)
        scene.tracker.open = True
        lay = scene._tracker_layout()
        rects = scene.tracker.draw(pygame.Surface(size), state, lay)
        assert lay.panel == panel and lay.font == font and chat.panel_width(size) == panel[2]
        assert {r[2] for r in rects} == {tile}, (size, {r[2] for r in rects})
        assert all(pygame.Rect(panel).contains(pygame.Rect(r)) for r in rects)
    assert (widest(15), widest(40)) == (52, 138)


def test_s16_f10_the_unseen_tiles_grow_with_the_text_size() -> None:
    """s16 access F10: the tracker's unseen tiles were as wide at 200 % as at 100 % (1920x1080), pips blurred and
    the room under them empty. Kind: tiles sized from a text size that ignores the player's setting. From
    125 % up they take up to the size asked times their widest, three a row at least, within the panel's
    room: early in a hand (48 unseen) 66 px at 1920x1080 100 %, 92 px at 200 %; 54 and 65 px at
    1366x768, where the window gives the text only 104 %; every tile whole inside the panel. (118 and 83 px at
    200 % until textsize s17 item 1 set the panel's text at the Text size too: 25 px, and 18 at 1366x768, where
    it stayed 20 and 14: its heading, counts and passes take more of the panel.)"""
    from doublenine.client.layout import set_text_size
    pygame.display.init()
    pygame.font.init()
    turn = _own_turn()
    state = replace(turn, view=replace(turn.view, line=(), counts=(10, 10, 10, 10)), tracker=True)
    for size, widths in (((1920, 1080), {100: 66, 200: 92}), ((1366, 768), {100: 54, 200: 65})):
        for percent, width in widths.items():
            set_text_size(percent)
            scene = _scene(state, size)
            scene.tracker.open = True
            lay = scene._tracker_layout()
            rects = scene.tracker.draw(pygame.Surface(size), state, lay)
            assert {r[2] for r in rects} == {width}, (size, percent)
            assert len(rects) == 48 and all(pygame.Rect(lay.panel).contains(pygame.Rect(r)) for r in rects)
