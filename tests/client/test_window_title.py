"""The window says which table and which role it is, and its class is ``doublenine`` (new-user N8).

Kind: every window alike to the desktop (title "doublenine", WM class ``__main__.py``), so a host's,
a friend's and a spectator's windows could not be told apart in a taskbar or ``xwininfo``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest
from client_helpers import session_at

from doublenine.client.app import App
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.title import WM_CLASS, name_the_window_class, window_title
from doublenine.shared.views import view_for


@pytest.mark.parametrize(("lang", "role", "title"), [
    ("en", "host", "doublenine · K7QPA · host"),
    ("en", "player", "doublenine · K7QPA · player"),
    ("en", "spectator", "doublenine · K7QPA · spectator"),
    ("fr", "host", "doublenine · K7QPA · hôte"),
    ("fr", "spectator", "doublenine · K7QPA · spectateur"),
    ("de", "player", "doublenine · K7QPA · Spieler"),
    ("de", "spectator", "doublenine · K7QPA · Zuschauer"),
    ("pt", "host", "doublenine · K7QPA · anfitrião"),
    ("es", "spectator", "doublenine · K7QPA · espectador"),
])
def test_title_names_the_table_and_the_role_in_the_players_language(lang: str, role: str, title: str) -> None:
    assert window_title(lang, "K7QPA", role) == title


def test_no_table_yet_or_an_unknown_role_is_plain_doublenine() -> None:
    assert window_title("fr", "", "host") == "doublenine"
    assert window_title("en", "K7QPA", "admin") == "doublenine"


def test_the_window_class_is_doublenine_unless_the_user_set_one(monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import sys
    # what `import pygame` sets when unset: the program file's name (the user's '__main__.py')
    monkeypatch.setattr(sys, "argv", ["/x/doublenine/__main__.py", "play"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    name_the_window_class()
    assert (os.environ["SDL_VIDEO_X11_WMCLASS"], os.environ["SDL_VIDEO_WAYLAND_WMCLASS"]) == (WM_CLASS, WM_CLASS)
    assert WM_CLASS == "doublenine"
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "mine")
    monkeypatch.setenv("SDL_VIDEO_WAYLAND_WMCLASS", "mine too")
    name_the_window_class()
    assert (os.environ["SDL_VIDEO_X11_WMCLASS"], os.environ["SDL_VIDEO_WAYLAND_WMCLASS"]) == ("mine", "mine too")


class Stub:
    """A session whose state the test sets."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def pump(self) -> bool:
        return False

    def send(self, intent: Any) -> None: ...

    def close(self, leave: bool = True) -> None: ...


def test_table_scene_title_follows_its_role_and_the_window_follows_the_scene() -> None:
    local = session_at(lambda s: True)
    seated = replace(local.state, table="K7QPA")
    scene = TableScene(Stub(seated), "de", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    assert scene.title() == "doublenine · K7QPA · Spieler"
    scene.host_room = object()
    assert scene.title() == "doublenine · K7QPA · Gastgeber"
    scene.host_room = None
    scene.session.state = replace(seated, view=view_for(local.log.state, None))
    assert scene.title() == "doublenine · K7QPA · Zuschauer"

    app = App(scene, (800, 600))
    app.step([])
    assert pygame.display.get_caption()[0] == "doublenine · K7QPA · Zuschauer"
    scene.session.state = replace(scene.session.state, table="ZZ9QX")  # updated when it changes
    app.step([])
    assert pygame.display.get_caption()[0] == "doublenine · ZZ9QX · Zuschauer"
    pygame.display.quit()
