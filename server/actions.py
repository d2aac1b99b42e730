"""Table operations outside the match log: seats (D7), start, panels (R26/D2) and the
controls that may need consent: undo, redo, restart, new match (R27, R28, D1), hand-over (D7).

Each runs under the table's lock and raises :class:`~.table.Refused` or
:class:`IllegalMove` (stable codes) to refuse, leaving everything unchanged.
"""
from __future__ import annotations

import logging
import time
from typing import Any

from doublenine.shared.errors import ErrorCode, IllegalMove, RuleError
from doublenine.shared.events import Event
from doublenine.shared.protocol import pack
from doublenine.shared.rules import restart_hand
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import Phase

from .addresses import is_loopback, site_group
from .consent import ConsentRequest, ControlPace, absent, askable, effect_of
from .names import distinct_name, name_key, own_name
from .seating import any_free_seat, new_token, seat_name, token_hash, token_matches
from .table import MOVED, Refused, Table, conn_site, here, last_hand

log = logging.getLogger("doublenine.server")


def _joined(table: Table, seat: Seat | None, token: str | None, creator: bool, claim: int | None = None) -> bytes:
    msg: dict[str, Any] = {"type": "joined", "code": table.code, "seat": None if seat is None else int(seat)}
    if token is not None:
        msg["token"] = token
    if claim is not None:
        msg["claim"] = claim
    if creator and table.meta.seeded:
        msg["seed"] = table.meta.seed  # D9: only to whoever set it
    return pack(msg)


def _gone(conn: Any) -> bool:
    """The server closed ``conn`` while its request waited for the table: attach nothing to it."""
    return bool(getattr(conn, "closed", False))


async def _welcome(table: Table, conn: Any, seat: Seat | None, token: str | None, creator: bool,
                   claim: int | None = None) -> None:
    """Attach ``conn`` (at ``seat``; ``token``: the new seat token of a join, stored already) and send
    it ``joined`` and its snapshot. A table another process serves now refuses TABLE_MOVING, except
    a join whose seat was stored before the table moved (its lock lost while the seats were being
    stored): that seat is held in the store, so the token is handed over all the same with the
    snapshot, then the connection closed 4003, and the player rejoins at the table's new process
    (kind: a seat taken and then refused before its token reached its player, held by nobody)."""
    if table.moved:  # issue 12: handed to another process while this request waited for the lock
        if token is not None:
            conn.send(_joined(table, seat, token, creator, claim))
            conn.send(table.snapshot_frame(seat), state=True)
            conn.close(*MOVED)
            return
        raise Refused(ErrorCode.TABLE_MOVING, "another server process serves this table; reconnect",
                      {"retry_ms": 200})
    table.bind(conn, seat)
    conn.send(_joined(table, seat, token, creator, claim))
    conn.send(table.snapshot_frame(seat), state=True)
    if table.chat.lines:
        conn.send(table.chat.history_frame())  # issue 15: a returning player sees the recent chat
    if seat is None:
        table.spectators_changed()  # coalesced: a crowd of spectators must not cost O(N^2) frames
    else:
        table.broadcast_table(exclude=conn)
    table.rearm()


