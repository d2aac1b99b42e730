"""Table chat and nudges: what a table and a connection keep (issue 15; docs/protocol.md "Chat and nudges").

Chat is kept with the table but is not a game event: lines live in a bounded
list beside the match log and in the store's own chat rows, never in the log,
so undo, redo, restart, replays and exports never see them. The handlers are
in :mod:`.talk`.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from typing import Any

from pydantic import ValidationError

from doublenine.shared import chat as rules
from doublenine.shared.cleantext import BlankText, clean_text
from doublenine.shared.protocol import ChatLineW, FrameError, pack, unpack
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import MatchState, Phase

from .seating import seat_name

log = logging.getLogger("doublenine.server.chat")

IN_HAND = frozenset({Phase.REVIEW, Phase.PLAY})
"""Phases during which a ``phrases_in_hand`` table takes only preset phrases."""


def awaited(state: MatchState) -> frozenset[Seat]:
    """The seats every connection may know the table waits for: the drawers (R3), the nominating
    seat (R6) or the seat to play (R15). Empty in the review, whose answers are private (R10)."""
    if state.phase in (Phase.DRAW, Phase.NOMINATE, Phase.PLAY):
        return to_act(state)
    return frozenset()
GROUPS_KEPT = 64
"""Spectator address groups whose chat allowance a table holds before dropping refilled ones."""

SAID_KEPT = 256
"""``intent_id`` s of chat lines and nudges a table remembers (oldest forgotten first), so one sent again
after a reconnect is refused ``DUPLICATE`` (s15). A client resends only what it sent since its last answer:
a few at most, far below this."""


class TableChat:
    """One table's recent chat lines (wire maps, oldest first) and its last nudge."""

    def __init__(self, lines: list[dict[str, Any]] | None = None, next_id: int | None = None) -> None:
        """``lines``: the stored lines kept; ``next_id``: the id of the table's next line (default: one
        past the last of ``lines``; after the last stored row, when rows were skipped)."""
        self.lines: deque[dict[str, Any]] = deque(rules.kept_lines(lines or (), _spectators), maxlen=rules.KEPT)
        last = self.lines[-1]["id"] if self.lines else 0
        self.next_id = max(last + 1, next_id or 1)
        self.nudged_at = float("-inf")
        """``time.monotonic()`` of the table's last nudge (issue 15: one every 30 s per table)."""
        self.crowd = ChatBucket(rules.CROWD_RATE, rules.CROWD_BURST)
        """One allowance for all the spectators at this table together (slow mode, stream s16 F4)."""
        self.spectating: dict[str, ChatBucket] = {}
        """One allowance per address group for all its spectators at this table (attacker: 31
        spectators from one address, each within its own rate, flushed the kept lines in 1.5 s)."""
        self.lock = asyncio.Lock()
        """Lines are stored and sent one at a time, so every connection hears them in id order
        (a pooled PostgreSQL store could finish two appends out of order)."""
        self.said: dict[tuple[str, int | str | None, str], int] = {}
        """(``"chat"`` or ``"nudge"``, the sender's seat or a spectator's :func:`spectator_sender`, its ``intent_id``) -> the
        line's id (0 for a nudge), at most :data:`SAID_KEPT`, oldest first. Chat lines' ids come back from
        the store with the lines (:func:`stored_intents`), a seat's nudge ids with the seats
        (``SeatSlot.nudges``), so a restart forgets none but a spectator's (``Table.load_chat``)."""

    def pushed_out(self, line: dict[str, Any]) -> tuple[int, ...]:
        """The ids of the kept lines that ``line``, the newest, would push out of the history
        (``chat.kept_lines``: once 25 spectators' lines are kept, a spectator's line pushes out the oldest
        spectator's line; else the oldest line beyond 50)."""
        every = [*self.lines, line]
        ids = {kept["id"] for kept in rules.kept_lines(every, _spectators)}
        return tuple(old["id"] for old in every if old["id"] not in ids)

    def add(self, line: dict[str, Any]) -> None:
        """Keep ``line``, the newest, and let go of those it pushes out (:meth:`pushed_out`)."""
        self.lines = deque(rules.kept_lines([*self.lines, line], _spectators), maxlen=rules.KEPT)

    def already(self, kind: str, seat: int | str | None, intent_id: str | None) -> bool:
        """Whether the sender ``seat`` (a seat's number, or a spectator's :func:`spectator_sender`) already said
        ``intent_id`` of ``kind``."""
        return intent_id is not None and (kind, seat, intent_id) in self.said

    def remember(self, kind: str, seat: int | str | None, intent_id: str | None, line_id: int = 0) -> None:
        """Keep ``intent_id`` as said (nothing without one), forgetting the oldest beyond :data:`SAID_KEPT`."""
        if intent_id is None:
            return
        self.said[(kind, seat, intent_id)] = line_id
        while len(self.said) > SAID_KEPT:
            del self.said[next(iter(self.said))]

    def forget_sender(self, sender: int | str | None) -> None:
        """Forget every id said by ``sender`` (a seat whose person changed: ``Table.new_holder``)."""
        self.said = {k: v for k, v in self.said.items() if k[1] != sender}

    def spectators_of(self, group: str) -> ChatBucket:
        """The shared allowance of ``group``'s spectators here; allowances that refilled are
        dropped once more than :data:`GROUPS_KEPT` are held, so the dict stays bounded."""
        bucket = self.spectating.get(group)
        if bucket is None:
            if len(self.spectating) >= GROUPS_KEPT:
                self.spectating = {g: b for g, b in self.spectating.items() if not b.refilled()}
            bucket = self.spectating[group] = ChatBucket()
        return bucket

    def history_frame(self) -> bytes:
        """The ``chat`` frame with the recent lines, for a connection that just attached."""
        return pack({"type": "chat", "lines": tuple(self.lines), "history": True})


