"""Pure geometry of the table for one window size (DESIGN "Client", issue 5 item 3).

``compute_layout(state, ui, size)`` returns every rectangle the painter draws
and the input code hits: the viewer's hand at the bottom, the next seat at the
right, the partner at the top, the fourth seat at the left (R2), the winding
line of play with its open ends and previews (R25), buttons and prompts. No
display is needed; rectangles are ``(x, y, w, h)`` tuples in window pixels.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace

from doublenine.shared.moves import End, Pass, Play
from doublenine.shared.seats import Seat, seats_from
from doublenine.shared.state import FinishedHand, Phase, Placed
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SeatView
from doublenine.shared.wire import MAX_HAND_TILES

from .buttons import sound_button, sound_room, table_buttons, top_bar_rows
from .focus import focused
from .footer import footer_height, footer_texts, help_rows, key_help, status_rows
from .panels import (Button, Panel, beneath, build_panel, content_sizes, draw_tile_min, holds, request_below,
                     request_clear, request_room)
from .board import OpenMark, last_marks, legal_ends, open_marks, previews  # noqa: F401 - legal_ends: input, scenes
from .snake import LineGeometry, Rect, Spot, line_geometry, overlaps
from .store import ClientState
from .typeset import measurer
from .uistate import Ui

Target = tuple[str, object]
"""What a point hits: ("button", id), ("why", id) (a greyed button that says why it cannot act: ``Button.why``),
("hand", Tile), ("ghost", End), ("end", End), ("draw", int)."""


@dataclass(frozen=True, slots=True)
class HandTile:
    """One of the viewer's tiles: ``number`` 1..10 is its keyboard position (0 types the 10th)."""

    tile: Tile
    rect: Rect
    playable: bool
    selected: bool
    number: int
    rise: int = 0
    """Px the tile stands above the row (``rect`` is already raised): a lifted tile's lift, or a playable one's
    :data:`PLAYABLE_RISE` step; its position number stays on the row's line (render._hand)."""