async def join(table: Table, conn: Any, seat: Seat | None, name: str | None, creator: bool = False) -> None:
    """Take a free human seat (lowest if ``seat`` is None); the table starts once all are held.

    Refusals: TABLE_FULL, SEAT_TAKEN, then RATE_LIMITED (``data: {limit: "seats", retry_ms}``)
    while a seat of this table was given up (``leave``) from ``conn``'s site less than
    :data:`.table.SEAT_AGAIN_WAIT` seconds ago (:meth:`.table.Table.seat_again_ms`). Before those, on
    a hosted server (``ServerConfig.one_seat_per_address``), TOO_MANY_CONNECTIONS with ``data:
    {limit: "seats_per_address"}`` before the start when ``conn``'s address group holds a seat of
    the table already (``SeatSlot.holder``; loopback is not counted): attacker s12 round 2 N2, one
    stranger took every seat kept for the host's friends and the table started by itself. Kind: a
    limit on one person's share that one person could multiply (43be66e held ``start`` only).

    R21/D8 (attacker s14 F1): a seat the computer plays after the start, taken while a hand is dealt
    (:meth:`.table.Table.hand_dealt`), is the joiner's from the next deal: ``joined`` names it, but the
    connection watches as a spectator (``SeatSlot.waits``, :meth:`.table.Table.seat_waiters`) and the seat
    keeps its name until then. Kind: hidden tiles reachable by taking a seat nobody of yours held.

    At MATCH_OVER a seat handed over whose person is not connected is given up first
    (:meth:`.table.Table.settle_match_end`, organiser s16 F2): it is free for this join, not TABLE_FULL.

    ``name`` None (left out of the frame) is stored blank like a name blank once cleaned: the seat
    shows its default name (docs/protocol.md "Names"). ``creator``: the table's creator sits down
    right after ``create_table``; its seat keeps the name :func:`.registry.creation_names` gave it
    (``name`` is not used)."""
    async with table.lock:
        if _gone(conn):
            return
        if await table.settle_match_end():  # s16 F2: a seat whose person was away at the match's end is free
            table.broadcast_table()
        chosen = any_free_seat(table.slots, conn_site(conn)[0])  # partners opposite, by site (R2, s15)
        if chosen is None:  # whatever seat was asked: "choose another seat" would be advice nobody can follow
            raise Refused(ErrorCode.TABLE_FULL, f"table {table.code} has no free seat")
        seat = chosen if seat is None else seat
        slot = table.slots[seat]
        if slot.kind != "human" or slot.claimed:
            raise Refused(ErrorCode.SEAT_TAKEN, f"seat {int(seat)} is not free")
        group = getattr(conn, "group", None)
        if table.config.one_seat_per_address and not table.meta.started and group is not None \
                and not is_loopback(str(getattr(conn, "address", ""))) \
                and any(sl.claimed and sl.holder == group for sl in table.slots.values()):
            raise Refused(ErrorCode.TOO_MANY_CONNECTIONS,
                          f"your address holds a seat of table {table.code} already: one seat per address before the start",
                          {"limit": "seats_per_address"})
        wait = table.seat_again_ms(site_group(group))
        if wait:
            raise Refused(ErrorCode.RATE_LIMITED, f"a seat was given up from your address: join again in {wait} ms",
                          {"limit": "seats", "retry_ms": wait})
        token = new_token()
        late = table.hand_dealt() and not creator  # R21/D8: the computer's hidden hand is not the newcomer's
        async with table.changing_meta():  # a failed store claims no seat (issue 12 case 5)
            # unlike every other seat's name, never a default name or "(you)" (server/names.py); the
            # creator's seat has its name already, made distinct with the others' in seat order
            # organiser s16 F9: a seat nobody holds (given up) does not count, and yields its old name instead
            shown = slot.name if creator else \
                distinct_name(own_name(seat_name(name)), [table.slots[s].name for s in SEATS if s != seat and held(table, s)]
                              + [table.slots[s].next_name for s in SEATS if s != seat and table.slots[s].waits])
            for s in SEATS:
                if s != seat and not held(table, s) and shown and name_key(table.slots[s].name) == name_key(shown):
                    table.slots[s].name = ""  # its default name: one name, one person on every screen
            slot.token_hash, slot.handed_over = token_hash(token), False
            if late:  # attacker s14 F1: the seat is theirs from the next deal; the hand keeps its player's name
                slot.waits, slot.next_name = True, shown
            else:
                slot.name = shown
            # the hands already played at this seat were not this person's (rp5 s15); set again at the next deal
            slot.sat_after = last_hand(table.state) if table.meta.started and not creator else None
            if table.meta.started and not creator and not late:  # the computer played it until now (session 16)
                slot.note_player(here(table.state), slot.display_name, "")
            if creator:
                table.meta.creator_seat, table.meta.creator_hash = seat, slot.token_hash
            if all(sl.claimed for sl in table.slots.values() if sl.kind == "human"):
                table.meta.started = True
            claim = slot.grant()  # stored with the seat (s15: a restart knows which window holds it)
            slot.ids_from, slot.nudges = (table.seq, table.chat.next_id), ()  # s17: the ids said before were another's
        table.new_holder(seat)
        if late:
            await _welcome_waiting(table, conn, seat, token, claim)
            return
        await _welcome(table, conn, seat, token, creator, claim)


def held(table: Table, seat: Seat) -> bool:
    """Whether ``seat``'s name is someone's now: a person holds it (its token), or it is one of the table's
    computer seats. A human seat given up (``leave``, or at a match's end, ``Table.settle_match_end``) is
    nobody's: its last person's name does not count against a newcomer's (organiser s16 F9)."""
    slot = table.slots[seat]
    return slot.claimed or slot.kind != "human"


async def _welcome_waiting(table: Table, conn: Any, seat: Seat, token: str | None, claim: int) -> None:
    """Attach ``conn`` to the seat reserved for it until the next deal (``SeatSlot.waits``): ``joined``
    names the seat (with its token, for a rejoin), but the snapshot and every frame until the next deal
    are a spectator's (D8: no hand; attacker s14 F1: a join mid-hand read the computer's hidden hand, one
    seat after another). :meth:`.table.Table.seat_waiters` seats it at the next deal."""
    if table.moved:
        if token is not None:
            conn.send(_joined(table, seat, token, False, claim))
            conn.close(*MOVED)
            return
        raise Refused(ErrorCode.TABLE_MOVING, "another server process serves this table; reconnect",
                      {"retry_ms": 200})
    table.bind_waiting(conn, seat)
    conn.send(_joined(table, seat, token, False, claim))
    conn.send(table.snapshot_frame(None), state=True)
    if table.chat.lines:
        conn.send(table.chat.history_frame())
    await table.seat_waiters()  # a rejoin after the hand ended (a restart between hands): seated now
    table.broadcast_table()
    table.rearm()


