"""A player who walks away (issue 15 part 2): the "waiting for X for 1:23" card, nudges and taking a seat back.

R29: nothing here acts by the clock. The wait is information, counted from the
server's ``snapshot.waited`` and from each ``update`` (a new decision is awaited
from then); it only decides what the card offers: after :data:`NUDGE_AFTER`
seconds a Nudge button (the server allows one nudge per table every 30 s), after
:data:`HAND_OVER_AFTER` seconds a request to let the computer play the seat, which
the other players must accept (D7). Geometry is pure; :func:`draw_card` draws.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from doublenine.shared.chat import NUDGE_EVERY
from doublenine.shared.i18n import N_
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

from .art import GOLD, Art
from .layout import TableLayout, marker_zone
from .panels import IM_BACK, LOOKING_ONE, Button, status_line
from .render import INK, draw_button
from .snake import Rect
from .store import ClientState, seat_name
from .text import tr
from .uistate import Ui

SAID_BY_CARD = (N_("{name} to play"), N_("{name} chooses who leads"), LOOKING_ONE)
"""Status lines the wait card says too ("Waiting for {name} for 1:23"): it may cover them."""
SHOW_AFTER = 5.0
"""Seconds of waiting before the card shows (a normal turn takes a few seconds)."""
NUDGE_AFTER = 15.0
"""Seconds before the Nudge button is offered."""
HAND_OVER_AFTER = 60.0
"""Seconds before "Let the computer play" is offered for a player who is connected but away."""
HAND_OVER_LONG = 180.0
"""Seconds of one wait after which a hand-over needs nobody's consent (docs/protocol.md, D7): the asker of
an open hand-over is offered :data:`HAND_OVER_NOW`."""
HAND_OVER_NOW = N_("Let the computer play for {name} now")
"""The wait card's button past :data:`HAND_OVER_LONG` while this seat's own hand-over request is open."""
NOTICE_SECONDS = 8.0
"""How long the window of a nudged player stays lit and says so."""


def awaited_seat(state: ClientState) -> Seat | None:
    """The other human the table visibly waits for (R3 draw, R6 nomination, R15 play), if any.

    None during the review (its answers are private, R10), while the viewer has to act too (their
    own turn, their own opening draw: new user 7, "Waiting for Ana · Nudge Ana" while Bob had yet to
    draw), and for seats a computer plays. Else another seat whose open rules or ledger the computers
    wait for (``held_by``, R26/D2; in the review too: the server says it), which may be nudged and
    handed over like a seat to play (attacker s10 F4)."""
    view = state.view
    if view is None or not state.started:
        return None
    me = view.seat
    if view.phase in (Phase.DRAW, Phase.NOMINATE, Phase.PLAY):
        waiting = view.waiting_for()
        if me is not None and me in waiting:  # new user 7: the viewer must act first (both teams draw, R3)
            return None
        for seat in sorted(waiting):
            if seat not in state.computers:
                return seat
    held = next((s for s in sorted(state.held_by) if s != me), None)
    if held is None and view.phase is Phase.REVIEW:
        looking = still_looking(state)
        return looking[0] if len(looking) == 1 else None
    return held


def still_looking(state: ClientState) -> tuple[Seat, ...]:
    """R10: in the review, once this seat has answered, the other players' seats (taken, connected, not
    played by the computer), one of whom the deal still waits for: who answered is private, but the
    computers answer at once, so these are the only seats it can wait for. ``()`` before this seat
    has answered, for a spectator, or with nobody else seated."""
    view = state.view
    me = view.seat if view is not None else None
    if view is None or me is None or view.phase is not Phase.REVIEW or not getattr(view, "answered", False):
        return ()
    return tuple(s for s in sorted(state.humans) if s != me and s not in state.computers
                 and s not in state.free and s not in state.away)


def clock(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour on) of a wait, whole seconds."""
    s = max(0, int(seconds))
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


@dataclass(frozen=True, slots=True)
class Card:
    """A small card of text and buttons placed by a seat's plate (or above one's own)."""

    rect: Rect
    text: tuple[str, dict[str, Any]]
    buttons: tuple[Button, ...]
    urgent: bool = False
    points_to: Rect | None = None
    """The plate of the seat the card is about when another seat's plate is nearer to it (no free place by
    its own): a line joins them (:func:`draw_card`). New user s12: "Waiting for Player" lay under East's
    plate while Player sat top-centre, and read as if East were awaited."""


