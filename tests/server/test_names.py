"""Issue 16.2: every name a server accepts is cleaned (shared/cleantext.clean_text); blank -> the seat's default.

Kind: text from outside reaching other players' renderers. The cases are the
issue's: a zero-width space, joiner, soft hyphen or byte-order mark alone is a
blank name (the seat shows its default name); "A\\x00B" loses its NUL.
"""
from __future__ import annotations

import pytest

from doublenine.server.names import distinct_name, distinct_names, name_key, own_name
from doublenine.server.seating import DEFAULT_NAMES, SeatSlot, TableMeta, seat_name
from doublenine.shared import protocol as p
from doublenine.shared.seats import SEATS, Seat

from .conftest import connect, create, join, seats, settle, spectate

BLANK = ["\u200b", "\u200d", "\u00ad", "\ufeff", " \u200b\n", "\x00", "\u3164\u3164\u3164"]


def names(client) -> list[str]:  # type: ignore[no-untyped-def]
    return [s.name for s in client.table.seats]


@pytest.mark.parametrize("raw", BLANK)
async def test_blank_join_name_is_the_seat_default_for_everyone(server, raw: str) -> None:
    host = await create(server, "hhcc", sit=1, name="Ana")
    watcher = await spectate(server, host.code)
    guest = await join(server, host.code, seat=2, name=raw)
    table = server.registry.tables[host.code]
    await settle([host, watcher, guest], table)
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].claimed)
    await watcher.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].claimed)
    for c in (host, watcher, guest):
        assert names(c)[:2] == ["Ana", "East"], raw
    assert table.slots[Seat.TWO].name == ""  # stored blank: the default is drawn, not stored


async def test_nul_inside_a_join_name_is_dropped(server) -> None:
    host = await create(server, "hhcc", sit=1, name="Ana")
    guest = await join(server, host.code, seat=2, name="A\x00B")
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].claimed)
    assert names(host)[1] == "AB" and names(guest)[1] == "AB"


async def test_create_table_names_are_cleaned(server) -> None:
    c = await connect(server)
    specs = seats("h", "c", "c", "h")
    specs[1]["name"] = "\ufeffBot\u200d\x07"
    specs[2]["name"] = "\u00ad"
    specs[3]["name"] = " Jose\u0301 \n Luis "
    await c.attach({"type": "create_table", "seats": specs, "seed": 3, "sit": 1, "name": "\u200b"})
    assert names(c) == ["South", "Bot", "North", "José Luis"]


def test_seat_name_values() -> None:
    assert [seat_name(x) for x in ("A\x00B", "\u200b", "\u200d", "\u00ad", "\ufeff", None, 7)] == \
        ["AB", "", "", "", "", "", ""]
    assert seat_name("x" * 40) == "x" * 32


def test_stored_names_are_cleaned_on_the_way_in() -> None:
    """Old rows in SQLite (written before names were cleaned) come back clean."""
    raw = {"kind": "human", "level": "strong", "name": "A\x00B\u200b", "token_hash": None, "handed_over": False}
    assert SeatSlot.from_record(Seat.ONE, raw).name == "AB"
    blank = SeatSlot.from_record(Seat.TWO, dict(raw, name="\ufeff"))
    assert (blank.name, blank.display_name) == ("", DEFAULT_NAMES[Seat.TWO])
    meta = {"v": 1, "code": "KQ7PM", "seed": 1, "seeded": False, "language": "fr\n", "creator_seat": None,
            "started": False, "created_at": 0.0, "seats": [raw] * 4}
    restored = TableMeta.from_record(meta)
    assert [s.name for s in restored.slots.values()] == ["AB", "AB 2", "AB 3", "AB 4"]  # and made distinct
    assert restored.language is None  # not a language tag: dropped, never sent on


