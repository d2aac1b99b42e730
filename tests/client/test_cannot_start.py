"""A table that cannot be started here is said in the player's language first (kind: text from outside
shown to the player untranslated: the start and join screens showed an exception's English words alone,
"the embedded server did not start: OperationalError(...)"); the words follow, bounded, for whoever
must fix it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from doublenine.client.config import Settings  # noqa: E402
from doublenine.client.scenes.start import Launch, StartScene  # noqa: E402
from doublenine.client.text import cannot_start  # noqa: E402

WHY = "the embedded server did not start: OperationalError('disk I/O error')"


def _refused(lang: str, exc: BaseException) -> str:
    def launcher(launch: Launch) -> None:
        raise exc
    scene = StartScene(Settings(name="Ana", lang=lang), launcher, remember=False)
    assert scene._start(Launch("create", "Ana", lang)) is None
    pygame.display.init()
    scene.draw(pygame.Surface((1280, 800)))
    return scene.form.message


def test_the_start_screen_says_it_in_the_players_language_then_the_cause() -> None:
    assert _refused("de", RuntimeError(WHY)) == f"Der Tisch konnte nicht gestartet werden ({WHY})"
    assert _refused("fr", OSError(28, "No space left on device")) == \
        "Impossible de lancer la table ([Errno 28] No space left on device)"
    assert _refused("es", ValueError("")) == "No se pudo abrir la mesa"


def test_the_cause_is_bounded() -> None:
    said = cannot_start("pt", RuntimeError("x" * 5000))
    assert said.startswith("Não foi possível iniciar a mesa (") and len(said) == len("Não foi possível iniciar a mesa ()") + 160
