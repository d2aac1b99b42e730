"""Attacker s14 F1: a seat the computer plays after Start now is taken mid-hand only from the next deal.

Kind: hidden tiles reachable by taking a seat nobody of yours held (R21/D8: a spectator and a stranger see
no hand). The late arrival's ``joined`` names the seat (and its token), but it watches as a spectator, the
computer playing the hand out under the seat's name, until the next deal.
"""
from __future__ import annotations

from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

from .conftest import create, join, play_all

DEALT = (Phase.REVIEW, Phase.PLAY)


async def _host_in_play(server):
    host = await create(server, "hhhh", sit=1, seed=7, name="Ana")
    await host.send({"type": "start"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    await play_all([host], stop=lambda c: c.view is not None and c.view.phase is Phase.PLAY)
    return host, server.registry.tables[host.code]


async def test_f1_the_reported_case_a_join_mid_hand_reads_no_hand_and_sits_at_the_next_deal(server) -> None:
    """peek_seats.py: a second connection joined seat 2 mid-hand and its snapshot held seat 2's hidden
    hand (7-8 tiles). Now: ``joined`` seat 2 with a token, a spectator's view (no hand), the computer
    still plays seat 2 under its old name; at the next deal a second ``joined`` and the seat's own view."""
    host, table = await _host_in_play(server)
    hand_number = table.state.hand_number
    peek = await join(server, host.code, seat=2, name="Peek")
    assert (peek.seat, peek.token is not None, type(peek.view).__name__) == (2, True, "SpectatorView")
    slot = table.slots[2]
    assert (slot.claimed, slot.waits, slot.name, slot.next_name, table.computer_plays(2)) == \
        (True, True, "", "Peek", True)
    snaps = [p.decode_server(f) for f in peek.frames]
    assert [(m.view.viewer, m.view.hand) for m in snaps if isinstance(m, p.Snapshot)] == [(None, ())]
    await play_all([host], stop=lambda c: c.view.phase not in DEALT or c.view.hand_number != hand_number)
    await peek.until(lambda m: isinstance(m, p.Snapshot) and m.view.viewer == 2)
    assert (peek.view.viewer, table.slots[2].name, table.slots[2].waits, table.computer_plays(2)) == \
        (2, "Peek", False, table.state.phase is Phase.MATCH_OVER)
    assert table.state.phase not in DEALT


async def test_f1_leave_while_waiting_frees_the_seat_and_a_rejoin_waits_again(server) -> None:
    """The reserved seat given up with ``leave`` is free again (the computer's, no name); a rejoin with its
    token before the next deal watches again, with no hand."""
    host, table = await _host_in_play(server)
    peek = await join(server, host.code, seat=3, name="Peek")
    token = peek.token
    await peek.ws.close()
    from .conftest import connect
    again = await connect(server)
    back = await again.attach({"type": "rejoin", "code": host.code, "token": token})
    assert (back.seat, type(back.view).__name__, table.slots[3].waits) == (3, "SpectatorView", True)
    await back.send({"type": "leave"})
    await back.until(lambda m: isinstance(m, p.LeftTable))
    assert (table.slots[3].claimed, table.slots[3].waits, table.slots[3].next_name, table.computer_plays(3)) == \
        (False, False, "", True)


async def test_s15_a_seat_taken_mid_hand_says_a_player_sits_at_the_next_hand_in_every_place(server) -> None:
    """Session 15 (s14 note, left alone): the seat a late arrival took mid-hand read "computer stands in" on
    every window and on the table page, as if its person had handed it over. Its ``SeatW`` now says
    ``waits`` and every place reads it as one state (shared/seatstate ``NEXT_DEAL``): "player: next hand",
    in five languages; the table page as served and the listing's stored record say the same."""
    from doublenine.server.web.listing import stored_info, table_info
    from doublenine.server.web.pages import table_page
    from doublenine.shared.i18n import translator, tr
    from doublenine.shared.seatstate import SEAT_WORDS, SeatState, seat_state

    host, table = await _host_in_play(server)
    peek = await join(server, host.code, seat=2, name="Peek")
    update = await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].claimed)
    seat2 = update.table.seats[1]
    assert (seat2.claimed, seat2.computer_plays, seat2.waits, seat2.name, seat2.next_name) == \
        (True, True, True, "East", "Peek")  # rp5 s15: the other windows name who waits
    assert seat_state(seat2.kind, seat2.claimed, seat2.connected, seat2.computer_plays, seat2.program,
                      seat2.waits) is SeatState.NEXT_DEAL
    assert [s.waits for s in update.table.seats] == [False, True, False, False]
    info = table_info(table)
    assert [s.kind for s in info.seats][1:] == ["next_deal", "open", "open"]
    assert [tr(lang, SEAT_WORDS[SeatState.NEXT_DEAL]) for lang in ("en", "fr", "pt", "de", "es")] == [
        "player: next hand", "à la prochaine manche", "jogador: próxima mão",
        "Spieler: nächste Runde", "en la próxima mano"]  # rp5 s15: "joueur : la suivante" said not what
    page = table_page(translator("fr"), info, None)
    card = page.split('id="seat-2">', 1)[1].split("</section>", 1)[0]
    assert 'class="seat seat-2 team-B next_deal"' in page and '<p class="kind">à la prochaine manche</p>' in card
    from doublenine.server.storage.base import ListedTable
    from doublenine.shared.codec import encode_meta
    row = ListedTable(code=table.code, meta=encode_meta(table.meta.record()), scores=(0, 0))
    assert [s.kind for s in stored_info(row)[1].seats][1:] == ["next_deal", "open", "open"]
    await peek.ws.close()


