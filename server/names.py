"""Four names that read as four seats: no name at a table imitates another seat or the window's marks.

Attacker, session 10: a stranger joined as "Victim" beside the victim "Victim", a third as
"Victim (you)"; the victim's window showed two opponents named like its own seat and chat lines
"Victim (you): I am your partner". Kind: a name one player types imitating another seat's name or
the window's own words. What the server stores (docs/protocol.md "Names"), after
:func:`~doublenine.server.seating.seat_name` cleaned it:

- a trailing marker the window puts after one's own name, "(you)" in any of the five languages
  ("(vous)", "(você)", "(Sie)", "(tú)"), is removed, however often it is repeated;
- a name that reads as a seat's default name (South, East, North, West), "Seat N", "Spectator(s)",
  "you" or "computer" in any of the five languages is stored blank: the seat shows its own default
  name, so no seat can pass for another seat still unnamed, a spectator in the chat, the window's
  own player ("You choose who leads") or the computer;
- a name that reads like a name another seat already holds gets the first free suffix " 2", " 3"...
  (cut before it if the 32 characters would overflow): "Ana", then "Ana 2".

"Reads like" compares :func:`name_key`, built on Unicode's confusables skeleton (UTS #39 section 4,
:func:`skeleton`; the table :data:`~doublenine.server.confusables.PROTOTYPES` is generated from Unicode's
confusables.txt 17.0.0 by packaging/make_confusables.py): Greek "Νina" and "Nina", "S0uth" and "South",
"B0B" and "BOB", Cyrillic "Аna" and "Ana", "AIice" and "Alice" read alike. Besides the skeleton the key
folds case and drops accents and spaces ("ＡＮＡ", "ána" and "Ana" alike).

Attacker, session 10 (second round): the hand-made partial fold before it (Cyrillic, Greek small letters, I/l/i/|) let
Greek capitals ("Νina" beside "Nina", "Υou"), Cyrillic Ү, Latin Ɩ, Armenian Ս, Coptic Ⲟ, small-capital ᴏ
and the digit 0 ("S0uth", "B0B" beside "BOB") through. Kind: a look-alike key that was a hand-made
partial table; Unicode's own data replaces it, whole.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache

from doublenine.shared.cleantext import NAME_CHARS
from doublenine.shared.i18n import DEFAULT_SEAT_NAMES, LANGUAGES, N_, translator
from doublenine.shared.seats import SEATS
from doublenine.shared.seatstate import SEAT_WORDS, YOU_NEXT_DEAL
from doublenine.shared.tablecode import CODE_LENGTH, is_code

from .confusables import PROTOTYPES
from .storage.base import COMPUTER_SEAT, OLD_COMPUTER_SEAT

_MARKS = frozenset({"Mn", "Mc", "Me"})
_KEY_ROUNDS = 8
"""At most this many rounds of :func:`_fold` (a round's output is folded again until it stays the same;
each single character of Unicode takes at most three). Names are at most 32 characters: the bound keeps
the work small."""


def skeleton(text: str) -> str:
    """UTS #39 section 4 skeleton: NFD, each character replaced by its prototype (Unicode's confusables.txt),
    NFD again. Two strings with the same skeleton are confusable: ``skeleton("Νina") == skeleton("Nina")
    == "Nina"`` (Greek capital Nu), ``skeleton("S0uth") == "SOuth"``, ``skeleton("AIice") == "Alice"``.

    Repeated until nothing changes (at most :data:`_KEY_ROUNDS` rounds), so that the skeleton of a skeleton is
    itself: for 13 characters (Ǆ, ǅ, ǆ...) the NFD of the prototype holds a character the table maps again
    (a caron, whose prototype is a breve); one pass, as UTS #39 writes it, would leave it."""
    out = unicodedata.normalize("NFD", text)
    for _ in range(_KEY_ROUNDS):
        mapped = unicodedata.normalize("NFD", out.translate(PROTOTYPES))
        if mapped == out:
            break
        out = mapped
    return out


def _fold(text: str) -> str:
    """One round of :func:`name_key`: NFKC, skeleton, case folded, marks and spaces removed."""
    s = skeleton(unicodedata.normalize("NFKC", text)).casefold()
    s = unicodedata.normalize("NFD", s)
    return "".join(c for c in s if unicodedata.category(c) not in _MARKS and not c.isspace())


