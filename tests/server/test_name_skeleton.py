"""Attacker, session 10 (second round): look-alike names through the hand-made fold; the key is Unicode's skeleton now.

/tmp/atk2/repro/confusable_names.py and join_names.py: Greek capital Nu "Νina" beside the victim "Nina"
(the old fold read Greek "ν" as "v"), Greek capital Upsilon "Υou" not read as "you", Cyrillic "Ү", Latin
"Ɩ", Armenian "Ս", Coptic "Ⲟ", small-capital "ᴏ" and the digit 0 ("S0uth" kept as a name, "B0B" beside
"BOB"); the victim's hand-over panel showed two seats "Nina" and seats "S0uth" and "You". Kind: a
look-alike key that was a hand-made partial table (server/names.py): the key is now built on the UTS #39
skeleton over Unicode's whole confusables.txt (server/confusables.py, packaging/make_confusables.py).
"""
from __future__ import annotations

from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublenine.server.confusables import PROTOTYPES
from doublenine.server.names import _catalog_words, distinct_name, distinct_names, name_key, own_name, skeleton
from doublenine.shared import protocol as p
from doublenine.shared.i18n import DEFAULT_SEAT_NAMES
from doublenine.shared.seats import SEATS

from .conftest import connect, create, join, seats, settle

ASCII_AND_MARKS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ()\u0301\u030c"
CONFUSABLE = sorted({chr(cp) for cp in PROTOTYPES} | set(ASCII_AND_MARKS))


def _reserved_words() -> list[str]:
    """The words a name may not read as, as the catalogs spell them (five languages)."""
    words: set[str] = set()
    for seat, default in DEFAULT_SEAT_NAMES.items():
        words |= _catalog_words(default) | _catalog_words("Seat {n}", n=seat)
    for word in ("Spectator", "Spectators", "you", "computer"):
        words |= _catalog_words(word)
    return sorted(words)


RESERVED_WORDS = _reserved_words()


def _alikes() -> dict[str, list[str]]:
    """Key of one character -> every character (of the table, and ASCII) with that key."""
    groups: dict[str, set[str]] = defaultdict(set)
    for c in CONFUSABLE:
        groups[name_key(c)].add(c)
    return {k: sorted(v) for k, v in groups.items()}


ALIKES = _alikes()


@pytest.mark.parametrize(("raw", "key", "own"), [
    ("\u039dina", "nina", "\u039dina"),  # Greek capital Nu: reads as "Nina"
    ("\u03a5ou", "you", ""),  # Greek capital Upsilon
    ("\u04aeou", "you", ""),  # Cyrillic straight U
    ("S0uth", "south", ""), ("B0B", "bob", "B0B"), ("P1atz 3", "platz3", ""), ("Seat l", "seatl", ""),
    ("\u0196este", "leste", ""),  # Latin capital iota
    ("O\u054dEST", "ouest", ""),  # Armenian capital Seh
    ("\u2c9est", "ost", ""),  # Coptic capital O
    ("N\u1d0frd", "nord", ""),  # small capital O
    ("\u2c88ast", "\ua793ast", "\u2c88ast"),  # Coptic Eie: Unicode pairs it with Є (C with bar), not E
    ("Aiice", "aiice", "Aiice"),  # i and l are not a pair in Unicode's data: told apart
    ("Emma", "ernrna", "Emma"),  # m reads as rn
])
def test_s11_reported_look_alikes(raw: str, key: str, own: str) -> None:
    assert (name_key(raw), own_name(raw)) == (key, own)


def test_s11_skeleton_values() -> None:
    assert [skeleton(x) for x in ("\u039dina", "S0uth", "AIice", "B0B", "\u03bd")] == \
        ["Nina", "SOuth", "Alice", "BOB", "v"]
    assert skeleton("\u01c4") == "DZ\u0306"  # Ǆ: its prototype's caron maps again (to a breve)
    assert (len(PROTOTYPES), PROTOTYPES[0x30], PROTOTYPES[0x31], PROTOTYPES[0x39D]) == (6565, "O", "l", "N")


def test_s11_look_alikes_of_a_seat_get_the_suffix() -> None:
    assert distinct_names({1: "Nina", 2: "\u039dina", 3: "BOB", 4: "B0B"}) == \
        {1: "Nina", 2: "\u039dina 2", 3: "BOB", 4: "B0B 2"}
    assert distinct_names({1: "S0uth", 2: "\u03a5ou", 3: "\u2c9eSt", 4: "N\u1d0frd"}) == {1: "", 2: "", 3: "", 4: ""}