@dataclass(frozen=True, slots=True)
class SeatSpot:
    """A seat's place at the table: name plate and face-down tiles (``backs``)."""

    seat: Seat
    side: str
    plate: Rect
    backs: tuple[Rect, ...]
    backs_vertical: bool
    turn: bool
    passed: bool


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Everything placed for one frame; ``hit`` answers what a point touches."""

    size: tuple[int, int]
    u: float
    font: int
    small: int
    top_bar: Rect
    score_rect: Rect
    status_rect: Rect
    help_rect: Rect
    play_area: Rect
    hand: tuple[HandTile, ...]
    seats: tuple[SeatSpot, ...]
    line: LineGeometry
    ends: dict[End, Rect]
    ghosts: dict[End, Spot]
    chosen: End | None
    """The end Enter plays the lifted tile at (issue 11.3), None while the player has not chosen."""
    marks: tuple[OpenMark, ...]
    """R15: the two open numbers, drawn large beside their ends (issue 11.2)."""
    help: tuple[str, ...]
    """The key help (or the spectator's notice), translated and broken into rows that fit."""
    last: Rect | None
    buttons: tuple[Button, ...]
    panel: Panel | None
    banner: Rect | None
    side: Rect | None = None
    """Kept free for an open side panel (chat, tracker) in a window too narrow to share: the right of
    the table's middle, between the top bar and the status line; nothing of the table is placed there."""
    status: tuple[tuple[str, Rect], ...] = ()
    """The status line's translated rows, each with the box it is drawn centred in: left of the chat and
    tracker buttons (which sit at the status line's height at the right), one row or two when too long."""
    reserved: tuple[Rect, ...] = ()
    """Boxes a scene drawn over the table keeps for itself (the host's "Invite" chip): the cards
    placed on the table (waiting.py) never cover them."""
    toggles: Rect = (0, 0, 0, 0)
    """Where the Tiles and Chat buttons sit (at the status line's height, at the table's right edge, as
    sized for the window: :func:`toggle_zone`): the status line and the hand end's panel keep clear."""
    beneath: Panel | None = None
    """The prompt a request (``panel``, :data:`.panels.REQUESTS`) is shown over, drawn under it with its
    buttons disabled (:func:`.panels.beneath`): the hand's end the player was reading stays in sight."""
    others: tuple[Button, ...] = ()
    """Controls other parts of the window draw and answer on the table (the wait cards' buttons, the Tiles
    and Chat buttons, the open chat's, the host's invite), each id prefixed ``other:``: Tab visits them too
    (client/focus.py), their press is a click at their centre (scenes/table.TableScene.press_other). Set by
    the scene where the keys are read and the ring drawn; empty in :func:`compute_layout`'s own."""
    details: Rect | None = None
    """The top bar's second row, under the scores (:attr:`score_rect`, then the first row), for the
    table code, target and hand when one row cannot hold the team names, those and the buttons
    (:func:`.buttons.top_bar_rows`); None: they follow the scores on the one row."""

    lasts: tuple[tuple[Seat, Rect], ...] = ()
    """Each seat's last tile on the line (its rect), the seat that played last first: marked by the
    painter with that seat's arrow (new user s12 item 1: "what just happened" was a faint glow)."""
    last_marks: tuple[Rect, ...] = ()
    """The box of each of :attr:`lasts`' arrow badges, in the same order (:func:`.board.last_marks`: on no
    pip of the line, no open number, no ghost)."""
    recap: Rect | None = None
    """The box of the hand's last moves (:func:`recap_moves`), above the own plate's markers; None
    when there is no move yet or no room."""
    recap_rows: tuple[tuple[str, str], ...] = ()
    """The recap's rows, oldest first: (the seat's arrow, "Zoë 6-6" or "Zoë passed"), translated."""

    def left_of_side(self, window_w: int) -> int:
        """Px from the left of a window ``window_w`` px wide to where an open side panel (chat, tile
        tracker) starts: :attr:`side`'s left edge, else the table's own width within the window. What lies
        over the table (the toast, the host's close prompt) stays left of it, never over the panel."""
        return self.side[0] if self.side is not None else min(window_w, self.size[0])

    @property
    def reveal(self) -> Panel | None:
        """The hand end's panel (R22) when it is shown, on top or under a request."""
        return next((p for p in (self.panel, self.beneath) if p is not None and p.kind == "reveal"), None)

    def hit(self, pos: tuple[float, float]) -> Target | None:
        """The topmost target at ``pos`` (window pixels), or None."""
        if self.panel is not None:
            found = self.panel.hit(pos)
            if found is not None:
                return found
        for b in self.buttons:
            if (b.enabled or b.why is not None) and _inside(pos, b.rect):
                return ("button" if b.enabled else "why", b.id)
        if self.panel is not None and self.panel.modal and _inside(pos, self.panel.rect):
            return ("panel", self.panel.kind)
        for end, spot in self.ghosts.items():
            if _inside(pos, spot.rect):
                return ("ghost", end)
        for end, rect in self.ends.items():
            if end in self.ghosts and _inside(pos, rect):
                return ("end", end)
        for h in reversed(self.hand):
            if _inside(pos, h.rect):
                return ("hand", h.tile)
        return None


def _inside(pos: tuple[float, float], r: Rect) -> bool:
    x, y = pos
    return r[0] <= x < r[0] + r[2] and r[1] <= y < r[1] + r[3]


TEXT_SIZES = (100, 125, 150, 200)
"""The player's "Text size" choices, percent (s14 access F2: nothing could be made bigger in a window that
already filled a laptop's screen). Stored in client.json (``config.Settings.text_size``)."""
_TEXT_SIZE = [100]
ROOM = (1152, 768)
"""The window, px, that the layout gives text 1x room in; a window ``k`` times larger on both sides may take
up to ``k`` times larger text (:func:`zoom`). Measured (tests/client/test_text_fit.py at 125-200 %): larger
text in a smaller window shrank or cut words (the start screen's seat button in French, a failure message)."""


def set_text_size(percent: int) -> int:
    """Use ``percent`` (one of :data:`TEXT_SIZES`; another value: the largest choice not above it, 100 at
    least) for every size :func:`metrics` gives from now on; returns the percent used."""
    chosen = max([p for p in TEXT_SIZES if p <= percent] or [TEXT_SIZES[0]])
    _TEXT_SIZE[0] = chosen
    return chosen


def text_size() -> int:
    """The "Text size" in use, percent (:func:`set_text_size`)."""
    return _TEXT_SIZE[0]


def zoom(size: tuple[int, int]) -> float:
    """How much larger than its own the window draws its text, tiles and gaps: the "Text size", as far as
    the window has room: never a unit larger than that of an 800x600 window scaled up to this one (the
    smallest window every screen is laid out and tested for), never below 1. E.g. 150 % at 1920x1080:
    1.5; at 1280x800: 1.33; at 1366x705: 1.175; at 800x600: 1."""
    w, h = size
    return max(1.0, min(_TEXT_SIZE[0] / 100, w / ROOM[0], h / ROOM[1]))


def _at_100(make: Callable[[], TableLayout]) -> TableLayout:
    """``make()`` with the "Text size" at 100 % meanwhile (the same window's plain layout, what a larger
    text size's panels are measured against: :func:`compute_layout`)."""
    kept = _TEXT_SIZE[0]
    _TEXT_SIZE[0] = 100
    try:
        return make()
    finally:
        _TEXT_SIZE[0] = kept


def _score(sizes: tuple[int, int, int], floor: tuple[int, int, int]) -> float:
    """The smallest ratio of a panel's content sizes to 100 %'s (1 or more: every one holds)."""
    return min([a / b for a, b in zip(sizes, floor) if b > 0] or [1.0])


def metrics(size: tuple[int, int]) -> tuple[float, int, int]:
    """(u, font px, small font px): the scale unit and text sizes, readable at 800x600, times :func:`zoom`
    (the player's "Text size" where the window has room for it)."""
    w, h = size
    u = max(0.3, min(w / 1280, h / 800)) * zoom(size)
    f, sm = max(14, round(18 * u)), max(12, round(14 * u))
    k = proven(size)
    return u, max(f, round(14 * k)), max(sm, round(12 * k))


def metrics_fitting(size: tuple[int, int], fits: Callable[[tuple[float, int, int]], bool]) -> tuple[float, int, int]:
    """:func:`metrics` for a screen laid out from them alone, or where ``fits(metrics)`` says it does not fit
    the window at the "Text size" chosen, the largest type (u and the small type in proportion), down to
    100 %'s, that does (s16 access F15: the start screen ran off the window at 1920x1080 and 2560x1440 from
    125 %; kind: a screen sized from the text with no bound by the window)."""
    u, f, sm = metrics(size)
    if _TEXT_SIZE[0] <= 100 or fits((u, f, sm)):
        return u, f, sm
    u0, f0, sm0 = _at_100(lambda: metrics(size))
    for at in range(f - 1, f0, -1):
        shown = (max(u0, u * at / f), at, max(sm0, round(sm * at / f)))
        if fits(shown):
            return shown
    return u0, f0, sm0


def proven(size: tuple[int, int], percent: int | None = None) -> float:
    """How much larger than 800x600's the type of a window ``size`` px may be, at the "Text size" chosen:
    up to the window's own scale of 800x600 (the smallest window every screen is laid out and tested for, at
    14 px type and 12 px small type), never above the Text size, 1 at 100 %. s16 access F1: a 1024x768 or
    1366x768 screen drew 14-17 px type and 12-13 px small type at every Text size (:func:`zoom` gives them
    no room); the same screens scaled from 800x600 hold 18 and 15 px. Kind: a setting the screen could give
    in part, given not at all. ``percent``: that Text size instead of the one in use."""
    w, h = size
    return max(1.0, min((percent or _TEXT_SIZE[0]) / 100, w / 800, h / 600))


def text_used(size: tuple[int, int], percent: int | None = None) -> float:
    """The ratio of the type a window ``size`` px draws at the chosen "Text size" to its type at 100 %
    (:func:`zoom`, or :func:`proven` where that gives more), e.g. 1.24 at 1024x768 from 125 % up;
    ``percent``: at that Text size instead of the one in use."""
    w, h = size
    base = max(0.3, min(w / 1280, h / 800))
    text = (percent or _TEXT_SIZE[0]) / 100
    room = max(1.0, min(text, w / ROOM[0], h / ROOM[1]))  # zoom at that text size
    return max(room, 14 * proven(size, percent) / max(14, 18 * base))


def passed_seats(view: object) -> frozenset[Seat]:
    """Seats whose last move, since the last play, was a pass (R21: every pass is public)."""
    out: set[Seat] = set()
    for m in reversed(getattr(view, "moves", ())):
        if isinstance(m, Play):
            break
        if isinstance(m, Pass):
            out.add(m.seat)
    return frozenset(out)


LINE_CLEAR_MIN = 20
"""Px: the line of play's tiles are not made smaller than this to keep clear of the recap of the last moves
(:func:`compute_layout`); the recap gives way instead (at 800x600 with the chat open the tiles are 19 px and
their badges only just clear of the pips: tests/client/test_marks_clear_of_pips.py)."""


def compute_layout(state: ClientState, ui: Ui, size: tuple[int, int], lang: str = "en",
                   side: int = 0, under: int = 0, keep_out: tuple[Rect, ...] = (),
                   window: tuple[int, int] | None = None, keys: str = "table",
                   help_min: int = 0, chips: int = 0, link: bool = False) -> TableLayout:
    """The table for ``state`` and previews ``ui`` in a window of ``size`` pixels.

    ``lang``: the texts are measured translated (the top bar's labels and details, the status line, the
    key help, the prompts), so none is cut at 800x600.
    ``side`` px at the right of the table's middle (the seats' band, the line of play, the status line
    and the prompts) are left free for an open side panel (:attr:`TableLayout.side`); the top bar, the
    hand row and the help keep the whole width, so the panel covers no button.
    ``under`` px at the bottom of the play area are kept free of the prompt (the lobby's "Waiting for
    players"...) for a card a scene draws right under it (the host's invite card, lan_host.host_layout).
    ``keys``: who takes the keys now (:meth:`.scenes.table.TableScene.keys`, said by :func:`.footer.key_help`):
    "table", "settings", "overlay" or "overlay:rules", "ask" or "ask:MSGID" (the host's question), "chat" or
    "chat:item".
    ``keep_out``: controls a scene draws on the felt (the host's "Invite" chip): the play area,
    where the line of play lies, starts below every one that reaches into it (kind: a control on the
    felt the line's area did not know about; new user: a tile under "Invitar amigos" at 1280x800).
    ``window``: the window's size when the table is laid out narrower beside an open side panel (the
    Tiles and Chat buttons are sized for the window; :func:`toggle_zone`); ``size`` by default.
    ``chips``: buttons a scene adds in the row of the Tiles and Chat buttons, left of them, as wide as
    them (the host's "Invite" chip, :func:`toggle_slot`): the status line and the prompts keep clear.
    ``help_min``: at least this many rows kept for the key help (the layout asks itself again with
    more when the footer it ends up saying needs more rows than :func:`.footer.footer_texts` did; not
    :func:`.footer.footer_rows`, the boxes of those rows).
    ``link``: the table has a link for a friend (K copies it; :meth:`.scenes.table.TableScene.table_link`):
    a spectator's footer names K then (:func:`.footer.key_help`).
    """
    w, h = size
    felt = w - max(0, min(side, w // 2))
    u, f, sm = metrics(size)
    m = round(12 * u)
    view = state.view
    viewer = view.seat if view is not None and view.seat is not None else Seat.ONE
    top_h, details = top_bar_rows(state, lang, w, m, f, sm)
    top_bar = (0, 0, w, top_h)
    # the footer's height is that of the longest key help this table can say (the play keys with M, C
    # and T, the overlay's, the chat's...): nothing moves when it changes, every row has its own room
    words_w = w - 2 * m - sound_room(sm)  # the sound button at the footer's right end (buttons.sound_button)
    reserved = max([help_min] + [len(help_rows(t, sm, words_w)) for t in footer_texts(state, lang, link)])
    help_h = footer_height(reserved, sm)
    # the key help's box leaves the sound button its place at the footer's right end: nothing of the text
    # runs under it; only that end (the French play keys, 1,773 px at 1920x1080, then still take one row)
    help_rect = (m, h - help_h, words_w, help_h)
    # three plates share the top band: narrower in a middle narrowed by a side panel (a 700 px window)
    plate_w, plate_h = min(round(11 * f), (felt - 4 * m) // 3), round(1.5 * f + 2.7 * sm)
    from .chat import toggle_box
    # Hint and Pass: the Chat/Tiles button's column, its width and right edge (polish s12 item 15)
    btn_w, btn_h, btn_pad = toggle_box(window or size)
    # own hand: up to 10 upright tiles between the own plate and the action buttons
    own_w = round(10.5 * f)  # the viewer's own plate: narrower, so the hand keeps its size at 800x600
    avail = w - 2 * (max(own_w, btn_w) + 2 * m)
    hw = max(12, int(min(avail / 11.2, 0.075 * h, 56 * u)))
    num_h = round(1.3 * sm)
    hand_bottom = h - help_h - num_h
    hand_top = hand_bottom - 2 * hw
    lift = round(0.3 * hw)
    live = state.connection == "connected" or state.failure is not None
    hand = _hand_tiles(view, ui if live else ui.cleared(), w, hand_top, hw, lift, lit=live)
    bs = max(6, round(0.42 * hw))  # short side of face-down tiles
    band_y = top_h + m // 2
    band_h = max(2 * bs, plate_h)
    seats = _seats(state, viewer, size, m, band_y, band_h, plate_w, plate_h, bs, hand_top, felt)
    side_w = 2 * bs + 2 * m
    # new user: the instruction ran under the Tiles/Chat buttons, which sit at this height at the right
    # (and, with the tracker open at 1280x800, under buttons sized for the window, wider than the table's)
    room = toggle_zone(w, 0, window or size, _toggle_count(state) + chips)
    right = min(felt - side_w, room[0] - m)
    # and right of the own plate's turn marker and "passed" badge, which sit above it at this height
    own = seats[0].plate
    left = max(side_w, own[0] + own[2] + m // 2)
    status_w = max(4 * f, right - left)
    rows = status_rows(state, ui, lang, f, status_w)
    status_h = round(1.8 * f) if len(rows) < 2 else round(1.3 * f * len(rows) + 0.5 * f)
    status_rect = (left, hand_top - lift - status_h - m // 2, status_w, status_h)
    toggles = (room[0], status_rect[1], room[2], room[3])  # the same zone, at the status line's height
    seats = tuple(_above(s, toggles, band_y + band_h + m, m, felt) if s.side == "right" else s for s in seats)
    row_h = status_h // max(1, len(rows))
    status = tuple((r, (left, status_rect[1] + i * row_h, status_w, row_h)) for i, r in enumerate(rows))
    # the line of play starts below the top seats' "passed" badges and turn markers and the partner's tiles
    area_top = max([band_y + band_h + m] + [z[1] + z[3] for s in seats if s.side != "bottom"
                                            for z in (marker_zone(s, f, sm),)]
                   + [b[1] + b[3] + m for s in seats if s.side == "top" for b in s.backs])
    area_x, area_w = side_w + m, felt - 2 * (side_w + m)
    area_top = max([area_top] + [r[1] + r[3] + m // 2 for r in keep_out
                                 if r[0] < area_x + area_w and area_x < r[0] + r[2] and r[1] < status_rect[1]])
    play_area = (area_x, area_top, area_w, max(20, status_rect[1] - area_top))
    line = view.line if view is not None else ()
    # issue 11.1: line tiles as large as the felt allows (up to the hand's), never below a readable size
    geo = line_geometry(line, play_area, hw, floor=max(12, round(0.5 * hw)))
    # and clear of the recap of the last moves, in the play area's lower left corner (s14 player F-c: late in a
    # hand at 1248x720 a tile and West's arrow badge lay on its "→ East 4-5"; kind: a box drawn inside the
    # line's area that the line did not know about, as the host's chip was): the line's tiles get up to two
    # sizes smaller (snake's 8 % steps), never under LINE_CLEAR_MIN px; past that the recap lists fewer
    # moves, or none (recap_box's clear_of below), and the tiles and their badges keep their size
    recap = recap_box(view, seats, f, sm, m)
    if recap is not None and any(overlaps(sp.rect, recap) for sp in geo.spots):
        clear_geo = line_geometry(line, play_area, hw, floor=max(12, round(0.5 * hw)), keep_out=(recap,))
        if clear_geo.s >= max(LINE_CLEAR_MIN, 0.84 * geo.s):
            geo = clear_geo
    ends, ghosts, chosen = previews(view, ui if live else ui.cleared(), geo)
    marks = open_marks(view, geo, play_area, tuple(ghosts.values())) if line else ()
    buttons = table_buttons(state, size, m, top_h, btn_w, btn_h, hand_top, f, sm, lang, edge=w - btn_pad) \
        + (sound_button(w, m, help_rect, sm, ui.muted, ui.no_sound),)
    px, py, pw, ph = play_area
    # the hand end's panel lies between the plates, so the players it names stay in sight: below the top
    # plates and their markers, above the own plate (tester finding: it covered the three top plates)
    clear_top = max(z[1] + z[3] for s in seats if s.side != "bottom" for z in (marker_zone(s, f, sm),)) + m // 2
    lost = state.connection == "lost" and state.failure is None
    if lost:  # the hand end kept up while reconnecting (panels._reveal_while_away) lies below the banner
        clear_top = max(clear_top, area_top + round(2.2 * f) + m // 2)
    clear = (0, clear_top, felt, max(20, seats[0].plate[1] - m // 2 - clear_top))
    panel_area = (px, py, pw, max(20, ph - max(0, under)))
    panel = build_panel(state, ui, lang, (felt, h), panel_area, f, hw, felt < w, clear, toggles)
    while panel is not None and panel.cells and panel.cells[0][1][2] < draw_tile_min(f) and under > 0:
        # R3: the opening draw's tiles keep a readable size; the room kept under the prompt for a scene's
        # card gives way (the card then lies lower: lan_host.host_layout). s12: 5 px slivers under the
        # host's invite card. Kind: tiles given what is left after panels, with no minimum
        under = max(0, under - max(2, f // 4))
        panel_area = (px, py, pw, max(20, ph - under))
        panel = build_panel(state, ui, lang, (felt, h), panel_area, f, hw, felt < w, clear, toggles)
    if panel is not None and panel.kind == "lobby" and panel.rect[3] >= panel_area[3] and band_y + band_h + m < py:
        # s13 (de, a host's window at 800x600): "Waiting for players" with the tracker line was taller than
        # the room left above the invite card, and its third line lay under "Start now". Before the start
        # nothing is drawn between the top plates and the line's area (no marker, badge or tiles): it grows up
        top = band_y + band_h + m
        panel_area = (px, top, pw, max(20, py + ph - max(0, under) - top))
        panel = build_panel(state, ui, lang, (felt, h), panel_area, f, hw, felt < w, clear, toggles)
    if panel is not None and _TEXT_SIZE[0] > 100:
        # s16 access F12: a larger "Text size" made the panels' content SMALLER than 100 % (the opening draw's
        # tiles 5 px at 2560x1440 200 %, the hand end's rows collapsed, the match end's lines 14 px): the plates
        # grow with the text, the felt between them shrinks, and each panel fitted its content into what was
        # left. Kind: content fitted into a box that does not grow with the text. Where the panel's tiles, rows
        # or lines come out smaller than the same window's at 100 %, it takes the felt from under the top
        # plates' markers down to the footer (over an empty hand row, or a modal panel over the dimmed one),
        # clear of the own plate and the Tiles and Chat buttons, at the largest type (down to 100 %'s) whose
        # content holds 100 %'s sizes
        memo_key = (id(state), replace(ui, hover=None, button=None), size, side, under, keep_out, window, lang,
                    keys, help_min, chips, link, _TEXT_SIZE[0], panel.kind)
        memo = _GROWN.get(memo_key)
        if memo is not None and memo[0] is state:
            _GROWN.move_to_end(memo_key)
            panel, status = memo[1], (() if memo[2] else status)
        else:
            plain = _at_100(lambda: compute_layout(state, ui, size, lang, side, under, keep_out, window, keys,
                                                   help_min, chips, link))
            panel, status = _grown(state, ui, lang, panel, plain, status, hand, seats, f, sm, m, hw, w,
                                   h, felt, toggles, help_rect, status_rect, clear_top, top_h, side_w)
            _GROWN[memo_key] = (state, panel, status == ())
            while len(_GROWN) > GROWN_KEPT:
                _GROWN.popitem(last=False)
    behind = beneath(panel, state, ui, lang, (felt, h), panel_area, f, hw, felt < w, clear, toggles)
    if line:
        taken = [sp.rect for sp in geo.spots]
        open_ends = [mk.rect for mk in marks] + [g.rect for g in ghosts.values()]
        # a request about the line (another's undo to accept, this seat's own one waiting) is answered
        # looking at the plays it takes back: moved clear of them too, modal as it is (s13 player F7)
        panel, behind = (clear_of_line(p, panel_area, taken, ends=open_ends, slide=not p.modal)
                         if p is not None and (not p.modal or p.kind in ABOUT_THE_LINE) and not p.cells else p
                         for p in (panel, behind))
        if panel is not None and panel.kind == "looking":  # "See the line": its card where it hides least,
            # down to the status line's row (no status is said under it)
            panel = clear_of_line(panel, (px, py, pw, status_rect[1] + status_rect[3] - py), taken, low=True,
                                  ends=open_ends)
    if panel is not None and behind is not None and behind.kind != "reveal":  # clear of the card it would cover
        panel, behind = request_clear(panel, behind, state, ui, lang, f, panel_area)
    elif panel is not None and behind is not None:  # a request over a hand end: below it, the panel readable
        placed = request_below(panel, behind, state, ui, lang, f, help_rect[1], seats[0].plate, toggles)
        short = request_room(behind, f) - placed.rect[1]
        if placed is not panel and short > 0:  # the window is too short: the hand end's rows give the room
            clear = (clear[0], clear[1], clear[2], max(20, clear[3] - short))
            behind = beneath(panel, state, ui, lang, (felt, h), panel_area, f, hw, felt < w, clear, toggles)
            if behind is not None:
                placed = request_below(panel, behind, state, ui, lang, f, help_rect[1], seats[0].plate, toggles)
        panel = placed
    if panel is not None and panel.kind == "looking":  # a finished hand's line: no Restart of it (R28)
        buttons = tuple(replace(b, enabled=False) if b.id == "restart" else b for b in buttons)
    if panel is not None and panel.modal:  # the prompt speaks; the status line is not drawn under it
        status = ()
    if any(p is not None and p.kind in ("reveal", "match_over") for p in (panel, behind)):
        # a hand's or the match's end: nobody is to move on this screen (new user s12: the arrow of the
        # next hand's nominator, or of the seat that went out, stayed lit under "Hand 2 is over")
        seats = tuple(replace(s, turn=False) for s in seats)
    ended = revealed_hand(state, ui) if any(p is not None and p.kind == "reveal" for p in (panel, behind)) else None
    if ended is not None and isinstance(view, SeatView) and view.seat is not None:
        # behind "Hand N is over" the row shows what this seat held at its end (R22), never the next deal
        hand = _hand_tiles(view, ui, w, hand_top, hw, lift, ended.left[view.seat - 1])
        ghosts, ends, chosen = {}, {}, None
    focus = focused(panel, buttons, ui.button)  # the button Enter presses, named by the footer
    keys_said = help_rows(key_help(state, panel, keys, lang, focus, ui if live else ui.cleared(), link), sm, words_w)
    if len(keys_said) > reserved:  # a prompt's own keys longer than any footer foreseen: room for every row
        return compute_layout(state, ui, size, lang, side, under, keep_out, window, keys, len(keys_said), chips,
                              link)
    # the banner sits at the top of the play area, below the partner's seat, never over a seat
    bw = min(felt - 2 * side_w, round(30 * f))
    # only a lost connection is an alarm; connecting is a normal state, said once by the status line
    banner = ((felt - bw) // 2, area_top, bw, round(2.2 * f)) if lost else None
    # the side panel ends above the status line at its tallest (two rows), whatever it says now: its
    # phrase buttons never jump when the instruction wraps (new user s2 item 4: 18 px up on a lifted tile)
    lowest = hand_top - lift - round(1.3 * f * 2 + 0.5 * f) - m // 2
    kept = (felt, top_h, w - felt, lowest - m // 2 - top_h) if felt < w else None
    last = None
    if line and geo.spots:
        last = (geo.spots[0] if line[-1].end is End.LEFT and len(line) > 1 else geo.spots[-1]).rect
    score_rect = (m, 0, w // 2, top_h) if details is None else (m, 0, w // 2, details[1])
    lasts = seat_lasts(line, geo) if panel is None or not panel.modal or panel.kind == "looking" else ()
    box = recap_box(view, seats, f, sm, m, tuple(sp.rect for sp in geo.spots)) \
        if panel is None or not panel.modal else None
    badges = last_marks(lasts, geo, play_area, tuple(mk.rect for mk in marks) + tuple(g.rect for g in ghosts.values())
                        + ((box,) if box is not None else ()))
    said = recap_said(state, seats, box, sm, lang)
    return TableLayout(size, u, f, sm, top_bar, score_rect, status_rect, help_rect,
                       play_area, hand, seats, geo, ends, ghosts, chosen, marks, keys_said, last, buttons, panel,
                       banner, kept, status, toggles=toggles, beneath=behind, details=details, lasts=lasts, last_marks=badges,
                       recap=box, recap_rows=said)


GROWN_KEPT = 16
"""How many panels grown for a larger "Text size" :func:`compute_layout` keeps (:data:`_GROWN`)."""
_GROWN: OrderedDict[tuple[object, ...], tuple[ClientState, Panel, bool]] = OrderedDict()
"""The panel :func:`_grown` found, by the state (its identity: a state is never changed, a new one is made), the
previews but the pointer's hover and the Tab ring (neither changes a panel: render draws them), the window, the
language and the "Text size": (the state, the panel, the status line lay under it). PERF s17: at 2560x1440 200 %
the search (a hundred panels and row layouts) ran again at every hover, 0.1-0.3 s each (bench/text_size_layout.py);
kind: a costly result made again for a change it does not depend on. The least recently used goes first."""


def _grown(state: ClientState, ui: Ui, lang: str, panel: Panel,
           plain: TableLayout, status: tuple[tuple[str, Rect], ...], hand: tuple[HandTile, ...],
           seats: tuple[SeatSpot, ...], f: int, sm: int, m: int, hw: int, w: int, h: int, felt: int,
           toggles: Rect, help_rect: Rect, status_rect: Rect, clear_top: int, top_h: int,
           side_w: int) -> tuple[Panel, tuple[tuple[str, Rect], ...]]:
    """``panel`` (laid out at type ``f`` px) grown so its tiles, rows and lines hold those of ``plain`` (the same
    window's layout at 100 %: s16 access F12), and the status line, () where the grown panel lies over it.
    Called by :func:`compute_layout` (which keeps the answer: :data:`_GROWN`) at a "Text size" over 100 %."""
    if plain.panel is None or plain.panel.kind != panel.kind:
        return panel, status
    floor = content_sizes(plain.panel, plain.font, lang)
    ids = {b.id for b in plain.panel.buttons}  # and every button of 100 %'s (textsize s17: at 2560x1440 200 % the
    # match end's Ledger was left out, the three buttons not fitting the panel at 61 px; kind: a control a larger
    # Text size drops)

    def whole(grown: Panel, sizes: tuple[int, int, int]) -> bool:
        return holds(sizes, floor) and ids <= {b.id for b in grown.buttons}

    if not whole(panel, content_sizes(panel, f, lang)):
        own = seats[0].plate
        edge = max(own[0] + own[2], felt - toggles[0] if toggles[0] < felt else 0) + m // 2
        low = help_rect[1] if (panel.modal or not hand) else status_rect[1]
        rooms = [(edge, clear_top, max(20, felt - 2 * edge), max(20, low - m // 2 - clear_top)),
                 # or as wide as the felt between the side seats, above the own plate's markers
                 (side_w + m, clear_top, max(20, felt - 2 * (side_w + m)),
                  max(20, marker_zone(seats[0], f, sm)[1] - m // 2 - clear_top))]
        if panel.modal:  # over the dimmed table, from the top bar down, as a last resort
            rooms.append((edge, top_h + m // 2, max(20, felt - 2 * edge), max(20, low - m - top_h)))
        elif not hand:  # over the empty hand row and the own plate's corner, clear of Tiles and Chat
            wide = max(side_w + m, felt - toggles[0] + m // 2 if toggles[0] < felt else 0)
            rooms.append((wide, clear_top, max(20, felt - 2 * wide), max(20, low - m // 2 - clear_top)))
        best, score = panel, _score(content_sizes(panel, f, lang), floor)

        def grown_at(room: Rect, at: int) -> Panel | None:
            grown = build_panel(state, ui, lang, (felt, h), room, at, hw, felt < w,
                                (0, room[1], felt, room[3]), toggles)
            if grown is None or grown.kind != panel.kind:
                return None
            return replace(grown, font=grown.font or (at if at != f else 0))

        found: tuple[int, int, Panel] | None = None  # (type px, -room's rank, panel): the largest type whose
        # content holds, a type counted as the lines' where the box shrinks them (textsize s17: the match end's three
        # buttons fitted the short, wide room at 61 px, its lines shrunk back to 100 %'s 32 px)
        if panel.kind in ("reveal", "drawn"):  # laid across the table whatever the room's width:
            rooms = [r for i, r in enumerate(rooms) if i != 1]  # the short room gives them nothing
        for rank, room in enumerate(rooms):  # whose content holds, halving the range in each room
            lo, hi = plain.font if found is None else found[0] + 1, f
            first = True
            while lo <= hi:
                mid, first = (hi if first else (lo + hi) // 2), False  # the table's type first
                grown = grown_at(room, mid)
                if grown is None:
                    break
                sizes = content_sizes(grown, f, lang)
                if whole(grown, sizes):
                    if found is None or (min(mid, sizes[2]), -rank) > found[:2]:
                        found = (min(mid, sizes[2]), -rank, grown)
                    lo = mid + 1
                else:
                    if _score(sizes, floor) > score:
                        best, score = grown, _score(sizes, floor)
                    hi = mid - 1
        if found is None:  # no halving found one (the draw's grid shapes make steps uneven): each type
            for at in range(f, plain.font - 1, -max(1, (f - plain.font) // 8)):  # down, in at most
                # nine steps (a layout is made at each hover), the first room that holds
                grown = next((g for g in (grown_at(room, at) for room in rooms)
                              if g is not None and whole(g, content_sizes(g, f, lang))), None)
                if grown is not None:
                    found = (at, 0, grown)
                    break
        if found is not None:
            best = found[2]
        panel = best
        if panel.modal or panel.rect[1] + panel.rect[3] > status_rect[1]:
            status = ()  # the status line lay under the grown panel
    return panel, status


RECAP_MOVES = 3
"""The hand's last moves the recap lists (one row each, under its heading)."""


def spatial(line: tuple[Placed, ...]) -> list[Placed]:
    """A chronological ``line`` in the left-to-right order of its spots (:class:`.snake.LineGeometry`):
    the tiles played at the left end, latest first, the first tile, then those played at the right."""
    if not line:
        return []
    return [p for p in reversed(line[1:]) if p.end is End.LEFT] + [line[0]] \
        + [p for p in line[1:] if p.end is End.RIGHT]


def seat_lasts(line: tuple[Placed, ...], geo: LineGeometry) -> tuple[tuple[Seat, Rect], ...]:
    """Each seat's last tile on the line with its spot's rect, the latest play first (R21: who played
    what is public). Pure."""
    if len(geo.spots) != len(line):
        return ()
    where = {id(p): sp.rect for p, sp in zip(spatial(line), geo.spots)}
    out: dict[Seat, Rect] = {}
    for p in reversed(line):
        if p.seat not in out:
            out[p.seat] = where[id(p)]
    return tuple(out.items())


def recap_moves(view: object) -> tuple[Pass | Play, ...]:
    """The hand's last :data:`RECAP_MOVES` plays and passes, oldest first (R21: every move is public)."""
    if getattr(view, "phase", None) is not Phase.PLAY:
        return ()
    return tuple(getattr(view, "moves", ())[-RECAP_MOVES:])


TOWARD = {"bottom": "↓", "right": "→", "top": "↑", "left": "←"}
"""An arrow by the side of the table a seat sits at (R2: the viewer at the bottom, the next seat at the
right, the partner at the top): before its name in the hand end's rows and the recap, on its last tile."""


def recap_row(sm: int) -> int:
    """Px of one row of the recap at small font ``sm`` px."""
    return measurer().line_height(sm) + 2


def recap_said(state: ClientState, seats: tuple[SeatSpot, ...], box: Rect | None, sm: int,
               lang: str) -> tuple[tuple[str, str], ...]:
    """The recap's rows that fit ``box``: (arrow, "{name} {tile}" or "{name} passed"), oldest first."""
    from .store import seat_name
    from .text import tr
    if box is None:
        return ()
    sides = {s.seat: s.side for s in seats}
    fit = max(0, box[3] // recap_row(sm) - 1)
    out = []
    for mv in recap_moves(state.view)[-fit:] if fit else ():
        what = str(mv.tile) if isinstance(mv, Play) else tr(lang, "passed")
        out.append((TOWARD.get(sides.get(mv.seat, ""), ""), f"{seat_name(state, mv.seat, lang)} {what}"))
    return tuple(out)


def recap_box(view: object, seats: tuple[SeatSpot, ...], f: int, sm: int, m: int,
              clear_of: tuple[Rect, ...] = ()) -> Rect | None:
    """Where the recap of the last moves goes: the column above the own plate's turn marker and badge,
    below the left seat's face-down tiles, as wide as the own plate; a heading row and one row a move,
    as many as fit, and as touch none of ``clear_of`` (the line's tiles where even their smallest size
    reached the box: s14 player F-c), None when not one move fits, or none was made. Pure."""
    moves = recap_moves(view)
    if not moves:
        return None
    own = next(s for s in seats if s.side == "bottom")
    left = next((s for s in seats if s.side == "left"), None)
    bottom = marker_zone(own, f, sm)[1] - m // 2
    top = max([left.plate[1] + left.plate[3] + marker_room(f, sm)] if left is not None else [0]) \
        + m // 2
    if left is not None and left.backs:
        top = max(top, max(b[1] + b[3] for b in left.backs) + m // 2)
    row = recap_row(sm)
    rows = min(len(moves), (bottom - top - sm // 2) // row - 1)
    while rows >= 1:
        h = (rows + 1) * row + sm // 2
        box = (own.plate[0], bottom - h, own.plate[2], h)
        if not any(overlaps(box, r) for r in clear_of):
            return box
        rows -= 1
    return None


def revealed_hand(state: ClientState, ui: Ui) -> FinishedHand | None:
    """The finished hand whose end the window shows (R22: the first not yet continued from,
    ``ui.seen_finished``), or None when every one has been continued from (as :mod:`.panels` decides).
    New user s10 item 5: behind "Hand 1 is over" the hand row showed ten greyed tiles of the next deal
    while the panel said the seat held two."""
    view = state.view
    if view is None:
        return None
    seen = ui.finished_seen(len(view.finished))
    return view.finished[seen] if 0 <= seen < len(view.finished) else None


def _toggle_count(state: ClientState) -> int:
    """The buttons at the status line's right: Chat, and Tiles where its button shows (tracking.button_shown)."""
    from .tracking import button_shown
    return 2 if button_shown(state) else 1


def toggle_slot(lay: TableLayout, window: tuple[int, int]) -> Rect:
    """The leftmost place of the row of the Tiles and Chat buttons (:attr:`TableLayout.toggles`, laid out
    with ``compute_layout(..., chips=1)``): as wide and high as them, at their height, the same gap apart
    (:func:`.chat.layout` puts Chat at the table's right edge, :func:`.tracking.layout` Tiles left of it).
    The host's "Invite" chip: one row of the window's own buttons, not under a seat's plate (s13 item 1:
    "Invite friends" under West's plate read as West's). Pure."""
    from .chat import toggle_box, toggle_room
    tw, bh, pad = toggle_box(window)
    count = max(1, round(lay.toggles[2] / toggle_room(window)))  # Chat, Tiles where shown, and this one
    return (lay.size[0] - tw - pad - (count - 1) * (tw + pad // 2), lay.toggles[1], tw, bh)


def toggle_zone(right: int, y: int, window: tuple[int, int], count: int = 2) -> Rect:
    """The box ``count`` buttons (Chat, and Tiles left of it) take left of x = ``right`` (the table's
    right edge) from height ``y`` (the status line's), as :func:`.chat.layout` and
    :func:`.tracking.layout` size them for a window of ``window`` px, margins included. Pure."""
    from .chat import font_size, toggle_room
    room = count * toggle_room(window)
    return (right - room, y, room, round(2.1 * font_size(window)))


ABOUT_THE_LINE = ("consent", "asking", "confirm")
"""Modal prompts about the line's plays, placed clear of the line like the table's non-modal ones
(:func:`clear_of_line`): the asked player reads which plays an undo takes back, the asker sees what it asked
to take back, the player asked to confirm an undo or a restart sees the hand it takes back (s13 player F7:
"Ana möchte den letzten Zug zurücknehmen" and "Vous avez demandé à annuler le dernier coup" lay over the
line in both windows). Kind: a question about the line drawn over the line."""
OPEN_END_WEIGHT = 20
"""How much more a pixel of an open end's number or ghost weighs than one of a placed tile when a prompt is
moved clear of the line (:func:`clear_of_line`): the open ends are what a player must see to decide (s13
netplayer F5: "{name} is disconnected" lay over the left end's badge, the tiles beside it left clear)."""


def clear_of_line(panel: Panel, area: Rect, line: list[Rect], low: bool = False,
                  ends: list[Rect] | None = None, slide: bool = False) -> Panel:
    """A prompt that leaves the table playable (not modal: "{name} is disconnected") moved up or down
    inside ``area`` to the place nearest its own that covers the least of the ``line`` rects (tiles,
    open numbers, ghosts), so the line stays in sight where the felt has room (new user s9 item 3:
    the panel sat over the line with its open numbers sticking out above and below it). Returned
    unchanged when no place covers less. Kind: a prompt placed by size alone over a felt it shares.
    ``low``: the panel starts at the area's bottom (the "See the line" card, panels._looking). ``ends``:
    the open ends' numbers and ghosts, each pixel :data:`OPEN_END_WEIGHT` times a tile's. ``slide``: a prompt
    beside which the player plays (not modal: "{name} is disconnected") may also move sideways where no row clears
    the ends (translator s17 F15); a question about the line keeps its column, its plays in sight first.
    """
    x, y, w, h = panel.rect
    weighted = [(r, 1) for r in line] + [(r, OPEN_END_WEIGHT) for r in ends or ()]
    ax, ay, aw, ah = area
    if low and h < ah:
        y = ay + ah - h
        panel = replace(panel, rect=(x, y, w, h), buttons=tuple(
            replace(b, rect=(b.rect[0], b.rect[1] + y - panel.rect[1], b.rect[2], b.rect[3])) for b in panel.buttons))

    def covered(top: int, left: int = x) -> int:
        return sum(k * max(0, min(left + w, r[0] + r[2]) - max(left, r[0]))
                   * max(0, min(top + h, r[1] + r[3]) - max(top, r[1])) for r, k in weighted)

    if h >= ah or covered(y) == 0:
        return panel
    tops = range(ay, ay + ah - h + 1, 2)
    best, left = _slid(weighted, x, w, h, tops, x, y)[2], x
    on_ends = [(r, 1) for r in ends or ()]
    if slide and ends and w < aw and _slid(on_ends, x, w, h, range(best, best + 1), x, y)[0]:
        # translator s17 F15: no row of the felt clears the open ends (the away card over the left end's badge
        # at 800x600): the card also slides sideways, to a side of an open end, where one clears them all
        lefts = {min(max(ax, at), ax + aw - w) for e in ends for at in (e[0] + e[2] + 2, e[0] - w - 2)}
        clear = [m for m in (_slid(weighted, at, w, h, tops, x, y) for at in sorted(lefts))
                 if not _slid(on_ends, m[3], w, h, range(m[2], m[2] + 1), x, y)[0]]
        if clear:
            best, left = min(clear)[2], min(clear)[3]
    if covered(best, left) >= covered(y):
        return panel
    dx, dy = left - x, best - y
    buttons = tuple(replace(b, rect=(b.rect[0] + dx, b.rect[1] + dy, b.rect[2], b.rect[3])) for b in panel.buttons)
    return replace(panel, rect=(left, best, w, h), buttons=buttons)


def _slid(weighted: list[tuple[Rect, int]], left: int, w: int, h: int, tops: range, x: int,
          y: int) -> tuple[int, int, int, int]:
    """(covered, distance, top, ``left``) of the best of ``tops`` for a ``w`` x ``h`` px panel at ``left``
    (:func:`clear_of_line`): each rect's share across the panel's columns counted once per left (speed)."""
    cols = [(k * o, r[1], r[1] + r[3]) for r, k in weighted
            if (o := min(left + w, r[0] + r[2]) - max(left, r[0])) > 0]
    return min((sum(c * max(0, min(top + h, b) - max(top, t)) for c, t, b in cols), abs(top - y) + abs(left - x),
                top, left) for top in tops)


PLAYABLE_RISE = 0.15
"""How far a tile that fits now stands above the row, in tile widths (half a lifted tile's 0.3): the second
cue beside its ring (palette.PLAYABLE_RING), told by place, not by colour, so a player sees at a glance which
tiles fit whatever their colour vision (s14 access F9 left alone: the unplayable ones are no longer dimmed)."""


def _hand_tiles(view: object, ui: Ui, w: int, top: int, hw: int, lift: int,
                held: frozenset[Tile] | None = None, lit: bool = True) -> tuple[HandTile, ...]:
    """The viewer's hand row: its tiles in play, or ``held`` (the tiles it ended a hand with, while that
    hand's end is shown: :func:`revealed_hand`), none of them playable or lifted then; none playable either
    when not ``lit`` (the connection is lost: nothing can be sent, s13 netplayer F4)."""
    if not isinstance(view, SeatView):
        return ()
    if held is not None or not lit:
        tiles = sorted(held if held is not None else view.hand)[:MAX_HAND_TILES]
        ui, playable = Ui(), set()
    else:
        tiles = sorted(view.hand)[:MAX_HAND_TILES]  # R9: a hand never holds more; a bad view costs no more
        playable = {m.tile for m in view.legal_moves() if isinstance(m, Play)}
    gap = max(2, round(0.12 * hw))
    total = len(tiles) * hw + (len(tiles) - 1) * gap
    x = (w - total) // 2
    out = []
    step = max(3, round(PLAYABLE_RISE * hw))  # under the lift: a lifted tile still stands out of the raised ones
    for i, t in enumerate(tiles):
        sel = t is ui.selected
        rise = lift if sel else step if t in playable else 0
        out.append(HandTile(t, (x, top - rise, hw, 2 * hw), t in playable, sel, i + 1, rise))
        x += hw + gap
    return tuple(out)


def _seats(state: ClientState, viewer: Seat, size: tuple[int, int], m: int, band_y: int, band_h: int,
           plate_w: int, plate_h: int, bs: int, hand_top: int, felt: int) -> tuple[SeatSpot, ...]:
    """R2 placement: viewer bottom, next seat right, partner top, the fourth seat left; the partner and
    the right seat within the ``felt`` px wide middle (the rest is kept for a side panel).

    The partner's face-down tiles sit beside its plate when they fit there at full size; else (a middle
    narrowed by the chat or tracker panel) under it, between the side plates' columns (:func:`_under_plate`),
    and the play area starts below them (:func:`compute_layout`)."""
    w, h = size
    _, f, sm = metrics(size)
    view = state.view
    me, right, top, left = seats_from(viewer)
    # defence in depth behind the schema's bound (attacker: counts of 10**9 built 10**9 tile backs)
    counts = tuple(min(max(0, c), MAX_HAND_TILES) for c in view.counts) if view is not None else (0, 0, 0, 0)
    # nobody's turn is shown before the match starts (the lobby) or while hands are reviewed
    waiting = view.waiting_for() if view is not None and state.started and view.phase is not Phase.REVIEW \
        else frozenset()
    passed = passed_seats(view)
    gap = max(1, bs // 6)
    out = []
    # bottom: the viewer's plate at the bottom left, beside the hand (a spectator sees seat 1 face down)
    n = counts[me - 1] if not isinstance(view, SeatView) else 0
    row_w = n * bs + max(0, n - 1) * gap
    backs = tuple(((w - row_w) // 2 + i * (bs + gap), hand_top + bs, bs, 2 * bs) for i in range(n))
    out.append(SeatSpot(me, "bottom", (m, hand_top, round(plate_w * 10.5 / 11), plate_h), backs, True,
                        me in waiting, me in passed))
    # top: the partner's face-down tiles in a row, plate to its right, centred as a group
    n = counts[top - 1]
    room = felt - 2 * (plate_w + 2 * m) - plate_w - m
    full = MAX_HAND_TILES * bs + (MAX_HAND_TILES - 1) * gap
    if n * bs + max(0, n - 1) * gap <= room:
        row_w = n * bs + max(0, n - 1) * gap
        # the group is centred as if the partner held a full hand, the tiles against the plate: the plate
        # never moves as tiles are played or a hand ends (new user s12: North's plate jumped 390 -> 489 px)
        kept = full if full <= room else row_w
        group = kept + m + plate_w
        gx = (felt - group) // 2 + (kept - row_w)
        backs = tuple((gx + i * (bs + gap), band_y + (band_h - 2 * bs) // 2, bs, 2 * bs) for i in range(n))
        gx -= kept - row_w
        plate = (gx + group - plate_w, band_y + (band_h - plate_h) // 2, plate_w, plate_h)
    else:  # a middle narrowed by a side panel: the plate alone, the tiles under it (once fanned unreadably)
        plate = ((felt - plate_w) // 2, band_y + (band_h - plate_h) // 2, plate_w, plate_h)
        backs = _under_plate(n, plate, felt - 2 * (plate_w + 2 * m), felt, bs, gap, sm, f)
    out.append(SeatSpot(top, "top", plate, backs, True, top in waiting, top in passed))
    # sides: plates in the top corners, stacks of face-down tiles along the edges below
    stack_top = band_y + band_h + m
    for seat, side in ((right, "right"), (left, "left")):
        n = counts[seat - 1]
        stack_h = n * bs + max(0, n - 1) * gap
        y0 = stack_top + max(0, (hand_top - m - stack_top - stack_h) // 2)
        x0 = m if side == "left" else felt - m - 2 * bs
        backs = tuple((x0, y0 + i * (bs + gap), 2 * bs, bs) for i in range(n))
        px = m if side == "left" else felt - m - plate_w
        out.append(SeatSpot(seat, side, (px, band_y + (band_h - plate_h) // 2, plate_w, plate_h),
                            backs, False, seat in waiting, seat in passed))
    return tuple(out)


def _above(spot: SeatSpot, toggles: Rect, top: int, m: int, felt: int) -> SeatSpot:
    """The right seat's stack of face-down tiles ``spot.backs`` ended above the Tiles and Chat buttons'
    box ``toggles`` where it would reach them (from y ``top``, centred in the room left, smaller tiles where
    the room is short, always a gap between them): s16 access F13 (a) at 2560x1440 200 %, the Chat button
    was drawn over East's column of tiles. Kind: a control placed over a seat's tiles. Unchanged where the
    stack ends above them or lies beside them. Pure."""
    backs = spot.backs
    if not backs or not any(overlaps(b, toggles) for b in backs):
        return spot
    n, bs = len(backs), backs[0][3]
    gap = backs[1][1] - backs[0][1] - bs if n > 1 else max(1, bs // 6)
    room = toggles[1] - m // 2 - top
    size = max(4, min(bs, (room - (n - 1) * gap) // n))
    tall = n * size + (n - 1) * gap
    y0 = top + max(0, (room - tall) // 2)
    x0 = felt - m - 2 * size
    return replace(spot, backs=tuple((x0, y0 + i * (size + gap), 2 * size, size) for i in range(n)))


def marker_room(f: int, sm: int) -> int:
    """Px beside a plate (under it; over one's own) that its "passed" badge and its turn marker take
    (render._seat, render._turn_marker) at fonts ``f`` and ``sm`` px: nothing else is placed there."""
    return max(measurer().line_height(sm, True) + 7, 2 * (f // 2 + 2) + 2)


def marker_zone(spot: SeatSpot, f: int, sm: int) -> Rect:
    """The box :func:`marker_room` takes beside ``spot``'s plate, towards the table."""
    x, y, w, h = spot.plate
    room = marker_room(f, sm)
    return (x, y - room, w, room) if spot.side == "bottom" else (x, y + h, w, room)


def _under_plate(n: int, plate: Rect, zone: int, felt: int, bs: int, gap: int, sm: int,
                 f: int) -> tuple[Rect, ...]:
    """``n`` upright face-down tiles under the partner's ``plate``, below its "passed" badge and turn
    marker, centred in the ``zone`` px between the side plates' columns (where their badges and a host's
    chip go): one row at full size ``bs`` when it fits, else two, else two rows of smaller tiles; always a
    ``gap`` between tiles, so they stay countable."""
    if n == 0:
        return ()
    y0 = plate[1] + plate[3] + marker_room(f, sm) + gap
    rows = 1 if n * bs + (n - 1) * gap <= zone else 2
    per = -(-n // rows)
    size = max(4, min(bs, (zone - (per - 1) * gap) // per))
    out = []
    for r in range(rows):
        k = min(per, n - r * per)
        x0 = (felt - (k * size + (k - 1) * gap)) // 2
        out += [(x0 + i * (size + gap), y0 + r * (2 * size + gap), size, 2 * size) for i in range(k)]
    return tuple(out)
