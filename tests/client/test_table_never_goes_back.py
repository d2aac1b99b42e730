"""inputguard item 3: "the table showed a position it had already left (a play, then an older position for ~6 s,
then the newer) after an undo back into the previous hand" (never reproduced). The lead: during a tile's slide
the status line, the plates and the open numbers are drawn from ``TableScene._before``. The whole scene is
driven here, frame by frame at 30 a second (a slide, 0.22 s, spans 6 or 7 frames) with tiles sliding, by the server's states in the orders the
network gives them (each message its own state, several in one frame, NetSession.steps): an undo back into
the previous hand, a redo, the hand's end, a play arriving during a slide, a rejoin's snapshot during a slide.
Every frame's line and every frame's status/plates (the layout ``_before_landing`` used) must be at or after
the position that part drew before, except from the undo on (on purpose)."""
from __future__ import annotations

import os
import random
from dataclasses import replace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from client_helpers import StubSession

from doublenine.client.art import Art
from doublenine.client.local import LocalSession
from doublenine.client.scenes import table as table_module
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui
from doublenine.shared.moves import Review
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

SIZE = (1280, 800)


def order(view: Any) -> tuple[int, int, int]:
    """Where a position lies in the match's life: (match, hands finished, moves of the hand shown)."""
    return (view.match, len(view.finished), len(view.moves) if view.phase is Phase.PLAY else 0)


class Feed(StubSession):
    """A session the test feeds: each state given is one message's (NetSession.steps), pumped at the next frame."""

    def __init__(self, state: ClientState) -> None:
        super().__init__(state)
        self.steps: list[ClientState] = []

    def give(self, states: list[ClientState]) -> None:
        for s in states:
            self.steps.append(s)
            self.state = s
        self._changed = True


def timeline(seed: int) -> dict[str, Any]:
    """The server's states for seat 1, one per event, at a local table where every seat is played by the test:
    hand 1 to its end, hand 2 up to seat 1's first turn, seat 1's undo (back into hand 1), the redo, then on
    to hand 2's third play."""
    s = LocalSession(seed=seed, auto=False)
    log = s.log

    def now() -> ClientState:
        return replace(s.state, view=view_for(log.state, Seat.ONE), seq=len(log.events), can_redo=log.can_redo)

    def step() -> ClientState:
        seat = sorted(to_act(log.state))[0]
        options = [d for d in legal_decisions(log.state, seat) if not (isinstance(d, Review) and d.demand_redeal)]
        log.submit(options[0])
        return now()

    while not (log.state.phase is Phase.PLAY):
        step()
    start = now()
    hand1 = []
    while not log.state.finished:
        hand1.append(step())
    hand2 = []
    while not (log.state.phase is Phase.PLAY and log.state.hand.turn is Seat.ONE):
        hand2.append(step())
    log.undo(Seat.ONE)
    undone = now()
    assert not undone.view.finished and undone.view.phase is Phase.PLAY  # back into hand 1 (R27, D6)
    log.redo()
    redone = now()
    assert order(redone.view) == order(hand2[-1].view)
    later = [step() for _ in range(3)]
    return {"start": start, "hand1": hand1, "hand2": hand2, "undone": undone, "redone": redone, "later": later}


