"""Table chat over real sockets (issue 15 part 1): delivery, cleaning, limits, the phrases-only
setting, and chat kept with the table but never in its log."""
from __future__ import annotations

import asyncio

from doublenine.server.storage import open_store
from doublenine.shared import protocol as p
from doublenine.server.chat import TableChat
from doublenine.shared.chat import CHAT_BURST, CROWD_BURST, KEPT, MAX_CHARS, SPECTATOR_LINES_KEPT, kept_lines
from doublenine.server.netbot import TableClient
from doublenine.shared.codec import decode_rows
from doublenine.shared.ledger import dumps, hand_script, ledger_from_view, match_record
from doublenine.shared.state import Phase

from .conftest import connect, create, join, play_all, settle, spectate
from .test_consent import two_humans_after_seat1_moved


async def _said(c, n: int = 1) -> list[p.ChatLineW]:
    """Wait until ``c`` has heard ``n`` more chat lines (at most 50: a client keeps the newest 50, so
    they are told by id, not by count); return them."""
    last = c.chat[-1].id if c.chat else 0

    def heard() -> list[p.ChatLineW]:
        return [line for line in c.chat if line.id > last]

    while len(heard()) < n:
        await c.next()
    return heard()


async def _refused(c) -> p.Error:
    return await c.until(lambda m: isinstance(m, p.Error))


async def test_a_seats_chat_reaches_the_other_seat_and_the_spectator_cleaned(server) -> None:
    host = await create(server, "hhcc", sit=1, name="Ana")
    guest = await join(server, host.code, seat=2, name="Bo")
    watcher = await spectate(server, host.code)
    await host.send({"type": "chat", "text": "  Hola\u200b\n  amigos\u202e "})
    for c in (host, guest, watcher):
        (line,) = await _said(c)
        assert (line.id, line.seat, line.name, line.text, line.phrase) == (1, 1, "Ana", "Hola amigos", None)


async def test_a_spectators_chat_reaches_every_seat_as_a_phrase_id(server) -> None:
    host = await create(server, "hhcc", sit=1, name="Ana")
    guest = await join(server, host.code, seat=2, name="Bo")
    watcher = await spectate(server, host.code)
    await watcher.send({"type": "chat", "phrase": "good_game"})
    for c in (host, guest, watcher):
        (line,) = await _said(c)
        assert (line.seat, line.name, line.text, line.phrase) == (None, "", None, "good_game")


async def test_only_the_senders_own_copy_says_mine_so_a_spectator_knows_its_lines(server) -> None:
    """Spectators' own lines carry no seat: ``mine`` is true in the sender's copy only, never in history."""
    host = await create(server, "hhcc", sit=1, name="Ana")
    watcher = await spectate(server, host.code)
    other = await spectate(server, host.code)
    await watcher.send({"type": "chat", "phrase": "hello"})
    assert [(c, (await _said(c))[0].mine) for c in (host, watcher, other)] == \
        [(host, False), (watcher, True), (other, False)]
    await host.send({"type": "chat", "text": "hola"})
    assert [(await _said(c))[0].mine for c in (host, watcher, other)] == [True, False, False]
    late = await spectate(server, host.code)
    await late.until(lambda m: isinstance(m, p.ChatLines))
    assert [(x.id, x.seat, x.mine) for x in late.chat] == [(1, None, False), (2, 1, False)]
    frames = [p.unpack(f, p.SERVER_LIMITS) for f in late.frames]
    history = [line for f in frames if f.get("type") == "chat" for line in f["lines"]]
    assert [line["id"] for line in history] == [1, 2] and all("mine" not in line for line in history)


async def test_chat_is_cut_to_its_length_and_blank_or_malformed_chat_is_refused(server) -> None:
    host = await create(server, "hccc", sit=1)
    await host.send({"type": "chat", "text": "é" * 250})
    (line,) = await _said(host)
    assert line.text == "é" * MAX_CHARS
    await host.send({"type": "chat", "text": "\u200b \u2066\n\t"})
    assert (await _refused(host)).code == "CHAT_BLANK"
    for bad in ({"type": "chat", "text": "x" * 257}, {"type": "chat"},
                {"type": "chat", "text": "hi", "phrase": "thanks"}, {"type": "chat", "phrase": "cheat"},
                {"type": "chat", "text": 5}):
        await host.send_raw(p.pack(bad))
        assert (await _refused(host)).code == "WRONG_TYPES", bad
    assert [x.id for x in host.chat] == [1]  # nothing refused was said


