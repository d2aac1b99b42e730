"""The table's talk and waiting (issue 15 parts 1-2), as the table scene holds them.

:class:`TableTalk` owns the chat panel's state (:mod:`..chat`), the local clock
of the wait shown by the awaited seat (R29: information only, started from the
server's ``snapshot.waited`` and from each update), and what a nudge did to
this window: the nudged player's window lights up, says who is waiting, and
plays the ``nudge`` sound (:mod:`..sound`); the others get a quiet notice.
Mutes are remembered by name in the settings (:mod:`..config`).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from doublenine.shared.i18n import N_
from doublenine.shared.seats import Seat

from .. import chat, config
from ..art import Art
from ..chatdraw import draw_chat
from ..input import Viewport, pointer
from ..intents import Back, HandOver, Intent, Nudge
from ..layout import TableLayout
from ..store import ClientState, seat_name, seconds
from ..text import tr
from ..uistate import Ui
from ..waiting import (
    NOTICE_SECONDS, SHOW_AFTER, Card, awaited_seat, back_card, clear_spot, draw_card, draw_nudged, nudge_ready,
    nudge_wait, nudged_size, wait_card,
)

OTHERS_NOTICE = 4.0
"""Seconds the other players see "X nudged Y"."""
NUDGING = N_("Nudging {name}…")
"""The nudger's notice at once, before the server's ``nudge`` answers ("You nudged {name}" then): s15 player, a
nudge sent on a link that was down showed nothing (kind: something the player did shown only once answered)."""
NUDGE_NOT_SENT = N_("Your nudge to {name} was not sent")
"""The nudger's notice when the server refused the nudge or the connection ended first (the wait card's Nudge
asks again)."""
TOLD_KEPT = 16
"""Nudges said here whose notice a window remembers having shown (``TableTalk._told``)."""


RESULT_PANELS = ("drawn", "reveal", "looking", "match_over")
"""The panels that show a result before the decision that follows it (R4 the opening draw's, R18 a hand's
end, its final line looked at, R19 the match's): while one is up the wait card is not drawn, and it comes
back only :data:`~doublenine.client.waiting.SHOW_AFTER` s after the panel goes; the wait itself is counted
from the server's moment all along, as in every other window (:meth:`TableTalk.update`)."""
ORIGINS_KEPT = 8
"""Wait marks whose origin a window keeps (the paced, shown moment may lag the newest by a few plays)."""


class TableTalk:
    """Chat panel, wait card and nudge notice of one table window."""

    def __init__(self, lang: str, art: Art, play: Callable[[str], None] | None = None,
                 remember: bool = True) -> None:
        self.lang = lang
        self.art = art
        self.play = play or (lambda cue: None)
        """The sound hook: called with ``"nudge"`` when this player is nudged."""
        self.motion = True
        """The "Tile movement" setting (TableScene.motion): off, the nudge's edge glows without pulsing."""
        self.remember = remember
        muted = config.load().muted if remember else ()
        self.cui = chat.ChatUi(muted=frozenset(muted))
        self.hover: str | None = None
        self.now = 0.0
        self._wait_mark = -1
        self._wait_start = 0.0
        self._origins: dict[int, float] = {}
        """Per wait mark (``ClientState.wait``), this window's clock reading of the server moment the wait
        began: the moment its frame arrived less the ``waited`` it carried (s14 player F-h)."""
        self._sighted = -math.inf
        """This window's clock reading when the last result panel went: the card shows again
        :data:`SHOW_AFTER` s later (the wait it shows was counted meanwhile)."""
        self._counting = False
        """The awaited seat is held by a player (not a free seat of a table still filling up)."""
        self._covered = False
        """A result panel (the opening draw's, a hand's end) was up at the last update: the decision awaited
        after it is not yet in this window's sight (:data:`RESULT_PANELS`)."""
        self._nudge_mark: int | None = None
        self._last_nudge: float | None = None
        self.notice: tuple[str, float, bool] | None = None
        """(text, local time it arrived, for me) of the last nudge heard."""
        self._shown_second = -1
        self._swallow = ""
        self._cards: tuple[tuple[object, ...], list[Card]] | None = None
        """The cards last built, with what they were built from (:meth:`cards` builds once a frame)."""
        self._told: list[tuple[str, bool]] = []
        """(``intent_id``, unsent) of the nudges said here whose notice was shown (:data:`TOLD_KEPT` at most)."""
        self._read: tuple[str, int, int] = ("", 0, 0)
        """(table code, newest line read there as remembered in client.json, as last saved): the chat read
        before the window closed stays read after a rejoin (new user s9 item 4; config.chat_seen)."""

    # ------------------------------------------------------------ time
    def waited(self) -> float:
        """Seconds the awaited decision has waited, by this window's clock."""
        return seconds(self.now - self._wait_start)

    def update(self, state: ClientState, now: float, shown: ClientState | None = None,
               covered: bool = False) -> bool:
        """Follow the wait and the nudges; True when the window must be drawn again. ``shown``: the state
        the table draws (client.pacing: it may show an earlier moment than ``state``), whose awaited seat the
        wait card names: its wait is the one counted, restarting with each turn shown. s13 netplayer F1:
        for up to ~5 s after a play the card named the new player with the previous one's wait ("Waiting
        for Direct for 2:54") and a Nudge and hand-over the server refused. Kind: a clock from a stale
        source (the wait of another moment than the one drawn, or not followed at all while plays slid).
        Every wait is counted from the server's moment it began (the arrival of the frame that began it, less
        its ``waited``), never from when this window drew it: s14 player F-h, two windows disagreed by 12 s on
        one wait (a window restarted it as its result panel closed) and a spectator who opened at Start was
        told 1:46 (the server counted from the table's creation: ``Table.since`` now restarts at the start).
        Kind: a wait figure from a per-window or stale origin. ``covered``: a result panel that comes before
        the awaited decision is up (:data:`RESULT_PANELS`): no card then, and none until :data:`SHOW_AFTER` s
        after it goes (s13 player F6: "On attend Hanna depuis 0:21 · Relancer Hanna" the instant Hanna was
        shown "Choose the opener"); the figure it then shows is the table's, the same in every window."""
        self.now = now
        dirty = False
        waiting = shown if shown is not None else state
        latest, latest_waited = state.wait
        if latest not in self._origins:  # the frame has just arrived: its wait began ``waited`` s before now
            self._origins[latest] = now - seconds(latest_waited)
            for old in sorted(self._origins)[:-ORIGINS_KEPT]:
                del self._origins[old]
        mark, waited = waiting.wait
        seat = awaited_seat(waiting)
        counting = seat is not None and seat not in state.free  # an empty seat is a lobby, not a wait
        if mark != self._wait_mark:
            self._wait_mark = mark
            self._wait_start = self._origins.get(mark, now - seconds(waited))
            dirty = True  # a new turn: the card of the last one (its clock, its buttons) goes at once
        elif counting and not self._counting:  # the match just started (the server's wait starts then too,
            self._wait_start = max(self._wait_start, now)  # Table.since) or the awaited friend just joined
        if self._covered and not covered:  # the result read: the card comes back SHOW_AFTER s from now
            self._sighted = now
            dirty = True
        self._covered = covered
        self._counting = counting
        if any(said.nudge is not None for said in state.saying):
            dirty = self._said_nudge(state, now) or dirty
        if state.nudge is not None and state.nudge[0] != self._nudge_mark:
            dirty = self._heard_nudge(state, now)
        second = int(self.waited())
        if second != self._shown_second and awaited_seat(waiting) is not None and second >= SHOW_AFTER \
                and state.failure is None and state.connection == "connected":  # no clock to move then
            self._shown_second = second  # the card's clock moves once a second; an idle table stays idle
            dirty = True
        if self.notice is not None:
            limit = NOTICE_SECONDS if self.notice[2] else OTHERS_NOTICE
            if now - self.notice[1] > limit:
                self.notice = None
            dirty = True  # the glow pulses while it lasts
        if self.cui.open and chat.newest(state) > self.cui.seen:
            self.cui = replace(self.cui, seen=chat.newest(state))
        through = chat.read_through(state, self.cui.seen)  # one's own lines are read (chat.read_through)
        if through != self.cui.seen:
            self.cui = replace(self.cui, seen=through)
        if self.remember and state.table:
            self._remember_read(state)
        return dirty

    def _remember_read(self, state: ClientState) -> None:
        """Take the remembered read line of this table once its history has come back, and save a newer one.

        A remembered id above every line the table sent is not applied (the table's ids started again):
        its lines then count unread, never hidden as read."""
        code, remembered, saved = self._read
        if code != state.table:
            remembered = config.chat_seen(config.load(), state.table)
            code, saved = state.table, remembered
        if self.cui.seen < remembered <= chat.newest(state):
            self.cui = replace(self.cui, seen=remembered)
        if self.cui.seen > saved:
            saved = self.cui.seen  # another window's higher id at this table stays (config.see_chat)
            config.update(lambda now: config.see_chat(now, code, saved))
        self._read = (code, remembered, saved)

    def _said_nudge(self, state: ClientState, now: float) -> bool:
        """A nudge said here shown at once (:data:`NUDGING`), and again if it was not sent (:data:`NUDGE_NOT_SENT`);
        True when the notice changed."""
        told = False
        for said in state.saying:
            key = (said.iid, said.unsent)
            if said.nudge is None or key in self._told:
                continue
            self._told = [*self._told, key][-TOLD_KEPT:]
            name = seat_name(state, Seat(said.nudge), self.lang)
            self.notice = (tr(self.lang, NUDGE_NOT_SENT if said.unsent else NUDGING, name=name), now, False)
            told = True
        return told

    def _heard_nudge(self, state: ClientState, now: float) -> bool:
        assert state.nudge is not None
        self._nudge_mark, (_, by, seat) = state.nudge[0], state.nudge
        self._last_nudge = now
        me = state.view.seat if state.view is not None else None
        if seat == me:
            text = tr(self.lang, "{name} is waiting for you: your turn!", name=seat_name(state, by, self.lang))
            self.play("nudge")
        elif by == me:  # the nudger's own window: "you", never its own name (kind: the reader's seat by name)
            text = tr(self.lang, "You nudged {name}", name=seat_name(state, seat, self.lang))
        else:
            text = tr(self.lang, "{by} nudged {name}", by=seat_name(state, by, self.lang),
                      name=seat_name(state, seat, self.lang))
        self.notice = (text, now, seat == me)
        return True

    # ------------------------------------------------------------ geometry
    def chat_layout(self, size: tuple[int, int], state: ClientState, lay: TableLayout) -> chat.ChatLayout:
        """The chat panel's geometry in a window of ``size`` px beside or over the table ``lay``
        (:func:`chat.strip`); its button sits at the height of the table's status line, at the
        table's right edge (left of an open tracker panel)."""
        return chat.layout(size, state, self.cui, lay.status_rect[1], self.lang,
                           chat.strip(size, lay.size, lay.side), lay.size[0])

    def cards(self, state: ClientState, lay: TableLayout, ui: Ui) -> list[Card]:
        """The wait card by the awaited seat and the "I'm back" card, where they apply.

        ``ui`` is the table's previews, as the status line is read with them (the wait card may lie over
        a status line that says what it says). Built once a frame: the same ``state``, ``lay`` and ``ui``
        objects at the same :attr:`now` give the same list (the frame's drawing, its toast, hover, click).
        None while the connection is lost or has failed for good: Nudge, hand-over and "I'm back" could
        not be sent; while a modal prompt (a hand's end, the match's end, the draw's result) is up, only
        the "I'm back" card, placed beside it: nothing is drawn over a modal nor clickable under it (new
        user N3: the wait card over "Cannot continue", still counting after the server was gone), but a
        player whose seat the computer took is told at once (new user s11).
        """
        key = (state, lay, ui, self.now, self._last_nudge)
        if self._cards is not None and all(a is b for a, b in zip(self._cards[0][:3], key)) \
                and self._cards[0][3:] == key[3:]:  # the same objects (no hashing of a whole state)
            return self._cards[1]
        found: list[Card | None] = []
        if state.connection == "connected" and state.failure is None and not covered(lay):
            found = [wait_card(state, lay, self.waited(), nudge_ready(self._last_nudge, self.now), ui, self.lang,
                               nudge_wait(self._last_nudge, self.now))
                     if self.now - self._sighted >= SHOW_AFTER else None,
                     back_card(state, lay, self.lang)]
        elif state.connection == "connected" and state.failure is None:
            # D7: the player is told at once that the computer plays for them, beside the prompt (placed
            # clear of it), with "I'm back" (new user s11: the card came only after the draw result's
            # Continue); nothing else is drawn by a modal prompt
            found = [back_card(state, lay, self.lang)]
        cards = [c for c in found if c is not None]
        self._cards = (key, cards)
        return cards

    # ------------------------------------------------------------ input
    def handle(self, event: Any, vp: Viewport, state: ClientState, lay: TableLayout,
               size: tuple[int, int], ui: Ui) -> tuple[bool, Intent | None]:
        """(used, intent): whether the event was the chat's or a card's, and what to send (``ui``: the
        table's previews, see :meth:`cards`)."""
        t = event.type
        if t == pygame.TEXTINPUT:
            swallow, self._swallow = self._swallow, ""
            if self.cui.focused and not self.cui.item and event.text != swallow and chat.free_text_allowed(state):
                self.cui = chat.typed(self.cui, event.text)  # a closed field swallows the text (ChatUi.focused)
            return self.cui.focused, None
        if t == pygame.KEYDOWN:
            return self._key(event, state)
        if t == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            pos = vp.to_pixels(event.pos)
            hover = chat.hit(pos, self.chat_layout(size, state, lay)) or self._card_hit(pos, state, lay, ui)
            changed, self.hover = hover != self.hover, hover
            return changed and hover is not None, None
        pos = pointer(event, vp)
        if pos is not None:
            return self._click(pos, state, lay, size, ui)
        return False, None

    def _key(self, event: Any, state: ClientState) -> tuple[bool, Intent | None]:
        """A key: the panel's while it has the keys (chat.key); Esc on the open panel that gave them back
        closes it (the first Esc leaves the field, the second closes: new user s12 F7, no key closed it and
        the table stayed squeezed); C opens it, straight into the field."""
        if self.cui.focused:
            before = self.cui.muted
            self.cui, intent = chat.key(event, state, self.cui)
            self._save_mutes(before)  # a mute by Enter on its chip, as a click's
            return True, intent
        mods = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        if event.key == pygame.K_ESCAPE and self.cui.open and not mods:
            self.cui = replace(self.cui, open=False, focused=False, item="", seen=chat.newest(state))
            return True, None
        if event.key == pygame.K_c and not mods:  # C: chat, straight into the text field
            # the panel takes the keys even where its field is closed: they are swallowed (ChatUi.focused)
            self.cui = replace(self.cui, open=True, focused=True, seen=chat.newest(state))
            self._swallow = getattr(event, "unicode", "")  # the "c" typed with it is not a message
            return True, None
        return False, None

    def _click(self, pos: tuple[float, float], state: ClientState, lay: TableLayout,
               size: tuple[int, int], ui: Ui) -> tuple[bool, Intent | None]:
        panel = self.chat_layout(size, state, lay)
        what = chat.hit(pos, panel)
        if what is not None:
            before, was = self.cui.muted, self.cui
            self.cui, intent = chat.click(what, state, self.cui)
            if what == "field":  # the caret where the draft was clicked (client/textfield.py)
                self.cui = chat.draft_caret(panel, self.cui, was, lambda t: self.art.type.measure(t, panel.font)[0],
                                            pos[0], self.art)
            if what == "field":  # the keyboard's focus goes where the click put the caret
                self.cui = replace(self.cui, item="")
            self._save_mutes(before)
            return True, intent
        self.cui = replace(self.cui, focused=False)
        bid = self._card_hit(pos, state, lay, ui)
        if bid is None:
            return False, None
        kind, _, seat = bid.partition(":")
        intents: dict[str, Intent] = {"back": Back()}
        if seat:
            intents = {"nudge": Nudge(int(seat)), "handover": HandOver(int(seat))}
        return True, intents.get(kind)

    def _save_mutes(self, before: frozenset[str]) -> None:
        """Remember the mutes changed since ``before`` (only those: another window's stay, config.update)."""
        if self.cui.muted != before and self.remember:
            added, removed = self.cui.muted - before, before - self.cui.muted
            config.update(lambda now: replace(now, muted=tuple(sorted((set(now.muted) | added) - removed))))

    def _card_hit(self, pos: tuple[float, float], state: ClientState, lay: TableLayout, ui: Ui) -> str | None:
        for card in self.cards(state, lay, ui):
            for b in card.buttons:
                x, y, w, h = b.rect
                if x <= pos[0] < x + w and y <= pos[1] < y + h:
                    return b.id
        return None

    def notice_box(self, size: tuple[int, int], state: ClientState, lay: TableLayout,
                   ui: Ui, cover: tuple[int, int, int, int] | None = None) -> tuple[int, int, int, int] | None:
        """Where the nudge notice lies (None: none): just over the status line, centred, unless that hides a
        tile, a panel, a plate, a card or a button (the opening draw's last row of face-down tiles: new user
        s11), then the nearest place that hides none (:func:`~doublenine.client.waiting.clear_spot`).

        ``cover``: what lies over the table now (an overlay's rect, the settings card), else a modal prompt's
        panel. A nudge addressed to this player is then placed clear of it (:func:`clear_of`) and drawn over
        everything (:meth:`draw_notice`); anyone else's nudge stays unseen under it. s15 player: a player on
        "Choose the opener" never saw the nudge addressed to them (the notice was left out under every modal
        prompt and drawn under an overlay). Kind: a message for this seat drawn only where no panel is up."""
        if self.notice is None:
            return None
        text, _, mine = self.notice
        w, h = nudged_size(self.art, text, lay.font, mine, size[0])
        over = cover if cover is not None else (lay.panel.rect if covered(lay) and lay.panel is not None else None)
        cards = tuple(c.rect for c in self.cards(state, lay, ui))
        if over is not None:
            return clear_of(size, over, (w, h), lay.font, cards) if mine else None
        want = ((size[0] - w) // 2, lay.status_rect[1] - lay.font // 2 - h)
        also = cards + _side_buttons(self, size, state, lay)
        x, y, _ = clear_spot(lay, w, h, want, also)
        return x, y, w, h

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, state: ClientState, lay: TableLayout, ui: Ui,
             cover: tuple[int, int, int, int] | None = None) -> None:
        """Cards over the table, then the nudge notice, then the chat panel (or its button). ``cover``: an
        overlay or the settings card is drawn after this: the notice then waits for :meth:`draw_notice`."""
        f = lay.font
        for card in self.cards(state, lay, ui):
            draw_card(surface, card, self.art, self.lang, f, self.hover)
        if cover is None:
            self.draw_notice(surface, state, lay, ui)
        draw_chat(surface, self.chat_layout(surface.get_size(), state, lay), state, self.cui, self.art, self.lang,
                  self.hover)

    def draw_notice(self, surface: pygame.Surface, state: ClientState, lay: TableLayout, ui: Ui,
                    cover: tuple[int, int, int, int] | None = None) -> None:
        """The nudge notice where :meth:`notice_box` puts it (with ``cover``: over the overlay or settings card
        just drawn, beside it)."""
        box = self.notice_box(surface.get_size(), state, lay, ui, cover)
        if self.notice is not None and box is not None:
            text, since, mine = self.notice
            draw_nudged(surface, self.art, self.lang, text, self.now - since, lay.font, mine, box[1] + box[3],
                        box[:2], still=not self.motion)


def clear_of(size: tuple[int, int], cover: tuple[int, int, int, int], box: tuple[int, int], f: int,
             also: tuple[tuple[int, int, int, int], ...] = ()) -> tuple[int, int, int, int]:
    """(x, y, w, h) px of a ``box`` (w, h) notice in a window of ``size`` px beside ``cover`` (a modal prompt,
    an overlay, the settings card), centred across the window: just above it, else just below it, else at the
    window's top edge, each where it lies inside the window, clear of ``cover`` and of ``also`` (the cards
    beside a prompt); where none is, over ``cover``'s top edge (its title, never its buttons at its foot)."""
    (sw, sh), (w, h) = size, box
    pad = max(2, f // 3)
    x = max(0, (sw - w) // 2)
    cx, cy, cw, ch = cover
    for y in (cy - h - pad, cy + ch + pad, pad):
        spot = pygame.Rect(x, y, w, h)
        if 0 <= y and y + h <= sh and not spot.colliderect(cover) and spot.collidelist(list(also)) < 0:
            return x, y, w, h
    return x, max(0, min(cy - h // 2, sh - h)), w, h


def _side_buttons(talk: TableTalk, size: tuple[int, int], state: ClientState, lay: TableLayout) -> tuple[Any, ...]:
    return tuple(r for r in (talk.chat_layout(size, state, lay).toggle,) if r is not None)


def covered(lay: TableLayout) -> bool:
    """A modal prompt is up over the table: no card, notice or message may lie over it."""
    return lay.panel is not None and lay.panel.modal