async def rejoin(table: Table, conn: Any, token: str, claim: int | None = None) -> None:
    """D7: reclaim the seat of ``token``; an older connection on it is closed (4002). ``claim``: the
    ``joined.claim`` the rejoining window was last given; one another window has taken the seat over
    from (older than the holding window's first, ``SeatSlot.stale``) closes this connection 4002 instead and the seat stays with the newer
    window (s13 netplayer F6; kind: a stale session reclaiming what a newer one holds). A computer program
    (``hello.client`` "netbot") rejoining a seat an open hand-over request is about cancels that request
    (club s14 F10: nobody need agree to let the computer play for a program that is back)."""
    async with table.lock:
        if _gone(conn):
            return
        seat = next((s for s in SEATS if token_matches(token, table.slots[s].token_hash)), None)
        if seat is None:
            given = table.given_up_for(token)  # session 17: told why, never "the table is closed"
            if given is not None:
                raise Refused(ErrorCode.BAD_TOKEN, f"that seat was given up after {given['away']} s away at the "
                              f"match's end", {"given_up": given["seat"], "away": given["away"]})  # plain values
            raise Refused(ErrorCode.BAD_TOKEN, f"that token holds no seat at table {table.code}")
        slot = table.slots[seat]
        if slot.stale(claim):
            conn.close(4002, "seat played from another window or device since")
            return
        if slot.waits:  # still reserved until the next deal (attacker s14 F1): watching, as when it joined
            old = table.waiting_conn(seat)
            if old is not None and old is not conn:
                table.unbind(old)
                old.close(4002, "seat reclaimed by a newer connection")
            claim = slot.grant(claim)
            await table.store_claim()
            await _welcome_waiting(table, conn, seat, None, claim)
            return
        if slot.handed_over:  # D7: the returning player takes the seat back (after the decision owed)
            await table.give_back(seat)
        old = slot.conn
        if old is not None and old is not conn:
            table.unbind(old)
            old.close(4002, "seat reclaimed by a newer connection")
        r = table.request
        if r is not None and r.action == "hand_over" and r.target == seat and getattr(conn, "program", False):
            # a computer program is back at its seat: no computer needs to stand in for it (club s14 F10: a
            # request for Carlos's seat, a doublenine bot back after a restart, waited over Ana 2's own turn)
            table.close_request("cancelled", seat)
        elif r is not None and r.action == "hand_over" and r.target == seat:
            table.back_asked.add(seat)  # D7: the request stays; carried out, the seat comes back after the decision
        creator = token_matches(token, table.meta.creator_hash)  # D9: the setter's own token only
        claim = slot.grant(claim)
        await table.store_claim()  # before joined: a restarted server refuses the window taken over (s15)
        await _welcome(table, conn, seat, None, creator, claim)


KEPT_FOR_NEW_GROUPS = 4
"""Of a table's ``max_spectators`` places, the last 1/this are kept for address groups not watching
it yet (attacker s10 F6: four IPv6 /64s x 8 spectators took all 32 places), an IPv6 group counted
by its /48 here (:func:`.addresses.site_group`; attacker s10 round 2: 3 /64s x 8 and then 8 more /64s
x 1, all of one /48, took all 32)."""


def own_groups(table: Table) -> set[str]:
    """The address groups of the table's own people: its creator's (``Table.group``) and those of
    the connections holding its seats. Their spectators (a player's own web page of the table) are
    not counted against ``max_spectators`` (only against the per-group cap)."""
    groups = {getattr(sl.conn, "group", None) for sl in table.slots.values() if sl.conn is not None}
    groups.add(table.group)
    groups.discard(None)
    return groups  # type: ignore[return-value]


def watcher_name(table: Table, name: str | None) -> str:
    """A spectator's name as the chat says it (``ChatLineW.name``): cleaned as a seat's name
    (:func:`.seating.seat_name`), the window's own-seat markers removed and a name only the window gives
    ("Spectator", "South", "you"...) blank (:func:`.names.own_name`), then unlike the names of the seats someone holds (:func:`held`) and
    every other spectator's of the table (:func:`.names.distinct_name`: "Ana 2"). ``""``: no name (None, or
    nothing left), said "Spectator". Kind: the seats' names were checked so, a spectator had none (s14:
    every spectator's line read "Spectator")."""
    others = [table.slots[s].display_name for s in SEATS if held(table, s)]  # s16 F9: not a given-up seat's
    others += [getattr(c, "watch_name", "") for c, s in table.subscribers.items() if s is None]
    return distinct_name(own_name(seat_name(name)), others)


