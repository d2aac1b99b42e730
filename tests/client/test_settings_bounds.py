"""Each field of client.json is read back within its own bounds (kind: one bound for every field of a type, 64
characters for every list entry and 200 for every text, so an earlier match's entry holding a full-length seat
token, 128 characters by the protocol, was dropped, and a shorter one could lose its port to the cut)."""
from __future__ import annotations

import json
from pathlib import Path

from doublenine.client import config
from doublenine.client.config import Settings, earlier_matches, keep_match, load, save

TOKEN = "t" * 127 + "Z"
"""A seat token of the protocol's full length (docs/protocol.md ``joined``: 1..128 characters)."""


def test_an_earlier_match_with_a_full_length_token_comes_back_whole(tmp_path: Path) -> None:
    path = tmp_path / "client.json"
    saved = keep_match(Settings(resume_code="K7QPA", resume_token=TOKEN, resume_score="46-0", resume_port=8765),
                       "HHZAS", "u" * 128)
    assert saved.earlier == (f"K7QPA {TOKEN} 46-0 8765",)
    save(saved, path)
    back = load(path)
    assert earlier_matches(back) == (("K7QPA", TOKEN, "46-0", 8765),)
    assert (back.resume_code, back.resume_token) == ("HHZAS", "u" * 128)


def test_a_token_just_long_enough_to_be_cut_keeps_its_port(tmp_path: Path) -> None:
    """53 characters: the old cut at 64 left "K7QPA <53> 46-0" of "K7QPA <53> 46-0 8765", a match hosted for
    friends on 8765 read back as a local table (its friends' windows could not come back to it)."""
    path = tmp_path / "client.json"
    save(Settings(earlier=(f"K7QPA {'a' * 53} 46-0 8765",)), path)
    assert earlier_matches(load(path)) == (("K7QPA", "a" * 53, "46-0", 8765),)


def test_over_long_values_are_left_out_never_cut(tmp_path: Path) -> None:
    path = tmp_path / "client.json"
    long_url = "ws://" + "a" * 250 + ".example:8765/"
    path.write_text(json.dumps({
        "earlier": [f"K7QPA {'x' * 129} 1-0", f"QQ2KP {TOKEN} 2-0"],  # 129: not a token, not a cut one
        "resume_token": "y" * 129, "resume_code": "HHZAS",
        "server": long_url, "name": "N" * 33,
        "muted": ["Zoë", "M" * 33, ""],
    }), encoding="utf-8")
    back = load(path)
    assert earlier_matches(back) == (("QQ2KP", TOKEN, "2-0", 0),)
    assert back.resume_token == "" and back.resume_code == "HHZAS"
    assert back.server == long_url  # a server URL may be 2048 characters (shared/invite.check_server_url)
    assert back.name == ""
    assert back.muted == ("Zoë", "")


def test_each_list_and_text_field_has_its_own_bound() -> None:
    from dataclasses import fields
    kinds = {f.name: f.type for f in fields(Settings)}
    lists = {n for n, k in kinds.items() if k == "tuple[str, ...]"} - {"held", "players"}
    texts = {n for n, k in kinds.items() if k == "str"}
    assert lists == set(config.FIELD_ENTRIES) and texts == set(config.FIELD_CHARS)
    assert config.FIELD_CHARS["resume_token"] == 128 and config.FIELD_CHARS["name"] == 32
