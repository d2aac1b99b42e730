"""New user 17: H lifted a tile and showed where it goes, with no word of why. The server sends the
coach's reason for the hinted play from the seat's own view (docs/protocol.md ``hint``); while that
tile is lifted as the hint placed it, the status line says it in the reader's language."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import table_scene, table_states

from doublenine.client.panels import HINT_REASONS, status_line
from doublenine.client.text import tr
from doublenine.client.store import reduce
from doublenine.client.typeset import watch
from doublenine.shared import protocol as p
from doublenine.shared.convert import decision_w
from doublenine.shared.moves import Play
from doublenine.shared.tiles import Tile


@pytest.fixture(scope="module")
def turn():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return next((state, ui) for name, state, ui in table_states() if name == "own-turn")


def _hinted(state, reason: str | None = "next_void", instead=(1, 2)):  # type: ignore[no-untyped-def]
    play = next(m for m in state.view.legal_moves() if isinstance(m, Play))
    msg = p.HintReply(seq=state.seq, decision=decision_w(play), reason=reason, pips=(4, 3) if reason else (),
                      instead=instead if reason else None)
    return reduce(state, msg), play


def test_the_reason_comes_with_the_hint_and_is_said_while_its_tile_is_lifted(turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = turn
    state, play = _hinted(state)
    assert state.hint == play and state.hint_why == ("next_void", (4, 3), Tile(1, 2))
    lifted = replace(ui, selected=play.tile, end=play.end, from_hint=True)
    text = status_line(state, lifted, "en")
    hinted = f"{play.tile.low}-{play.tile.high}"
    assert text == (HINT_REASONS["next_void"], {"hint": hinted, "instead": "1-2", "open": 4, "void": 3, "n": 4})
    assert tr("en", *text[:1], **text[1]) == f"Hint {hinted}: 1-2 would leave 4s for the opponent who passed on 3s."
    assert status_line(state, replace(lifted, from_hint=False), "en")[0] not in HINT_REASONS.values()  # own pick


def test_the_line_speaks_of_the_hinted_play(turn) -> None:  # type: ignore[no-untyped-def]
    """Session 9, new user 2: H lifted 6-9 and the line read "Why not 5-6? Plays a lighter tile while holding
    6-9.", advice to play 5-6 as it read. Every reason is now said of the hinted tile, first."""
    state, ui = turn
    state, play = _hinted(state, reason="heavier", instead=(5, 6))
    lifted = replace(ui, selected=play.tile, end=play.end, from_hint=True)
    hinted = f"{play.tile.low}-{play.tile.high}"
    assert tr("en", *status_line(state, lifted, "en")[:1], **status_line(state, lifted, "en")[1]) == \
        f"Hint {hinted}: sheds more points than 5-6."
    assert tr("fr", *status_line(state, lifted, "fr")[:1], **status_line(state, lifted, "fr")[1]) == \
        f"Conseil {hinted}\u00a0: se défait de plus de points que 5-6."
    from doublenine.client.overlays.review import REASONS
    assert set(HINT_REASONS) == set(REASONS)  # one hint sentence for each coach code
    assert all(m.startswith("Hint {hint}: ") for m in HINT_REASONS.values())


def test_no_reason_line_without_a_reason(turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = turn
    state, play = _hinted(state, reason=None)
    assert state.hint_why is None
    lifted = replace(ui, selected=play.tile, end=play.end, from_hint=True)
    assert status_line(state, lifted, "en")[0] not in HINT_REASONS.values()
    # s15 player F4: still said to be the hint (the line was only "Enter: play · Esc: cancel")
    hinted = f"{play.tile.low}-{play.tile.high}"
    assert status_line(state, lifted, "en") == ("Hint {hint} · Enter: play it · Esc: cancel", {"hint": hinted})
    assert tr("de", *status_line(state, lifted, "de")[:1], **status_line(state, lifted, "de")[1]) == \
        f"Tipp {hinted} · Enter: legen · Esc: abbrechen"
    assert status_line(state, replace(lifted, from_hint=False), "en")[0] != "Hint {hint} · Enter: play it · Esc: cancel"


def test_a_reply_is_bounded_at_the_edge() -> None:
    """Untrusted input: at most two numbers, each a pip; a tile given high first is the same tile."""
    from pydantic import ValidationError
    with pytest.raises(ValidationError):
        p.HintReply(seq=1, decision={"kind": "pass", "seat": 1}, reason="follow", pips=(1, 2, 3))
    with pytest.raises(ValidationError):
        p.HintReply(seq=1, decision={"kind": "pass", "seat": 1}, reason="why", pips=())
    assert Tile(5, 3) == Tile(3, 5)


@pytest.mark.parametrize("lang, said", [("en", "Hint {}: 1-2 would leave 4s for the opponent who passed on 3s."),
                                        ("fr", None), ("pt", None), ("de", None), ("es", None)])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
def test_the_reason_line_is_drawn_whole(turn, lang, said, size) -> None:  # type: ignore[no-untyped-def]
    state, ui = turn
    state, play = _hinted(state)
    lifted = replace(ui, selected=play.tile, end=play.end, from_hint=True)
    scene = table_scene(state, lifted, lang, size)
    with watch() as seen:
        scene.draw(pygame.Surface(size))
    rows = [d for _, box in scene.layout().status for d in seen if d.width == box[2]]
    assert rows and not any(d.shortened for d in rows)
    if said is not None:
        assert " ".join(row for row, _ in scene.layout().status) == said.format(f"{play.tile.low}-{play.tile.high}")