async def spectate(table: Table, conn: Any, creator: bool = False, name: str | None = None) -> None:
    """D8: watch the table. SPECTATORS_PER_ADDRESS beyond ``max_spectators_per_address`` from
    ``conn``'s address group (a connection without a ``group``, the creator's own, counts as none).
    SPECTATORS_FULL beyond ``max_spectators`` from strangers' groups (the table's own groups,
    :func:`own_groups`, always find a place: its players' web page gets in). A group already
    watching may not take the last ``max_spectators // KEPT_FOR_NEW_GROUPS`` places: they are kept
    for groups not watching yet (SPECTATORS_PER_ADDRESS), so a few groups cannot take every place;
    "already watching" is asked of the IPv6 /48 (:func:`.addresses.site_group`), so the cheap /64s of
    one /48 cannot take the kept places one each.
    ``max_spectators`` 0 turns watching off for everyone (SPECTATORS_FULL) but a creator attaching
    without a seat (``creator``). Last, SPECTATORS_FULL with ``data.limit`` "playing_per_site": the
    table is of computers only, does not play now, and the site that created it keeps
    ``max_playing_per_site`` such tables playing (:mod:`.playing`): watching it would make one more
    play. Version 2's own code (no new code without a new protocol version), which the web page
    answers by waiting a minute."""
    async with table.lock:
        if _gone(conn):
            return
        group, cap, most = getattr(conn, "group", None), table.config.max_spectators_per_address, table.config.max_spectators
        watchers = [getattr(c, "group", None) for c, s in table.subscribers.items() if s is None]
        mine = sum(1 for g in watchers if g == group) if group is not None else 0
        site = site_group(group)  # the kept places go to /48s not watching yet (IPv6; else the group)
        mine_site = sum(1 for g in watchers if g is not None and site_group(g) == site) if group is not None else 0
        if cap and group is not None and mine >= cap:
            raise Refused(ErrorCode.SPECTATORS_PER_ADDRESS, f"{group} watches table {table.code} {cap} times already")
        if most == 0 and not creator:  # spectating turned off by the operator: for the table's own people too
            raise Refused(ErrorCode.SPECTATORS_FULL, f"table {table.code} takes no spectators")
        own = own_groups(table)
        if group is None or group not in own:
            strangers = sum(1 for g in watchers if g is None or g not in own)
            if strangers >= most:
                raise Refused(ErrorCode.SPECTATORS_FULL, f"table {table.code} has {strangers} spectators already")
            if mine_site and strangers >= most - most // KEPT_FOR_NEW_GROUPS:
                raise Refused(ErrorCode.SPECTATORS_PER_ADDRESS,
                              f"the last places at table {table.code} are kept for addresses not watching it yet")
        full = None if table.playing is None else table.playing.refusal(table)
        if full is not None:  # a table of computers only that its site may not keep playing now (server/playing.py)
            raise Refused(*full)
        conn.watch_name = watcher_name(table, name)  # ``name``: spectate.name (create_table's, for its creator)
        await _welcome(table, conn, None, None, creator)


async def leave(table: Table, conn: Any) -> None:
    """Detach; a seated player gives the seat up (token void; the computer plays it once started)."""
    async with table.lock:
        seat = table.subscribers.get(conn)
        waited = getattr(conn, "waiting", None)
        if seat is None and waited is not None:  # a seat reserved till the next deal given up: free again
            slot = table.slots[waited]
            async with table.changing_meta():
                slot.token_hash, slot.waits, slot.next_name = None, False, ""
            table.seat_given_up(site_group(getattr(conn, "group", None)))
            table.broadcast_table()
        if seat is not None:
            slot = table.slots[seat]
            # stored (changing_meta saves the seats): the token stays void after a restart, unlike a
            # disconnect, which keeps the seat held for a rejoin
            async with table.changing_meta():
                slot.token_hash, slot.handed_over = None, False
                # once started, the computer plays the seat on under the name everyone knows it by (as a
                # seat handed over, D7; new user: a left seat turned into "South", a name seen nowhere
                # before); before the start the seat is free again, and a free seat has no player's name
                if not table.meta.started:
                    slot.name = ""
                else:  # the computer plays on from here: the moves made so far were this person's (session 16)
                    slot.note_player(here(table.state), "", slot.display_name)
                if seat == table.meta.creator_seat:  # D9: whoever takes this seat next did not set the seed
                    table.meta.creator_seat, table.meta.creator_hash = None, None
                    if getattr(conn, "created", None) == table.code:  # nor may it close the table on those left
                        conn.created = None  # at it (attacker s17 F1: leave, spectate, close_table)
            r = table.request
            if r is not None and (r.by == seat or seat in r.waiting or r.target == seat):
                table.close_request("cancelled", seat)
            table.seat_given_up(site_group(getattr(conn, "group", None)))
        table.unbind(conn)
        await table.settle_match_end()  # organiser s16 F2: a seat whose person was away at the end is free
        conn.send(pack({"type": "left", "code": table.code}))
        if seat is None:
            table.spectators_changed()
        else:
            table.broadcast_table()
        table.rearm()


