"""Attacker F4: ``doublenine bot`` against a hostile server (kind: values from the server used without
validation, and printed to a terminal raw). A bad frame is skipped and said, as the window skips it;
the table code and every server word printed are cleaned of control characters; the end is one clean
line, never a traceback. A fake server on loopback plays the attacker's frames."""
from __future__ import annotations

import argparse
from typing import Any

import msgpack  # type: ignore[import-untyped]
from loopback_ws import LoopbackServer

from doublenine.server import botcli
from doublenine.shared import protocol as p
from doublenine.shared.convert import view_to_wire
from doublenine.shared.events import MatchLog
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

ESCAPES = "\x1b]0;PWN\x07\x1b[2J\x1b[31mX"
TABLE = {"code": "SNAKE", "seeded": False, "started": True, "paused": False, "seats": [
    {"seat": s, "name": "Ana", "kind": "human", "level": "easy", "claimed": True, "connected": True,
     "computer_plays": False} for s in (1, 2, 3, 4)]}


class HostileServer(LoopbackServer):
    """Loopback server that answers one attach with ``frames``, collects what the bot sends for a moment,
    then closes with code 4010 (the host ended the game) and ``reason``."""

    def __init__(self, frames: list[Any], reason: str) -> None:
        self.frames, self.reason, self.received = frames, reason, []  # type: ignore[var-annotated]
        self.paths: list[str] = []
        super().__init__()

    def _handle(self, ws: Any) -> None:
        self.paths.append(ws.request.path)
        p.decode_client(ws.recv())
        ws.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION)))
        self.received.append(p.decode_client(ws.recv()))
        for frame in self.frames:
            ws.send(frame)
        try:
            while True:
                self.received.append(p.decode_client(ws.recv(timeout=1.0)))
        except TimeoutError:
            pass
        ws.close(4010, self.reason)


def _run_bot(url: str, capsys: Any) -> tuple[int, list[str]]:
    parser = argparse.ArgumentParser()
    botcli.add_arguments(parser)
    code = botcli.run(parser.parse_args(["--server", url, "--table", "SNAKE", "--pace", "0"]))
    out, err = capsys.readouterr()  # its progress on stdout, the line that ends it on stderr (s12)
    assert len(err.splitlines()) == 1
    return code, out.splitlines() + err.splitlines()


def test_f4_bad_frames_are_skipped_and_said_cleanly_and_the_end_is_one_line(capsys: Any) -> None:
    view = view_to_wire(view_for(MatchLog(seed=5).state, Seat.ONE))
    frames = [
        p.pack({"type": "joined", "code": ESCAPES, "seat": 1, "token": "t0ken"}),  # off the code's form
        p.pack({"type": "joined", "code": "A" * 4000, "seat": 1, "token": "t" * 4000}),
        p.pack({"type": "joined", "code": "SNAKE", "seat": 1, "token": "t0ken"}),
        p.pack({"type": "snapshot", "seq": 0, "view": view, "table": TABLE}),
        p.pack({"type": "table", "table": "nope"}),  # WRONG_TYPES
        msgpack.packb({"type": "chat", "lines": [], "history": "x" * 12000}),  # over max_str_len: MALFORMED_FRAME
        "text frame",
        p.pack({"type": "update", "seq": 99}),  # fits the schema, not the view held: a snapshot is asked for
    ]
    with HostileServer(frames, "\x1b[31mbye\x07") as server:
        code, out = _run_bot(server.url, capsys)
    assert code == 1
    assert out[0].startswith("doublenine bot: server frame skipped: WRONG_TYPES: code: ")
    assert out[1].startswith("doublenine bot: server frame skipped: WRONG_TYPES: code: ")
    assert out[2] == "doublenine bot: seat 1 at table SNAKE"
    assert out[3] == "doublenine bot: server frame skipped: WRONG_TYPES: table: Input should be a valid " \
                     "dictionary or instance of TableW"
    assert out[4] == "doublenine bot: server frame skipped: MALFORMED_FRAME: not msgpack within the limits: " \
                     "12000 exceeds max_str_len(4096)"
    assert out[5] == "doublenine bot: server frame skipped: MALFORMED_FRAME: a text frame (server frames are binary)"
    assert out[6] == "doublenine bot: server frame skipped: Update does not fit the view held (ValueError)"
    assert out[7] == "doublenine bot: the server ended the game ([31mbye)"  # the escapes are gone
    assert len(out) == 8 and not any(ch in line for line in out for ch in "\x1b\x07")
    assert "Traceback" not in "\n".join(out) and server.paths == ["/t/SNAKE"]
    assert any(isinstance(msg, p.Resync) for msg in server.received)


def test_f4_the_terminal_line_is_cleaned_and_bounded(capsys: Any) -> None:
    botcli.say("at table \x1b]0;PWN\x07\x1b[2J\u202e" + "A" * 4000 + "\n")
    line = capsys.readouterr().out
    assert line == "doublenine bot: at table ]0;PWN[2J" + "A" * (botcli.SAID_CHARS - len("at table ]0;PWN[2J")) + "\n"


def test_f4_a_stream_of_bad_frames_is_said_at_most_twenty_times(capsys: Any) -> None:
    view = view_to_wire(view_for(MatchLog(seed=5).state, Seat.ONE))
    frames = [p.pack({"type": "joined", "code": "SNAKE", "seat": 1, "token": "t0ken"}),
              p.pack({"type": "snapshot", "seq": 0, "view": view, "table": TABLE})] + ["text frame"] * 100
    with HostileServer(frames, "") as server:
        code, out = _run_bot(server.url, capsys)
    skipped = "doublenine bot: server frame skipped: MALFORMED_FRAME: a text frame (server frames are binary)"
    assert code == 1 and out[0] == "doublenine bot: seat 1 at table SNAKE"
    assert out[1:] == [skipped] * 20 + ["doublenine bot: more server frames skipped: not said any more",
                                        "doublenine bot: the server ended the game (the game was ended on "
                                        "purpose (the host closed its window) (close code 4010))"]
