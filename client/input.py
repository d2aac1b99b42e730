"""pygame events -> :class:`UiAction`: a new preview (R25) or, on confirmation, an intent.

Mouse, touch and keys all end in the same few actions. A touch is handled
once, as a finger event: the mouse events SDL synthesises from it carry
``event.touch == True`` and are ignored (issue 5 item 6). Positions arrive in
window coordinates and are mapped to drawable pixels by :class:`Viewport`, so
click targets stay right under display scaling and after resizes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from doublenine.shared.moves import DrawPick, End, Nominate, Pass, Play, Review
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

from .intents import Answer, AskCoach, AskHint, Back, Control, Decide, HandOver, Intent, Nudge, Pause, Withdraw
from .buttons import may_hint
from .layout import TableLayout, legal_ends
from .focus import focused, holds_focus, moved
from .panels import QUESTIONS, Button, Panel, back_offered, draw_chosen, draw_key, enter_button, undo_reopens
from .store import ClientState, undo_after
from .uistate import Ui


@dataclass(frozen=True, slots=True)
class Viewport:
    """Window size (event coordinates) and drawable size (layout pixels); they differ under scaling."""

    window: tuple[int, int]
    pixels: tuple[int, int]
    shown: tuple[int, int, int, int] | None = None
    """Where the drawable is shown in the window, (x, y, w, h) in window coordinates, when it is scaled into
    a part of it (app.App.follow_window: a window under the minimum, the canvas kept at its shape, s14 access
    F8); None: the whole window."""

    def to_pixels(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A mouse position in window coordinates, in drawable pixels (finite, within one window of the edge)."""
        sx, sy, sw, sh = self.shown or (0, 0, *self.window)
        return (_bounded((pos[0] - sx) * self.pixels[0] / max(1, sw), self.pixels[0]),
                _bounded((pos[1] - sy) * self.pixels[1] / max(1, sh), self.pixels[1]))

    def touch(self, x: float, y: float) -> tuple[float, float]:
        """A finger position (0..1 normalised by SDL), in drawable pixels (finite, as :meth:`to_pixels`)."""
        if self.shown is not None and isinstance(x, (int, float)) and isinstance(y, (int, float)):
            return self.to_pixels((x * self.window[0], y * self.window[1]))
        return (_bounded(x * self.pixels[0], self.pixels[0]), _bounded(y * self.pixels[1], self.pixels[1]))