async def unlist(table: Table, by: str, address: str) -> bool:
    """Take ``table`` off the server's list (``/``, the projector; ``close_table{unlist}``, organiser s16
    F11): its record says so (``public`` false, stored) and the listing is stored, so every process's ``/``
    drops it at its next read; everyone at the table gets the new ``table`` (``public`` false). ``by``
    ("creator" or "operator") and ``address`` go to the log line. The table and its match go on; its
    matches finished from now on are a private table's (shown on its own page only). Returns whether it was
    listed (False: nothing changed, nobody was sent anything)."""
    async with table.lock:
        listed = bool(table.meta.public)
        if listed:
            async with table.changing_meta():
                table.meta.public = False
            await table.save_listing()
            table.broadcast_table()
        log.info("table %s unlisted by its %s (%s)", table.code, by, address)
        return listed


async def start(table: Table, seat: Seat) -> None:
    """Start now: the match runs; human seats nobody holds stay human seats the computer plays until a
    person takes one with :func:`join` (``SeatState.OPEN``, "computer, free seat"; taken while a hand is
    dealt, the person watches until the next deal: ``SeatSlot.waits``, attacker s14 F1). Club s14 F17: they became computer seats, so a
    late arrival was refused TABLE_FULL against the README's "computer, free seat ... until someone takes
    it". Kind: a seat filled with a computer for lack of a person is a free seat for a person; only the
    seats created as "computer" (``create_table``) stay computer.

    Before every human seat is taken (the table starts by itself then), only the creator's seat
    (``TableMeta.creator_seat``) may start, while the creator holds it; any seated player once the
    creator has left (or watched instead). Refused ``NOT_ENTITLED`` (docs/protocol.md ``start``):
    attacker s12 D1, a stranger who sat at a hosted table and sent ``start`` turned the seats kept
    for the host's friends into computers and locked the friends out for the match. Kind: a seated
    stranger deciding for the table's creator; the same rule on every server (a public table's
    creator keeps the same choice). Who may is :meth:`.table.Table.starters`, which ``TableW.starters``
    tells every window (club s14 F16)."""
    async with table.lock:
        if table.meta.started:
            raise Refused(ErrorCode.ALREADY_STARTED, "the match is running")
        creator = table.meta.creator_seat
        if seat not in table.starters():  # the same rule the windows show (TableW.starters)
            raise Refused(ErrorCode.NOT_ENTITLED, f"only the table's creator (seat {int(creator or 0)}) may start "
                          "it before every human seat is taken")
        async with table.changing_meta():  # the empty human seats stay human: Table.computer_plays plays them
            table.meta.started = True
        table.broadcast_table()
        table.rearm()


def panel(table: Table, seat: Seat, is_open: bool) -> None:
    """R26/D2: computer seats wait while any seated human has the rules or ledger open (a seat whose
    open panel holds the table is waited for: ``Table.holding``, counted from ``SeatSlot.panel_since``)."""
    slot = table.slots[seat]
    if slot.panel and not is_open:  # closed: a reopening at this seq goes on from when it began
        slot.panel_since = (table.seq, table.panel_start(seat))
    elif is_open and not slot.panel and (slot.panel_since is None or slot.panel_since[0] != table.seq):
        slot.panel_since = (table.seq, time.time())
    if slot.panel != is_open:
        slot.panel = is_open
        table.broadcast_table()
        table.rearm()


def _feasible(table: Table, action: str, seat: Seat) -> None:
    """Refuse at request time what the rules would refuse (R27, R28)."""
    if action == "undo" and table.log.undo_target(seat, table.undo_after(seat)) is None:
        raise IllegalMove(ErrorCode.NOTHING_TO_UNDO, f"seat {int(seat)} has nothing to undo")
    if action == "redo" and not table.log.can_redo:
        raise IllegalMove(ErrorCode.NOTHING_TO_REDO, "nothing was undone")
    if action == "restart":
        restart_hand(table.log.state)
    if action == "new_match" and not table.log.match_touched():
        raise IllegalMove(ErrorCode.NOTHING_TO_RESTART, "the match has no play or pass yet: nothing to start again")


def _pace_of(table: Table, action: str, before: Phase) -> ControlPace | None:
    """The pace a control ``action`` carried out at phase ``before`` counts against: undo, redo and
    restart the table's :class:`~.consent.UndoPace`, a new match giving up a match not over its
    :class:`~.consent.NewMatchPace`; None for the others (a new match after the match's end, a hand-over)."""
    if action in ("undo", "redo", "restart"):
        return table.undos
    if action == "new_match" and before is not Phase.MATCH_OVER:
        return table.new_matches
    return None


def _paced(table: Table, action: str) -> None:
    """REQUEST_TOO_SOON (``data: {retry_ms}``) for a control whose pace (:func:`_pace_of`) is spent
    (attacker s11 F4: a flood of controls carried out at once grew the stored log without bound)."""
    pace = _pace_of(table, action, table.log.state.phase)
    wait = 0 if pace is None else pace.retry_ms()
    if wait:
        raise Refused(ErrorCode.REQUEST_TOO_SOON, f"{action} may be carried out again in {wait} ms",
                      {"retry_ms": wait})