@pytest.mark.parametrize("language", ["fr\x00", "fr\n", "\u202efr", "e n", "", "x" * 17])
async def test_language_must_be_a_language_tag(server, language: str) -> None:
    c = await connect(server)
    await c.send_raw(p.pack({"type": "create_table", "seats": seats("h", "c", "c", "c"), "sit": 1,
                             "name": "Ana", "language": language}))
    err = await c.until(lambda m: isinstance(m, p.Error))
    assert err.code == "WRONG_TYPES"
    assert not server.registry.tables


async def test_language_tags_in_use_are_accepted(server) -> None:
    for language in ("en", "fr", "pt-BR", "es_419", "de"):
        c = await connect(server)
        await c.attach({"type": "create_table", "seats": seats("h", "c", "c", "c"), "sit": 1, "name": "Ana",
                        "language": language})
        assert c.table.language == language


async def test_a_seat_given_up_in_a_started_match_keeps_its_name_and_a_lobby_seat_does_not(server) -> None:
    """New user: after the host left, the friend's window labelled the host's seat "South" (the server's
    default, a name nobody had seen for it) beside "computer". Once started, the computer plays a seat given
    up under the name the table knows ("Ana", as after a hand-over, D7); a newcomer's join names it anew.
    Before the start, the seat is free again and carries no player's name."""
    host = await create(server, "hhcc", sit=1, name="Ana")
    guest = await join(server, host.code, seat=2, name="Bo")
    table = server.registry.tables[host.code]
    assert table.meta.started
    await host.send({"type": "leave"})
    await host.until(lambda m: isinstance(m, p.LeftTable))
    await guest.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[0].claimed)
    assert names(guest)[:2] == ["Ana", "Bo"] and table.slots[Seat.ONE].name == "Ana"
    server.registry.tables[host.code].seats_left.clear()  # another person of the same address (test_seat_churn)
    late = await join(server, host.code, seat=1, name="Cy")
    assert names(late)[0] == "Cy"
    lobby = await create(server, "hhhc", sit=1, name="Dee")  # seat 3 still free: not started
    other = await join(server, lobby.code, seat=2, name="Eve")
    assert not server.registry.tables[lobby.code].meta.started
    await other.send({"type": "leave"})
    await other.until(lambda m: isinstance(m, p.LeftTable))
    await lobby.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].claimed)
    assert server.registry.tables[lobby.code].slots[Seat.TWO].name == "" and names(lobby)[1] == "East"


async def test_a_name_left_out_is_the_seat_default_like_a_blank_one(server) -> None:
    """Tester's finding (session 10): `create_table` with `sit` and `join` without `name` named the seat
    "Player", where docs/protocol.md promised the seat's default name "exactly as if no name had been
    given" (and a blank name got it). Kind: an absent field and its blank value meaning two things."""
    host = await connect(server)
    await host.attach({"type": "create_table", "seats": seats("h", "h", "h", "c"), "seed": 3, "sit": 1})
    guest = await connect(server)
    await guest.attach({"type": "join", "code": host.code, "seat": 2})
    blank = await join(server, host.code, seat=3, name="\u200b")
    table = server.registry.tables[host.code]
    await settle([host, guest, blank], table)
    for c in (host, guest, blank):
        await c.send({"type": "resync"})
        await c.until(lambda m: isinstance(m, p.Snapshot))
        assert names(c) == ["South", "East", "North", "West"]
    assert [table.slots[Seat(s)].name for s in (1, 2, 3)] == ["", "", ""]  # stored blank alike


async def test_a_null_name_is_refused_where_the_protocol_never_took_one(server) -> None:
    """Left out, not null: a `join`/`create_table` `name` of null is WRONG_TYPES, as every protocol-2
    server before said (a seat's `name` in `seats` was always nullable)."""
    c = await connect(server)
    await c.send_raw(p.pack({"type": "join", "code": "KQ7PM", "name": None}))
    err = await c.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.detail) == ("WRONG_TYPES", "name: Input should be a valid string")


