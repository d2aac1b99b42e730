"""A ``doublenine://`` link that cannot be followed is said in the window (new-user finding 4).

The kind: a failure said only where nobody looks. The desktop entry has ``Terminal=false``, so
``play --join`` failures printed on stdout left a black window. With ``--window-errors`` (the
entry's Exec) every refusal of ``--join``/``--server``/``--table`` opens the start screen with the
failure in words and the server and table filled in, so **Watch** is one click.
"""
from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from doublenine.cli import main  # noqa: E402
from doublenine.client.app import App  # noqa: E402
from doublenine.client.hosting import Hosting  # noqa: E402
from doublenine.server.netbot import TableClient  # noqa: E402


@dataclass
class Shown:
    """What the window showed: the start screen's form, and a screenshot."""
    forms: list[Any] = field(default_factory=list)


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Shown:
    seen = Shown()

    def run(app: App) -> int:  # one drawn frame instead of waiting for a person to close the window
        app.step([])
        pygame.image.save(app.screen, str(tmp_path / "refused.png"))
        seen.forms.append(app.stack[-1].form)
        return 0
    monkeypatch.setattr(App, "run", run)
    return seen


def test_link_to_a_full_table_shows_why_and_offers_watching(shown: Shown, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    hosting = Hosting(None, port=0, bind="127.0.0.1", announce=False).start()
    port = hosting.port
    try:
        async def full_table() -> tuple[str, Any]:
            me = await TableClient.connect(hosting.local_url)
            seats = [{"kind": k, "level": "easy"} for k in ("human", "computer", "computer", "computer")]
            await me.attach({"type": "create_table", "seats": seats, "sit": 1, "name": "Host"})
            return str(me.code), me
        loop = asyncio.new_event_loop()
        code, me = loop.run_until_complete(full_table())
        link = f"doublenine://127.0.0.1:{port}/{code}"
        assert main(["play", "--lang", "en", "--window-errors", "--join", link, "--size", "800x600"]) == 2
        loop.run_until_complete(me.close())
        loop.close()
    finally:
        hosting.stop()
    text = (f"Table {code} is full: no seat is left for another person (the others are taken or played by the "
            "computer). Ask the host to open a new table, or watch this one.")
    assert capsys.readouterr().err == f"doublenine play: {text}\n"  # errors: stderr (s12)
    (form,) = shown.forms
    assert (form.message, form.server, form.table) == (text, f"ws://127.0.0.1:{port}/", code)
    assert (tmp_path / "refused.png").stat().st_size > 0


@pytest.mark.parametrize(("argv", "says"), [
    (["--join", "host:99999/KQ7PA"], "The invite's port “99999” is not a port number (1 to 65535)."),
    (["--server", "ws://127.0.0.1:²/", "--table", "KQ7PA"], "“ws://127.0.0.1:²/” is not a server address."),
    (["--server", "ws://127.0.0.1:1/", "--table", "O0!"], "O0!"),
])
def test_every_command_line_refusal_is_shown_in_the_window(shown: Shown, argv: list[str], says: str) -> None:
    assert main(["play", "--lang", "en", "--window-errors", *argv, "--size", "800x600"]) == 2
    (form,) = shown.forms
    assert says in form.message


def test_without_the_option_a_terminal_gets_the_words_and_no_window(shown: Shown,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--lang", "en", "--join", "host:99999/KQ7PA"]) == 2
    assert shown.forms == [] and capsys.readouterr().err.startswith("doublenine play: The invite's port")
