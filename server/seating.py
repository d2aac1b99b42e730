"""Seats of a table: who holds each, secret tokens, and the stored table record (D7, D9)."""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from doublenine.shared.cleantext import NAME_CHARS, BlankText, clean_text
from doublenine.shared.i18n import DEFAULT_SEAT_NAMES
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.wire import LANGUAGE_TAG, LEVELS

from .names import distinct_names

DEFAULT_NAMES = {Seat(n): name for n, name in DEFAULT_SEAT_NAMES.items()}
"""Names of seats nobody named (R2: seat 1 drawn at the bottom)."""




def seat_name(raw: object) -> str:
    """A player-typed seat name as the server stores and sends it (issue 16.2, docs/protocol.md "Names").

    :func:`~doublenine.shared.cleantext.clean_text` at :data:`NAME_CHARS`; a name
    blank once cleaned (``"\u200b"``), or not a string at all (a damaged stored
    record), is ``""``: the seat then shows its default name (:data:`DEFAULT_NAMES`).
    """
    if not isinstance(raw, str) or not raw:
        return ""
    try:
        return clean_text(raw, NAME_CHARS)
    except BlankText:
        return ""


def any_free_seat(slots: dict[Seat, SeatSlot], side: Any) -> Seat | None:
    """The seat ``join`` gives a person who names none (docs/protocol.md ``join``, R2: partners sit
    opposite), None when no human seat is free. Of the free human seats, the first of: one whose partner
    seat a person of the joiner's own site holds (``side``, :attr:`SeatSlot.side`: the IPv4 address or IPv6
    /48 the connection comes from; None, from this machine's loopback or with no address, matches nobody):
    people who come together play together; then one whose partner seat nobody holds (free, or a computer's):
    a team of the joiner's own, leaving the seat opposite a person for that person's company; then any. The
    lowest-numbered within each. Session 15 (s14 note): the lowest free seat sat two people of one home as
    opponents (seats 1 and 2), and a stranger opposite a person whose companion then had to play against them."""
    def rank(seat: Seat) -> tuple[int, int]:
        mate = slots[seat.partner]
        if side is not None and mate.claimed and mate.side == side:
            return 0, int(seat)
        return (1 if not mate.claimed else 2), int(seat)
    free = [s for s in SEATS if slots[s].kind == "human" and not slots[s].claimed]
    return min(free, key=rank) if free else None


def new_token() -> str:
    """A fresh secret seat token (sent once, to the seat's connection)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the server stores instead of the token."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    return stored is not None and hmac.compare_digest(token_hash(token), stored)



CLAIM_GAP = 1024
"""How far a seat's claim counter jumps when its table is loaded from the store (a restart, a take-over
by another process): a claim given after the last stored one (while the store failed) is never given
again. joined.claim is at most 2^31-1 (docs/protocol.md): about two million loads from a random start."""


def _claim_in(value: Any) -> int | None:
    """A stored claim (an int of 0..2^31-1), else None (a record before s15, or one that is not a claim)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31 else None


def _hand_in(value: Any) -> tuple[int, int] | None:
    """A stored ``sat_after`` (a list of two ints 1..2^31-1: match, hand), else None (a record before s15's
    late-seat fix, or damage: the person is then taken to have played every hand)."""
    if isinstance(value, list) and len(value) == 2 and all(_claim_in(v) for v in value):
        return int(value[0]), int(value[1])
    return None


def _played_in(value: Any) -> tuple[tuple[int, int, int, str], ...]:
    """A stored ``played_by`` (a flat list of at most :data:`PLAYED_BY_KEPT` stretches, each four items: match,
    hand, moves, name: three ints 0..2^31-1, increasing from one stretch to the next, a name cleaned as
    :func:`seat_name`), else ``()`` (a record before session 16, or damage: the seat's present holder and
    ``sat_after`` then say who played)."""
    if not isinstance(value, list) or len(value) > 4 * PLAYED_BY_KEPT or len(value) % 4:
        return ()
    out: list[tuple[int, int, int, str]] = []
    for i in range(0, len(value), 4):
        e = value[i:i + 4]
        if not (all(_claim_in(v) is not None for v in e[:3]) and isinstance(e[3], str)):
            return ()
        entry = (int(e[0]), int(e[1]), int(e[2]), seat_name(e[3]))
        if out and entry[:3] <= out[-1][:3]:
            return ()
        out.append(entry)
    return tuple(out)


