"""New user: README statements that were wrong -- ``python -m build`` with a Python that has no ``build``,
a ``doublenine bot`` example that meets SEAT_TAKEN, and table codes said to be five while the bad-code
message said 3 to 12 (now the window accepts five, exactly what the server makes). Each statement is checked against what the code does."""
from __future__ import annotations

import re
from pathlib import Path

from doublenine.shared.invite import InviteError, normalize_code
from doublenine.shared.tablecode import CODE_ALPHABET, CODE_LENGTH

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
WORDS = {"five": 5}


def test_the_readme_never_builds_with_a_bare_python() -> None:
    assert not re.search(r"(?<![/\w])python3? -m build", README)
    assert ".venv/bin/python -m build" in README and "pip install build" in README


def test_the_readme_says_a_bot_needs_a_free_human_seat() -> None:
    bot = README.index("doublenine bot --server")
    after = README[bot:bot + 900]
    # the code the server answers a bot on a table whose other three seats are computers: no human seat
    # left (protocol.md's TABLE_FULL row; SEAT_TAKEN is a named seat someone holds: new user s11 found the
    # README said SEAT_TAKEN while `doublenine bot --seat 3` got TABLE_FULL)
    assert "`TABLE_FULL`" in after and "SEAT_TAKEN" not in after and "**Human**" in after


def test_the_readme_says_the_code_length_the_server_makes_and_the_window_accepts() -> None:
    said = re.search(r"Table codes are (\w+) letters and digits", README)
    assert said is not None
    assert WORDS[said.group(1)] == CODE_LENGTH
    assert "exactly that form" in README
    normalize_code(CODE_ALPHABET[:CODE_LENGTH])
    for other in (CODE_LENGTH - 1, CODE_LENGTH + 1):
        try:
            normalize_code(CODE_ALPHABET[:other])
        except InviteError:
            continue
        raise AssertionError(f"a {other}-character code was accepted")


def test_the_protocol_document_gives_the_code_form_the_code_has() -> None:
    protocol = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    said = re.search(r"A table `code` .*? is (\d+) characters of\s+`([A-Z0-9]+)`", protocol, re.S)
    assert said is not None
    assert (int(said.group(1)), said.group(2)) == (CODE_LENGTH, CODE_ALPHABET)


README_KEYS = {
    "1-9, 0 or two pips: choose a tile": ("`1`–`9`", "`0`"), "arrows: move": ("arrows move",),
    "L/R: end": ("`L`/`R`",), "Enter: play": ("`Enter` plays",), "Esc: cancel": ("`Esc` cancels",),
    "H hint": ("`H` hint",), "P pass": ("`P` pass",), "U undo": ("`U` undo",), "Y redo": ("`Y` redo",),
    "M sound": ("`M` sound",), "C chat": ("`C` chat",), "S settings": ("`S` the settings",),
    "T tiles": ("`T` the tile tracker",), "K: copy the table's link": ("`K` copies the table's link",),
    "F1: the rules, at these keys": ("`F1` the rules",),
    "F11 or Alt+Enter: full screen, or back to a window": ("`F11` or `Alt+Enter` full screen",),
    "Tab, Shift+Tab: move the focus (a gold ring) between the buttons; Enter or Space presses the focused one":
        ("`Tab` / `Shift`+`Tab`", "`Enter` or `Space` pressing"),
    "V: see the line": ("`V` on a hand's end",), ("J, while you watch and a seat is free: the gold ring on a free seat's card (again: the next one); Enter or "
     "Space takes that seat"): ("a spectator's `J` puts the ring on a free seat's card (again: the next one)",),
    "In the opening draw: arrows: choose a face-down tile · Enter: take it": ("arrows choose and `Enter`\ntakes",),
}
"""Each bullet of F1's Keys section (English) -> the words README's key list names it by."""


def test_the_readmes_key_list_names_every_key_f1_names() -> None:
    """New user s14: F1 named K (copy the link), V (see the line), J (a spectator's free seat) that README's
    key list never mentioned. Every bullet naming a key in F1 (a spectator's J included) is mapped here, so
    a key F1 gains fails this test until README names it too."""
    from doublenine.client.footer import KeysHere, keys_section

    bullets = {b.text for b in keys_section("en", KeysHere(sit=True)).blocks if b.bullet}
    moments = {"On a panel (a hand's end, a question): Enter presses its gold button",
               "In the rules, the ledger and a review: Esc: close · arrows, Page Up, Page Down: scroll",
               "In the chat: Enter: send · Tab: phrases, mutes · Esc: back to the table, twice: close the chat"}
    assert bullets - moments == set(README_KEYS)
    start = README.index("In the opening draw one click")
    keys = re.sub(r"[ \n]+", " ", README[start:README.index("The game clicks when a tile", start)])
    missing = [w for said in README_KEYS.values() for w in said if re.sub(r"[ \n]+", " ", w) not in keys]
    assert missing == []
