"""Talking at a table and a player who walks away (issue 15; docs/protocol.md "Chat and nudges").

A preset phrase travels as its id; free text goes through
:func:`~doublenine.shared.cleantext.clean_text` (the one cleaning of player-typed
text). Seats and spectators both chat and everyone at the table reads everyone:
spectators know nothing a seat does not (D8). A table created with
``chat: "phrases_in_hand"`` takes only phrases, from anyone, while a hand is in
play (a seated player could otherwise signal a partner through a second,
spectating connection). A nudge asks the player the table waits for to act;
R29: it is a frame, never an action, and nothing here acts by the clock. A seat
handed over to the computer while its player was connected but idle (D7,
:func:`doublenine.server.actions.hand_over`) comes back with :func:`back`.
"""
from __future__ import annotations

import logging
import time
from typing import Any

from doublenine.shared import chat as rules
from doublenine.shared.cleantext import BlankText, clean_text
from doublenine.shared.errors import ErrorCode
from doublenine.shared.protocol import pack
from doublenine.shared.seats import Seat

from .chat import IN_HAND, spectator_sender
from .seating import NUDGES_KEPT
from .table import Refused, Table, store_unavailable
from .storage.metered import log_store_failure

log = logging.getLogger("doublenine.server.talk")


def _line(table: Table, conn: Any, text: str | None, phrase: str | None) -> dict[str, Any]:
    """A new chat line of ``conn``: its seat's display name, or a spectator's own (``watch_name``, "" for
    none: actions.watcher_name)."""
    seat: Seat | None = conn.seat
    line: dict[str, Any] = {"id": table.chat.next_id, "at": round(time.time(), 3),
                            "seat": None if seat is None else int(seat),
                            "name": getattr(conn, "watch_name", "") if seat is None else table.slots[seat].display_name}
    if text is not None:
        line["text"] = text
    else:
        line["phrase"] = phrase
    return line


STORE_KEEP = 1 << 30
"""The store's own bound of chat lines by id (``append_chat``'s ``keep``): not reached; the lines a table
no longer keeps (``chat.kept_lines``: a player's line may be older than the newest 50 ids) are dropped
by id instead (its ``drop``)."""


async def say(table: Table, conn: Any, msg: Any) -> None:
    """Issue 15: one chat line from ``conn`` (a seat or a spectator) to everyone at the table.

    Refusals (nothing said), in this order after PHRASES_ONLY and CHAT_BLANK: CHAT_TOO_FAST (this connection's rate, or, for a spectator, the
    rate all spectators of its address group share at this table: ``data.limit`` "address"; then the rate all
    spectators of the table share, slow mode: ``data.limit`` "table"), CHAT_BLANK (nothing visible once cleaned),
    PHRASES_ONLY (free text at a ``phrases_in_hand`` table during a hand), INTERNAL (the store
    failed), DUPLICATE (its ``intent_id`` was said already by this seat, or by a spectator: a line sent
    again after a reconnect, s15; the line is in the history the reconnect brought). The line is stored before anyone hears it, so a restarted server shows it too. The
    sender's own copy says ``mine: true`` (only the live copy: the stored line and histories never do).
    """
    sender: int | str = spectator_sender(conn) if conn.seat is None else int(conn.seat)
    iid = getattr(msg, "intent_id", None)
    text = None
    if msg.text is not None:
        if table.meta.chat == "phrases_in_hand" and table.state.phase in IN_HAND:
            raise Refused(ErrorCode.PHRASES_ONLY, "this table takes only preset phrases while a hand is in play")
        try:
            text = clean_text(msg.text, rules.MAX_CHARS)
        except BlankText:
            raise Refused(ErrorCode.CHAT_BLANK, "nothing visible to say") from None
    wait = conn.chat_bucket.take()
    if wait:
        raise Refused(ErrorCode.CHAT_TOO_FAST, f"chat again in {wait:g} s", {"retry_after": wait})
    if conn.seat is None:  # all spectators of one address group share one allowance per table ...
        address = table.chat.spectators_of(getattr(conn, "group", "?"))
        wait = address.due()
        if wait:
            raise Refused(ErrorCode.CHAT_TOO_FAST, f"spectators from your address: chat again in {wait:g} s",
                          {"retry_after": wait, "limit": "address"})
        wait = table.chat.crowd.due()  # ... and all spectators of the table one more (slow mode, stream s16 F4)
        if wait:
            raise Refused(ErrorCode.CHAT_TOO_FAST, f"spectators' chat is in slow mode: chat again in {wait:g} s",
                          {"retry_after": wait, "limit": "table"})
        address.take()
        table.chat.crowd.take()
    if table.chat.already("chat", sender, iid):  # sent again after a reconnect: it was said (s15); asked only
        # after the line's own checks and the rate: a blank line or a flood of ids learns nothing of others' ids
        raise Refused(ErrorCode.DUPLICATE, f"chat {iid!r} was said already")  # (attacker s15 F1: an oracle)
    chat = table.chat
    async with chat.lock:  # not the table's lock: talking never waits for a move being stored
        if table.moved:  # issue 12: another process serves the table now; it stores the chat
            raise Refused(ErrorCode.TABLE_MOVING, "another server process serves this table; reconnect",
                          {"retry_ms": 200})
        if chat.already("chat", sender, iid):  # its first copy was being stored while this one waited
            raise Refused(ErrorCode.DUPLICATE, f"chat {iid!r} was said already")
        line = _line(table, conn, text, msg.phrase)
        chat.next_id += 1  # even if storing fails: a store that failed after committing must not block the id
        stored = line if iid is None else {**line, "intent_id": iid}  # the id stays on the server (chat.stored_line)
        gone = chat.pushed_out(line)
        try:
            await table.store.append_chat(table.code, line["id"], pack(stored), STORE_KEEP, table.epoch, gone)
        except ValueError as exc:  # issue 12: another process took the table over (or wrote that id)
            table.lost_to_another(str(exc))
            raise Refused(ErrorCode.TABLE_MOVING, "another server process serves this table; reconnect",
                          {"retry_ms": 200}) from None
        except Exception:
            log_store_failure(log, table.store, "table %s: storing chat line %d failed", table.code, line["id"])
            raise store_unavailable("the message could not be stored; nobody saw it") from None
        chat.add(line)
        chat.remember("chat", sender, iid, line["id"])
        table.send_all(pack({"type": "chat", "lines": (line,)}), exclude=conn)
        conn.send(pack({"type": "chat", "lines": ({**line, "mine": True},)}))  # a spectator's line has no seat