def pointer(event: Any, vp: Viewport) -> tuple[float, float] | None:
    """A primary click or a tap, in drawable pixels (SDL's mouse copy of a touch is skipped)."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
        return vp.to_pixels(event.pos)
    if event.type == pygame.FINGERDOWN:
        return vp.touch(event.x, event.y)
    return None


def _bounded(v: float, side: int) -> float:
    """``v`` clamped to ``-side..2*side``; NaN and infinities (a driver's odd touch) land outside, at -1.

    Every hit test then misses or hits as before, and ``int()`` of the result never raises (issue 16.3).
    """
    if not isinstance(v, (int, float)) or v != v or v in (float("inf"), float("-inf")):
        return -1.0
    return float(min(max(v, -side), 2 * side))


@dataclass(frozen=True, slots=True)
class UiAction:
    """The result of one event: the new previews, and maybe an intent or a scene command."""

    ui: Ui
    intent: Intent | None = None
    command: str | None = None
    """"leave", "quit", "rules" or "ledger" (open an overlay), "close" (close it), "sound" (on or off); "sit_free"
    or "watch_table" (the same table again after this window's seat was given up, session 17)."""


def handle(event: Any, lay: TableLayout, state: ClientState, ui: Ui, vp: Viewport) -> UiAction:
    """Map one pygame event to an action; events that mean nothing return ``UiAction(ui)``. While the
    connection is not up (:func:`offline`) no event lifts a tile or makes an intent: nothing could be sent."""
    action = _handle(event, lay, state, ui, vp)
    if state.connection == "connected" or state.failure is not None:
        return action
    return offline(action)


def offline(action: UiAction) -> UiAction:
    """``action`` as it acts while the connection is lost: no intent and no tile lifted or draw pick
    previewed; the window's own commands (Leave, the rules, the ledger, sound, quit) stay. s13 netplayer
    F4: under "Connection lost: reconnecting..." the hand stayed lit and a double click lifted a tile and
    did nothing else. Kind: an action offered that cannot be sent (the top bar's buttons, Hint, Pass and the
    wait cards were already disabled; the hand, Enter and the tile keys were not)."""
    ui = action.ui if action.ui.selected is None and action.ui.draw_pick is None else action.ui.cleared()
    if action.intent is None and ui is action.ui:
        return action
    return UiAction(ui, None, action.command)


def _handle(event: Any, lay: TableLayout, state: ClientState, ui: Ui, vp: Viewport) -> UiAction:
    t = event.type
    if t == pygame.QUIT:
        return UiAction(ui, command="quit")
    if t == pygame.MOUSEBUTTONDOWN:
        if getattr(event, "touch", False) or event.button != 1:
            return UiAction(ui)  # SDL's copy of a touch: the FINGERDOWN already acted
        return _keyed(one_enter(ui, click(vp.to_pixels(event.pos), lay, state, ui)), False)
    if t == pygame.FINGERDOWN:
        return _keyed(one_enter(ui, click(vp.touch(event.x, event.y), lay, state, ui)), False)
    if t == pygame.MOUSEMOTION and not getattr(event, "touch", False):
        hit = lay.hit(vp.to_pixels(event.pos))
        hover = str(hit[1]) if hit is not None and hit[0] in ("button", "why") else None  # a greyed one says why
        return UiAction(ui if hover == ui.hover else replace(ui, hover=hover))
    if t == pygame.KEYDOWN:
        return _keyed(one_enter(ui, key(event.key, getattr(event, "unicode", ""), lay, state, ui,
                                        getattr(event, "scancode", 0), getattr(event, "mod", 0))), True)
    return UiAction(ui)


def chose(before: Ui, after: Ui) -> bool:
    """True when ``after`` holds a choice Enter would carry out that ``before`` did not: a tile lifted, an end
    lit (L/R) or a face-down tile of the opening draw picked (:func:`_enter` plays or takes it)."""
    return any(new is not None and new != old for new, old in ((after.selected, before.selected),
                                                                 (after.end, before.end),
                                                                 (after.draw_pick, before.draw_pick)))


def one_enter(before: Ui, action: UiAction) -> UiAction:
    """``action`` without the focus ring (:attr:`.uistate.Ui.button`) when it made a new choice
    (:func:`chose`): the last thing the player chose is what Enter does, and what the status line and the
    footer say it does ("Enter: play it"). New user s12 round 2 F3: with the ring left on the speaker (or
    on Hint), 6 6 lifted 6-6, the status line said "Enter: play it", and Enter pressed the ringed button
    again and again. Kind: two meanings of Enter on one screen, the one not said winning. Tab after the
    choice rings a button again, and the footer then names that button (footer.key_help)."""
    if action.ui.button is None or not chose(before, action.ui):
        return action
    return replace(action, ui=replace(action.ui, button=None))


def _keyed(action: UiAction, keyed: bool) -> UiAction:
    """``action`` with :attr:`.uistate.Ui.keyed` saying whether its input was a key."""
    return action if action.ui.keyed is keyed else replace(action, ui=replace(action.ui, keyed=keyed))


def _me(state: ClientState) -> Seat | None:
    view = state.view
    return view.seat if view is not None else None


def _play(view: SeatView, tile: Any, end: End) -> Decide:
    return Decide(Play(view.viewer, tile, end))


def click(pos: tuple[float, float], lay: TableLayout, state: ClientState, ui: Ui) -> UiAction:
    """A click or a tap at ``pos`` (drawable pixels)."""
    hit = lay.hit(pos)
    view = state.view
    if hit is None:
        return UiAction(ui.cleared())
    kind, what = hit
    if kind == "button":
        return button(str(what), lay, state, ui)
    if kind == "why":  # a greyed control pressed: the scene says why it cannot act (Button.why)
        return UiAction(ui, command=f"why:{what}")
    if kind == "panel" or lay.panel is not None and lay.panel.modal and kind != "draw":
        # a modal prompt holds every click on the table behind it, as it holds the keys (passes_prompt): a
        # tile, a ghost or an end clicked beside "Undo the last play?" lifted or played (s14 left alone, a
        # spectator's seat card under a hand's end: scenes.table.TableScene.clicks_held); the top bar's
        # buttons stay, as their keys do
        return UiAction(ui)
    if kind == "draw" and view is not None and view.seat is not None:
        # one click draws: a face-down pick is final and nothing is gained by looking at it lifted first
        # (new user: the first click only outlined the tile); the keys still move (arrows) then draw (Enter)
        return UiAction(ui.cleared(), Decide(DrawPick(view.seat, int(what))))  # type: ignore[call-overload]
    if not isinstance(view, SeatView):
        return UiAction(ui.cleared())
    if kind in ("ghost", "end") and ui.selected is not None:
        return UiAction(ui.cleared(), _play(view, ui.selected, what))  # type: ignore[arg-type]
    if kind == "hand":
        fits = legal_ends(view, what)  # type: ignore[arg-type]
        if ui.selected is what:
            end = ui.end if ui.end in fits else (fits[0] if len(fits) == 1 else None)
            if end is None and view.ends is None and fits:
                end = fits[0]  # R14: a lead confirms in the orientation its ghost shows
            if end is not None:
                return UiAction(ui.cleared(), _play(view, what, end))
            return UiAction(ui)
        if not fits:
            return UiAction(ui.cleared())
        idx = next((i for i, h in enumerate(lay.hand) if h.tile is what), ui.focus)
        return UiAction(replace(ui.cleared(), selected=what, end=fits[0] if len(fits) == 1 else None, focus=idx))
    return UiAction(ui.cleared())


def button(bid: str, lay: TableLayout, state: ClientState, ui: Ui) -> UiAction:
    """A button press: most are confirmations and send an intent at once."""
    me = _me(state)
    view = state.view
    simple: dict[str, Intent] = {"hint": AskHint(), "undo": Control("undo"), "redo": Control("redo"),
                                 "new_match": Control("new_match"), "confirm:restart": Control("restart"),
                                 "confirm:undo_end": Control("undo"), "confirm:undo_hand": Control("undo")}
    if bid == "redeal" and view is not None and ui.confirm is None:  # R11: it shows the doubles: asked first
        return UiAction(replace(ui.cleared(), confirm=("redeal", view.match, view.hand_number), button=None))
    if bid == "undo" and view is not None and view.phase is Phase.MATCH_OVER:  # D6: reopens a won match: asked first
        return UiAction(replace(ui.cleared(), confirm=("undo_end", view.match, view.hand_number), button=None))
    if bid == "undo" and view is not None and undo_reopens(view, undo_after(state)) is not None:  # D6: reopens a scored hand: asked first
        return UiAction(replace(ui.cleared(), confirm=("undo_hand", view.match, view.hand_number), button=None))
    if bid in simple:
        return UiAction(ui.cleared(), simple[bid])
    if bid == "restart" and view is not None:  # R28 cannot be undone: asked first (panels.CONFIRMED)
        # the question's focus starts on its safe choice (focus.focused: the gold Keep playing)
        return UiAction(replace(ui.cleared(), confirm=("restart", view.match, view.hand_number), button=None))
    if bid == "confirm_no":
        return UiAction(ui.cleared())
    if bid in ("rules", "ledger"):
        return UiAction(replace(ui.cleared(), overlay=bid), Pause(bid, True), command=bid)  # type: ignore[arg-type]
    if bid == "start":
        return UiAction(ui.cleared(), Control("start"))
    if bid in ("close_table", "unlist"):  # the creator's (organiser s16 F11): the scene asks twice to close
        return UiAction(ui.cleared(), command=bid)
    if bid.startswith("handover:"):
        return UiAction(ui.cleared(), HandOver(int(bid.split(":")[1])))
    if bid.startswith("nudge:"):  # the wait card's (scenes.table._with_cards: reached by Tab)
        return UiAction(ui, Nudge(int(bid.split(":")[1])))
    if bid == "back":  # the "I'm back" card's (D7)
        return UiAction(ui.cleared(), Back())
    if bid == "leave":
        return UiAction(ui.cleared(), command="leave")
    if bid in ("sit_free", "watch_table"):  # the failure panel's offers of a seat given up (session 17)
        return UiAction(ui.cleared(), command=bid)
    if bid == "sound":  # the same setting as the M key (scenes/table.TableScene.toggle_sound)
        return UiAction(ui, command="sound")
    if bid == "copylink":  # a spectator's top bar; the K key for every window (scenes/table.TableScene.copy_link)
        return UiAction(ui, command="copylink")
    if bid == "coach" and view is not None and view.seat is not None:  # issue 14.2: from the reveal
        seen = ui.finished_seen(len(view.finished))
        if seen < len(view.finished):
            fh = view.finished[seen]
            # the reveal stays unread under the review: closing it comes back to the hand's end (kind: a
            # button that also did Continue; new user s9 item 8: after Close the next hand was up)
            return UiAction(replace(ui.cleared(), overlay="ledger"),
                            AskCoach(fh.match, fh.number), command=f"coach:{fh.match}:{fh.number}")
    if bid == "continue" and view is not None:
        seen = ui.finished_seen(len(view.finished))
        return UiAction(replace(ui.cleared(), seen_finished=min(len(view.finished), seen + 1), looking=None))
    if bid == "look" and view is not None:  # R22: the hand end's panel put aside, its final line shown
        return UiAction(replace(ui.cleared(), looking=ui.finished_seen(len(view.finished)), button=None))
    if bid == "unlook":  # the hand end's panel again
        return UiAction(replace(ui.cleared(), looking=None, button=None))
    if bid == "seen_draw" and view is not None:  # R3: the opening draw's result was read
        return UiAction(replace(ui.cleared(), seen_draw=draw_key(view)))
    if bid.startswith("consent_"):
        yes, _, rid = bid.partition(":")
        return UiAction(ui, Answer(rid, yes == "consent_yes"))
    if bid.startswith("withdraw:"):  # D1: the requester takes its request back
        return UiAction(ui, Withdraw(bid.partition(":")[2]))
    if bid.startswith("refusal_seen:"):
        return UiAction(replace(ui, seen_refusal=bid.partition(":")[2]))
    if me is None:
        return UiAction(ui)
    if bid == "pass":
        return UiAction(ui.cleared(), Decide(Pass(me)))
    if bid in ("accept", "confirm:redeal"):
        return UiAction(ui.cleared(), Decide(Review(me, bid == "confirm:redeal")))
    if bid.startswith("nominate:"):
        return UiAction(ui.cleared(), Decide(Nominate(me, Seat(int(bid.split(":")[1])))))
    return UiAction(ui)


_NUMBER_ROW = {pygame.KSCAN_1 + i: (i + 1) % 10 for i in range(10)}  # scancodes 1..9 then 0
_NUMBER_ROW.update({pygame.KSCAN_KP_1 + i: (i + 1) % 10 for i in range(10)})
_DIGIT_KEYS = {pygame.K_0 + i: i for i in range(10)}
_DIGIT_KEYS.update({getattr(pygame, f"K_KP_{i}"): i for i in range(10)})


def digit_of(k: int, scancode: int = 0) -> int | None:
    """The digit 0-9 of a key press, by the key's place, never by the text it types (issue 16.3).

    The number row is found by its scancode (its physical place: the same on
    AZERTY, QWERTZ and QWERTY), else by the key code ``K_0``..``K_9`` or the
    keypad's; AZERTY's ``&`` on the ``1`` key is 1. A typed character (``"²"``,
    ``"８"``, ``"&"``) is never read: ``str.isdigit()`` is true of characters
    ``int()`` refuses or reads as another script's digit.
    """
    if scancode in _NUMBER_ROW:
        return _NUMBER_ROW[scancode]
    return _DIGIT_KEYS.get(k)


def latin_key(k: int, scancode: int = 0) -> int:
    """The letter key ``K_a``..``K_z`` of a press: the key itself on Latin layouts (AZERTY's ``L`` is ``K_l``),
    else the letter at the key's place (a Russian layout's ``д`` key, scancode L, is ``K_l``), issue 16.3."""
    if k < 128 or not pygame.KSCAN_A <= scancode <= pygame.KSCAN_Z:
        return k
    return pygame.K_a + (scancode - pygame.KSCAN_A)


def key(k: int, char: str, lay: TableLayout, state: ClientState, ui: Ui, scancode: int = 0,
        mod: int = 0) -> UiAction:
    """Keyboard aids (issue 5 item 5): positions, two pips, arrows, L/R, Enter, Escape, H, P, U, Y; F1 opens
    the rules at their Keys section (s11 new user: F1 did nothing); Tab and Shift+Tab move the focus over the
    buttons (in a dialog the arrows too), Enter or Space presses the focused one (:mod:`.focus`).

    ``char`` (the typed text) is not read: shortcuts follow the key and its scancode (:func:`digit_of`,
    :func:`latin_key`), so they work on every keyboard layout. ``mod``: the modifier keys held (Shift+Tab).
    """
    k = latin_key(k, scancode)
    view = state.view
    if k == pygame.K_ESCAPE:
        if ui.overlay is not None:
            return UiAction(replace(ui, overlay=None), Pause(ui.overlay, False), command="close")  # type: ignore[arg-type]
        return UiAction(replace(ui.cleared(), focus=None, button=None))
    if k == pygame.K_F1 and ui.overlay is None:  # the rules at their Keys section (footer.keys_section)
        action = button("rules", lay, state, ui)
        return replace(action, command="rules:keys")
    dialog = holds_focus(lay.panel)
    if k == pygame.K_TAB or (dialog and k in (pygame.K_LEFT, pygame.K_RIGHT)):
        forward = not mod & pygame.KMOD_SHIFT if k == pygame.K_TAB else k == pygame.K_RIGHT
        ring = moved(lay.panel, lay.buttons + lay.others, ui.button, forward)
        if ring is None:
            return UiAction(ui)
        # the ring is now what Enter presses: a lifted tile or a draw's pick is put down (one_enter)
        return UiAction(replace(ui, button=ring, selected=None, end=None, from_hint=False, draw_pick=None, typed=""))
    if k == pygame.K_SPACE:  # presses the focused button (a lifted tile is played by Enter only)
        now = focused(lay.panel, lay.buttons + lay.others, ui.button)
        return _press(now.id, lay, state, ui) if now is not None else _back(lay, state, ui)
    if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return _enter(lay, state, ui)
    if k == pygame.K_v and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        # V: the hand end's panel put aside ("See the line") and back ("Show the result"), as the footer says
        look = next((b for b in (lay.panel.buttons if lay.panel is not None else ())
                     if b.id in ("look", "unlook") and b.enabled), None)
        return button(look.id, lay, state, ui) if look is not None else UiAction(ui)
    if not passes_prompt(lay.panel, k):  # the prompt keeps the keys it does not use: none reaches the hand
        return UiAction(ui)
    letters = {pygame.K_h: "hint", pygame.K_u: "undo", pygame.K_y: "redo"}
    if k in letters:  # a shortcut acts only when its control would (no refusal for a key at the wrong moment)
        bid = letters[k]
        shown = {b.id: b.enabled for b in lay.buttons}
        if (may_hint(state) if bid == "hint" else shown.get(bid, False)):
            return button(bid, lay, state, ui)
        if any(b.id == bid and b.why is not None for b in lay.buttons):  # greyed for a reason: said
            return UiAction(ui, command=f"why:{bid}")
        return UiAction(ui)
    if k == pygame.K_p:
        ids = {b.id for b in lay.buttons}
        return button("pass", lay, state, ui) if "pass" in ids else UiAction(ui)
    if view is not None and view.phase is Phase.DRAW:  # only a seat still to draw moves the preview (R3)
        return _draw_keys(k, lay, state, ui) if view.seat is not None and view.seat in view.waiting_for() else UiAction(ui)
    if not isinstance(view, SeatView):
        return UiAction(ui)
    if k in (pygame.K_l, pygame.K_r) and ui.selected is not None:
        end = End.LEFT if k == pygame.K_l else End.RIGHT
        if end in legal_ends(view, ui.selected):
            return UiAction(replace(ui, end=end))
        return UiAction(ui)
    if k in (pygame.K_LEFT, pygame.K_RIGHT) and lay.hand:
        step = -1 if k == pygame.K_LEFT else 1
        idx = (ui.focus + step) % len(lay.hand) if ui.focus is not None else (0 if step > 0 else len(lay.hand) - 1)
        return _focus(view, lay, ui, idx, "")
    digit = digit_of(k, scancode)
    if digit is not None:
        return _digit(view, lay, ui, digit)
    return UiAction(ui)


TOP_BAR_KEYS = (pygame.K_u, pygame.K_y)
"""Undo and Redo: shortcuts of the top bar's buttons, which stay live beside a hand's or the match's end (D6:
Undo at the match's end asks first); they pass a modal prompt that is not a question (:data:`QUESTIONS`)."""


def passes_prompt(panel: Panel | None, k: int) -> bool:
    """True when key ``k`` (a :func:`latin_key`) may act past the prompt ``panel`` after the prompt's own keys
    (Tab, the arrows of a dialog, Enter, Space, Esc, F1) had their turn in :func:`key`: always where no modal
    prompt is up (a prompt that leaves the table playable, the review of a new hand, the opening draw); never
    under a question (:data:`QUESTIONS`); under another modal prompt (a hand's end, the draw's result, the
    nomination, the match's end) only the top bar's shortcuts (:data:`TOP_BAR_KEYS`). The keys of the scene
    (M sound, C chat, T tiles) are taken before (scenes.table.TableScene.handle) and touch no hand.
    Kind fixed: keys getting past a question (new user s12 F16: with "Restart this hand?" up, 9 closed it and
    lifted tile 9, Enter then played it; Left did the same; H, P, U, L, R reached the hand or the table)."""
    if panel is None or not panel.modal:
        return True
    return panel.kind not in QUESTIONS and k in TOP_BAR_KEYS


def _focus(view: SeatView, lay: TableLayout, ui: Ui, idx: int, typed: str) -> UiAction:
    """Move the keyboard focus to hand tile ``idx``; it lifts if it can be played."""
    tile = lay.hand[idx].tile
    fits = legal_ends(view, tile)
    base = replace(ui.cleared(), focus=idx, typed=typed)
    if not fits:
        return UiAction(base)
    return UiAction(replace(base, selected=tile, end=fits[0] if len(fits) == 1 else None))


def _digit(view: SeatView, lay: TableLayout, ui: Ui, d: int) -> UiAction:
    """A position number (1-9, 0 for the 10th); a second digit picks the tile with those two pips."""
    if len(ui.typed) == 1:
        first = int(ui.typed)
        for i, h in enumerate(lay.hand):
            if {h.tile.low, h.tile.high} == {first, d} and (h.tile.low, h.tile.high) in ((first, d), (d, first)):
                return _focus(view, lay, ui, i, "")
    idx = 9 if d == 0 else d - 1
    if idx >= len(lay.hand):
        return UiAction(replace(ui, typed=str(d)))
    return _focus(view, lay, ui, idx, str(d))


def _enter(lay: TableLayout, state: ClientState, ui: Ui) -> UiAction:
    """Enter: the button Tab put the focus on; under a modal prompt its default button only (:func:`passes_prompt`);
    else the lifted tile played, else the draw's pick taken, else the prompt's default button."""
    view = state.view
    chosen = focused(lay.panel, lay.buttons + lay.others, ui.button) if ui.button is not None else None
    if chosen is not None and chosen.id == ui.button:
        return _press(chosen.id, lay, state, ui)
    if lay.panel is not None and lay.panel.modal:  # a modal prompt's Enter is its own: no tile or pick behind it
        primary = enter_button(lay.panel)
        return button(primary.id, lay, state, ui) if primary is not None else _back(lay, state, ui)
    if isinstance(view, SeatView) and ui.selected is not None:
        fits = legal_ends(view, ui.selected)
        end = ui.end if ui.end in fits else (fits[0] if len(fits) == 1 or view.ends is None else None)
        if end is not None:
            return UiAction(ui.cleared(), _play(view, ui.selected, end))
        return UiAction(ui)
    pick = draw_chosen(lay.panel, state, ui)
    if view is not None and view.seat is not None and pick is not None:  # the footer says "Enter: take it"
        return UiAction(ui.cleared(), Decide(DrawPick(view.seat, pick)))
    primary = enter_button(lay.panel) or gold_button(lay)  # the footer says the same (footer.key_help)
    if primary is not None:
        return button(primary.id, lay, state, ui)
    return _back(lay, state, ui)


def gold_button(lay: TableLayout) -> Button | None:
    """The table's own gold button beside the hand, which Enter presses where no prompt takes Enter: Pass
    when no tile fits (R15). One rule, gold is Enter (new user s12 F5: a gold Pass that Enter did not
    press, while gold meant Enter on every prompt)."""
    return next((b for b in lay.buttons if b.primary and b.enabled), None)


def _back(lay: TableLayout, state: ClientState, ui: Ui) -> UiAction:
    """Enter or Space where nothing else takes them: "I'm back" while it is offered (D7, panels.back_offered),
    but never under a question (Enter does not answer one). New user s12 F22: after the draw result's
    Continue the footer was empty and Enter did not press the gold "I'm back"."""
    if back_offered(state) and (lay.panel is None or lay.panel.kind not in QUESTIONS):
        return UiAction(ui.cleared(), Back())
    return UiAction(ui)


def _press(bid: str, lay: TableLayout, state: ClientState, ui: Ui) -> UiAction:
    """The focused button ``bid`` pressed by Enter or Space: the table's own (:func:`button`), or another
    part's (:attr:`.layout.TableLayout.others`), which the scene presses as a click (command ``press:ID``)."""
    if any(b.id == bid for b in lay.others):
        return UiAction(ui, command=f"press:{bid}")
    return button(bid, lay, state, ui)


def _draw_keys(k: int, lay: TableLayout, state: ClientState, ui: Ui) -> UiAction:
    """Arrows move the previewed face-down tile of the opening draw (R3) from the one shown
    (:func:`.panels.draw_chosen`: the first free one before any arrow)."""
    if lay.panel is None or not lay.panel.cells or k not in (pygame.K_LEFT, pygame.K_RIGHT):
        return UiAction(ui)
    free = [p for p, _ in lay.panel.cells if p not in lay.panel.taken]
    if not free:
        return UiAction(ui)
    step = -1 if k == pygame.K_LEFT else 1
    shown = draw_chosen(lay.panel, state, ui)
    cur = free.index(shown) if shown in free else (-1 if step > 0 else 0)
    return UiAction(replace(ui, draw_pick=free[(cur + step) % len(free)]))
