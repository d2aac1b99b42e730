"""Kind: panels and chips placed without a shared layout grid (s13 item 1: the host's "Invite friends" chip
sat under West's name plate, as wide as it, and read as West's; the waiting screen's "Waiting for players"
and invite card under it were 448 and 560 px wide at 800x600).

The host's screens at 800x600, 1280x800 and 1920x1080 in the five languages, as rectangles: the lobby
prompt and the invite card are one column (same left edge, same width); the card's three buttons share a
row and a width; the chip is one of the row of the Tiles and Chat buttons (same top, height and width, the
same gap); and nothing of these overlaps a plate, a face-down tile, the hand, a button or another panel.
"""
from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from doublenine.client import chat
from doublenine.client.input import Viewport
from doublenine.client.local import LocalSession
from doublenine.client.scenes.lan_host import HostedTable, RemoteServer
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.text import LANGUAGES
from doublenine.shared.seats import Seat

SIZES = ((800, 600), (1280, 800), (1920, 1080))
Rect = tuple[int, int, int, int]


def overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _host(size: tuple[int, int], lang: str, started: bool, tracker: bool = False):  # type: ignore[no-untyped-def]
    s = LocalSession(seed=2026, names=("José", "Zoë", "Ñandú", "Maximiliano Alejandro"),
                     humans=frozenset({Seat.ONE, Seat.FOUR}))
    if tracker:  # a hand in play: the Tiles button shows
        from doublenine.shared.rules import legal_decisions, to_act
        from doublenine.shared.state import Phase
        for _ in range(2000):
            st = s.log.state
            if st.phase is Phase.PLAY:
                break
            s.log.submit(legal_decisions(st, sorted(to_act(st))[0])[0])
        s._refresh()  # type: ignore[attr-defined]
    s.state = replace(s.state, table="K7QPA", started=started, computers=frozenset({Seat.TWO, Seat.THREE}),
                      tracker=tracker)
    scene = TableScene(s, lang=lang, sounds=Sounds(muted=True), motion=False)
    scene.talk.remember = False
    host = HostedTable(scene, RemoteServer("ws://192.168.1.20:8765/"), lang)
    host.resize(Viewport(size, size))
    return host, scene


def _table_boxes(scene) -> list[tuple[str, Rect]]:  # type: ignore[no-untyped-def]
    lay = scene.layout()
    out = [(f"plate-{s.seat}", s.plate) for s in lay.seats] + [(f"back-{s.seat}", r) for s in lay.seats for r in s.backs]
    out += [(f"hand-{h.tile}", h.rect) for h in lay.hand] + [(f"button-{b.id}", b.rect) for b in lay.buttons]
    out += [(f"status-{i}", box) for i, (_, box) in enumerate(lay.status)]
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_waiting_screens_lobby_and_invite_card_are_one_column(lang: str, size: tuple[int, int]) -> None:
    host, scene = _host(size, lang, started=False)
    assert host.card_open()
    lay, around = scene.layout(), host.layout()
    assert lay.panel is not None and lay.panel.kind == "lobby"
    lobby, card = lay.panel.rect, around["card"]
    assert (card[0], card[2]) == (lobby[0], lobby[2]), (lobby, card)  # same left edge, same width
    assert card[1] > lobby[1] + lobby[3]
    buttons = [around[k] for k in ("copy", "copyweb", "hide")]
    assert len({(b[1], b[2], b[3]) for b in buttons}) == 1  # one row, one width
    assert buttons[-1][0] + buttons[-1][2] <= card[0] + card[2] and buttons[0][0] >= card[0]
    boxes = [("lobby", lobby), ("card", card)] + _table_boxes(scene) \
        + [("chat", scene.talk.chat_layout(size, scene.shown(), lay).toggle)]
    crossed = [(ka, kb) for (ka, a), (kb, b) in itertools.combinations(boxes, 2)
               if "card" in (ka, kb) or "lobby" in (ka, kb) if overlap(a, b)]
    assert crossed == []


@pytest.mark.parametrize("tracker", (False, True), ids=("chat", "tiles-and-chat"))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_invite_chip_is_one_of_the_tiles_and_chat_row(lang: str, size: tuple[int, int], tracker: bool) -> None:
    host, scene = _host(size, lang, started=True, tracker=tracker)
    host.shown = False
    assert host.chip_shown()
    lay = scene.layout()
    chip = host.layout()["chip"]
    row = [scene.talk.chat_layout(size, scene.shown(), lay).toggle]
    tiles = scene._tracker_layout().toggle
    row += [tiles] if tiles is not None else []
    assert len(row) == (2 if tracker else 1)
    left = min(row, key=lambda r: r[0])
    gap = (row[0][0] - row[1][0] - row[1][2]) if tracker else chat.toggle_box(size)[2] // 2
    assert [(chip[1], chip[2], chip[3])] * len(row) == [(r[1], r[2], r[3]) for r in row]  # top, width, height
    assert chip[0] + chip[2] + gap == left[0], (chip, row)
    crossed = [(k, r) for k, r in _table_boxes(scene) + ([("panel", lay.panel.rect)] if lay.panel else [])
               if overlap(chip, r)]
    assert crossed == []
    west = next(s for s in lay.seats if s.seat is Seat.FOUR)
    assert chip[1] > west.plate[1] + west.plate[3]


def test_s13_the_case_800x600() -> None:
    """The reported window, English 800x600: the chip beside Chat, the card under the lobby, 560 px each."""
    host, scene = _host((800, 600), "en", started=False)
    lobby, card = scene.layout().panel.rect, host.layout()["card"]
    assert (lobby[0], lobby[2], card[0], card[2]) == (120, 560, 120, 560)
    host.shown = False
    scene.session.state = replace(scene.session.state, started=True)
    assert host.layout()["chip"] == (603, 439, 91, 27)
    assert scene.talk.chat_layout((800, 600), scene.shown(), scene.layout()).toggle == (699, 439, 91, 27)