async def test_rp5_the_hand_a_late_arrival_watched_is_told_as_the_computers(server) -> None:
    """rp5 s15 F-late-review: Bernd sat down mid-hand; at that hand's end his window said "you hold the lowest
    total" and reviewed the computer's plays as "your decisions". Every window is now told, with the seat
    (``SeatW.sat_after``), the last hand its person did not play; it is stored with the seats."""
    from doublenine.server.seating import TableMeta
    from doublenine.shared.codec import decode_meta, encode_meta
    host, table = await _host_in_play(server)
    match, hand_number = table.state.match, table.state.hand_number
    late = await join(server, host.code, seat=2, name="Bernd")
    assert table.slots[2].sat_after is None  # no hand had ended when he joined: set at the next deal
    await play_all([host], stop=lambda c: c.view.phase not in DEALT or c.view.hand_number != hand_number)
    update = await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].name == "Bernd")
    assert [s.sat_after for s in update.table.seats] == [None, (match, hand_number), None, None]
    back = TableMeta.from_record(decode_meta(encode_meta(table.meta.record())))
    assert [back.slots[s].sat_after for s in back.slots] == [None, (match, hand_number), None, None]
    await late.ws.close()


def test_rp5_another_window_names_who_sits_at_the_next_hand() -> None:
    """rp5 s15 F-late-seat-fr: Amélie's card for North read "joueur : la suivante" and Bernd was named nowhere."""
    from dataclasses import replace

    from doublenine.client.render import _seat_rows as card_rows
    from doublenine.client.store import ClientState
    from doublenine.shared.i18n import tr
    from doublenine.shared.seatstate import NEXT_DEAL_NAMED, SeatState
    assert [tr(lang, NEXT_DEAL_NAMED, name="Bernd") for lang in ("en", "fr", "pt", "de", "es")] == [
        "Bernd: next hand", "Bernd\u00a0: prochaine manche", "Bernd: próxima mão", "Bernd: nächste Runde",
        "Bernd: próxima mano"]
    from doublenine.client.layout import SeatSpot
    from doublenine.shared.seats import Seat
    states = (SeatState.PLAYER, SeatState.COMPUTER, SeatState.NEXT_DEAL, SeatState.COMPUTER)
    state = ClientState(seat_states=states, next_names=("", "", "Bernd", ""))
    spot = SeatSpot(Seat.THREE, "top", (0, 0, 10, 10), (), False, False, False)
    assert card_rows(state, spot, "fr")[1:] == ["Bernd\u00a0: prochaine manche"]
    assert card_rows(replace(state, next_names=()), spot, "fr")[1:] == ["à la prochaine manche"]


