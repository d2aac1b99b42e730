"""``--public-address`` and ``$DOUBLENINE_PUBLIC_ADDRESS`` (operator s11 finding 10): the names page
links and invites may carry; anything that is not ``host[:port]`` is refused before serving."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest

from doublenine.server.cli import add_arguments, public_address, public_addresses


def test_public_address_takes_host_or_host_and_port_in_lower_case() -> None:
    assert [public_address(v) for v in ("Play.Example.org", " play.example.org:8443 ", "203.0.113.7",
                                        "[2001:DB8::7]:443", "localhost")] \
        == ["play.example.org", "play.example.org:8443", "203.0.113.7", "[2001:db8::7]:443", "localhost"]


@pytest.mark.parametrize("bad", ["https://play.example.org", "play.example.org/", "play.example.org:0",
                                 "play.example.org:99999", "play.example.org:x", "a b", "", "user@host",
                                 "[::1", "bad_name!.org"])
def test_public_address_refuses_anything_else(bad: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        public_address(bad)
    assert str(refused.value) == ("not HOST or HOST:PORT (e.g. play.example.org or play.example.org:8443): "
                                  f"{bad!r}")


def test_the_option_is_repeatable_and_the_environment_is_the_default() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    given = parser.parse_args(["--public-address", "Play.example.org", "--public-address", "localhost:41443"])
    assert public_addresses(given.public_address, {"DOUBLENINE_PUBLIC_ADDRESS": "other.org"}) \
        == ("play.example.org", "localhost:41443")
    none = parser.parse_args([]).public_address
    assert public_addresses(none, {"DOUBLENINE_PUBLIC_ADDRESS": "Play.example.org, localhost:41443 x.org"}) \
        == ("play.example.org", "localhost:41443", "x.org")
    assert public_addresses(none, {}) == ()
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        public_addresses(none, {"DOUBLENINE_PUBLIC_ADDRESS": "play.example.org,https://x.org"})
    assert str(refused.value) == ("$DOUBLENINE_PUBLIC_ADDRESS: not HOST or HOST:PORT (e.g. play.example.org or "
                                  "play.example.org:8443): 'https://x.org'")


def test_serve_refuses_a_bad_value_in_one_line_before_serving(tmp_path) -> None:
    flag = subprocess.run([sys.executable, "-m", "doublenine", "serve", "--port", "0", "--db", ":memory:",
                           "--public-address", "https://play.example.org"],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert flag.returncode == 2 and "--public-address: not HOST or HOST:PORT" in flag.stderr
    env = subprocess.run([sys.executable, "-m", "doublenine", "serve", "--port", "0", "--db", ":memory:"],
                         capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                         env={**os.environ, "DOUBLENINE_PUBLIC_ADDRESS": "play.example.org https://x.org"})
    assert (env.returncode, env.stderr) == (
        2, "doublenine serve: $DOUBLENINE_PUBLIC_ADDRESS: not HOST or HOST:PORT (e.g. play.example.org or "
           "play.example.org:8443): 'https://x.org'\n")