async def test_s10_a_strangers_copy_of_a_name_or_of_you_is_told_apart(server) -> None:
    """Attacker, session 10 (/tmp/atk/repro/samename.py): seats came back [(1, 'Alice'), (2, 'Alice'),
    (3, 'Alice (you)'), (4, 'West')] and the victim saw two opponents called like its own seat, in the
    plates and in the chat. Kind: a name imitating another seat or the window's own "(you)"
    (server/names.py): a later look-alike gets a suffix, the marker is dropped."""
    host = await create(server, "hhhc", sit=1, name="Alice")
    second = await join(server, host.code, seat=2, name="Alice")
    third = await join(server, host.code, seat=3, name="Alice (you)")
    table = server.registry.tables[host.code]
    await settle([host, second, third], table)
    for c in (host, second):
        await c.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[2].claimed)
    for c in (host, second, third):
        assert names(c) == ["Alice", "Alice 2", "Alice 3", "West"]
    await third.send({"type": "chat", "text": "I am your partner"})
    line = (await host.until(lambda m: isinstance(m, p.ChatLines))).lines[-1]
    assert (line.seat, line.name, line.text) == (3, "Alice 3", "I am your partner")


async def test_names_reading_as_a_default_name_or_another_seat(server) -> None:
    """Look-alikes (fullwidth, Cyrillic "А", an accent, case, "I" for "l") count as the same name; a name that
    reads as a default seat name or "Seat N" in any of the five languages is the seat's own default."""
    host = await create(server, "hhhh", sit=1, name="Ana")
    guests = [await join(server, host.code, seat=s, name=n) for s, n in ((2, "ＡＮＡ"), (3, "\u0410na"), (4, "ána"))]
    table = server.registry.tables[host.code]
    await settle([host, *guests], table)
    assert [table.slots[s].name for s in SEATS] == ["Ana", "ＡＮＡ 2", "\u0410na 3", "ána 4"]
    other = await create(server, "hhhh", sit=1, name="Nord")
    late = [await join(server, other.code, seat=s, name=n) for s, n in ((2, "SÜD"), (3, "Platz 4"), (4, "Oeste (vous)"))]
    await settle([other, *late], server.registry.tables[other.code])
    await other.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[3].claimed)
    assert names(other) == ["South", "East", "North", "West"]
    assert [server.registry.tables[other.code].slots[s].name for s in SEATS] == ["", "", "", ""]


async def test_create_table_names_are_made_distinct_in_seat_order(server) -> None:
    c = await connect(server)
    specs = seats("c", "c", "h", "c")
    specs[0]["name"], specs[1]["name"], specs[3]["name"] = "Bot", "BOT", "Spectator"
    await c.attach({"type": "create_table", "seats": specs, "seed": 3, "sit": 3, "name": "bot (you)"})
    assert names(c) == ["Bot", "BOT 2", "bot 3", "West"]


@pytest.mark.parametrize(("raw", "key", "own"), [
    ("Ana", "ana", "Ana"), ("ＡＮＡ", "ana", "ＡＮＡ"), ("\u0410na", "ana", "\u0410na"), ("A\u0301na", "ana", "A\u0301na"),
    ("AIice", "alice", "AIice"), ("Alice", "alice", "Alice"), ("Ana Lu", "analu", "Ana Lu"),
    ("Victim (you)", "victirn(you)", "Victim"), ("Victim (you) (Sie)", "victirn(you)(sie)", "Victim"),
    ("Ana(tú)", "ana(tu)", "Ana"), ("Ana (v\u043eus)", "ana(vous)", "Ana"), ("(you)", "(you)", ""),
    ("Bayou", "bayou", "Bayou"), ("Süd", "sud", ""), ("EAST", "east", ""), ("Lugar 2", "lugar2", ""),
    ("Espectador", "espectador", ""), ("Westie", "westie", "Westie"), ("You", "you", ""), ("VOCÊ", "voce", ""),
    ("Ordinateur", "ordinateur", ""), ("Zuschauer", "zuschauer", ""), ("Youssef", "youssef", "Youssef"),
])
def test_name_key_and_own_name_values(raw: str, key: str, own: str) -> None:
    assert (name_key(raw), own_name(raw)) == (key, own)


