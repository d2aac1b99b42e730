"""Nothing of the table overlaps anything else at any window size, with or without a side panel.

The kind of bug: layout elements placed without checking room for the others. Found by a new user
at 800x600: the "Waiting for ..." card over the host's "Invite friends" chip, the partner's tile
backs fanned unreadably when the tile tracker narrowed the table, "played every tile" and "0 pips"
run together in the hand-end panel with the chat open; and, looking for the kind, the invite card
pushed back over "Waiting for players" (and the own plate) in a short window, a wait card over a
seat's turn marker, the line of play under the partner's turn marker. Rectangles, exact.
"""
from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from doublenine.client import chat
from doublenine.client.input import Viewport
from doublenine.client.layout import compute_layout, marker_zone
from doublenine.client.local import LocalSession
from doublenine.client.panels import PIPS_W
from doublenine.client.scenes.lan_host import HostedTable, RemoteServer
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.text import tr, trn
from doublenine.client.typeset import Typeface
from doublenine.client.uistate import Ui
from doublenine.client.waiting import obstacles, wait_card
from doublenine.shared.moves import Play
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat

from client_helpers import my_turn_with_play, session_at

SIZES = ((800, 600), (1024, 768), (1280, 720), (1920, 1080), (700, 900))
LANGS = ("en", "fr", "pt", "de", "es")
Rect = tuple[int, int, int, int]


def overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def inside(r: Rect, outer: Rect) -> bool:
    return r[0] >= outer[0] and r[1] >= outer[1] and r[0] + r[2] <= outer[0] + outer[2] \
        and r[1] + r[3] <= outer[1] + outer[3]


@pytest.fixture(scope="module")
def full_hands():  # type: ignore[no-untyped-def]
    """Seat 1 to play, every other seat holding ten tiles (the most backs to place)."""
    state = session_at(my_turn_with_play).state
    return replace(state, view=replace(state.view, counts=(len(state.view.hand), 10, 10, 10)))


def _table(state, size: tuple[int, int], side_open: bool, lang: str = "en"):  # type: ignore[no-untyped-def]
    tile = next(m.tile for m in state.view.legal_moves() if isinstance(m, Play))
    at, side = chat.arrange(size, side_open)
    return compute_layout(state, Ui(selected=tile, seen_finished=0), at, lang, side)


@pytest.mark.parametrize("side_open", (False, True), ids=("closed", "chat-or-tracker-open"))
@pytest.mark.parametrize("size", SIZES)
def test_plates_markers_backs_line_hand_and_buttons_never_overlap(full_hands, size, side_open) -> None:  # type: ignore[no-untyped-def]
    lay = _table(full_hands, size, side_open)
    f, sm = lay.font, lay.small
    boxes = [("hand", h.rect) for h in lay.hand] + [("button", b.rect) for b in lay.buttons]
    boxes += [("line", sp.rect) for sp in lay.line.spots] + [("mark", mk.rect) for mk in lay.marks]
    boxes += [("status", lay.status_rect), ("help", lay.help_rect)]
    boxes += [("side", lay.side)] if lay.side is not None else []
    for s in lay.seats:
        boxes += [(f"plate-{s.side}", s.plate)] + [(f"back-{s.side}", r) for r in s.backs]
        if s.side in ("top", "bottom"):  # the side seats' badge and marker lie right of their stacks
            boxes.append((f"marker-{s.side}", marker_zone(s, f, sm)))
    for (ka, a), (kb, b) in itertools.combinations(boxes, 2):
        if ka == kb == "line" or {ka, kb} == {"line", "mark"}:  # the line's own tiles touch; marks: open_marks
            continue
        assert not overlap(a, b), (ka, a, kb, b, size)
    for s in lay.seats:  # the side seats' badge and marker: never over the line of play
        for r in (sp.rect for sp in lay.line.spots):
            assert not overlap(marker_zone(s, f, sm), r), (s.side, r, size)
    assert lay.play_area[1] >= max(marker_zone(s, f, sm)[1] + marker_zone(s, f, sm)[3]
                                   for s in lay.seats if s.side != "bottom")


