"""What the table shows now: the server's states paced so every play is seen (new user s12 item 1).

The server sends each computer's play as soon as it is made (``serve --bot-delay``); three of them
could land within a second of the player's own and only the last was ever seen. The window keeps
the states it received in order and shows the next play only :data:`PLAY_BEAT` seconds after the
one before it; the server is never slowed (the window only draws later what it already holds).

A hand's end comes with the next hand already dealt (the ended line is in ``view.finished``), so the
result panel once covered the line within a frame: :func:`ended_line` is the state of the moment
before, the line with its last tile, shown for :data:`END_BEAT` seconds before the panel (item 2).

Pure but for the clock the caller passes; no pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from doublenine.shared.moves import End, Play
from doublenine.shared.state import Phase, Placed
from doublenine.shared.views import SeatView

from .store import ClientState
from .uistate import Ui

PLAY_BEAT = 0.75
"""Seconds a play (or pass) stays the last thing that happened before the next one is shown: the
slide (scenes.table.SLIDE, 0.22 s) and about half a second to see who played what."""
END_BEAT = 1.6
"""Seconds the hand's final line stays in sight, its last tile landed, before the result panel."""
MAX_BEHIND = 6
"""At most this many states wait to be shown; beyond, the oldest are dropped (a window that was
hidden or busy shows where the match is, never a minute-long replay)."""


def ends_of(line: tuple[Placed, ...]) -> tuple[int, int] | None:
    """R15: the open numbers (left, right) of a chronological ``line`` (None when empty)."""
    if not line:
        return None
    left, right = line[0].left, line[0].right
    for p in line[1:]:
        if p.end is End.LEFT:
            left = p.left
        else:
            right = p.right
    return left, right


def ended_line(state: ClientState, index: int = -1) -> ClientState | None:
    """The moment before ``state``'s hand end ``index`` (of ``view.finished``; the last by default) was
    shown: its final line in play, nobody to move, the scores before the hand, each seat's count (and this
    seat's hand) as the hand ended. None when ``state`` holds no such finished hand."""
    view = state.view
    if view is None or not -len(view.finished) <= index < len(view.finished):
        return None
    index %= len(view.finished)
    fh = view.finished[index]
    counts = tuple(len(t) for t in fh.left)
    changes: dict[str, Any] = dict(
        phase=Phase.PLAY, match=fh.match, hand_number=fh.number, scores=fh.scores_before, turn=None,
        counts=counts, line=fh.line, ends=ends_of(fh.line), moves=fh.moves, finished=view.finished[:index],
        opener=fh.opener, entitled=fh.entitled, winner=None, named=None, draw_taken=())
    if isinstance(view, SeatView):
        changes["hand"] = fh.left[view.seat - 1]
    return replace(state, view=replace(view, **changes))


def looked(state: ClientState, ui: Ui) -> ClientState | None:
    """The table as the player asked to see it behind a hand end's panel ("See the line",
    :attr:`.uistate.Ui.looking`): that hand's final line and counts (:func:`ended_line`), while that hand end
    is the one shown (not continued from, connected, no failure), its scores those after that hand (R18: the
    result was shown); None otherwise (the state as it is).
    The panel covered the line for good once the 1.6 s of :data:`END_BEAT` had passed."""
    view = state.view
    k = ui.looking
    if k is None or view is None or state.failure is not None or state.connection != "connected":
        return None
    if ui.finished_seen(len(view.finished)) != k or k >= len(view.finished):
        return None
    line = ended_line(state, k)
    if line is None or line.view is None:
        return line
    # the hand is over and its result was read: the top bar keeps the score after it (s13 player F14: "See
    # the line" turned "Team B 33 +33" into "Team B 0", the score before the hand, while the banner said
    # "its final line"). The end's beat (pacing.beats) keeps the score before: its result is not said yet
    return replace(line, view=replace(line.view, scores=view.finished[k].scores_after))


def _played(view: Any, n: int) -> Any:
    """``view`` as it was when only its hand's first ``n`` moves were made (its later plays taken back
    to their players, the turn after the ``n``-th move)."""
    moves = view.moves[:n]
    later = [m for m in view.moves[n:] if isinstance(m, Play)]
    plays = sum(1 for m in moves if isinstance(m, Play))
    line = view.line[:plays]
    counts = list(view.counts)
    for m in later:
        counts[m.seat - 1] += 1
    changes: dict[str, Any] = dict(moves=moves, line=line, ends=ends_of(line), counts=tuple(counts),
                                   turn=moves[-1].seat.next if moves else view.turn)
    if isinstance(view, SeatView):
        changes["hand"] = view.hand | {m.tile for m in later if m.seat == view.seat}
    return replace(view, **changes)