def name_key(name: str) -> str:
    """The form two names are compared in: equal keys read alike (see the module's text).

    :func:`skeleton` first, so that a capital maps to its Latin prototype before case folding (Greek "Ν"
    -> "N" -> "n"; folded first it would be "ν" -> "v"), then case folded, accents and spaces removed,
    repeated until nothing changes (case folding can make a letter the table maps again): the key of a key
    is itself. ``name_key("Νina") == name_key("Nina") == "nina"``, ``name_key("S0uth") == "south"``,
    ``name_key("ＡＮＡ") == name_key("Аna") == name_key("Ána") == "ana"``."""
    key = name
    for _ in range(_KEY_ROUNDS):
        folded = _fold(key)
        if folded == key:
            break
        key = folded
    return key


def _catalog_words(msgid: str, **fill: object) -> set[str]:
    return {translator(lang).gettext(msgid, **fill) for lang in LANGUAGES}


OWN_MARK = N_("{name} (you)")
"""The words windows before session 10 put after their own seat's name (and another client may still):
no name may end with them."""
SPECTATOR_MARK = N_("{name} (spectator)")
"""The words the window puts after a spectator's name in the chat (client/chatdraw.SPECTATOR_NAMED): no name
may end with them either, so a seat never reads as a spectator nor a spectator as a marked one (s14)."""


@cache
def you_markers() -> tuple[str, ...]:
    """Keys of "(you)" and "(spectator)" in the five languages ("(vous)", "(você)", "(Zuschauer)"...), removed
    from the end of a name. Worked out on first use, not at import (it reads the five catalogs), then kept."""
    marks = {name_key(t.replace("{name}", "")) for t in _catalog_words(OWN_MARK) | _catalog_words(SPECTATOR_MARK)}
    return tuple(sorted(m for m in marks if m))


@cache
def reserved() -> frozenset[str]:
    """Keys of the names only the window gives or says of a seat: seats' default names, "Seat N",
    "Spectator(s)", "you", "computer" (five languages). Worked out on first use, then kept."""
    words: set[str] = set()
    for seat, default in DEFAULT_SEAT_NAMES.items():
        words |= _catalog_words(default) | _catalog_words("Seat {n}", n=seat)
    # the window's own words beside or for a seat: "You choose who leads" read as a player named "You"
    for word in ("Spectator", "Spectators", "you", "computer"):
        words |= _catalog_words(word)
    # attacker s14 F5: the teams, each seat state's words and the levels the seat cards say ("Team B",
    # "computer, free seat", "Expert"): a person named so read as the window's own words
    for team in ("A", "B"):
        words |= _catalog_words("Team {team}", team=team)
    for word in (*SEAT_WORDS.values(), YOU_NEXT_DEAL):
        words |= _catalog_words(word)
    for level in LEVEL_WORDS:
        words |= {translator(lang).pgettext("seat card", level) for lang in LANGUAGES}
    return frozenset(name_key(w) for w in words)


LEVEL_WORDS = ("Easy", "Heaviest", "Normal", "Strong", "Expert")
"""The levels' names as a seat card says them (context "seat card", client/render.level_short)."""


@cache
def page_words() -> frozenset[str]:
    """Keys of the web pages' own words a table name could imitate (their headings and labels, every
    ``server/web/words.py`` word of at most :data:`NAME_CHARS` without a blank to fill, five languages):
    attacker s14 F6, a table named "Finished matches" read as the page's heading."""
    from .web import words

    found: set[str] = set()
    for value in vars(words).values():
        if isinstance(value, str) and value and "{" not in value and len(value) <= NAME_CHARS:
            found |= _catalog_words(value)
    return frozenset(name_key(w) for w in found)


@cache
def _table_prefixes() -> tuple[str, ...]:
    """Keys of the pages' "Table {code}" before the code, five languages ("table", "mesa", "tisch"...)."""
    return tuple(sorted({name_key(t.split("\x00")[0]) for t in _catalog_words("Table {code}", code="\x00")}))