@pytest.mark.parametrize("size", SIZES)
def test_partners_ten_backs_stay_distinct_and_countable_with_the_tracker_open(full_hands, size) -> None:  # type: ignore[no-untyped-def]
    """Once fanned 2 px apart into one block at 800x600: now a gap between every two, at least 8 px wide."""
    lay = _table(full_hands, size, True)
    top = next(s for s in lay.seats if s.side == "top")
    assert len(top.backs) == 10
    assert min(r[2] for r in top.backs) >= 8 and all(r[3] == 2 * r[2] for r in top.backs)
    for a, b in itertools.combinations(top.backs, 2):
        assert not overlap(a, b)
        gap = max(b[0] - a[0] - a[2], a[0] - b[0] - b[2], b[1] - a[1] - a[3], a[1] - b[1] - b[3])
        assert gap >= 1, (a, b)
    felt = lay.side[0] if lay.side is not None else lay.size[0]
    assert all(r[0] >= 0 and r[0] + r[2] <= felt for r in top.backs)


def test_the_case_at_800x600_the_tracker_puts_the_backs_under_the_plate_full_size(full_hands) -> None:
    lay = _table(full_hands, (800, 600), True)
    top = next(s for s in lay.seats if s.side == "top")
    zone = marker_zone(top, lay.font, lay.small)
    left = next(s for s in lay.seats if s.side == "left")
    assert [r[2] for r in top.backs] == [left.backs[0][3]] * 10  # as wide as the side stacks' tiles are tall
    assert min(r[1] for r in top.backs) > zone[1] + zone[3] - 1


