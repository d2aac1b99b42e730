"""Prompts drawn over the table (pure geometry and message ids, no drawing).

One panel at a time, most urgent first: the hand-end reveal until the player
continues (R22), a consent request (D1, D7), the opening draw's result until the
player continues (R3, R4, R7), the match end (R19, R20), the opening draw (R3),
the nomination (R6), the review of a new hand (R10).
Texts are English msgids with keyword arguments; the painter translates them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from doublenine.shared.i18n import N_, Nn_
from doublenine.shared.refusals import STORE_FAILING, sentence
from doublenine.shared.seats import Seat, seats_from
from doublenine.shared.state import FinishedHand, Phase, Result
from doublenine.shared.terms import named_result_said
from doublenine.shared.views import DRAW_POSITIONS, SeatView, SpectatorView

from .snake import Rect, Spot
from .store import (ClientState, acted_on, hand_players_name, hand_seat_name, may_start, played_by_holder, seat_name,
                    undo_after)
from .text import named
from .uistate import Ui

Text = tuple[str, dict[str, Any]]
"""A msgid and its keyword arguments."""

CONSENT_AWAY = Nn_("Refused ({what}): {names} must agree, and the computer plays for them until they are back",
                  "Refused ({what}): {names} must agree, and the computer plays for them until they are back")
"""D1/D7: this seat's undo, redo, restart or new match refused with ``CONSENT_UNAVAILABLE``: a human seat
the computer stands in for still counts and cannot be asked. New user s12 round 2 F9: "A player who must
agree is away" said neither what was refused nor who. ``what``: :data:`WHAT`'s words for the action."""
CONSENT_OFFLINE = Nn_("Refused ({what}): {names} must agree, and is not connected now",
                     "Refused ({what}): {names} must agree, and are not connected now")
"""D1 with D7 (league s17 F3): this seat's undo, redo, restart or new match refused with ``CONSENT_UNAVAILABLE``
because a human who must accept is not connected: the server no longer asks (and waits on) someone who cannot
answer."""
PENDING_FOR = Nn_("Another request is waiting for {names} to answer",
                 "Another request is waiting for {names} to answer")
"""D1/D7 (league s17 F3): this seat's request refused ``REQUEST_PENDING``, with the players the open request
still waits for (``RequestW.waiting``): "Another request is waiting for answers" never said whose."""
WAIT_ACCEPT = Nn_("Waiting for {names} to accept", "Waiting for {names} to accept")
"""D1/R28: another seat's new match, accepted by this seat, still waits for these players (evening s16 F5), its
New match greyed."""
WAIT_ANSWER = Nn_("Waiting for {names} to answer", "Waiting for {names} to answer")
"""D1: this seat's own request, waiting for the players asked (each message with names is counted by them,
client.text.named)."""
WAIT_DRAW = Nn_("Waiting for {names} to draw", "Waiting for {names} to draw")
"""R3: the opening draw, the seats still to draw."""
PAUSED_BY = Nn_("Paused while {names} reads the rules or the ledger", "Paused while {names} read the rules or the ledger")
"""R26/D2: the seats whose rules or ledger pause the table."""
PAUSED_BY_YOU = N_("Paused while you read the rules or the ledger")
"""R26/D2: :data:`PAUSED_BY` when this window's own seat is among the readers: "you", never its own name
(the others reading too are not named: the pause lasts while this window reads, whoever else does)."""
CONSENT_REFUSED = N_("Your request was refused")
"""D1: another seat said no to this seat's request (``ClientState.error == "REFUSED"``, the window's
own mark, not an ErrorCode: every server refusal reads shared/refusals.py)."""

KEEP_PLAYING = N_("Keep playing")
"""The button that takes nothing back: the gold one of a confirmation (:func:`_confirm`) and of the host's
Leave/Close question (scenes.lan_host), which Enter and Esc press and the footer names
(:func:`.footer.key_help`)."""

BUSY = {"BUSY_HINTS": N_("Many players are asking for hints right now: ask again in a moment"),
        "BUSY_COACH": N_("Many hands are being reviewed right now: ask again in a moment")}
"""What the status line says for ``ClientState.error`` marks of client/store.BUSY_MARKS: the server's
lane for hints or for the coach was full (``RATE_LIMITED``, ``data.limit``), which is nothing this
player did; "Too many actions at once" (the code's own sentence) blamed the player."""
CREATOR_STARTS = N_("Only the player who made this table can start it before every seat is taken")
"""Said for ``NOT_ENTITLED`` before the start (client/store.CREATOR_STARTS): ``start`` from a seat that did
not make the table (attacker s12 D1); the code's own sentence is about choosing who leads a hand."""
UNDELIVERED = N_("Your move did not reach the table before the connection dropped: it was not played")
"""Said for the mark client/store.UNDELIVERED: a move sent again after a rejoin that the table had moved past."""
SENDING = N_("Sending your move…")
"""The status line while a move of this seat waits for its answer (``ClientState.sending``)."""
MOVE_WAITS = N_("Connection lost: your move goes again once the table answers")
"""The status line while the connection is lost with a move unanswered: it is sent again after the rejoin."""
OFFLINE = N_("Connection lost: nothing can be played until the table answers again")
"""The status line of a seated player while the connection is lost (the hand is not lit, no key plays)."""
JOIN_WAITS = N_("The server asks to wait a moment before taking a seat: joining again…")
"""The status line before the table is reached, while the server said to send the join again later
(``data.retry_ms``: a seat of that table was given up from this address less than 10 s ago; s14 soak)."""
WATCH_FULL = N_("This table already has as many spectators as it takes. Try again in a minute.")
"""The status line of a window asking to watch a table that has all the spectators it takes: it asks again
every minute by itself (client.net.FULL; the table's web page says the same, server/web/words.py; stream s16 F3)."""
MARKS = {**BUSY, "CREATOR_STARTS": CREATOR_STARTS, "UNDELIVERED": UNDELIVERED, "STORE_FAILING": STORE_FAILING}
"""Every window mark of ``ClientState.error`` and its sentence (the others are refusal codes)."""
CREATOR_WILL_START = N_("The table starts when every seat is taken, or when its creator starts it")
"""The lobby's line for a seat that may not start (``store.may_start`` False) where the server does not say
whose seat may (an older server): no "Start now" there."""
NAMED_WILL_START = N_("The table starts when every seat is taken, or when {name} starts it")
"""The lobby's line for a seat that may not start: the one seat that may (the creator's, ``TableW.starters``),
named (club s14 F16: "its creator" was said of a creator who had left or only watched)."""

TRACKER_ALLOWED = N_("Tile tracker allowed for everyone once play starts")
"""Issue 14.3: the table's tracker setting (``ClientState.tracker``), said in the waiting panel and during
the opening draw, before the "Tiles" button exists (new user N10)."""


PANEL_FILL = (12, 26, 20, 255)
"""A prompt's plate, opaque: it lies over the line of play and the hands, whose pips showed between
the words of a translucent one ("{name} is disconnected", "Cannot continue at this table"). The
dimming of the table behind a modal prompt is done apart (render._panel), not by the plate."""


HOLD_DOUBLES = Nn_("You hold {count} double", "You hold {count} doubles")
"""R10: the review's count of the player's doubles (one plural entry of the catalogs)."""
HOLD_NO_DOUBLES = N_("You hold no doubles")
"""The same for none (new user: "You hold 0 doubles")."""


DRAW_MARK = N_("{team} marks where Team {team} drew")
"""R3: the opening draw's cells already taken show the drawing team's letter, face down until both teams
have drawn; the panel says what the letter means (new user: "an unexplained blue 'B' tile")."""


@dataclass(frozen=True, slots=True)
class Button:
    """A control: ``label`` is an English msgid translated when drawn."""

    id: str
    rect: Rect
    label: str
    primary: bool = False
    enabled: bool = True
    args: tuple[tuple[str, Any], ...] = ()
    why: Any = None
    """Why a greyed control cannot act, as (msgid, params), or None: said under the pointer and when it is
    pressed (its key too), so a control that cannot be granted says so (client.consentable)."""


@dataclass(frozen=True, slots=True)
class RevealRow:
    """R22: one seat's remaining tiles face up with its own pip total (R17)."""

    seat: Seat
    rect: Rect
    tiles: tuple[Spot, ...]
    pips: int
    name_w: int = 0
    """Px of the name column at the row's left (the name and team are fitted into it)."""
    middle: Rect = (0, 0, 0, 0)
    """The tiles' box, where "played every tile" is fitted when none is left; the pip total is drawn
    right of it (it once ran over that line and the tiles in a panel narrowed by the chat)."""
    name: str = ""
    """Who played the seat in the hand, as the row names them (:func:`.store.hand_players_name`: the computer
    before a late arrival sat, the person who left mid-hand and the computer after; session 16); "" for the
    seat's name now (the opening draw's rows)."""
    yours: bool = True
    """The hand was this window's person's at the seat (:func:`.store.played_by_holder`): its row carries the
    "you" badge only then (a hand before they sat was the computer's)."""


@dataclass(frozen=True, slots=True)
class Panel:
    """A prompt: title, lines of text, buttons, and for the draw its face-down cells."""

    kind: str
    rect: Rect
    title: Text
    lines: tuple[Text, ...]
    buttons: tuple[Button, ...]
    cells: tuple[tuple[int, Rect], ...] = ()
    taken: tuple[int, ...] = ()
    rows: tuple[RevealRow, ...] = ()
    modal: bool = True
    body: tuple[Text, ...] = ()
    """Sentences drawn as one text between the title and the buttons, wrapped whole (render.draw_fitted);
    the panel is as tall as their rows (:func:`_fit_text`), so none is cut and no room is left empty."""
    enter: bool = True
    """Enter presses the primary button (:func:`enter_button`); False where a reflex Enter must not act
    (another player's request: accepting it takes back or restarts what was played, D1)."""
    keys: str = ""
    """A msgid saying the prompt's keys when Enter does not act on it (the footer, :func:`.footer.key_help`)."""
    font: int = 0
    """Px of the prompt's type where it is smaller than the table's (0: the table's, ``TableLayout.font``):
    a hand end's or the draw result's rows laid out at a smaller text size where the player's "Text size"
    left them too short for a name over its team (:func:`fitted_rows`)."""

    def hit(self, pos: tuple[float, float]) -> tuple[str, object] | None:
        """A button or a draw cell under ``pos``; ``("why", id)``: a greyed button that says why (``Button.why``)."""
        x, y = pos
        for b in self.buttons:
            bx, by, bw, bh = b.rect
            if (b.enabled or b.why is not None) and bx <= x < bx + bw and by <= y < by + bh:
                return ("button" if b.enabled else "why", b.id)
        for pos_i, (cx, cy, cw, ch) in self.cells:
            if pos_i not in self.taken and cx <= x < cx + cw and cy <= y < cy + ch:
                return ("draw", pos_i)
        return None


def enter_button(panel: Panel | None) -> Button | None:
    """The button Enter presses on ``panel``: its first enabled primary one, None where Enter does not act
    (:attr:`Panel.enter`). The one answer both the Enter key (:func:`.input._enter`) and the footer
    (:func:`.footer.key_help`) read, so they never disagree (new user s9 item 11)."""
    if panel is None or not panel.enter:
        return None
    return next((b for b in panel.buttons if b.primary and b.enabled), None)


def draw_chosen(panel: Panel | None, state: ClientState, ui: Ui) -> int | None:
    """R3: the face-down position the opening draw shows lifted and Enter takes: the one the arrows chose
    (``ui.draw_pick``), else the first free one; None unless this seat is still to draw. s13 linguists: the
    footer said "Enter: take it" while Enter did nothing until an arrow was pressed (none was chosen yet).
    Kind: a footer's Enter that does not act; the footer (:func:`.footer.key_help`), the Enter key
    (input._enter), the arrows and the painter read this one answer."""
    view = state.view
    if panel is None or not panel.cells or view is None or view.seat is None or view.seat not in view.waiting_for():
        return None
    # evening s16 F10: a tile the other drawer took is off the ring at once, also while the window still shows
    # an earlier moment (client.pacing): Enter sent the taken one, refused BAD_POSITION
    newest = acted_on(state)
    gone = {pos for _, pos in getattr(newest, "draw_taken", ())} if newest is not None \
        and newest.phase is Phase.DRAW and newest.match == view.match else set()
    free = [pos for pos, _ in panel.cells if pos not in panel.taken and pos not in gone]
    return ui.draw_pick if ui.draw_pick in free else (free[0] if free else None)


def build_panel(state: ClientState, ui: Ui, lang: str, size: tuple[int, int], area: Rect, f: int,
                hw: int, kept: bool = False, clear: Rect | None = None,
                toggles: Rect | None = None) -> Panel | None:
    """The most urgent prompt for this state, placed over the play ``area`` of a table ``size`` px;
    ``kept``: an open side panel lies right of that table (layout.compute_layout's ``side``); ``clear``:
    the band between the seats' plates (all of the table when None), where the hand end's panel goes;
    ``toggles``: the Tiles and Chat buttons' box (layout.toggle_zone), which the hand end's panel keeps
    clear of; ``lang``: the language the seats it names are named in (:func:`.store.seat_name`)."""
    view = state.view
    if state.failure is not None:  # nothing else can happen at this table: say why, offer the way back
        return _failure(area, f, state.failure.text(lang), at_table=view is not None,
                        offers=state.failure.key == "seat.given_up")
    if view is None:
        return None
    if state.connection != "connected":  # reconnecting: the banner says so, no action that sends is offered
        return _reveal_while_away(state, ui, lang, size, f, hw, kept, clear, toggles)
    # a request comes first, over the hand's end too: it is about what that panel shows (new user s9:
    # an undo that took back a finished hand waited unseen under it, or the asker saw nothing)
    request = None if end_unseen(state, ui) else _request(state, ui, area, f, lang)
    if request is not None:
        return request
    panel = _table_panel(state, ui, lang, size, area, f, hw, kept, clear, toggles)
    if state.sending and panel is not None:  # a decision on its way: its buttons press and grey at once
        panel = replace(panel, buttons=tuple(replace(b, enabled=False) if b.id.startswith(DECIDING) else b
                                             for b in panel.buttons))
    return panel


