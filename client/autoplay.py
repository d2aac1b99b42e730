"""``doublenine play --autoplay``: the real window plays one hand by itself, then exits (issue 13).

For install checks (the wheel in a fresh venv, the PyInstaller build under
Xvfb, the ``doublenine://`` link through the desktop entry): no person at the
keyboard, yet everything a person's clicks would exercise runs -- the start
screen's **Create table** button, the opening draw, the review, every play
by clicking a tile and then its ghost, **Pass** when nothing fits. The clicks
are computed from the layout the player sees (:func:`next_clicks`), the same
robot the client tests use (tests/client/robot.py re-exports it).

When the first hand is over (the reveal panel, R16-R18) it prints one JSON
line and returns 0: ``{"autoplay": "hand over", "table": CODE, "seat": N,
"settings": {"chat": "free" | "phrases_in_hand", "tracker": bool, "public": bool},
"result": "domino" | "block" | "tie", "winner_team": "A" | "B" | null, "points": N,
"frames": N, "video": SDL's video driver}``. Past ``timeout``
seconds it prints ``{"autoplay": "timeout", ...}`` (``"closed"`` if the window was
closed first) and returns 1.
"""
from __future__ import annotations

import json
import os
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
    """The mouse events a person would give ``scene`` (a table scene) now; empty while others act."""
    lay = scene.layout()
    view = scene.session.state.view
    ui = scene.ui
    if view is None:
        return []
    panel = lay.panel
    if panel is not None and panel.kind == "draw" and view.seat in view.waiting_for():
        free = next(r for i, r in panel.cells if i not in panel.taken)
        return [click(centre(free)), click(centre(free))]
    if panel is not None and panel.buttons and panel.kind in ("nominate", "review"):
        primary = next(b for b in panel.buttons if b.primary)
        return [click(centre(primary.rect))]
    if isinstance(view, SeatView) and view.phase is Phase.PLAY and view.turn == view.seat:
        passes = [b for b in lay.buttons if b.id == "pass"]
        if passes:
            return [click(centre(passes[0].rect))]
        if ui.selected is None:
            tile = next(m.tile for m in view.legal_moves() if isinstance(m, Play))
            h = next(h for h in lay.hand if h.tile is tile)
            return [click(centre(h.rect))]
        ghost = next(iter(lay.ghosts.values()), None)
        return [click(centre(ghost.rect))] if ghost is not None else []
    return []


def table_of(scene: Any) -> Any:
    """The table scene inside ``scene`` (a hosted table wraps one), or None (start screen)."""
    inner = getattr(scene, "table", scene)
    return inner if hasattr(inner, "session") and hasattr(inner, "layout") else None


def hand_over(table: Any) -> bool:
    """True once a hand is finished and its reveal (or the match's end) is on screen."""
    view = table.session.state.view
    panel = table.layout().panel
    return view is not None and bool(view.finished) and panel is not None and panel.kind in DONE_PANELS


def _start_clicks(app: Any) -> list[Any]:
    """Press **Create table** on the start screen, where a person would click it."""
    from .scenes.start import start_layout
    return [click(centre(start_layout(app.viewport().pixels)["create"]))]


def summary(table: Any | None, outcome: str, frames: int) -> dict[str, Any]:
    """The JSON object printed at the end (module docstring)."""
    out: dict[str, Any] = {"autoplay": outcome, "frames": frames, "video": pygame.display.get_driver()}
    if table is None:
        return out
    state = table.session.state
    out["table"] = state.table
    out["settings"] = {"chat": state.chat_rule, "tracker": state.tracker, "public": state.public}
    view = state.view
    if view is not None:
        out["seat"] = int(view.seat) if isinstance(view, SeatView) else None
        if view.finished:
            fh = view.finished[0]
            out.update(result=fh.result.value, winner_team=fh.winner.value if fh.winner else None,
                       points=fh.points)
    return out


def run(app: Any, timeout: float = 120.0, shots: str | None = None) -> int:
    """Drive ``app`` until the first hand is over; prints :func:`summary`; 0 on success, 1 on timeout.

    ``shots``: a folder to save ``start.png`` (first frame) and ``hand-over.png`` in.
    """
    try:
        return _drive(app, time.monotonic() + timeout, shots)
    finally:
        while app.stack:
            app.pop()


def _drive(app: Any, deadline: float, shots: str | None) -> int:
    from .scenes.start import StartScene

    saved_start = False
    while time.monotonic() < deadline and app.stack:
        top = app.stack[-1]
        table = table_of(top)
        events = list(pygame.event.get())
        if table is not None and hand_over(table):
            _shot(app, shots, "hand-over.png")
            print(json.dumps(summary(table, "hand over", app.frames)), flush=True)
            app.apply(_quit())
            return 0
        if app.frames and not saved_start:
            _shot(app, shots, "start.png")
            saved_start = True
        if table is None:
            events += _start_clicks(app) if isinstance(top, StartScene) and app.frames else []
        else:
            events += next_clicks(table)
        if not app.step(events):
            break
        time.sleep(0.005 if events else 0.02)
    top = app.stack[-1] if app.stack else None
    outcome = "timeout" if top is not None else "closed"  # the window closed before the hand ended
    print(json.dumps(summary(table_of(top) if top is not None else None, outcome, app.frames)), flush=True)
    return 1


def _quit() -> Any:
    from .scenes.base import Change
    return Change("quit")


def _shot(app: Any, folder: str | None, name: str) -> None:
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / name))
