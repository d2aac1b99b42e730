"""Fixtures shared by the client tests: seeded local tables and synthetic lines of play."""
from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

import pygame

from doublenine.client import config
from doublenine.client.art import Art
from doublenine.client.config import Settings
from doublenine.client.input import Viewport
from doublenine.client.local import LocalSession
from doublenine.client.scenes.start import Launch, StartScene
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import ClientState
from doublenine.shared.moves import End, Play
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase, Placed
from doublenine.shared.tiles import DOUBLE_NINE_SET

SIZES = ((800, 600), (1280, 800), (2560, 1440))
NAMES = ("José", "Zoë", "Ñandú", "Jose\u0301")


def session_at(done, seed: int = 7, names: tuple[str, ...] = NAMES) -> LocalSession:  # type: ignore[no-untyped-def]
    """A local table (seat 1 human) advanced until ``done(state)``; seat 1 plays its first legal decision."""
    s = LocalSession(seed=seed, names=names)
    s.run_computers()
    for _ in range(3000):
        if done(s.log.state):
            return s
        if Seat.ONE in to_act(s.log.state):
            s.decide(legal_decisions(s.log.state, Seat.ONE)[0])
        else:
            s.run_computers()
    raise AssertionError("situation not reached")


def live_table(done, seed: int, size: tuple[int, int]) -> tuple[TableScene, LocalSession]:  # type: ignore[no-untyped-def]
    """Seat 1's window (English, silent, no motion) on :func:`session_at` ``(done, seed)``, sized ``size`` px,
    advanced to 100 s and drawn once. Returns (scene, session)."""
    session = session_at(done, seed=seed)
    session._refresh()
    scene = TableScene(session, "en", Art(), sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport(size, size))
    scene.update(100.0)
    scene.draw(pygame.Surface(size))
    return scene, session


def start_scene(saved: Settings, size: tuple[int, int], got: list[Launch] | None = None) -> StartScene:
    """The start screen, ``size`` px, as it opens once ``saved`` was written to client.json (the test's own:
    the ``config_in_tmp`` fixture); each launch it asks for is added to ``got`` (when given)."""
    config.save(saved)
    scene = StartScene(config.load(), lambda launch: (got.append(launch) if got is not None else None) or "TABLE")
    scene.resize(Viewport(size, size))
    return scene


def hand_played_out(names: tuple[str, ...] = NAMES) -> tuple[ClientState, ClientState]:
    """(the state in the middle of hand 1: seat 1 to play, more than 12 tiles in the line; the state once
    that hand ended, seat 1 making its first legal decision until then) at a local table of ``names``
    (seed 7)."""
    s = session_at(lambda st: st.phase is Phase.PLAY and st.hand.turn is Seat.ONE and len(st.hand.line) > 12,
                   names=names)
    during = s.state
    while not s.state.view.finished:
        s.decide(legal_decisions(s.log.state, Seat.ONE)[0])
    return during, s.state


def my_turn_with_play(state) -> bool:  # type: ignore[no-untyped-def]
    return state.phase is Phase.PLAY and state.hand.turn is Seat.ONE and \
        any(isinstance(m, Play) for m in legal_decisions(state, Seat.ONE))


def synthetic_line(n: int, mode: str, seed: int) -> tuple[Placed, ...]:
    """A valid line of ``n`` tiles (R15) grown at the right, the left, alternately or at random."""
    rng = random.Random(seed)
    for _ in range(200):
        pool = list(DOUBLE_NINE_SET)
        rng.shuffle(pool)
        first = pool.pop()
        line = [Placed(first, Seat.ONE, End.LEFT, first.low, first.high)]
        left, right = first.low, first.high
        ok = True
        for i in range(1, n):
            end = {"right": End.RIGHT, "left": End.LEFT, "alternate": End.RIGHT if i % 2 else End.LEFT}.get(
                mode, rng.choice((End.LEFT, End.RIGHT)))
            pip = left if end is End.LEFT else right
            cands = [t for t in pool if t.has(pip)]
            if not cands:
                ok = False
                break
            t = rng.choice(cands)
            pool.remove(t)
            other = t.other_end(pip)
            seat = Seat(1 + i % 4)
            if end is End.LEFT:
                line.insert(0, Placed(t, seat, end, other, pip)) if False else line.append(Placed(t, seat, end, other, pip))
                left = other
            else:
                line.append(Placed(t, seat, end, pip, other))
                right = other
        if ok:
            return tuple(line)
    raise AssertionError("no line built")