def end_unseen(state: ClientState, ui: Ui) -> bool:
    """R19: the match is over and its last hand's end is not yet looked at (:meth:`.uistate.Ui.finished_seen`):
    a request waits under it (:func:`build_panel`) until the hand's end and then the match's end have been
    shown, the request then placed clear of the match's end (evening s16 F4, organiser s16 F3: a partner's
    instant "new match" request covered the last hand's end, its Continue out of reach, and the players never
    saw "Team A wins the match!"; only Accept or Refuse led on)."""
    view = state.view
    return view is not None and view.phase is Phase.MATCH_OVER and ui.finished_seen(len(view.finished)) < len(view.finished)


DECIDING = ("confirm:", "nominate:", "pass", "accept", "redeal")
"""The ids of a prompt's buttons that send a decision (R6, R10, R15): greyed while one is unanswered
(``ClientState.sending``; s13 netplayer F2: "Accept the hand" stayed up and enabled for the round trip)."""


def _reveal_while_away(state: ClientState, ui: Ui, lang: str, size: tuple[int, int], f: int, hw: int,
                       kept: bool, clear: Rect | None, toggles: Rect | None) -> Panel | None:
    """While the connection is lost: the hand end this window has not continued from, as it was shown,
    with Continue (the window's own: nothing is sent) and nothing that sends; None if there is none.

    New user s10 (a spectator, host killed with ``kill -9``): the loss hid the unread "Hand 1 is over",
    the top bar said "hand 2" under the banner, and the reconnection brought hand 1's end back with
    "hand 1". Kind: what the window shows changing because the connection dropped, not the table (the
    hand end, its hand number in the top bar): it stays what it was until Continue, as when connected.
    """
    view = state.view
    assert view is not None
    seen = ui.finished_seen(len(view.finished))
    if len(view.finished) <= seen:
        return None
    panel = _reveal(state, view, view.finished[seen], size, f, hw, lang, kept, clear, toggles)
    return replace(panel, buttons=tuple(b if b.id == "continue" else replace(b, enabled=False)
                                        for b in panel.buttons))


REQUESTS = ("consent", "asking", "refused")
"""The kinds of :func:`_request`: shown over any other prompt, which stays drawn under them (:func:`beneath`)."""
QUESTIONS = ("confirm", *REQUESTS)
"""The prompts that ask a question (:func:`_confirm`, another player's request, this seat's own one, its
refusal): while one is up only its own keys act (input.passes_prompt), and nothing else takes its Enter."""


def own_decision(view: SpectatorView) -> bool:
    """This seat has a decision of its own to make now (R3 its opening draw, R6 its nomination, R10 its review
    not answered, R15 its turn): the ▲ by its plate and the status line say it is its move, so no prompt about
    another seat ("{name} is disconnected", D7) may take the place of its own nor its Enter (new user s12
    F15: the away panel hid "Choose the opener", the turn arrow pointed at the player and nothing let them
    choose; the status line said the hidden question's hint)."""
    me = view.seat
    if me is None or me not in view.waiting_for():
        return False
    return not (view.phase is Phase.REVIEW and (not isinstance(view, SeatView) or view.answered))


IM_BACK = N_("I'm back")
"""D7: the button of the card that takes this seat back from the computer (waiting.back_card)."""


def back_offered(state: ClientState) -> bool:
    """D7: the computer plays this connected seat, or the others ask for it: the "I'm back" card is offered
    (waiting.back_card), which Enter presses where no prompt takes Enter (input._enter, footer.key_help)."""
    view = state.view
    return view is not None and view.seat is not None and state.connection == "connected" \
        and state.failure is None and (state.playing_for_me or state.handing_me_over)


def _request(state: ClientState, ui: Ui, area: Rect, f: int, lang: str, w: int | None = None) -> Panel | None:
    """D1/D7: another seat's request to answer, this seat's own one waiting, or its refusal unread;
    ``w``: its box's width in px (each kind's own by default)."""
    me = state.view.seat if state.view is not None else None
    asks = [c for c in state.consent if c.seat != me]
    if asks and me is not None:
        return _consent(state, asks[0], area, f, lang, w)
    if state.asking is not None and me is not None:
        return _asking(state, area, f, lang, w)
    if state.refused is not None and state.refused[0] != ui.seen_refusal:
        return _refused(state, state.refused, area, f, lang, w)
    return None


