"""A table played inside the client, without a server: screenshots and display tests.

:class:`LocalSession` holds a :class:`MatchLog`, shows one seat's view built by
``view_for`` (R21: the only producer of seat knowledge) and lets the other
seats answer with the first legal decision, a stand-in for the server's
computer players. Real play always goes through the embedded server.
"""
from __future__ import annotations

import random
from dataclasses import replace

from doublenine.shared.errors import RuleError
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import Decision, Review
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.views import view_for

from .intents import Control, Decide, Intent, Say
from .store import ClientState


class LocalSession:
    """One seat (or a spectator, ``seat=None``) at a match log held in memory."""

    def __init__(self, seed: int | None = 1, seat: Seat | None = Seat.ONE,
                 names: tuple[str, str, str, str] = ("You", "Bea", "Carl", "Dana"),
                 humans: frozenset[Seat] = frozenset({Seat.ONE}), auto: bool = True) -> None:
        self.log = MatchLog(seed=seed)
        self.seat = seat
        self.humans = humans
        self.auto = auto
        self._rng = random.Random(seed)
        self.state = ClientState(names=names, computers=frozenset(set(SEATS) - set(humans)),
                                 seeded=seed is not None, table="")
        self.changed = True
        self._refresh()

    def _refresh(self) -> None:
        self.state = replace(self.state, view=view_for(self.log.state, self.seat),
                             seq=len(self.log.events), can_redo=self.log.can_redo)
        self.changed = True

    def decide(self, decision: Decision) -> None:
        """Apply one decision for any seat, then let computer seats answer."""
        self.log.submit(decision)
        self.run_computers()

    def run_computers(self, limit: int = 10_000) -> None:
        """Computer seats decide until a human must act (a redeal demand is never chosen here)."""
        for _ in range(limit):
            if not self.auto:
                break
            state = self.log.state
            acting = [s for s in sorted(to_act(state)) if s not in self.humans]
            if not acting:
                break
            seat = acting[0]
            options = [d for d in legal_decisions(state, seat) if not (isinstance(d, Review) and d.demand_redeal)]
            self.log.submit(self._rng.choice(options))
        self._refresh()

    def send(self, intent: Intent) -> None:
        """Apply an intent from the window; a refusal becomes ``state.error``, its code (the status line says
        its sentence, shared/refusals.py)."""
        if isinstance(intent, Say):
            self.hear(self.seat, intent.text, intent.phrase, mine=True)
            return
        try:
            if isinstance(intent, Decide):
                self.decide(intent.decision)
            elif isinstance(intent, Control) and self.seat is not None:
                act = {"undo": lambda: self.log.undo(self.seat), "redo": self.log.redo,  # type: ignore[arg-type]
                       "restart": self.log.restart, "new_match": self.log.new_match}.get(intent.what)
                if act is not None:  # "start": a local table has started already
                    act()
                    self.run_computers()
        except RuleError as exc:
            self.state = replace(self.state, error=str(exc.code))
        self._refresh()

    def hear(self, seat: Seat | None, text: str | None = None, phrase: str | None = None, mine: bool = False) -> None:
        """Issue 15: a chat line said at this table (what the server would send; ``mine``: this window said it)."""
        from doublenine.shared.protocol import ChatLineW
        line = ChatLineW(id=len(self.state.chat) + 1, at=0.0, seat=None if seat is None else int(seat),
                         name="" if seat is None else self.state.names[seat - 1], text=text,
                         phrase=phrase, mine=mine)  # type: ignore[arg-type]
        self.state = replace(self.state, chat=self.state.chat + (line,))
        self.changed = True

    def pump(self) -> bool:
        """True once after each change (the window redraws only then)."""
        changed, self.changed = self.changed, False
        return changed

    def close(self, leave: bool = True) -> None:
        """Nothing to release."""
