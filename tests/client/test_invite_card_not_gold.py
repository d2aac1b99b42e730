"""Polish s12 item 14 (F17): the waiting screen showed two gold buttons, the prompt's "Start now" and the invite
card's "Copy invite", though gold means "Enter presses it" and Enter never copies. Kind: more than one default
on a screen. The card's buttons are plain; the table's prompt keeps the one gold button."""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from doublenine.client.art import Art
from doublenine.client.layout import metrics
from doublenine.client.scenes import lan_host


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)], ids=str)
@pytest.mark.parametrize("address", ["192.168.1.20", "127.0.0.1"])
def test_no_button_of_the_invite_card_is_gold(monkeypatch, size, address) -> None:  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    drawn = []
    real = lan_host.draw_button
    monkeypatch.setattr(lan_host, "draw_button",
                        lambda surface, art, b, *a, **k: (drawn.append((b.id, b.primary)), real(surface, art, b, *a, **k)))
    host = SimpleNamespace(code="75VS4", lang="en", copied_at=None,
                           hosting=SimpleNamespace(addresses=lambda: [address], port=28417, announced=True),
                           invite=lambda: f"doublenine://{address}:28417/75VS4",
                           web_link=lambda: f"http://{address}:28417/t/75VS4")
    _, f, sm = metrics(size)
    lay = lan_host.host_layout(size, None, None, warning=address == "127.0.0.1")
    lan_host._card(pygame.Surface(size), Art(), lay, host, f, sm)  # type: ignore[arg-type]
    assert drawn == [("copy", False), ("copyweb", False), ("hide", False)]