def request_below(top: Panel, under: Panel, state: ClientState, ui: Ui, lang: str, f: int, bottom: int,
                  plate: Rect | None = None, toggles: Rect | None = None) -> Panel:
    """The request ``top`` placed over a hand end ``under`` so that panel stays readable: from its
    (disabled) button row down (:func:`request_room`), over the hand row beneath (the panel's own row
    shows the same tiles), ending above ``bottom`` (the footer's top, px), clear of the own ``plate``
    beside the hand when that costs no row, else as wide as the panel, and always clear of the Tiles
    and Chat buttons' box ``toggles`` (layout.toggle_zone) at its right; raised over the panel's last
    lines only when the window is too short for it there (layout.compute_layout then lays the panel's
    rows out shorter first). New user s2 item 2 (46, 47): a request centred on the hand end covered
    three players' rows and "Blocked: North holds the lowest total"; only the title, the own row and
    the score stayed in sight. Kind: a prompt drawn over the one it is about (the asker's wait and a
    refusal are placed alike)."""
    if top.kind not in REQUESTS or under.kind != "reveal":
        return top
    x, y, w, h = under.rect
    start = request_room(under, f)
    lefts = [x]
    if plate is not None and plate[1] < bottom and plate[0] < x + w // 2:  # the own plate, left of the hand
        inset = max(0, plate[0] + plate[2] + f // 2 - x)
        if inset and w - inset >= round(24 * f):
            lefts.insert(0, x + inset)
    spans = [(x + w, bottom)]  # (right edge, lowest bottom): the buttons answer clicks, never under it
    if toggles is not None and toggles[2] > 0 and toggles[1] < bottom and toggles[0] < x + w:
        spans = [(x + w, min(bottom, toggles[1] - f // 2)), (max(x + round(20 * f), toggles[0] - f // 2), bottom)]
    best: tuple[int, int, int, int, int, int] | None = None  # (-rise, -preference, left, width, height, low)
    rank = 0
    for right, low in spans:
        for left in lefts:
            rank += 1
            probe = _request(state, ui, (left, start, right - left, 10 ** 5), f, lang, right - left) \
                if right - left > 0 else None
            if probe is None:
                continue
            key = (min(0, low - probe.rect[3] - start), -rank, left, right - left, probe.rect[3], low)
            best = key if best is None or key[:2] > best[:2] else best
    if best is None:
        return top
    _, _, left, wide, tall, low = best  # the least raised; the first in preference when as low
    start = max(0, min(start, low - tall))
    placed = _request(state, ui, (left, start, wide, tall), f, lang, wide)
    return placed if placed is not None else top


def _shifted(panel: Panel, y: int) -> Panel:
    """``panel`` moved up or down so its top is at ``y`` px, its buttons with it."""
    dy = y - panel.rect[1]
    return replace(panel, rect=(panel.rect[0], y, panel.rect[2], panel.rect[3]),
                   buttons=tuple(replace(b, rect=(b.rect[0], b.rect[1] + dy, b.rect[2], b.rect[3])) for b in panel.buttons))


def request_clear(top: Panel, under: Panel, state: ClientState, ui: Ui, lang: str, f: int,
                  area: Rect) -> tuple[Panel, Panel]:
    """(request, card): the request ``top`` placed clear of the decision card ``under`` (any but a hand end,
    which :func:`request_below` places under), in the play ``area``: above it when the room there holds it,
    else below it, else both stacked in the area (the card moved down under the request); both as they
    were when the area is too short for both. Club s14 F10, F12: "Pablo asks to hand a seat to a computer"
    lay over Ana 2's "Choose the opener", "Carlos asks to start a new match" over the match's end card,
    both cards' borders and buttons peeking out. Kind: a consent card covering another decision card."""
    if top.kind not in REQUESTS or under.kind == "reveal":
        return top, under
    ax, ay, aw, ah = area
    ux, uy, uw, uh = under.rect
    tx, ty, tw, th = top.rect
    if not (tx < ux + uw and ux < tx + tw and ty < uy + uh and uy < ty + th):
        return top, under  # clear already (a request about the line moved clear of its plays: s13 player F7)
    gap = max(2, f // 2)
    above, below = uy - gap - th, uy + uh + gap
    if above >= ay:
        y = above
    elif below + th <= ay + ah:
        y = below
    elif th + gap + uh <= ah:  # stacked: the request on top, the card it would cover under it
        y = ay + (ah - th - gap - uh) // 2
        under = _shifted(under, y + th + gap)
    else:
        return top, under
    placed = _request(state, ui, (tx, y, tw, th), f, lang, tw)
    return (placed if placed is not None else top), under


def request_room(under: Panel, f: int) -> int:
    """The y px from which a request may cover the hand end ``under``: its disabled button row
    (:func:`request_below`)."""
    x, y, w, h = under.rect
    return min((b.rect[1] for b in under.buttons), default=y + h) - f // 3


def beneath(top: Panel | None, state: ClientState, ui: Ui, lang: str, size: tuple[int, int], area: Rect,
            f: int, hw: int, kept: bool = False, clear: Rect | None = None,
            toggles: Rect | None = None) -> Panel | None:
    """The prompt a request (``top``, of :data:`REQUESTS`) is shown over, as :func:`build_panel` would
    place it without the request (same arguments), its buttons disabled: drawn under the request and
    answered once the request is (review: a request arriving hid the hand end's panel the player was
    reading, the four hands and the score, until it was answered). None under anything else."""
    if top is None or top.kind not in REQUESTS or state.failure is not None:
        return None
    under = _table_panel(state, ui, lang, size, area, f, hw, kept, clear, toggles)
    if under is None:
        return None
    return replace(under, buttons=tuple(replace(b, enabled=False) for b in under.buttons))


def _table_panel(state: ClientState, ui: Ui, lang: str, size: tuple[int, int], area: Rect, f: int, hw: int,
                 kept: bool, clear: Rect | None, toggles: Rect | None) -> Panel | None:
    """The table's own prompt, the most urgent first, when no request is shown (:func:`build_panel`)."""
    view = state.view
    assert view is not None
    me = view.seat
    seen = ui.finished_seen(len(view.finished))
    if confirming(state, ui) and ui.confirm is not None:  # the question just asked for, over an unread
        return _confirm(state, ui.confirm[0], area, f, lang)  # hand's end too (Undo on the match's last hand)
    if len(view.finished) > seen:
        return _reveal(state, view, view.finished[seen], size, f, hw, lang, kept, clear, toggles)
    if ui.looking is not None and ui.looking == seen == len(view.finished) and view.phase is Phase.PLAY \
            and view.turn is None:  # pacing.looked: the hand end's panel put aside, its final line shown
        return _looking(view, area, f, lang)
    if not state.started:
        return _lobby(state, area, f, lang)
    if draw_unseen(view, ui):
        return fitted_rows(lambda at: _drawn(state, view, area, at, lang), f)
    away = sorted(state.away - {me}) if me is not None else []
    mine = own_decision(view)
    if away and view.phase is not Phase.MATCH_OVER and not (mine and view.phase is not Phase.PLAY):
        return _away(state, away[0], area, f, lang, wait=dict(ui.away_wait).get(int(away[0]), 0), mine=mine)
    if view.phase is Phase.MATCH_OVER:
        return _match_over(state, view, area, f, lang)
    if view.phase is Phase.DRAW:
        return _draw(state, view, ui, area, f, lang)
    if isinstance(view, SeatView) and view.phase is Phase.NOMINATE and view.entitled is not None \
            and view.entitled.lower_seat == me:
        return _nominate(state, view, area, f, lang)
    if isinstance(view, SeatView) and view.phase is Phase.REVIEW and not view.answered:
        return _review(state, view, area, f, lang)
    return None


REDEAL_SHOWS = N_("All 55 tiles are dealt again, and everyone at the table sees your doubles: {doubles}")
"""R11: what demanding a redeal gives away, asked first (:data:`CONFIRMED`; new user s12 F21: one click
showed the player's six doubles to the table)."""
UNDO_HAND_BACK = N_("Undo goes back into hand {hand}, to your last play in it: the hand reopens and its score is "
                    "taken back (Team A {a}, Team B {b} again). Redo puts it back.")
"""R27/D6: what an undo whose play lies in a finished hand does (:func:`undo_reopens`), asked first:
s13 player F12, at the start of hand 2 one U silently reopened the scored hand 1 (33 -> 0)."""
CONFIRMED = {"restart": (N_("Restart this hand?"),
                         N_("The hand starts again from the same deal, taking back {moves}: this cannot be undone."),
                         N_("Restart"),
                         N_("The hand starts again from the same deal. Nothing has been played in it yet.")),
             "undo_end": (N_("Reopen the finished match?"),
                          N_("Undo takes back your last play and what followed it: the match is no longer won "
                             "and its last hand goes on. Redo puts it back."),
                          N_("Undo"),
                          N_("Undo takes back your last play and what followed it: the match is no longer won "
                             "and its last hand goes on. Redo puts it back.")),
             "redeal": (N_("Demand a redeal?"), REDEAL_SHOWS, N_("Demand a redeal"), REDEAL_SHOWS),
             "undo_hand": (N_("Go back into hand {hand}?"), UNDO_HAND_BACK, N_("Undo"), UNDO_HAND_BACK)}
"""The table's controls that cannot be taken back, asked before they act: title, what is lost (its
``{moves}`` the view's plays and passes, :func:`moves_said`), the confirming button, and what is said
when there is nothing to lose (session 9, new user 2: "the moves made in it are lost" was said before
any move; new user s9 item 3: Restart, next to Undo, reset the hand at one click and Undo
could not bring it back). New match is not here: it is offered only once the match is over (nothing is
lost); Leave says what it gives up and needs a second press where a seat would be lost (scenes/table.py).
``undo_end``: Undo on the match's end (D6 lets it reach back across the match-winning move, R27): one click
silently reopened a won match (new user s11), where Restart asked first."""
CONFIRM_PHASE = {"restart": Phase.PLAY, "undo_end": Phase.MATCH_OVER, "redeal": Phase.REVIEW}
"""The phase in which each :data:`CONFIRMED` question still holds (it goes when the phase is left)."""
KEEP = {"undo_end": N_("Keep the result"), "redeal": N_("Keep this hand")}
"""A question's second button where "Keep playing" (:data:`KEEP_PLAYING`) would not be true: the match is over."""
ASKED_FIRST = N_("The other players at the table are asked first.")
"""Added to a confirmation where other humans are seated: they must accept the request (D1)."""
BACK_AND_ASKED = N_("New match takes your seat back from the computer; the other players are asked first.")
"""D7 with D1 at the match's end, said to a seat the computer plays for (handed over): the others' windows
say a new match waits for this player (consentable.why_not), and its own New match is how it comes back
(connection._present: a control from the seat takes it back) before the others are asked. Club s14 F12:
this window said only "The other players at the table are asked first", the others "Pablo must agree"."""


def undo_reopens(view: Any, after: tuple[int, ...] | None = None) -> FinishedHand | None:
    """R27, D6: the finished hand of this match an undo by the view's seat goes back into (its last play,
    :data:`~doublenine.shared.events.UNDO_TARGETS`, lies there: the seat has none in the hand now dealt or
    played), whose ``scores_before`` are the scores after that undo (the later hands' points go too); None
    when the undo stays in the hand in play, or there is nothing to undo, or ``view`` is not a seat's. The
    same target as the server's ``MatchLog.undo_target`` (:func:`.buttons.may_undo`). ``after`` (match, hand,
    moves): where the seat's person began to play it (:func:`.store.undo_after`): a play before it was the
    computer's or another person's, never reopened as "your last play" (R27, D1; sessions 16, 17)."""
    from doublenine.shared.events import UNDO_TARGETS

    if not isinstance(view, SeatView):
        return None
    from .playedby import since_of
    after = since_of(after)

    def own(m: Any, at: tuple[int, int, int]) -> bool:
        return isinstance(m, UNDO_TARGETS) and m.seat == view.seat and (after is None or at >= after)
    if any(isinstance(m, UNDO_TARGETS) and m.seat == view.seat for m in view.moves):
        return None  # the seat's last play is in the hand now played: the undo stays there, or is none
    for h in reversed(view.finished):
        if h.match != view.match:
            continue
        mine = [(h.match, h.number, i) for i, m in enumerate(h.moves)
                if isinstance(m, UNDO_TARGETS) and m.seat == view.seat]
        if mine:  # the seat's last play (MatchLog.undo_target): in this hand, if it is the person's
            return h if own(h.moves[mine[-1][2]], mine[-1]) else None
    return None


def confirming(state: ClientState, ui: Ui) -> bool:
    """A confirmation is pending (:attr:`.uistate.Ui.confirm`) and its control can still act: a seat in
    the same match and hand, in its phase (:data:`CONFIRM_PHASE`; R28: Restart replays the hand being
    played; Undo at the match's end asks while the match is over)."""
    view = state.view
    if ui.confirm is None or not isinstance(view, SeatView) or state.connection != "connected":
        return False
    what, match, hand = ui.confirm
    if what == "redeal" and (view.answered or not view.may_demand_redeal):  # R10: no longer this seat's to ask
        return False
    if what == "undo_hand":  # R27/D6: while the undo still goes back over a hand's end
        return (match, hand) == (view.match, view.hand_number) and view.phase is not Phase.MATCH_OVER \
            and undo_reopens(view, undo_after(state)) is not None
    return what in CONFIRMED and (match, hand) == (view.match, view.hand_number) and view.phase is CONFIRM_PHASE[what]


def _confirm(state: ClientState, what: str, area: Rect, f: int, lang: str) -> Panel:
    """Ask before control ``what`` (:data:`CONFIRMED`), which cannot be taken back; its button is
    ``confirm:WHAT``, pressed by a click, or by Enter once Tab or an arrow moved the focus to it (:mod:`.focus`;
    a keyboard alone could not confirm before). The gold default, which Enter presses as Esc does, is the
    choice that loses nothing (Keep playing, Keep the result), as on the host's Leave question
    (scenes.lan_host). New user s11 round 2 item 9: Enter on "Reopen the finished match?" reopened it (the
    gold Undo). Kind: a confirmation whose default is the destructive choice; both questions here
    (Restart, Undo at the match's end) had it; the consent question has no default (Accept and Refuse
    alike); no other prompt asks before a loss (Leave asks by a second press, scenes.table). ``redeal`` (R10,
    R11): demanding a redeal shows the player's doubles to everyone, asked first, "Keep this hand" the default
    (new user s12 F21: one click showed six doubles)."""
    from .text import say

    title, lost, label, nothing = CONFIRMED[what]
    view = acted_on(state)  # what Restart takes back is the hand as it is now, its paced plays included
    moves = view.moves if view is not None else ()
    body: list[Text] = [(lost, {"moves": _hand_moves_said(moves, lang)}) if moves else (nothing, {})]
    title_args: dict[str, Any] = {}
    back = undo_reopens(view, undo_after(state)) if what == "undo_hand" else None
    if back is not None:
        title_args = {"hand": back.number}
        body = [(UNDO_HAND_BACK, {"hand": back.number, "a": back.scores_before[0], "b": back.scores_before[1]})]
    if what == "redeal":  # R11: the doubles the table will see, nobody is asked (R10 is this seat's own)
        doubles = sorted(t for t in getattr(view, "hand", ()) if t.is_double)
        body = [(REDEAL_SHOWS, {"doubles": " ".join(str(t) for t in doubles)})]
    elif state.humans - state.free - ({view.seat} if view is not None else set()):
        body.append((ASKED_FIRST, {}))
    rect = _fit_text(area, round(34 * f), [" ".join(say(lang, t, a) for t, a in body)], f)
    buttons = _row_buttons(rect, f, [(f"confirm:{what}", label, False, ()),
                                     ("confirm_no", KEEP.get(what, KEEP_PLAYING), True, ())])
    return Panel("confirm", rect, (title, title_args), (), buttons, body=tuple(body))


def prompt_rows(face: Any, texts: Sequence[str], size: int, width: int) -> list[list[str]]:
    """Each of a prompt's ``texts`` wrapped at spaces into rows at most ``width`` px wide at ``size`` px
    (``face``: a :class:`.typeset.Typeface`), one row at least. What :func:`_fit_text` sizes a panel by
    and render._panel draws, so the box and its text always agree. A text needing several rows is
    wrapped at the narrowest width that needs no more of them, so its rows are even (new user s2 item 2:
    "turn" alone on the last row of an undo request)."""
    return [even_rows(face, t, size, width) or [""] for t in texts]


def even_rows(face: Any, text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` wrapped into the fewest rows of ``width`` px at ``size`` px (``face``: a
    :class:`.typeset.Typeface`), as even as that allows: wrapped at the narrowest width that needs no
    more rows, so no word is left alone on a last row a narrower box avoids (:func:`prompt_rows`,
    render.fit_rows)."""
    rows = [r for r in face.wrap(text, size, width, bold) if r]
    if len(rows) < 2:
        return rows
    lo, hi = 1, width  # the narrowest width still giving len(rows) rows
    while lo < hi:
        mid = (lo + hi) // 2
        if len([r for r in face.wrap(text, size, mid, bold) if r]) <= len(rows):
            hi = mid
        else:
            lo = mid + 1
    return [r for r in face.wrap(text, size, hi, bold) if r]


def rows_height(face: Any, rows: Sequence[Sequence[str]], size: int) -> int:
    """Px the wrapped ``rows`` of :func:`prompt_rows` take at ``size`` px: a row step each (as
    render.fit_rows), ``size // 3`` between two texts."""
    step = face.line_height(size) + size // 5
    return sum(len(r) for r in rows) * step + max(0, len(rows) - 1) * (size // 3)


def _fit_text(area: Rect, w: int, texts: Sequence[str], f: int, buttons: bool = True) -> Rect:
    """A centred box ``w`` px wide (at most the ``area``'s) for a title, ``texts`` and a row of buttons, as
    tall as ``texts``' rows wrapped at the width the panel draws them (measured in the window's type: long
    in German, short in English), and no taller; within the area, where the painter shrinks the type.
    ``buttons``: False for a panel with no button row (translator s17 F15: the away card's countdown version kept
    the button's room empty, a third of the card, and lay over an open end for it).

    Every prompt is sized here (review: all but the failure card and the Restart question counted lines,
    so a German or Portuguese line that wrapped in two was squeezed against its buttons or shrunk)."""
    return _box(area, min(w, area[2]), _needs(area, w, texts, f, buttons))


def _needs(area: Rect, w: int, texts: Sequence[str], f: int, buttons: bool = True) -> int:
    """Px tall :func:`_fit_text`'s box is for ``texts`` at its full size ``f``, ``w`` px wide (at most the
    ``area``'s), before the area bounds it: taller than the area, the painter would shrink its type."""
    from .typeset import measurer

    face = measurer()
    rows = prompt_rows(face, texts, f, min(w, area[2]) - 2 * f)
    # as render._panel places them: the title from f // 2, the text f // 3 under it and f // 3 above the
    # buttons, which sit f above the bottom; 0.6 f spare, air above the buttons (and no shrinking by a rounding)
    return f // 2 + face.line_height(round(f * 1.35), True) + f // 3 + rows_height(face, rows, f) + f // 3 \
        + (round(2.2 * f) + f if buttons else f // 2) + round(0.6 * f)


def _said(lines: Sequence[Text], lang: str) -> list[str]:
    """A panel's ``lines`` in ``lang``, as the painter says them."""
    from .text import say
    return [say(lang, m, a) for m, a in lines]


def _box(area: Rect, w: int, h: int) -> Rect:
    x, y, aw, ah = area
    w, h = min(w, aw), min(h, ah)
    return (x + (aw - w) // 2, y + (ah - h) // 2, w, h)


def _row_buttons(rect: Rect, f: int, specs: list[tuple[str, str, bool, tuple[tuple[str, Any], ...]]],
                 widest: int | None = None) -> tuple[Button, ...]:
    """``specs`` (id, label, primary, args) as one row of buttons along the bottom of ``rect``, each at most
    ``widest`` px (None: 13 type sizes, a lone button 26)."""
    x, y, w, h = rect
    bh = round(2.2 * f)
    gap = f
    if widest is None:
        widest = round(13 * f) if len(specs) > 1 else round(26 * f)  # a lone button gets room for a long label
    bw = min(widest, (w - gap * (len(specs) + 1)) // max(1, len(specs)))
    total = len(specs) * bw + (len(specs) - 1) * gap
    bx = x + (w - total) // 2
    out = []
    for bid, label, primary, args in specs:
        out.append(Button(bid, (bx, y + h - bh - f, bw, bh), label, primary, True, args))
        bx += bw + gap
    return tuple(out)


REVEAL_MIN = 16
"""Narrowest a hand-end tile is drawn, px (32 px high): nine pips in a 16 px square stay apart
(new user: 11x20 px tiles at 800x600 with the chat open, pips unreadable)."""


def reveal_tiles(count: int, width: int, height: int) -> tuple[int, int]:
    """(short side px, tiles per row) for a seat's ``count`` upright tiles in ``width`` x ``height`` px:
    the largest tiles (up to 4/9 of ``height`` wide) whose rows fit, never narrower
    than :data:`REVEAL_MIN` (the rows then wrap as many times as needed)."""
    count = max(1, count)
    for s in range(max(REVEAL_MIN, height * 4 // 9), REVEAL_MIN - 1, -1):
        gap = max(2, s // 5)
        across = max(1, min(count, (width + gap) // (s + gap)))
        lines = -(-count // across)
        if lines * 2 * s + (lines - 1) * gap <= height:
            return s, across
    return REVEAL_MIN, max(1, min(count, (width + 2) // (REVEAL_MIN + max(2, REVEAL_MIN // 5))))


PIPS_W = 6.5
"""Width of the pip-total column in font px: "108 pontos", "13 Augen" in bold."""


def small_font(f: int) -> int:
    """Px of the small type that goes with type ``f`` px (layout.metrics: 14/18 of it, 12 at least)."""
    return max(12, round(f * 14 / 18))


def row_need(f: int) -> int:
    """Px a hand end's or the draw result's row needs at type ``f`` px: the name (bold, ``f``) above the
    middle, the team (:func:`small_font`) 2 px below it, as render._reveal draws them."""
    from .typeset import measurer

    face = measurer()
    return 2 * max(face.line_height(f, True), face.line_height(small_font(f)) + 2)


def fitted_rows(make: Callable[[int], Panel], f: int) -> Panel:
    """``make(f)``, a panel of seat rows (a hand end's, the draw result's), or where its rows are shorter than
    :func:`row_need` the same panel at the largest type whose rows fit, down to 14 px (layout.metrics'
    smallest), its :attr:`Panel.font` saying so. s14 player F-n: at
    125 % at 1920x1080 the hand end's rows were 37 px under 30 px names, the rules crossed "Team A" and
    "→ West" and the tiles shrank to thumbnails. Kind: a panel's rows that take what the text leaves
    instead of growing with it (the rows cannot grow: the panel lies between the plates)."""
    floor = min(f, 14)  # layout.metrics' smallest type
    panel = make(f)

    def short(p: Panel, at: int) -> bool:
        return bool(p.rows) and min(r.rect[3] for r in p.rows) < row_need(at)

    if not short(panel, f):
        return panel
    # the largest type that fits, found by halving (rows only get taller as the type gets smaller): a
    # type size a step made this 40 layouts of the panel at 2560x1440 (s16: seconds at a hand's end)
    lo, hi, best = floor, f - 1, replace(make(floor), font=floor)
    while lo <= hi:
        mid = (lo + hi) // 2
        tried = replace(make(mid), font=mid)
        if short(tried, mid):
            hi = mid - 1
        else:
            lo, best = mid + 1, tried
    return best


def _reveal(state: ClientState, view: SpectatorView, fh: FinishedHand, size: tuple[int, int], f: int,
            hw: int, lang: str, kept: bool = False, clear: Rect | None = None,
            toggles: Rect | None = None) -> Panel:
    """R22 hand end (:func:`_reveal_at`) at the largest type up to ``f`` px whose rows fit (:func:`fitted_rows`)."""
    return fitted_rows(lambda at: _reveal_at(state, view, fh, size, at, hw, lang, kept, clear, toggles), f)


def _reveal_at(state: ClientState, view: SpectatorView, fh: FinishedHand, size: tuple[int, int], f: int,
               hw: int, lang: str, kept: bool = False, clear: Rect | None = None,
               toggles: Rect | None = None) -> Panel:
    """R22 hand end: every seat's tiles left, in a panel over the table ``size`` px, within the height of
    ``clear`` (the band between the plates: every player's name stays in sight beside the tiles), and
    clear of ``toggles`` (the Tiles and Chat buttons): beside a lone button, else above them. ``kept``: a
    side panel lies right of the table."""
    w, h = size
    side = max(w // 20, f)
    top, tall = (clear[1], clear[3]) if clear is not None else (round(h * 0.1), round(h * 0.8))
    # new user: at 1280x800 with the tracker open the panel covered the Tiles button and ran over Chat.
    # One button (Chat) is kept clear beside the panel, which keeps its height for the tiles; two (Tiles
    # and Chat) would narrow it too much: the panel ends above them
    if toggles is not None and toggles[2] > 0 and toggles[0] < w - side and top < toggles[1]:
        if not kept and toggles[2] + f // 2 <= w // 6:
            side = toggles[2] + f // 2
        else:
            tall = min(tall, toggles[1] - f // 2 - top)
    rect = (side, top, w - 2 * side, tall)
    x, y, pw, ph = rect
    title_h = round(2.6 * f)
    viewer = view.seat or Seat.ONE
    lines: list[Text] = [_result_line(state, fh, lang)]
    lines += reckoning(state, fh, viewer, lang)
    lines.append((N_("Score: Team A {a}, Team B {b}"), {"a": fh.scores_after[0], "b": fh.scores_after[1]}))
    # the result, the points with their sum, whose tiles count, the score and the buttons (render._reveal),
    # each line's rows beyond its first planned for: the result's ending says who scores (s13 linguists:
    # "…et les deux équipes ont le plus petit total :…" cut at 800x600 in every language)
    bottom_h = round((8.2 if fh.winner is None else 9.7) * f) + extra_rows_height(lines, lang, f, pw - 2 * f)
    row_h = (ph - title_h - bottom_h) // 4
    names = {seat: hand_players_name(state, seat, fh, lang, short=True) for seat in seats_from(viewer)}
    # the name column as wide as the names it holds, up to 45 % of the row (textsize s17 item 3, access s16: the
    # French "Zoë / Ordinateur (Zoë)" of a hand the computer finished was cut to "Zoë / Ordin…" in 11 type sizes;
    # kind: a column sized in type units, not by what it holds); 11 sizes or 30 % at least, as it was
    name_w = max(min(round(11 * f), (pw - 2 * f) * 3 // 10),
                 min(max(name_room(state, seat, name, f, lang) for seat, name in names.items()), (pw - 2 * f) * 45 // 100))
    left, right = x + f + name_w, x + pw - f - round(PIPS_W * f)
    most = max([len(left_) for left_ in fh.left] + [1])
    s, across = reveal_tiles(most, right - left, round(row_h * 0.9))
    gap = max(2, s // 5)
    rows = []
    for i, seat in enumerate(seats_from(viewer)):
        ry = y + title_h + i * row_h
        tiles = sorted(fh.left[seat - 1])
        tile_rows = -(-len(tiles) // across)
        top = ry + (row_h - tile_rows * 2 * s - (tile_rows - 1) * gap) // 2
        spots = []
        for k, t in enumerate(tiles):  # wrapped in rows of ``across`` when the panel is narrow
            r, c = divmod(k, across)
            spots.append(Spot((left + c * (s + gap), top + r * (2 * s + gap), s, 2 * s), t.low, t.high, True))
        rows.append(RevealRow(seat, (x + f, ry, pw - 2 * f, row_h), tuple(spots), fh.pip_totals[seat - 1],
                              name_w, (left, ry, right - left, row_h), names[seat],
                              played_by_holder(state, seat, fh.match, fh.number)))
    specs = [("continue", N_("Continue"), True, ())]
    if view.seat is not None:  # issue 14.2: a seat may ask the coach about its own decisions
        specs.append(("coach", N_("Review my hand"), False, ()))
    specs.append(("look", SEE_LINE, False, ()))  # the panel put aside: the final line, as long as wished
    buttons = _row_buttons(rect, f, specs)
    return Panel("reveal", rect, (N_("Hand {n} is over"), {"n": fh.number}), tuple(lines), buttons,
                 rows=tuple(rows))


def name_room(state: ClientState, seat: Seat, name: str, f: int, lang: str) -> int:
    """Px a hand end's row takes to draw ``seat``'s ``name`` whole at ``f`` px (render._rows: its arrow before it, bold,
    the "you" badge after it for one's own seat, a type size of pad)."""
    from .text import tr
    from .typeset import MIN_SIZE, measurer
    face = measurer()
    said = face.measure("↓ " + name, f, True)[0] + f  # render.TOWARD's arrows, one as wide as another
    if state.view is not None and state.view.seat == seat:  # render.draw_name's badge (render.YOU)
        said += face.measure(tr(lang, "you"), max(MIN_SIZE, round(f * 0.8)), True)[0] + f // 2 + f // 3
    return said + f // 2


SEE_LINE = N_("See the line")
"""R22: the hand end's button (and its key V, footer.HELP_LOOK) that puts the panel aside to show the hand's
final line and the tiles as they ended (:attr:`.uistate.Ui.looking`, :func:`.pacing.looked`). Kind fixed: a
panel covering the line of play for good (the final line was in sight for pacing.END_BEAT, 1.6 s, only)."""
SHOW_RESULT = N_("Show the result")
"""The way back from :data:`SEE_LINE`: the hand end's panel again (Enter and V press it)."""
LOOKING = N_("Hand {n}: its final line")
"""What the small card over the table says while the hand end's panel is put aside (:func:`_looking`)."""


def _looking(view: SpectatorView, area: Rect, f: int, lang: str) -> Panel:
    """The card shown instead of a hand end's panel put aside (:data:`SEE_LINE`): one row, the words
    :data:`LOOKING` and the gold :data:`SHOW_RESULT` button, at the bottom of the play ``area``, as narrow as
    they are (layout.compute_layout moves it where it covers least of the line). Modal: the tile keys stay
    off (nothing is played on a finished hand) and Enter brings the panel back."""
    from .text import say, tr
    from .typeset import measurer

    face = measurer()
    said = say(lang, LOOKING, {"n": view.hand_number})
    bw = face.measure(tr(lang, SHOW_RESULT), f, True)[0] + 2 * f
    tw = face.measure(said, round(f * 1.1), True)[0]
    bh = round(2.2 * f)
    ax, ay, aw, ah = area
    w = min(aw, tw + bw + 3 * f)
    h = bh + f
    rect = (ax + (aw - w) // 2, ay + max(0, ah - h), w, h)
    x, y = rect[0], rect[1]
    button = Button("unlook", (x + w - f - bw if w - 3 * f >= bw else x + f, y + f // 2, min(bw, w - 2 * f), bh),
                    SHOW_RESULT, True)
    return Panel("looking", rect, (LOOKING, {"n": view.hand_number}), (), (button,))


def result_size(i: int, f: int) -> tuple[int, bool]:
    """(px, bold) of line ``i`` under a hand end's or the draw's rows (render._reveal): the first, the
    result, in bold a tenth larger; the others at ``f``."""
    return (f, False) if i else (round(f * 1.1), True)


def result_rows(face: Any, lines: Sequence[Text], lang: str, f: int, width: int) -> list[list[str]]:
    """Each of ``lines`` (a hand end's result, reckoning and score) wrapped into even rows ``width`` px wide
    at its :func:`result_size` (``face``: a :class:`.typeset.Typeface`), one row at least: what render._reveal
    draws and :func:`extra_rows_height` makes room for, so a line is wrapped, never cut."""
    out = []
    for i, (text, args) in enumerate(lines):
        size, bold = result_size(i, f)
        out.append(even_rows(face, _said([(text, args)], lang)[0], size, width, bold) or [""])
    return out


def extra_rows_height(lines: Sequence[Text], lang: str, f: int, width: int) -> int:
    """Px the rows of ``lines`` beyond each line's first take (:func:`result_rows`): a hand end's panel is that
    much taller than its one-row-per-line plan (its tiles' rows give the room)."""
    from .typeset import measurer

    face = measurer()
    return sum(row_step(face, row, *result_size(i, f))
               for i, rows in enumerate(result_rows(face, lines, lang, f, width)) for row in rows[:-1])


def row_step(face: Any, row: str, size: int, bold: bool) -> int:
    """Px from one wrapped row of a hand end's line to the next: a line height, or the row's own height where
    it is taller (a capital with its accent, "Ñandú", draws a px above the line: s14, the Spanish block line
    wrapped after "tú y Ñandú" and its rows touched)."""
    return max(face.line_height(size, bold), face.measure(row, size, bold)[1])


def lines_height(lines: Sequence[Text], lang: str, f: int, width: int) -> int:
    """Px the rows of ``lines`` take under a hand end's or the draw's rows as render.text_rows draws them
    (:func:`result_rows`, ``width`` px wide): each row a line height of its size, ``f // 4`` after each line."""
    from .typeset import measurer

    face = measurer()
    return sum(sum(row_step(face, row, *result_size(i, f)) for row in rows) + f // 4
               for i, rows in enumerate(result_rows(face, lines, lang, f, width)))


SCORES_SUM = Nn_("Team {team} scores {count} point: {a} + {b}, what {name_a} and {name_b} hold",
                 "Team {team} scores {count} points: {a} + {b}, what {name_a} and {name_b} hold")
"""R18 at a hand's end, the points with the sum they are (s11 new user: "Team B scores 28 points" never
said 28 = 18 + 10): the two opponents' pips, in the order of the rows above. Never 0 points: a hand is
won only while both opponents hold a tile with pips (R16: one [0|0] at most; R17: their totals are above
the lowest); one opponent may hold 0 after a block by the other's partner, so "+ 0" can be said."""
SCORES_SUM_YOURS = Nn_("Team {team} scores {count} point: {a} + {b}, what you and {name} hold",
                       "Team {team} scores {count} points: {a} + {b}, what you and {name} hold")
"""R18: :data:`SCORES_SUM` read by one of the two opponents (the first in row order, so ``{a}`` is theirs):
"you", never the reader's own name (kind: a message about the reader's own seat naming it)."""
ONLY_THEIRS = N_("Only the other team's tiles count")
"""R18: which pips count, said under the sum (s11 new user: nothing said that West's 24 did not count);
short, so that it keeps its size beside the open chat at 800x600."""


def reckoning(state: ClientState, fh: FinishedHand, viewer: Seat, lang: str) -> list[Text]:
    """R18: the lines saying how a finished hand's points were reckoned from the revealed hands: the
    winners' points as the sum of both opponents' own pip totals (seats in row order from ``viewer``),
    then which tiles count. Nothing for a tie (R17: nobody scores, the result line says so)."""
    if fh.winner is None:
        return []
    losers = [seat for seat in seats_from(viewer) if seat.team is not fh.winner]
    a, b = (fh.pip_totals[seat - 1] for seat in losers)
    name = lambda seat: hand_seat_name(state, seat, fh.match, fh.number, lang)  # noqa: E731
    if losers[0] == _hand_own_seat(state, fh):  # seats_from(viewer) puts the viewer first
        return [(SCORES_SUM_YOURS[0], {"_plural": SCORES_SUM_YOURS[1], "count": fh.points, "team": fh.winner.value,
                                       "a": a, "b": b, "name": name(losers[1])}),
                (ONLY_THEIRS, {})]
    return [(SCORES_SUM[0], {"_plural": SCORES_SUM[1], "count": fh.points, "team": fh.winner.value, "a": a, "b": b,
                             "name_a": name(losers[0]), "name_b": name(losers[1])}),
            (ONLY_THEIRS, {})]


def _hand_own_seat(state: ClientState, fh: FinishedHand) -> Seat | None:
    """This window's seat if its person held it at the end of hand ``fh`` (who went out, whose tiles count),
    else None: a hand that ended before a late arrival sat down was the computer's, never "you" (rp5 s15), as is
    one that ended while the seat was handed over to the computer (D7, session 17: "Domino! You played your last
    tile" for the computer's domino while its person was away; :func:`.playedby.who_moved` at its end)."""
    from .playedby import END, PRESENT, who_moved
    from .store import seat_stretches
    me = getattr(state.view, "seat", None)
    return me if me is not None and who_moved(seat_stretches(state, me), fh.match, fh.number, END) is PRESENT \
        else None


BLOCK_ONE = Nn_("Blocked, nobody could play: {name} holds the lowest total, {count} pip",
                "Blocked, nobody could play: {name} holds the lowest total, {count} pips")
"""R17 at a hand's end, "Blocked" said with what it means (shared/terms.py; the web page says the same); the
total with its unit, as the hand end's rows say each total (s14: "..., 11" ended on a bare number)."""
BLOCK_TWO = Nn_("Blocked, nobody could play: {a} and {b} hold the lowest total, {count} pip",
                "Blocked, nobody could play: {a} and {b} hold the lowest total, {count} pips")
"""R17: partners sharing the lowest total are both named (a tie is only across teams)."""
BLOCK_TWO_YOURS = Nn_("Blocked, nobody could play: you and {name} hold the lowest total, {count} pip",
                      "Blocked, nobody could play: you and {name} hold the lowest total, {count} pips")
"""R17: :data:`BLOCK_TWO` read by one of the two partners: "you and {name}", never the reader's own name."""
BLOCK_TIE = N_("Blocked, nobody could play, and both teams hold the lowest total: nobody scores")
"""R17: a tie, said with why nobody scores."""
MAY_REDEAL = N_("With five or more doubles you may demand a redeal: all 55 tiles are dealt again "
                "and your doubles are shown to everyone")
"""R10/R11: what demanding a redeal does, said beside the button that demands it."""


DOMINO_YOURS = N_("Domino! You played your last tile")
"""R16 at a hand's end when this window's seat went out: its own seat is "you", never its name in the third
person (s13 player F4, kind: a message about the player's own seat naming it)."""
BLOCK_YOURS = Nn_("Blocked, nobody could play: you hold the lowest total, {count} pip",
                  "Blocked, nobody could play: you hold the lowest total, {count} pips")
"""R17: :data:`BLOCK_ONE` when the lowest total is this window's seat's."""


def _result_line(state: ClientState, fh: FinishedHand, lang: str) -> Text:
    """R16/R17: how hand ``fh`` ended, its seats named as who played them in it (:func:`_hand_own_seat`:
    "you" only for a hand this window's person played; the computer for a hand before a late arrival sat)."""
    me = _hand_own_seat(state, fh)
    seat_name = lambda st, seat, lg: hand_seat_name(st, seat, fh.match, fh.number, lg)  # noqa: E731
    if fh.result is Result.DOMINO and fh.ender is not None and fh.ender == me:
        return (DOMINO_YOURS, {})
    if fh.result is Result.DOMINO and fh.ender is not None:
        return (N_("Domino! {name} played their last tile"), {"name": seat_name(state, fh.ender, lang)})
    if fh.result is Result.TIE:
        return (BLOCK_TIE, {})
    low = min(fh.pip_totals)
    # R17: the lowest individual total wins for its team; partners may share it (a tie is only across teams)
    seats = [s for s in Seat if fh.pip_totals[s - 1] == low and fh.winner is not None and s.team is fh.winner]
    if len(seats) == 2 and me in seats:
        said, args = BLOCK_TWO_YOURS, {"name": seat_name(state, me.partner, lang)}
    elif len(seats) == 2:
        said, args = BLOCK_TWO, {"a": seat_name(state, seats[0], lang), "b": seat_name(state, seats[1], lang)}
    elif seats[0] == me:
        said, args = BLOCK_YOURS, {}
    else:
        said, args = BLOCK_ONE, {"name": seat_name(state, seats[0], lang)}
    return (said[0], {"_plural": said[1], "count": low, **args})


def _consent_away(state: ClientState, ui: Ui, lang: str) -> Text:
    """:data:`CONSENT_OFFLINE` for the action ``ui.asked`` and the other human seats whose person is not
    connected, else :data:`CONSENT_AWAY` and those the computer stands in for; the bare sentence of the
    code when none is known."""
    from doublenine.shared.seatstate import SeatState

    from .store import seat_state_of
    from .text import tr
    me = state.view.seat if state.view is not None else None
    others = [s for s in sorted(state.humans) if s != me]
    gone = [s for s in others if seat_state_of(state, s) is SeatState.AWAY]
    away = [s for s in others if seat_state_of(state, s) is SeatState.STAND_IN]
    said, away = (CONSENT_OFFLINE, gone) if gone else (CONSENT_AWAY, away)  # league s17 F3: not connected
    if not away:
        return (sentence("CONSENT_UNAVAILABLE"), {})
    return named(said, [seat_name(state, s, lang) for s in away], lang,
                 what=tr(lang, WHAT.get(ui.asked, CHANGE_MATCH)))


WHAT = {"undo": N_("undo"), "redo": N_("redo"), "restart": N_("restart the hand"),
        "new_match": N_("start a new match"), "hand_over": N_("hand a seat to a computer")}
"""D1/D7: a request's action, as "{name} asks to {what}" says it."""
CHANGE_MATCH = N_("change the match")
"""An action this window does not know (a newer server's), said plainly."""
CONSENT_KEYS = N_("Tab: choose Accept or Refuse, then Enter (Enter alone does not answer)")
"""The footer under another player's request: Enter is not Accept (accepting may take back a finished
hand and its points, D6; a reflex Enter meant for the table must not do that); Tab puts the focus on one
of the two answers, which Enter then presses (:mod:`.focus`; once it was a click only)."""
UNDO_MOVES = Nn_("Accepting takes back {count} play or pass, back to {name}'s turn",
                 "Accepting takes back {count} plays and passes, back to {name}'s turn")
REDO_MOVES = Nn_("Accepting puts back {count} play or pass", "Accepting puts back {count} plays and passes")
DOMINO_BACK = Nn_("Hand {hand} reopens: {name}'s domino and Team {team}'s {count} point are taken back",
                  "Hand {hand} reopens: {name}'s domino and Team {team}'s {count} points are taken back")
BLOCK_BACK = Nn_("Hand {hand} reopens: its block and Team {team}'s {count} point are taken back",
                 "Hand {hand} reopens: its block and Team {team}'s {count} points are taken back")
DOMINO_BACK_YOURS = Nn_("Hand {hand} reopens: your domino and Team {team}'s {count} point are taken back",
                        "Hand {hand} reopens: your domino and Team {team}'s {count} points are taken back")
"""D6: :data:`DOMINO_BACK` read by the seat that made the domino: "your", never its own name (kind: a message
about the reader's own seat naming it, s13 player F4)."""
RESULT_BACK = N_("Hand {hand} reopens: its result is taken back")
ENDS_AGAIN = N_("Hand {hand} ends again")
SCORE_AFTER = N_("Score after: Team A {a}, Team B {b}")
UNDO_WHAT = N_("Accepting takes back {moves}, back to {name}'s turn")
REDO_WHAT = N_("Accepting puts back {moves}")
RESTART_WHAT = N_("Accepting replays hand {hand} from its deal, taking back {moves}")
PLAYS = Nn_("{count} play", "{count} plays")
PASSES = Nn_("{count} pass", "{count} passes")
PLAYS_AND_PASSES = N_("{plays} and {passes}")
"""``{moves}`` of :data:`UNDO_WHAT`, :data:`REDO_WHAT`, :data:`RESTART_WHAT`: the plays and the passes
counted apart, each with its plural (session 9, new user 2: "3 plays and passes" was said of three
passes); :data:`UNDO_MOVES`, :data:`REDO_MOVES` only for an older server's effect without ``passes``."""
ASKING_KEYS = N_("Waiting for the answer: Tab, then Enter, takes the request back")
"""The footer under this seat's own request (session 9, new user 2: it had none); Enter alone does nothing
there, Tab puts the focus on "Take the request back" (a click takes it back too)."""


def moves_said(plays: int, passes: int, lang: str) -> str:
    """'2 plays and 1 pass', '3 passes', '1 play' in ``lang`` (``plays + passes`` > 0; a part that is 0
    is not said)."""
    from .text import tr, trn
    parts = [trn(lang, *m, n) for m, n in ((PLAYS, plays), (PASSES, passes)) if n]
    return parts[0] if len(parts) == 1 else tr(lang, PLAYS_AND_PASSES, plays=parts[0], passes=parts[1])


def _hand_moves_said(moves: Sequence[Any], lang: str) -> str:
    """:func:`moves_said` for a hand's ``moves`` (non-empty), its passes counted: what a confirmation
    (:func:`_confirm`) and a Restart request's consent (:func:`consent_lines`) say is lost."""
    passes = sum(1 for m in moves if m.__class__.__name__ == "Pass")
    return moves_said(len(moves) - passes, passes, lang)


RESTART_NONE = N_("Accepting replays hand {hand} from its deal")
NEW_MATCH_ENDS = N_("Accepting ends this match at Team A {a}, Team B {b}; the new one starts at 0 to 0")
"""R28: a new match asked before this one's end: accepting gives it up at its score."""
NEW_MATCH_AFTER = N_("Team {team} won {won}-{lost}. Play another match?")
"""R19/R28: a new match asked once the match is over: it is won and kept (evening s16 F4, organiser s16 F3:
"Accepting ends this match at A 110, B 46" read as if the match were still running)."""


def consent_lines(state: ClientState, ask: Any, lang: str) -> list[Text]:
    """D1, R27, R28, D6: what accepting ``ask`` does, from what this seat knows: the request's ``effect``
    (undo, redo: the plays and passes, the hands whose end goes or comes back, the scores after) with the
    seat's own ledger (who made each domino, R22: public once the hand ended), or the view (restart, new
    match): the view the request acts on, the newest (:func:`.store.acted_on`), not the paced moment shown.
    Never a tile of any hand (R21). Empty when nothing is known (an older server)."""
    view, e = acted_on(state), ask.effect
    if view is None:
        return []
    if ask.what == "restart" and view.phase is Phase.PLAY:
        if not view.moves:
            return [(RESTART_NONE, {"hand": view.hand_number})]
        return [(RESTART_WHAT, {"moves": _hand_moves_said(view.moves, lang), "hand": view.hand_number})]
    if ask.what == "new_match" and view.phase is Phase.MATCH_OVER and view.winner is not None:
        won, lost = sorted(view.scores, reverse=True)  # R19: the match is over and kept; nothing is given up
        return [(NEW_MATCH_AFTER, {"team": view.winner.value, "won": won, "lost": lost})]
    if ask.what == "new_match":  # R28: a match given up before its end
        return [(NEW_MATCH_ENDS, {"a": view.scores[0], "b": view.scores[1]})]
    if ask.what not in ("undo", "redo") or e is None:
        return []
    lines: list[Text] = []
    said = None if e.passes is None else moves_said(e.moves - min(e.passes, e.moves), min(e.passes, e.moves), lang)
    if ask.what == "undo" and e.moves:
        lines.append((UNDO_MOVES[0], {"_plural": UNDO_MOVES[1], "count": e.moves, "name": seat_name(state, ask.seat, lang)})
                     if said is None else (UNDO_WHAT, {"moves": said, "name": seat_name(state, ask.seat, lang)}))
    elif e.moves:
        lines.append((REDO_MOVES[0], {"_plural": REDO_MOVES[1], "count": e.moves}) if said is None
                     else (REDO_WHAT, {"moves": said}))
    for n in e.hands:
        if ask.what == "redo":
            lines.append((ENDS_AGAIN, {"hand": n}))
            continue
        fh = next((h for h in view.finished if h.match == view.match and h.number == n), None)
        if fh is not None and fh.winner is not None and fh.points:
            me = view.seat if isinstance(view, SeatView) else None
            ends = ((DOMINO_BACK_YOURS, {}) if fh.ender == me else
                    (DOMINO_BACK, {"name": seat_name(state, fh.ender, lang)})) \
                if fh.result is Result.DOMINO and fh.ender is not None else (BLOCK_BACK, {})
            lines.append((ends[0][0], {"_plural": ends[0][1], "count": fh.points, "hand": n,
                                       "team": fh.winner.value, **ends[1]}))
        else:
            lines.append((RESULT_BACK, {"hand": n}))
    if e.hands:
        lines.append((SCORE_AFTER, {"a": e.scores[0], "b": e.scores[1]}))
    return lines


HAND_OVER_OF = N_("let the computer play for {name}")
"""D7: a hand-over request's action with its seat named, for "{name} asks to {what}" and "You asked to {what}"
(club s14 F10: "Pablo asks to hand a seat to a computer" on one window, "You asked to hand a seat to a
computer" on the other, and nobody could tell whose; kind: a request card that does not name its seat)."""


def _what(action: str, lang: str, state: ClientState | None = None, target: Seat | None = None) -> str:
    """The request's action in ``lang``, ready for "{what}" (a placeholder's value is not translated when
    drawn: "Zoë möchte undo" was shown); a hand-over names its ``target`` seat (:data:`HAND_OVER_OF`) when
    known."""
    from .text import tr
    if action == "hand_over" and state is not None and target is not None:
        return tr(lang, HAND_OVER_OF, name=seat_name(state, target, lang))
    what = WHAT.get(action, CHANGE_MATCH)
    return tr(lang, what)


def _title_room(title: Text, lang: str, f: int, w: int) -> int:
    """``w`` px, or wider to draw the panel ``title`` whole (its type: bold, 1.35 f; f px of air each side):
    a request's title names its seats (club s14 F10: "Você pediu para deixar o computador jogar por…" lost
    the name it was about at 800x600). The area still bounds it (:func:`_fit_text`)."""
    from .text import say
    from .typeset import measurer
    return max(w, measurer().measure(say(lang, title[0], title[1]), round(f * 1.35), True)[0] + 2 * f)


def _consent(state: ClientState, ask: Any, area: Rect, f: int, lang: str, w: int | None = None) -> Panel:
    """D1/D7: another player's request, with what accepting does (:func:`consent_lines`); Enter does
    not answer it (:data:`CONSENT_KEYS`)."""
    lines = tuple(consent_lines(state, ask, lang))
    title: Text = (N_("{name} asks to {what}"), {"name": seat_name(state, ask.seat, lang),
                                                 "what": _what(ask.what, lang, state, ask.target)})
    rect = _fit_text(area, w or _title_room(title, lang, f, round(40 * f)), _said(lines, lang), f)
    # equal, neither gold: gold is the default Enter presses, and Enter answers no request (Panel.enter)
    buttons = _row_buttons(rect, f, [(f"consent_yes:{ask.request_id}", N_("Accept"), False, ()),
                                     (f"consent_no:{ask.request_id}", N_("Refuse"), False, ())])
    return Panel("consent", rect, title, lines, buttons, enter=False, keys=CONSENT_KEYS)


def _asking(state: ClientState, area: Rect, f: int, lang: str, w: int | None = None) -> Panel:
    """D1: this seat's own open request: who it waits for, and a way to take it back (cancel_request)."""
    names = [seat_name(state, s, lang) for s in state.asked_of]
    lines: list[Text] = [named(WAIT_ANSWER, names, lang)] if names else []
    title: Text = (N_("You asked to {what}"), {"what": _what(state.asking or "", lang, state, state.asking_target)})
    rect = _fit_text(area, w or _title_room(title, lang, f, round(32 * f)), _said(lines, lang), f)
    buttons = _row_buttons(rect, f, [(f"withdraw:{state.asked_id}", N_("Take the request back"), False, ())])
    return Panel("asking", rect, title, tuple(lines), buttons, enter=False, keys=ASKING_KEYS)


def _refused(state: ClientState, refused: tuple[str, Seat, str], area: Rect, f: int, lang: str,
             w: int | None = None) -> Panel:
    """D1: another seat refused this seat's request; said until read (OK)."""
    rid, seat, action = refused
    lines: list[Text] = [(N_("Your request to {what} was refused: nothing changed"), {"what": _what(action, lang)})]
    rect = _fit_text(area, w or round(32 * f), _said(lines, lang), f)
    buttons = _row_buttons(rect, f, [(f"refusal_seen:{rid}", N_("OK"), True, ())])
    return Panel("refused", rect, (N_("{name} refused"), {"name": seat_name(state, seat, lang)}), tuple(lines),
                 buttons)


REFUSED_OTHER = N_("{name} refused the request to {what}")
"""D1: another seat's request, refused by a third, said to the others once (evening s16 F10: the question
vanished from Klaus's window with no word when Joana refused Rui's new match)."""


def refused_other_said(state: ClientState, lang: str) -> str | None:
    """:data:`REFUSED_OTHER` for ``state.refused_other``, translated; None when there is none."""
    if state.refused_other is None:
        return None
    from .text import tr
    _, seat, action = state.refused_other
    return tr(lang, REFUSED_OTHER, name=seat_name(state, seat, lang), what=_what(action, lang))


TAKE_FREE_SEAT = N_("Take a free seat")
WATCH_TABLE = N_("Watch the table")
"""The failure panel's offers when the player's seat was given up at a match's end (``seat.given_up``, session 17):
the table is open, so what can be done there is offered beside the way back."""


def _failure(area: Rect, f: int, text: str, at_table: bool = True, offers: bool = False) -> Panel:
    """The connection cannot go on (refused, unreachable, host stopped): ``text``, the failure's in the
    player's language, whole, in a panel as tall as its rows (new user s9 item 15: seven rows were kept
    for every failure, so a one-line "the host stopped the game" sat above a large empty area).
    ``at_table``: a table was shown; before any (Create refused, a join refused) there is no
    "this table" to continue at (new user: 112-create-9th.png). ``offers``: the seat was given up at an open
    table and the window can go there again: :data:`TAKE_FREE_SEAT` and :data:`WATCH_TABLE` are offered too."""
    rect = _fit_text(area, round((54 if offers else 34) * f), [text], f)  # three labels side by side: wider
    choices = [("sit_free", TAKE_FREE_SEAT, True, ()), ("watch_table", WATCH_TABLE, False, ())] if offers else []
    buttons = _row_buttons(rect, f, choices + [("leave", N_("Back to the start screen"), not offers, ())],
                           widest=round(17 * f) if offers else None)
    title = N_("Cannot continue at this table") if at_table else N_("The table could not be opened")
    return Panel("failure", rect, (title, {}), (), buttons)


PROMPT_WIDE = 40
"""Type sizes wide: the lobby prompt and the host's invite card laid under it (scenes/lan_host.host_layout),
one column with the same edges (s13 item 1: the two were 448 and 560 px wide at 800x600)."""


ONLY_THIS_COMPUTER = N_("Nobody else can join: this table is on this computer only, not hosted for friends")
"""The lobby's first line where the table's code leads nobody to it (``ClientState.shared`` False, the
connection up): said in place of "Share the table code", which was untrue there (new user s15)."""


def share_said(state: ClientState) -> Text:
    """What the lobby says of the table's code: share it (:attr:`ClientState.shared`), or why it leads nowhere
    (:data:`ONLY_THIS_COMPUTER`). While the connection is lost no lobby is shown: the banner says so."""
    if not state.shared:
        return (ONLY_THIS_COMPUTER, {})
    return (N_("Share the table code {code} with your friends"), {"code": state.table})


CLOSE_TABLE = N_("Close table")
"""The lobby's button of the table's creator: closes the table for everyone at it (asked twice, scenes/table.py)."""
UNLIST_TABLE = N_("Take off the list")
"""The lobby's button of a listed table's creator: the table leaves the server's page and the projector."""


def _lobby(state: ClientState, area: Rect, f: int, lang: str) -> Panel:
    """Before the start: the code to share where it leads somewhere (:func:`share_said`), and starting now
    with computers in the empty seats."""
    lines: list[Text] = [share_said(state)]
    specs: list[tuple[str, str, bool, tuple[tuple[str, Any], ...]]] = []
    if may_start(state):  # exactly where the server takes this seat's start (TableW.starters; club s14 F16)
        lines.append((N_("Or start now: computers take the empty seats"), {}))
        specs.append(("start", N_("Start now"), True, ()))
    elif state.view is not None and state.view.seat is not None:  # only the creator starts (attacker s12 D1)
        starter = state.starters[0] if state.starters is not None and len(state.starters) == 1 else None
        lines.append((CREATOR_WILL_START, {}) if starter is None else
                     (NAMED_WILL_START, {"name": seat_name(state, starter, lang)}))
    if state.tracker:  # the README: everyone at the table sees it is allowed, before play too (new user N10)
        lines.append((TRACKER_ALLOWED, {}))
    if state.created and state.shared:  # organiser s16 F11: a mistaken table, closed or unlisted by its creator
        specs.append(("close_table", CLOSE_TABLE, False, ()))
        if state.public:
            specs.append(("unlist", UNLIST_TABLE, False, ()))
    said = _said(lines, lang)
    rect = _fit_text(area, round(PROMPT_WIDE * f), said, f)
    if _needs(area, round(PROMPT_WIDE * f), said, f) > area[3]:  # s13: the third line under "Jetzt beginnen"
        rect = _fit_text(area, area[2], said, f)  # beside a host's invite card: the whole width, fewer rows
    return Panel("lobby", rect, (N_("Waiting for players"), {}), tuple(lines), _row_buttons(rect, f, specs),
                 modal=False)


AWAY_FOR_GOOD = N_("{name} cannot come back: this table is not hosted for your friends now")
"""D7 at a table nobody else can reach (``ClientState.others_return`` False): said in place of "The match
waits for {name} to come back", which was untrue there."""


AWAY_GRACE = N_("In {time} you can let the computer play for {name}")
"""D7 (evening s16 F1): the "away" panel during the disconnected seat's minute to come back (``Ui.away_wait``),
in place of its hand-over button: the server refuses a hand-over sooner (HAND_OVER_TOO_SOON)."""


AWAY_HAND_OVER_IN = N_("Let the computer play for {name} in {time}")
"""D7 at a table nobody else can reach (``ClientState.others_return`` False) during the seat's minute
(``Ui.away_wait``): the "away" panel's hand-over button, greyed, saying when it can act (lastuser s17 F14: it
looked enabled, and pressing it was refused, HAND_OVER_TOO_SOON, for a seat the panel said cannot come back)."""


AWAY_KEYS = N_("Tab, then Enter: let the computer play (Enter alone does not)")
"""The footer under the "away" panel's hand-over button where this seat has no decision of its own (evening
s16 F1: the button is never the Enter default; Tab reaches it, :mod:`.focus`)."""


def _away(state: ClientState, seat: Seat, area: Rect, f: int, lang: str, wait: int = 0,
          mine: bool = False) -> Panel:
    """D7: a human seat lost its player; the others may let the computer play it meanwhile, once its minute to
    come back is over (``wait``: whole seconds of it left, ``Ui.away_wait``; till then a line says when). Its
    button is never the Enter default (evening s16 F1: the panel comes up by itself, and a player's habitual
    Enter handed a friend's seat over 2 s after his 45 s Wi-Fi drop was noticed): Tab reaches it, and the
    footer names Tab (new user s12 F15: a keyboard player is never stuck). The panel never takes the place of
    this seat's own prompt (its draw, nomination or review: :func:`_table_panel`); ``mine``: this seat has a
    decision of its own (its turn): the footer names the hand's keys, not :data:`AWAY_KEYS`."""
    name = seat_name(state, seat, lang)
    # where nobody can come back (this window's own server: a table no longer hosted for friends), the match
    # does not wait for the player's return: the computer playing for them is the way on (s13)
    lines: list[Text] = [(N_("The match waits for {name} to come back") if state.others_return else AWAY_FOR_GOOD,
                          {"name": name})]
    if wait > 0 and state.others_return:
        lines.append((AWAY_GRACE, {"time": f"{wait // 60}:{wait % 60:02d}", "name": name}))
    # the player can take the seat back ("I'm back", D7)
    specs = [] if wait > 0 and state.others_return else \
        [(f"handover:{int(seat)}", N_("Let the computer play for {name}"), False, (("name", name),))]
    rect = _fit_text(area, round(32 * f), _said(lines, lang), f, buttons=bool(specs))
    buttons = _row_buttons(rect, f, specs) if specs else ()
    if wait > 0 and buttons:  # nobody can come back, yet the server hands over only after the minute:
        time = f"{wait // 60}:{wait % 60:02d}"  # greyed, saying when it can act (lastuser s17 F14)
        buttons = tuple(replace(b, label=AWAY_HAND_OVER_IN, enabled=False, args=(*b.args, ("time", time)),
                                why=(AWAY_GRACE, {"time": time, "name": name})) for b in buttons)
    return Panel("away", rect, (N_("{name} is disconnected"), {"name": name}), tuple(lines), buttons, modal=False,
                 keys=AWAY_KEYS if buttons and buttons[0].enabled and not mine else "")


WINNERS = N_("{a} and {b}")
"""R19: the winning team's two players, under "Team A wins the match!"."""
WINNERS_YOURS = N_("You and {name}")
"""R19: :data:`WINNERS` read by one of the winners: "you", never the reader's own name."""
YOURS_WON = N_("Your team won the match")
"""R19 at the match's end, said to a seat whose team won (a spectator is told only who won)."""
YOURS_LOST = N_("Your team lost the match")
"""R19 at the match's end, said to a seat whose team lost."""


def last_hand(view: SpectatorView) -> int:
    """The number of the match's last finished hand (``view.finished``' of ``view.match``), else
    ``view.hand_number``: the hand a match over ended with (R19)."""
    return max((fh.number for fh in view.finished if fh.match == view.match), default=view.hand_number)


def played_match(state: ClientState, view: SpectatorView) -> bool:
    """Whether the viewer's present person played any of the match ``view`` shows (R19, R21/D8): False for one
    who sat down after its last hand ended (``SeatW.sat_after``/``played_by``, :func:`.store.played_by_holder`),
    whom the match-end panel does not tell "your team won/lost" (attacker s16 F7); False for a spectator."""
    seat = getattr(view, "seat", None)
    return seat is not None and played_by_holder(state, seat, view.match, last_hand(view))


def _match_over(state: ClientState, view: SpectatorView, area: Rect, f: int, lang: str) -> Panel:
    team = view.winner.value if view.winner is not None else "?"
    lines: list[Text] = []
    # attacker s16 F7: a person who sat down once the match was over (SeatW.sat_after/played_by) was told
    # "Your team lost the match" and "You and ..." for a match the computer played at their seat
    played = view.seat is not None and played_match(state, view)
    if view.winner is not None:
        a, b = view.winner.seats
        if played and view.seat in (a, b):
            lines.append((WINNERS_YOURS, {"name": seat_name(state, view.seat.partner, lang)}))
        elif view.seat in (a, b):  # the winners as who played them at the end: "the computer in Vera's seat"
            last = last_hand(view)
            lines.append((WINNERS, {"a": hand_seat_name(state, a, view.match, last, lang),
                                    "b": hand_seat_name(state, b, view.match, last, lang)}))
        else:
            lines.append((WINNERS, {"a": seat_name(state, a, lang), "b": seat_name(state, b, lang)}))
        if played:  # s11 new user: the panel named the winners, never "you"
            lines.append((YOURS_WON if view.seat.team is view.winner else YOURS_LOST, {}))
    lines += [(N_("Final score: Team A {a}, Team B {b}"), {"a": view.scores[0], "b": view.scores[1]})]
    if view.named is not None and view.winner is not None:  # R20, named and said what it means (shared/terms)
        lines.append(named_result_said(view.named, view.winner))
    from .consentable import why_not
    why = why_not(state, lang, "new_match") if view.seat is not None else None  # D1/D7: an absent player must accept
    accepted = state.accepted if state.accepted is not None and state.accepted[0] == "new_match" else None
    if accepted is not None and view.seat is not None:  # evening s16 F5: accepted; who is still awaited
        why = named(WAIT_ACCEPT, [seat_name(state, s, lang) for s in accepted[2]], lang)
        lines.append(why)
    elif why is not None:
        lines.append(why)  # said where the choice is, with the New match it greys (s13)
    elif view.seat is not None and state.humans - state.free - {view.seat}:
        # New match asks no question (nothing is lost: the match stays in the ledger and the start
        # screen's earlier matches), but with other players seated it is their request to accept (D1)
        lines.append((BACK_AND_ASKED if state.playing_for_me else ASKED_FIRST, {}))
    # three buttons (New match, Ledger, Leave) at their labels' size: "Abandonar la mesa" at 800x600
    rect = _fit_text(area, round((36 if view.seat is not None else 32) * f), _said(lines, lang), f)
    specs: list[tuple[str, str, bool, tuple[tuple[str, Any], ...]]] = []
    if view.seat is not None:
        specs.append(("new_match", N_("New match"), True, ()))
    if view.seat is None or area[2] >= round(36 * f):  # the match's record, from where it ends (s11 new user);
        specs.append(("ledger", N_("Ledger"), False, ()))  # beside the open chat at 800x600: the top bar's only
    specs.append(("leave", N_("Leave"), False, ()))
    buttons = tuple(replace(b, enabled=False, why=why) if b.id == "new_match" and why is not None else b
                    for b in _row_buttons(rect, f, specs))
    return Panel("match_over", rect, (N_("Team {team} wins the match!"), {"team": team}), tuple(lines), buttons)


def draw_tile_min(f: int) -> int:
    """R3: the narrowest a face-down tile of the opening draw is drawn, px (its height twice that), at type
    size ``f`` px: three quarters of a type size, at least 10 px (the 11 x 5 grid's own size in a 700 x 500
    window), a tile a player can see and click (s12: 5 px slivers under the host's invite card; kind:
    tiles given what is left after panels, with no minimum)."""
    return max(10, round(0.75 * f))


def draw_grid(gw: int, gh: int, f: int, grow: bool = False) -> tuple[int, int, int]:
    """R3: (columns, rows, tile width px) of the opening draw's 55 face-down tiles in ``gw`` x ``gh`` px:
    11 x 5 while its tiles keep :func:`draw_tile_min`; else the fewest columns (more of them, fewer rows:
    a panel made low by what lies under it) that keep it; else the shape whose tiles are largest there,
    never below 5 px (the layout then gives the panel more room: :func:`.layout.compute_layout`).
    ``grow``: the shape whose tiles are largest wherever they are a quarter larger or more than those
    chosen so (a wide room: the draw grows with the window, polish s12 item 15)."""
    def size(cols: int) -> int:
        rows = -(-DRAW_POSITIONS // cols)
        return int(max(5, min(gw // (cols * 1.25), gh // (rows * 2.5))))

    shapes = range(11, DRAW_POSITIONS + 1)
    cols = next((c for c in shapes if size(c) >= draw_tile_min(f)), None)
    largest = max(shapes, key=lambda c: (size(c), -c))
    if cols is None or (grow and size(largest) >= 1.25 * size(cols)):
        cols = largest
    return cols, -(-DRAW_POSITIONS // cols), size(cols)


def _draw(state: ClientState, view: SpectatorView, ui: Ui, area: Rect, f: int, lang: str) -> Panel:
    x, y, aw, ah = area
    me = view.seat
    if me is not None and me in view.waiting_for():
        line: Text = (N_("Pick a face-down tile for Team {team}: the higher total opens"), {"team": me.team.value})
    else:
        line = named(WAIT_DRAW, [seat_name(state, s_, lang) for s_ in sorted(view.waiting_for())], lang)
    lines: list[Text] = [line]
    for d in view.draws[-1:]:
        if d.winner is None:
            lines.append(tie_said(state, d, lang))
    if len(lines) == 1 and view.draw_taken:  # the taken cells show a team letter (render._draw_cells): say it
        team = sorted(view.draw_taken)[0][0].team.value  # new user: "an unexplained blue B tile"
        lines.append((DRAW_MARK, {"team": team}))
    rect = _box(area, round(aw * 0.96), round(ah * 0.98))
    px, py, pw, ph = rect
    # the instruction on one row wherever the felt has the width (new user: Spanish "...el total más
    # alto sale" wrapped onto a second row that crowded the grid; kind: a box sized for English)
    from .text import tr
    from .typeset import measurer
    said = measurer().measure(tr(lang, line[0], **line[1]), f)[0] + 3 * f
    # the title and the instruction in up to two rows (long in French and German); one row's room when
    # it is one row (s12: the room of a second row nobody wrote is the tiles' under the invite card); once
    # the match runs, the second row is kept from the start: the mark or tie line comes with the first draw
    # (s14 player F-i: the grid moved 20 px down as the other team drew, under a click that was lost; kind:
    # a line that appears with a change moving what the pointer aims at)
    head = round(4.5 * f) if len(lines) == 1 and said <= pw and not state.started else round(5.9 * f)
    # the grid grows with the window, but never into the room the wait card takes by a plate at either side
    # (44210e1 grew it to 1106 px at 1280x800 and the card went ~500 px from the awaited seat, reverted in
    # ae59815): as wide as the felt less the widest card of any seat's name, and a type size, each side
    from .waiting import card_room
    keep = card_room([seat_name(state, s_, lang) for s_ in Seat], lang, f) + f
    wide = max(min(pw, 31 * f), aw + 2 * x - 2 * keep)  # centred in the felt, which starts at 0, the area at x
    cols, rows, s = draw_grid(min(pw, wide - 4 * f) - 2 * f, ph - head - f, f, grow=True)
    gx, gy = round(s * 0.25), round(s * 0.5)
    gw = cols * s + (cols - 1) * gx
    gh = rows * 2 * s + (rows - 1) * gy
    rect = _box(area, min(pw, max(gw + 6 * f, 31 * f, said)), min(ph, head + gh + 2 * f))
    px, py, pw, ph = rect
    x0, y0 = px + (pw - gw) // 2, py + head
    cells = tuple((i, (x0 + (i % cols) * (s + gx), y0 + (i // cols) * (2 * s + gy), s, 2 * s))
                  for i in range(DRAW_POSITIONS))
    taken = tuple(p for _, p in view.draw_taken)
    return Panel("draw", rect, (N_("Opening draw"), {}), tuple(lines), (), cells, taken, modal=False)


TIE_YOURS = N_("Tie: you drew {mine}, {name} drew {theirs}: both draw again")
"""R4: a tied opening draw told to one of its two drawers (seats 1 and 2): which tile was theirs."""
TIE_NAMED = N_("Tie: {a_name} drew {a}, {b_name} drew {b}: both draw again")
"""R4: a tied opening draw told to anyone else, each tile with its drawer."""
TIED_YOURS = N_("Earlier draw, a tie: you drew {mine}, {name} drew {theirs}")
"""R4: :data:`TIE_YOURS` once a later draw has decided (the decided result's card lists the earlier ties)."""
TIED_NAMED = N_("Earlier draw, a tie: {a_name} drew {a}, {b_name} drew {b}")
"""R4: :data:`TIE_NAMED` once a later draw has decided."""


def tie_said(state: ClientState, d: Any, lang: str, decided: bool = False) -> Text:
    """R4: a tied draw ``d`` (an ``OpeningDraw``) with whose tile was whose; new user s12: "Tie: 4-6 against
    5-5" never said which was the player's. Kind: a draw's tiles named without their drawers. ``decided``:
    a later draw has decided, so the tie is told as past, without "both draw again" (s14 player F-g: "Team
    B wins the opening draw" over "Tie: ...: both draw again"; kind: a card keeping a line of an earlier
    state)."""
    me = state.view.seat if state.view is not None else None
    if me in (Seat.ONE, Seat.TWO):
        mine, theirs = (d.tile_a, d.tile_b) if me is Seat.ONE else (d.tile_b, d.tile_a)
        other = Seat.TWO if me is Seat.ONE else Seat.ONE
        return (TIED_YOURS if decided else TIE_YOURS,
                {"mine": str(mine), "theirs": str(theirs), "name": seat_name(state, other, lang)})
    return (TIED_NAMED if decided else TIE_NAMED,
            {"a": str(d.tile_a), "b": str(d.tile_b), "a_name": seat_name(state, Seat.ONE, lang),
             "b_name": seat_name(state, Seat.TWO, lang)})


def draw_key(view: SpectatorView) -> tuple[int, int]:
    """What identifies the match's opening draw as shown: (match number, draws so far, ties included, R4)."""
    return (view.match, len(view.draws))


def draw_unseen(view: SpectatorView, ui: Ui) -> bool:
    """True while the opening draw of ``view``'s match is decided (R4: the last draw has a winner) and the
    player has not acknowledged its result (``ui.seen_draw``, None: nothing to show, as a window's first
    view of a match already under way). Only before the match's first hand ends: after it the draw is old
    news (the ledger keeps it, R21). A spectator's goes by itself once the first hand is played: nobody waits
    for a spectator's Continue (new user s12 round 2: the result stayed over a hand already being played)."""
    if ui.seen_draw is None or not view.draws or view.draws[-1].winner is None or view.finished:
        return False
    if view.phase in (Phase.DRAW, Phase.DRAW_SHUFFLE):
        return False
    if view.seat is None and view.phase is Phase.PLAY:
        return False
    return ui.seen_draw != draw_key(view)


def _drawn(state: ClientState, view: SpectatorView, area: Rect, f: int, lang: str) -> Panel:
    """R3/R4/R7: the opening draw's result, held until the player continues (as the hand end, R22): seat 1's
    tile for team A and seat 2's for team B face up, each in the row of its drawer (the arrow points to the
    seat), which team won the opening right and who leads the first hand once its lower seat has said so
    (R6); earlier tied draws are listed (R4). New user: the result was replaced by the review of the new
    hand in about 3 s, nobody saw who drew what nor who opened."""
    d = view.draws[-1]
    winner = d.winner
    assert winner is not None  # draw_unseen
    # session 9, new user 2: "Player chooses who leads" named the viewer (default name "Player") as a stranger
    if view.opener is not None and view.phase is not Phase.NOMINATE:
        lead: Text = ((N_("You lead the first hand"), {}) if view.opener == view.seat else
                      (N_("{name} leads the first hand"), {"name": seat_name(state, view.opener, lang)}))
    elif winner.lower_seat == view.seat:
        lead = (N_("You choose who leads"), {})
    else:
        lead = (N_("{name} chooses who leads"), {"name": seat_name(state, winner.lower_seat, lang)})
    # R4: every draw is public, the tied ones too. Who leads (what the panel is for) is the first line, in
    # the result's gold; the earlier ties follow in ink as they came (s13 player F2: the tie drawn gold right
    # under the deciding draw read as if this draw were a tie too, and "East leads" came last, half hidden)
    lines: list[Text] = [lead] + [tie_said(state, tie, lang, decided=True) for tie in view.draws[:-1]]
    # each line's every row planned for (a tie wraps in two at 800x600): the rows of tiles give way, the
    # text never runs under the Continue button (s13 player F2; kind: a panel counting lines, not rows)
    pw = min(round(30 * f), area[2])
    title_h, row_h = round(2.6 * f), round(5.2 * f)
    bottom_h = lines_height(lines, lang, f, pw - 2 * f) + round(4 * f)
    x, y, aw, ah = area
    rect = _box(area, pw, title_h + 2 * row_h + bottom_h)
    px, py, pw, ph = rect
    row_h = max(2 * REVEAL_MIN + 4, min(row_h, (ph - title_h - bottom_h) // 2))
    s = max(REVEAL_MIN, min(round(2.2 * f), (row_h - 6) // 2))
    name_w = min(round(13 * f), (pw - 2 * f) * 4 // 10)
    left = px + f + name_w
    rows = []
    for i, (seat, tile) in enumerate(((Seat.ONE, d.tile_a), (Seat.TWO, d.tile_b))):
        ry = py + title_h + i * row_h
        spot = Spot((left, ry + (row_h - 2 * s) // 2, s, 2 * s), tile.low, tile.high, True)
        rows.append(RevealRow(seat, (px + f, ry, pw - 2 * f, row_h), (spot,), tile.pips, name_w,
                              (left, ry, s, row_h)))
    buttons = _row_buttons(rect, f, [("seen_draw", N_("Continue"), True, ())])
    return Panel("drawn", rect, (N_("Team {team} wins the opening draw"), {"team": winner.value}), tuple(lines),
                 buttons, rows=tuple(rows))


def _nominate(state: ClientState, view: SeatView, area: Rect, f: int, lang: str) -> Panel:
    me = view.seat
    lines: list[Text] = []
    if view.hand_number == 0 and view.draws:
        d = view.draws[-1]
        lines.append((N_("Opening draw: Team A {a}, Team B {b}"), {"a": str(d.tile_a), "b": str(d.tile_b)}))
    lines.append((N_("Your team leads the next hand. Who plays first?"), {}))
    rect = _fit_text(area, round(32 * f), _said(lines, lang), f)
    partner = seat_name(state, me.partner, lang)
    buttons = _row_buttons(rect, f, [(f"nominate:{int(me)}", N_("I lead"), True, ()),
                                     (f"nominate:{int(me.partner)}", N_("{name} leads"), False,
                                      (("name", partner),))])
    return Panel("nominate", rect, (N_("Choose the opener"), {}), tuple(lines), buttons)


REDEALT = N_("{name} demanded a redeal, showing {doubles}")
"""R11/R13: a redeal of this hand, said over the new deal's review with the doubles it showed."""
REDEALT_YOURS = N_("You demanded a redeal, showing {doubles}")
"""R11/R13: :data:`REDEALT` read by the seat that demanded it: "you", never its own name."""


def _review(state: ClientState, view: SeatView, area: Rect, f: int, lang: str) -> Panel:
    n = view.doubles
    lines: list[Text] = [(HOLD_DOUBLES[0], {"_plural": HOLD_DOUBLES[1], "_none": HOLD_NO_DOUBLES, "count": n})]
    specs: list[tuple[str, str, bool, tuple[tuple[str, Any], ...]]] = [("accept", N_("Accept the hand"), True, ())]
    if view.may_demand_redeal:
        lines.append((MAY_REDEAL, {}))
        specs.append(("redeal", N_("Demand a redeal"), False, ()))
    for r in view.redeals:
        if r.match == view.match and r.hand == view.hand_number:
            shown = " ".join(str(t) for t in r.doubles)
            lines.append((REDEALT_YOURS, {"doubles": shown}) if r.seat == view.seat else
                         (REDEALT, {"name": seat_name(state, r.seat, lang), "doubles": shown}))
    rect = _fit_text(area, round(34 * f), _said(lines, lang), f)
    return Panel("review", rect, (N_("Look at your new hand"), {}), tuple(lines), _row_buttons(rect, f, specs),
                 modal=False)


HINT_LEAD_YOURSELF = N_("Hint: you lead")
"""R6: the hint to nominate this seat itself (its button says "I lead"): never "let {name} lead" with the
reader's own name (kind: a message about the reader's own seat naming it)."""


def _hint_text(state: ClientState, hint: Any, lang: str) -> Text:
    """A hint that is not a tile to lift, in words (R25: nothing is done)."""
    name = hint.__class__.__name__
    if name == "Pass":
        return (N_("Hint: no tile fits, pass"), {})
    if name == "Nominate":
        if hint.opener == getattr(state.view, "seat", None):  # the nominate panel's "I lead"
            return (HINT_LEAD_YOURSELF, {})
        return (N_("Hint: let {name} lead"), {"name": seat_name(state, hint.opener, lang)})
    if hint.demand_redeal:
        return (N_("Hint: demand a redeal"), {})
    return (N_("Hint: accept the hand"), {})


HINT_REASONS = {
    "domino": N_("Hint {hint}: you go out with it."),
    "double": N_("Hint {hint}: sheds the heavy double; {instead} would keep it in your hand."),
    "heavier": N_("Hint {hint}: sheds more points than {instead}."),
    "lead_suit": N_("Hint {hint}: leads the number you hold most of."),
    "follow": N_("Hint {hint}: leaves ends your hand can follow, unlike {instead}."),
    "next_void": N_("Hint {hint}: {instead} would leave {open}s for the opponent who passed on {void}s."),
    "partner_locked": N_("Hint {hint}: {instead} would close both ends on your partner, who passed on them."),
    "partner_number": N_("Hint {hint}: keeps your partner's number {n} open, unlike {instead}."),
    "opponent_number": N_("Hint {hint}: {instead} would open the opponents' number {n}."),
}
"""The hint's one line for each coach ``reason`` code (server/coach.reason_of of the hint over the other
play), said about the hinted play. New user 2 of session 9: the review's sentences (overlays/review.REASONS)
speak of the play that was made, so "Why not 5-6? Plays a lighter tile while holding 6-9." read as advice
to play 5-6 when H had lifted 6-9."""


HINT_PLAIN = N_("Hint {hint} · Enter: play it · Esc: cancel")
"""The hint's line when the server gave no reason (s15 player F4: the tile lifted and the line said only
"Enter: play · Esc: cancel", so a hint could not be told from a stray key)."""


def _hint_why(state: ClientState, ui: Ui, lang: str) -> Text | None:
    """While the hinted tile is lifted as the hint placed it: why it rather than the other play the
    ``normal`` evaluation likes most, said of the hinted play (docs/protocol.md ``hint``); with no reason
    from the server, :data:`HINT_PLAIN` (that it is the hint, and what the keys do)."""
    hint, why = state.hint, state.hint_why
    tile = getattr(hint, "tile", None)
    if tile is None or not ui.from_hint or tile is not ui.selected:
        return None
    if why is None or why[0] not in HINT_REASONS:  # s15 player F4: a tile lifted with no word of a hint
        return (HINT_PLAIN, {"hint": f"{tile.low}-{tile.high}"})
    code, pips, instead = why
    p = list(pips) + [0, 0]
    return (HINT_REASONS[code], {"hint": f"{tile.low}-{tile.high}", "instead": f"{instead.low}-{instead.high}",
                                 "open": p[0], "void": p[1], "n": p[0]})


LOOKING_ONE = N_("Waiting for {name} to look at their hand")
"""R10: the review, this seat answered, one other player seated (waiting.still_looking): the computers
answered at once, so the deal waits for them."""
LOOKING_SOME = Nn_("Waiting for {names} to look at their hands", "Waiting for {names} to look at their hands")
"""R10: the same with several other players, any of whom may still be reading (who answered is private)."""


KEYED_PLAY = N_("Enter: play it · Esc: cancel")
"""The status line while a tile lifted by a key (:attr:`.uistate.Ui.keyed`) fits one place."""
KEYED_BOTH = N_("Enter: play it at the lit end · L or R: the other end · Esc: cancel")
"""The same when it fits both ends and one is chosen (the ghosts are tagged L and R, render._ends)."""


def status_line(state: ClientState, ui: Ui, lang: str) -> Text:
    """The one-line status over the hand: whose turn, what to do now (the seats named in ``lang``)."""
    view = state.view
    if state.connection == "connecting" and state.lost_why == "wait":  # told to come back (client.net.WAITING)
        return (JOIN_WAITS, {})
    if state.connection == "connecting" and state.lost_why == "full":  # its spectators are (client.net.FULL)
        return (WATCH_FULL, {})
    if view is None or state.connection == "connecting":  # said here only: no banner for a normal state
        return (N_("Connecting…"), {})
    me = view.seat
    if state.connection == "lost" and state.failure is None and me is not None:
        # s13 netplayer F4: "Your turn: choose a tile" under the banner, where nothing could be sent
        # operator s17 F13: a rejoin refused because the server's store is down says so (client.net.STORE)
        return (MOVE_WAITS if state.sending else STORE_FAILING if state.lost_why == "store" else OFFLINE, {})
    if state.error == "CONSENT_UNAVAILABLE":
        return _consent_away(state, ui, lang)
    if state.error == "REQUEST_PENDING" and state.request_waiting:  # league s17 F3: whose answer it waits for
        return named(PENDING_FOR, [seat_name(state, s, lang) for s in state.request_waiting], lang)
    if state.error:
        return (CONSENT_REFUSED if state.error == "REFUSED" else MARKS.get(state.error) or sentence(state.error), {})
    if state.sending:  # s13 netplayer F2: nothing changed on screen for the 1.6 s round trip of a slow link
        return (SENDING, {})
    hint = state.hint
    if hint is not None and hint.__class__.__name__ in ("Pass", "Nominate", "Review"):
        return _hint_text(state, hint, lang)
    if state.asking is not None:
        return (N_("Waiting for the others to accept your request"), {})
    if state.accepted is not None and state.accepted[0] != "new_match" and state.accepted[2]:
        # league s17 F3: accepted; who it still waits for (a new match's card says so at the match's end)
        return named(WAIT_ACCEPT, [seat_name(state, s, lang) for s in state.accepted[2]], lang)
    if me is not None and me in state.paused_by:
        return (PAUSED_BY_YOU, {})
    if state.paused_by:
        return named(PAUSED_BY, [seat_name(state, s, lang) for s in sorted(state.paused_by)], lang)
    waiting = sorted(view.waiting_for())
    if view.phase is Phase.PLAY and view.turn is not None:
        if view.turn == me and isinstance(view, SeatView):
            if ui.selected is not None:
                why = _hint_why(state, ui, lang)
                if why is not None:
                    return why
                fits = {m.end for m in view.legal_moves() if getattr(m, "tile", None) is ui.selected}
                if view.ends is not None and len(fits) == 2 and ui.end is None:  # issue 11.3: Enter waits for L/R
                    return (N_("It fits both ends: press L or R, or click an end"), {})
                if ui.keyed:  # chosen by a key: said in keys (new user s12 F4: "Click..." to a keyboard player)
                    return (KEYED_BOTH if view.ends is not None and len(fits) == 2 else KEYED_PLAY, {})
                return (N_("Click a lit end or the ghost tile to play, elsewhere to cancel"), {})
            if any(m.__class__.__name__ == "Pass" for m in view.legal_moves()):
                return (N_("No tile fits: you must pass"), {})
            return (N_("Your turn: choose a tile"), {})
        return (N_("{name} to play"), {"name": seat_name(state, view.turn, lang)})
    if view.phase is Phase.REVIEW:
        if isinstance(view, SeatView) and not view.answered:
            return (N_("Look at your hand, then accept it"), {})
        if me is None:  # a spectator has no hand to look at: not "the others" (new user N9)
            return (N_("Waiting for the players to look at their hands"), {})
        from .waiting import still_looking
        looking = still_looking(state)  # named (new user s12: "the others" while Zoe alone was reading)
        if view.answered:  # a disconnected player's seat still owes its answer: the deal waits for it too
            # (new user s14: "Bo is disconnected" up, and the line hid that the table waited for Bo)
            looking = tuple(sorted({*looking, *(s for s in state.away if s != me and s in state.humans
                                                and s not in state.computers and s not in state.free)}))
        if len(looking) == 1:
            return (LOOKING_ONE, {"name": seat_name(state, looking[0], lang)})
        if looking:
            return named(LOOKING_SOME, [seat_name(state, s, lang) for s in looking], lang)
        return (N_("Waiting for the others to look at their hands"), {})
    if view.phase is Phase.NOMINATE and waiting and waiting[0] != me:
        if view.hand_number == 0 and view.draws:
            d = view.draws[-1]
            return (N_("Opening draw: Team A {a}, Team B {b}. {name} chooses who leads"),
                    {"a": str(d.tile_a), "b": str(d.tile_b), "name": seat_name(state, waiting[0], lang)})
        return (N_("{name} chooses who leads"), {"name": seat_name(state, waiting[0], lang)})
    if view.phase is Phase.MATCH_OVER:
        return (N_("The match is over"), {})
    if view.phase is Phase.DRAW and state.started and state.tracker:  # the draw's panel has no room for it
        return (TRACKER_ALLOWED, {})
    return ("", {})


def content_sizes(panel: Panel, f: int, lang: str) -> tuple[int, int, int]:
    """(narrowest tile px, lowest seat row px, type px its lines are drawn at) of ``panel`` laid out at the
    table's type ``f`` px (or its own :attr:`Panel.font`): what a larger "Text size" must never make smaller
    than 100 % does (s16 access F12: at 200 % the opening draw's 55 tiles were 5 px specks, the hand end's
    rows 23 px tiles under 24 px names, the match end's lines 14 px: each fitted into a box that did not
    grow with the text). 0 for what the panel has none of (no tiles, no seat rows). The lines' type is the
    one render._lines_size shrinks to where the box is too short for them at full size. Pure but for
    measuring text (:func:`.typeset.measurer`)."""
    from .text import say
    from .typeset import MIN_SIZE, measurer
    at = panel.font or f
    tiles = min([c[2] for _, c in panel.cells] + [sp.rect[2] for r in panel.rows for sp in r.tiles], default=0)
    rows = min([r.rect[3] for r in panel.rows], default=0)
    lines = at
    if panel.lines and panel.buttons and not panel.cells and not panel.body \
            and panel.kind not in ("reveal", "drawn", "looking", "failure"):
        face = measurer()
        x, y, pw, ph = panel.rect
        texts = _said(panel.lines, lang)
        heading = say(lang, panel.title[0], panel.title[1])
        top = y + at // 2 + face.measure(heading, round(at * 1.35), True)[1] + at // 3
        bottom = min(b.rect[1] for b in panel.buttons)
        while lines > MIN_SIZE and top + rows_height(face, prompt_rows(face, texts, lines, pw - 2 * at), lines) > bottom:
            lines -= 1
    return tiles, rows, lines


def holds(sizes: tuple[int, int, int], floor: tuple[int, int, int]) -> bool:
    """Whether every one of a panel's :func:`content_sizes` is at least ``floor``'s (the same panel's at 100 %)."""
    return all(a >= b for a, b in zip(sizes, floor))