def table_name(name: str, others: Iterable[str]) -> str:
    """A table's name (already cleaned, :func:`.seating.seat_name`) as the server keeps it: by the rule a
    seat's name follows (:func:`own_name`: no window's own word, no marker) and no word of the pages
    (:func:`page_words`) nor the pages' own form "Table CODE" (:func:`reads_as_table_heading`: the heading
    another table's page has), ``""`` (no name) then; else made unlike every open table's name in
    ``others`` (as :func:`distinct_name` does, by :func:`table_key`: "Table 1 2", "Mesa-1 2" beside "Mesa 1"),
    end punctuation cut first (:func:`trimmed_table_name`: "Mesa 1." is "Mesa 1"). ``others``: the names of the
    open tables and of the tables whose matches ended this evening (``Registry._taken_table_names``,
    organiser s16: a closed table's name reused the same night gave the results two tables of one name).
    Kind (attacker s14 F6): table names were only cleaned,
    so a stranger's public table took a club table's name ("Table 1", "Tab1e 1", Cyrillic "Тable 1") or
    another table's heading ("Table HZE9K")."""
    name = own_name(trimmed_table_name(name), person=False)
    key = name_key(name)
    if not name or key in page_words() or reads_as_table_heading(name):
        return ""
    return _numbered(name, others, table_key)


TRAILING_STOPS = re.compile(r"[\s.,;:!?\u2026\u3002\uFF0E\uFF0C\uFF01\uFF1F\u00A1\u00BF]+$")
"""Sentence punctuation at the end of a table's name (". , ; : ! ? …", their fullwidth forms), cut off
(organiser s16: "Mesa 1." beside "Mesa 1", a typing slip, listed as a second table of the same name)."""


def trimmed_table_name(name: str) -> str:
    """``name`` without :data:`TRAILING_STOPS` ("Mesa 1." -> "Mesa 1"; "Mesa 1?!" -> "Mesa 1"); a name made only
    of them is kept as it is (then judged as any name)."""
    cut = TRAILING_STOPS.sub("", name)
    return cut if cut else name


def table_key(name: str) -> str:
    """The form two table names are compared in: :func:`name_key` with every punctuation mark and symbol
    and spaces between words each made one space, so "Mesa 1", "Mesa-1", "Mesa 1." and "MESA·1" read as one
    name (organiser s16: the room's screen and the evening's results showed "Mesa 1." and "Mesa 1" as two
    tables of one name) while "Mesa 12" and the second "Mesa 1", "Mesa 1 2", stay two. A seat's name
    keeps its punctuation (:func:`name_key`): it is never listed beside another table's."""
    words = "".join(" " if unicodedata.category(c)[0] in "PSZ" else c for c in unicodedata.normalize("NFKC", name))
    return " ".join(k for k in (name_key(w) for w in words.split()) if k)


def reads_as_table_heading(name: str) -> bool:
    """Whether ``name`` reads as a table page's heading "Table CODE" in any of the five languages: a prefix
    whose :func:`name_key` is the catalog's ("Table", "Mesa", "Tisch"...) and then a code as the pages show
    one, :data:`CODE_LENGTH` capitals and digits of the code alphabet (after NFKC and the confusables
    :func:`skeleton`: "Table ＨΖE9Κ" reads as "Table HZE9K"; spaces and marks between them ignored).
    Organiser s16 F7: any five letters or digits were taken for a code, so clubs' "Mesa Final", "Mesa Verde",
    "Table Rouge" and "Mesa 10001" were stored without a name; the pages show codes in capitals of an
    alphabet without I, L, O, U, 0 and 1, so those cannot be one. "Mesa VERDE" still can."""
    prefixes = _table_prefixes()
    bare = "".join(c for c in unicodedata.normalize("NFKC", name) if unicodedata.category(c)[0] not in "PS")
    for cut in range(1, len(bare)):
        if name_key(bare[:cut]) in prefixes and is_code(_code_form(bare[cut:])):
            return True
    return False


def _code_form(text: str) -> str:
    """``text`` as a code would read on a page: NFKC, small capitals as capitals ("ᴛ7ʜᴡ7"), the confusables
    :func:`skeleton`, marks, spaces, punctuation and symbols removed ("T7HW7.", ": T7HW7", "#T7HW7"), case
    otherwise kept (a code is shown in capitals). Attacker s16 F2: one dot, a colon or small capitals beside a
    real table's code read as its heading on a projector."""
    s = "".join(_capital(c) for c in unicodedata.normalize("NFKC", text))
    s = skeleton(s)
    return "".join(c for c in s if unicodedata.category(c) not in _MARKS and unicodedata.category(c)[0] not in "PSZ")


def _capital(c: str) -> str:
    """A Latin small capital as its capital ("ᴛ" -> "T"), any other character as it is."""
    name = unicodedata.name(c, "")
    return name[-1] if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == 28 else c