async def test_chat_rate_limit_is_per_connection_with_a_stable_code(server) -> None:
    host = await create(server, "hhcc", sit=1)
    guest = await join(server, host.code, seat=2)
    for i in range(CHAT_BURST):
        await host.send({"type": "chat", "text": f"m{i}"})
    await _said(host, CHAT_BURST)
    await host.send({"type": "chat", "text": "one too many"})
    err = await _refused(host)
    assert err.code == "CHAT_TOO_FAST" and 0 < err.data["retry_after"] <= 2.0
    await guest.send({"type": "chat", "phrase": "thanks"})  # the other connection is not limited
    lines = await _said(guest, CHAT_BURST + 1)
    assert [x.text or x.phrase for x in lines] == [f"m{i}" for i in range(CHAT_BURST)] + ["thanks"]


async def test_spectators_of_one_address_share_one_chat_rate_per_table(server) -> None:
    """Attacker finding: 31 spectators from one address, each within its own rate, pushed the
    table's real lines out of the kept ones in 1.5 s. Seats keep their own rate."""
    host = await create(server, "hccc", sit=1)
    crowd = [await spectate(server, host.code) for _ in range(CHAT_BURST + 1)]
    for i, c in enumerate(crowd[:CHAT_BURST]):
        await c.send({"type": "chat", "text": f"s{i}"})
        await _said(c)
    await crowd[-1].send({"type": "chat", "text": "one too many"})  # its own first line
    err = await _refused(crowd[-1])
    assert err.code == "CHAT_TOO_FAST" and err.data["limit"] == "address" and 0 < err.data["retry_after"] <= 2.0
    await host.send({"type": "chat", "text": "mine"})  # the seat is not limited by them
    lines = await _said(host, CHAT_BURST + 1)
    assert [x.text for x in lines] == [f"s{i}" for i in range(CHAT_BURST)] + ["mine"]


async def _watcher(server, code: str, address: str) -> TableClient:
    c = await TableClient.connect(server.url, local_addr=(address, 0))
    c.keep_frames = True
    return await c.attach({"type": "spectate", "code": code})


async def test_spectators_of_a_table_share_one_slow_mode_and_the_players_are_never_limited_by_them(server) -> None:
    """Stream s16 F4: each address's spectators had their own allowance, so k watching addresses added k/2
    lines a second at the players (8 addresses, 20 lines a second each: 174 lines at a seat in 25 s).
    All spectators of a table now share one more (1 a second, bursts of 5): the sixth address's first
    line is refused CHAT_TOO_FAST with data.limit "table"; the seats still say theirs."""
    host = await create(server, "hhcc", sit=1)
    partner = await join(server, host.code, seat=2)
    crowd = [await _watcher(server, host.code, f"127.0.40.{i + 1}") for i in range(CROWD_BURST + 1)]
    for i, c in enumerate(crowd[:CROWD_BURST]):  # one line each from five addresses: within every limit
        await c.send({"type": "chat", "text": f"w{i}"})
        await _said(c)
    await crowd[-1].send({"type": "chat", "text": "one too many"})  # its address's and its own first line
    err = await _refused(crowd[-1])
    assert err.code == "CHAT_TOO_FAST" and err.data["limit"] == "table" and 0 < err.data["retry_after"] <= 1.0
    for c in (host, partner):
        await c.send({"type": "chat", "phrase": "one_moment"})
    lines = await _said(host, CROWD_BURST + 2)
    assert [x.text or x.phrase for x in lines] == [f"w{i}" for i in range(CROWD_BURST)] + ["one_moment"] * 2


def _line(i: int, seat: int | None) -> dict:
    return {"id": i, "at": 1.0, "seat": seat, "name": "", "text": f"l{i}"}


def test_the_kept_lines_are_the_newest_50_of_them_at_most_25_spectators() -> None:
    """Stream s16 F4: the table kept its newest 50 lines, so a crowd pushed the players' lines out within
    seconds. One player's line, then 60 spectators' lines: the player's line stays, with the newest 25
    spectators'; then 40 players' lines push out the oldest spectators' lines as ever."""
    chat = TableChat()
    lines = [_line(1, 2)] + [_line(i, None) for i in range(2, 62)]
    gone: list[int] = []
    for line in lines:
        gone += chat.pushed_out(line)
        chat.add(line)
    assert [x["id"] for x in chat.lines] == [1] + list(range(37, 62))
    assert gone == list(range(2, 37))
    for i in range(62, 102):
        chat.add(_line(i, 1))
    assert [x["id"] for x in chat.lines] == list(range(52, 62)) + list(range(62, 102))
    assert len(chat.lines) == KEPT
    assert kept_lines(lines, lambda x: x["seat"] is None) == [lines[0]] + lines[-SPECTATOR_LINES_KEPT:]
    assert [x["id"] for x in TableChat(lines).lines] == [1] + list(range(37, 62))  # a history taken from the store


