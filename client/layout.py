"""Pure geometry of the table for one window size (DESIGN "Client", issue 5 item 3).

``compute_layout(state, ui, size)`` returns every rectangle the painter draws
and the input code hits: the viewer's hand at the bottom, the next seat at the
right, the partner at the top, the fourth seat at the left (R2), the winding
line of play with its open ends and previews (R25), buttons and prompts. No
display is needed; rectangles are ``(x, y, w, h)`` tuples in window pixels.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from doublenine.shared.i18n import N_
from doublenine.shared.moves import End, Pass, Play
from doublenine.shared.seats import Seat, seats_from
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView
from doublenine.shared.wire import MAX_HAND_TILES

from .panels import Button, Panel, beneath, build_panel, enter_button
from .board import OpenMark, legal_ends, open_marks, previews  # noqa: F401 - legal_ends: input, scenes
from .snake import LineGeometry, Rect, Spot, line_geometry
from .store import ClientState, spectating
from .typeset import Typeface, measurer
from .uistate import Ui

HELP = N_("1-9, 0 or two pips: choose a tile · arrows: move · L/R: end · Enter: play · Esc: cancel · H hint · P pass · U undo · Y redo")
"""The keys of a seated player, under the hand."""
HELP_MORE = (N_("M sound"), N_("C chat"))
"""Keys of the table the play footer names after :data:`HELP` (session 9, new user 2: M and C worked
unsaid; scenes/table.py M, scenes/talk.py C)."""
HELP_TILES = N_("T tiles")
"""The tile tracker's key (client/tracking.py), named only where the table allows the tracker."""
WATCHING = N_("You are watching this table")
"""Said instead of the keys to a spectator (issue 11.5: a spectator has no hand and no keys to play)."""
HELP_PROMPT = N_("Enter: {action}")
"""The keys while a prompt is up (the hand's end, the match's end, the review...): Enter presses its
first button (:func:`.input._enter`); the tile keys do nothing then, so they are not offered."""
HELP_CONFIRM = N_("Enter: {action} · Esc: {cancel}")
"""The keys while a confirmation is up (panels.CONFIRMED): Enter confirms, Esc keeps playing."""
HELP_DRAW = N_("arrows: choose a face-down tile · Enter: take it")
"""The keys of the opening draw (R3): the arrows move along the face-down tiles, Enter takes the one chosen."""
HELP_OVERLAY = N_("Esc: close · arrows, Page Up, Page Down: scroll")
"""The keys while the rules, the ledger or a review is open: the overlay takes every key."""
HELP_CHAT = N_("Enter: send · Esc: back to the table")
"""The keys while the chat field has the focus: every key types, Enter says the line."""
HELP_PHRASES = N_("Only phrases during a hand: click one · Esc: back to the table")
"""The keys while the chat panel has them and its field is closed (a phrases-only table in a hand): every
key is swallowed (chat.ChatUi.focused), so the footer promises no Enter."""

Target = tuple[str, object]
"""What a point hits: ("button", id), ("hand", Tile), ("ghost", End), ("end", End), ("draw", int)."""


@dataclass(frozen=True, slots=True)
class HandTile:
    """One of the viewer's tiles: ``number`` 1..10 is its keyboard position (0 types the 10th)."""

    tile: Tile
    rect: Rect
    playable: bool
    selected: bool
    number: int


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
    """Boxes a scene drawn over the table keeps for itself (the host's "Invite friends" chip): the cards
    placed on the table (waiting.py) never cover them."""
    toggles: Rect = (0, 0, 0, 0)
    """Where the Tiles and Chat buttons sit (at the status line's height, at the table's right edge, as
    sized for the window: :func:`toggle_zone`): the status line and the hand end's panel keep clear."""
    beneath: Panel | None = None
    """The prompt a request (``panel``, :data:`.panels.REQUESTS`) is shown over, drawn under it with its
    buttons disabled (:func:`.panels.beneath`): the hand's end the player was reading stays in sight."""

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
            if b.enabled and _inside(pos, b.rect):
                return ("button", b.id)
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


