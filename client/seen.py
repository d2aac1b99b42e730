"""What the player can have seen: an input meant for the screen before never acts on what came up after it.

One guard for every prompt and button that comes up by itself (:class:`Sight`): the table's panels (a
hand's end, the match's end, another player's request, this seat's own one and its refusal, the redeal,
restart and undo questions, the opening draw and its result, the nomination, the review of a new hand,
the lobby, "Cannot continue"), the host's Leave/Close question, the wait card's Nudge and hand-over
buttons, the "I'm back" card, the gold **Pass**, a spectator's free seats' cards (scenes/table.TableScene.sights)
and the LAN list's rows (scenes/lan_join.LanJoinScene.sights: they come, go and move by themselves). Each is *fresh* from when it comes up until it has
been in sight :data:`KEY_GUARD` seconds with no input refused for it; while fresh, no key, click or tap
acts on it. A refused input starts its time again, so an Enter pressed over and over (or a double click)
never walks through a hand's end and the match's end into the next match (inputguard item 1: one Enter
every 0.15 s sent ``new_match`` 1.35 s after the last hand's end came up). Once seen, Enter presses the
gold button as the footer says. A held key (no KEYUP) keeps acting on what was seen when it went down and
on nothing else: SDL's repeats of an Enter held for the last tile never close the hand's end.

The clock is the caller's (seconds, the table scene's ``now``); nothing here draws or reads pygame's state.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

Rect = tuple[int, int, int, int]

KEY_GUARD = 0.5
"""Seconds a prompt or button must have been in sight, since it came up and since the last input refused for
it, before a key, click or tap acts on it (README "Keys"). Longer than an Enter pressed again at once (about
0.1-0.3 s apart when hammered); shorter than a deliberate press after reading."""
REPEAT_GAP = 0.6
"""Longest seconds between a key's presses with no KEYUP between them that still count as its repeats
(SDL repeats every ~0.03 s after ~0.5 s): a KEYUP lost to another window never keeps a key "held"."""
SAFE_KEYS = frozenset({pygame.K_ESCAPE, pygame.K_F1})
"""Keys never refused: Esc only keeps what is (a question closes on its safe choice, a lifted tile goes back,
an overlay closes), so a reflex Esc loses nothing and a player who opened a question by mistake leaves it at
once; F1 opens the rules at their keys over whatever is up and presses nothing."""
PRESS_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})
"""The keys that press a button that is not on a panel (a card's, by its ring or "I'm back"; the gold Pass)."""


@dataclass(frozen=True, slots=True)
class Sight:
    """A prompt or a button in sight that takes input."""

    key: Hashable
    """What makes it a new one to the eye (a panel's kind, title and lines; a card's buttons and labels)."""
    rects: tuple[Rect, ...]
    """Where a click or a tap acts on it (px of the drawable surface)."""
    keys: frozenset[int] | None = None
    """The keys that act on it (``pygame.K_*``); None: every key (a modal panel takes them all)."""


def _inside(pos: tuple[float, float], r: Rect) -> bool:
    return r[0] <= pos[0] < r[0] + r[2] and r[1] <= pos[1] < r[1] + r[3]


class Seen:
    """When each :class:`Sight` came up (or last refused an input), and which keys are held down."""

    def __init__(self) -> None:
        self._since: dict[Hashable, float] = {}
        """Sight key -> the clock from which its :data:`KEY_GUARD` runs (first drawn, or last refusal)."""
        self._held: dict[int, tuple[frozenset[Hashable], float]] = {}
        """Key down now -> (the sights already seen when it went down, when it last went down or repeated)."""

    def drawn(self, sights: Iterable[Sight], now: float) -> None:
        """``sights`` were drawn at ``now``: the new ones start their guard; the ones gone are forgotten (a
        prompt that comes back is new again)."""
        self._since = {s.key: self._since.get(s.key, now) for s in sights}

    def fresh(self, sight: Sight, now: float) -> bool:
        """``sight`` was not drawn yet, or less than :data:`KEY_GUARD` s ago, or refused an input since."""
        since = self._since.get(sight.key)
        return since is None or now - since < KEY_GUARD

    def any_fresh(self, sights: Iterable[Sight], now: float) -> bool:
        """Something in ``sights`` is :meth:`fresh`: a person reading the screen would not act yet."""
        return any(self.fresh(s, now) for s in sights)

    def released(self, key: int) -> None:
        """KEYUP of ``key``: its next KEYDOWN is a new press."""
        self._held.pop(key, None)

    def focus_lost(self) -> None:
        """The window lost the keyboard: a key released in another window sends no KEYUP here."""
        self._held.clear()

    def refused(self, event: Any, pos: tuple[float, float] | None, sights: Sequence[Sight], now: float) -> tuple[Sight, ...]:
        """The sights ``event`` would act on before the player can have seen them (empty: it may act). A
        KEYDOWN is noted here (call once per event): a new press is refused by every fresh sight taking that
        key; a repeat (no KEYUP since, within :data:`REPEAT_GAP`) by every sight taking it that was not seen
        when it went down. A click or tap (``pos``) by the fresh sights under it. Nothing is held off yet:
        :meth:`hold_off` does it for the input really dropped."""
        if event.type == pygame.KEYDOWN:
            k = event.key
            taking = [s for s in sights if (s.keys is None or k in s.keys) and k not in SAFE_KEYS]
            held = self._held.get(k)
            if held is not None and now - held[1] <= REPEAT_GAP:
                self._held[k] = (held[0], now)
                return tuple(s for s in taking if s.key not in held[0] or self.fresh(s, now))
            self._held[k] = (frozenset(s.key for s in sights if not self.fresh(s, now)), now)
            return tuple(s for s in taking if self.fresh(s, now))
        if pos is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            return tuple(s for s in sights if self.fresh(s, now) and any(_inside(pos, r) for r in s.rects))
        return ()

    def hold_off(self, sights: Iterable[Sight], now: float) -> None:
        """An input was refused for ``sights``: each is fresh again for :data:`KEY_GUARD` s from ``now``."""
        for s in sights:
            if s.key in self._since:
                self._since[s.key] = max(self._since[s.key], now)