async def test_the_players_lines_stay_in_the_history_after_a_crowds_lines_and_a_restart(make_server, tmp_path) -> None:
    """Stream s16 F4: what the table keeps is what it stores: after a restart the history holds the
    player's line and the newest 25 spectators' lines; a client keeps the same (netbot.kept_chat)."""
    store = open_store(str(tmp_path / "t.sqlite3"))
    first = await make_server(store=store)
    host = await create(first, "hccc", sit=1, seed=5)
    token, code = host.token, host.code
    await host.send({"type": "chat", "text": "partner, wait"})
    await _said(host)
    table = first.registry.tables[code]
    watchers = [await _watcher(first, code, f"127.0.41.{i + 1}") for i in range(3)]
    for i in range(SPECTATOR_LINES_KEPT + 10):
        for bucket in (table.chat.crowd, *table.chat.spectating.values()):
            bucket.allowance = 5.0  # the test says many lines; the limits have their own tests
        for conn in first.registry.connections:
            conn.chat_bucket.allowance = 5.0
        await watchers[i % 3].send({"type": "chat", "text": f"crowd {i}"})
        await _said(host)
    crowd = [f"crowd {i}" for i in range(10, SPECTATOR_LINES_KEPT + 10)]
    assert [x.text for x in host.chat] == ["partner, wait"] + crowd
    await first.stop()
    await store.close()
    store2 = open_store(str(tmp_path / "t.sqlite3"))
    second = await make_server(store=store2)
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    await back.until(lambda m: isinstance(m, p.ChatLines))
    assert [x.text for x in back.chat] == ["partner, wait"] + crowd
    await store2.close()


async def test_phrases_only_in_hand_table_refuses_free_text_during_a_hand_from_anyone(server) -> None:
    host = await connect(server)
    await host.attach({"type": "create_table", "seats": [{"kind": "human"}] + [{"kind": "computer"}] * 3,
                       "seed": 3, "sit": 1, "name": "Ana", "chat": "phrases_in_hand"})
    watcher = await spectate(server, host.code)
    assert host.table.chat == "phrases_in_hand" and watcher.table.chat == "phrases_in_hand"
    assert host.view.phase is Phase.DRAW
    await host.send({"type": "chat", "text": "before the deal"})  # free text outside a hand
    assert (await _said(host))[0].text == "before the deal"
    await asyncio.wait_for(play_all([host], stop=lambda c: c.view.phase is Phase.PLAY), 30)
    for c in (host, watcher):
        await c.send({"type": "chat", "text": "play your nines"})
        err = await _refused(c)
        assert err.code == "PHRASES_ONLY"
    await watcher.send({"type": "chat", "phrase": "well_played"})
    assert (await _said(host))[0].phrase == "well_played"


async def test_chat_never_enters_the_log_moves_no_seq_and_undo_leaves_it(server) -> None:
    host, guest, table = await two_humans_after_seat1_moved(server)
    events, seq = len(table.log.events), table.seq
    await host.send({"type": "chat", "text": "undo that please"})
    await guest.send({"type": "chat", "phrase": "sorry"})
    await _said(host, 2)
    assert (len(table.log.events), table.seq) == (events, seq)  # not a game event
    await host.send({"type": "undo", "expected_seq": host.seq})  # an old expected_seq is not STALE
    req = (await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)).table.request
    await guest.until(lambda m: guest.table.request is not None)
    await guest.send({"type": "consent", "request_id": req.id, "accept": True})
    await host.until(lambda m: isinstance(m, p.RequestClosed))
    await settle([host, guest], table)
    assert [(x["id"], x.get("text"), x.get("phrase")) for x in table.chat.lines] == \
        [(1, "undo that please", None), (2, None, "sorry")]
    again = await connect(server)
    await again.attach({"type": "rejoin", "code": table.code, "token": guest.token})
    await again.until(lambda m: isinstance(m, p.ChatLines))
    assert [(x.id, x.text, x.phrase) for x in again.chat] == [(1, "undo that please", None), (2, None, "sorry")]


async def test_chat_is_in_no_export_match_record_or_hand_script(server) -> None:
    host = await create(server, "hccc", sit=1, seed=11)
    watcher = await spectate(server, host.code)
    secret = "SECRETWORD"
    await host.send({"type": "chat", "text": secret})
    await watcher.send({"type": "chat", "text": secret + "2"})
    await _said(host, 2)
    await asyncio.wait_for(play_all([host], stop=lambda c: len(c.view.finished) >= 1), 30)
    table = server.registry.tables[host.code]
    ledger = ledger_from_view(host.view, seeded=True)
    texts = [dumps(match_record(m, seeded=True)) for m in ledger.matches]
    texts += [dumps(hand_script(h)) for m in ledger.matches for h in m.hands]
    stored = await table.store.load(table.code)
    assert all(secret not in t for t in texts) and len(texts) >= 2
    assert all(secret.encode() not in payload for _, payload in stored.rows)
    assert len(decode_rows(stored.rows)) == len(table.log.events)


