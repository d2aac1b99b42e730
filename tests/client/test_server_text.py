"""Text a server sends reaches the player only as the window's own sentence or bounded and cleaned
(kind: text from outside shown to the player untranslated or unbounded; left alone last session: a
join refusal in client/net.py could show the server's English detail). A stranger's server is
untrusted: its frames may carry 4 KiB strings (protocol.SERVER_LIMITS)."""
from __future__ import annotations

import logging
from types import SimpleNamespace

from doublenine.client.net import NetClient
from doublenine.client.panels import status_line
from doublenine.client.store import ClientState, reduce
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.wire import SeatW, TableW

ENGLISH = "127.0.0.1 has 8 open tables (limit 8)"
HOSTILE = "\u202eZalgo" + "\u0301" * 9 + " " + "x" * 4000 + "\x00\n"


def _table(name: str, code: str = "KQ7PM") -> TableW:
    seat = dict(kind="human", level="normal", claimed=True, connected=True, computer_plays=False)
    return TableW(code=code, seats=tuple(SeatW(seat=i, name=name if i == 1 else f"P{i}", **seat)  # type: ignore[arg-type]
                                         for i in (1, 2, 3, 4)), seeded=False, started=True, paused=False)


def test_a_join_refusal_is_the_sentence_for_its_code_and_the_detail_goes_to_the_log(caplog) -> None:
    client = NetClient("ws://127.0.0.1:9/", p.Spectate(code="KQ7PM"))
    caplog.set_level(logging.INFO, logger="doublenine.client.net")
    for code, key in (("TOO_MANY_TABLES", "net.refused"), ("SPECTATORS_FULL", "net.refused"),
                      ("STALE", "net.refused"), ("TABLE_FULL", "table.full"), ("UNKNOWN_TABLE", "table.closed")):
        failure = client._failure_of(p.Error(code=code, detail=ENGLISH))
        assert failure.key == key
        for lang in ("en", "fr", "de"):
            assert ENGLISH not in failure.text(lang) and "open tables" not in failure.text(lang)
    spectators = client._failure_of(p.Error(code="SPECTATORS_FULL", detail=ENGLISH))
    assert spectators.text("fr") == "Cette table a déjà tous les spectateurs permis (refusé par le serveur à 127.0.0.1:9)"
    assert caplog.text.count(ENGLISH) == 6  # one line per refusal, for whoever reads the log


def test_an_error_after_joining_is_shown_as_its_sentence_never_its_detail() -> None:
    playing = ClientState(view=SimpleNamespace(seat=None))  # type: ignore[arg-type]  # read before ``error`` only
    state = reduce(playing, p.Error(code="CHAT_TOO_FAST", detail="chat again in 1.5 s"))
    assert state.error == "CHAT_TOO_FAST"
    assert status_line(state, Ui(), "en") == ("You are chatting too fast: wait a moment", {})


def test_seat_names_from_a_server_are_cleaned_and_bounded() -> None:
    state = reduce(ClientState(), p.TableUpdate(table=_table(HOSTILE)))
    assert state.names[0] == "Zalg\u00f3\u0301\u0301 " + "x" * 24 and len(state.names[0]) == 32
    assert state.names[1:] == ("P2", "P3", "P4") and state.table == "KQ7PM"
    state = reduce(state, p.Joined(code="ABCDE"))
    assert state.table == "ABCDE"
    assert reduce(ClientState(), p.TableUpdate(table=_table("\u200b\u200b"))).names[0] == ""  # blank: default name


def test_chat_names_and_text_from_a_server_are_cleaned_and_bounded() -> None:
    line = p.ChatLineW(id=1, at=0.0, seat=2, name=HOSTILE, text=HOSTILE)
    (live,) = reduce(ClientState(), p.ChatLines(lines=(line,))).chat
    assert len(live.name) == 32 and live.name.startswith("Zalg\u00f3\u0301\u0301 xx")
    assert len(live.text) == 200 and live.text.endswith("x") and "\u202e" not in live.text
    blank = p.ChatLineW(id=2, at=0.0, seat=None, text="\u200b", mine=True)
    (kept,) = reduce(ClientState(), p.ChatLines(lines=(blank,), history=True)).chat
    assert (kept.text, kept.mine) == ("…", False)  # a history never says mine; nothing visible is an ellipsis
    plain = p.ChatLineW(id=3, at=0.0, seat=1, name="Ana", text="hola")
    assert reduce(ClientState(), p.ChatLines(lines=(plain,))).chat[0] is plain  # clean text is not copied
