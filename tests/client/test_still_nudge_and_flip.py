"""s14 access F11: "Tiles appear at once" stopped only the line's slide; the nudged window's edge pulsed
(alpha 0.55-1.0, 0.8 Hz) and the tied draw's tiles turned over whatever it said. Kind: motion the player's
"less motion" setting did not reach. With it, the nudge's edge glows steadily (only fading) and the draw's
tiles show their faces at once."""
from __future__ import annotations

import pygame

from doublenine.client.art import GOLD, Art
from doublenine.client.waiting import draw_nudged


def _edge(age: float, still: bool) -> tuple[int, int, int]:
    surface = pygame.Surface((400, 300))
    surface.fill((0, 0, 0))
    draw_nudged(surface, Art(), "en", "Zoë is waiting for you", age, 18, True, 280, still=still)
    return tuple(surface.get_at((2, 150))[:3])  # type: ignore[return-value]


def test_the_nudge_edge_pulses_only_with_motion() -> None:
    pygame.display.init()
    pygame.font.init()
    moving = [_edge(age, False)[0] for age in (0.0, 0.62, 1.25)]
    still = [_edge(age, True)[0] for age in (0.0, 0.62, 1.25)]
    assert moving[1] < moving[2]  # pulsing: darker, then brighter again
    assert _edge(0.0, True) == GOLD and still[0] > still[1] > still[2]  # steady: only the slow fade


def test_the_tied_draws_tiles_show_their_faces_at_once_without_motion() -> None:
    from scenes_catalog import table_scene, table_states

    from doublenine.client.art import BACK_TOP, IVORY_TOP
    from doublenine.client.palette import contrast
    from doublenine.shared.seats import Seat
    from doublenine.shared.tiles import Tile

    pygame.display.init()
    pygame.font.init()
    state, ui = next((s, u) for name, s, u in table_states() if name == "draw-mine")
    seen = {}
    for motion in (True, False):
        scene = table_scene(state, ui, "en", (1280, 800))
        scene.motion = motion
        lay = scene.layout()
        pos, (x, y, w, h) = lay.panel.cells[0]
        scene._flip = (scene._now, ((pos, Tile(2, 7), Seat.ONE),))
        surface = pygame.Surface((1280, 800))
        scene.draw(surface)
        seen[motion] = tuple(surface.get_at((x + w // 2, y + 2))[:3])
    assert contrast(seen[True], BACK_TOP) < contrast(seen[True], IVORY_TOP)  # turning: its back first
    assert contrast(seen[False], IVORY_TOP) < contrast(seen[False], BACK_TOP)  # at once: its face