def _finished() -> LocalSession:
    s = session_at(lambda state: bool(state.finished), seed=2026, names=("José", "Zoë", "Ñandú", "Jose\u0301 Luis"))  # the first hand ended
    s._refresh()  # type: ignore[attr-defined]
    return s


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("side_open", (False, True), ids=("closed", "chat-open"))
@pytest.mark.parametrize("size", SIZES)
def test_hand_end_rows_keep_names_tiles_and_pips_apart(size, side_open, lang) -> None:  # type: ignore[no-untyped-def]
    """Seed 2026's first hand ends in a domino by Zoë: her row says "played every tile" and "0 pips"."""
    state = _finished().state
    at, side = chat.arrange(size, side_open)
    lay = compute_layout(state, Ui(seen_finished=0), at, lang, side)
    assert lay.panel is not None and lay.panel.kind == "reveal"
    face = Typeface()  # what Art draws with (the shared measurer can be left on another font by other tests)
    out = [r for r in lay.panel.rows if not r.tiles]
    assert len(out) == 1 and out[0].pips == 0
    for row in lay.panel.rows:
        x, y, w, h = row.rect
        mx, my, mw, mh = row.middle
        assert x + row.name_w <= mx and mx + mw + round(PIPS_W * lay.font) <= x + w, (row, size)
        assert all(inside(sp.rect, row.middle) for sp in row.tiles), (row, size)
        pips = face.measure(trn(lang, "{count} pip", "{count} pips", row.pips), lay.font, True)[0]
        assert pips <= x + w - lay.font // 2 - (mx + mw) - lay.font // 2, (lang, pips, size)
        if not row.tiles:  # at full size: "a posé toutes ses pièces" fits its box without shrinking; in a
            # window narrower than the supported 800 px, shrunk by at most a fifth (render fits it to the box)
            need = face.measure(tr(lang, "played every tile"), lay.font, True)[0]
            assert need <= (mw if size[0] >= chat.MIN_TABLE_WIDTH else mw * 5 // 4), (lang, need, mw, size)
    if lay.side is not None:
        assert not overlap(lay.panel.rect, lay.side)


def _host(size: tuple[int, int], started: bool, wait_for: Seat | None = None):  # type: ignore[no-untyped-def]
    s = LocalSession(seed=2026, names=("José", "Zoë", "Ñandú", "Maximiliano Alejandro"),
                     humans=frozenset({Seat.ONE, Seat.FOUR}))
    if wait_for is not None:
        for _ in range(2000):
            st = s.log.state
            if st.hand is not None and st.hand.turn is wait_for and not (set(to_act(st)) - {wait_for}):
                break
            s.log.submit(legal_decisions(st, sorted(to_act(st))[0])[0])
        s._refresh()  # type: ignore[attr-defined]
    s.state = replace(s.state, table="K7QPA", started=started, computers=frozenset({Seat.TWO, Seat.THREE}),
                      wait=(1, 83.0))
    scene = TableScene(s, lang="de", sounds=Sounds(muted=True), motion=False)
    scene.talk.remember = False
    host = HostedTable(scene, RemoteServer("ws://192.168.1.20:8765/"), "de")
    host.resize(Viewport(size, size))
    return host, scene


@pytest.mark.parametrize("size", SIZES)
def test_invite_card_lies_under_waiting_for_players_clear_of_the_table(size) -> None:
    """Once the card was pushed back up over "Waiting for players" (and over the own plate) when the room
    under the prompt was short: now the table keeps that room and the card stays in the play area."""
    host, scene = _host(size, started=False)
    assert host.card_open()
    lay, around = scene.layout(), host.layout()
    card = around["card"]
    assert lay.panel is not None and lay.panel.kind == "lobby"
    assert not overlap(card, lay.panel.rect) and inside(card, lay.play_area), (card, lay.panel.rect, lay.play_area)
    for s in lay.seats:
        assert not overlap(card, s.plate)
    assert not overlap(card, lay.status_rect) and not overlap(card, lay.help_rect)
    toggle = scene.talk.chat_layout(size, scene.shown(), lay).toggle
    assert not overlap(card, toggle)


@pytest.mark.parametrize("side_open", (False, True), ids=("closed", "chat-open"))
@pytest.mark.parametrize("size", SIZES)
def test_wait_card_never_covers_the_invite_chip(size, side_open) -> None:
    """The case: at 800x600 the card "Waiting for Maximiliano" (West, under whose plate the chip sits)
    was placed right over "Invite friends"."""
    host, scene = _host(size, started=True, wait_for=Seat.FOUR)
    host.shown = False
    scene.talk.cui = chat.ChatUi(open=side_open)
    scene.update(100.0)
    lay = scene.layout()
    chip = host.layout()["chip"]
    assert lay.reserved == (chip,)
    card = wait_card(scene.shown(), lay, 83.0, True, scene.ui, "en")
    assert card is not None
    assert not overlap(card.rect, chip), (card.rect, chip, size)
    assert (chip, 10 ** 8) in obstacles(lay)
    west = next(s for s in lay.seats if s.seat is Seat.FOUR)
    assert not overlap(card.rect, west.plate) and not overlap(card.rect, marker_zone(west, lay.font, lay.small))


def _chat_open_wait(size: tuple[int, int], error: str | None = None):  # type: ignore[no-untyped-def]
    """The README's chat-open picture: Zoë (East, a person) awaited for 1:23, the chat open, in French."""
    s = LocalSession(seed=2026, names=("José", "Zoë", "Ñandú", "Maximiliano"),
                     humans=frozenset({Seat.ONE, Seat.TWO, Seat.THREE}))
    for _ in range(2000):
        st = s.log.state
        if st.hand is not None and st.hand.turn is Seat.TWO and not (set(to_act(st)) - {Seat.TWO}):
            break
        s.log.submit(legal_decisions(st, sorted(to_act(st))[0])[0])
    s._refresh()  # type: ignore[attr-defined]
    s.state = replace(s.state, table="K7QPA", computers=frozenset({Seat.FOUR}), error=error, wait=(1, 83.0))
    scene = TableScene(s, lang="fr", sounds=Sounds(muted=True), motion=False)
    scene.talk.remember = False
    scene.resize(Viewport(size, size))
    scene.update(100.0)
    scene.talk.cui = chat.ChatUi(open=True)
    return scene


@pytest.mark.parametrize("size", SIZES)
def test_wait_card_with_the_chat_open_hides_no_open_number_line_or_plate(size) -> None:
    """The case at 800x600: the card lay over Zoë's turn marker, then over the top open number; now it
    may lie over the status line "Zoë to play" (it says the same), which is then not drawn."""
    scene = _chat_open_wait(size)
    lay = scene.layout()
    cards = scene.talk.cards(scene.shown(), lay, scene.ui)
    assert len(cards) == 1
    card = cards[0].rect
    hidden = [mk.rect for mk in lay.marks] + [sp.rect for sp in lay.line.spots] + [h.rect for h in lay.hand]
    hidden += [s.plate for s in lay.seats] + [marker_zone(s, lay.font, lay.small) for s in lay.seats]
    hidden += [b for s in lay.seats for b in s.backs] + ([lay.side] if lay.side is not None else [])
    assert not any(overlap(card, r) for r in hidden), (card, size)
    assert inside(card, (0, 0, *lay.size))
    drawn: list[object] = []
    import doublenine.client.scenes.table as table_scene
    real = table_scene.render
    table_scene.render = lambda surface, lay_, *a, **k: drawn.append(lay_) or real(surface, lay_, *a, **k)  # type: ignore[assignment]
    try:
        import pygame
        scene.draw(pygame.Surface(size))
    finally:
        table_scene.render = real  # type: ignore[assignment]
    shown = drawn[0].status  # type: ignore[attr-defined]
    assert shown == (() if overlap(card, lay.status_rect) else lay.status)
    if size == (800, 600):  # the open numbers sit where the next tiles go (s9 item 7): room above the line
        assert card == (245, 156, 256, 105) and not overlap(card, lay.status_rect) and shown == lay.status


def test_wait_card_never_hides_a_refusal_in_the_status_line() -> None:
    scene = _chat_open_wait((800, 600), error="not_your_turn")
    lay = scene.layout()
    card = scene.talk.cards(scene.shown(), lay, scene.ui)[0].rect
    assert not overlap(card, lay.status_rect)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES + ((1280, 800),))
