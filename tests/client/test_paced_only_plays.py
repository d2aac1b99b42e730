"""s13: only the plays are paced (client.pacing). A chat line, a consent request, a nudge that came in the
same frames as computer plays waited behind their beats (up to MAX_BEHIND x PLAY_BEAT, ~4.5 s); they are
now shown at once, while each play keeps its beat (none is shown early)."""
from __future__ import annotations

from dataclasses import replace

import pygame
from client_helpers import StubSession, my_turn_with_play, session_at

from doublenine.client.input import Viewport
from doublenine.client.intents import Decide
from doublenine.client.pacing import PLAY_BEAT, MAX_BEHIND, Pacer, beats
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import ClientState, ConsentPrompt
from doublenine.shared import protocol as p
from doublenine.shared.moves import Play
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat

NAMES = ("Ann", "Bo", "Cy", "Di")
LINE = p.ChatLineW(id=1, at=0.0, seat=2, name="Bo", text="nice one")
ASK = ConsentPrompt("7", Seat.THREE, "undo")


def _net_steps() -> tuple[ClientState, list[ClientState]]:
    """(the state before Ann's 0-0, the states a window's network pump passes through after it: Ann's play,
    then Bo's with a chat line and Cy's undo request that came just before it, Cy's, Di's)."""
    s = session_at(my_turn_with_play, names=NAMES)
    before = s.state
    s.send(Decide(next(m for m in legal_decisions(s.log.state, Seat.ONE) if isinstance(m, Play))))
    moments = [m for m, _ in beats(before, s.state)]
    assert len(moments) == 4
    steps = [replace(moments[0], chat=(), consent=(), nudge=None)]
    steps += [replace(m, chat=(LINE,), consent=(ASK,), nudge=(1, 3, 1)) for m in moments[1:]]
    return before, steps


def test_a_chat_line_request_and_nudge_are_not_held_behind_the_plays() -> None:
    before, steps = _net_steps()
    pacer = Pacer(before)
    pacer.feed(steps, 0.0)
    pacer.tick(0.0)
    assert len(pacer.shown.view.line) == 1  # Ann's play alone, as before: each play keeps its beat
    assert (pacer.shown.chat, pacer.shown.consent, pacer.shown.nudge) == ((LINE,), (ASK,), (1, 3, 1))
    assert [len(q.view.line) for q, _ in pacer.queue] == [2, 3, 4]
    assert all(q.consent == (ASK,) for q, _ in pacer.queue)
    pacer.tick(PLAY_BEAT)
    assert len(pacer.shown.view.line) == 2 and pacer.shown.chat == (LINE,)
    assert MAX_BEHIND * PLAY_BEAT == 4.5  # what the request waited before (the brief's ~4.5 s)


def test_the_table_shows_the_request_at_once_over_a_paced_play() -> None:
    pygame.display.init()
    pygame.font.init()
    before, steps = _net_steps()
    stub = StubSession(before)
    scene = TableScene(stub, "en", sounds=Sounds(muted=True), motion=True)
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(0.0)
    stub.steps = list(steps)  # type: ignore[attr-defined]
    stub.set(steps[-1])
    scene.update(0.1)
    assert len(scene.state.view.line) == 1
    lay = scene.layout()
    assert lay.panel is not None and lay.panel.kind == "consent"
    assert lay.panel.title == ("{name} asks to {what}", {"name": "Cy", "what": "undo"})
    assert scene.shown().chat == (LINE,)


def test_a_restart_request_during_the_beats_says_the_plays_it_takes_back() -> None:
    """Shown during the plays' beats, a Restart request says what the server takes back: Ann's, Bo's, Cy's
    and Di's plays, not the one play shown yet (the request is about the match as it is now)."""
    from doublenine.client.panels import consent_lines
    from doublenine.client.text import say

    before, steps = _net_steps()
    steps = [replace(m, consent=(ConsentPrompt("8", Seat.THREE, "restart"),)) for m in steps]
    pacer = Pacer(before)
    pacer.feed(steps, 0.0)
    pacer.tick(0.0)
    assert len(pacer.shown.view.line) == 1
    said = [say("en", t, a) for t, a in consent_lines(pacer.shown, pacer.shown.consent[0], "en")]
    assert said == ["Accepting replays hand 1 from its deal, taking back 4 plays"]