def without_markers(name: str) -> str:
    """``name`` without the window's own-seat markers at its end ("Ana (you)" -> "Ana");
    ``""`` when nothing else is left. ``name`` is already cleaned (at most 32 characters)."""
    while name:
        cut = next((k for k in range(len(name) - 1, -1, -1) if name_key(name[k:]) in you_markers()), None)
        if cut is None:
            return name
        name = name[:cut].rstrip()
    return name


RESULT_SEPARATORS = re.compile(r"\s*[/&\uFF0F\uFF06\u2044\u2215\u29F8\uFE60\u214B\u2E53]+\s*")
"""The characters a finished match's result joins names with (" / " between a seat's persons, " & " between
a team's two seats; ``Table.result_names``, the pages' teams) and their look-alikes (fullwidth, fraction and
division slashes, small and turned ampersands): a person's name never holds them (:func:`own_name`)."""


def own_name(name: str, person: bool = True) -> str:
    """A cleaned name as a seat may hold it alone: markers removed; ``""`` (the seat's default
    name) for a name that reads as a name the window gives (:func:`reserved`) or as a finished match's
    record names a computer's seat ("computer:easy", "computer · Easy": storage/base.computer_seat, translator
    s15 F32: the pages draw such a seat as the computer's). A ``person``'s name (a seat's, a spectator's; not a
    table's) has every run of :data:`RESULT_SEPARATORS` made one space (attacker s16 F4: a stranger named
    "Rosa / Vera & Ulises" read in the results as three people, Vera on both teams). Kind: a name holding the
    record's own separators."""
    name = without_markers(name)
    if person:
        name = " ".join(RESULT_SEPARATORS.sub(" ", name).split())
    key = name_key(name)
    return "" if key in reserved() or key.startswith(_COMPUTER_KEYS) else name


_COMPUTER_KEYS = (name_key(COMPUTER_SEAT), name_key(OLD_COMPUTER_SEAT))
"""Keys a stored computer seat's name starts with (:func:`own_name`)."""


def distinct_name(name: str, others: Iterable[str]) -> str:
    """``name`` (already :func:`own_name`) made unlike every name in ``others`` (the other seats'
    stored names; ``""`` for none): the first of ``name``, ``name 2``, ``name 3``... whose key no
    other has, cut so that it stays within :data:`NAME_CHARS`. ``""`` stays ``""`` (each seat's
    default name is its own)."""
    if not name:
        return ""
    return _numbered(name, others, name_key)


def _numbered(name: str, others: Iterable[str], key: Callable[[str], str]) -> str:
    """The first of ``name``, ``name 2``, ``name 3``... whose ``key`` no name of ``others`` has, cut so that it
    stays within :data:`NAME_CHARS` (:func:`distinct_name` by :func:`name_key`, :func:`table_name` by
    :func:`table_key`: one numbering for seats and tables)."""
    taken = {key(o) for o in others if o}
    n = 1
    candidate = name
    while key(candidate) in taken:
        n += 1
        suffix = f" {n}"
        candidate = name[:NAME_CHARS - len(suffix)].rstrip() + suffix
    return candidate


def distinct_names(names: dict[int, str], held: Iterable[int] | None = None) -> dict[int, str]:
    """Every seat's name of ``names`` (seat 1..4 -> cleaned name) through :func:`own_name` and
    :func:`distinct_name`, seat 1 first: a later seat's look-alike gets the suffix. ``held`` (None: every
    seat): the seats someone holds (a person's token, or a computer seat of the table's); a seat not held
    (given up with ``leave``) comes after them, and its name, where it is like a held seat's, is dropped
    (``""``: its default name) instead of suffixing the person's (organiser s16 F9: Inés, back at the table
    she had left, became "Inés 2" against her own old name on the seat nobody held)."""
    order = list(SEATS) if held is None else [s for s in SEATS if s in set(held)]
    out: dict[int, str] = {}
    for seat in order:
        out[seat] = distinct_name(own_name(names.get(seat, "")), out.values())
    taken = {name_key(n) for n in out.values() if n}
    for seat in SEATS:
        if seat not in out:
            name = own_name(names.get(seat, ""))
            out[seat] = "" if name_key(name) in taken else distinct_name(name, out.values())
    return {seat: out[seat] for seat in SEATS}
