"""``doublenine play --autoplay``: the real window plays one hand by itself, then exits (issue 13).

For install checks (the wheel in a fresh venv, the PyInstaller build under
Xvfb, the ``doublenine://`` link through the desktop entry): no person at the
keyboard, yet everything a person's clicks would exercise runs -- the start
screen's **Create table** button, the opening draw, the review, every play
by clicking a tile and then its ghost, **Pass** when nothing fits. The clicks
are computed from the layout the player sees (:func:`next_clicks`), the same
robot the client tests use (tests/client/robot.py re-exports it).

With ``--spectate`` (D8) the window clicks nothing: it watches the table until
the first hand that ends while it watches (or, at a match already over, the
match's end), as a player's window does its own hand.

It prints one JSON line on stdout and returns:

- 0, when a hand's reveal (R16-R18) is on screen: ``{"autoplay": "hand over", "table": CODE,
  "seat": N (null for a spectator), "settings": {"chat": "free" | "phrases_in_hand", "tracker": bool,
  "public": bool}, "hand": N, "result": "domino" | "block" | "tie", "winner_team": "A" | "B" | null,
  "points": N, "scores": [A, B], "frames": N, "video": SDL's video driver}``; ``"match over"`` with the
  last hand's fields when a spectator finds the match already over (R19);
- 2, when the table cannot be reached, joined or kept (unknown code, refused, closed, host stopped):
  ``{"autoplay": "failed", "failure": a shared/failures.py key, "error": its English text, ...}``, the
  text also on stderr, at once (it once waited out its timeout in silence);
- 1, ``"timeout"`` after ``timeout`` seconds in which nothing changed at the table (a table waiting for
  players, or for one who left), or ``"closed"`` when the table's window went away first.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from doublenine.shared.moves import Play
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

ENV = "DOUBLENINE_AUTOPLAY"
"""Set to ``1`` to turn ``--autoplay`` on without changing the command line (the desktop entry's Exec)."""
BOT_DELAY = 0.05
"""Seconds the embedded server's computer seats wait while autoplaying: fast, yet every play is drawn."""
DONE_PANELS = ("reveal", "match_over")
"""Panels that show a finished hand."""


def wanted(flag: bool) -> bool:
    """``--autoplay`` given, or :data:`ENV` exactly ``1`` (any other value is ignored)."""
    return flag or os.environ.get(ENV, "")[:2] == "1"


def centre(rect: Any) -> tuple[int, int]:
    """Middle pixel of an ``(x, y, w, h)`` rectangle."""
    return (rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)


def click(pos: tuple[int, int], touch: bool = False) -> Any:
    """A left mouse press at window pixel ``pos``."""
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=touch)


def next_clicks(scene: Any) -> list[Any]:
    """The mouse events a person would give ``scene`` (a table scene) now; empty while others act, while
    something just came up (client.seen: a person reads it first; a click then would be dropped), while the
    connection is not up (the banner says so; nothing can be sent, and Pass is not offered), and whenever
    the screen does not offer what the robot looks for (it waits for the next frame). Soak s14
    F-autoplay-crash: the server stopped during this seat's turn with no play that fits; the view still said
    its turn, no Pass was offered (not connected), and ``next`` over no play ended ``--autoplay`` with a
    StopIteration, without its JSON line and holding its seat. Kind: the robot assuming the screen offers a
    control it looks for."""
    settled = getattr(scene, "settled", None)
    if callable(settled) and not settled():
        return []
    state = shown(scene)
    if getattr(state, "connection", "connected") != "connected" or getattr(state, "failure", None) is not None:
        return []  # reconnecting (or failed: _drive says it): a person waits for the table to answer
    lay = scene.layout()
    view = state.view  # what is on screen (client.pacing), as a person sees it
    ui = scene.ui
    if view is None:
        return []
    panel = lay.panel
    if panel is not None and panel.kind == "draw" and view.seat in view.waiting_for():
        free = next((r for i, r in panel.cells if i not in panel.taken), None)
        return [click(centre(free)), click(centre(free))] if free is not None else []
    if panel is not None and panel.buttons and panel.kind in ("drawn", "nominate", "review"):
        primary = next((b for b in panel.buttons if b.primary), None)
        return [click(centre(primary.rect))] if primary is not None else []
    if isinstance(view, SeatView) and view.phase is Phase.PLAY and view.turn == view.seat:
        passes = [b for b in lay.buttons if b.id == "pass"]
        if passes:
            return [click(centre(passes[0].rect))]
        if ui.selected is None:
            tile = next((m.tile for m in view.legal_moves() if isinstance(m, Play)), None)
            h = next((h for h in lay.hand if h.tile is tile), None) if tile is not None else None  # none behind
            return [click(centre(h.rect))] if h is not None else []  # a hand's end (its held tiles)
        ghost = next(iter(lay.ghosts.values()), None)
        return [click(centre(ghost.rect))] if ghost is not None else []
    return []


def shown(scene: Any) -> Any:
    """The state a table scene shows now (its paced ``state``: client.pacing), else its session's."""
    return getattr(scene, "state", None) or scene.session.state


def table_of(scene: Any) -> Any:
    """The table scene inside ``scene`` (a hosted table wraps one), or None (start screen)."""
    inner = getattr(scene, "table", scene)
    return inner if hasattr(inner, "session") and hasattr(inner, "layout") else None