def _overlap(a: Rect, b: Rect) -> int:
    """Pixels ``a`` and ``b`` share."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def obstacles(lay: TableLayout, status: int = 400) -> list[tuple[Rect, int]]:
    """(rect, weight per px) a card must not hide: the prompt panel ("Pick a tile…", "the higher total
    opens"), the "Connection lost" banner, every plate (with the place of its "passed" badge and turn
    marker) and face-down tile stack, the open numbers (400), the line of play (100: it can be seen
    around a card), the status line (``status``), and, never (10**8), the place kept for an open side
    panel (:attr:`TableLayout.side`: a card there would lie under the panel), the key line, and what a scene over the
    table reserved (:attr:`TableLayout.reserved`: the host's "Invite" chip)."""
    heavy = [lay.top_bar] + [r for r in (lay.banner, lay.panel.rect if lay.panel else None,
                                         lay.beneath.rect if lay.beneath else None) if r]
    heavy += [s.plate for s in lay.seats] + [b for s in lay.seats for b in s.backs] + [t.rect for t in lay.hand]
    heavy += [m.rect for m in lay.marks] + [marker_zone(s, lay.font, lay.small) for s in lay.seats]
    heavy += [lay.help_rect] if lay.help else []  # the key line (a narrowed "I'm back" card lay over it)
    light = [sp.rect for sp in lay.line.spots]
    kept = [(lay.side, 10 ** 8)] if lay.side is not None else []  # an open side panel's place: never
    kept += [(r, 10 ** 8) for r in lay.reserved]  # a host's chip drawn over the table: never (it hid the chip)
    return kept + [(r, 400) for r in heavy] + [(lay.status_rect, status)] + [(r, 100) for r in light]


_placed: dict[tuple[Any, ...], tuple[int, int]] = {}
"""The last placement, by what it avoided (the cards are asked for on every frame, hover and click)."""


def _place(lay: TableLayout, anchor: Rect, w: int, h: int, above: bool, status: int = 400) -> tuple[int, int]:
    """Where a ``w`` x ``h`` card by ``anchor`` (a plate) hides least (:func:`obstacles`), then lies
    nearest: beside the plate first (below it, above one's own), else anywhere on the table between
    the top bar and the window's bottom, on a grid of ``font`` pixels."""
    things = obstacles(lay, status)
    key = (tuple(things), lay.size, lay.top_bar, anchor, w, h, above)
    if key in _placed:
        return _placed[key]
    ax, ay, aw, ah = anchor
    f = lay.font
    pad = f // 2
    below, over = (ax, ay + ah + pad), (ax, ay - h - pad)
    sides = [(ax + aw + pad, ay), (ax - w - pad, ay), (ax + aw - w, ay + ah + pad), (ax + aw + pad, ay + ah - h),
             (ax - w - pad, ay + ah - h)]
    tries = [over, below] + sides if above else [below, over] + sides
    top, bottom = lay.top_bar[1] + lay.top_bar[3] + pad, lay.size[1] - pad
    # rows on a grid of f px, and rows just clear of the line of play (its open numbers included) and of
    # the hand: a gap only a few px taller than the card (800x600, chat open) is found too
    line = [sp.rect for sp in lay.line.spots] + [mk.rect for mk in lay.marks]
    edges = [(min(r[1] for r in line), max(r[1] + r[3] for r in line))] if line else []
    edges += [(t.rect[1], t.rect[1] + t.rect[3]) for t in lay.hand[:1]] + [(lay.status_rect[1], lay.status_rect[1])]
    edges += [(r[1], r[1] + r[3]) for r in (lay.panel.rect if lay.panel else None,) if r]  # just clear of the prompt
    ys = set(range(top, bottom - h + 1, f)) | {y for a, b in edges for y in (b + 2, a - h - 2) if top <= y <= bottom - h}
    tries += [(x, y) for y in sorted(ys) for x in range(pad, lay.size[0] - w - pad + 1, f)]
    best: tuple[int, int, int, int, int] | None = None  # (cost, by another plate, distance, x, y)
    for x, y in tries:
        x = min(max(pad, x), lay.size[0] - w - pad)
        y = min(max(top, y), bottom - h)
        cost = sum(weight * _overlap((x, y, w, h), r) for r, weight in things)
        if best is not None and cost > best[0]:
            continue
        near = abs(x + w // 2 - (ax + aw // 2)) + abs(y + h // 2 - (ay + ah // 2))
        # of places hiding as little, one whose nearest plate is its own seat's comes first: a card read
        # as another seat's (new user s12) is worse than one a little farther
        other = int(nearest_plate(lay, (x, y, w, h)) != anchor)
        if best is None or (cost, other, near) < best[:3]:
            best = (cost, other, near, x, y)
    assert best is not None
    _placed.clear()
    _placed[key] = best[3:]
    return best[3:]


def nearest_plate(lay: TableLayout, box: Rect) -> Rect | None:
    """The plate (of :attr:`TableLayout.seats`) nearest ``box`` by the gap between them (:func:`_gap`)."""
    plates = [s.plate for s in lay.seats]
    return min(plates, key=lambda p: max(0, _gap(p, box))) if plates else None


_spots: dict[tuple[Any, ...], tuple[int, int, int]] = {}
"""The last message placements, by what they avoided (asked for on every frame, hover and click)."""


def clear_spot(lay: TableLayout, w: int, h: int, want: tuple[int, int],
               also: tuple[Rect, ...] = (), nearest: bool = False) -> tuple[int, int, int]:
    """(x, y, cost) of a ``w`` x ``h`` message (a toast, a nudge notice, a button's tip) placed where it
    hides least of what a player needs (:func:`obstacles`, the status line's rows as drawn; every button of
    the layout and the chat and tracker buttons' place, :attr:`TableLayout.toggles`; ``also``: the wait
    cards and the side buttons), then nearest ``want`` (its top-left): at ``want``'s x first, at any
    height; anywhere only when no height there is clear. ``cost`` 0: it hides nothing. Kind (new user
    s11): a message drawn at a fixed place over the status line, which the opening draw's panel covers:
    "Bruno is waiting for you: your turn!" and the second window's banner lay over the face-down tiles
    the player had to click; then (s12) the second window's banner over the status line it was centred
    on ("Your turn: choose a tile" unread), and the Leave button's tip, under the button, over East's
    name card. Kind: a tip or notice placed without checking what it covers. ``nearest``: the clear
    place nearest ``want`` in any direction (a button's tip stays by its button), not its column first."""
    controls = [b.rect for b in lay.buttons] + ([lay.toggles] if lay.toggles[2] and lay.toggles[3] else [])
    # the lifted tile's ghosts are clicked to play it (s15: at 1024x768, 125 %, the Leave warning lay over the
    # left one; kind: a message placed without the clickable places the line offers)
    controls += [g.rect for g in lay.ghosts.values()]
    shown = [box for _, box in lay.status]  # the status line's rows as drawn (none under a modal prompt)
    things = obstacles(lay, status=0) + [(r, 400) for r in (*shown, *controls, *also)]
    key = (tuple(things), lay.size, w, h, want, nearest)
    if key in _spots:
        return _spots[key]
    if len(_spots) > 8:  # a few placements asked for on every frame (the toast, a notice, a tip)
        _spots.clear()
    if nearest:
        _spots[key] = _nearest_spot(lay, w, h, want, things)
        return _spots[key]
    f = lay.font
    pad = f // 2
    top, bottom = lay.top_bar[1] + lay.top_bar[3] + pad // 2, lay.size[1] - pad // 2
    edges = {r[1] + r[3] + pad // 2 for r, _ in things} | {r[1] - h - pad // 2 for r, _ in things}
    air = pad // 2  # a grid row nearer a thing than its edge rows is never taken: it keeps no air (s13: 1 px)
    grid = {y for y in range(top, bottom - h + 1, max(2, f // 2))
            if not any(r[1] + r[3] <= y < r[1] + r[3] + air or r[1] - air < y + h <= r[1] for r, _ in things)}
    ys = sorted(grid | {y for y in edges if top <= y <= bottom - h})
    wx = min(max(pad, want[0]), lay.size[0] - w - pad)

    def best_of(spots: list[tuple[int, int]]) -> tuple[int, int, int, int]:
        found: tuple[int, int, int, int] | None = None  # (cost, distance, x, y)
        for x, y in spots:
            cost = sum(weight * _overlap((x, y, w, h), r) for r, weight in things)
            if found is not None and cost > found[0]:
                continue
            near = abs(x - want[0]) + abs(y - want[1])
            if found is None or (cost, near) < found[:2]:
                found = (cost, near, x, y)
        assert found is not None
        return found
    cost, _, x, y = best_of([(wx, min(max(top, want[1]), max(top, bottom - h)))] + [(wx, y) for y in ys])
    if cost:
        xs = sorted(set(range(pad, lay.size[0] - w - pad + 1, f)) | {wx})
        wider = best_of([(x, y) for y in ys for x in xs])
        if wider[0] < cost:
            cost, _, x, y = wider
    _spots[key] = (x, y, cost)
    return x, y, cost


def _nearest_spot(lay: TableLayout, w: int, h: int, want: tuple[int, int],
                  things: list[tuple[Rect, int]]) -> tuple[int, int, int]:
    """(x, y, cost) of the place of a ``w`` x ``h`` box nearest ``want`` that hides none of ``things``
    (rect, weight per px), tried in order of distance (on a grid of half type sizes, and just beside
    each thing); the one that hides least when none is clear."""
    pad = lay.font // 2
    top, bottom = lay.top_bar[1] + lay.top_bar[3] + pad // 2, lay.size[1] - pad // 2
    left, right = pad // 2, lay.size[0] - pad // 2
    step = max(2, lay.font // 2)
    xs = set(range(left, right - w + 1, step)) | {r[0] + r[2] + pad // 2 for r, _ in things} | \
        {r[0] - w - pad // 2 for r, _ in things} | {want[0]}
    ys = set(range(top, bottom - h + 1, step)) | {r[1] + r[3] + pad // 2 for r, _ in things} | \
        {r[1] - h - pad // 2 for r, _ in things} | {want[1]}
    spots = sorted(((x, y) for x in xs if left <= x <= right - w for y in ys if top <= y <= bottom - h),
                   key=lambda p: (abs(p[0] - want[0]) + abs(p[1] - want[1]), p))
    best: tuple[int, int, int] | None = None
    for x, y in spots:
        cost = sum(weight * _overlap((x, y, w, h), r) for r, weight in things)
        if cost == 0:
            return x, y, 0
        if best is None or cost < best[2]:
            best = (x, y, cost)
    if best is None:  # a box larger than the window: where it was asked
        return want[0], want[1], sum(weight * _overlap((*want, w, h), r) for r, weight in things)
    return best


def _card(lay: TableLayout, anchor: Rect, text: tuple[str, dict[str, Any]], specs: list[tuple[Any, ...]],
          above: bool = False, status: int = 400, lang: str | None = None,
          grows: list[tuple[Any, ...]] | None = None, shrink: bool = True) -> Card:
    """A card by ``anchor``; with ``lang``, only as wide as its text and buttons need in that language
    (a card as wide as its longest possible button found no room by the plate: new user 7). ``specs``:
    (id, label, primary) of each button, a fourth False for a greyed one. ``grows``: every button the card
    may come to show (the wait card's Nudge, then its hand-over request): sized and placed for them all
    from the first, it stays where it is as they come, growing downwards (new user s11: the card jumped
    from beside Ana's plate to the felt's left when its second button came). ``shrink``: False for a
    card whose words are never set smaller than the table's (the "I'm back" card)."""
    f = lay.font
    w = max(anchor[2], min(round(24 * f), lay.size[0] * 2 // 5))  # "Dejar que la computadora juegue por …" (issue 11.4)
    bh, pad = round(2.0 * f), f // 2
    room = grows if grows is not None and len(grows) >= len(specs) else specs
    h = pad + round(1.5 * f) + len(specs) * (bh + pad) + pad
    most = pad + round(1.5 * f) + len(room) * (bh + pad) + pad
    if lang is not None:
        w = min(w, max(anchor[2], _needed(text, [*specs, *room], lang, f, bh, pad)))
    x, y = _place(lay, anchor, w, most, above, status)
    if above and most > h:  # placed over its anchor for its tallest: its bottom stays by the anchor
        y += most - h
    if lang is not None and shrink and _gap(anchor, (x, y, w, most)) > 3 * f:
        # no room by the plate: the card with its text fitted to 82% (never below the typeface's
        # 80% floor, never cut) where that finds room (German "Den Computer für Zoë spielen lassen"
        # beside the opening draw at 1280x800)
        narrow = max(anchor[2], w * 82 // 100)
        nx, ny = _place(lay, anchor, narrow, most, above, status)
        if _gap(anchor, (nx, ny, narrow, most)) <= 3 * f:
            x, y, w = nx, ny + (most - h if above else 0), narrow
    buttons = tuple(Button(spec[0], (x + pad, y + pad + round(1.5 * f) + i * (bh + pad), w - 2 * pad, bh), spec[1],
                           primary=spec[2], enabled=spec[3] if len(spec) > 3 else True, args=tuple(text[1].items()))
                    for i, spec in enumerate(specs))
    by = nearest_plate(lay, (x, y, w, most))
    points = by is not None and by != anchor and anchor in [s.plate for s in lay.seats] \
        and _clear_line(lay, connector((x, y, w, h), anchor), anchor)
    return Card((x, y, w, h), text, buttons, urgent=above, points_to=anchor if points else None)


def connector(card: Rect, plate: Rect) -> tuple[tuple[int, int], tuple[int, int]]:
    """The line from ``card``'s nearest edge to ``plate``'s (:attr:`Card.points_to`): (start, end)."""
    x, y, w, h = card
    px, py, pw, ph = plate
    end = (min(max(x + w // 2, px), px + pw), py + ph if py + ph <= y else py)
    start = (min(max(end[0], x), x + w), y if end[1] <= y else y + h)
    return start, end


def _clear_line(lay: TableLayout, line: tuple[tuple[int, int], tuple[int, int]], plate: Rect) -> bool:
    """True when ``line`` crosses no prompt, other plate, face-down tile, hand tile or tile of the line."""
    (x1, y1), (x2, y2) = line
    things = [r for r in (lay.panel.rect if lay.panel else None, lay.beneath.rect if lay.beneath else None) if r]
    things += [s.plate for s in lay.seats if s.plate != plate] + [b for s in lay.seats for b in s.backs]
    things += [t.rect for t in lay.hand] + [sp.rect for sp in lay.line.spots]
    steps = max(1, max(abs(x2 - x1), abs(y2 - y1)) // 4)
    for i in range(steps + 1):
        px, py = x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps
        if any(r[0] <= px < r[0] + r[2] and r[1] <= py < r[1] + r[3] for r in things):
            return False
    return True


def _gap(a: Rect, b: Rect) -> int:
    """Pixels between rects ``a`` and ``b`` along the axis they are farthest apart on (<= 0: touching)."""
    return max(a[0] - (b[0] + b[2]), b[0] - (a[0] + a[2]), a[1] - (b[1] + b[3]), b[1] - (a[1] + a[3]))


def _needed(text: tuple[str, dict[str, Any]], specs: list[tuple[Any, ...]], lang: str, f: int, bh: int,
            pad: int) -> int:
    """Width (px) a card's line (its clock at its widest, "88:88") and buttons take as :func:`draw_card`
    draws them (text at 0.95 ``f`` in ``w - f``, labels in ``w - 2 pad - bh // 2``), 4 px spare."""
    from .typeset import measurer
    face, size = measurer(), round(0.95 * f)
    msgid, args = text
    args = {**args, "time": "88:88", "seconds": 88} if "time" in args else args
    need = face.measure(tr(lang, msgid, **args), size)[0] + f
    for _, label, primary, *_ in specs:
        need = max(need, face.measure(tr(lang, label, **args), size, primary)[0] + bh // 2 + 2 * pad)
    return need + 4


def card_room(names: list[str], lang: str, f: int) -> int:
    """Px across the widest wait card (:func:`wait_card`, every button it may come to show) for any of the
    seats ``names`` at type size ``f`` px in ``lang``: what a panel beside the plates leaves free at each
    side (panels._draw: the opening draw grows with the window only so far). Pure but for measuring."""
    bh, pad = round(2.0 * f), f // 2
    need = 0
    for name in names:
        specs = [(0, N_("Nudge {name}"), False), (0, NUDGE_AGAIN, False), (0, N_("Let the computer play for {name}"), False)]
        for msgid in (N_("Waiting for {name} for {time}"), AWAY_WAIT):
            need = max(need, _needed((msgid, {"name": name, "time": "88:88", "seconds": 88}), specs, lang, f, bh, pad))
    return max(round(11 * f), min(round(24 * f), need))


NUDGE_AGAIN = N_("Nudge {name} again in {seconds} s")
"""The wait card's greyed Nudge button while the table's last nudge is under 30 s old (new user s11: the
greyed button did not say when it could be pressed again)."""


AWAY_WAIT = N_("{name} is not connected ({time})")
"""The wait card of a disconnected seat (``ClientState.away``): nobody is at it to be waited for."""


def wait_card(state: ClientState, lay: TableLayout, waited: float, nudge_ready: bool, ui: Ui,
              lang: str, nudge_in: float = 0.0) -> Card | None:
    """The card by the awaited seat's plate: the wait, and for a seated player the Nudge button
    (``nudge_ready``: no nudge at this table for 30 s; else greyed, saying the seconds left, ``nudge_in``,
    :func:`nudge_wait`) and the hand-over request; ``ui``: the table's previews, with which the status
    line it may cover is read. Placed for every button it may come to show (:func:`_card`'s ``grows``)."""
    seat = awaited_seat(state)
    if seat is None or waited < SHOW_AFTER or seat in state.free or state.connection != "connected" \
            or state.failure is not None:
        return None  # not joined yet (a lobby, not a wait); or our own link is down: nothing can be sent
    spot = next((s for s in lay.seats if s.seat == seat), None)
    if spot is None:
        return None
    name = seat_name(state, seat, lang)
    me = state.view.seat if state.view is not None else None
    specs: list[tuple[Any, ...]] = []
    nudge = (f"nudge:{int(seat)}", N_("Nudge {name}"), False)
    again = (f"nudge_wait:{int(seat)}", NUDGE_AGAIN, False, False)  # greyed: nothing is sent
    handover = (f"handover:{int(seat)}", N_("Let the computer play for {name}"), False)
    reviewing = state.view is not None and state.view.phase is Phase.REVIEW and seat not in state.held_by
    if me is not None and waited >= NUDGE_AFTER and seat not in state.away and not reviewing:
        # away: nobody to hear it; reading a new hand: the server takes no nudge (R10, nothing awaited)
        if nudge_ready:
            specs.append(nudge)
        elif nudge_in > 0:
            specs.append(again)
    if me is not None and waited >= HAND_OVER_AFTER and seat not in state.away and not state.consent \
            and state.asking is None:
        specs.append(handover)
    elif me is not None and waited >= HAND_OVER_LONG and state.asking == "hand_over":
        # D7: past 180 s the hand-over needs nobody's consent and settles this seat's own open request (s13
        # netplayer F5: the asker's card still waited for two seats that never answer, the button greyed)
        specs.append((f"handover:{int(seat)}", HAND_OVER_NOW, True))
    grows = ([] if reviewing else [again if nudge_in > 0 and not nudge_ready else nudge]) + [handover] \
        if me is not None and seat not in state.away else []
    if state.asking == "hand_over" and me is not None:
        grows = [*grows, (f"handover:{int(seat)}", HAND_OVER_NOW, True)]
    # a disconnected seat: nobody is there to wait for (new user s11 round 2 item 11: a second window
    # watching its own player's kept table read "Waiting for Player", that player being at the start screen)
    said_wait = AWAY_WAIT if seat in state.away else N_("Waiting for {name} for {time}")
    text = (said_wait, {"name": name, "time": clock(waited)}
            | ({"seconds": max(1, math.ceil(nudge_in))} if again in specs else {}))
    # while the status line only says whom the table waits for, as the card does, the card may lie over
    # it rather than over an open number or the line (a middle narrowed by the chat at 800x600); the
    # table scene then leaves it out (never an error, a pause or a request under a card)
    said = status_line(state, ui, lang)[0]
    return _card(lay, spot.plate, text, specs, status=1 if said in SAID_BY_CARD else 400, lang=lang, grows=grows)


def back_card(state: ClientState, lay: TableLayout, lang: str | None = None) -> Card | None:
    """D7: while the computer plays this connected seat, or the others ask for it, a card above one's
    own plate to take the seat back (or keep it); with ``lang``, only as wide as its words need there
    (beside an open prompt it must fit where the prompt leaves room: new user s11)."""
    me = state.view.seat if state.view is not None else None
    if me is None or not (state.playing_for_me or state.handing_me_over):
        return None
    spot = next((s for s in lay.seats if s.seat == me), None)
    anchor = spot.plate if spot is not None else (lay.size[0] // 2, lay.size[1] - 4 * lay.font, 0, 0)
    text = N_("The computer is playing for you") if state.playing_for_me else \
        N_("The others ask to let the computer play for you")
    return _card(lay, anchor, (text, {}), [("back", IM_BACK, True)], above=True, lang=lang, shrink=False)


def nudge_ready(last_nudge: float | None, now: float) -> bool:
    """No nudge heard at this table for 30 s (the server's limit; the button would be refused sooner)."""
    return last_nudge is None or now - last_nudge >= NUDGE_EVERY


def nudge_wait(last_nudge: float | None, now: float) -> float:
    """Seconds until the table may be nudged again (0: now; :func:`nudge_ready`)."""
    return 0.0 if nudge_ready(last_nudge, now) else NUDGE_EVERY - (now - last_nudge)  # type: ignore[operator]


def draw_card(surface: pygame.Surface, card: Card, art: Art, lang: str, f: int, hover: str | None) -> None:
    """A card: a soft plate, its line of text, its buttons."""
    x, y, w, h = card.rect
    if card.points_to is not None:  # no place by its seat's plate: a line to it, from the card's nearest edge
        start, end = connector(card.rect, card.points_to)
        pygame.draw.line(surface, GOLD, start, end, max(2, f // 8))
        pygame.draw.circle(surface, GOLD, end, max(3, f // 4))
    surface.blit(art.plate(w, h, (12, 28, 22, 255), f // 2), (x, y))  # opaque: it may lie over tiles
    pygame.draw.rect(surface, GOLD if card.urgent else (255, 255, 255, 60), card.rect, 1, border_radius=f // 2)
    msgid, args = card.text
    label = art.fit_text(tr(lang, msgid, **args), round(0.95 * f), w - f, INK,
                         only=str(args.get("name", "")))  # a long name is cut, not "for 1:23" after it
    surface.blit(label, label.get_rect(midtop=(x + w // 2, y + f // 2)))
    for b in card.buttons:
        draw_button(surface, art, b, round(0.95 * f), lang, hover == b.id)


def nudged_label(art: Art, text: str, f: int, mine: bool, w: int) -> pygame.Surface:
    """The nudge notice's words as :func:`draw_nudged` draws them in a window ``w`` px wide."""
    return art.text(text, round((1.25 if mine else 1.0) * f), (30, 24, 10) if mine else INK, bold=mine, width=w - 6 * f)


def nudged_size(art: Art, text: str, f: int, mine: bool, w: int) -> tuple[int, int]:
    """(width, height) px of the nudge notice's box (:func:`draw_nudged`)."""
    label = nudged_label(art, text, f, mine, w)
    return label.get_width() + 2 * f, label.get_height() + f


def draw_nudged(surface: pygame.Surface, art: Art, lang: str, text: str, age: float, f: int, mine: bool,
                bottom: int, at: tuple[int, int] | None = None, still: bool = False) -> None:
    """A nudge arriving: for the nudged player the window's edge glows (pulsing, fading over
    :data:`NOTICE_SECONDS`) and a notice ending at ``bottom`` (just over the hand), or with its top-left
    ``at`` (:func:`clear_spot`), says who waits; for the others a quiet notice there. ``still``: the player
    set "Tiles appear at once" (less motion): the edge glows steadily, no pulse (s14 access F11)."""
    w, h = surface.get_size()
    fade = max(0.0, 1.0 - age / NOTICE_SECONDS)
    if mine:
        pulse = 1.0 if still else 0.55 + 0.45 * abs(((age * 1.6) % 2.0) - 1.0)
        alpha = int(255 * fade * pulse)
        edge = pygame.Surface((w, h), pygame.SRCALPHA)
        for i, width in enumerate((max(6, f // 2), max(3, f // 4))):
            pygame.draw.rect(edge, (*GOLD, alpha // (i + 1)), (i * width, i * width, w - 2 * i * width,
                                                               h - 2 * i * width), width, border_radius=f)
        surface.blit(edge, (0, 0))
    label = nudged_label(art, text, f, mine, w)
    bw, bh = label.get_width() + 2 * f, label.get_height() + f
    x, y = at if at is not None else ((w - bw) // 2, bottom - bh)
    # opaque: a notice moved clear of the tiles may still lie over the felt's line of play
    surface.blit(art.plate(bw, bh, (*GOLD, int(240 * max(0.35, fade))) if mine else (20, 40, 32, 255), bh // 3), (x, y))
    surface.blit(label, label.get_rect(center=(x + bw // 2, y + bh // 2)))