def _events_of(table: Table, action: str, seat: Seat) -> list[Event]:
    lg = table.log
    if action == "undo":
        return lg.undo(seat, table.undo_after(seat))
    if action == "redo":
        return lg.redo(seat)
    if action == "restart":
        return lg.restart()
    return lg.new_match()


async def _perform(table: Table, r: ConsentRequest, intent: Any = None) -> None:
    if r.action == "hand_over":
        assert r.target is not None
        async with table.changing_meta():
            table.slots[r.target].handed_over = True
            stand_in(table, r.target)
        table.handed_at[r.target] = table.seq  # D7: the computer makes the decision awaited (Table.owes)
        if r.target in table.back_asked:  # its player said it is back meanwhile: after that decision
            table.returning.add(r.target)
        else:
            table.returning.discard(r.target)
        await table.settle_match_end()  # organiser s16 F2: handed over after the match's end, not connected
        table.broadcast_table()
        table.rearm()
        return
    old = table.log.state
    events = _events_of(table, r.action, r.by)
    was = {s: sl.played_by for s, sl in table.slots.items()}
    counts = {s: (sl.decided_hands, sl.decided_last) for s, sl in table.slots.items()}
    # the hands taken back no longer count in the result's shares (session 17 item 4), read with who played them
    uncounted = r.action in ("undo", "restart") and table.uncount_undone(old, was)
    if r.action == "redo" and table.undone_counts:  # R27: the hands restored count again, as before the undo
        for s, (hands, last) in table.undone_counts.pop().items():
            table.slots[s].decided_hands, table.slots[s].decided_last = hands, last
        uncounted = True
    # the moves taken back are made again by whoever plays now: said in the table frame the commit sends
    rewound = r.action in ("undo", "restart") and table.rewound_players()
    try:
        await table.commit(old, events, table_changed=True, intent=None if intent is None else (r.by, intent))
    except BaseException:
        for s, played in was.items():
            table.slots[s].played_by = played
            table.slots[s].decided_hands, table.slots[s].decided_last = counts[s]
        raise
    if r.action == "undo":
        table.undone_counts.append(counts)
    elif r.action == "restart":
        table.undone_counts.clear()
    if rewound or uncounted:
        await table.store_players()
    pace = _pace_of(table, r.action, old.phase)
    if pace is not None:
        pace.spend()


def _open(table: Table, action: str, seat: Seat, target: Seat | None, asked: set[Seat]) -> None:
    """Open a consent request asking ``asked``. REQUEST_PENDING while another is open;
    REQUEST_TOO_SOON (``data: {retry_ms}``) while ``seat`` waits after its last request was refused
    or cancelled (``consent.RequestCooldown``), whatever the action."""
    if table.request is not None:
        raise Refused(ErrorCode.REQUEST_PENDING, f"request {table.request.id} is open")
    wait = table.cooldown.retry_ms(seat)
    if wait:
        raise Refused(ErrorCode.REQUEST_TOO_SOON, f"seat {int(seat)} may ask again in {wait} ms",
                      {"retry_ms": wait})
    _paced(table, action)
    table.request_ids += 1
    table.request = ConsentRequest(table.request_ids, action, seat, target, table.seq, set(asked),
                                   effect=effect_of(table.log, action, seat, table.undo_after(seat)))
    table.broadcast_table()
    table.rearm()


async def control(table: Table, seat: Seat, intent: Any) -> None:
    """R27/R28 undo, redo, restart, new match: at once if ``seat`` is the only human, else D1.

    CONSENT_UNAVAILABLE while another human seat is handed over (D7) or its person is not connected
    (:func:`.consent.absent`, league s17 F3: the request waited for someone who could not answer): that
    player still counts but cannot be asked, so the control waits for that player's return (D1, D6). Not a
    ``new_match`` at MATCH_OVER (organiser s16 F2): a finished match is kept whatever comes next, so a new
    match then undoes nothing of the away player's; it is not asked (nor one not connected), and the computer
    plays a handed-over seat on in the new match
    until its player is back (D7; a seat whose player is not connected is given up at the match's end,
    ``Table.settle_match_end``). Kind: a consent that guards nothing asked of someone who cannot give it.
    An undo, redo or restart at MATCH_OVER is also refused CONSENT_UNAVAILABLE while a person the finished
    match's result names gave their seat up or is not the one seated (``Table.absent_from_result``,
    attacker s16 F8: the one who stayed undid a finished match alone and rewrote its stored result)."""
    action = intent.type
    async with table.lock:
        table.check(seat, intent)
        _feasible(table, action, seat)
        undoes = not (action == "new_match" and table.log.state.phase is Phase.MATCH_OVER)
        away = sorted(set(int(s) for s in absent(table.slots, seat))
                      | set(table.absent_from_result(seat))) if undoes else []
        if away:  # D1: a handed-over or disconnected human still counts; nobody decides alone in its absence
            # (attacker s16 F8: nor reaches into a finished match whose named person gave the seat up or is not
            # the one seated); refused now rather than asked of someone who cannot answer (league s17 F3)
            raise Refused(ErrorCode.CONSENT_UNAVAILABLE,
                          f"seat(s) {away} are away (not connected, handed over or given up): "
                          "their consent cannot be asked now",
                          {"seats": away})
        asked = askable(table.slots, seat)
        if asked:
            _open(table, action, seat, None, asked)
            table.remember(seat, intent)
            return
        _paced(table, action)
        await _perform(table, ConsentRequest(0, action, seat, None, table.seq), intent)
        table.remember(seat, intent)


