"""Club s14 F10: a hand-over request names the seat it is about, in the asked player's card and the asker's.

Ana 2's window said "Pablo asks to hand a seat to a computer" and Pablo's "You asked to hand a seat to a
computer": the seat was Carlos's, named nowhere. Kind: a consent request card not naming its seat."""
from __future__ import annotations

from dataclasses import replace

from client_helpers import session_at

from doublenine.client.layout import compute_layout
from doublenine.client.panels import HAND_OVER_OF
from doublenine.client.store import ConsentPrompt, reduce
from doublenine.client.text import tr
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat

NAMES = ("Ana 2", "Carlos", "Pablo", "Dora")


def _state(**changes):  # type: ignore[no-untyped-def]
    return replace(session_at(lambda st: True).state, names=NAMES, **changes)


def _title(state, lang="en"):  # type: ignore[no-untyped-def]
    from doublenine.client.text import say
    panel = compute_layout(state, Ui(seen_finished=10 ** 6), (1280, 800), lang).panel
    return panel.kind, say(lang, panel.title[0], panel.title[1])


def test_the_reported_case_the_asked_card_names_carloss_seat() -> None:
    state = _state(consent=(ConsentPrompt("1", Seat.THREE, "hand_over", None, Seat.TWO),))
    assert _title(state) == ("consent", "Pablo asks to let the computer play for Carlos")
    assert _title(state, "de") == ("consent", "Pablo möchte den Computer für Carlos spielen lassen")


def test_the_askers_card_names_it_too() -> None:
    state = _state(asking="hand_over", asked_id="1", asked_of=(Seat.ONE,), asking_target=Seat.TWO)
    assert _title(state) == ("asking", "You asked to let the computer play for Carlos")
    assert tr("fr", HAND_OVER_OF, name="Carlos") == "laisser l’ordinateur jouer pour Carlos"


def test_the_target_comes_from_the_servers_request() -> None:
    seats = tuple({"seat": s, "name": n, "kind": "human", "level": "expert", "claimed": True, "connected": s != 2,
                   "computer_plays": False, "program": False} for s, n in zip((1, 2, 3, 4), NAMES))
    table = {"code": "SMVTY", "seats": seats, "seeded": False, "started": True, "paused": True,
             "request": {"id": 1, "action": "hand_over", "by": 3, "target": 2, "waiting": [1], "accepted": []}}
    state = reduce(_state(), p.TableUpdate(table=table))
    assert state.consent == (ConsentPrompt("1", Seat.THREE, "hand_over", None, Seat.TWO),)


def _overlap(a, b) -> bool:  # type: ignore[no-untyped-def]
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _nominating(st) -> bool:  # type: ignore[no-untyped-def]
    from doublenine.shared.state import Phase
    return st.phase is Phase.NOMINATE and st.entitled is not None and st.entitled.lower_seat == Seat.ONE


def test_f10_the_request_never_covers_the_asked_players_own_choose_the_opener_card() -> None:
    """Club s14 F10 (shots/33): the hand-over request lay over Ana 2's "Choose the opener", its border
    peeking out. Kind: a consent card covering another decision card; now placed clear of it, both read."""
    state = replace(session_at(_nominating, seed=1).state, names=NAMES,
                    consent=(ConsentPrompt("1", Seat.THREE, "hand_over", None, Seat.TWO),))
    for lang, size in (("en", (1280, 800)), ("de", (800, 600)), ("pt", (800, 600))):
        lay = compute_layout(state, Ui(seen_finished=10 ** 6), size, lang)
        assert (lay.panel.kind, lay.beneath.kind) == ("consent", "nominate"), (lang, size)
        assert not _overlap(lay.panel.rect, lay.beneath.rect), (lang, size, lay.panel.rect, lay.beneath.rect)
    lay = compute_layout(state, Ui(seen_finished=10 ** 6), (1280, 800), "en")
    assert (lay.panel.rect, lay.beneath.rect) == ((280, 154, 720, 118), (352, 281, 576, 172))


def test_f12_a_new_match_request_never_covers_the_match_end_card() -> None:
    """Club s14 F12 (shots/50-51): "Carlos asks to start a new match" landed on the match-end card, whose
    border and buttons peeked out below."""
    from doublenine.shared.state import Phase
    state = replace(session_at(lambda st: st.phase is Phase.MATCH_OVER, seed=3).state, names=NAMES,
                    consent=(ConsentPrompt("2", Seat.TWO, "new_match"),))
    for lang, size in (("en", (1280, 800)), ("es", (800, 600))):
        lay = compute_layout(state, Ui(seen_finished=10 ** 6), size, lang)
        assert (lay.panel.kind, lay.beneath.kind) == ("consent", "match_over"), (lang, size)
        assert not _overlap(lay.panel.rect, lay.beneath.rect), (lang, size, lay.panel.rect, lay.beneath.rect)


def test_f12_a_handed_over_seat_is_told_new_match_brings_it_back_as_the_others_read_it_waits() -> None:
    """Club s14 F12 (shots/47, 48): Pablo's match-end card offered New match saying only "The other players at
    the table are asked first", while Ana 2's said "Pablo must agree, and the computer plays for them until
    they are back". Pablo's now says the same truth from his side: New match takes his seat back first."""
    from doublenine.client.panels import BACK_AND_ASKED
    from doublenine.shared.state import Phase
    state = replace(session_at(lambda st: st.phase is Phase.MATCH_OVER, seed=3).state, names=NAMES,
                    humans=frozenset({Seat.ONE, Seat.THREE}), free=frozenset(), playing_for_me=True)
    panel = compute_layout(state, Ui(seen_finished=10 ** 6), (1280, 800), "en").panel
    assert panel.kind == "match_over" and (BACK_AND_ASKED, {}) in panel.lines
    assert [b.enabled for b in panel.buttons if b.id == "new_match"] == [True]
    assert tr("de", BACK_AND_ASKED) == \
        "Neue Partie gibt Ihnen Ihren Platz vom Computer zurück; die anderen Spieler werden zuerst gefragt."
