"""A mute is of the person at a seat of this table, not of a name (issue 15's mutes, found again).

Kind: the mute keyed on the raw name a line carries. Two players named alike ("Player" at two seats,
names equal once cleaned) were one chip and one mute; a seat with the server's default name ("East")
was drawn by its translated name ("Est") and hit by its own, so its chip never showed muted in French;
a seated player whose name cleans to nothing read as a spectator. The chip keys each other seat of the
table (docs/protocol.md "Chat and nudges": a line's ``seat`` is its speaker, null for a spectator)
and shows the seat's name as every other place of the window does (store.seat_name).
"""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from test_chat_ui import SIZE, _click, _scene  # noqa: E402

from doublenine.client import chat, config  # noqa: E402
from doublenine.client.typeset import watch  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402


def _open(scene, s):  # type: ignore[no-untyped-def]
    _click(scene, scene.talk.chat_layout(SIZE, s.state, scene.layout()).toggle)
    return scene.talk.chat_layout(SIZE, s.state, scene.layout())


def test_two_players_with_the_same_name_are_muted_apart(tmp_path, monkeypatch) -> None:
    scene, s, _ = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, table="K7QPA", names=("You", "Player", "Player", "Dana"))
    s.hear(Seat.TWO, text="from two")
    s.hear(Seat.THREE, text="from three")
    lay = _open(scene, s)
    assert [k for k, _ in lay.chips] == ["K7QPA:2", "K7QPA:3", chat.SPECTATORS]
    _click(scene, dict(lay.chips)["K7QPA:2"])
    assert [x.text for x in chat.visible(s.state, scene.talk.cui)] == ["from three"]
    assert config.load().muted == ("K7QPA:2",)


def test_a_mute_of_another_table_does_not_hide_the_same_seat_here(tmp_path, monkeypatch) -> None:
    scene, s, _ = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, table="K7QPA")
    s.hear(Seat.TWO, text="hi")
    scene.talk.cui = replace(scene.talk.cui, muted=frozenset({"ZZZZZ:2", "Bea"}))  # another table; a name (older file)
    assert [x.text for x in chat.visible(s.state, scene.talk.cui)] == ["hi"]


def test_a_seat_whose_name_cleans_to_nothing_is_not_a_spectator(tmp_path, monkeypatch) -> None:
    scene, s, _ = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, table="K7QPA")
    s.hear(Seat.TWO, text="seated")
    s.state = replace(s.state, chat=tuple(line.model_copy(update={"name": ""}) for line in s.state.chat))
    s.hear(None, text="watching")
    scene.talk.cui = replace(scene.talk.cui, muted=frozenset({chat.SPECTATORS}))
    assert [x.text for x in chat.visible(s.state, scene.talk.cui)] == ["seated"]


def test_a_default_named_seat_shows_muted_in_french(tmp_path, monkeypatch) -> None:
    scene, s, _ = _scene(tmp_path, monkeypatch)
    scene.lang = scene.talk.lang = "fr"
    s.state = replace(s.state, table="K7QPA", names=("You", "East", "Carl", "Dana"))
    s.hear(Seat.TWO, text="bonjour")
    scene._layout = None
    lay = _open(scene, s)
    _click(scene, dict(lay.chips)["K7QPA:2"])
    assert chat.visible(s.state, scene.talk.cui) == ()
    surface = pygame.Surface(SIZE)
    with watch() as seen:
        scene.draw(surface)
    chip = dict(lay.chips)["K7QPA:2"]
    drawn = [d.text for d in seen]
    assert "Est" in drawn and "East" not in drawn  # the chip says the seat's name as the plates do
    x, y, w, h = chip
    struck = {tuple(surface.get_at((px, y + h // 2)))[:3] for px in range(x + 2, x + w - 2)}
    assert (200, 120, 110) in struck  # drawn muted (struck through), as the click made it


def test_a_player_the_computer_now_plays_for_stays_mutable(tmp_path, monkeypatch) -> None:
    """New user 18: once the computer played Zoë's seat, her chip left the mute list while her lines
    stayed. Kind: the mute list made from who sits now, not from who spoke. A seat with lines keeps its
    chip; a computer seat that never spoke has none."""
    scene, s, _ = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, table="K7QPA", names=("You", "Zoë", "Ñandú", "Dana"))
    s.hear(Seat.TWO, text="hola")
    s.state = replace(s.state, computers=frozenset({Seat.TWO, Seat.THREE}))
    lay = _open(scene, s)
    assert [k for k, _ in lay.chips] == ["K7QPA:2", "K7QPA:4", chat.SPECTATORS]
    _click(scene, dict(lay.chips)["K7QPA:2"])
    assert chat.visible(s.state, scene.talk.cui) == ()
