"""The keyboard's focus on buttons: which ones Tab visits, which one has the focus, and its ring.

One way for every button of the client (a prompt's, the table's, the host's question, the settings, the
start screen): Tab and Shift+Tab move the focus in reading order (a dialog keeps it among its own
buttons; there the arrows move it too), Enter or Space presses the focused button, Escape cancels, and a
gold ring (:func:`draw_ring`) shows where the focus is. A dialog's focus starts on its safe choice (the gold
default, :func:`.panels.enter_button`). Kind fixed: a choice only a click could make (new user s11 round 2:
Restart, Reopen and the host's Leave could be confirmed by the mouse alone, the consent question answered
by no key). Pure, but for :func:`draw_ring`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .panels import Button, Panel, enter_button
from .snake import Rect

RING_GAP = 3
"""Px between a focused button's edge and its ring."""
RING_WIDTH = 2
"""Px of the ring's line."""


def holds_focus(panel: Panel | None) -> bool:
    """``panel`` is a modal prompt with a button to press (a hand's or the match's end, a question): the
    keyboard's focus moves only among its buttons (Tab, Shift+Tab, the arrows; J rings no seat card behind
    it), the ring is on one of them and the footer names that one, which Enter presses (s14 attack F8:
    "Enter: Take East's seat" over "Hand 1 is over", whose Continue Enter pressed)."""
    return panel is not None and panel.modal and any(b.enabled for b in panel.buttons)


def focus_order(panel: Panel | None, buttons: Sequence[Button]) -> tuple[Button, ...]:
    """The buttons Tab visits, in reading order (top to bottom, then left to right): a modal prompt's
    enabled buttons only (a dialog keeps the focus among its choices), else every enabled button of the
    table (``buttons``: the top bar, Hint and Pass, the sound button) with the prompt's."""
    inside = tuple(b for b in panel.buttons if b.enabled) if panel is not None else ()
    if holds_focus(panel):
        return inside
    return tuple(sorted((*inside, *(b for b in buttons if b.enabled)), key=lambda b: (b.rect[1], b.rect[0])))


def focused(panel: Panel | None, buttons: Sequence[Button], chosen: str | None) -> Button | None:
    """The button with the keyboard's focus: ``chosen`` (the id Tab moved it to) while it is offered, else
    the prompt's default, which Enter presses (:func:`.panels.enter_button`), else None (no ring)."""
    order = focus_order(panel, buttons)
    found = next((b for b in order if b.id == chosen), None) if chosen is not None else None
    if found is not None:
        return found
    default = enter_button(panel)
    return default if default is not None and default in order else None


def moved(panel: Panel | None, buttons: Sequence[Button], chosen: str | None, forward: bool) -> str | None:
    """The id the focus goes to from ``chosen`` (:func:`focused`) on Tab (``forward``) or Shift+Tab, round
    the :func:`focus_order`; from no focus Tab takes the first button, Shift+Tab the last. None: no button."""
    order = focus_order(panel, buttons)
    if not order:
        return None
    now = focused(panel, buttons, chosen)
    i = order.index(now) if now is not None else (-1 if forward else 0)
    return order[(i + (1 if forward else -1)) % len(order)].id


def cycle(ids: Sequence[str], chosen: str | None, forward: bool) -> str | None:
    """The next (``forward``) or previous of ``ids`` after ``chosen``, round; the first (or last) when
    ``chosen`` is not one of them; None when there are none. For screens whose controls are ids only."""
    if not ids:
        return None
    if chosen not in ids:
        return ids[0] if forward else ids[-1]
    return ids[(list(ids).index(chosen) + (1 if forward else -1)) % len(ids)]


def ring_rect(rect: Rect) -> Rect:
    """The box of the ring around a button at ``rect``: :data:`RING_GAP` px outside it on every side."""
    x, y, w, h = rect
    return (x - RING_GAP, y - RING_GAP, w + 2 * RING_GAP, h + 2 * RING_GAP)


def ring_radius(rect: Rect) -> int:
    """Px of the corners of the ring around ``rect``: a third of its SHORT side (a button's corners,
    render.draw_button: a third of its height) and :data:`RING_GAP`. s15 player: the ring on a hand's tile
    that does not fit was drawn as an ellipse, its radius a third of the tile's height and more than half
    its width (pygame then rounds the whole side). Kind: a corner taken from one side of a box that may
    stand either way (a tall tile, a wide button): one ring shape everywhere."""
    return min(rect[2], rect[3]) // 3 + RING_GAP


def draw_ring(surface: Any, rect: Rect, inside: tuple[int, int, int] | None = None) -> None:
    """The focus ring around the button (or tile, card, chip) at ``rect`` (gold, :data:`RING_WIDTH` px,
    :func:`ring_radius` corners): the same rounded box on every screen, whichever way ``rect`` stands.
    ``inside``: a colour the :data:`RING_GAP` px between the ring and ``rect`` are filled with, where ``rect``'s
    own edge is light (a hand tile's cream ring, render._hand: gold on it was 1.39:1; textsize s17 item 3)"""
    import pygame

    from .art import GOLD
    if inside is not None:  # the gap between the ring and ``rect`` filled, the ring's inner border
        pygame.draw.rect(surface, inside, ring_rect(rect), RING_GAP, border_radius=ring_radius(rect))
    pygame.draw.rect(surface, GOLD, ring_rect(rect), RING_WIDTH, border_radius=ring_radius(rect))