def test_distinct_name_values() -> None:
    assert distinct_name("Ana", ["", "Ana", "Ana 2"]) == "Ana 3"
    assert distinct_name("Ana", ["Bo", ""]) == "Ana"
    assert distinct_name("", ["", ""]) == ""
    assert distinct_name("x" * 32, ["x" * 32]) == "x" * 30 + " 2"
    assert distinct_name("x" * 31 + " ", ["x" * 31 + " "]) == "x" * 30 + " 2"
    assert distinct_names({1: "Ana", 2: "ana", 3: "Ana (you)", 4: "ANA"}) == {1: "Ana", 2: "ana 2", 3: "Ana 3", 4: "ANA 4"}


def test_stored_duplicates_are_made_distinct_on_the_way_in() -> None:
    """Tables stored before names were kept distinct come back with a suffix on the later seats."""
    raw = {"kind": "human", "level": "strong", "name": "Ana", "token_hash": None, "handed_over": False}
    meta = {"v": 1, "code": "KQ7PM", "seed": 1, "seeded": False, "language": "fr", "creator_seat": None,
            "started": False, "created_at": 0.0,
            "seats": [raw, raw, dict(raw, name="Ana (vous)"), dict(raw, name="Norte")]}
    assert [s.display_name for s in TableMeta.from_record(meta).slots.values()] == ["Ana", "Ana 2", "Ana 3", "West"]


async def test_s12_the_creators_name_is_made_distinct_in_seat_order_like_the_others(server) -> None:
    """protodoc s12: `{sit: 1, name: "Alice", seats: [human, computer "Alice", computer "Alice", computer]}`
    named the seats "Alice 3", "Alice", "Alice 2", "West": the sitter's name was made distinct after every
    `seats[]` name, where docs/protocol.md says `create_table`'s names in seat order. Kind: one of the
    four names of a `create_table` handled apart from the others (server/registry.creation_names)."""
    c = await connect(server)
    specs = seats("h", "c", "c", "c")
    specs[1]["name"] = specs[2]["name"] = "Alice"
    await c.attach({"type": "create_table", "seats": specs, "seed": 3, "sit": 1, "name": "Alice"})
    assert names(c) == ["Alice", "Alice 2", "Alice 3", "West"]
    other = await connect(server)  # the finding's second case: sit 3, computer seats 1 and 4 named "Alice"
    specs = seats("c", "h", "h", "c")
    specs[0]["name"] = specs[3]["name"] = "Alice"
    await other.attach({"type": "create_table", "seats": specs, "seed": 3, "sit": 3, "name": "Alice"})
    assert names(other) == ["Alice", "East", "Alice 2", "Alice 3"]
    assert [server.registry.tables[other.code].slots[s].name for s in SEATS] == ["Alice", "", "Alice 2", "Alice 3"]


@pytest.mark.parametrize(("top", "own", "shown"), [
    (None, "Zed", "Zed"),          # the finding: the seat's own name was ignored ("South")
    ("Ana", "Zed", "Ana"),         # both given: the top-level name
    ("\u200b", "Zed", "Zed"),      # a top-level name blank once cleaned is as if left out
    ("Sud", "Zed", "Zed"),         # ... and so is one only the window gives (a default name)
    ("Ana (you)", None, "Ana"),
    (None, None, "South"),         # neither: the seat's default name
])
async def test_s12_the_creators_seat_is_named_by_name_else_by_its_seats_name(server, top, own, shown) -> None:
    """protodoc s12: `create_table.seats[sit-1].name` was ignored. The rule (docs/protocol.md "Names"): the
    creator's seat gets `name`, or when that names nothing, `seats[sit-1].name`, or its default name."""
    c = await connect(server)
    specs = seats("h", "c", "h", "c")
    if own is not None:
        specs[0]["name"] = own
    frame = {"type": "create_table", "seats": specs, "seed": 3, "sit": 1}
    if top is not None:
        frame["name"] = top
    await c.attach(frame)
    assert names(c) == [shown, "East", "North", "West"]
