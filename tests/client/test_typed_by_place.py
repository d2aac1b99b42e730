"""Numbers typed on any layout (s13 linguists, items 3 and 4).

Kind: a number typed on a layout whose keys say otherwise, in a field that takes digits or an address.
French AZERTY types ``& é " ' ( - è _ ç à`` on the number row without Shift: the seed field ("N° de donne")
silently dropped them (and a table was made without its seed), while the table reads those keys by their
place. German and Brazilian ABNT2 keypads type a comma on their decimal key: a friend's address typed there
read "192,168,0,5:8765". Every field that takes digits (the seed), a table code, or an address (the start
screen's server, the join screen's invite) reads the key by its place (client/textfield.typed); text fields
(a name, a chat line) keep what was typed.
"""
from __future__ import annotations

import pygame
import pytest

from doublenine.client import config
from doublenine.client.config import Settings
from doublenine.client.scenes.lan_join import LanJoinScene
from doublenine.client.scenes.start import StartScene
from doublenine.client.scenes.startform import FIELD_TAKES
from doublenine.client.textfield import ADDRESS, CODE, DIGITS, KSCAN_KP_COMMA, TEXT, typed

AZERTY_ROW = "&é\"'(-è_çà"
"""What French AZERTY's number row types without Shift, keys 1..9 then 0."""
ROW = [pygame.KSCAN_1 + i for i in range(10)]


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


def _press(scene, char: str, scancode: int, key: int = 0) -> None:  # type: ignore[no-untyped-def]
    """A key as SDL gives it: KEYDOWN with its place, then the TEXTINPUT it types, then KEYUP."""
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, scancode=scancode, mod=0, unicode=char))
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=key, scancode=scancode, mod=0))


def test_each_field_takes_what_it_says() -> None:
    assert FIELD_TAKES == {"name": TEXT, "seed": DIGITS, "tname": TEXT, "server": ADDRESS, "table": CODE}
    assert [typed(ch, DIGITS, place) for ch, place in zip(AZERTY_ROW, ROW)] == list("1234567890")
    assert [typed(ch, CODE, place) for ch, place in zip(AZERTY_ROW, ROW)] == list("1234567890")
    assert [typed(ch, TEXT, place) for ch, place in zip(AZERTY_ROW, ROW)] == list(AZERTY_ROW)
    assert [typed(ch, ADDRESS, place) for ch, place in zip(AZERTY_ROW, ROW)] == list(AZERTY_ROW)
    assert typed("7", CODE, pygame.KSCAN_7) == "7" and typed("K", CODE, pygame.KSCAN_K) == "K"
    assert typed(",", ADDRESS, pygame.KSCAN_KP_PERIOD) == "." and typed(",", ADDRESS, KSCAN_KP_COMMA) == "."
    assert typed(",", ADDRESS, pygame.KSCAN_COMMA) == "," and typed(",", TEXT, pygame.KSCAN_KP_PERIOD) == ","
    assert typed("é", DIGITS, 0) == "é"  # no key known (a TEXTINPUT alone): what was typed


def test_s13_french_seed_typed_on_the_azerty_number_row() -> None:
    scene = StartScene(Settings(name="Amélie", lang="fr"), lambda launch: None)
    scene.click_id("seed")
    for ch, place in zip("&é\"'", ROW):
        _press(scene, ch, place)
    assert scene.form.seed == "1234"
    _press(scene, "5", pygame.KSCAN_5)  # Shift+( types 5
    assert scene.form.seed == "12345"


def test_s13_an_address_typed_on_a_brazilian_keypad() -> None:
    scene = StartScene(Settings(name="João", lang="pt", server=""), lambda launch: None)
    scene.click_id("server")
    for part in ("192", "168", "0", "5"):
        for ch in part:
            _press(scene, ch, pygame.KSCAN_KP_0 if ch == "0" else pygame.KSCAN_KP_1 + int(ch) - 1)
        _press(scene, ",", pygame.KSCAN_KP_PERIOD)
    _press(scene, ":", pygame.KSCAN_SEMICOLON)
    assert scene.form.server == "192.168.0.5.:"


def test_the_invite_field_of_the_join_screen_takes_the_keypad_decimal_as_a_dot() -> None:
    from client_helpers import NoBrowser
    scene = LanJoinScene(lambda launch: None, "Ana", "de", browser=NoBrowser())
    scene.form = scene.form.__class__(focus=True)
    for ch, place in (("1", pygame.KSCAN_KP_1), (",", pygame.KSCAN_KP_PERIOD), ("2", pygame.KSCAN_KP_2),
                      (",", pygame.KSCAN_COMMA)):
        _press(scene, ch, place)
    assert scene.form.invite == "1.2,"


def test_a_name_and_the_table_code_keep_letters_typed_on_the_number_row() -> None:
    scene = StartScene(Settings(name="", lang="fr"), lambda launch: None)
    scene.click_id("name")
    for ch, place in zip("é", ROW[1:]):
        _press(scene, ch, place)
    assert scene.form.name.endswith("é")
    scene.click_id("table")
    for ch, place in (("K", pygame.KSCAN_K), ("è", pygame.KSCAN_7), ("Q", pygame.KSCAN_Q)):
        _press(scene, ch, place)
    assert scene.form.table == "K7Q"


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
def test_an_address_with_commas_is_said_with_its_dots(lang: str) -> None:
    """s13 pt_addr_err.png: "“192,168,0,5:8765” não é um endereço de servidor. Deve ser algo como HOST:PORTA"
    said nothing of the commas (pasted, or typed before the keypad's key was read by its place)."""
    from doublenine.shared.invite import InviteError, server_url
    with pytest.raises(InviteError) as said:
        server_url("192,168,0,5:8765")
    assert said.value.failure.key == "server.commas" and "192.168.0.5:8765" in said.value.failure.text(lang)
    with pytest.raises(InviteError) as other:
        server_url("a,b c")  # no address with dots either: the usual refusal
    assert other.value.failure.key == "server.bad_url"


def test_s13_the_brazilian_case_says_dots() -> None:
    from doublenine.shared.invite import InviteError, server_url
    with pytest.raises(InviteError) as said:
        server_url("192,168,0,5:8765")
    assert said.value.failure.text("pt") == ("“192,168,0,5:8765” não é um endereço de servidor: tem vírgulas onde um "
                                             "endereço usa pontos, como em 192.168.0.5:8765.")
