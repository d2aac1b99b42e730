"""Drawing only: the table from a layout, the client state and the previews. Mutates nothing.

``render(surface, layout, state, ui, art, lang)`` paints one frame. Every
picture comes from the :class:`~doublenine.client.art.Art` caches, so a full
table is a few dozen blits (bench/client.py measures it).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from doublenine.shared.i18n import N_
from doublenine.shared.moves import End
from doublenine.shared.seats import Seat
from doublenine.shared.seatstate import NEXT_DEAL_NAMED, SEAT_WORDS, YOU_NEXT_DEAL, SeatState
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

from .art import GOLD, TEAM_COLOURS, Art
from .palette import PLAYABLE_EDGE, PLAYABLE_RING
from .board import pip_boxes
from .buttons import SOUND_ON, score_width, top_details
from .footer import footer_rows
from .focus import draw_ring, focused, holds_focus
from .layout import TOWARD, SeatSpot, TableLayout, recap_row
from .panels import (
    PANEL_FILL, Button, Panel, draw_chosen, enter_button, even_rows, prompt_rows, result_rows, result_size, rows_height,
    small_font,
)
from .snake import Rect, Spot, overlaps
from .store import ClientState, seat_name, seat_state_of
from .typeset import MIN_SIZE, Colour
from .text import say, tr, trn
from .uistate import Ui

INK = (245, 240, 228)
DIM_INK = (200, 214, 204)
DARK = (20, 24, 22)
MARK = (252, 236, 190)


def draw_tile(surface: pygame.Surface, art: Art, spot: Spot, alpha: int = 255, shadow: bool = True) -> None:
    """One tile face with its soft shadow."""
    x, y, w, h = spot.rect
    if shadow:
        pad = art.shadow_pad(w, h)
        surface.blit(art.shadow(w, h), (x - pad + max(1, w // 16), y - pad + max(1, h // 12)))
    face = art.face(w, h, spot.a, spot.b, spot.vertical)
    if alpha < 255:
        face = face.copy()
        face.set_alpha(alpha)
    surface.blit(face, (x, y))


def draw_back(surface: pygame.Surface, art: Art, rect: Rect) -> None:
    """A face-down tile with its shadow."""
    x, y, w, h = rect
    pad = art.shadow_pad(w, h)
    surface.blit(art.shadow(w, h), (x - pad + max(1, w // 16), y - pad + max(1, h // 12)))
    surface.blit(art.back(w, h), (x, y))


def draw_button(surface: pygame.Surface, art: Art, b: Button, font: int, lang: str, hover: bool) -> None:
    """A rounded button; primary ones are gold."""
    x, y, w, h = b.rect
    r = min(w, h) // 3  # its short side's, as the focus ring's (focus.ring_radius): a tall button is no pill
    fill: tuple[int, ...]
    ink: tuple[int, ...]
    if b.primary:
        fill, ink = ((255, 222, 130) if hover else GOLD), DARK
    else:
        fill, ink = ((58, 72, 64, 235) if hover else (24, 34, 30, 215)), INK
    if not b.enabled:
        fill, ink = (30, 36, 34, 120), (130, 136, 132)
    surface.blit(art.plate(w, h, fill, r), (x, y))
    pygame.draw.rect(surface, (255, 255, 255, 60) if not b.primary else (150, 110, 30), b.rect, 1, border_radius=r)
    if b.id == "sound":  # a speaker that says on or off; its words in the tooltip (sound_tip) and the toast
        draw_speaker(surface, b.rect, b.label != SOUND_ON, ink)  # off, or no sound device (crossed out)
        return
    args = dict(b.args)  # a name in the label ("Nudge {name}") is what gets cut, never the words around it
    label = art.fit_text(say(lang, b.label, args), font, w - h // 2, ink, bold=b.primary, only=str(args.get("name", "")))
    surface.blit(label, label.get_rect(center=(x + w // 2, y + h // 2)))


def draw_speaker(surface: pygame.Surface, rect: Rect, muted: bool, ink: tuple[int, ...]) -> None:
    """A speaker in the middle of ``rect``: with two sound waves when on, crossed out when ``muted``."""
    import math
    x, y, w, h = rect
    s = max(6, round(h * 0.6))
    cx, cy = x + w // 2, y + h // 2
    left = cx - s * 0.6
    body = [(left, cy - s * 0.17), (left + s * 0.25, cy - s * 0.17), (left + s * 0.55, cy - s * 0.45),
            (left + s * 0.55, cy + s * 0.45), (left + s * 0.25, cy + s * 0.17), (left, cy + s * 0.17)]
    pygame.draw.polygon(surface, ink, [(round(px), round(py)) for px, py in body])
    line = max(1, s // 8)
    if muted:
        a, b = left + s * 0.72, left + s * 1.12
        pygame.draw.line(surface, ink, (round(a), round(cy - s * 0.2)), (round(b), round(cy + s * 0.2)), line + 1)
        pygame.draw.line(surface, ink, (round(a), round(cy + s * 0.2)), (round(b), round(cy - s * 0.2)), line + 1)
        return
    for r in (0.35, 0.6):
        box = pygame.Rect(0, 0, round(2 * r * s), round(2 * r * s))
        box.center = (round(left + s * 0.45), cy)
        pygame.draw.arc(surface, ink, box, -math.pi / 4, math.pi / 4, line)


SOUND_TIP = N_("{state} · M key")
"""The words beside the sound button under the pointer: its state (buttons.SOUND_ON / SOUND_OFF) and the key
that does the same (the footer's "M sound")."""


def tip_in_sight(lay: TableLayout, ui: Ui, rect: Rect) -> bool:
    """Whether the button at ``rect`` (window pixels) can say its tip: no overlay is open (the rules, the
    ledger, a review: they lie over the whole table) and no prompt of the table (``lay.panel``, the one under
    it, the reconnection banner) lies over the button. Kind: a tip painted from a hover the pointer had
    left, or of a control something covers (polish s12 item 13: the Ledger's tip over the ledger, the
    Restart tip beside its own question)."""
    if ui.overlay is not None:
        return False
    over = [p.rect for p in (lay.panel, lay.beneath) if p is not None] + ([lay.banner] if lay.banner else [])
    return not any(overlaps(r, rect) for r in over)


def sound_tip(surface: pygame.Surface, lay: TableLayout, art: Art, lang: str, ui: Ui,
              over: tuple[Rect, ...] = (), tips: dict[str, str] | None = None) -> Rect | None:
    """The words of the button under the pointer, in a box beside it (returns the box, None when none is
    drawn): the sound button's state and key above it (the button shows a speaker only; it lies at the
    footer's end), any other button's line (:data:`.buttons.TIPS`) below a top-bar button, above one lower
    down (s11 new user: no button of the table said what it does), else the nearest place that hides
    nothing a player needs (:func:`.waiting.clear_spot`; ``over``: what the scene draws over the table,
    its wait cards, chat and Tiles buttons, a message)."""
    from .buttons import TIPS
    from .waiting import clear_spot

    lines = {**TIPS, **(tips or {})}  # the scene's own lines first (the host's Leave)
    b = next((b for b in lay.buttons if b.id == ui.hover), None) if ui.hover is not None else None
    why = b.why if b is not None and not b.enabled else None  # greyed: why it cannot act (client.consentable)
    if b is None or (b.id != "sound" and b.id not in lines and why is None) or not tip_in_sight(lay, ui, b.rect):
        return None
    if lay.panel is not None and any(pb.id == b.id for pb in lay.panel.buttons):
        return None  # the pointer may be on the panel's button of the same name (the match end's Ledger)
    text = tr(lang, SOUND_TIP, state=tr(lang, b.label)) if b.id == "sound" else \
        say(lang, *why) if why is not None else tr(lang, lines[b.id])
    label = art.text(text, lay.small, INK, width=surface.get_width() - lay.small)
    w, h = label.get_width() + lay.small, label.get_height() + lay.small // 2
    x = max(lay.small // 2, min(b.rect[0] + b.rect[2] - w, surface.get_width() - w - lay.small // 2))
    below = b.rect[1] < lay.top_bar[3]  # a top-bar button: the box under the bar, over the felt
    want = (x, lay.top_bar[1] + lay.top_bar[3] + 4 if below else b.rect[1] - h - 4)
    # nearest there that hides no name card, status line, tile or control (s12: Leave's over East's card)
    box = (*clear_spot(lay, w, h, want, over, nearest=True)[:2], w, h)
    x = box[0]
    surface.blit(art.plate(w, h, (20, 60, 40, 255), h // 3), box[:2])
    pygame.draw.rect(surface, (214, 172, 96), box, 1, border_radius=h // 3)
    surface.blit(label, label.get_rect(center=(x + w // 2, box[1] + h // 2)))
    return box


def render(surface: pygame.Surface, lay: TableLayout, state: ClientState, ui: Ui, art: Art, lang: str,
           moving: tuple[Rect, tuple[int, int]] | None = None, over: tuple[Rect, ...] = (),
           tips: dict[str, str] | None = None) -> None:
    """Paint the whole table for one frame; ``moving`` draws the tile at rect ``moving[0]`` shifted by ``moving[1]``;
    ``over``: what the scene draws over the table afterwards (cards, side buttons, a message), which the
    tip of the button under the pointer keeps clear of (:func:`sound_tip`); ``tips``: a button id's line
    said instead of :data:`.buttons.TIPS`' (the host's Leave, :data:`.buttons.LEAVE_HOSTED_TIP`)."""
    surface.blit(art.felt(lay.size), (0, 0))
    _top_bar(surface, lay, state, art, lang)
    # under the hand end's panel the face-down tiles are already the next hand's: not drawn (a strip of the
    # partner's showed above the panel at 800x600 with the chat open); the panel's rows show what was left
    ended = lay.reveal is not None
    for spot in lay.seats:
        _seat(surface, lay, state, spot, art, lang, backs=not ended)
    _recap(surface, lay, state, art, lang)  # under the line: a long line's tiles go over it
    if lay.last is not None and moving is None:  # the tile just played: lit, unlike the open ends' outline
        x, y, w, h = pygame.Rect(lay.last).inflate(12, 12)
        surface.blit(art.plate(w, h, (255, 214, 120, 120), max(4, min(w, h) // 4)), (x, y))
    for sp in lay.line.spots:
        if moving is not None and sp.rect == moving[0]:
            dx, dy = moving[1]
            sp = Spot((sp.rect[0] + dx, sp.rect[1] + dy, sp.rect[2], sp.rect[3]), sp.a, sp.b, sp.vertical)
        draw_tile(surface, art, sp)
    if moving is not None:  # the tile slides out from under its player's plate, never over a plate
        for spot in lay.seats:
            _seat(surface, lay, state, spot, art, lang, backs=False)
    else:
        _last_plays(surface, lay, state, art)
    _ends(surface, lay, art, moving)
    _hand(surface, lay, state, ui, art)
    for row, box in lay.status:  # rows placed by the layout (none under a modal prompt), left of the chat button
        label = art.fit_text(row, lay.font, box[2], INK, bold=True, only=name_in(row, state, lang))
        surface.blit(label, label.get_rect(center=_centre(box)))
    for b in lay.buttons:
        draw_button(surface, art, b, lay.small, lang, ui.hover == b.id)
    if lay.beneath is not None:  # what a request came over stays in sight, its buttons disabled
        _panel(surface, lay, state, ui, lay.beneath, art, lang)
    if lay.panel is not None:
        _panel(surface, lay, state, ui, lay.panel, art, lang)
    if lay.banner is not None:
        _banner(surface, lay, state, art, lang)
    ring = focused(lay.panel, lay.buttons + lay.others, ui.button)  # where Enter and Space go (focus.py)
    if ring is not None and ui.button is not None and ring.id != ui.button and not holds_focus(lay.panel):
        ring = None  # the focus is on a card's button, ringed by the scene (scenes.table._with_cards)
    if ring is not None and ring not in lay.others:  # the others' ring: over them (scenes/table.draw)
        draw_ring(surface, ring.rect)
    sound_tip(surface, lay, art, lang, ui, over, tips)
    draw_key_help(surface, lay, art)


def draw_key_help(surface: pygame.Surface, lay: TableLayout, art: Art,
                  clear_of: tuple[int, int, int, int] | None = None) -> None:
    """The footer's key help (``lay.help``, one text a row). The table scene draws it again over the shade of
    an open overlay or settings card (access s16 F11: drawn under the dimming it was 2:1 against the felt,
    the one line saying Esc closes); ``clear_of``: a rect (the overlay's) no row is drawn over."""
    for row, box in zip(lay.help, footer_rows(lay.help_rect, len(lay.help), lay.small)):
        if clear_of is not None and pygame.Rect(box).colliderect(pygame.Rect(clear_of)):
            continue
        label = art.fit_text(row, lay.small, box[2], (190, 210, 196))
        surface.blit(label, label.get_rect(center=_centre(box)))


LATEST = (255, 170, 60)
"""The outline of the tile played last (the open ends' outline is thin white, a chosen ghost's gold)."""


def _last_plays(surface: pygame.Surface, lay: TableLayout, state: ClientState, art: Art) -> None:
    """Each seat's last tile on the line marked with its arrow (:data:`TOWARD`, as on the hand end's rows)
    in its team's colour at the tile's corner; the latest tile also outlined (:data:`LATEST`)."""
    sides = {s.seat: s.side for s in lay.seats}
    for i, ((seat, rect), badge) in enumerate(zip(lay.lasts, lay.last_marks)):
        r = pygame.Rect(rect)
        if i == 0:
            pygame.draw.rect(surface, LATEST, r.inflate(6, 6), 3, border_radius=max(3, min(r.w, r.h) // 5))
        d = badge[2]  # at a corner that covers no pip (board.last_marks)
        cx, cy = badge[0] + d // 2, badge[1] + d // 2
        pygame.draw.circle(surface, TEAM_COLOURS[seat.team.value], (cx, cy), d // 2)
        pygame.draw.circle(surface, DARK, (cx, cy), d // 2, 1)
        arrow = art.text(TOWARD.get(sides.get(seat, ""), "·"), max(MIN_SIZE, round(d * 0.7)), DARK, bold=True,
                         width=2 * d)
        surface.blit(arrow, arrow.get_rect(center=(cx, cy)))


LAST_MOVES = N_("Last moves")
"""The heading of the recap of the hand's last plays and passes (layout.recap_box)."""


def _recap(surface: pygame.Surface, lay: TableLayout, state: ClientState, art: Art, lang: str) -> None:
    """The hand's last moves, one a row, the latest bold, in the box the layout keeps (:attr:`recap`)."""
    rows = lay.recap_rows
    if lay.recap is None or not rows:
        return
    x, y, w, h = lay.recap
    surface.blit(art.plate(w, h, (10, 22, 16, 150), lay.small // 2), (x, y))
    row = recap_row(lay.small)
    pad = lay.small // 2
    head = art.fit_text(tr(lang, LAST_MOVES), lay.small, w - 2 * pad, DIM_INK)
    surface.blit(head, (x + pad, y + pad // 2))
    for i, (arrow, words) in enumerate(rows):
        ty = y + pad // 2 + (i + 1) * row
        mark = art.text(arrow, lay.small, DIM_INK, bold=True, width=lay.small * 2)
        surface.blit(mark, (x + pad, ty))
        aw = lay.small + lay.small // 3
        latest = i == len(rows) - 1
        label = art.fit_text(words, lay.small, w - 2 * pad - aw, INK if latest else DIM_INK, bold=latest,
                             only=name_in(words, state, lang))
        surface.blit(label, (x + pad + aw, ty))


def _centre(r: Rect) -> tuple[int, int]:
    return (r[0] + r[2] // 2, r[1] + r[3] // 2)


def _top_bar(surface: pygame.Surface, lay: TableLayout, state: ClientState, art: Art, lang: str) -> None:
    x, y, w, h = lay.top_bar
    surface.blit(art.plate(w, h, (8, 20, 14, 170), 0), (x, y))
    view = state.view
    scores = view.scores if view is not None else (0, 0)
    f = lay.font
    info = _top_bar_info(lay, state, lang)
    gains = score_gains(lay, state)
    left_of_buttons = min((b.rect[0] for b in lay.buttons if b.rect[1] < h), default=w)
    needed = " · ".join(t for t, place in sorted(info, key=lambda bit: bit[1]) if place in _KEEP)
    # the team names give way to the bare letters when the table code and the hand would not fit
    # beside them (800x600, the chat open): the coloured dots already tell the teams apart
    beside = 0 if lay.details is not None else art.type.measure(needed, lay.small)[0]  # details on this row
    short = lay.score_rect[0] + score_width(lang, f, scores, gains) + beside >= left_of_buttons - f // 2
    cx = lay.score_rect[0]
    mid = lay.score_rect[1] + lay.score_rect[3] // 2  # the scores' row: the bar's middle, or its first row
    for team, score in (("A", scores[0]), ("B", scores[1])):
        pygame.draw.circle(surface, TEAM_COLOURS[team], (cx + f // 2, mid), f // 2)
        cx += f + f // 3
        label = art.text(team if short else tr(lang, "Team {team}", team=team), f, INK,
                         width=max(1, left_of_buttons - cx))
        surface.blit(label, (cx, mid - label.get_height() // 2))
        cx += label.get_width() + f // 2
        num = art.text(str(score), round(f * 1.2), TEAM_COLOURS[team], bold=True, width=max(1, left_of_buttons - cx))
        surface.blit(num, (cx, mid - num.get_height() // 2))
        cx += num.get_width() + f
        said = f"+{gains.get(team, 0)}"
        fits = art.type.measure(said, lay.small, True)[0] + f // 2 <= left_of_buttons - cx - f
        if gains.get(team) and fits:  # the hand just ended: what it added, beside the score it changed
            plus = art.text(said, lay.small, DARK, bold=True, width=left_of_buttons - cx)
            pw, ph = plus.get_width() + f // 2, plus.get_height() + 2
            surface.blit(art.plate(pw, ph, GOLD, ph // 2), (cx - f // 2, mid - ph // 2))
            surface.blit(plus, plus.get_rect(center=(cx - f // 2 + pw // 2, mid)))
            cx += pw
    rows, room = top_bar_details(lay, state, art, lang, cx)
    if lay.details is not None:  # the details on the second row, under the scores (layout.top_bar_rows)
        dx, dy, _, dh = lay.details
        label = art.fit_text(rows[0], lay.small, max(1, room), DIM_INK)
        surface.blit(label, (dx, dy + (dh - label.get_height()) // 2))
        return
    step = art.type.line_height(lay.small)
    y = (h - step * len(rows)) // 2
    for row in rows:
        label = art.fit_text(row, lay.small, max(1, room), DIM_INK)
        surface.blit(label, (cx, y + (step - label.get_height()) // 2))
        y += step


def score_gains(lay: TableLayout, state: ClientState) -> dict[str, int]:
    """R18: the points the hand whose end is on screen added, by team letter ({"A": 11}); {} when no
    hand's or match's end is shown. New user s12: the score went 0 -> 11 under the dimmed top bar with
    nothing saying so."""
    view = state.view
    shown = next((p for p in (lay.panel, lay.beneath) if p is not None and p.kind in ("reveal", "match_over")),
                 None)
    if view is None or shown is None or not view.finished:
        return {}
    if shown.kind == "reveal":
        n = shown.title[1].get("n")
        fh = next((h for h in view.finished if h.number == n and h.match == view.match), None)
    else:
        fh = view.finished[-1]
    if fh is None:
        return {}
    return {team: after - before for team, before, after in zip("AB", fh.scores_before, fh.scores_after)
            if after > before}


def top_bar_details(lay: TableLayout, state: ClientState, art: Art, lang: str,
                    after: int | None = None) -> tuple[list[str], int]:
    """(the rows of the top bar's details as drawn, the px they may take): on the second row under the
    scores (``lay.details``), else right of the scores, which end at ``after`` px (None: where the scores
    with their team names end, :func:`.buttons.score_width`). Pure."""
    h = lay.top_bar[3]
    if after is None:
        scores = state.view.scores if state.view is not None else (0, 0)
        after = lay.score_rect[0] + score_width(lang, lay.font, scores, score_gains(lay, state))
    info = _top_bar_info(lay, state, lang)
    left_of_buttons = min((b.rect[0] for b in lay.buttons if b.rect[1] < h), default=lay.top_bar[2])
    if lay.details is not None:
        room = left_of_buttons - lay.font // 2 - lay.details[0]
        return _top_bar_rows(art, info, lay.small, room, 0, state.table), room
    room = left_of_buttons - lay.font // 2 - after
    return _top_bar_rows(art, info, lay.small, room, h, state.table), room


def _top_bar_rows(art: Art, info: list[tuple[str, int]], sm: int, room: int, bar_h: int, code: str) -> list[str]:
    """The top bar's details as one row, or two (the table code above the rest) when one would drop any
    of table code, hand and target; only then are details dropped, least needed first.

    ``info`` is :func:`_top_bar_info`'s (text, place) list, most needed first; shown in place order;
    ``room`` px wide, ``bar_h`` px high (two rows only when two lines of ``sm`` px text fit in it).
    Left alone last session: at 800x600 German (and Portuguese, Spanish) dropped "bis 100" (R1: the
    match is played to 100) from one row, and three-digit scores would drop more.
    """
    def fits(text: str) -> bool:
        return art.type.measure(text, sm)[0] < room

    def joined(bits: list[tuple[str, int]]) -> str:
        return " · ".join(t for t, _ in sorted(bits, key=lambda bit: bit[1]))
    keep = sum(1 for _, place in info if place in _KEEP)
    needed = sum(1 for _, place in info if place <= 2)  # the code, the hand, the target
    for n in range(len(info), max(1, needed) - 1, -1):
        if fits(joined(info[:n])):
            return [joined(info[:n])]
    if info and info[0][1] == 0 and len(info) > 1 and 2 * art.type.line_height(sm) <= bar_h:
        head = info[0][0] if fits(info[0][0]) else code
        for n in range(len(info), max(2, keep) - 1, -1):
            if fits(joined(info[1:n])):
                return [head, joined(info[1:n])]
    if info and info[0][1] == 0 and not fits(joined([bit for bit in info if bit[1] in _KEEP])):
        info = [(code, 0), *info[1:]]  # last resort: the bare code (a finished match's scores are wider)
    for n in range(len(info), 0, -1):
        if n <= max(1, keep) or fits(joined(info[:n])):
            break
    return [joined(info[:n])]


_KEEP = (0, 2)
"""Places of the top-bar details never dropped: the table code and the hand (fitted to the room instead)."""


def _top_bar_info(lay: TableLayout, state: ClientState, lang: str) -> list[tuple[str, int]]:
    """The top bar's details (buttons.top_details), the hand of a finished hand shown while it is."""
    shown = lay.reveal.title[1]["n"] if lay.reveal is not None else None
    return top_details(state, lang, shown)


def plate_name(state: ClientState, seat: Seat, lang: str) -> str:
    """The name a seat's plate shows (:func:`.store.seat_name`); the hand end's rows show the same, so
    each row reads as the plate it belongs to. One's own seat is marked by :func:`draw_name`'s badge,
    never by words after the name (:func:`mine`)."""
    return seat_name(state, seat, lang)


def name_in(text: str, state: ClientState, lang: str) -> str:
    """The longest seat name (as :func:`plate_name` shows it) found in ``text``, ``""`` for none: the part a
    heading, prompt line or status row cuts when it is too wide, the words around it kept (typeset ``only``,
    and a name's " 2" with them). New user, round 2, German at 800x600: "Maximiliana Esperanza Villalob 2
    ist nicht verbu…" lost its verb (the plates had this since session 10; headings did not)."""
    names = sorted({plate_name(state, seat, lang) for seat in Seat}, key=len, reverse=True)
    return next((n for n in names if n and n in text), "")


def mine(state: ClientState, seat: Seat) -> bool:
    """True for the seat this window plays (its plate and hand-end row carry the "you" badge)."""
    return state.view is not None and state.view.seat == seat


YOU = N_("you")
"""The badge beside one's own seat's name: a gold pill with dark letters, drawn outside the name's text.
Attacker, session 10: a stranger named "Victim (you)" was drawn exactly as the victim's own plate,
whose marker was the words "(you)" after the name; no text a player types is drawn on a gold pill."""


def draw_name(surface: pygame.Surface, art: Art, at: tuple[int, int], name: str, size: int, room: int,
              you: bool, lang: str, before: str = "") -> int:
    """Draw ``before`` + ``name`` (bold, ``size`` px) from ``at`` (top-left) within ``room`` px, the
    name cut first; with ``you``, the "you" badge (:data:`YOU`) after it, inside ``room`` too.
    Returns the height drawn, px."""
    x, y = at
    badge = None
    if you:
        badge = art.text(tr(lang, YOU), max(MIN_SIZE, round(size * 0.8)), DARK, bold=True, width=max(1, room // 2))
        room -= badge.get_width() + size // 2 + size // 3
    text = art.fit_text(before + name, size, max(1, room), INK, bold=True, only=name)
    surface.blit(text, (x, y))
    if badge is not None:
        bw, bh = badge.get_width() + size // 2, badge.get_height() + 2
        bx, by = x + text.get_width() + size // 3, y + (text.get_height() - bh) // 2
        surface.blit(art.plate(bw, bh, GOLD, bh // 2), (bx, by))
        surface.blit(badge, badge.get_rect(center=(bx + bw // 2, by + bh // 2)))
    return text.get_height()


NO_TILES = N_("no tiles")
"""A seat's count of tiles at 0 (never "0 tiles"), beside "{count} tile(s)"."""




def _seat(surface: pygame.Surface, lay: TableLayout, state: ClientState, spot: SeatSpot, art: Art,
          lang: str, backs: bool = True) -> None:
    for r in spot.backs if backs else ():
        draw_back(surface, art, r)
    x, y, w, h = spot.plate
    radius = h // 4
    kind = seat_state_of(state, spot.seat)
    look = SEAT_LOOKS[kind]
    surface.blit(art.plate(w, h, (10, 22, 16, 110 if look.faded else 200), radius), (x, y))
    if look.dashed:  # nobody holds the seat: an outline of dashes, an empty place at the table
        _dashed_outline(surface, spot.plate, (150, 170, 156), max(1, lay.font // 10))
    team = spot.seat.team.value
    colour = TEAM_COLOURS[team]
    if spot.turn:
        pygame.draw.rect(surface, GOLD, spot.plate, max(2, lay.font // 6), border_radius=radius)
    pygame.draw.rect(surface, colour, (x, y + radius // 2, max(3, lay.font // 4), h - radius), border_radius=2)
    pad = lay.font // 2 + max(3, lay.font // 4)
    room = w - pad - max(4, lay.font // 3)
    letter, form = seat_forms(art, lay, state, lang)
    rows = _seat_rows(state, spot, lang, form)
    line_h = art.type.line_height(lay.small)
    ty = y + (h - art.type.line_height(lay.font, bold=True) - len(rows) * line_h) // 2
    ty += draw_name(surface, art, (x + pad, ty), plate_name(state, spot.seat, lang), lay.font, room,
                    mine(state, spot.seat), lang)
    icon = max(8, round(line_h * 0.9)) if look.icon else 0  # the state's icon at the end of the team's row
    if icon:  # (the shortest row: no name or state word gives up room for it)
        draw_state_icon(surface, look.icon, (x + w - icon - max(4, lay.font // 3), ty + (line_h - icon) // 2,
                                             icon, icon), look.ink)
    for i, row in enumerate(rows):  # team and tiles, then who plays it (computer, free, away)
        width = room - (icon + icon // 2 if i == 0 and icon else 0)
        if not i and letter and " · " in row:
            # s13 (fr, pt at 800x600): "Équipe B · 10 piè…"; the team's letter in its colour, its count whole
            row = f"{team} · " + row.split(" · ", 1)[1]
        sub = art.fit_text(row, lay.small, width, colour if i == 0 else look.ink)
        surface.blit(sub, (x + pad, ty + i * line_h))
    if look.faded:  # the player is not there: the whole card dims (name, team, word), not its turn ring
        surface.blit(art.plate(w, h, (10, 22, 16, 120), radius), (x, y))
        if spot.turn:
            pygame.draw.rect(surface, GOLD, spot.plate, max(2, lay.font // 6), border_radius=radius)
    if spot.passed:  # issue 11.5: beside the plate, towards the table, never over the name
        said = passed_said(state, lang)
        size, (tx, ty, tw, th) = passed_badge(art, said, lay.small, spot.plate, spot.side, lay.size[0])
        tag = art.text(said, size, DARK, bold=True, width=tw)
        surface.blit(art.plate(tw, th, (236, 120, 96), th // 2), (tx, ty))
        surface.blit(tag, tag.get_rect(center=(tx + tw // 2, ty + th // 2)))
    if spot.turn:
        _turn_marker(surface, spot, lay.font)


LEVEL_FORMS = ("full", "short", "bare")
"""How a computer seat's card says its level, longest first: "computer · Heaviest", the level's short form
(:func:`level_short`, "ordinateur · Grosses"), the word alone ("computer")."""


def seat_forms(art: Art, lay: TableLayout, state: ClientState, lang: str) -> tuple[bool, str]:
    """(team's letter, level form): the forms every seat card of this screen uses, chosen for all cards at
    once so that one screen never says "Team B" on one card and "B" on another (s13 player F10, pt at
    1024x700: "Equipe B" beside "A"). The team's letter ("B · 9 tiles") where any card's "Team B · 9 tiles"
    would be cut; the first of :data:`LEVEL_FORMS` in which every card's "computer · Expert" row is whole:
    the level's short form before the word alone (s14: fr, pt, de and es said "computer" with no level at
    every size, as one card's "ordinateur · Grosses d’abord" was too long, where English says the level),
    the word alone last: who plays a seat matters before how well (the level alone, "Especialista", never
    said it was a computer)."""
    line_h = art.type.line_height(lay.small)
    letter, forms = False, list(LEVEL_FORMS[:-1])
    for spot in lay.seats:
        kind = seat_state_of(state, spot.seat)
        x, y, w, h = spot.plate
        room = w - (lay.font // 2 + max(3, lay.font // 4)) - max(4, lay.font // 3)
        icon = max(8, round(line_h * 0.9)) if SEAT_LOOKS[kind].icon else 0
        rows = _seat_rows(state, spot, lang)
        if art.type.measure(rows[0], lay.small)[0] > room - (icon + icon // 2 if icon else 0):
            letter = True
        forms = [form for form in forms if len(rows) < 2 or " · " not in rows[1]
                 or art.type.measure(_seat_rows(state, spot, lang, form)[1], lay.small)[0] <= room]
    return letter, (forms + ["bare"])[0]


@dataclass(frozen=True, slots=True)
class SeatLook:
    """How a seat's card shows its state (:class:`~doublenine.shared.seatstate.SeatState`), beside its word
    (``SEAT_WORDS``): an ``icon`` before the word ("" none), the word's ``ink``, a ``dashed`` outline (nobody
    holds the seat) and a ``faded`` card (its player is not there)."""

    icon: str
    ink: tuple[int, int, int]
    dashed: bool = False
    faded: bool = False


AWAY_INK = (236, 150, 120)
SEAT_LOOKS: dict[SeatState, SeatLook] = {
    SeatState.PLAYER: SeatLook("", DIM_INK),
    SeatState.COMPUTER: SeatLook("computer", DIM_INK),
    SeatState.FREE: SeatLook("empty", DIM_INK, dashed=True),
    SeatState.OPEN: SeatLook("computer", DIM_INK, dashed=True),
    SeatState.AWAY: SeatLook("away", AWAY_INK, faded=True),
    SeatState.STAND_IN: SeatLook("stand_in", GOLD),
    SeatState.NEXT_DEAL: SeatLook("computer", GOLD),
}
"""Each seat state looks different on its card, not only in its small word (polish s12 item 14: computer,
free seat and disconnected were the same grey third line): a computer's seat a chip face, a free seat a
dashed card (with the chip face when the computer plays it meanwhile), a disconnected player's card faded
with a cut plug in a warm ink, a seat the computer plays for a player who may come back the chip face with
a return arrow, in gold (D7); a seat a person sits at from the next deal the chip face (the computer plays
this hand) in gold (a person has it)."""


def _dashed_outline(surface: pygame.Surface, rect: Rect, colour: tuple[int, ...], width: int) -> None:
    """A rectangle's outline in dashes (the straight edges of ``rect``)."""
    x, y, w, h = rect
    dash = max(4, h // 8)
    for a in range(x + dash, x + w - dash, 2 * dash):
        b = min(a + dash, x + w - dash)
        pygame.draw.line(surface, colour, (a, y), (b, y), width)
        pygame.draw.line(surface, colour, (a, y + h - 1), (b, y + h - 1), width)
    for a in range(y + dash, y + h - dash, 2 * dash):
        b = min(a + dash, y + h - dash)
        pygame.draw.line(surface, colour, (x, a), (x, b), width)
        pygame.draw.line(surface, colour, (x + w - 1, a), (x + w - 1, b), width)


def draw_state_icon(surface: pygame.Surface, icon: str, rect: Rect, ink: tuple[int, ...]) -> None:
    """A seat state's icon (:class:`SeatLook`) filling the square ``rect``: "computer" a chip face (a
    rounded square with two eyes and an antenna), "empty" a hollow ring, "away" a plug with a cut cord,
    "stand_in" the chip face and a small return arrow."""
    x, y, s, _ = rect
    line = max(1, s // 8)
    if icon in ("computer", "stand_in"):
        face = pygame.Rect(x, y + s // 4, s if icon == "computer" else s * 2 // 3, s * 3 // 4)
        pygame.draw.rect(surface, ink, face, line, border_radius=max(1, s // 6))
        eye = max(1, face.w // 7)
        for ex in (face.x + face.w // 3, face.x + face.w * 2 // 3):
            pygame.draw.circle(surface, ink, (ex, face.y + face.h // 2), eye)
        pygame.draw.line(surface, ink, (face.centerx, face.y), (face.centerx, y + 1), line)
        if icon == "stand_in":  # a return arrow: the player may take the seat back
            ax = x + s * 3 // 4
            pygame.draw.line(surface, ink, (ax, y + s // 3), (ax, y + s - 1), line)
            pygame.draw.polygon(surface, ink, [(ax - s // 6, y + s // 3 + s // 6), (ax + s // 6, y + s // 3 + s // 6),
                                               (ax, y + s // 8)])
    elif icon == "empty":
        pygame.draw.circle(surface, ink, (x + s // 2, y + s // 2), s // 2 - 1, line)
    elif icon == "away":
        half = s // 2
        plug = pygame.Rect(x, y + s // 4, half, s // 2)
        pygame.draw.rect(surface, ink, plug, 0, border_radius=max(1, s // 8))
        for py in (plug.y + plug.h // 4, plug.bottom - plug.h // 4):
            pygame.draw.line(surface, ink, (plug.right, py), (plug.right + s // 6, py), line)
        pygame.draw.line(surface, ink, (x + half + s // 4, y + s - 2), (x + s - 1, y + 1), line + 1)


PASSED_ONE = N_("passed: no {a}")
PASSED_TWO = N_("passed: no {a} or {b}")


def passed_said(state: ClientState, lang: str) -> str:
    """R15: a seat's "passed" badge with the numbers it lacked: the open ends when it passed, which are
    the ends now (the badge shows only passes since the last play, :func:`.layout.passed_seats`). s11 new
    user: a bare "passed" never said "no 4 and no 8"; only the optional tile tracker did."""
    ends = state.view.ends if state.view is not None else None
    if ends is None:
        return tr(lang, "passed")
    low, high = sorted(ends)
    return tr(lang, PASSED_ONE, a=low) if low == high else tr(lang, PASSED_TWO, a=low, b=high)


def passed_badge(art: Art, said: str, small: int, plate: Rect, side: str, window_w: int) -> tuple[int, Rect]:
    """(type px, rect px) of a seat's "passed" badge saying ``said`` (:func:`passed_said`) beside its ``plate``
    (above a ``bottom`` seat's, under the others'), never cut: at the small type ``small`` px if it fits the
    plate's width, else a smaller type down to a floor (four fifths of ``small``, :data:`MIN_SIZE` at least),
    else as wide as it needs, from the plate's edge toward the table and within the window ``window_w`` px.
    s13 player F11 (pt, 1024x700): "passou: sem 4 ne… 7": the list of missing numbers cut inside its meaning.
    Kind: a badge elided to its plate's width."""

    x, y, w, h = plate
    floor = max(MIN_SIZE, round(small * 0.8))
    size = small
    while size > floor and art.type.measure(said, size, True)[0] + small > w:
        size -= 1
    tw = min(window_w, art.type.measure(said, size, True)[0] + small)
    th = art.type.line_height(size, bold=True) + 4  # at most passed_badge_height's
    tx = x + w - tw if x + w // 2 >= window_w // 2 else x  # toward the table: right-aligned on the right
    tx = max(0, min(tx, window_w - tw))
    ty = y - th - 3 if side == "bottom" else y + h + 3
    return size, (tx, ty, tw, th)


def passed_badge_height(art: Art, small: int) -> int:
    """Pixels the "passed" badge takes beside a plate (its gap included), at small font ``small`` px;
    whatever sits beside a plate (the host's invite chip) keeps out of it."""
    return art.type.line_height(small, bold=True) + 4 + 3


def _seat_rows(state: ClientState, spot: SeatSpot, lang: str, form: str = "full") -> list[str]:
    """The lines under a seat's name: "Team B · 7 tiles", then its state's word (shared/seatstate.py:
    "computer", "free seat", "computer, free seat", "disconnected", "computer stands in") unless a
    connected player holds it, a computer's with its level in ``form`` (:data:`LEVEL_FORMS`)."""
    view = state.view
    team = spot.seat.team.value
    first = tr(lang, "Team {team}", team=team)
    if view is not None and view.phase is Phase.PLAY:
        first += " · " + trn(lang, "{count} tile", "{count} tiles", view.counts[spot.seat - 1], NO_TILES)
    rows = [first]
    kind = seat_state_of(state, spot.seat)
    if kind is SeatState.NEXT_DEAL and state.next_seat == spot.seat and (view is None or view.seat is None):
        rows.append(tr(lang, YOU_NEXT_DEAL))  # this window took the seat mid-hand (footer.NEXT_HAND)
    elif kind is SeatState.NEXT_DEAL and len(state.next_names) == 4 and state.next_names[spot.seat - 1]:
        rows.append(tr(lang, NEXT_DEAL_NAMED, name=state.next_names[spot.seat - 1]))  # rp5 s15: who waits
    elif kind is not SeatState.PLAYER:  # a connected player's card needs no word: their name says it
        rows.append(tr(lang, SEAT_WORDS[kind]) + ("" if form == "bare" else
                                                  level_said(state, spot.seat, kind, lang, form == "short")))
    return rows


def level_short(lang: str, level: str) -> str:
    """A level's name as a seat card says it where the whole name leaves no room (context "seat card"): the
    start screen's word (scenes/startform.LEVEL_NAMES), shortened only where it must be (fr "Grosses" for
    "Grosses d’abord", pt "Espec." for "Especialista"); English keeps its names. """
    from doublenine.shared.i18n import translator

    t = translator(lang)
    return {"easy": t.pgettext("seat card", "Easy"), "heaviest": t.pgettext("seat card", "Heaviest"),
            "normal": t.pgettext("seat card", "Normal"), "strong": t.pgettext("seat card", "Strong"),
            "expert": t.pgettext("seat card", "Expert")}[level]


def level_said(state: ClientState, seat: Seat, kind: SeatState, lang: str, short: bool = False) -> str:
    """" · Expert": a computer seat's level after its word (new user s12: the table never said how strong
    the computers were; the start screen's default is Expert), ``short``: its card's short form
    (:func:`level_short`); "" for any other seat or an unknown level."""
    from .scenes.startform import LEVEL_NAMES
    level = state.levels[seat - 1] if len(state.levels) == 4 else ""
    if kind is not SeatState.COMPUTER or level not in LEVEL_NAMES:
        return ""
    if short:
        return " · " + level_short(lang, level)
    return " · " + tr(lang, LEVEL_NAMES[level])


def _turn_marker(surface: pygame.Surface, spot: SeatSpot, f: int) -> None:
    """A gold triangle pointing from the plate towards the table centre."""
    x, y, w, h = spot.plate
    s = f // 2 + 2
    if spot.side == "bottom":
        cx, cy = x + w // 2, y - s - 2
        pts = [(cx - s, cy - s), (cx + s, cy - s), (cx, cy + s // 2)]
        pts = [(cx - s, cy + s // 2), (cx + s, cy + s // 2), (cx, cy - s)]
    else:
        cx, cy = x + w // 2, y + h + s + 2
        pts = [(cx - s, cy - s // 2), (cx + s, cy - s // 2), (cx, cy + s)]
    pygame.draw.polygon(surface, GOLD, pts)


def _ends(surface: pygame.Surface, lay: TableLayout, art: Art,
          moving: tuple[Rect, tuple[int, int]] | None = None) -> None:
    """R15: the open ends with their numbers (issue 11.2); the lifted tile's ghosts (R25), the one Enter
    plays lit and marked, the other faint (issue 11.3). The numbers lie beside the ghosts (board.open_marks).
    An end's outline on the tile still sliding into place (``moving``: its rect and offset, as
    :func:`render`) slides with it: new user s10 item 6, an empty outlined square beside an open number
    where the tile was about to land. Kind: a mark of a tile drawn at its final place while it moves."""
    for end, rect in lay.ends.items():
        lit = end in lay.ghosts and (lay.chosen is None or lay.chosen is end)
        r = pygame.Rect(rect).inflate(6, 6)
        if moving is not None and pygame.Rect(moving[0]).contains(pygame.Rect(rect)):
            r = r.move(moving[1])
        pygame.draw.rect(surface, GOLD if lit else (255, 255, 255), r, 3 if lit else 1,
                         border_radius=max(3, r.w // 5))
    for end, spot in lay.ghosts.items():
        chosen = lay.chosen is end
        faint = lay.chosen is not None and not chosen
        x, y, w, h = pygame.Rect(spot.rect).inflate(6, 6)
        if not faint:
            surface.blit(art.plate(w, h, (255, 246, 214, 190), max(3, min(w, h) // 5)), (x, y))
        draw_tile(surface, art, spot, alpha=80 if faint else (235 if chosen else 175), shadow=False)
        radius = max(3, min(spot.rect[2], spot.rect[3]) // 5)
        # a choice of end: each ghost tagged with its key, L or R (new user s12 F6: once the line snaked, which
        # end was "left" was a guess); the keys are L and R on every layout (input.latin_key), never translated
        letter = ("L" if end is End.LEFT else "R") if len(lay.ghosts) == 2 else ""
        if chosen:
            pygame.draw.rect(surface, GOLD, pygame.Rect(spot.rect).inflate(8, 8), 4, border_radius=radius)
            _ghost_tag(surface, lay, art, spot.rect, f"{letter} ↵" if letter else "↵", GOLD)
        elif not faint:
            pygame.draw.rect(surface, GOLD, pygame.Rect(spot.rect).inflate(4, 4), 2, border_radius=radius)
        if letter and not chosen:
            _ghost_tag(surface, lay, art, spot.rect, letter, GOLD if not faint else (200, 190, 160))
    # the numbers last: open_marks keeps them off tiles and ghosts, so the order only matters for a
    # window too small for any free place
    for mark in lay.marks:
        x, y, d, _ = mark.rect
        pygame.draw.circle(surface, (12, 26, 20), (x + d // 2, y + d // 2), d // 2)
        pygame.draw.circle(surface, MARK, (x + d // 2, y + d // 2), d // 2, max(2, d // 12))
        num = art.text(str(mark.pips), max(12, round(d * 0.62)), MARK, bold=True, width=d)
        surface.blit(num, num.get_rect(center=(x + d // 2, y + d // 2)))


def _ghost_tag(surface: pygame.Surface, lay: TableLayout, art: Art, rect: Rect, text: str, fill: Any) -> None:
    """A ghost's key tag (``↵``, ``L``, ``R``, ``L ↵``) on a ``fill`` plate beside it (:func:`enter_tag_place`)."""
    tag = art.text(text, lay.font, DARK, bold=True, width=4 * lay.font)
    tw, th = tag.get_width() + lay.small, tag.get_height() + 4
    tx, ty = enter_tag_place(lay, rect, tw, th)
    surface.blit(art.plate(tw, th, fill, th // 2), (tx, ty))
    surface.blit(tag, tag.get_rect(center=(tx + tw // 2, ty + th // 2)))


def enter_tag_place(lay: TableLayout, rect: Rect, tw: int, th: int) -> tuple[int, int]:
    """Top-left of the ``tw`` x ``th`` Enter tag (issue 11.3) of the chosen ghost at ``rect``: above it,
    else below, left or right, the first side that stays in the window and covers no open number's
    badge (R15; new user: the tag lay over the open end's number) and no tile of the line or other
    ghost (review: with the number beside a crosswise ghost, the tag went onto the line); else the
    first side clear of the badges."""
    x, y, w, h = rect
    gap = 6
    sides = ((x + (w - tw) // 2, y - th - gap), (x + (w - tw) // 2, y + h + gap),
             (x - tw - gap, y + (h - th) // 2), (x + w + gap, y + (h - th) // 2))
    window = pygame.Rect(0, 0, *lay.size)
    marks = [m.rect for m in lay.marks]
    tiles = [sp.rect for sp in lay.line.spots] + [g.rect for g in lay.ghosts.values() if g.rect != rect]
    fits = [(tx, ty) for tx, ty in sides if window.contains((tx, ty, tw, th))
            and pygame.Rect(tx, ty, tw, th).collidelist(marks) < 0]
    clear = [p for p in fits if pygame.Rect(*p, tw, th).collidelist(tiles) < 0]
    # s13: no side is clear of the tiles: one that hides no pip before one that does (board.pip_boxes)
    pips = [b for sp in lay.line.spots for b in pip_boxes(sp)] + [b for g in lay.ghosts.values()
                                                                  if g.rect != rect for b in pip_boxes(g)]
    clean = [p for p in fits if pygame.Rect(*p, tw, th).collidelist(pips) < 0]
    return (clear + clean + fits + [sides[0]])[0]


def playable_bands(w: int) -> tuple[int, int]:
    """(outer, inner) px of the ring round a hand tile ``w`` px wide that can be played now: the light band
    (:data:`.palette.PLAYABLE_RING`) outside the tile, the dark one (:data:`.palette.PLAYABLE_EDGE`) on its edge."""
    return max(3, round(w / 14)), max(2, round(w / 24))


def number_chip(ht: Any, small: int) -> pygame.Rect:
    """The chip under a hand tile that can be played now, its position number drawn on it (px, window
    coordinates; ``small``: the layout's small type size): a filled shape the other tiles' bare numbers lack,
    the cue of place and shape beside the ring's colour (access s16 F2)."""
    x, y, w, h = ht.rect
    cw, ch = max(round(1.9 * small), w * 3 // 5), round(1.3 * small)
    return pygame.Rect(x + (w - cw) // 2, y + h + ht.rise + 1, cw, ch)


def _hand(surface: pygame.Surface, lay: TableLayout, state: ClientState, ui: Ui, art: Art) -> None:
    view = state.view
    ended = lay.reveal is not None  # the row holds the tiles the seat ended that hand with: none to play
    my_turn = isinstance(view, SeatView) and view.phase is Phase.PLAY and view.turn == view.seat and not ended
    for i, ht in enumerate(lay.hand):
        x, y, w, h = ht.rect
        # s14 access F9: a tile that does not fit now is no longer dimmed (its pips fell to 2.3:1 on the
        # greyed face, under the 3:1 of a meaningful mark): every tile keeps its pips' contrast. The ones that
        # fit stand raised (layout.PLAYABLE_RISE), ringed in two bands (access s16 F2: a 3 px cream ring was
        # 1.04:1 on the ivory tile, the hand "ten identical tiles" at a glance or to a colour-blind player):
        # light outside (>= 3:1 on the felt), dark on the tile's edge (>= 3:1 on the tile and on the light
        # band), and their position number stands on a filled chip (number_chip): a shape, not a colour
        draw_tile(surface, art, Spot(ht.rect, ht.tile.low, ht.tile.high, True))
        fits = my_turn and ht.playable
        if ht.selected:
            pygame.draw.rect(surface, GOLD, pygame.Rect(ht.rect).inflate(6, 6), 3, border_radius=max(3, w // 5))
        elif fits:
            outer, inner = playable_bands(w)
            radius = max(3, w // 5)
            pygame.draw.rect(surface, PLAYABLE_RING, pygame.Rect(ht.rect).inflate(2 * outer, 2 * outer), outer,
                             border_radius=radius + outer)
            pygame.draw.rect(surface, PLAYABLE_EDGE, ht.rect, inner, border_radius=radius)
        if ended:  # no key picks a tile then: no position numbers
            continue
        # the keyboard's place in the hand is lit only while keys play from it (this seat's turn): a gold
        # digit stayed under a tile on the next hand's panels (polish s12 item 15, F20/F21)
        lit = my_turn and ui.focus == i
        if lit and not ht.selected and fits:  # round its cream band, a dark line between (gold on the band was
            outer = playable_bands(w)[0]  # 1.39:1, textsize s17 item 3; kind: a ring drawn on a light band it
            draw_ring(surface, pygame.Rect(ht.rect).inflate(2 * outer, 2 * outer), PLAYABLE_EDGE)  # cannot be told from)
        elif lit and not ht.selected:  # s14 access F14: the keyboard's tile that does not fit gets the focus ring
            draw_ring(surface, ht.rect)  # (only its 14 px digit turned gold: a 1.02:1 change)
        if fits:  # on a chip (gold under the keyboard's focus), the number dark and bold
            chip = number_chip(ht, lay.small)
            pygame.draw.rect(surface, GOLD if lit else PLAYABLE_RING, chip, border_radius=chip.h // 2)
            num = art.text(str(ht.number % 10), lay.small, PLAYABLE_EDGE, bold=True, width=chip.w)
            surface.blit(num, num.get_rect(center=chip.center))
            continue
        num = art.text(str(ht.number % 10), lay.small, GOLD if lit else DIM_INK, bold=lit, width=w)
        # on the row's line whatever the tile's rise (lifted, or raised as one that fits: layout.PLAYABLE_RISE)
        surface.blit(num, num.get_rect(midtop=(x + w // 2, y + h + ht.rise + (0 if ht.selected else 2))))


def _panel(surface: pygame.Surface, lay: TableLayout, state: ClientState, ui: Ui, p: Panel, art: Art,
           lang: str) -> None:
    w, h = lay.size
    if p.modal and p.kind in ("reveal", "match_over", "failure", "drawn"):
        surface.blit(art.plate(w, h, (0, 0, 0, 110), 0), (0, 0))
    if p.modal and p.kind in ("reveal", "match_over", "drawn"):  # who played is shown in full beside the result
        for spot in lay.seats:
            _seat(surface, lay, state, spot, art, lang, backs=False)
    if p.modal and p.kind in ("reveal", "match_over"):  # the scores it changed in full too, with the "+11"
        _top_bar(surface, lay, state, art, lang)
        for b in lay.buttons:
            if b.rect[1] < lay.top_bar[3]:
                draw_button(surface, art, b, lay.small, lang, ui.hover == b.id)
    x, y, pw, ph = p.rect
    f = p.font or lay.font  # a hand end's rows may take a smaller type than the table's (panels.fitted_rows)
    surface.blit(art.plate(pw, ph, PANEL_FILL, f), (x, y))
    pygame.draw.rect(surface, (214, 172, 96), p.rect, 2, border_radius=f)
    heading = say(lang, p.title[0], p.title[1])
    if p.kind == "looking":  # one row: the words left of the button (panels._looking)
        room = min((b.rect[0] for b in p.buttons), default=x + pw) - x - 2 * f
        if room > f:
            words = art.fit_text(heading, round(f * 1.1), room, GOLD, bold=True)
            surface.blit(words, words.get_rect(midleft=(x + f, y + ph // 2)))
        for b in p.buttons:
            draw_button(surface, art, b, f, lang, ui.hover == b.id)
        return
    title = art.fit_text(heading, round(f * 1.35), pw - 2 * f, GOLD, bold=True, only=name_in(heading, state, lang))
    ty = y + f // 2 + (0 if p.kind not in ("reveal", "drawn") else f // 3)
    surface.blit(title, title.get_rect(midtop=(x + pw // 2, ty)))
    rows, ly = text_rows(art, p, state, lang, f, title.get_height()) if p.kind not in ("reveal", "drawn") else ([], 0)
    for row in rows:  # a hand end's and the draw's lines are drawn under their rows (_reveal)
        surface.blit(row.label, row.rect[:2])
    if p.kind == "failure" and state.failure is not None:
        bottom = min((b.rect[1] for b in p.buttons), default=y + ph) - f // 3
        draw_fitted(surface, art, state.failure.text(lang), f, (x, ly, pw, bottom - ly))
    elif p.body:  # whole sentences in the room panels._fit_body measured for them
        bottom = min((b.rect[1] for b in p.buttons), default=y + ph) - f // 3
        draw_fitted(surface, art, " ".join(say(lang, t, a) for t, a in p.body), f, (x, ly, pw, bottom - ly))
    if p.kind == "draw":
        _draw_cells(surface, p, ui, art, state)
    if p.kind in ("reveal", "drawn"):
        _reveal(surface, lay, state, p, art, lang)
    default = enter_button(p)
    for b in p.buttons:  # gold marks the one button Enter presses, and only it (none where Enter does not act)
        draw_button(surface, art, b if b is default or not b.primary else replace(b, primary=False), f, lang,
                    ui.hover == b.id)


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a prompt's lines as :func:`_panel` draws it (:func:`text_rows`)."""

    text: str
    size: int
    """Px of its type."""
    bold: bool
    gold: bool
    """Drawn gold (a hand end's result), else ink."""
    rect: Rect
    """Where it is drawn, px: its label's box, centred in the panel."""
    label: pygame.Surface = field(compare=False, repr=False)
    """The text as drawn (fitted once: a text drawn is reported once to typeset.watch)."""


def _lines_top(art: Art, p: Panel, state: ClientState, lang: str, f: int, title_h: int | None) -> int:
    """The y px under a prompt's title (``title_h`` px tall, measured here when None) where its lines start (a
    hand end's and the draw's: under its rows)."""
    x, y, pw, ph = p.rect
    if p.kind in ("reveal", "drawn"):
        return p.rows[-1].rect[1] + p.rows[-1].rect[3] + f // 3 if p.rows else y + 4 * f
    if title_h is None:
        heading = say(lang, p.title[0], p.title[1])
        title_h = art.type.measure(heading, round(f * 1.35), True)[1]
    return y + f // 2 + title_h + f // 3


def text_rows(art: Art, p: Panel, state: ClientState, lang: str, f: int,
              title_h: int | None = None) -> tuple[list[Row], int]:
    """(rows, the y px under them) of every row of the prompt ``p``'s lines, where :func:`_panel` draws it at font ``f`` px: each line wrapped
    into the room panels measured for it (panels._fit_text; a hand end's, panels.extra_rows_height), at a
    size shrunk (not below :data:`MIN_SIZE`) only where the window left the box shorter (:func:`_lines_size`);
    the opening draw's grid leaves its instruction two rows (panels._draw). Tests check the rows against
    the panel's buttons (s13: "Steinzähler für alle erlaubt…" drawn under "Jetzt beginnen" at 800x600)."""
    x, y, pw, ph = p.rect
    ly, width, out = _lines_top(art, p, state, lang, f, title_h), pw - 2 * f, []

    def place(text: str, size: int, bold: bool, gold: bool, at: int) -> Row:
        label = art.fit_text(text, size, width, GOLD if gold else INK, bold=bold, only=name_in(text, state, lang))
        lw, lh = label.get_size()
        return Row(text, size, bold, gold, (x + pw // 2 - lw // 2, at, lw, lh), label)

    if p.kind in ("reveal", "drawn"):  # each line wrapped, never cut (panels.extra_rows_height planned them)
        for i, rows in enumerate(result_rows(art.type, p.lines, lang, f, width)):
            size, bold = result_size(i, f)
            for k, text in enumerate(rows):
                out.append(place(text, size, bold, i == 0, ly))
                ly += out[-1].rect[3] + f // 4 if k == len(rows) - 1 else \
                    max(art.type.line_height(size, bold), out[-1].rect[3])  # panels.row_step
        return out, ly
    texts = [say(lang, text, args) for text, args in p.lines]
    size = _lines_size(art, texts, f, width, min((b.rect[1] for b in p.buttons), default=None), ly) \
        if texts and p.buttons and not p.cells else f
    step = art.type.line_height(size) + size // 5
    for rows in prompt_rows(art.type, texts, size, width):
        for text in rows[:2] if p.cells else rows:
            out.append(place(text, size, False, False, ly))
            ly += step
        ly += size // 3
    return out, ly


def _lines_size(art: Art, texts: list[str], f: int, width: int, buttons: int | None, top: int) -> int:
    """The type size, ``f`` or smaller down to :data:`MIN_SIZE`, at which a prompt's lines (every row, as
    :func:`_panel` draws them) end above its buttons (at y ``buttons``) from y ``top``. panels._fit_text
    makes the panel tall enough at ``f``; only a window too short for that box shrinks the type (kind of
    new user s9 item 15: a prompt whose text ran into its button)."""
    if buttons is None:
        return f
    size = f
    while size > MIN_SIZE:
        if top + rows_height(art.type, prompt_rows(art.type, texts, size, width), size) <= buttons:
            break
        size -= 1
    return size


def draw_fitted(surface: pygame.Surface, art: Art, text: str, f: int, box: Rect, colour: Colour = INK,
                bold: bool = False) -> None:
    """A message's whole text in ``box`` (px), rows centred from its top: a failure's advice between the
    failure panel's title and its button, a refusal on the start screen. Rows as :func:`fit_rows`."""
    x, y, w, h = box
    rows, size, step = fit_rows(art, text, f, (w, h), bold)
    for row in rows:
        label = art.type.draw(row, size, colour, bold, width=w - 2 * f, min_size=size)
        surface.blit(label, label.get_rect(midtop=(x + w // 2, y)))
        y += step


def fit_rows(art: Art, text: str, f: int, box: tuple[int, int], bold: bool = False) -> tuple[list[str], int, int]:
    """(rows, font px, row step px) of ``text`` in a ``box`` (width, height px) less ``f`` px each side.

    Wrapped at ``f`` px; when the rows do not fit, a smaller size down to :data:`MIN_SIZE`. Should
    it still not fit, the last row takes the rest and is cut by typeset, which reports the cut to
    the text-fit test (tests/client/test_text_fit.py): never rows silently left out, as when the
    certificate advice ended at "add it to the system's certificates,".
    """
    width, h = box[0] - 2 * f, box[1]
    size = f
    while True:
        rows = even_rows(art.type, text, size, width, bold)  # even rows, no orphan word (new user s2 item 2)
        step = art.type.line_height(size, bold) + size // 5
        if len(rows) * step <= h or size <= min(f, MIN_SIZE):
            break
        size -= 1
    room = max(1, h // step)
    if len(rows) > room:
        rows = rows[:room - 1] + [" ".join(rows[room - 1:])]
    return rows, size, step


def wrap(art: Art, text: str, size: int, width: int) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` pixels at font ``size``."""
    return [row for row in art.type.wrap(text, size, width) if row]


def _draw_cells(surface: pygame.Surface, p: Panel, ui: Ui, art: Art, state: ClientState) -> None:
    takers = {pos: seat for seat, pos in state.view.draw_taken} if state.view is not None else {}
    chosen = draw_chosen(p, state, ui)  # what Enter takes is what is lifted, from the start (no arrow yet)
    for pos, rect in p.cells:
        if pos in p.taken:  # R3: the place a team drew from, marked with that team's letter (issue 11.5)
            team = takers[pos].team.value if pos in takers else "?"
            colour = TEAM_COLOURS.get(team, INK)
            pygame.draw.rect(surface, colour, rect, 2, border_radius=max(2, rect[2] // 5))
            label = art.text(team, max(12, rect[2] * 2 // 3), colour, bold=True, width=rect[2])
            surface.blit(label, label.get_rect(center=(rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)))
            continue
        if chosen == pos:
            rect = (rect[0], rect[1] - rect[2] // 3, rect[2], rect[3])
        draw_back(surface, art, rect)
        if chosen == pos:
            pygame.draw.rect(surface, GOLD, pygame.Rect(rect).inflate(6, 6), 3, border_radius=max(3, rect[2] // 4))


def _reveal(surface: pygame.Surface, lay: TableLayout, state: ClientState, p: Panel, art: Art,
            lang: str) -> None:
    """The rows of a seat each (R22 hand end: the tiles left; the opening draw's result, R3: the tile drawn,
    the winning team's row outlined) and the panel's lines under them, the first in gold."""
    f = p.font or lay.font  # panels.fitted_rows: the rows' own type where the table's did not fit
    small = small_font(f) if p.font else lay.small
    won = p.title[1].get("team") if p.kind == "drawn" else None
    for row in p.rows:
        x, y, w, h = row.rect
        pygame.draw.line(surface, (255, 255, 255, 50), (x, y), (x + w, y))
        colour = TEAM_COLOURS[row.seat.team.value]
        room = row.name_w - f  # the name column less its pad; nothing of it reaches the tiles
        side = next((s.side for s in lay.seats if s.seat == row.seat), None)
        toward = TOWARD[side] + " " if side is not None else ""
        draw_name(surface, art, (x + f // 2, y + h // 2 - art.type.line_height(f, bold=True)),
                  row.name or plate_name(state, row.seat, lang), f, room, mine(state, row.seat) and row.yours, lang,
                  toward)
        team = art.fit_text(tr(lang, "Team {team}", team=row.seat.team.value), small, room, colour)
        surface.blit(team, (x + f // 2, y + h // 2 + 2))
        for sp in row.tiles:
            draw_tile(surface, art, sp)
        if won == row.seat.team.value:  # R4: the higher total wins the opening right
            pygame.draw.rect(surface, GOLD, pygame.Rect(row.rect).inflate(-2, -4), 2, border_radius=max(3, f // 2))
        mx, _, mw, _ = row.middle
        if not row.tiles:  # fitted into the tiles' box: the pip total stays clear at its right
            out = art.fit_text(tr(lang, "played every tile"), f, mw, GOLD, bold=True)
            surface.blit(out, out.get_rect(midleft=(mx, y + h // 2)))
        pips = art.fit_text(trn(lang, "{count} pip", "{count} pips", row.pips), f, x + w - f // 2 - mx - mw - f // 2,
                            INK, bold=True)
        surface.blit(pips, pips.get_rect(midright=(x + w - f // 2, y + h // 2)))
    for row in text_rows(art, p, state, lang, f)[0]:  # the result in gold, the reckoning and score in ink
        surface.blit(row.label, row.rect[:2])


RESTARTING = N_("The server is restarting: reconnecting…")
"""The banner while the server said it restarts (``ClientState.lost_why``), not a lost link."""


def _banner(surface: pygame.Surface, lay: TableLayout, state: ClientState, art: Art, lang: str) -> None:
    assert lay.banner is not None
    x, y, w, h = lay.banner
    surface.blit(art.plate(w, h, (150, 40, 40, 255), h // 2), (x, y))  # opaque over the line
    said = RESTARTING if state.lost_why == "restart" else N_("Connection lost: reconnecting…")
    label = art.fit_text(tr(lang, said), lay.font, w - lay.font, INK, bold=True)
    surface.blit(label, label.get_rect(center=_centre(lay.banner)))
