"""Stored chat lines are checked like frames from outside before any client hears them (attacker s11
F2: a stored row ``{at: 1e300, seat: 9, name: "X"*1000+U+202E, mine: true}`` went to every client
unchecked, and the shipped client refused the whole history frame for that one line)."""
from __future__ import annotations

import logging

import msgpack

from doublenine.server.chat import decode_lines, stored_line
from doublenine.server.storage import open_store
from doublenine.shared import protocol as p

from .conftest import connect, create, spectate

GOOD = {"id": 1, "at": 1.5, "seat": 1, "name": "Ana", "text": "hola"}


def _row(i: int, m: object) -> tuple[int, bytes]:
    return i, msgpack.packb(m, use_bin_type=True)


def test_a_line_the_server_could_have_said_is_kept_as_it_was_said() -> None:
    assert stored_line(1, GOOD) == GOOD
    spectator = {"id": 2, "at": 2.0, "seat": None, "name": "", "phrase": "thanks"}
    assert stored_line(2, spectator) == spectator
    assert stored_line(1, {**GOOD, "mine": True}) == GOOD  # mine is only ever in the sender's live copy


def test_a_named_spectators_stored_line_is_kept() -> None:
    """rp5 s15 F-chat-lost: dn_chat rows 2, 3 (seat None, name "Bernd", a late arrival waiting for the
    next hand) were skipped "not a chat line" at each restart, lost from every window."""
    bernd = {"id": 2, "at": 2.0, "seat": None, "name": "Bernd", "text": "Hallo Amelie"}
    assert stored_line(2, bernd) == bernd
    assert decode_lines([_row(1, GOOD), _row(2, bernd), _row(3, {**bernd, "id": 3, "text": "Zeile im Ausfall"})],
                        "TDWE5") == [GOOD, bernd, {**bernd, "id": 3, "text": "Zeile im Ausfall"}]


def test_every_kind_of_bad_stored_line_is_refused() -> None:
    bad = [
        {**GOOD, "at": 1e300}, {**GOOD, "seat": 9}, {**GOOD, "name": "X" * 1000 + "\u202e"},
        {**GOOD, "name": "Ana\u202e"}, {**GOOD, "text": "<b>" * 300}, {**GOOD, "text": "a\nb"},
        {**GOOD, "id": 2}, {**GOOD, "phrase": "thanks"}, {k: v for k, v in GOOD.items() if k != "text"},
        {**GOOD, "phrase": "no such phrase", "text": None}, {**GOOD, "extra": 1},
        {**GOOD, "at": float("inf")}, {**GOOD, "id": True}, [1, 2], "line",
    ]
    assert [stored_line(1, m) for m in bad] == [None] * len(bad)


def test_decode_lines_skips_the_bad_rows_keeps_the_rest_and_logs_once(caplog) -> None:
    rows = [_row(1, GOOD), _row(2, {**GOOD, "id": 2, "at": 1e300, "seat": 9}), (3, b"\xc1"),
            _row(4, {**GOOD, "id": 4, "mine": True}), _row(5, {**GOOD, "id": 5, "name": "Y" * 33})]
    with caplog.at_level(logging.ERROR, "doublenine.server.chat"):
        lines = decode_lines(rows, "ABCDE")
    assert lines == [GOOD, {**GOOD, "id": 4}]
    assert [r.getMessage() for r in caplog.records] == [
        "table ABCDE: 3 stored chat lines skipped (not a chat line), ids [2, 3, 5]"]


async def test_a_joiner_hears_the_good_stored_lines_of_a_table_with_junk_ones(make_server, tmp_path) -> None:
    path = str(tmp_path / "t.sqlite3")
    store = open_store(path)
    first = await make_server(store=store)
    host = await create(first, "hccc", sit=1, seed=5)
    token, code = host.token, host.code
    await host.send({"type": "chat", "text": "first"})
    await host.until(lambda m: isinstance(m, p.ChatLines))
    await first.stop()  # closes its store
    store = open_store(path)
    junk = {"id": 3, "at": 1e300, "seat": 9, "name": "X" * 1000 + "\u202e", "text": "<b>" * 300, "mine": True}
    await store.append_chat(code, 2, msgpack.packb({**junk, "id": 2, "at": 3.0, "seat": 1, "name": "Ana",
                                                     "text": "second"}, use_bin_type=True), 50)
    await store.append_chat(code, 3, msgpack.packb(junk, use_bin_type=True), 50)  # the last row: junk
    await store.close()
    store2 = open_store(path)
    second = await make_server(store=store2)
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    history = await back.until(lambda m: isinstance(m, p.ChatLines))  # the client's own decoder took it
    assert history.history is True
    assert [(x.id, x.seat, x.text, x.mine) for x in history.lines] == [(1, 1, "first", False), (2, 1, "second", False)]
    await back.send({"type": "chat", "phrase": "back"})
    said = await back.until(lambda m: isinstance(m, p.ChatLines) and not m.history)
    assert said.lines[0].id == 4  # ids go on after the last stored row, the skipped one too
    await store2.close()


async def test_a_named_spectators_lines_survive_a_restart(make_server, tmp_path) -> None:
    """rp5 s15 F-chat-lost, end to end: a named spectator's line, stored, is in the history after a restart."""
    path = str(tmp_path / "t.sqlite3")
    first = await make_server(store=open_store(path))
    host = await create(first, "hccc", sit=1, seed=5)
    token, code = host.token, host.code
    bernd = await spectate(first, code, name="Bernd")
    await bernd.send({"type": "chat", "text": "Hallo Amelie"})
    await host.until(lambda m: isinstance(m, p.ChatLines) and not m.history)
    await first.stop()
    store2 = open_store(path)
    second = await make_server(store=store2)
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    history = await back.until(lambda m: isinstance(m, p.ChatLines))
    assert [(x.id, x.seat, x.name, x.text) for x in history.lines] == [(1, None, "Bernd", "Hallo Amelie")]
    await store2.close()
