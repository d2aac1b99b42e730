"""Draw the program's icon, client/icons/doublenine.png (256x256): the double nine on felt (issue 13).

Run from the checkout when the tile art changes: ``SDL_VIDEODRIVER=dummy .venv/bin/python
packaging/make_icon.py``. ``doublenine desktop-install`` installs the file as the
``doublenine`` icon of the hicolor theme, named by the desktop entry's ``Icon=``.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from doublenine.client.art import Art
from doublenine.client.render import draw_tile
from doublenine.client.snake import Spot

SIZE = 256
OUT = Path(__file__).resolve().parents[1] / "client" / "icons" / "doublenine.png"


def main() -> None:
    """Write :data:`OUT`."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    art = Art()
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    felt = art.felt((SIZE, SIZE))
    mask = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, SIZE, SIZE), border_radius=SIZE // 6)
    icon.blit(felt, (0, 0))
    icon.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    w, h = SIZE * 9 // 20, SIZE * 17 // 20
    spot = Spot(rect=((SIZE - w) // 2, (SIZE - h) // 2, w, h), a=9, b=9, vertical=True)
    draw_tile(icon, art, spot)
    OUT.parent.mkdir(exist_ok=True)
    pygame.image.save(icon, str(OUT))


if __name__ == "__main__":
    main()
