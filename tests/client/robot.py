"""A synthetic player: reads the layout like a person and answers with mouse events."""
from __future__ import annotations

from typing import Any

import pygame

from doublenine.shared.moves import Play
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView


def centre(rect) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return (rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)


def click(pos: tuple[int, int], touch: bool = False) -> Any:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=touch)


def next_clicks(scene: Any) -> list[Any]:
    """The mouse events a person would give now (empty while waiting for others)."""
    lay = scene.layout()
    state = scene.session.state
    view = state.view
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