def _ids_from_in(value: Any) -> tuple[int, int] | None:
    """A stored ``ids_from`` (a list of two ints: a ``seq`` of 0..2^53-1 and a chat line id of 0..2^31-1), else
    None (a record before session 17, or damage: every stored intent id counts, as before)."""
    if isinstance(value, list) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value) \
            and value[0] < 2**53 and value[1] < 2**31:
        return int(value[0]), int(value[1])
    return None


NUDGES_KEPT = 4
"""Nudge ``intent_id`` values kept per seat (``SeatSlot.nudges``): a nudge is refused ``NUDGE_TOO_SOON`` within
30 s of the table's last, so a window's resend after a reconnect is always among the last few."""


PLAYED_BY_KEPT = 8
"""At most this many stretches of who played a seat are kept (``SeatSlot.played_by``), the newest: a record
stays bounded however many people take a seat in turn."""


def _counts_in(value: Any, n: int) -> tuple[int, ...]:
    """``n`` stored counts (``decided_hands``, ``decided_last``: a list of ints of 0..2^31-1, one per decider),
    else ``n`` times -1 (not known: a record before session 16, or damage)."""
    if isinstance(value, list) and len(value) == n and all(_claim_in(v) is not None for v in value):
        return tuple(int(v) for v in value)
    return (-1,) * n


