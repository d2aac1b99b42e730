"""Table codes have one definition (shared/tablecode.py): five characters of the readable alphabet.

Kind: two definitions of one thing (the server made five-character codes while the window and the
invites accepted 3 to 12, and the server and the invites each cleaned typed codes their own way).
The cleaning takes what a player types or pastes from any keyboard layout.
"""
from __future__ import annotations

import pytest

from doublenine.server import registry
from doublenine.shared import invite, tablecode
from doublenine.shared.tablecode import CODE_ALPHABET, CODE_LENGTH, MAX_TYPED, clean_code, is_code


@pytest.mark.parametrize("typed", [
    "K7QPA", "k7qpa", "K7qPa",
    "Ｋ７ＱＰＡ", "ｋ７ｑｐａ",                     # a full-width (Japanese, Chinese) keyboard layout
    "K7QPA\n", "K7QPA\r\n", "\tK7QPA ", "K7QPA\x00",  # pasted with a line end, a tab, a stray control
    "K7-QPA", "K7–QPA", "K7—QPA", "K7－QPA", "K7‐QPA", "K7_QPA",  # dashes of every kind, underscore
    "K7 QPA", "K7\u00a0QPA", "K7\u3000QPA",         # spaces: plain, no-break, ideographic
    "\u200bK7QPA", "\ufeffK7QPA", "K7\u2060QPA",      # invisible format characters from a chat program
])
def test_what_a_player_types_or_pastes_becomes_the_code(typed: str) -> None:
    assert clean_code(typed) == "K7QPA"
    assert is_code(clean_code(typed))
    assert invite.normalize_code(typed, "table.bad_code") == "K7QPA"


@pytest.mark.parametrize("typed", [
    "K7QP", "K7QPAB", "K7Q", "KQ7PKQ7PKQ7P",   # four, six, three, twelve characters: 3..12 was accepted before
    "K7QP0", "K7QPO", "K7QP1", "K7QPI", "K7QPL", "K7QPU",  # characters no code uses
    "K7QPÄ", "K7QPß", "K7QP٣", "", "  ", "-----",  # (NFKC reads a superscript ² as 2, a digit codes use)
])
def test_text_that_cannot_be_a_code_is_refused_with_its_key(typed: str) -> None:
    assert not is_code(clean_code(typed))
    with pytest.raises(invite.InviteError) as caught:
        invite.normalize_code(typed, "table.bad_code")
    assert caught.value.key == "table.bad_code"


def test_text_longer_than_the_bound_is_no_code_without_work() -> None:
    assert clean_code("K7QPA" + " " * MAX_TYPED) == ""
    assert clean_code(" " * (MAX_TYPED - 5) + "K7QPA") == "K7QPA"


def test_the_server_makes_and_the_window_accepts_the_same_codes() -> None:
    assert registry.CODE_LENGTH is tablecode.CODE_LENGTH == 5 and registry.CODE_ALPHABET is CODE_ALPHABET
    assert invite.CODE_ALPHABET is CODE_ALPHABET and not hasattr(invite, "CODE_LENGTHS")
    assert len(CODE_ALPHABET) == 30 and not set("01ILOU") & set(CODE_ALPHABET)
    assert invite.normalize_code(CODE_ALPHABET[-CODE_LENGTH:]) == CODE_ALPHABET[-CODE_LENGTH:]


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "“K7QP” is not a table code: 5 letters and digits, without 0, 1, I, L, O or U."),
    ("fr", "« K7QP » n’est pas un code de table : 5 lettres et chiffres, sans 0, 1, I, L, O ni U."),
    ("pt", "“K7QP” não é um código de mesa: 5 letras e algarismos, sem 0, 1, I, L, O nem U."),
    ("de", "„K7QP“ ist kein Tischcode: 5 Buchstaben und Ziffern, ohne 0, 1, I, L, O oder U."),
    ("es", "«K7QP» no es un código de mesa: 5 letras y cifras, sin 0, 1, I, L, O ni U."),
])
def test_the_refusal_says_what_a_code_is_in_each_language(lang: str, text: str) -> None:
    with pytest.raises(invite.InviteError) as caught:
        invite.normalize_code("K7QP\n", "table.bad_code")
    assert caught.value.failure.text(lang) == text
