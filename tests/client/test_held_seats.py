"""D7, attacker F5: the seats a window holds at other servers' tables (config ``held``) are kept per server
and table, bounded (:data:`~doublenine.client.config.MAX_HELD`, the oldest dropped) and read back from
client.json only when each part is what the wire and ``--server`` accept (the file is outside text)."""
from __future__ import annotations

import json
from pathlib import Path

from doublenine.client import config

A, B = "ws://127.0.0.1:8765/", "ws://10.0.0.2:80/"


def test_d7_a_seat_is_kept_per_server_and_table() -> None:
    saved = config.hold_seat(config.Settings(), A, "KQ7PM", "tokA")
    saved = config.hold_seat(saved, A, "K7QPA", "tokB")
    saved = config.hold_seat(saved, B, "KQ7PM", "tokC")
    assert (config.held_seat(saved, A, "KQ7PM"), config.held_seat(saved, A, "K7QPA"),
            config.held_seat(saved, B, "KQ7PM"), config.held_seat(saved, B, "K7QPA")) == ("tokA", "tokB", "tokC", "")
    saved = config.hold_seat(saved, A, "KQ7PM", "tokD")  # a new seat there replaces the old one, first
    assert saved.held == ("KQ7PM tokD ws://127.0.0.1:8765/", "KQ7PM tokC ws://10.0.0.2:80/",
                          "K7QPA tokB ws://127.0.0.1:8765/")
    assert config.release_seat(saved, A, "K7QPA").held == saved.held[:2]


def test_d7_held_seats_are_bounded_and_the_oldest_is_dropped() -> None:
    saved = config.Settings()
    for i, code in enumerate(("KQ7PM", "K7QPA", "KQ7PA", "K7QPM", "QK7PM")):
        saved = config.hold_seat(saved, A, code, f"t{i}")
    assert len(saved.held) == config.MAX_HELD == 4
    assert config.held_seat(saved, A, "KQ7PM") == "" and config.held_seat(saved, A, "QK7PM") == "t4"


def test_d7_a_seat_the_wire_would_refuse_is_not_kept() -> None:
    for server, code, token in ((A, "kq7pm", "t"), (A, "KQ7PM", "t" * 129), (A, "KQ7PM", ""),
                                ("http://x/", "KQ7PM", "t")):
        assert config.hold_seat(config.Settings(), server, code, token).held == ()
    # a table's own URL (an invite's /t/CODE) is kept as its server's address: one spelling per server
    assert config.hold_seat(config.Settings(), "ws://h:1/t/KQ7PM", "KQ7PM", "t").held == ("KQ7PM t ws://h:1/",)


def test_d7_held_seats_are_read_back_only_when_valid(tmp_path: Path) -> None:
    path = tmp_path / "client.json"
    good = "KQ7PM tok ws://127.0.0.1:8765/"
    bad = ["KQ7PM tok", "KQ7PM " + "t" * 129 + " " + A, "\x1b[2J tok " + A, "KQ7PM tok ftp://x/",
           "KQ7PM tok ws://x:1/ extra", "KQ7PM tok ws://x/" + "a" * 3000, 7, None]
    path.write_text(json.dumps({"held": [*bad[:4], good]}), encoding="utf-8")
    assert config.load(path).held == ()  # only the first MAX_HELD entries are looked at: four bad
    path.write_text(json.dumps({"held": [good, *bad]}), encoding="utf-8")
    assert config.load(path).held == (good,)
    path.write_text(json.dumps({"held": good}), encoding="utf-8")
    assert config.load(path).held == ()
    config.save(config.hold_seat(config.Settings(), A, "K7QPA", "x"), path)
    assert config.load(path).held == ("K7QPA x ws://127.0.0.1:8765/",)
