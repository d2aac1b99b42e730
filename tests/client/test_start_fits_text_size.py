"""s16 access F15: at 1920x1080 and 2560x1440 with a Text size above 100 % the start screen ran off the window's
bottom (Create table, Host for friends, Join table and Watch unseen, Tab ringing them blind, nothing scrolls),
and its Settings card hid the Window row and Back. Kind: a screen sized from the text with no bound by the
window. Both now take the largest type, down to 100 %'s, at which they fit (layout.metrics_fitting): every
control inside the window at every size and Text size."""
from __future__ import annotations

import pygame
import pytest

from doublenine.client.layout import metrics, set_text_size
from doublenine.client.scenes.settings import settings_layout, settings_metrics
from doublenine.client.scenes.startform import start_layout, start_metrics

SIZES = ((800, 600), (1024, 768), (1280, 688), (1366, 768), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("percent", [100, 125, 150, 200])
def test_every_start_and_settings_control_is_inside_the_window(size: tuple[int, int], percent: int) -> None:
    set_text_size(percent)
    window = pygame.Rect((0, 0), size)
    lay = start_layout(size)
    assert [k for k, r in lay.items() if not window.contains(pygame.Rect(r))] == []
    for flags in ((False, False, False), (True, True, True), (False, True, True)):
        card = settings_layout(size, *flags)
        assert [k for k, r in card.items() if not window.contains(pygame.Rect(r))] == [], flags
    if percent == 100:  # as before
        assert start_metrics(size) == settings_metrics(size) == metrics(size)


@pytest.mark.parametrize(("size", "plain", "start", "settings"), [
    # asked 200 %: 34 and 61 px, which ran off; the settings card's 30 and 40 px are 28 and 37 since its Language
    # row (s17, 060f557: one row more to fit in the window's height)
    ((1920, 1080), 24, 27, 28), ((2560, 1440), 32, 36, 37),
])
def test_the_reported_sizes_at_200_percent(size: tuple[int, int], plain: int, start: int, settings: int) -> None:
    set_text_size(100)
    assert metrics(size)[1] == plain
    set_text_size(200)
    assert (start_metrics(size)[1], settings_metrics(size)[1]) == (start, settings)
    assert start_metrics(size)[1] > plain
