"""Issue 16.4: numbers written in other scripts. Every number read from outside text takes ASCII digits only.

Kind: ``int()``/``float()`` over text a person or another machine wrote
(``int("８７６５") == 8765``; ``"²".isdigit()`` is True but ``int("²")`` raises).
One helper, shared/numbers.py; each place that reads such text has its case here.
"""
from __future__ import annotations

import argparse

import pytest

from doublenine.cli import build_parser
from doublenine.client.discovery import tables_from_service
from doublenine.shared.handscript import ScriptError, loads
from doublenine.shared.invite import InviteError, check_server_url, parse_invite
from doublenine.shared.numbers import NumberError, arg_int, is_ascii_digits, parse_float, parse_int


@pytest.mark.parametrize("text, expected", [("8765", 8765), (" 42 ", 42), ("-3", -3), ("+7", 7), ("007", 7)])
def test_parse_int_ascii(text: str, expected: int) -> None:
    assert parse_int(text) == expected


@pytest.mark.parametrize("text", ["８７６５", "²", "١٢", "߁", "1_000", "", " ", "4 2", "0x10", "9" * 65, "1.0", "٣"])
def test_parse_int_refuses_everything_else(text: str) -> None:
    with pytest.raises(NumberError):
        parse_int(text)


def test_parse_int_range() -> None:
    assert parse_int("65535", 1, 65535) == 65535
    for bad in ("0", "65536"):
        with pytest.raises(NumberError, match="out of range"):
            parse_int(bad, 1, 65535)


@pytest.mark.parametrize("text, expected", [("1.5", 1.5), (".5", 0.5), ("2", 2.0), ("1e3", 1000.0), ("-0.25", -0.25)])
def test_parse_float_ascii(text: str, expected: float) -> None:
    assert parse_float(text) == expected


@pytest.mark.parametrize("text", ["１.５", "nan", "inf", "-Infinity", "1e999", "²", "1,5", "", "."])
def test_parse_float_refuses(text: str) -> None:
    with pytest.raises(NumberError):
        parse_float(text)


def test_is_ascii_digits() -> None:
    assert [is_ascii_digits(t) for t in ("0123456789", "", "²", "８", "1²", "٣")] == \
        [True, False, False, False, False, False]


# ------------------------------------------------------------------ invites and server URLs

@pytest.mark.parametrize("invite", [
    "doublenine://127.0.0.1:²/KQ7PA",            # the case: was a ValueError traceback
    "doublenine://192.168.1.20:８７６５/KQ7PA",   # the case: was silently port 8765
    "ws://127.0.0.1:١٢٣/KQ7PA",
    "doublenine://127.0.0.1:" + "9" * 5000 + "/KQ7PA",  # int() of a long digit string raises
    "doublenine://127.0.0.1:+80/KQ7PA",
    "doublenine://127.0.0.1: 80/KQ7PA",
])
def test_invite_port_in_other_digits_is_bad_port(invite: str) -> None:
    with pytest.raises(InviteError) as caught:
        parse_invite(invite)
    assert caught.value.key == "invite.bad_port"


def test_ascii_port_still_parses() -> None:
    assert parse_invite("doublenine://192.168.1.20:8765/KQ7PA").port == 8765


@pytest.mark.parametrize("url", ["ws://127.0.0.1:²/", "ws://127.0.0.1:８７６５/", "http://127.0.0.1:1/", "ws://",
                                 "ws://::1:80/", "ws://a@b:1/", "ws://127.0.0.1:0/", "wss://h:" + "9" * 99])
def test_bad_server_url_is_server_bad_url(url: str) -> None:
    with pytest.raises(InviteError) as caught:
        check_server_url(url)
    assert caught.value.key == "server.bad_url"


def test_good_server_urls() -> None:
    got = [(w.host, w.port, w.tls) for w in map(check_server_url, ("ws://127.0.0.1:18770/", "wss://example.org/t/KQ7PM",
                                                                    "ws://[::1]:9/"))]
    assert got == [("127.0.0.1", 18770, False), ("example.org", 443, True), ("::1", 9, False)]


