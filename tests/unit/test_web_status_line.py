"""The web page's status line while the last hand is still shown (server/web/listing.status_of,
``statusText`` in server/web/static/table.js).

Session 9's new user: after a hand ended, ``/t/CODE`` said only "Hand 1 is over" until the next
hand's first play, while the winners were choosing who leads (R6/R7) and the new hands were
looked at (R10): the line now says both.
"""
from __future__ import annotations

from doublenine.server.web.listing import status_of
from doublenine.server.web.pages import SeatInfo, TableInfo, status_text
from doublenine.shared.i18n import translator
from doublenine.shared.moves import Nominate
from doublenine.shared.rules import apply, apply_shuffle
from doublenine.shared.state import Phase

from enginekit import DEAL, S1, S3, accept_all, in_play, play_out

WIRE = {"seats": [{"seat": n, "name": name} for n, name in zip(range(1, 5), ("Ana", "Bo", "Cy", "Di"))],
        "started": True}


def line(state, lang: str = "en") -> str:  # type: ignore[no-untyped-def]
    info = TableInfo("ABCDE", tuple(SeatInfo(n, "", "computer") for n in range(1, 5)), (0, 0), True,
                     status=status_of(state, WIRE))
    return status_text(translator(lang), info)


def test_r6_while_the_winners_choose_who_leads_the_line_says_the_hand_is_over_and_who_chooses() -> None:
    over = play_out(in_play())  # seat 1 holds the 0s and plays first: team A's domino ends hand 1
    assert (over.phase, over.finished[-1].number) == (Phase.NOMINATE, 1)
    assert status_of(over, WIRE) == (("hand_over", (("n", "1"),)), ("nominate", (("name", "Ana"),)))
    assert line(over) == "Hand 1 is over · Ana chooses who leads"


def test_r10_while_the_new_hands_are_looked_at_the_last_hand_is_still_named() -> None:
    review = apply_shuffle(apply(play_out(in_play()), Nominate(S1, S3)), DEAL)
    assert review.phase is Phase.REVIEW
    assert line(review) == "Hand 1 is over · The players are looking at their new hands"
    playing = accept_all(review)  # the reveal goes at the first play of hand 2: until then the opener is named
    assert status_of(playing, WIRE) == (("to_play", (("name", "Cy"),)),)
    assert line(playing) == "Cy to play"


@__import__("pytest").mark.skipif(__import__("shutil").which("node") is None, reason="node runs the page's script")
def test_s16_the_pages_finished_hands_name_who_played_them() -> None:
    """Session 16: the table page's list of finished hands said "Domino! Bernd played their last tile" for the
    computer's domino before Bernd sat down. table.js ``handName`` reads ``SeatW.played_by`` (and ``sat_after``
    from an older server) as the window does (client/playedby.py): the computer before he sat, the person who
    left mid-hand for the hands before, the seat's name now for its present person."""
    import json
    import re
    import subprocess
    from pathlib import Path

    import doublenine.server.web as web

    js = (Path(web.__file__).parent / "static" / "table.js").read_text("utf-8")
    body = re.search(r"\n  function handName\(s, match, hand\) \{\n.*?\n  \}\n", js, re.S).group(0)
    seats = [{"name": "Bernd", "played_by": [{"since": [0, 0, 0], "name": ""}, {"since": [1, 2, 0], "name": "Bernd"}]},
             {"name": "Bo", "sat_after": [1, 1]},
             {"name": "Carl", "played_by": [{"since": [0, 0, 0], "name": "Amélie"}, {"since": [1, 2, 5], "name": ""},
                                            {"since": [1, 3, 0], "name": "Carl"}]},
             {"name": "West"}]
    stub = ("var W = {stood_in: \"the computer in {name}'s seat\", default_4: \"West\", seat_4: \"West\"};"
            "function fill(t, a) { return t.replace(/\\{(\\w+)\\}/g, function (m, k) { return a[k]; }); }"
            "function seatName(s) { var n = table.seats[s - 1].name;"
            " return n === W['default_' + s] ? W['seat_' + s] : n; }"
            f"var table = {{seats: {json.dumps(seats)}}};")
    asks = [(1, 1, 1), (1, 1, 2), (2, 1, 1), (2, 1, 2), (3, 1, 1), (3, 1, 2), (3, 1, 3), (3, 2, 1), (4, 1, 1)]
    script = body + stub + f"console.log(JSON.stringify({json.dumps(asks)}.map(function (a) {{ return handName(a[0], a[1], a[2]); }})));"
    got = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60,
                                    check=True).stdout)
    assert got == ["the computer in Bernd's seat", "Bernd", "the computer in Bo's seat", "Bo", "Amélie",
                   "the computer in Carl's seat", "Carl", "Carl", "West"]


def test_phone_s17_f12_r26_a_table_waiting_for_an_open_rules_or_ledger_names_its_readers() -> None:
    """Phone s17 F12: Rosa's open rules held the computers (``holding: [1]``) and the page and ``/`` said "East to
    play" (or "Opening draw") for minutes: the served line names whom the table waits for, as table.js does."""
    state = in_play()
    wire = {**WIRE, "holding": (1,)}
    assert status_of(state, wire) == (("paused", (("name1", "Ana"),)),)
    info = TableInfo("ABCDE", tuple(SeatInfo(n, "", "computer") for n in range(1, 5)), (0, 0), True,
                     status=status_of(state, wire))
    assert status_text(translator("en"), info) == "Paused while Ana reads the rules or the ledger"
    two = TableInfo("ABCDE", info.seats, (0, 0), True, status=status_of(state, {**WIRE, "holding": (1, 3)}))
    assert status_text(translator("en"), two) == "Paused while Ana and Cy read the rules or the ledger"
    assert status_text(translator("de"), two) == "Pause, während Ana und Cy die Regeln oder das Protokoll lesen"