def test_no_line_tile_under_the_invite_chip(size, lang) -> None:
    """The case (new user, 1280x800 in Spanish): a line wrapped to the top left drew a tile at about
    (172-228, 164-218) under "Invitar amigos" (12-210, 155-191). Kind: a control on the felt that the
    line's area did not know about; every tile, open-end mark and ghost stays clear of the chip."""
    from client_helpers import synthetic_line, with_line

    host, scene = _host(size, started=True)
    host.lang = scene.lang = lang
    host.shown = False
    for mode, n, seed in (("left", 18, 3), ("alternate", 27, 5), ("random", 35, 11), ("right", 20, 2)):
        scene.session.state = with_line(scene.session.state, synthetic_line(n, mode, seed))
        scene.update(100.0)
        lay = scene.layout()
        chip = host.layout()["chip"]
        assert lay.reserved == (chip,) and host.chip_shown()
        assert not overlap(lay.play_area, chip), (lay.play_area, chip)
        for spot in lay.line.spots:
            assert not overlap(spot.rect, chip), (mode, spot.rect, chip)
        for mark in lay.marks:
            assert not overlap(mark.rect, chip), (mode, mark.rect, chip)


@pytest.fixture(scope="module")
def catalog_states():  # type: ignore[no-untyped-def]
    import pygame
    from scenes_catalog import table_states
    pygame.display.init()
    pygame.font.init()
    return {name: (state, ui) for name, state, ui in table_states()}


def _toggles(scene) -> list[tuple[str, Rect]]:  # type: ignore[no-untyped-def]
    """The Chat and Tiles buttons as the scene draws them (the closed chat's button, the tracker's)."""
    out = []
    if not scene.talk.cui.open:
        out.append(("chat", scene.talk.chat_layout(scene.vp.pixels, scene.shown(), scene.layout()).toggle))
    tiles = scene._tracker_layout().toggle
    if tiles is not None:
        out.append(("tiles", tiles))
    return out


TOGGLE_SIZES = ((800, 600), (1280, 800), (1366, 768))


@pytest.mark.parametrize("side", ["", "tracker", "chat"])
@pytest.mark.parametrize("size", TOGGLE_SIZES, ids=str)
@pytest.mark.parametrize("lang", LANGS)
def test_the_status_line_keeps_clear_of_the_tiles_and_chat_buttons(catalog_states, lang, size, side) -> None:  # type: ignore[no-untyped-def]
    """New user 5: with the tile tracker open at 1280x800 the status line ran under the Tiles button
    ("…elsewhere to ca"): the layout kept room for buttons sized for the narrowed table, not for the
    window they are sized for. The longest instruction, in every language, lies left of both buttons."""
    from scenes_catalog import table_scene
    state, ui = catalog_states["own-turn-lifted"]
    scene = table_scene(replace(state, tracker=True), ui, lang, size, side)
    lay = scene.layout()
    buttons = _toggles(scene)
    assert [k for k, _ in buttons] == (["tiles"] if side == "chat" else ["chat", "tiles"])
    assert lay.status
    for (row, box), (name, rect) in itertools.product(lay.status, buttons):
        assert not overlap(box, rect), (row, box, name, rect)
        assert inside(rect, lay.toggles), (name, rect, lay.toggles)