def _same_hand(a: Any, b: Any) -> bool:
    return a is not None and b is not None and a.phase is Phase.PLAY and b.phase is Phase.PLAY \
        and (a.match, a.hand_number, len(a.finished)) == (b.match, b.hand_number, len(b.finished)) \
        and b.moves[:len(a.moves)] == a.moves


def beats(before: ClientState, after: ClientState) -> list[tuple[ClientState, float]]:
    """The moments between ``before`` and ``after`` that are each worth a look, with how long each
    stays at least (s): every play or pass of the same hand one by one, and a hand's end as its final
    line (:func:`ended_line`) then the state itself. ``[]``: nothing to pace (shown at once)."""
    a, b = before.view, after.view
    if a is None or b is None:
        return []
    if _same_hand(a, b) and len(b.moves) > len(a.moves):
        steps = [replace(after, view=_played(b, n)) for n in range(len(a.moves) + 1, len(b.moves))]
        return [(s, PLAY_BEAT) for s in steps] + [(after, PLAY_BEAT)]
    if len(b.finished) > len(a.finished) and len(b.past) == len(a.past):
        line = ended_line(after)
        if line is not None and line.view is not None:
            out: list[tuple[ClientState, float]] = []
            lv = line.view
            if _same_hand(a, lv) and len(lv.moves) > len(a.moves) + 1:  # plays before the last one, each seen
                out = [(replace(line, view=_played(lv, n)), PLAY_BEAT)
                       for n in range(len(a.moves) + 1, len(lv.moves))]
            return out + [(line, END_BEAT), (after, 0.0)]
    return []


@dataclass
class Pacer:
    """The state the table draws (:attr:`shown`), behind the session's by at most a few beats."""

    shown: ClientState
    queue: list[tuple[ClientState, float]] = field(default_factory=list)
    until: float = 0.0
    """The clock (s) before which :attr:`shown` stays."""

    def feed(self, states: list[ClientState], now: float) -> None:
        """The session's new states, oldest first (the last is its current one). A state whose connection
        or failure differs from the last moment's is shown at once, the moments queued before it dropped:
        the banner and the failure screen are never held behind a play's beat."""
        for state in states:
            last = self.queue[-1][0] if self.queue else self.shown
            if state is last:
                continue
            if (state.connection, state.failure) != (last.connection, last.failure):
                # the link to the server changed (lost, back, a failure): said at once, never after the
                # plays still waiting their beat (CI of 12bb1e8: no banner for up to 6 beats after the
                # server was killed, test_restart_keeps_place, test_spectator_restart). Kind: a fact of
                # the window's connection held back with the moments of the match
                self.queue, self.shown, self.until = [], state, min(self.until, now)
                continue
            if state.view is last.view:  # chat, a table frame, the connection: no new moment
                self._replace_last(state)
                continue
            paced = beats(last, state)
            if not paced:  # an undo, a new deal, a snapshot: no replay of what is queued, shown now
                self.queue, self.shown, self.until = [], state, min(self.until, now)
                continue
            self.queue.extend(paced)
        del self.queue[:-MAX_BEHIND]
        self._rest_now()

    def _replace_last(self, state: ClientState) -> None:
        """``state`` has the last moment's view: it takes that moment's place (keeping its hold)."""
        if self.queue:
            self.queue[-1] = (state, self.queue[-1][1])
        else:
            self.shown = state

    def _rest_now(self) -> None:
        """Only the plays are paced: what is not the match's moment (the connection, the table's seats,
        chat lines, consent requests and their answers, nudges, refusals) is the newest state's in every
        moment from the one shown on, each moment keeping its own view. Kind: a fact that is not a play
        held behind the plays' beats (s13: a chat line or a request that came with, or after, a play waited
        up to MAX_BEHIND beats, ~4.5 s, when it came in the same frame as a play; a lost connection's banner
        was the case fixed before, for states without a play only)."""
        if not self.queue:
            return
        newest = self.queue[-1][0]
        ahead = newest.view  # what a request shown now acts on (store.acted_on)
        self.queue = [(replace(newest, view=q.view, current=ahead), hold) for q, hold in self.queue[:-1]] \
            + [self.queue[-1]]
        self.shown = replace(newest, view=self.shown.view, current=ahead)

    def tick(self, now: float) -> bool:
        """Show the next moment when the one shown has had its time; True when :attr:`shown` changed."""
        changed = False
        while self.queue and now >= self.until:
            self.shown, hold = self.queue.pop(0)
            self.until = now + hold
            changed = True
            if hold > 0:
                break
        return changed

    @property
    def behind(self) -> bool:
        """Moments are waiting to be shown."""
        return bool(self.queue)