def with_line(state: ClientState, line: tuple[Placed, ...]) -> ClientState:
    """The same client state with another line of play (and matching open ends)."""
    assert state.view is not None
    lefts = [p for p in line[1:] if p.end is End.LEFT]
    rights = [p for p in line[1:] if p.end is End.RIGHT]
    left = lefts[-1].left if lefts else line[0].left
    right = rights[-1].right if rights else line[0].right
    return replace(state, view=replace(state.view, line=line, ends=(left, right)))


def resize_window(size: tuple[int, int], *, wm_ignores_minimum: bool = False) -> list:  # type: ignore[type-arg]
    """Resize the open pygame window as a user's drag does (SDL_SetWindowSize: SDL and pygame see a real
    size change, pygame resizes the display surface itself) and return the events SDL posted.

    ``wm_ignores_minimum``: the window may become smaller than the minimum size the app asked for,
    as under a window manager that ignores it (the limit is lifted; restoring it would grow the window)."""
    import warnings

    import pygame
    with warnings.catch_warnings():  # pygame-ce marks from_display_module deprecated; no replacement in 2.5
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    if wm_ignores_minimum:
        window.minimum_size = (1, 1)
    window.size = size
    return pygame.event.get()


class StubSession:
    """A session whose state the test sets (:meth:`set`: the next pump reports the change once); it
    records what is sent."""

    def __init__(self, state: ClientState) -> None:
        self.state = state
        self.sent: list[object] = []
        self._changed = False

    def set(self, state: ClientState) -> None:
        self.state, self._changed = state, True

    def pump(self) -> bool:
        changed, self._changed = self._changed, False
        return changed

    def send(self, intent: object) -> None:
        self.sent.append(intent)

    def close(self, leave: bool = True) -> None:
        pass


class NoBrowser:
    """A LAN browser that finds no table (the start and join screens' ``browser``)."""

    version = 0

    def tables(self) -> list[object]:
        return []

    def stop(self) -> None:
        pass


def fake_hosting(others: int = 1) -> SimpleNamespace:
    """A LAN host (:class:`doublenine.client.hosting.Hosting`'s face) at 192.168.1.20:8765, announced, with
    ``others`` other people seated at any table; stopping does nothing."""
    return SimpleNamespace(addresses=lambda: ["192.168.1.20"], port=8765, announced=True,
                           invite=lambda code: f"doublenine://192.168.1.20:8765/{code}",
                           web_link=lambda code: f"http://192.168.1.20:8765/t/{code}",
                           others_seated=lambda code, me: others, stop=lambda: None)


def three_humans_scene(monkeypatch, tmp_path, until, lang: str, size: tuple[int, int],  # type: ignore[no-untyped-def]
                       remember: bool = True, **changes) -> tuple[TableScene, LocalSession, list]:  # type: ignore[type-arg]
    """Seat 1's window at a local table of three humans (seed 2026), played on (the first seat to act
    making its first legal decision) until ``until(state)``; seat 4 then a computer and ``changes`` made
    to the window's state. Its client.json in ``tmp_path``, its sounds silent (only what is asked for is
    recorded), ``remember`` for the chat's mutes, in a ``size`` px window at 10 s. Returns (scene,
    session, the intents it sent, in order, each also sent)."""
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    s = LocalSession(seed=2026, humans=frozenset({Seat.ONE, Seat.TWO, Seat.THREE}))
    for _ in range(2000):
        st = s.log.state
        if until(st):
            break
        s.log.submit(legal_decisions(st, sorted(to_act(st))[0])[0])
    s._refresh()
    s.state = replace(s.state, computers=frozenset({Seat.FOUR}), **changes)
    sent: list = []  # type: ignore[type-arg]
    real = s.send
    s.send = lambda intent: (sent.append(intent), real(intent))  # type: ignore[method-assign]
    pygame.display.init()
    sounds = Sounds(muted=False)
    sounds._sounds = {}  # silent: only what was asked for is recorded
    scene = TableScene(s, lang=lang, sounds=sounds, motion=False)
    scene.talk.remember = remember
    scene.resize(Viewport(size, size))
    scene.update(10.0)
    return scene, s, sent