async def nudge(table: Table, seat: Seat, target: Seat, intent_id: str | None = None) -> None:
    """Issue 15: ``seat`` nudges ``target``, a connected or disconnected human the table waits for
    (its decision, or its open panel holding the computers: ``Table.holding``, R26/D2).

    Refusals: NOT_AWAITED (the table does not wait for ``target``, it is the sender, or the
    computer plays it), NUDGE_TOO_SOON (the table was nudged less than 30 s ago, by anyone;
    ``data: {retry_after}``), DUPLICATE (``intent_id`` already nudged from ``seat``: sent again after a
    reconnect, s15; also after a restart: the seat's last ids are stored with the seats, ``SeatSlot.nudges``,
    session 17). Everyone at the table gets ``nudge{by, seat}``; a store that fails keeps the id in memory (logged).
    """
    if table.chat.already("nudge", int(seat), intent_id):
        raise Refused(ErrorCode.DUPLICATE, f"nudge {intent_id!r} was sent already")
    slot = table.slots[target]
    if target == seat or target not in table.waits_for() or not slot.claimed \
            or table.computer_plays(target) or not table.meta.started:
        raise Refused(ErrorCode.NOT_AWAITED, f"the table is not waiting for a human at seat {int(target)}")
    now = time.monotonic()
    wait = table.chat.nudged_at + rules.NUDGE_EVERY - now
    if wait > 0:
        raise Refused(ErrorCode.NUDGE_TOO_SOON, f"nudge again in {wait:.0f} s", {"retry_after": round(wait, 1)})
    table.chat.nudged_at = now
    table.chat.remember("nudge", int(seat), intent_id)
    table.send_all(pack({"type": "nudge", "by": int(seat), "seat": int(target)}))
    if intent_id is not None:  # s17: a restart used to forget it, and a nudge sent again then nudged again
        async with table.lock:
            mine = table.slots[seat]
            mine.nudges = (*mine.nudges, intent_id)[-NUDGES_KEPT:]
            await table.store_players()


async def back(table: Table, seat: Seat) -> None:
    """D7: the player of ``seat`` is here: a seat handed over to the computer comes back (once the
    computer has made the decision the table waited for), and an open hand-over request about it
    stays open but, carried out, gives the seat back the same way (:attr:`.Table.back_asked`).
    NOT_HANDED_OVER when there was neither.

    Any intent from the seat's own connection does the same first (:func:`take_back`)."""
    async with table.lock:
        if not await take_back(table, seat):
            raise Refused(ErrorCode.NOT_HANDED_OVER, f"the computer does not play seat {int(seat)} for you")


async def take_back(table: Table, seat: Seat) -> bool:
    """Under the table's lock: the acting player of ``seat`` is here. Gives a handed-over seat back
    (:meth:`Table.give_back`: once the computer has made the decision the table waited for at the
    hand-over; the computer's turns after it are cancelled by :meth:`Table.rearm`); an open
    hand-over request about the seat stays open, and carried out, gives the seat back the same way
    (:attr:`Table.back_asked`; attacker s11 round 2 F3: ``back`` cancelled every request before the
    friends' consent landed, so a present player stalled the table for good). Only the seat's own
    decision closes such a request (:func:`decided`). True if either happened or is to happen.
    INTERNAL (the store failed): the seat stays handed over."""
    slot = table.slots[seat]
    r = table.request
    asked = r is not None and r.action == "hand_over" and r.target == seat
    if asked:
        table.back_asked.add(seat)
    was = slot.handed_over
    now = was and await table.give_back(seat)
    if asked or now:
        table.broadcast_table()
        table.rearm()
    return asked or was


async def decided(table: Table, seat: Seat) -> None:
    """D7: ``seat``'s player made a decision (its move was played): an open hand-over request about
    the seat is cancelled, since the decision it was asked for is made by its player (``cancelled``,
    ``seat``). A ``back``, a hint or a refused move leaves it open (:func:`take_back`)."""
    async with table.lock:
        r = table.request
        if r is not None and r.action == "hand_over" and r.target == seat:
            table.close_request("cancelled", seat)
            table.broadcast_table()
