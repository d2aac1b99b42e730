"""Issue 8: the join screen and the host's invite card fit the window at every size (pure layout)."""
from __future__ import annotations

import itertools

import pytest

from doublenine.client.scenes.lan_host import host_layout
from doublenine.client.scenes.lan_join import join_layout

SIZES = [(800, 600), (1280, 800), (2560, 1440)]


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _inside(r: tuple[int, int, int, int], size: tuple[int, int]) -> bool:
    return r[0] >= 0 and r[1] >= 0 and r[0] + r[2] <= size[0] and r[1] + r[3] <= size[1]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rows", [0, 2, 30])
def test_join_controls_inside_without_overlap(size: tuple[int, int], rows: int) -> None:
    lay = join_layout(size, rows)
    assert all(_inside(r, size) for r in lay.values())
    controls = {k: r for k, r in lay.items() if k not in ("card", "list", "message") and not k.startswith("row")}
    for (ka, a), (kb, b) in itertools.combinations(controls.items(), 2):
        assert not _overlap(a, b), (ka, kb)
    listed = [k for k in lay if k.startswith("row")]
    assert len(listed) == min(rows, len(listed)) and (rows < 2 or len(listed) >= 2)
    assert lay["message"] == join_layout(size, rows, "Cannot reach 192.168.1.20:8765")["message"]  # kept (s13)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rows", [0, 30])
@pytest.mark.parametrize("message", ["Checking table KQ7PA at 10.0.0.2:8765…", "x" * 20 + " word" * 90])
def test_a_message_is_inside_the_card_above_the_invite(size: tuple[int, int], rows: int, message: str) -> None:
    """New user: an invite's refusal was drawn below the card, on the felt, in small type."""
    lay = join_layout(size, rows, message)
    card, box = lay["card"], lay["message"]
    assert _inside(box, (card[0] + card[2], card[1] + card[3])) and box[0] >= card[0] and box[1] >= card[1]
    assert box[1] + box[3] < lay["invite"][1] and box[3] > 0
    assert not any(_overlap(box, r) for k, r in lay.items() if k not in ("card", "message"))


@pytest.mark.parametrize("size", SIZES)
def test_invite_card_and_close_prompt_fit(size: tuple[int, int]) -> None:
    lay = host_layout(size, (12, 53, 189, 61), (352, 266, 576, 186))
    assert all(_inside(r, size) for r in lay.values())
    for a, b in (("copy", "copyweb"), ("copyweb", "hide"), ("copy", "hide"), ("keep", "stop")):
        assert not _overlap(lay[a], lay[b])
    card, ask = lay["card"], lay["ask"]
    assert all(_inside(lay[k], (card[0] + card[2], card[1] + card[3])) for k in ("copy", "copyweb", "hide"))
    assert all(_inside(lay[k], (ask[0] + ask[2], ask[1] + ask[3])) for k in ("keep", "stop"))