@pytest.mark.parametrize("side", ["", "tracker", "chat"])
@pytest.mark.parametrize("size", TOGGLE_SIZES, ids=str)
@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_end_panel_keeps_clear_of_the_tiles_and_chat_buttons(catalog_states, lang, size, side) -> None:  # type: ignore[no-untyped-def]
    """New user 5: at a hosted table's hand end (the next hand already in play, so the tracker still
    offered) the result panel covered the Tiles button and ran over Chat (1280x800, tracker open)."""
    from doublenine.shared.state import Phase
    from scenes_catalog import table_scene
    state, ui = catalog_states["reveal"]
    state = replace(state, tracker=True, view=replace(state.view, phase=Phase.PLAY))
    scene = table_scene(state, ui, lang, size, side)
    lay = scene.layout()
    assert lay.panel is not None and lay.panel.kind == "reveal"
    buttons = _toggles(scene)
    assert len(buttons) == (1 if side == "chat" else 2)
    for name, rect in buttons:
        assert not overlap(lay.panel.rect, rect), (name, rect, lay.panel.rect)


def test_the_case_1280x800_tracker_open_status_left_of_tiles(catalog_states) -> None:
    from scenes_catalog import table_scene
    state, ui = catalog_states["own-turn-lifted"]
    scene = table_scene(replace(state, tracker=True), ui, "en", (1280, 800), "tracker")
    lay = scene.layout()
    tiles = scene._tracker_layout().toggle
    assert lay.size == (935, 800) and tiles is not None
    assert max(box[0] + box[2] for _, box in lay.status) <= tiles[0]
    assert [row for row, _ in lay.status] == ["Click a lit end or the ghost tile", "to play, elsewhere to cancel"]


FOOTER_SIZES = ((800, 600), (1280, 800), (700, 900), (3840, 2160))


@pytest.mark.parametrize("side", ["", "tracker", "chat"])
@pytest.mark.parametrize("size", FOOTER_SIZES, ids=str)
@pytest.mark.parametrize("lang", LANGS)
def test_every_footer_wraps_into_rows_that_fit_and_never_overlap(catalog_states, lang, size, side) -> None:  # type: ignore[no-untyped-def]
    """New user s10 item 4: the key help's two rows ran into each other and the lower one was cut by the
    window's bottom edge (English 800x600, French 1280x800 with the tracker allowed, Spanish 1280x800
    with the chat open): the footer was kept one row high (the hand's keys alone) while M, C and T made
    the keys wrap to two. Every state of the catalog, with the keys an overlay or the chat field takes:
    each row fits its width at the footer's font, has its own band inside the footer, and the footer
    lies inside the window under the hand's numbers."""
    from doublenine.client.footer import FOOTER_ROW, footer_rows
    from scenes_catalog import table_scene
    face = Typeface()
    for name, (state, ui) in catalog_states.items():
        scene = table_scene(replace(state, tracker=True), ui, lang, size, side)
        for keys in ("table", "overlay", "chat"):
            lay = compute_layout(scene.shown(), ui, scene.layout().size, lang, side=0, keys=keys) \
                if keys != "table" else scene.layout()
            hx, hy, hw, hh = lay.help_rect
            assert hy + hh <= lay.size[1] and hx >= 0 and hx + hw <= lay.size[0], (name, keys, lay.help_rect)
            assert len(lay.help) * round(FOOTER_ROW * lay.small) <= hh, (name, keys, lay.help, hh)
            boxes = footer_rows(lay.help_rect, len(lay.help), lay.small)
            for row, box in zip(lay.help, boxes):
                assert face.measure(row, lay.small)[0] <= box[2], (name, keys, row, box)
                assert inside(box, lay.help_rect), (name, keys, box, lay.help_rect)
            for a, b in itertools.combinations(boxes, 2):
                assert not overlap(a, b)
            numbers = max((h.rect[1] + h.rect[3] for h in lay.hand), default=0) + round(1.3 * lay.small)
            assert numbers <= hy or not lay.hand, (name, keys, numbers, hy)


