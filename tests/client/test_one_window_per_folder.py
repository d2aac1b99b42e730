"""New user s15: a second game window started with the same HOME watched a different table than the first
window's (the remembered local table while the first was at a network table or its start screen), and two
windows could take back the same held seat. Kind: two windows of one player sharing one seat and match file.

One window per data folder (client/instance.py): the first holds ``window.lock``; a second is told the first is
open and chooses (scenes/otherwindow.py): bring it forward (the first raises itself), a separate session (its own
tables in memory, nothing of the first's read into play or written), or close. The lock dies with its process,
``kill -9`` included, so a crashed window never blocks the next start."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from doublenine.client import instance
from doublenine.client.input import Viewport
from doublenine.client.scenes.otherwindow import ALREADY_SAID, OtherWindow, other_layout
from doublenine.client.text import tr


def test_the_second_window_is_refused_the_lock_and_gets_it_once_the_first_lets_go(tmp_path) -> None:  # type: ignore[no-untyped-def]
    first = instance.take_window(tmp_path)
    assert first is not None and instance.holder(tmp_path) == os.getpid()
    assert instance.take_window(tmp_path) is None  # a second one (another open file, as another process)
    first.release()
    second = instance.take_window(tmp_path)
    assert second is not None
    second.release()


def test_a_window_killed_with_kill_9_leaves_no_lock_behind(tmp_path) -> None:  # type: ignore[no-untyped-def]
    code = textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        from doublenine.client import instance
        held = instance.take_window(Path({str(tmp_path)!r}))
        print("held" if held is not None else "refused", flush=True)
        time.sleep(60)
    """)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        assert instance.take_window(tmp_path) is None and instance.holder(tmp_path) == child.pid
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        after = instance.take_window(tmp_path)  # the stale file is there, unlocked: it blocks nobody
        assert after is not None and instance.holder(tmp_path) == os.getpid()
        after.release()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_bring_it_forward_is_seen_once_by_the_first_window(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / instance.RAISE_NAME).write_text("1 2\n")  # a request left by an earlier run: none now
    first = instance.take_window(tmp_path)
    assert first is not None
    assert first.raise_asked(10.0) is False
    assert instance.ask_forward(tmp_path) is True
    assert first.raise_asked(10.1) is False  # looked at most every LOOK_SECONDS
    assert (first.raise_asked(10.6), first.raise_asked(11.2)) == (True, False)  # once per request
    first.release()


def test_a_name_there_that_is_no_file_is_nobodys_lock(tmp_path) -> None:  # type: ignore[no-untyped-def]
    os.mkfifo(tmp_path / instance.LOCK_NAME)
    with pytest.raises(OSError):  # the caller opens its window unguarded (cli.run), never hangs on the pipe
        instance.take_window(tmp_path)


@pytest.fixture(scope="module")
def card() -> OtherWindow:
    pygame.display.init()
    pygame.font.init()
    scene = OtherWindow("fr")
    scene.resize(Viewport((800, 600), (800, 600)))
    return scene


def _key(scene: OtherWindow, key: int, mod: int = 0):  # type: ignore[no-untyped-def]
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def test_the_card_offers_forward_first_separate_and_close(card) -> None:  # type: ignore[no-untyped-def]
    surface = pygame.Surface((800, 600))
    card.draw(surface)
    assert tr("fr", ALREADY_SAID) != ALREADY_SAID
    change = _key(card, pygame.K_RETURN)
    assert change is not None and change.kind == "quit" and card.choice == "forward"
    _key(card, pygame.K_TAB)
    assert (card.focus, _key(card, pygame.K_SPACE).kind, card.choice) == ("separate", "quit", "separate")
    assert (_key(card, pygame.K_ESCAPE).kind, card.choice) == ("quit", "close")
    x, y, w, h = other_layout((800, 600))["separate"]
    card.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1))
    assert card.choice == "separate"
    lay = other_layout((800, 600))
    card_box = pygame.Rect(lay["card"])
    assert all(card_box.contains(pygame.Rect(lay[c])) for c in ("text", "forward", "separate", "close"))


def test_the_reported_case_a_second_play_never_opens_the_first_ones_table(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``doublenine play`` while another window holds the folder: nothing of the player's is opened; "Bring it
    forward" writes the request and ends; "Open a separate session" opens a start screen that keeps nothing."""
    import argparse

    from doublenine.client import app, cli, config
    from doublenine.client.scenes.otherwindow import SEPARATE_SAID

    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    config.save(config.keep_match(config.Settings(name="Ana", asked_name=True), "KCTSF", "tk"))
    monkeypatch.setattr(instance, "data_folder", lambda: tmp_path)
    first = instance.take_window(tmp_path)
    assert first is not None
    pushed: list[Any] = []
    made: list[dict[str, Any]] = []

    class NoWindow:
        def __init__(self, scene: Any, *a: Any, **k: Any) -> None:
            pushed.append(scene)

        def push(self, scene: Any) -> None:
            pushed.append(scene)

        def run(self) -> int:
            return 0

    def launcher(*a: Any, **k: Any) -> Any:
        made.append(k)
        return lambda launch: pushed.append(launch) or "table"

    monkeypatch.setattr(app, "App", NoWindow)
    monkeypatch.setattr(cli, "make_launcher", launcher)
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    try:
        monkeypatch.setattr(cli, "_other_window", lambda *a: "forward")
        assert cli.run(parser.parse_args([])) == 0 and pushed == [] and made == []
        assert first.raise_asked(100.0) is True  # the first window comes forward
        monkeypatch.setattr(cli, "_other_window", lambda *a: "close")
        assert cli.run(parser.parse_args([])) == 0 and pushed == [] and first.raise_asked(200.0) is False
        monkeypatch.setattr(cli, "_other_window", lambda *a: "separate")
        before = (tmp_path / "client.json").read_bytes()
        assert cli.run(parser.parse_args(["--lang", "fr"])) == 0
        start, launch = pushed[0], pushed[1]
        assert made == [{"db": ":memory:", "bot_delay": None, "remember": False}]
        assert (start.remember, start.form.resume, start.form.message) == (False, None, tr("fr", SEPARATE_SAID))
        assert (launch.mode, launch.resume, pushed[2:]) == ("create", False, ["table"])  # a new table, not KCTSF
        assert (tmp_path / "client.json").read_bytes() == before  # nothing of the player's written
    finally:
        first.release()
