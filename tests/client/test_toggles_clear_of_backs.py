"""s16 access F13 (a): at 2560x1440 with Text size 200 % the Chat button was drawn over East's column of face-down
tiles (the column ran through it). Kind: a control placed over a seat's tiles. The right seat's stack ends
above the Tiles and Chat buttons' box (layout._above) wherever it would reach it, at every size and Text size."""
from __future__ import annotations

import pytest
from scenes_catalog import table_states

from doublenine.client.layout import compute_layout, set_text_size
from doublenine.client.snake import overlaps

STATES = [(n, s, u) for n, s, u in table_states() if n in ("own-turn", "someone-passed", "review", "spectator")]


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1366, 768), (1280, 800), (1920, 1080), (2560, 1440)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("percent", [100, 125, 150, 200])
def test_no_face_down_tile_under_the_tiles_and_chat_buttons(size: tuple[int, int], percent: int) -> None:
    set_text_size(percent)
    for name, state, ui in STATES:
        lay = compute_layout(state, ui, size, "en")
        right = next(s for s in lay.seats if s.side == "right")
        assert [b for s in lay.seats for b in s.backs if overlaps(b, lay.toggles)] == [], (name, lay.toggles)
        assert all(b[1] >= right.plate[1] + right.plate[3] for b in right.backs)  # below its plate still
        assert all(a[1] + a[3] < b[1] for a, b in zip(right.backs, right.backs[1:]))  # a gap between tiles


def test_the_reported_case() -> None:
    """own-turn at 2560x1440 200 %: a tile of East's lay at y 847-889 over the Chat button from y 878; the ten now end at y 857."""
    set_text_size(200)
    name, state, ui = STATES[0]
    lay = compute_layout(state, ui, (2560, 1440), "en")
    right = next(s for s in lay.seats if s.side == "right")
    assert (lay.toggles[1], right.backs[-1][1] + right.backs[-1][3], len(right.backs)) == (878, 857, 10)