async def test_r27_d1_a_late_arrival_undoes_only_their_own_plays(server) -> None:
    """R27 (undo goes back to the undoing player's previous decision) with D1, session 16: Bernd sat down at
    the deal after the hand the computer played at his seat; his Undo went back to the computer's last play
    of that hand (and asked Ana to accept). It is refused NOTHING_TO_UNDO until he plays himself, and no
    request is opened; once he has played, his undo goes back to his own play."""
    from doublenine.shared.moves import Play

    host, table = await _host_in_play(server)
    hand_number = table.state.hand_number
    late = await join(server, host.code, seat=2, name="Bernd")
    await play_all([host], stop=lambda c: c.view.phase not in DEALT or c.view.hand_number != hand_number)
    await late.until(lambda m: isinstance(m, p.Snapshot) and m.view.viewer == 2)
    sat = table.slots[2].sat_after
    assert sat == (1, hand_number)
    computer_play = table.log.undo_target(2)  # what the undo went back to before
    assert computer_play is not None and table.log.undo_target(2, sat) is None
    await late.send({"type": "undo", "expected_seq": late.seq, "intent_id": "u-late"})
    refused = await late.until(lambda m: isinstance(m, p.Error))
    assert (refused.code, table.request) == ("NOTHING_TO_UNDO", None)
    # Bernd's own play, once made, is what his undo goes back to (a request Ana is asked to accept)
    await play_all([host, late], stop=lambda c: c.view.phase is Phase.PLAY
                   and any(isinstance(m, Play) and m.seat == 2 for m in c.view.moves))
    own = table.log.undo_target(2, sat)
    assert own is not None and own != computer_play and table.log.undo_target(2) == own
    await late.ws.close()


async def test_s16_who_played_a_late_arrivals_seat_is_sent_by_stretches(server) -> None:
    """Session 16: the ledger and the hand end named Bernd for the computer's plays of the hand before he
    sat. The seat now says who played it from which move on (``SeatW.played_by``, stored with the seats):
    the computer until the hand he watched ended, Bernd from the next deal."""
    from doublenine.server.seating import TableMeta
    from doublenine.shared.codec import decode_meta, encode_meta
    host, table = await _host_in_play(server)
    hand_number = table.state.hand_number
    late = await join(server, host.code, seat=2, name="Bernd")
    assert table.slots[2].played_by == ()  # he waits: the computer still plays the hand
    await play_all([host], stop=lambda c: c.view.phase not in DEALT or c.view.hand_number != hand_number)
    update = await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].name == "Bernd")
    want = ((0, 0, 0, ""), (1, hand_number + 1, 0, "Bernd"))
    assert table.slots[2].played_by == want
    assert [(w.since, w.name) for w in update.table.seats[1].played_by] == [((0, 0, 0), ""), ((1, 2, 0), "Bernd")]
    assert [s.played_by for s in update.table.seats if s.seat != 2] == [(), (), ()]
    from doublenine.client.store import ClientState, reduce
    window = reduce(ClientState(), update)  # every window reads it as stretches (client/playedby.py)
    assert window.played_by == ((((0, 0, 0), None),), (((0, 0, 0), ""), ((1, 2, 0), None)),
                                (((0, 0, 0), None),), (((0, 0, 0), None),))
    back = TableMeta.from_record(decode_meta(encode_meta(table.meta.record())))
    assert back.slots[2].played_by == want
    await late.ws.close()