@pytest.mark.parametrize(("lang", "size", "side", "rect", "rows"), [
    # s14 left alone: with one end to play no "L/R: end" (footer._tile_keys): the lifted tile's footer is one
    # row now, in the band of two rows the footer keeps for its longest (footer.footer_texts)
    ("en", (800, 600), "", (8, 564, 746, 36),  # the sound button right of it (buttons.sound_room)
     ("1-9, 0 or two pips: choose a tile · arrows: move · Enter: play · Esc: cancel · H hint · U undo · M sound · "
      "C chat · S settings",)),  # no P, no Y: they act not here
    ("fr", (1280, 800), "", (12, 758, 1211, 42),
     ("1-9, 0 ou deux nombres\u00a0: choisir une pièce · flèches\u00a0: se déplacer · Entrée\u00a0: jouer · "
      "Échap\u00a0: reposer · H conseil · U annuler · M son · C discussion · S paramètres · T pièces",)),
    ("es", (1280, 800), "chat", (9, 764, 879, 36),
     ("1-9, 0 o dos números: escoger ficha · flechas: moverse · Enter: jugar · Esc: cancelar · H consejo · "
      "U deshacer · M sonido · C chat · S ajustes",)),
], ids=("en-800x600", "fr-1280x800-tracker", "es-1280x800-chat"))
def test_the_cases_the_footers_two_rows_each_have_their_band(catalog_states, lang, size, side, rect, rows) -> None:  # type: ignore[no-untyped-def]
    """The reported cases: a footer two rows high (it was one: 20, 23 and 20 px), each row in its band."""
    from doublenine.client.footer import footer_rows
    from scenes_catalog import table_scene
    state, ui = catalog_states["own-turn-lifted"]
    scene = table_scene(replace(state, tracker=lang == "fr"), ui, lang, size, side)
    lay = scene.layout()
    assert lay.help_rect == rect and lay.help == rows
    first, second = footer_rows(lay.help_rect, 2, lay.small)
    assert first[1] + first[3] == second[1] and second[1] + second[3] <= rect[1] + rect[3]


@pytest.mark.parametrize("side", ["", "tracker", "chat"])
@pytest.mark.parametrize("size", TOGGLE_SIZES, ids=str)
@pytest.mark.parametrize("lang", LANGS)
def test_a_request_over_the_hand_end_keeps_its_rows_plates_and_buttons_in_sight(catalog_states, lang, size, side) -> None:  # type: ignore[no-untyped-def]
    """New user s2 item 2 (46, 47): a friend's undo request covered three of the hand end's rows and its
    "Blocked: ..." line. It lies below them (panels.request_below), clear of every seat's plate but the
    own one's edge, of the Tiles and Chat buttons, and of the footer."""
    from doublenine.client.panels import request_room
    from doublenine.client.store import ConsentPrompt
    from doublenine.shared.state import Phase
    from doublenine.shared.wire import EffectW
    from scenes_catalog import table_scene
    state, ui = catalog_states["reveal"]
    state = replace(state, tracker=True, view=replace(state.view, phase=Phase.PLAY),
                    consent=(ConsentPrompt("r1", Seat.TWO, "undo", EffectW(moves=3, passes=3, hands=(1,), scores=(0, 0))),))
    scene = table_scene(state, ui, lang, size, side)
    lay = scene.layout()
    assert lay.panel.kind == "consent" and lay.beneath is not None and lay.beneath.kind == "reveal"
    box = lay.panel.rect
    assert box[1] >= request_room(lay.beneath, lay.font)
    assert not any(overlap(box, r.rect) for r in lay.beneath.rows)
    for s in lay.seats[1:]:
        assert not overlap(box, s.plate), (s.seat, s.plate, box)
    for name, rect in _toggles(scene):
        assert not overlap(box, rect), (name, rect, box)
    assert box[1] + box[3] <= lay.help_rect[1]