# ------------------------------------------------------------------ command lines

@pytest.mark.parametrize("argv", [
    ["play", "--seat", "３"], ["play", "--seat", "²"], ["play", "--seed", "１２"], ["play", "--size", "８００x６００"],
    ["play", "--size", "x"], ["play", "--size", "100000x100"], ["serve", "--port", "８７６５"],
    ["serve", "--bot-delay", "１.５"], ["serve", "--rate", "nan"], ["serve", "--max-frame", "٦٤"],
    ["bot", "--server", "ws://127.0.0.1:1/", "--table", "KQ7PM", "--seat", "²"],
    ["bot", "--server", "ws://127.0.0.1:1/", "--table", "KQ7PM", "--matches", "３"],
    ["selfplay", "--matches", "８"],
])
def test_command_line_numbers_take_ascii_digits_only(argv: list[str], capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as exited:
        build_parser().parse_args(argv)
    assert exited.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_command_line_ascii_numbers_parse() -> None:
    args = build_parser().parse_args(["play", "--seat", "3", "--seed", "12", "--size", "800x600"])
    assert (args.seat, args.seed, args.size) == (3, 12, (800, 600))
    assert build_parser().parse_args(["serve", "--port", "0", "--bot-delay", "1.5"]).port == 0


def test_arg_int_message_names_the_text() -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="'８'"):
        arg_int()("８")


# ------------------------------------------------------------------ LAN announcements, hand scripts

@pytest.mark.parametrize("free", [b"\xef\xbc\x93", "²".encode(), "٣".encode(), b"9" * 5000])
def test_lan_free_seats_in_other_digits_are_skipped(free: bytes) -> None:
    props = {b"tables": b"KQ7PM:" + free + b",AB2CD:2", b"proto": "１".encode()}
    found = tables_from_service("x._doublenine._tcp.local.", ["192.168.1.20"], 8765, props)
    assert [(t.code, t.free_seats, t.protocol) for t in found] == [("AB2CD", 2, None)]


def test_lan_protocol_ascii_and_long() -> None:
    props = {b"tables": b"KQ7PM:3", b"proto": b"9" * 5000}
    assert tables_from_service("x", ["10.0.0.2"], 1, props)[0].protocol is None
    assert tables_from_service("x", ["10.0.0.2"], 1, {**props, b"proto": b"1"})[0].protocol == 1


@pytest.mark.parametrize("text", ['{"opener": １}', '[٣]', '{"a": 1' + "0" * 5000 + "}"])
def test_hand_scripts_read_json_numbers_in_ascii_only(text: str) -> None:
    with pytest.raises(ScriptError):
        loads(text)


@pytest.mark.parametrize("raw, volume", [('{"volume": 1' + "0" * 400 + "}", 1.0), ('{"volume": -1' + "0" * 400 + "}", 0.0),
                                         ('{"volume": "０.５"}', 0.6), ('{"volume": 1e999}', 0.6), ('{"volume": 0}', 0.0)])
def test_settings_file_numbers_never_raise(raw: str, volume: float, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import config

    path = tmp_path / "client.json"
    path.write_text(raw, encoding="utf-8")
    got = config.load(path).volume
    assert got == volume and isinstance(got, float)


def test_no_number_is_read_from_text_another_way() -> None:
    """The kind stays fixed: no argparse ``type=int``/``type=float`` (they take fullwidth digits) and no
    ``isdigit()``/``isnumeric()``/``isdecimal()`` without ``isascii()`` anywhere in the code; shared/numbers.py is the way."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = []
    for folder in ("client", "server", "shared", "doublenine", "bench", "deploy"):
        for path in sorted((root / folder).rglob("*.py")):
            if path.name == "numbers.py" and path.parent.name == "shared":
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                if re.search(r"type=(int|float)\b", code) or (
                        re.search(r"\.is(digit|numeric|decimal)\(\)", code) and ".isascii()" not in code
                        and "``" not in code):
                    found.append(f"{path.relative_to(root)}:{n}: {line.strip()}")
    assert found == []
