"""New-user finding (session 6), kind: a default shown untranslated. With no --name and none saved,
`play` named the player "Player" in every language (a German table showed "Player (Sie)");
the start screen's default was already translated."""
from __future__ import annotations

import pytest

from doublenine.client.cli import player_name


@pytest.mark.parametrize("lang, name", [("en", "Player"), ("de", "Spieler"), ("fr", "Joueur"),
                                        ("pt", "Jogador"), ("es", "Jugador")])
def test_the_default_name_is_in_the_window_language(lang: str, name: str) -> None:
    assert player_name(None, "", lang) == name


def test_a_given_or_saved_name_wins_and_is_bounded() -> None:
    assert (player_name("Ana", "Bea", "de"), player_name(None, "Bea", "de"), len(player_name("x" * 40, "", "en"))) \
        == ("Ana", "Bea", 32)