async def hand_over(table: Table, seat: Seat, intent: Any) -> None:
    """D7: let the computer play a human seat until its player is back, by consent of the other
    humans: a disconnected seat, or (issue 15) a connected one whose decision the table waits for,
    or whose open panel holds the table (R26/D2, ``Table.holding``; attacker s10 F4).

    NOT_DISCONNECTED: the target is not another human's seat, or is handed over already;
    NOT_AWAITED: it is connected and the table is not waiting for its decision;
    HAND_OVER_TOO_SOON (``data: {retry_after}``): it is connected and its decision (or its panel's
    hold, ``Table.held_since``) has waited less than ``config.hand_over_wait`` seconds (README: "after a minute"), so a stranger cannot take a
    present player's seat the moment its turn comes; or it is disconnected and its connection went less
    than ``config.reconnect_grace`` seconds ago, or this process took the table less than that ago
    (``Table.reconnect_wait``; evening s16 F1: a 45 s network drop or a server restart cost a player moves).
    The humans asked are :func:`.consent.askable`'s: never the target's own side (D7 "other humans").
    Once the table has waited ``config.hand_over_long`` seconds for the target (``held_since``; attacker
    s12 D2: one seated stranger refused every hand-over of an absent player for 200 s and more, each
    refusal making the asker wait longer), nobody is asked: the seat is handed over at once, and an
    open request about it is settled first (:func:`_past_long`). Its player takes it back by acting.
    REQUEST_PENDING while a request is open, but for a seat an open ``new_match`` request at match
    over still waits for (``Table.silent_asked``) once every human this hand-over would ask has
    asked for or accepted that new match: the seat is handed over at once and the request goes on
    without it (:func:`_hand_over_asked`)."""
    target = Seat(intent.seat)
    async with table.lock:
        table.check(seat, intent)
        slot = table.slots[target]
        if not slot.claimed or slot.handed_over or target == seat:
            raise Refused(ErrorCode.NOT_DISCONNECTED, f"seat {int(target)} is not another player's seat")
        if slot.conn is not None and target not in table.waits_for():
            raise Refused(ErrorCode.NOT_AWAITED, f"the table is not waiting for seat {int(target)}")
        # D7 (evening s16 F1): a connected seat waits a minute of its decision, a disconnected one a minute
        # from its disconnect (or from this process's start: a restart is no disconnect of its players)
        wait = table.held_since(target) + table.config.hand_over_wait - time.time() if slot.conn is not None \
            else table.reconnect_wait(target)
        if wait > 0:
            raise Refused(ErrorCode.HAND_OVER_TOO_SOON, f"seat {int(target)} has not waited long enough",
                          {"retry_after": round(wait, 1)})
        long = target in table.waits_for() and time.time() - table.held_since(target) >= table.config.hand_over_long
        r = table.request
        if r is not None and long and target in r.waiting | ({r.target} if r.action == "hand_over" else set()):
            await _past_long(table, r, target, seat)  # attacker s12 D2: nobody's answer (or silence) holds it longer
            table.remember(seat, intent)
            return
        if r is not None:  # even one needing nobody's consent: it would strand the request
            if target not in table.silent_asked() or not askable(table.slots, seat, target) <= r.accepted | {r.by}:
                raise Refused(ErrorCode.REQUEST_PENDING, f"request {r.id} is open")
            await _hand_over_asked(table, r, target)  # D1 with D7: every other human agreed already
            table.remember(seat, intent)
            return
        asked = set() if long else askable(table.slots, seat, target)
        if asked:
            _open(table, "hand_over", seat, target, asked)
            table.remember(seat, intent)
            return
        await _perform(table, ConsentRequest(0, "hand_over", seat, target, table.seq))
        table.remember(seat, intent)


