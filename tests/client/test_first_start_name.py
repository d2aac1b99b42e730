"""s13 item 5: the first start asked no name, and every message then said "Player". It now asks once,
kindly, with the default of the window's language the player keeps with Enter or OK, or replaces by
typing; the name is cleaned and bounded as the start screen's field does; --autoplay and starts that say
where to go (or name the player) are never stopped by it."""
from __future__ import annotations

import pygame
import pytest

from doublenine.client.config import NAME_CHARS
from doublenine.client.input import Viewport
from doublenine.client.scenes.askname import AskName, ask_layout, should_ask

SIZE = (800, 600)


def _scene(lang: str = "fr") -> tuple[AskName, list[str]]:
    pygame.display.init()
    pygame.font.init()
    got: list[str] = []
    scene = AskName(lang, lambda name: got.append(name) or f"table for {name}")
    scene.resize(Viewport(SIZE, SIZE))
    return scene, got


def _key(scene: AskName, key: int) -> object:
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _type(scene: AskName, text: str) -> None:
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_asked_only_at_a_plain_first_start() -> None:
    assert should_ask("", False, None, robot=False, scripted=False) is True
    assert [should_ask("", False, None, robot=True, scripted=False),  # play --autoplay
            should_ask("", False, None, robot=False, scripted=True),  # --start-screen (its name field is shown)
            should_ask("", False, "Ana", robot=False, scripted=False),  # --name
            should_ask("Ana", False, None, robot=False, scripted=False),  # a name saved
            should_ask("", True, None, robot=False, scripted=False)] == [False] * 5  # asked once already


@pytest.mark.parametrize(("lang", "seat"), [("en", "South"), ("fr", "Sud"), ("pt", "Sul"), ("de", "Süd"), ("es", "Sur")])
def test_translator_s17_f13_enter_on_the_empty_field_names_none(lang: str, seat: str) -> None:
    """Translator s17 F13, kind: a default name the server renames. The field offered "Player" ("Jogador"...),
    a seat word the server reserves: kept with Enter, the table answered "At this table you are South". The
    field is empty now, its hint the seat's own name, and Enter answers no name (sent as none: no notice)."""
    from doublenine.client.text import sent_name
    scene, got = _scene(lang)
    assert (scene.name, scene.seat) == ("", seat)
    change = _key(scene, pygame.K_RETURN)
    assert got == [""] and change.kind == "replace" and change.scene == "table for "  # type: ignore[attr-defined]
    assert [sent_name(n) for n in ("", "Player", "Jogador", "Joueur", "Spieler", "Jugador", "Ana")] == \
        [None, None, None, None, None, None, "Ana"]


def test_typing_replaces_the_default_and_a_click_on_ok_answers() -> None:
    scene, got = _scene()
    _type(scene, "A")
    _type(scene, "na")
    x, y, w, h = ask_layout(SIZE)["ok"]
    change = scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + w // 2, y + h // 2)))
    assert got == ["Ana"] and change is not None and change.kind == "replace"


def test_backspace_on_the_empty_field_and_enter_names_none() -> None:
    scene, got = _scene("es")
    _key(scene, pygame.K_BACKSPACE)
    assert scene.name == ""
    _key(scene, pygame.K_RETURN)
    assert got == [""]


def test_the_name_is_cleaned_and_bounded_as_the_start_screens_field() -> None:
    scene, got = _scene("en")
    _type(scene, "\u202eZo\u00eb\x07 " + "x" * 60)
    _key(scene, pygame.K_TAB)  # the ring on OK: Space presses it
    _key(scene, pygame.K_SPACE)
    assert len(got) == 1 and len(got[0]) == NAME_CHARS and got[0].startswith("Zoë x")
    assert "\u202e" not in got[0] and "\x07" not in got[0]


def test_a_refused_table_goes_back_to_the_start_screen() -> None:
    pygame.display.init()
    scene = AskName("en", lambda name: None)
    assert _key(scene, pygame.K_RETURN).kind == "pop"  # type: ignore[union-attr]


def test_the_question_is_drawn_whole_at_800x600_in_every_language() -> None:
    from doublenine.client.text import LANGUAGES
    from doublenine.client.typeset import MIN_SIZE, watch
    for lang in LANGUAGES:
        scene, _ = _scene(lang)
        with watch() as seen:
            scene.draw(pygame.Surface(SIZE))
        assert len(seen) >= 4 and [d.text for d in seen if d.shortened or d.size < MIN_SIZE] == [], lang