class Watch:
    """The scene, its frames and what each frame drew: the line's position and the status/plates' position."""

    def __init__(self, first: ClientState, monkeypatch: pytest.MonkeyPatch) -> None:
        self.tagged: dict[int, tuple[Any, tuple[int, int, int]]] = {}
        real = table_module.compute_layout

        def tagged(state: ClientState, *args: Any, **kw: Any) -> Any:
            lay = real(state, *args, **kw)
            self.tagged[id(lay)] = (lay, order(state.view))  # the layout kept: its id is never reused
            return lay
        monkeypatch.setattr(table_module, "compute_layout", tagged)
        self.session = Feed(first)
        self.scene = TableScene(self.session, "en", Art(), sounds=Sounds(muted=True), motion=True)  # type: ignore[arg-type]
        self.scene.ui = Ui(seen_finished=0)
        self.t = 100.0
        self.drawn: list[tuple[float, str, tuple[int, int, int]]] = []
        self.surface = pygame.Surface(SIZE)
        self.frame()

    def frame(self) -> None:
        self.t += 1 / 30
        scene = self.scene
        scene.update(self.t)
        # the hand end's panel, once up, is continued from at once: the next hand's plays are what is watched
        view = scene.session.state.view
        if view is not None and (scene.ui.seen_finished or 0) < len(view.finished) and scene.layout().panel \
                is not None and scene.layout().panel.kind == "reveal":
            scene.ui = replace(scene.ui, seen_finished=len(view.finished))
        scene.draw(self.surface)
        lay = scene.layout()
        self.drawn.append((self.t, "line", self.tagged[id(lay)][1]))
        status = scene._before if scene._moving() is not None and scene._before is not None \
            and scene._before.size == lay.size else lay
        self.drawn.append((self.t, "status", self.tagged[id(status)][1]))

    def frames(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds * 30))):
            self.frame()

    def backwards(self, since: int = 0) -> list[tuple[float, str, tuple[int, int, int], tuple[int, int, int]]]:
        """Each drawing of a part (the line; the status line and plates) at a position older than that part
        drawn before it (from ``since``, an index of :attr:`drawn`). The two parts are apart on purpose during
        a slide: the line shows the play, the status what was before it until it lands."""
        out, newest = [], {}
        for t, part, pos in self.drawn[since:]:
            if part in newest and pos < newest[part]:
                out.append((round(t - 100, 3), part, pos, newest[part]))
            newest[part] = max(pos, newest.get(part, pos))
        return out


@pytest.fixture(scope="module")
def line() -> dict[str, Any]:
    pygame.display.init()
    pygame.font.init()
    return timeline(3)


def test_the_reported_sequence_draws_no_position_it_had_left(line, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    w = Watch(line["start"], monkeypatch)
    for i in range(0, len(line["hand1"]), 3):  # plays in threes, as a busy link brings them
        w.session.give(line["hand1"][i:i + 3])
        w.frames(0.1)  # the next batch lands during the slide of this one's first play
    w.frames(3.0)
    w.session.give(line["hand2"])
    w.frames(4.0)
    assert w.backwards() == []
    mark = len(w.drawn)
    w.session.give([line["undone"]])  # back into hand 1 (on purpose: older)
    w.frames(2.0)
    w.session.give([line["redone"]])
    w.frames(0.05)
    w.session.give(line["later"][:1])  # a play during the redo's moment
    w.frames(0.1)
    w.session.give(line["later"][1:])
    w.frames(4.0)
    assert w.backwards(mark + 2) == []
    assert w.drawn[-1][2] == order(line["later"][-1].view)


@pytest.mark.parametrize("seed", range(3))
def test_any_batching_and_a_rejoin_snapshot_during_a_slide_draw_no_position_it_had_left(line, monkeypatch,
                                                                                        seed: int) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    w = Watch(line["start"], monkeypatch)
    states = line["hand1"] + line["hand2"]
    i = 0
    while i < len(states):
        n = rng.choice((1, 1, 2, 3, 5))
        w.session.give(states[i:i + n])
        i += n
        w.frames(rng.choice((0.02, 0.1, 0.2, 0.5, 1.0)))
        if rng.random() < 0.3 and i < len(states):  # a rejoin: the connection lost, then the snapshot
            w.session.give([replace(w.session.state, connection="lost")])
            w.frames(rng.choice((0.02, 0.1)))
            i += rng.choice((0, 1, 2))
            snap = states[min(i, len(states)) - 1]
            w.session.give([replace(snap, connection="connected", view=replace(snap.view))])
            w.frames(rng.choice((0.02, 0.1, 0.3)))
    w.frames(4.0)
    assert w.backwards() == []