@dataclass
class SeatSlot:
    """One seat: its kind, computer level, name, the holder's token hash and live state."""

    seat: Seat
    kind: str = "human"
    level: str = "expert"
    name: str = ""
    token_hash: str | None = None
    handed_over: bool = False
    """D7: a disconnected human seat the computer plays by consent, until its holder returns."""
    waits: bool = False
    """R21/D8: the seat was taken (``join``) while the computer played it in a hand already dealt: it is
    reserved for its new player (token held), but the computer plays the hand out and the player watches
    as a spectator until the next deal (attacker s14 F1: a join mid-hand showed the computer's hidden hand).
    Stored."""
    deciders: tuple[str, ...] = ()
    """The names of the persons who made a decision at this seat in the match being played (at most
    :data:`DECIDERS_KEPT`, in the order they first decided; a new one beyond takes the place of the one who
    decided in the fewest hands, attacker s16 F5: ``Table.decided_by``): the match's result names them, not whoever
    holds the seat at its end (attacker s14 F7: a stranger who sat an instant and left had his name on the
    result of a match the computer played for him). Stored (a table record is a msgpack map of at most
    16 keys: these are kept in the seats' records)."""
    deciders_match: int = 0
    """The match (``MatchState.match``) :attr:`deciders` are of (0: none yet)."""
    decided_hands: tuple[int, ...] = ()
    """Per person of :attr:`deciders` (same order), in how many hands of the match they made a decision (an
    answer in the review, a play or a pass); -1: not known (a record stored before session 16). The match's
    result says "Ana (1/4)" for a person who decided in fewer hands than it had (organiser s16 F4). Stored."""
    decided_last: tuple[int, ...] = ()
    decided_program: tuple[bool, ...] = ()
    """Per person of :attr:`deciders`, whether a computer program (``doublenine bot --name Ana``, ``SeatW.program``)
    made a decision under that name: the result says "Ana (bot)" (league s17 F6: a stand-in's wins were the
    member's, with no mark). Stored; a record before session 17 reads all False."""
    """Per person of :attr:`deciders`, the hand number their last counted decision was in (:attr:`decided_hands`
    counts a hand once). Stored."""
    next_name: str = ""
    """The waiting player's name (:attr:`waits`), shown on the seat from the next deal: until then the seat
    keeps the name of whoever played its hand (the moves are credited to who made them)."""
    sat_after: tuple[int, int] | None = None
    """(match, hand): the last hand finished before this seat's person sat down (a late arrival at the
    next deal, :meth:`.table.Table.seat_waiters`; a join between hands of a started match): that hand and
    every one before it were played by the computer (or someone else), not by the person holding the seat
    now (R21/D8; rp5 s15: the late arrival's "Review my hand" called the computer's plays "your
    decisions"). None: the person has held it since the match's first hand. Stored."""
    played_by: tuple[tuple[int, int, int, str], ...] = ()
    """Who played this seat, by stretches, oldest first (at most :data:`PLAYED_BY_KEPT`): ``(match, hand,
    moves, name)``: from the move after the first ``moves`` of hand ``hand`` of match ``match`` on, the seat
    was played by the person named ``name``, or by the computer when ``name`` is "" (a late arrival sat at
    the next deal, a person gave the seat up mid-hand with ``leave``: :meth:`note_player`). Empty: nothing
    changed since the match's start (the present holder, or :attr:`sat_after`, says who). Every place that
    names who played a tile or a hand reads it (``SeatW.played_by``; session 16: the ledger and the hand end
    named the late arrival for the computer's plays, and the computer in his seat for a hand a person who
    left had played). Stored."""
    ids_from: tuple[int, int] | None = None
    """(table ``seq``, chat line id) when the seat's present person took it (``join``; session 17, carried from
    s15): the intent ids applied at the seat before (``Table.applied``, a chat line's or nudge's
    ``intent_id``) were another person's, so a counter-based client's first intent there is never refused
    ``DUPLICATE`` for theirs; a restart restores only the ids stored after it. None: held since before it was
    kept (every stored id counts). Stored."""
    nudges: tuple[str, ...] = ()
    """The ``intent_id`` of the last :data:`NUDGES_KEPT` nudges the seat's present person sent (session 17,
    carried from s15: they lived in memory only, so a nudge sent again after a restart nudged again).
    Stored."""
    given_up: tuple[str, int] | None = None
    """(token hash, whole seconds away) of the last person whose seat this was and whom a match's end gave it up
    for (``Table.settle_match_end``: away ``hand_over_long`` at least); their ``rejoin`` is refused ``BAD_TOKEN``
    saying so (``data.given_up``), never as a table that is closed (session 17: the player who came back was told
    "Table ... is closed or no longer exists"). Kept while others sit there; the next such give-up replaces it.
    Stored."""
    conn: Any = field(default=None, repr=False)
    panel: bool = False
    """R26: the holder has the rules or the ledger open."""
    panel_since: tuple[int, float] | None = field(default=None, repr=False)
    """(table ``seq``, Unix seconds) when the panel was opened at that ``seq``; opened again at the
    same ``seq`` (closed and reopened before any computer moved) it keeps the first time, so the
    minute before a hand-over (D7) cannot be started over by toggling the panel (live, not stored)."""
    side: Any = field(default=None, repr=False)
    """The /48 (``addresses.site_group``) of the last connection that held the seat, kept after it
    disconnects (``Table.bind``); None while nobody has held it, or when that connection was loopback
    (this machine's own players) or had no address group. D7: a seat of the same side as a
    hand-over's target is not asked for consent (live, not stored)."""
    holder: Any = field(default=None, repr=False)
    """The address group (``addresses.address_group``) of the last connection that held the seat,
    kept after it disconnects (``Table.bind``); None while nobody has held it, or when that connection
    was loopback or had no group. ``ServerConfig.one_seat_per_address`` (live, not stored)."""

    claims: int = field(default_factory=lambda: secrets.randbelow(2**30), repr=False)
    """The last grant's number: each time the seat is given to a connection (a join, a rejoin) it grows by
    one, from a random start for a new table; the grant's number is its *claim*, sent in ``joined.claim``,
    presented again in ``rejoin.claim``. Stored with the seats (s15): a restarted process, or another
    taking the table over, goes on from the stored number plus :data:`CLAIM_GAP`, so it never gives a
    claim a window may hold again."""
    claim_held: int | None = field(default=None, repr=False)
    """The claim of the last connection given the seat, kept after it disconnects. Stored (s15)."""
    window_from: int | None = field(default=None, repr=False)
    """The first claim of the window that holds the seat now: claims from :attr:`window_from` to
    :attr:`claim_held` are that window's own (its rejoins whose ``joined`` was lost); any claim below it
    was taken over by this window and is refused 4002 (:meth:`stale`). A counter compared, never a list
    of taken-over claims (attacker s13 F3: the newest 8 were kept, and a stale window's claim took the
    seat back after 9 take-overs). Stored (s15, carried from s13: it lived in the serving process only, so
    after a restart or a take-over by another process the first rejoin won, a stuck window's as well, and
    the player's current window was then closed 4002: the player lost the seat to the window they had left)."""

    def grant(self, presented: int | None = None) -> int:
        """A new claim for a connection given this seat; ``presented``: the claim a ``rejoin`` carried (None:
        a join, a fresh window, an older client). A claim of the holding window's own (from
        :attr:`window_from` to :attr:`claim_held`: a rejoin whose ``joined`` was lost) keeps the window; any
        other means another window or device takes the seat over, and every claim before the new one is
        then stale (s13 netplayer F6: a stuck window took the seat back; attacker s13 F3)."""
        own = (self.window_from is not None and self.claim_held is not None and presented is not None
               and self.window_from <= presented <= self.claim_held)
        self.claims += 1
        self.claim_held = self.claims
        if not own:
            self.window_from = self.claims
        return self.claims

    def stale(self, presented: int | None) -> bool:
        """Whether a ``rejoin`` presenting ``presented`` comes from a window another one took the seat over
        from since: a claim older than the holding window's first (:attr:`window_from`); it is closed 4002
        and changes nothing. None (a fresh window) is never stale."""
        return presented is not None and self.window_from is not None and presented < self.window_from

    def note_player(self, here: tuple[int, int, int], name: str, before: str) -> bool:
        """From ``here`` (match, hand, moves made in it: ``Table.here``) on, the seat is played by ``name``
        ("" the computer); ``before``: who played it until now, recorded first when nothing was (the seat's
        first change). A stretch in which no move was made gives way to the new one. True when
        :attr:`played_by` changed (the caller stores the seats)."""
        entries = list(self.played_by) or [(0, 0, 0, before)]
        while entries and entries[-1][:3] >= here:  # no move was made in the last stretch
            entries.pop()
        if (entries[-1][3] if entries else before) != name:
            entries.append((*here, name))
        if not entries:
            entries = [(0, 0, 0, name)]
        kept = tuple(entries[-PLAYED_BY_KEPT:])
        if len(kept) == 1 and not self.played_by:
            return False  # the same player as before: nothing to say
        changed = kept != self.played_by
        self.played_by = kept
        return changed

    def rewound(self, here: tuple[int, int, int]) -> bool:
        """R27/R28: the match went back to ``here`` (an undo, a restart): every move from there on is made
        again by whoever plays the seat now, so the stretches that began later are gone and the last one
        begins at ``here``. True when :attr:`played_by` changed."""
        if not self.played_by or self.played_by[-1][:3] <= here:
            return False
        last = self.played_by[-1][3]
        entries = [e for e in self.played_by if e[:3] <= here]
        if not entries or entries[-1][3] != last:
            entries.append((*here, last))
        self.played_by = tuple(entries)
        return True

    def own_from(self) -> tuple[int, ...] | None:
        """R27, D1: where the seat's present person began to play it, (match, hand, moves) as a stretch's
        start (:attr:`played_by`): the start of their own latest run of stretches, the computer's standing in
        for them (D7) within it; else from the hand after :attr:`sat_after`; None when they played it from the
        match's start. Their undo goes back to a play from there on only (``MatchLog.undo_target``).

        Session 17 (rp s16 item 3): the limit was the hand :attr:`sat_after` names, so once another player's
        undo reopened that hand (:meth:`rewound`: the late arrival makes its moves again) the late arrival's own
        plays in it were undoable by nobody. Kind: a limit counted in hands where who played is known by move."""
        name, start = self.display_name, None
        for entry in reversed(self.played_by):
            if entry[3] == name:
                start = entry[:3]
            elif entry[3] != "":  # another person's: the run ends (the computer's goes on, before or within it)
                break
        if start is not None:
            return None if start == (0, 0, 0) else start
        return None if self.sat_after is None else (self.sat_after[0], self.sat_after[1] + 1, 0)

    @property
    def claimed(self) -> bool:
        """A person holds this seat."""
        return self.kind == "human" and self.token_hash is not None

    @property
    def stood_in(self) -> bool:
        """The computer plays this claimed seat for its person: handed over (D7) or waiting for the next
        deal (:attr:`waits`); such a seat's person is not asked to consent nor waited for."""
        return self.handed_over or self.waits

    @property
    def display_name(self) -> str:
        return self.name or DEFAULT_NAMES[self.seat]

    def record(self) -> dict[str, Any]:
        """The stored part of the seat (live connection state is not stored)."""
        return {"kind": self.kind, "level": self.level, "name": self.name,
                "token_hash": self.token_hash, "handed_over": self.handed_over,
                "waits": self.waits, "next_name": self.next_name, "deciders": list(self.deciders),
                "deciders_match": self.deciders_match, "decided_hands": list(self.decided_hands),
                "decided_last": list(self.decided_last), "decided_program": list(self.decided_program),
                "claims": self.claims, "claim_held": self.claim_held,
                "window_from": self.window_from,
                "sat_after": None if self.sat_after is None else list(self.sat_after),
                "played_by": [x for e in self.played_by for x in e],  # flat: a record nests 4 levels at most
                "ids_from": None if self.ids_from is None else list(self.ids_from), "nudges": list(self.nudges),
                "given_up": None if self.given_up is None else list(self.given_up)}

    @staticmethod
    def from_record(seat: Seat, r: dict[str, Any]) -> SeatSlot:
        # names stored before issue 16 were not cleaned: clean them on the way in
        deciders = r.get("deciders") if isinstance(r.get("deciders"), list) else []
        slot = SeatSlot(seat, r["kind"], r["level"], seat_name(r["name"]), r["token_hash"], r["handed_over"],
                        waits=r.get("waits") is True, next_name=seat_name(r.get("next_name", "")),
                        deciders=tuple(seat_name(n) for n in deciders[:DECIDERS_KEPT] if isinstance(n, str)),
                        deciders_match=r["deciders_match"] if isinstance(r.get("deciders_match"), int) else 0)
        slot.sat_after = _hand_in(r.get("sat_after"))
        slot.played_by = _played_in(r.get("played_by"))
        slot.ids_from = _ids_from_in(r.get("ids_from"))
        given = r.get("given_up")
        if isinstance(given, list) and len(given) == 2 and isinstance(given[0], str) and len(given[0]) <= 128 \
                and _claim_in(given[1]) is not None:
            slot.given_up = (given[0], int(given[1]))
        nudges = r.get("nudges")
        slot.nudges = tuple(n for n in nudges[-NUDGES_KEPT:] if isinstance(n, str) and 0 < len(n) <= 64) \
            if isinstance(nudges, list) else ()
        slot.decided_hands, slot.decided_last = _counts_in(r.get("decided_hands"), len(slot.deciders)), \
            _counts_in(r.get("decided_last"), len(slot.deciders))
        flags = r.get("decided_program")
        slot.decided_program = tuple(flags) if isinstance(flags, list) and len(flags) == len(slot.deciders) \
            and all(isinstance(b, bool) for b in flags) else (False,) * len(slot.deciders)
        claims, held, first = (_claim_in(r.get(k)) for k in ("claims", "claim_held", "window_from"))
        if claims is not None:  # stored since s15; a record before it keeps the random start (first rejoin wins)
            slot.claims = claims + CLAIM_GAP
            slot.claim_held, slot.window_from = held, first
        return slot


