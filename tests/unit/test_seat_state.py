"""Every place that names a seat's state says the same word (shared/seatstate.py).

Reported case: a seat a friend gave up (``leave`` after the start) read "computer" on its name card in
the window and "free seat" on the web page and in the LAN list. The computer plays it and a person
may take it: one state, "computer, free seat", everywhere.
"""
from __future__ import annotations

import pytest

from doublenine.shared.i18n import tr
from doublenine.shared.seatstate import SEAT_WORDS, TAKEABLE, SeatState, seat_state

CASES = [
    # kind, claimed, connected, computer_plays, program -> state
    (("computer", False, False, True, False), SeatState.COMPUTER),
    (("human", True, True, False, True), SeatState.COMPUTER),  # doublenine bot holds it
    (("human", False, False, False, False), SeatState.FREE),  # before the start
    (("human", False, False, True, False), SeatState.OPEN),  # given up after the start (the report)
    (("human", True, True, False, False), SeatState.PLAYER),
    (("human", True, False, False, False), SeatState.AWAY),
    (("human", True, False, True, False), SeatState.STAND_IN),  # handed over while away (D7)
    (("human", True, True, True, False), SeatState.STAND_IN),  # handed over while connected (D7)
    (("human", True, False, True, False, True), SeatState.NEXT_DEAL),  # taken mid-hand (s15: read "stands in")
    (("human", False, False, True, False, False), SeatState.OPEN),
]


@pytest.mark.parametrize(("fields", "state"), CASES)
def test_each_seat_reads_as_one_state(fields: tuple, state: SeatState) -> None:
    assert seat_state(*fields) is state


def test_a_seat_given_up_after_the_start_is_named_computer_free_seat_in_every_language() -> None:
    word = SEAT_WORDS[seat_state("human", False, False, True)]
    assert word == "computer, free seat"
    assert [tr(lang, word) for lang in ("fr", "pt", "de", "es")] == [
        "ordinateur, place libre", "computador, livre", "Computer, freier Platz", "computadora, libre"]
    assert SeatState.OPEN in TAKEABLE and SeatState.FREE in TAKEABLE and len(TAKEABLE) == 2


def test_every_state_has_its_own_word() -> None:
    assert len(set(SEAT_WORDS.values())) == len(SeatState) == 7
    assert SEAT_WORDS[SeatState.AWAY] == "disconnected"  # the web page said "away", the window "disconnected"


@pytest.mark.skipif(__import__("shutil").which("node") is None, reason="node runs the page's script")
def test_the_table_page_script_reads_every_seat_as_seat_state_does() -> None:
    """Session 15: table.js ``seatKind`` is the page's copy of :func:`seat_state`; a seat taken mid-hand
    (``waits``) read "computer stands in" there too. Every combination of the fields, read by both."""
    import itertools
    import json
    import re
    import subprocess
    from pathlib import Path

    import doublenine.server.web as web

    js = (Path(web.__file__).parent / "static" / "table.js").read_text("utf-8")
    body = re.search(r"\n  function seatKind\(s\) \{\n.*?\n  \}\n", js, re.S).group(0)
    fields = ("kind", "claimed", "connected", "computer_plays", "program", "waits")
    cases = [dict(zip(fields, (k, *flags))) for k in ("human", "computer")
             for flags in itertools.product((False, True), repeat=5)]
    script = body + f"console.log(JSON.stringify({json.dumps(cases)}.map(seatKind)));"
    got = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60,
                                    check=True).stdout)
    assert got == [str(seat_state(*(c[f] for f in fields))) for c in cases]
    assert got.count("next_deal") == 4


@pytest.mark.skipif(__import__("shutil").which("node") is None, reason="node runs the page's script")
def test_s17_the_table_page_script_names_team_members_as_the_served_page_does() -> None:
    """Session 17: table.js ``memberName`` (the live team line) and pages.member_name (as served) name a free
    seat by its word, a seat nobody holds that the computer plays under its default name "computer, free seat",
    its last person's kept name as it is, a computer seat by its name."""
    import json
    import re
    import subprocess
    from pathlib import Path

    import doublenine.server.web as web
    from doublenine.server.web.pages import SeatInfo, member_name
    from doublenine.shared.i18n import translator

    js = (Path(web.__file__).parent / "static" / "table.js").read_text("utf-8")
    body = "".join(re.search(r"\n  function " + f + r"\(s\) \{\n.*?\n  \}\n", js, re.S).group(0)
                   for f in ("seatKind", "memberName"))
    seats = [{"name": "South", "kind": "human", "claimed": False, "connected": False, "computer_plays": False},
             {"name": "East", "kind": "human", "claimed": False, "connected": False, "computer_plays": True},
             {"name": "Diego", "kind": "human", "claimed": False, "connected": False, "computer_plays": True},
             {"name": "West", "kind": "computer", "claimed": False, "connected": False, "computer_plays": True}]
    stub = ("var W = {free: 'free seat', open: 'computer, free seat', default_1: 'South', default_2: 'East',"
            " default_3: 'North', default_4: 'West', seat_4: 'West'};"
            "function seatName(s) { var n = table.seats[s - 1].name; return n === W['default_' + s] ? W['seat_' + s] : n; }"
            f"var table = {{seats: {json.dumps(seats)}}};")
    script = body + stub + "console.log(JSON.stringify([1, 2, 3, 4].map(memberName)));"
    got = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60,
                                    check=True).stdout)
    assert got == ["free seat", "computer, free seat", "Diego", "West"]
    served = [member_name(translator("en"), SeatInfo(n, sl["name"], kind))
              for n, sl, kind in zip((1, 2, 3, 4), seats, ("free", "open", "open", "computer"))]
    assert served == got