async def test_s11_joins_like_the_attack(server) -> None:
    """join_names.py: "Nina" at seat 1, then "Νina" (Greek Nu), "S0uth", "Υou" (Greek Upsilon)."""
    host = await create(server, "hhhh", sit=1, name="Nina")
    named = ((2, "\u039dina"), (3, "S0uth"), (4, "\u03a5ou"))
    guests = [await join(server, host.code, seat=s, name=n) for s, n in named]
    table = server.registry.tables[host.code]
    await settle([host, *guests], table)
    assert [table.slots[s].name for s in SEATS] == ["Nina", "\u039dina 2", "", ""]
    await host.send({"type": "resync"})
    snap = await host.until(lambda m: isinstance(m, p.Snapshot))
    assert [s.name for s in snap.table.seats] == ["Nina", "\u039dina 2", "North", "West"]


async def test_s11_computer_names_like_the_attack(server) -> None:
    """confusable_names.py part 2: computers named "Νina", "S0uth", "Υou" beside a human "Nina"."""
    c = await connect(server)
    specs = seats("h", "c", "c", "c")
    specs[1]["name"], specs[2]["name"], specs[3]["name"] = "\u039dina", "S0uth", "\u03a5ou"
    await c.attach({"type": "create_table", "seats": specs, "seed": 11, "sit": 1, "name": "Nina"})
    # in seat order, the creator's own name among them (docs/protocol.md "Names"; it came last until protodoc s12)
    assert [s.name for s in c.table.seats] == ["Nina", "\u039dina 2", "North", "West"]


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.one_of(st.text(max_size=32), st.text(alphabet=st.sampled_from(CONFUSABLE), max_size=32)))
def test_skeleton_and_key_are_idempotent(text: str) -> None:
    assert skeleton(skeleton(text)) == skeleton(text)
    assert name_key(name_key(text)) == name_key(text)


def test_every_single_look_alike_of_a_reserved_word_is_caught() -> None:
    """Each character of each reserved word (five languages) replaced by each of its look-alikes in turn."""
    missed, tried = [], 0
    for word in RESERVED_WORDS:
        for i, ch in enumerate(word):
            for alike in ALIKES.get(name_key(ch), [ch]):
                tried += 1
                variant = word[:i] + alike + word[i + 1:]
                if own_name(variant) != "":
                    missed.append(variant)
    assert missed == []
    assert tried > 20_000  # the table gives dozens of look-alikes per letter


@st.composite
def _disguised(draw: st.DrawFn, words: list[str]) -> tuple[str, str]:
    word = draw(st.sampled_from(words))
    out = [draw(st.sampled_from(ALIKES.get(name_key(ch), [ch]))) if draw(st.booleans()) else ch for ch in word]
    return word, "".join(out)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(_disguised(RESERVED_WORDS))
def test_reserved_words_with_look_alike_letters_are_blank(pair: tuple[str, str]) -> None:
    word, variant = pair
    assert (name_key(variant), own_name(variant)) == (name_key(word), "")


@settings(max_examples=300, derandomize=True, deadline=None)
@given(_disguised(["Nina", "Alice", "Bob", "Jose Luis", "Oskar", "Petra"]))
def test_a_disguised_copy_of_a_seat_name_gets_the_suffix(pair: tuple[str, str]) -> None:
    word, variant = pair
    assert distinct_name(variant, [word]) == variant + " 2"


def test_the_generator_reads_unicodes_file_format() -> None:
    """packaging/make_confusables.py: data lines to a dict, the source header kept (the Unicode licence's notice)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "packaging" / "make_confusables.py"
    spec = importlib.util.spec_from_file_location("make_confusables", path)
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    text = ("\ufeff# confusables.txt\n# \u00a9 2025 Unicode\u00ae, Inc.\n#\n"
            "0030 ;\t004F ;\tMA\t# ( 0 \u2192 O ) DIGIT ZERO\n\n006D ;\t0072 006E ;\tMA\t# ( m \u2192 rn )\n")
    assert gen.parse(text) == {0x30: "O", 0x6D: "rn"}
    source = gen.render(text)
    assert "# \u00a9 2025 Unicode\u00ae, Inc." in source
    scope: dict[str, object] = {}
    exec(compile(source, "confusables.py", "exec"), scope)  # noqa: S102 - our own generated source
    assert scope["PROTOTYPES"] == {0x30: "O", 0x6D: "rn"}