def spectator_sender(conn: Any) -> str:
    """Whose a spectator's ``intent_id`` values are (session 17, carried from s15: every spectator of a table
    shared one set, so a counter-based spectator's line "1" was refused ``DUPLICATE``, unsaid, for another
    spectator's): its address group's (IPv4 address, IPv6 /64; the same after a reconnect, so a line sent
    again then is still said once). Never a seat's (an int)."""
    return f"watch:{getattr(conn, 'group', None)}"


def _spectators(line: dict[str, Any]) -> bool:
    return line.get("seat") is None


class ChatBucket:
    """A chat allowance: ``rate`` messages per second, ``burst`` at once (CHAT_TOO_FAST beyond); by default
    a connection's own, :data:`~doublenine.shared.chat.CHAT_RATE` and :data:`~doublenine.shared.chat.CHAT_BURST`."""

    def __init__(self, rate: float = rules.CHAT_RATE, burst: int = rules.CHAT_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.allowance = float(burst)
        self.stamp = time.monotonic()

    def due(self) -> float:
        """Seconds until one message may be spent (0.0: now), spending nothing."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.allowance < 1:
            return round((1 - self.allowance) / self.rate, 1)
        return 0.0

    def take(self) -> float:
        """Spend one message and return 0.0, or, with none left, the seconds until the next one."""
        wait = self.due()
        if not wait:
            self.allowance -= 1
        return wait

    def refilled(self) -> bool:
        """Back to its whole burst: forgetting it changes nothing."""
        return self.allowance + (time.monotonic() - self.stamp) * self.rate >= self.burst


def stored_line(row_id: int, obj: Any) -> dict[str, Any] | None:
    """The wire line map of a stored chat row (``row_id``, its decoded payload ``obj``), or None for
    one that is not a line the server could have said: not a :class:`~doublenine.shared.protocol.ChatLineW`
    (a seat 9, ``at`` 1e300), an ``id`` that is not its row's, not exactly one of ``text`` and ``phrase``,
    or a ``name`` or ``text`` that cleaning would change (longer than 32 or ``chat.MAX_CHARS``
    characters, invisible or control characters: as :func:`.seating.seat_name` and ``talk`` make them).
    A line with no seat and a name is a named spectator's (``spectate.name``, :func:`.actions.watcher_name`;
    a late arrival waiting for the next deal, :meth:`.table.Table.bind_waiting`): kept (rp5 s15: a restart
    threw every such line away; the reader must take all the writer writes).
    ``mine`` is never kept: it is only in the sender's live copy (attacker s11 F2: stored lines reached
    every client unchecked, and one bad line made the client refuse the whole history). The sender's
    ``intent_id``, stored beside the line, stays on the server (:func:`stored_intents`)."""
    if not isinstance(obj, dict):
        return None
    try:
        line = ChatLineW.model_validate({k: v for k, v in obj.items() if k not in ("mine", "intent_id")})
    except ValidationError:
        return None
    if line.id != row_id or (line.text is None) == (line.phrase is None):
        return None
    if seat_name(line.name) != line.name:  # a spectator's own name too (spectate.name, a late arrival's seat name)
        return None
    if line.text is not None:
        try:
            if clean_text(line.text, rules.MAX_CHARS) != line.text:
                return None
        except BlankText:
            return None
    out: dict[str, Any] = {"id": line.id, "at": line.at, "seat": line.seat, "name": line.name}
    if line.text is not None:
        out["text"] = line.text
    else:
        out["phrase"] = line.phrase
    return out


def decode_lines(rows: tuple[tuple[int, bytes], ...] | list[tuple[int, bytes]],
                 code: str = "") -> list[dict[str, Any]]:
    """Stored chat rows -> wire line maps, oldest first. A row that does not decode or is not a line
    the server could have said (:func:`stored_line`) is skipped, the others kept; one log line per
    table says how many were skipped (``code``: the table's, for that line)."""
    out = []
    skipped: list[int] = []
    for row_id, payload in rows:
        try:
            line = stored_line(row_id, unpack(payload))
        except FrameError:
            line = None
        if line is None:
            skipped.append(row_id)
        else:
            out.append(line)
    if skipped:
        log.error("table %s: %d stored chat lines skipped (not a chat line), ids %s", code, len(skipped),
                  skipped[:8])
    return out


def stored_intents(rows: tuple[tuple[int, bytes], ...] | list[tuple[int, bytes]],
                   lines: list[dict[str, Any]]) -> list[tuple[int | None, str, int]]:
    """(sender's seat, its ``intent_id``, line id) of each stored row among ``lines`` (the rows
    :func:`decode_lines` kept) that was stored with an ``intent_id``, oldest first: a restarted server
    still refuses a line sent again ``DUPLICATE`` (s15)."""
    kept = {line["id"]: line["seat"] for line in lines}
    out = []
    for row_id, payload in rows:
        if row_id not in kept:
            continue
        try:
            obj = unpack(payload)
        except FrameError:
            continue
        iid = obj.get("intent_id") if isinstance(obj, dict) else None
        if isinstance(iid, str) and 0 < len(iid) <= 64:
            out.append((kept[row_id], iid, row_id))
    return out
