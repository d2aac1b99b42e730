"""Write the rules and ledger overlay screenshots in docs/screenshots/ (issue 6).

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python tests/ledger/make_screenshots.py``

The ledger is a real table: seed 3 played through MatchLog (a finished first
match with a redeal and a Pollona, and two hands of the second), seen by seat 1,
who set the seed (so the seed shows, D9).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).parent))

import pygame  # noqa: E402
from ledger_matches import played_log  # noqa: E402

from doublenine.client.overlays.ledger import LedgerOverlay  # noqa: E402
from doublenine.client.overlays.rules import RulesOverlay  # noqa: E402
from doublenine.shared.views import view_for  # noqa: E402

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
FELT = (24, 92, 64)
NAMES = ("José", "Zoë", "Ñandú", "")


def _shot(overlay, size: tuple[int, int], name: str) -> None:
    surface = pygame.display.set_mode(size)
    surface.fill(FELT)
    overlay.draw(surface)
    pygame.image.save(surface, str(OUT / name))
    print(OUT / name)


def main() -> int:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    wide, narrow = (1100, 760), (640, 800)
    frame = pygame.Rect(40, 30, 1020, 700)
    for lang in ("en", "fr", "pt", "de", "es"):
        _shot(RulesOverlay(lang, frame), wide, f"rules_{lang}.png")
    scrolled = RulesOverlay("es", frame)
    scrolled.jump(6)
    _shot(scrolled, wide, "rules_es_tranque.png")
    _shot(RulesOverlay("de", pygame.Rect(16, 16, 608, 768)), narrow, "rules_de_narrow.png")

    view = view_for(played_log(3).state, 1)
    for lang in ("en", "fr", "pt", "de", "es"):
        _shot(LedgerOverlay(view, lang, frame, seeded=True, seed=3, names=NAMES), wide, f"ledger_{lang}.png")
    earlier = LedgerOverlay(view, "fr", frame, seeded=True)
    earlier.select(0)
    _shot(earlier, wide, "ledger_fr_earlier_match.png")
    hands = LedgerOverlay(view, "es", frame, seeded=True)
    hands.select(0)
    hands.scroll = hands.clamp(560)
    _shot(hands, wide, "ledger_es_hands.png")
    small = LedgerOverlay(view, "pt", pygame.Rect(16, 16, 608, 768))
    small.scroll = small.clamp(700)
    _shot(small, narrow, "ledger_pt_narrow.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