async def _past_long(table: Table, r: ConsentRequest, target: Seat, seat: Seat) -> None:
    """D7 past ``config.hand_over_long`` (attacker s12 D2): the open request ``r`` waits for ``target``
    or is a hand-over of it, and the table has waited that long for ``target``. A hand-over of it is
    carried out whoever has not answered; a ``new_match`` goes on without it (:func:`_hand_over_asked`);
    an undo, redo or restart, which a handed-over human's consent is needed for (D1), is closed
    ``cancelled`` by ``target`` (as when an asked seat leaves: no wait for its asker), then ``target``
    is handed over at once, as ``seat`` asked."""
    if r.action == "hand_over" and r.target == target:
        r.waiting.clear()
        await _carry_out(table, r)
        return
    if r.action == "new_match" and target in table.silent_asked():
        await _hand_over_asked(table, r, target)
        return
    table.close_request("cancelled", target)
    await _perform(table, ConsentRequest(0, "hand_over", seat, target, table.seq))


async def _hand_over_asked(table: Table, r: ConsentRequest, target: Seat) -> None:
    """D1 with D7 (attacker s11 F5): hand ``target``, a seat the open request ``r`` waits for, to the
    computer; ``r`` no longer waits for it and, if it waited for nobody else, is carried out."""
    async with table.changing_meta():
        table.slots[target].handed_over = True
        stand_in(table, target)
    table.handed_at[target] = table.seq
    table.returning.discard(target)
    r.waiting.discard(target)
    await table.settle_match_end()  # organiser s16 F2: handed over after the match's end, not connected
    if r.waiting:
        table.broadcast_table()
        table.rearm()
        return
    await _carry_out(table, r)


def stand_in(table: Table, seat: Seat) -> None:
    """D7: from the table's next move on the computer plays ``seat`` for its person (handed over): a stretch of
    who played it (``SeatSlot.played_by``, "" the computer) begins, and the person's own begins again when they
    take the seat back (:meth:`.table.Table.give_back`). Session 17: a seat handed over stayed its person's, so
    the review, the hand end, the ledger, the exports and the web page credited them with the computer's plays
    while they were away. Inside ``changing_meta`` (stored with the seats)."""
    slot = table.slots[seat]
    slot.note_player(here(table.state), "", slot.display_name)


async def _carry_out(table: Table, r: ConsentRequest) -> None:
    """Do what the open request ``r`` asks (every asked seat accepted) and close it ``done``, or
    ``failed`` if the rules or the store refuse it (a store failure is raised on)."""
    table.request = None
    try:
        await _perform(table, r)
    except RuleError as exc:  # the rules refused it, or the store failed (nothing was done)
        table.request = r
        table.close_request("failed", None, exc.message)
        table.broadcast_table()
        table.rearm()
        if isinstance(exc, IllegalMove):
            return
        raise
    table.request = r
    table.close_request("done")


async def consent(table: Table, seat: Seat, request_id: int, accept: bool) -> None:
    """D1/D7: an asked seat answers; a refusal ends the request, the last acceptance acts."""
    async with table.lock:
        r = table.request
        if r is None or r.id != request_id:
            raise Refused(ErrorCode.NO_SUCH_REQUEST, f"request {request_id} is not open")
        if seat not in r.waiting:
            raise Refused(ErrorCode.NOT_ASKED, f"seat {int(seat)} is not asked")
        if not accept:
            table.close_request("refused", seat)
            table.broadcast_table()
            table.rearm()
            return
        r.waiting.discard(seat)
        r.accepted.add(seat)
        if r.waiting:
            table.broadcast_table()
            return
        await _carry_out(table, r)


async def asked_gone(table: Table, seat: Seat) -> None:
    """D1/D7 (league s17 F3): ``seat``'s connection closed while the open request waits for its answer. A
    person who is not connected is never a voter whose silence holds the table: a hand-over, or a new match
    at MATCH_OVER (which undoes nothing, organiser s16 F2), no longer waits for it and, when it waited for
    nobody else, is carried out; an undo, redo, restart or a new match giving up a match, which it must
    accept (D1), is closed ``cancelled`` by it (as when an asked seat leaves; its asker does not wait more,
    ``RequestCooldown``), and is refused ``CONSENT_UNAVAILABLE`` until it is back. Nothing when the seat is
    connected again by then, or the request is another one."""
    async with table.lock:
        r = table.request
        if table.closed or r is None or seat not in r.waiting or table.slots[seat].conn is not None:
            return
        if r.action == "hand_over" or (r.action == "new_match" and table.log.state.phase is Phase.MATCH_OVER):
            r.waiting.discard(seat)
            if r.waiting:
                table.broadcast_table()
                return
            await _carry_out(table, r)
            return
        table.close_request("cancelled", seat)
        table.broadcast_table()
        table.rearm()


async def cancel(table: Table, seat: Seat, request_id: int) -> None:
    """D1: the requester withdraws its request."""
    async with table.lock:
        r = table.request
        if r is None or r.id != request_id:
            raise Refused(ErrorCode.NO_SUCH_REQUEST, f"request {request_id} is not open")
        if r.by != seat:
            raise Refused(ErrorCode.NOT_REQUESTER, "only the requester cancels")
        table.close_request("cancelled", seat)
        table.broadcast_table()
        table.rearm()