DECIDERS_KEPT = 4
"""At most this many persons' names are kept per seat and match (``SeatSlot.deciders``): a record stays bounded
however many people take a seat in turn; later ones are not named."""


@dataclass
class TableMeta:
    """The stored creation record of a table (storage ``meta``), updated as seats change."""

    code: str
    seed: int
    """The generator seed: the given one (seeded) or one drawn from OS entropy (never sent, D9)."""
    seeded: bool
    language: str | None
    creator_seat: Seat | None
    slots: dict[Seat, SeatSlot]
    started: bool = False
    created_at: float = 0.0
    creator_hash: str | None = None
    """D9: the token hash of the seat that set the seed; only that token is told the seed again
    (None once the setter left: a stranger taking the seat later must never get it)."""
    chat: str = "free"
    """Issue 15: ``free`` or ``phrases_in_hand`` (only preset phrases while a hand is in play)."""
    tracker: bool = False
    """Issue 14.3: the creator allows the tile tracker panel at this table (off by default)."""
    public: bool = False
    """Issue 13.3: listed on the server's web page ``/`` (off by default)."""
    site: str | None = None
    """The site that created the table (``addresses.site_key`` of its creator's address group: a
    digest, 32 hex digits): its computers take that site's turn (``Brain.seat_turns``) and it counts
    against that site's ``max_playing_per_site``. None in records stored before it was kept (the
    table then takes it from a seated player, ``Table.turn_group``)."""
    made_by: str | None = None
    """Who created the table: ``addresses.creator_key`` of its creator's address group (a digest, 32
    hex digits, as the store counts open tables by). A table rebuilt from the store knows its
    creator's connection by it (``Table.bind``: its group is one of the table's own,
    ``actions.own_groups``). None in records stored before it was kept."""
    name: str = ""
    """Club s14 F1: the table's name (``create_table.table_name`` cleaned by :func:`seat_name`, at most
    ``NAME_CHARS``); "" none. Records stored before it was kept: none."""

    def record(self) -> dict[str, Any]:
        return {"v": 1, "code": self.code, "seed": self.seed, "seeded": self.seeded,
                "language": self.language,
                "creator_seat": None if self.creator_seat is None else int(self.creator_seat),
                "started": self.started, "created_at": self.created_at,
                "creator_hash": self.creator_hash, "chat": self.chat, "tracker": self.tracker,
                "public": self.public, "site": self.site, "made_by": self.made_by, "name": self.name,
                "seats": [self.slots[s].record() for s in SEATS]}

    @staticmethod
    def from_record(r: dict[str, Any], code: str | None = None) -> TableMeta:
        """The table of a stored record ``r`` (a decoded ``meta``); ``code``: the store row's key it was read
        under (None: a record of this process's own, ``Table._restore_meta``). ValueError (or KeyError,
        TypeError) for a record this version does not write (:func:`check_record`): another process on the
        store is untrusted (docs/operations.md; attacker s16 F3)."""
        check_record(r, code)
        slots = {s: SeatSlot.from_record(s, r["seats"][s - 1]) for s in SEATS}
        # records stored before names were kept distinct (attacker, session 10): made distinct on the way in
        held = [s for s in SEATS if slots[s].claimed or slots[s].kind != "human"]  # s16 F9: a given-up seat yields
        for s, name in distinct_names({s: slots[s].name for s in SEATS}, held).items():
            slots[Seat(s)].name = name
        creator = None if r["creator_seat"] is None else Seat(r["creator_seat"])
        # records stored before creator_hash existed: nobody is told the seed again (D9, safe side)
        language = r["language"] if isinstance(r["language"], str) and re.fullmatch(LANGUAGE_TAG, r["language"]) else None
        chat = r.get("chat") if r.get("chat") in ("free", "phrases_in_hand") else "free"  # issue 15
        return TableMeta(r["code"], r["seed"], r["seeded"], language, creator, slots,
                         r["started"], r["created_at"], r.get("creator_hash"), chat,
                         r.get("tracker") is True,  # issue 14.3; older records: not allowed
                         r.get("public") is True,  # issue 13.3; older records: not listed
                         _site(r.get("site")), _site(r.get("made_by")),
                         seat_name(r.get("name")))  # club s14; cleaned again: a stored record is outside data