def hand_over(table: Any) -> bool:
    """True once a hand is finished and its reveal (or the match's end) is on screen."""
    view = shown(table).view
    panel = table.layout().panel
    return view is not None and bool(view.finished) and panel is not None and panel.kind in DONE_PANELS


def _start_clicks(app: Any) -> list[Any]:
    """Press **Create table** on the start screen, where a person would click it."""
    from .scenes.start import start_layout
    return [click(centre(start_layout(app.viewport().pixels)["create"]))]


def shown_hand(table: Any) -> Any:
    """The finished hand on screen: the reveal's (the first not yet continued from), else at a match's
    end its last hand; None while no hand end is shown."""
    view = shown(table).view
    panel = table.layout().panel
    if view is None or not view.finished or panel is None or panel.kind not in DONE_PANELS:
        return None
    seen = table.ui.seen_finished
    if panel.kind == "reveal" and seen is not None and seen < len(view.finished):
        return view.finished[seen]
    return view.finished[-1]


def summary(table: Any | None, outcome: str, frames: int) -> dict[str, Any]:
    """The JSON object printed at the end (module docstring)."""
    out: dict[str, Any] = {"autoplay": outcome, "frames": frames, "video": pygame.display.get_driver()}
    if table is None:
        return out
    state = table.session.state
    asked = getattr(getattr(getattr(table.session, "client", None), "attach", None), "code", "")
    out["table"] = state.table or (asked if isinstance(asked, str) else "")  # the code asked for, if never joined
    if state.connection != "connected":
        out["connection"] = state.connection
    out["settings"] = {"chat": state.chat_rule, "tracker": state.tracker, "public": state.public}
    view = state.view
    if view is not None:
        out["seat"] = int(view.seat) if isinstance(view, SeatView) else None
        fh = shown_hand(table)
        if fh is not None:  # the hand this window saw end, not the match's first (a spectator comes late)
            out.update(hand=fh.number, result=fh.result.value, winner_team=fh.winner.value if fh.winner else None,
                       points=fh.points, scores=list(fh.scores_after))
    if state.failure is not None:
        out.update(failure=state.failure.key, error=state.failure.text("en"))
    return out


def failed(failure: Any, table: str = "") -> dict[str, Any]:
    """The JSON object for a launch refused before any window (a table code of the wrong form, an invite
    naming no table...); ``table``: the code asked for, when it could be read."""
    return {"autoplay": "failed", "table": table, "failure": failure.key, "error": failure.text("en"), "frames": 0}


def run(app: Any, timeout: float = 120.0, shots: str | None = None) -> int:
    """Drive ``app`` until a hand is over; prints :func:`summary`; 0 on success, 2 on a failure, 1 on a
    timeout (``timeout`` seconds without any change at the table) or a closed window.

    ``shots``: a folder to save ``start.png`` (first frame) and ``hand-over.png`` (or ``failed.png``) in.
    """
    try:
        return _drive(app, timeout, shots)
    finally:
        while app.stack:
            app.pop()


def _progress(table: Any | None) -> tuple[Any, ...]:
    """What changes while a table moves on: a hand played by others resets the timeout, a stall does not."""
    if table is None:
        return ()
    state = table.session.state
    return (state.table, state.seq, state.connection, state.view is None, state.started)


def _drive(app: Any, timeout: float, shots: str | None) -> int:
    from .scenes.start import StartScene

    saved_start = False
    seen_table = False
    marker, deadline = None, time.monotonic() + timeout
    last = None  # the last table shown, to say which one closed
    outcome = "timeout"
    while time.monotonic() < deadline:
        top = app.stack[-1] if app.stack else None
        table = table_of(top)
        if top is None or (table is None and seen_table):  # the window or its table went away (left)
            outcome = "closed"
            break
        seen_table, last = seen_table or table is not None, table or last
        events = list(pygame.event.get())
        if table is not None and hand_over(table):
            _shot(app, shots, "hand-over.png")
            outcome = "match over" if table.layout().panel.kind == "match_over" else "hand over"
            print(json.dumps(summary(table, outcome, app.frames)), flush=True)
            app.apply(_quit())
            return 0
        if table is not None and table.session.state.failure is not None:  # waiting cannot change it
            _shot(app, shots, "failed.png")
            out = summary(table, "failed", app.frames)
            said = table.session.state.failure.text(getattr(table, "lang", "en"))
            from doublenine.shared.cleantext import for_terminal  # a server's words (attacker F7)
            print(f"doublenine play: {for_terminal(said)}", file=sys.stderr, flush=True)
            print(json.dumps(out), flush=True)
            app.apply(_quit())
            return 2
        if _progress(table) != marker:
            marker, deadline = _progress(table), time.monotonic() + timeout
        if app.frames and not saved_start:
            _shot(app, shots, "start.png")
            saved_start = True
        if table is None:  # only a launch from the start screen presses Create (never after a table went)
            events += _start_clicks(app) if isinstance(top, StartScene) and app.frames else []
        else:
            events += next_clicks(table)
        if not app.step(events):
            outcome = "closed"
            break
        time.sleep(0.005 if events else 0.02)
    print(json.dumps(summary(last, outcome, app.frames)), flush=True)
    return 1


def _quit() -> Any:
    from .scenes.base import Change
    return Change("quit")


def _shot(app: Any, folder: str | None, name: str) -> None:
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / name))