def metrics(size: tuple[int, int]) -> tuple[float, int, int]:
    """(u, font px, small font px): the scale unit and text sizes, readable at 800x600."""
    w, h = size
    u = max(0.3, min(w / 1280, h / 800))
    return u, max(14, round(18 * u)), max(12, round(14 * u))


def passed_seats(view: object) -> frozenset[Seat]:
    """Seats whose last move, since the last play, was a pass (R21: every pass is public)."""
    out: set[Seat] = set()
    for m in reversed(getattr(view, "moves", ())):
        if isinstance(m, Play):
            break
        if isinstance(m, Pass):
            out.add(m.seat)
    return frozenset(out)


def compute_layout(state: ClientState, ui: Ui, size: tuple[int, int], lang: str = "en",
                   side: int = 0, under: int = 0, keep_out: tuple[Rect, ...] = (),
                   window: tuple[int, int] | None = None, keys: str = "table",
                   footer_rows: int = 0) -> TableLayout:
    """The table for ``state`` and previews ``ui`` in a window of ``size`` pixels.

    ``lang`` only sizes the top-bar buttons to their translated labels (no label is cut at 800x600).
    ``side`` px at the right of the table's middle (the seats' band, the line of play, the status line
    and the prompts) are left free for an open side panel (:attr:`TableLayout.side`); the top bar, the
    hand row and the help keep the whole width, so the panel covers no button.
    ``under`` px at the bottom of the play area are kept free of the prompt (the lobby's "Waiting for
    players"...) for a card a scene draws right under it (the host's invite card, lan_host.host_layout).
    ``keys``: who takes the keys now (:func:`key_help`): "table", "overlay" or "chat".
    ``keep_out``: controls a scene draws on the felt (the host's "Invite friends" chip): the play area,
    where the line of play lies, starts below every one that reaches into it (kind: a control on the
    felt the line's area did not know about; new user: a tile under "Invitar amigos" at 1280x800).
    ``window``: the window's size when the table is laid out narrower beside an open side panel (the
    Tiles and Chat buttons are sized for the window; :func:`toggle_zone`); ``size`` by default.
    ``footer_rows``: at least this many rows kept for the key help (the layout asks itself again with
    more when the footer it ends up saying needs more rows than :func:`footer_texts` did).
    """
    w, h = size
    felt = w - max(0, min(side, w // 2))
    u, f, sm = metrics(size)
    m = round(12 * u)
    view = state.view
    viewer = view.seat if view is not None and view.seat is not None else Seat.ONE
    top_h = round(2.6 * f)
    top_bar = (0, 0, w, top_h)
    from .text import tr
    # the footer's height is that of the longest key help this table can say (the play keys with M, C
    # and T, the overlay's, the chat's...): nothing moves when it changes, every row has its own room
    reserved = max([footer_rows] + [len(_help_rows(t, sm, w - 2 * m)) for t in footer_texts(state, lang)])
    help_h = footer_height(reserved, sm)
    help_rect = (m, h - help_h, w - 2 * m, help_h)
    # three plates share the top band: narrower in a middle narrowed by a side panel (a 700 px window)
    plate_w, plate_h = min(round(11 * f), (felt - 4 * m) // 3), round(1.5 * f + 2.7 * sm)
    btn_w, btn_h = round(6.2 * f), round(2.1 * f)
    # own hand: up to 10 upright tiles between the own plate and the action buttons
    own_w = round(10.5 * f)  # the viewer's own plate: narrower, so the hand keeps its size at 800x600
    avail = w - 2 * (max(own_w, btn_w) + 2 * m)
    hw = max(12, int(min(avail / 11.2, 0.075 * h, 56 * u)))
    num_h = round(1.3 * sm)
    hand_bottom = h - help_h - num_h
    hand_top = hand_bottom - 2 * hw
    lift = round(0.3 * hw)
    hand = _hand_tiles(view, ui, w, hand_top, hw, lift)
    bs = max(6, round(0.42 * hw))  # short side of face-down tiles
    band_y = top_h + m // 2
    band_h = max(2 * bs, plate_h)
    seats = _seats(state, viewer, size, m, band_y, band_h, plate_w, plate_h, bs, hand_top, felt)
    side_w = 2 * bs + 2 * m
    # new user: the instruction ran under the Tiles/Chat buttons, which sit at this height at the right
    # (and, with the tracker open at 1280x800, under buttons sized for the window, wider than the table's)
    room = toggle_zone(w, 0, window or size, _toggle_count(state))
    right = min(felt - side_w, room[0] - m)
    # and right of the own plate's turn marker and "passed" badge, which sit above it at this height
    own = seats[0].plate
    left = max(side_w, own[0] + own[2] + m // 2)
    status_w = max(4 * f, right - left)
    rows = _status_rows(state, ui, lang, f, status_w)
    status_h = round(1.8 * f) if len(rows) < 2 else round(1.3 * f * len(rows) + 0.5 * f)
    status_rect = (left, hand_top - lift - status_h - m // 2, status_w, status_h)
    toggles = (room[0], status_rect[1], room[2], room[3])  # the same zone, at the status line's height
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
    ends, ghosts, chosen = previews(view, ui, geo)
    marks = open_marks(view, geo, play_area, tuple(ghosts.values())) if line else ()
    buttons = _buttons(state, ui, size, m, top_h, btn_w, btn_h, hand_top, f, lang)
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
    under = beneath(panel, state, ui, lang, (felt, h), panel_area, f, hw, felt < w, clear, toggles)
    if line:
        taken = [sp.rect for sp in geo.spots] + [mk.rect for mk in marks] + [g.rect for g in ghosts.values()]
        panel, under = (clear_of_line(p, panel_area, taken) if p is not None and not p.modal and not p.cells
                        else p for p in (panel, under))
    if panel is not None and panel.modal:  # the prompt speaks; the status line is not drawn under it
        status = ()
    help_rows = _help_rows(key_help(state, panel, keys, lang), sm, w - 2 * m)
    if len(help_rows) > reserved:  # a prompt's own keys longer than any footer foreseen: room for every row
        return compute_layout(state, ui, size, lang, side, under, keep_out, window, keys, len(help_rows))
    # the banner sits at the top of the play area, below the partner's seat, never over a seat
    bw = min(felt - 2 * side_w, round(30 * f))
    # only a lost connection is an alarm; connecting is a normal state, said once by the status line
    banner = ((felt - bw) // 2, area_top, bw, round(2.2 * f)) if lost else None
    kept = (felt, top_h, w - felt, status_rect[1] - m // 2 - top_h) if felt < w else None
    last = None
    if line and geo.spots:
        last = (geo.spots[0] if line[-1].end is End.LEFT and len(line) > 1 else geo.spots[-1]).rect
    return TableLayout(size, u, f, sm, top_bar, (m, 0, w // 2, top_h), status_rect, help_rect,
                       play_area, hand, seats, geo, ends, ghosts, chosen, marks, help_rows, last, buttons, panel,
                       banner, kept, status, toggles=toggles, beneath=under)


def _toggle_count(state: ClientState) -> int:
    """The buttons at the status line's right: Chat, and Tiles where its button shows (tracking.button_shown)."""
    from .tracking import button_shown
    return 2 if button_shown(state) else 1


def toggle_zone(right: int, y: int, window: tuple[int, int], count: int = 2) -> Rect:
    """The box ``count`` buttons (Chat, and Tiles left of it) take left of x = ``right`` (the table's
    right edge) from height ``y`` (the status line's), as :func:`.chat.layout` and
    :func:`.tracking.layout` size them for a window of ``window`` px, margins included. Pure."""
    from .chat import font_size, toggle_room
    room = count * toggle_room(window)
    return (right - room, y, room, round(2.1 * font_size(window)))


def _status_rows(state: ClientState, ui: Ui, lang: str, f: int, width: int) -> tuple[str, ...]:
    """The status line (:func:`.panels.status_line`) in ``lang`` as one row of ``width`` px at the bold
    ``f`` px font, or two rows broken at the most even space when one does not fit."""
    from .panels import status_line
    from .text import say

    msgid, args = status_line(state, ui, lang)
    if not msgid:
        return ()
    text = say(lang, msgid, args)
    face = measurer()
    if face.measure(text, f, True)[0] <= width:
        return (text,)
    words = text.split(" ")
    best: tuple[str, ...] = (text,)
    for k in range(1, len(words)):
        rows = (" ".join(words[:k]), " ".join(words[k:]))
        if len(best) == 1 or max(face.measure(r, f, True)[0] for r in rows) < max(face.measure(r, f, True)[0] for r in best):
            best = rows
    return best


def clear_of_line(panel: Panel, area: Rect, line: list[Rect]) -> Panel:
    """A prompt that leaves the table playable (not modal: "{name} is disconnected") moved up or down
    inside ``area`` to the place nearest its own that covers the least of the ``line`` rects (tiles,
    open numbers, ghosts), so the line stays in sight where the felt has room (new user s9 item 3:
    the panel sat over the line with its open numbers sticking out above and below it). Returned
    unchanged when no place covers less. Kind: a prompt placed by size alone over a felt it shares.
    """
    x, y, w, h = panel.rect
    ax, ay, aw, ah = area

    def covered(top: int) -> int:
        return sum(max(0, min(x + w, r[0] + r[2]) - max(x, r[0])) * max(0, min(top + h, r[1] + r[3]) - max(top, r[1]))
                   for r in line)

    if h >= ah or covered(y) == 0:
        return panel
    best = min(range(ay, ay + ah - h + 1, 2), key=lambda top: (covered(top), abs(top - y)))
    if covered(best) >= covered(y):
        return panel
    dy = best - y
    buttons = tuple(replace(b, rect=(b.rect[0], b.rect[1] + dy, b.rect[2], b.rect[3])) for b in panel.buttons)
    return replace(panel, rect=(x, best, w, h), buttons=buttons)


def key_help(state: ClientState, panel: Panel | None, keys: str, lang: str) -> str:
    """The footer's one line: what the keys do on the screen as shown, from the one thing that decides
    it, in the order the table gives keys out (scenes.table.TableScene.handle): an open overlay
    (``keys == "overlay"``: Escape, scrolling), the chat field with the focus (``"chat"``: Enter sends),
    a spectator's window (nothing to play), the opening draw's cells, the prompt's Enter button
    (:func:`.panels.enter_button`, the same :func:`.input._enter` presses) or its own words
    (:attr:`.panels.Panel.keys`), and the hand's keys only while this seat has a hand in play. New user
    s9 item 11: play keys under "Waiting for players", "Enter: I lead" while Enter sent a chat line,
    "Enter: Accept" under the Review overlay."""
    from .text import say, tr

    if keys == "overlay":
        return tr(lang, HELP_OVERLAY)
    if keys == "chat":
        from .chat import free_text_allowed
        return tr(lang, HELP_CHAT if free_text_allowed(state) else HELP_PHRASES)
    if spectating(state):
        return tr(lang, WATCHING)
    view = state.view
    if panel is not None and panel.cells:  # the arrows and Enter draw only for a seat still to draw (R3)
        mine = view is not None and view.seat is not None and view.seat in view.waiting_for()
        return tr(lang, HELP_DRAW) if mine and len(panel.taken) < len(panel.cells) else ""
    primary = enter_button(panel)
    if primary is not None and panel is not None and panel.kind == "confirm":  # Esc keeps playing (input.key)
        cancel = next(b for b in panel.buttons if not b.primary)
        return tr(lang, HELP_CONFIRM, action=say(lang, primary.label, dict(primary.args)),
                  cancel=say(lang, cancel.label, dict(cancel.args)))
    if primary is not None:
        return tr(lang, HELP_PROMPT, action=say(lang, primary.label, dict(primary.args)))
    if panel is not None and (panel.keys or panel.modal):
        return tr(lang, panel.keys) if panel.keys else ""
    if isinstance(view, SeatView) and state.started and view.phase is Phase.PLAY:
        more = HELP_MORE + ((HELP_TILES,) if state.tracker else ())
        return " · ".join([tr(lang, HELP)] + [tr(lang, k) for k in more])
    return ""


FOOTER_ROW = 1.35
"""The height of one row of the key help, in small-font sizes (:func:`footer_height`)."""


def footer_height(rows: int, sm: int) -> int:
    """The footer's height in px for ``rows`` rows of the ``sm`` px font: each row its own
    :data:`FOOTER_ROW` band, so two rows never run into each other. Pure."""
    return round(FOOTER_ROW * sm * rows + 0.3 * sm)


def footer_rows(rect: Rect, rows: int, sm: int) -> tuple[Rect, ...]:
    """The box of each of ``rows`` key-help rows in the footer ``rect``: one :data:`FOOTER_ROW` band
    each, the block centred in ``rect`` (which :func:`footer_height` sized for at least ``rows``)."""
    step = round(FOOTER_ROW * sm)
    top = rect[1] + (rect[3] - rows * step) // 2
    return tuple((rect[0], top + i * step, rect[2], step) for i in range(rows))


def footer_texts(state: ClientState, lang: str) -> tuple[str, ...]:
    """Every key help the table can say without a prompt's own words (:func:`key_help`), translated:
    the footer is kept as high as the longest of them wraps to, so it does not jump when the keys
    change and none of them needs more rows than it has (new user s10 item 4: the play keys with M, C
    and T wrapped to two rows in a footer kept for the one row of :data:`HELP`)."""
    from .text import tr
    if spectating(state):
        return (tr(lang, WATCHING), tr(lang, HELP_OVERLAY), tr(lang, HELP_CHAT), tr(lang, HELP_PHRASES))
    play = " · ".join([tr(lang, HELP)] + [tr(lang, k) for k in HELP_MORE + ((HELP_TILES,) if state.tracker else ())])
    return (play, tr(lang, HELP_OVERLAY), tr(lang, HELP_CHAT), tr(lang, HELP_PHRASES), tr(lang, HELP_DRAW))


def _help_rows(text: str, sm: int, width: int) -> tuple[str, ...]:
    """``text`` broken at its " · " into the fewest rows of ``width`` px at the ``sm`` px font (issue
    11.4: never cut at 800x600), as even as that allows; a part wider than a row alone is broken at its
    spaces. Kind (new user s10 item 4): a footer whose rows were counted apart from its height."""
    return _wrap_keys(measurer(), text, sm, width) if text else ()


@lru_cache(maxsize=64)
def _wrap_keys(face: Typeface, text: str, sm: int, width: int) -> tuple[str, ...]:
    """:func:`_help_rows` with the measurer given, cached: the layout asks it for every frame."""
    def fits(row: str) -> bool:
        return face.measure(row, sm)[0] <= width

    parts: list[str] = []
    for part in text.split(" · "):  # a part too wide alone (a narrow window) is broken at its spaces
        if fits(part):
            parts.append(part)
            continue
        words, row = part.split(" "), ""
        for word in words:
            if row and not fits(f"{row} {word}"):
                parts.append(row)
                row = word
            else:
                row = f"{row} {word}" if row else word
        parts.append(row)

    def greedy(limit: float) -> list[str]:
        rows: list[str] = []
        for part in parts:
            if rows and face.measure(f"{rows[-1]} · {part}", sm)[0] <= limit:
                rows[-1] = f"{rows[-1]} · {part}"
            else:
                rows.append(part)
        return rows

    best = greedy(width)
    lo, hi = 0.0, float(width)  # the narrowest limit that still needs no more rows: the most even rows
    for _ in range(12):
        mid = (lo + hi) / 2
        if len(greedy(mid)) <= len(best) and all(fits(r) for r in greedy(mid)):
            hi = mid
        else:
            lo = mid
    even = greedy(hi)
    return tuple(even if len(even) == len(best) else best)


def _hand_tiles(view: object, ui: Ui, w: int, top: int, hw: int, lift: int) -> tuple[HandTile, ...]:
    if not isinstance(view, SeatView):
        return ()
    tiles = sorted(view.hand)[:MAX_HAND_TILES]  # R9: a hand never holds more; a bad view costs no more
    playable = {m.tile for m in view.legal_moves() if isinstance(m, Play)}
    gap = max(2, round(0.12 * hw))
    total = len(tiles) * hw + (len(tiles) - 1) * gap
    x = (w - total) // 2
    out = []
    for i, t in enumerate(tiles):
        sel = t is ui.selected
        out.append(HandTile(t, (x, top - (lift if sel else 0), hw, 2 * hw), t in playable, sel, i + 1))
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
    if n * bs + max(0, n - 1) * gap <= room:
        row_w = n * bs + max(0, n - 1) * gap
        group = row_w + (m if n else 0) + plate_w
        gx = (felt - group) // 2
        backs = tuple((gx + i * (bs + gap), band_y + (band_h - 2 * bs) // 2, bs, 2 * bs) for i in range(n))
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


TOP_BUTTONS = (("leave", N_("Leave")), ("ledger", N_("Ledger")), ("rules", N_("Rules")), ("redo", N_("Redo")),
               ("undo", N_("Undo")), ("restart", N_("Restart")))
"""The top bar's buttons, right to left."""


def top_button_widths(labels: list[str], w: int, m: int, f: int, sm: int, bh: int, left: int = 0,
                      details: int = 0) -> list[int]:
    """Widths of the top-bar buttons for the translated ``labels``: all the same when every label fits and
    the row of them leaves ``details`` px (the table code, target and hand on one row) right of ``left``
    px (the scores), else each as wide as its measured label, in the room right of ``left``.

    Left alone before: in a table narrowed by the open tile tracker or chat (Portuguese, German, Spanish
    at 1100-1280 px), same-width buttons kept empty room around "Sair" while the details beside them were
    squeezed onto two small rows and the team names cut to letters."""
    face = measurer()
    uniform = min(round(6.4 * f), (round(w * 0.58) - m) // 6 - m // 2)
    needs = [face.measure(label, sm)[0] + bh // 2 + 6 for label in labels]
    row = len(labels) * uniform + (len(labels) - 1) * (m // 2)
    if max(needs) <= uniform and left + details + row <= w - m:
        return [uniform] * len(labels)
    room = max(round(w * 0.58), w - left - m) - m - (len(labels) - 1) * (m // 2)
    scale = min(1.0, room / sum(needs))
    return [max(round(2.5 * f), int(n * scale)) for n in needs]


def top_details(state: ClientState, lang: str, shown_hand: int | None = None) -> list[tuple[str, int]]:
    """The top bar's details as (text, place), most needed first: table code, hand, "to 100", seeded.

    The hand shown is the one being played or about to be: while the opener is chosen (R6, phase
    NOMINATE) the next hand's number (new user: "hand 1" while choosing the opener for hand 2); while a
    finished hand is shown, that hand's (``shown_hand``)."""
    from .text import tr

    view = state.view
    bits: list[tuple[str, int]] = []
    if state.table:
        bits.append((tr(lang, "table {code}", code=state.table), 0))
    if view is not None:
        shown = view.hand_number + 1 if view.phase is Phase.NOMINATE else view.hand_number
        if shown_hand is not None:
            shown = shown_hand
        if shown:
            bits.append((tr(lang, "hand {n}", n=shown), 2))
    bits.append((tr(lang, "to {target}", target=100), 1))
    if state.seeded:
        bits.append((tr(lang, "seeded") + (f" {state.seed}" if state.seed is not None else ""), 3))
    return bits


def details_width(state: ClientState, lang: str, sm: int) -> int:
    """Px of the top bar's details never dropped (table code, target, hand) on one row at ``sm`` px."""
    needed = sorted((bit for bit in top_details(state, lang) if bit[1] <= 2), key=lambda bit: bit[1])
    return measurer().measure(" · ".join(text for text, _ in needed), sm)[0]


def score_width(lang: str, f: int, scores: tuple[int, int]) -> int:
    """Width in px of the top bar's two team scores as :func:`~doublenine.client.render` draws them."""
    from .text import tr

    face = measurer()
    return sum(f + f // 3 + face.measure(tr(lang, "Team {team}", team=team), f)[0] + f // 2
               + face.measure(str(score), round(f * 1.2), True)[0] + f for team, score in zip("AB", scores))


def may_undo(view: object) -> bool:
    """R27, D6: the seat has a play or pass in this match to take back (the server's undo_target).

    A play or pass in this hand, or any finished hand of this match (every seat had a turn in it).
    """
    if not isinstance(view, SeatView):
        return False
    return (any(getattr(m, "seat", None) == view.seat for m in view.moves)
            or any(h.match == view.match for h in view.finished))


def may_hint(state: ClientState) -> bool:
    """R25: a hint applies only while the table waits for this seat's decision in a hand."""
    view = state.view
    return (isinstance(view, SeatView) and state.connection == "connected" and state.started
            and view.phase in (Phase.PLAY, Phase.REVIEW, Phase.NOMINATE) and view.seat in view.waiting_for())


def _buttons(state: ClientState, ui: Ui, size: tuple[int, int], m: int, top_h: int, bw: int, bh: int,
             hand_top: int, f: int, lang: str = "en") -> tuple[Button, ...]:
    from .text import tr

    w, h = size
    view = state.view
    out: list[Button] = []
    sm = metrics(size)[2]
    y = (top_h - round(0.8 * bh)) // 2
    # while the connection is lost nothing can be sent: no action is offered, Leave/Ledger/Rules stay
    seated = isinstance(view, SeatView) and state.connection == "connected"
    enabled = {"redo": seated and state.can_redo, "undo": seated and state.can_undo and may_undo(view),
               "restart": seated and view is not None and view.phase is Phase.PLAY}
    scores = view.scores if view is not None else (0, 0)
    # a spectator (no seat) never undoes, redoes or restarts: those buttons are not shown at all
    # (new user N9: greyed Restart/Undo/Redo in the spectator's bar), nor while it connects
    top = TOP_BUTTONS[:3] if spectating(state) else TOP_BUTTONS
    widths = top_button_widths([tr(lang, label) for _, label in top], w, m, f, sm, round(0.8 * bh),
                               m + score_width(lang, f, scores), details_width(state, lang, sm) + f)
    x = w - m
    for (bid, label), sw in zip(top, widths):
        x -= sw
        out.append(Button(bid, (x, y, sw, round(0.8 * bh)), label, False, enabled.get(bid, True)))
        x -= m // 2
    if isinstance(view, SeatView) and seated and view.phase is Phase.PLAY and view.turn == view.seat:
        bx = w - m - bw
        out.append(Button("hint", (bx, hand_top, bw, bh), N_("Hint")))
        if any(isinstance(mv, Pass) for mv in view.legal_moves()):
            out.append(Button("pass", (bx, hand_top + bh + m // 2, bw, bh), N_("Pass"), primary=True))
    return tuple(out)