RECORD_TIME_MAX = 253402128000.0
"""The latest ``created_at`` a record may carry (9999-12-30 UTC, Unix seconds: ``storage.base.TIME_MAX``)."""
SEAT_KINDS = ("human", "computer")


def _int_in(value: object, low: int, high: int) -> bool:
    """``value`` is an int (not a bool) of ``low``..``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def check_record(r: object, code: str | None = None) -> None:
    """Raise ValueError unless ``r`` is a table record as this version writes it (:meth:`TableMeta.record`),
    field by field: ``code`` a text of 1..16 characters equal to the row's ``code`` (when given), ``seed``
    0..2^64-1, ``seeded``/``started`` booleans, ``created_at`` Unix seconds 0..:data:`RECORD_TIME_MAX`,
    ``creator_seat`` None or 1..4, ``creator_hash`` None or a text of at most 128, exactly four seats, each a
    map whose ``kind`` is "human" or "computer", ``level`` one of :data:`LEVELS` (or None for a human seat), ``token_hash`` None or a
    text of at most 128, ``handed_over`` a boolean. The fields checked elsewhere (names, language, chat,
    site, claims, played_by) are cleaned or dropped by :meth:`TableMeta.from_record`. Attacker s16 F3: a record
    with ``created_at`` "x" loaded and made ``/`` answer 500 for everyone while its table stayed loaded; one
    whose ``code`` named another open table was served as that table. Kind: a stored value read with no check
    of its type or range."""
    if not isinstance(r, dict):
        raise ValueError("a table record is a map")
    rc = r.get("code")
    if not (isinstance(rc, str) and 1 <= len(rc) <= 16):
        raise ValueError("its code is not a table code")
    if code is not None and rc != code:
        raise ValueError(f"its code {rc[:16]!r} is not its row's {code[:16]!r}")
    if not _int_in(r.get("seed"), 0, 2**64 - 1):
        raise ValueError("its seed is not a seed")
    if not (isinstance(r.get("seeded"), bool) and isinstance(r.get("started"), bool)):
        raise ValueError("seeded/started are not booleans")
    at = r.get("created_at")
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not 0 <= at <= RECORD_TIME_MAX:
        raise ValueError("its created_at is not a time")  # NaN fails the comparison too
    if r.get("creator_seat") is not None and not _int_in(r.get("creator_seat"), 1, 4):
        raise ValueError("its creator_seat is not a seat")
    if r.get("creator_hash") is not None and not (isinstance(r["creator_hash"], str) and len(r["creator_hash"]) <= 128):
        raise ValueError("its creator_hash is not a digest")
    seats = r.get("seats")
    if not (isinstance(seats, list) and len(seats) == 4 and all(isinstance(x, dict) for x in seats)):
        raise ValueError("it does not hold exactly four seats")
    for sr in seats:
        if sr.get("kind") not in SEAT_KINDS or not (
                sr.get("level") in LEVELS or sr["kind"] == "human" and sr.get("level") is None):
            raise ValueError("a seat's kind or level is unknown")
        th = sr.get("token_hash")
        if th is not None and not (isinstance(th, str) and len(th) <= 128):
            raise ValueError("a seat's token_hash is not a digest")
        if not isinstance(sr.get("handed_over"), bool):
            raise ValueError("a seat's handed_over is not a boolean")


def _site(raw: object) -> str | None:
    """A stored digest (``site``, ``made_by``) as it was written (32 hex digits), else None (older
    records, damage)."""
    return raw if isinstance(raw, str) and re.fullmatch(r"[0-9a-f]{32}", raw) else None