async def test_chat_survives_a_server_restart_on_sqlite_and_is_bounded(make_server, tmp_path) -> None:
    store = open_store(str(tmp_path / "t.sqlite3"))
    first = await make_server(store=store)
    host = await create(first, "hccc", sit=1, seed=5)
    token, code = host.token, host.code
    for i in range(KEPT + 3):
        await host.send({"type": "chat", "text": f"line {i}"})
        await _said(host)
        for conn in first.registry.connections:
            conn.chat_bucket.allowance = 5.0  # the test says many lines; the limit has its own test
    await first.stop()
    await store.close()
    store2 = open_store(str(tmp_path / "t.sqlite3"))
    second = await make_server(store=store2)
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    await back.until(lambda m: isinstance(m, p.ChatLines))
    assert [x.text for x in back.chat] == [f"line {i}" for i in range(3, KEPT + 3)]
    assert [x.id for x in back.chat] == list(range(4, KEPT + 4))
    await back.send({"type": "chat", "phrase": "back"})
    assert (await _said(back))[0].id == KEPT + 4  # ids go on after a restart
    await store2.close()


async def test_a_failing_store_refuses_the_line_and_nobody_hears_it(server) -> None:
    host = await create(server, "hhcc", sit=1)
    guest = await join(server, host.code, seat=2)
    table = server.registry.tables[host.code]

    async def broken(*args: object) -> None:
        raise OSError("disk full")

    table.store.inner.append_chat = broken
    await host.send({"type": "chat", "text": "lost"})
    assert (await _refused(host)).code == "INTERNAL"
    await guest.send({"type": "chat", "text": "x"})
    assert (await _refused(guest)).code == "INTERNAL"
    assert list(table.chat.lines) == [] and host.chat == [] and guest.chat == []


async def test_a_spectators_line_carries_its_name_cleaned_and_distinct_as_a_seats(server) -> None:
    """s14 spectate item 3: every spectator's line read "Spectator". ``spectate.name`` names it, through the
    seats' own cleaning (server/seating.seat_name, names.own_name) and made distinct from the four seats'
    names and the other spectators' (names.distinct_name). Kind: a name the seats had checked, spectators
    had none."""
    tables = [[("Zé\u200b\n Silva", "Zé Silva"),  # cleaned as a seat's (format characters, white space)
               ("Zé Silva", "Zé Silva 2"),  # another spectator's name: the first free suffix
               ("ANA", "ANA 2"),  # a seat's name, read alike: suffixed
               ("Ana (you)", "Ana 3")],  # the window's own-seat mark removed, then made distinct
              [("Lu (spectator)", "Lu"),  # the chat's spectator mark removed: never "Lu (spectator) (spectator)"
               ("Spectator", ""),  # a word only the window says: no name, shown "Spectator"
               ("x" * 32, "x" * 32),
               (None, "")]]  # left out (every client before s14): no name
    for raw, stored in ((r, s) for cases in tables for r, s in cases):  # 4 lines a table: the address's burst
        if raw in ("Zé\u200b\n Silva", "Lu (spectator)"):
            host = await create(server, "hhcc", sit=1, name="Ana")
        watcher = await spectate(server, host.code, raw)
        await watcher.send({"type": "chat", "phrase": "hello"})
        for c in (host, watcher):  # the live line (a new spectator hears the history first)
            frame = await c.until(lambda m: isinstance(m, p.ChatLines) and not m.history)
            (line,) = frame.lines
            assert (line.seat, line.name, line.phrase) == (None, stored, "hello"), raw


async def test_a_spectator_name_out_of_bounds_is_refused_as_a_seats(server) -> None:
    c = await connect(server)
    host = await create(server, "hhcc", sit=1, name="Ana")
    await c.send_raw(p.pack({"type": "spectate", "code": host.code, "name": "x" * 33}))
    error = await _refused(c)
    assert (error.code, c.seat, c.code) == ("WRONG_TYPES", None, None)


async def test_the_creator_watching_is_named_by_its_create_table_name(server) -> None:
    host = await create(server, "hhcc", sit=None, name="Ana")
    await host.send({"type": "chat", "phrase": "hello"})
    (line,) = await _said(host)
    assert (line.seat, line.name) == (None, "Ana")