def test_a_bare_first_start_asks_then_opens_the_table_under_the_name_and_remembers(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Through ``cli.run`` (no window): the first start pushes the question, not the table; its answer opens
    the table under the typed name, saved with the question marked asked; the next start asks nothing."""
    import argparse
    from typing import Any

    from doublenine.client import app, cli, config
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    pushed: list[Any] = []
    launches: list[Any] = []

    class NoWindow:
        def __init__(self, *a: Any, **k: Any) -> None: ...

        def push(self, scene: Any) -> None:
            pushed.append(scene)

        def run(self) -> int:
            return 0

    monkeypatch.setattr(app, "App", NoWindow)
    monkeypatch.setattr(cli, "make_launcher", lambda *a, **k: lambda launch: launches.append(launch) or "table")
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    assert cli.run(parser.parse_args(["--lang", "pt"])) == 0
    assert [type(s).__name__ for s in pushed] == ["AskName"] and launches == []
    asked = pushed[0]
    assert asked.name == ""
    pygame.display.init()
    asked.handle(pygame.event.Event(pygame.TEXTINPUT, text="Bea"))
    change = asked.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert (change.kind, change.scene) == ("replace", "table")
    assert [(x.mode, x.name) for x in launches] == [("create", "Bea")]
    assert (config.load().name, config.load().asked_name) == ("Bea", True)
    pushed.clear()
    assert cli.run(parser.parse_args([])) == 0  # asked once: straight to the table
    assert pushed == ["table"] and [x.name for x in launches] == ["Bea", "Bea"]


def test_a_first_join_asks_the_name_before_it_sits_down(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """lastuser s17 F6/F9 (kind: a first start that opens a table without the name card): a friend's first
    start, the README's ``play --join doublenine://192.0.2.2:8765/DA5VH``, sat down nameless as "East" and was
    asked only at the second start. It now asks first and joins table DA5VH under the name typed."""
    import argparse
    from typing import Any

    from doublenine.client import app, cli, config, joining
    from doublenine.client.scenes.askname import OK
    from doublenine.shared.invite import parse_invite
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    monkeypatch.setattr(joining, "resolve_invite", lambda text, **k: parse_invite(text))
    monkeypatch.setattr(joining, "watches_invite", lambda *a, **k: False)
    pushed: list[Any] = []
    launches: list[Any] = []

    class NoWindow:
        def __init__(self, *a: Any, **k: Any) -> None: ...

        def push(self, scene: Any) -> None:
            pushed.append(scene)

        def run(self) -> int:
            return 0

    monkeypatch.setattr(app, "App", NoWindow)
    monkeypatch.setattr(cli, "make_launcher", lambda *a, **k: lambda launch: launches.append(launch) or "table")
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    assert cli.run(parser.parse_args(["--lang", "en", "--join", "doublenine://192.0.2.2:8765/DA5VH"])) == 0
    assert [type(s).__name__ for s in pushed] == ["AskName"] and launches == []
    asked = pushed[0]
    assert (asked.name, asked.ok) == ("", OK)
    pygame.display.init()
    asked.handle(pygame.event.Event(pygame.TEXTINPUT, text="Bea"))
    change = asked.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert (change.kind, change.scene) == ("replace", "table")
    assert [(x.mode, x.name, x.table) for x in launches] == [("join", "Bea", "DA5VH")]
    assert (config.load().name, config.load().asked_name) == ("Bea", True)


def test_a_kept_empty_or_default_name_still_makes_a_valid_join_and_create_table() -> None:
    """After translator s17 F13 a kept name was given to the frames as ``name=None``, which the models refuse
    ("Input should be a valid string"): Join table from the start screen said "Could not start the table"
    (tests/lan/test_start_after_host.py). Kind: a left-out field passed as None; it is left out."""
    from doublenine.client.text import name_field as named
    from doublenine.shared import protocol as p
    seats = tuple(p.SeatSpec(kind="human") for _ in range(4))
    assert [named(n) for n in ("", "Player", "Jogador", "Bea")] == [{}, {}, {}, {"name": "Bea"}]
    assert p.Join(code="DA5VH", **named("")).name is None
    assert p.CreateTable(seats=seats, sit=1, **named("Spieler")).name is None
    assert p.Join(code="DA5VH", **named("Bea")).name == "Bea"
