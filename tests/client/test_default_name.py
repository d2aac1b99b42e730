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


def test_s11_round2_a_saved_default_follows_the_language_a_typed_name_stays() -> None:
    """New user s11 round 2 item 13: a HOME first started in French kept "Joueur" after switching to Spanish
    (the default was saved as if typed). A name the player never typed follows the current language."""
    assert [player_name(None, saved, "es") for saved in ("Joueur", "Player", "", "Ana", "Joueuse")] == \
        ["Jugador", "Jugador", "Jugador", "Ana", "Joueuse"]
    assert player_name("Joueur", "", "es") == "Joueur"  # --name: typed on the command line


def test_s11_round2_the_start_screen_name_follows_the_language_button(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import config
    from doublenine.client.scenes.start import StartScene

    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    scene = StartScene(config.Settings(name="Joueur", lang="es"), lambda launch: None)
    assert (scene.form.name, scene.form.lang) == ("Jugador", "es")
    said = []
    for _ in range(5):  # es -> en -> fr -> pt -> de -> es
        scene.click_id("lang")
        said.append((scene.form.lang, scene.form.name))
    assert said == [("en", "Player"), ("fr", "Joueur"), ("pt", "Jogador"), ("de", "Spieler"), ("es", "Jugador")]
    scene._remember_form()
    assert (config.load().name, config.load().lang) == ("", "es")  # the default is not kept as a typed name
    typed = StartScene(config.Settings(name="Ana", lang="fr"), lambda launch: None)
    typed.click_id("lang")
    assert (typed.form.lang, typed.form.name) == ("pt", "Ana")
    assert config.load().lang == "pt"  # last user s17 F17: saved at once, not only once a table starts
    typed._remember_form()
    assert config.load().name == "Ana"