async def test_s16_a_person_who_leaves_mid_hand_played_the_moves_before(server) -> None:
    """Session 16, item 3 (the reverse direction): Bo gave his seat up mid-hand; the moves he made are his,
    the computer's from there on (a later arrival no longer makes the whole hand the computer's)."""
    from doublenine.shared.moves import Play
    host = await create(server, "hhhh", sit=1, seed=7, name="Ana")
    bo = await join(server, host.code, seat=3, name="Bo")
    await host.send({"type": "start"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    table = server.registry.tables[host.code]
    await play_all([host, bo], stop=lambda c: c.view.phase is Phase.PLAY and c.view.turn == 3
                   and any(isinstance(m, Play) and m.seat == 3 for m in c.view.moves))
    moves = len(table.state.hand.moves)  # Bo's turn: nobody moves until he leaves (the computers moved meanwhile)
    await bo.send({"type": "leave"})
    await bo.until(lambda m: isinstance(m, p.LeftTable))
    assert table.slots[3].played_by == ((0, 0, 0, "Bo"), (1, table.state.hand_number, moves, ""))
    update = await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[2].claimed)
    assert [(w.since, w.name) for w in update.table.seats[2].played_by] == [
        ((0, 0, 0), "Bo"), ((1, table.state.hand_number, moves), "")]


def test_s16_stretches_of_who_played_a_seat() -> None:
    """``SeatSlot.note_player`` and ``rewound`` (R27/R28: a move taken back is made again by whoever plays
    now), with their exact stretches; a stretch with no move gives way; the record stays bounded (8)."""
    from doublenine.server.seating import PLAYED_BY_KEPT, SeatSlot, _played_in
    from doublenine.shared.seats import Seat
    slot = SeatSlot(Seat.TWO)
    assert slot.note_player((1, 2, 0), "", "") is False and slot.played_by == ()  # the computer still
    assert slot.note_player((1, 2, 0), "Bernd", "") is True
    assert slot.played_by == ((0, 0, 0, ""), (1, 2, 0, "Bernd"))
    assert slot.note_player((1, 3, 4), "", "Bernd") is True  # he left after 4 moves of hand 3
    assert slot.note_player((1, 3, 4), "Carl", "") is True  # Carl sat before any move: the computer made none
    assert slot.played_by == ((0, 0, 0, ""), (1, 2, 0, "Bernd"), (1, 3, 4, "Carl"))
    assert slot.rewound((1, 3, 9)) is False
    assert slot.rewound((1, 2, 5)) is True  # an undo back into hand 2: Carl makes its moves again
    assert slot.played_by == ((0, 0, 0, ""), (1, 2, 0, "Bernd"), (1, 2, 5, "Carl"))
    for n in range(20):
        slot.note_player((2, n + 1, 0), f"P{n % 2}", "")
    assert len(slot.played_by) == PLAYED_BY_KEPT and slot.played_by[-1] == (2, 20, 0, "P1")
    record = slot.record()["played_by"]
    assert len(record) == 4 * PLAYED_BY_KEPT and _played_in(record) == slot.played_by
    assert _played_in([1, 2, 0, "A", 1, 1, 0, "B"]) == () and _played_in([1, 2, 0]) == ()  # not increasing, cut


async def test_s17_d7_the_computers_plays_for_a_person_away_are_the_computers(server) -> None:
    """Session 17, item 1 (D7): Bea's seat, handed to the computer while she was disconnected, stayed hers in
    ``played_by``: the review, the hand end, the ledger, the exports and the web page credited her with the
    computer's plays while she was away. The hand-over begins a computer stretch at the table's next move, her
    return (``rejoin``) her own again, each stored with the seats and sent in ``SeatW.played_by``."""
    from doublenine.server.seating import TableMeta
    from doublenine.shared.codec import decode_meta, encode_meta
    from doublenine.shared.moves import Play

    from .conftest import connect, quiesce, settle
    host = await create(server, "hhcc", sit=1, seed=4, name="Ana")
    bea = await join(server, host.code, seat=2, name="Bea")
    table = server.registry.tables[host.code]
    await play_all([host, bea], stop=lambda c: c.view.phase is Phase.PLAY and any(m.seat == 1 for m in c.view.moves))
    await settle([host, bea], table)
    token = bea.token
    await bea.close()
    await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
    away = (1, table.state.hand_number, len(table.state.hand.moves))
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})  # nobody else to ask
    update = await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].computer_plays)
    assert table.slots[2].played_by == ((0, 0, 0, "Bea"), (*away, ""))
    assert [(w.since, w.name) for w in update.table.seats[1].played_by] == [((0, 0, 0), "Bea"), (away, "")]
    await quiesce([host], table, {1})  # the computer plays seat 2 up to Ana's turn
    assert any(isinstance(m, Play) and m.seat == 2 for m in table.state.hand.moves[away[2]:])
    back_at = (1, table.state.hand_number, len(table.state.hand.moves))
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": table.code, "token": token})
    assert table.slots[2].played_by == ((0, 0, 0, "Bea"), (*away, ""), (*back_at, "Bea"))
    assert [(w.since, w.name) for w in back.table.seats[1].played_by] == [((0, 0, 0), "Bea"), (away, ""),
                                                                         (back_at, "Bea")]
    from doublenine.client.playedby import stretches, who_moved
    mine = stretches(back.table.seats[1].played_by, None)  # as every window reads it (client/playedby.py)
    assert mine == (((0, 0, 0), None), (away, ""), (back_at, None))
    assert [who_moved(mine, *away[:2], i) for i in (away[2], away[2] + 1, back_at[2], back_at[2] + 1)] == \
        [None, "", "", None]  # her move, the computer's first and last while away, hers again
    stored = TableMeta.from_record(decode_meta(encode_meta(table.meta.record())))
    assert stored.slots[2].played_by == table.slots[2].played_by
    await back.close()
