"""Session 17 (left from s16): a player whose seat was given up at a match's end (away 180 s and more) came back
and was told "Table K7QPA is closed or no longer exists ... The invite may be old", while the table was open and
playing. The server's ``BAD_TOKEN`` now says ``data: {given_up, away}`` (docs/protocol.md), and the window says
what happened, offering a free seat there or watching, beside the way back, in every language.
Kind: a refusal said as another one (the seat gone said as the table gone)."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.input import button
from doublenine.client.layout import compute_layout
from doublenine.client.net import NetClient, given_up_minutes
from doublenine.client.render import render
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.failures import Failure


def _refusal(data: object) -> p.Error:
    return p.Error(code="BAD_TOKEN", detail="x", data=data)  # type: ignore[arg-type]


def test_the_minutes_away_are_read_from_the_refusal_and_nothing_else() -> None:
    assert given_up_minutes(_refusal({"given_up": 2, "away": 300})) == 5
    assert given_up_minutes(_refusal({"given_up": 2, "away": 181})) == 3
    assert given_up_minutes(_refusal({"given_up": 2, "away": 7})) == 3  # D7's long wait at least
    for bad in (None, {}, {"given_up": 5, "away": 300}, {"given_up": True, "away": 300}, {"given_up": 2, "away": -1},
                {"given_up": 2, "away": 2**31}, {"given_up": 2}):
        assert given_up_minutes(_refusal(bad)) is None, bad
    assert given_up_minutes(p.Error(code="UNKNOWN_TABLE", detail="", data={"given_up": 2, "away": 300})) is None


@pytest.mark.parametrize("lang, said", [
    ("en", "Your seat at table K7QPA was given up: the match ended while you had been away 12 minutes"),
    ("fr", "Votre place à la table K7QPA a été libérée\u00a0: la partie s’est terminée alors que vous étiez absent "
           "depuis 12 minutes"),
    ("pt", "Seu lugar na mesa K7QPA foi liberado: a partida terminou quando você estava ausente havia 12 minutos"),
    ("de", "Ihr Platz an Tisch K7QPA wurde freigegeben: Die Partie endete, als Sie schon 12 Minuten weg waren"),
    ("es", "Tu puesto en la mesa K7QPA quedó libre: la partida terminó cuando llevabas 12 minutos fuera"),
])
def test_the_rejoin_refused_for_a_seat_given_up_says_so_not_that_the_table_is_closed(lang: str, said: str) -> None:
    client = NetClient("ws://play.example.org:8765/", p.Rejoin(code="K7QPA", token="t" * 32))
    failure = client._failure_of(_refusal({"given_up": 2, "away": 725}))
    assert (failure.key, dict(failure.params)) == ("seat.given_up", {"code": "K7QPA", "minutes": 12})
    assert failure.text(lang).startswith(said)
    old = client._failure_of(_refusal(None))  # an older server: as before
    assert old.key == "table.closed"


@pytest.fixture(scope="module")
def turn():  # type: ignore[no-untyped-def]
    return next(state for name, state, _ in table_states() if name == "own-turn")


@pytest.mark.parametrize("lang", ("en", "fr", "pt", "de", "es"))
def test_the_failure_card_offers_a_free_seat_and_watching(turn, lang: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    state = replace(turn, connection="lost", failure=Failure("seat.given_up", {"code": "K7QPA", "minutes": 4}))
    art = Art()
    for size in ((800, 600), (1280, 800)):
        lay = compute_layout(state, Ui(seen_finished=0), size, lang)
        panel = lay.panel
        assert panel is not None and panel.kind == "failure"
        assert [b.id for b in panel.buttons] == ["sit_free", "watch_table", "leave"]
        assert [b.primary for b in panel.buttons] == [True, False, False]
        surface = pygame.Surface(size)
        render(surface, lay, state, Ui(seen_finished=0), art, lang)
        pygame.image.save(surface, str(tmp_path / f"given-up-{lang}-{size[0]}.png"))
    other = replace(turn, connection="lost", failure=Failure("table.closed", {"code": "K7QPA", "host": "h", "port": 1}))
    assert [b.id for b in compute_layout(other, Ui(seen_finished=0), (1280, 800), lang).panel.buttons] == ["leave"]


def test_each_offer_opens_the_same_table_again_in_place_of_this_window(turn) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.scenes.table import TableScene

    class Session:
        def __init__(self, state):  # type: ignore[no-untyped-def]
            self.state = state

        def pump(self):  # type: ignore[no-untyped-def]
            return self.state

        def send(self, *a):  # type: ignore[no-untyped-def]
            pass

        def close(self):  # type: ignore[no-untyped-def]
            pass
    state = replace(turn, connection="lost", table="K7QPA",
                    failure=Failure("seat.given_up", {"code": "K7QPA", "minutes": 4}))
    scene = TableScene(Session(state), "en")
    asked: list[tuple[str, str]] = []
    scene.relaunch = lambda mode, code: asked.append((mode, code)) or f"{mode} window"
    lay = scene.layout()
    for bid, mode in (("sit_free", "join"), ("watch_table", "watch")):
        assert button(bid, lay, state, Ui(seen_finished=0)).command == bid
        change = scene._go_again(mode)
        assert (change.kind, change.scene) == ("replace", f"{mode} window")
    assert asked == [("join", "K7QPA"), ("watch", "K7QPA")]


def test_a_held_seat_given_up_and_joined_again_elsewhere_is_said_once(turn) -> None:  # type: ignore[no-untyped-def]
    """"Back to your match" (a held seat's rejoin with a join as its fallback): the rejoin refused for a seat
    given up took a free seat without a word; the table window now says why, once."""
    from doublenine.client.scenes.table import TableScene

    client = NetClient("ws://play.example.org:8765/", p.Rejoin(code="K7QPA", token="t" * 32),
                       fallback=p.Join(code="K7QPA", name="Vera"))

    class Ws:
        sent: list[bytes] = []

        def send(self, frame: bytes) -> None:
            self.sent.append(frame)
    client._receive(Ws(), _refusal({"given_up": 2, "away": 430}))
    assert client.given_up == 7 and isinstance(p.decode_client(Ws.sent[-1]), p.Join)

    class Session:
        def __init__(self, state):  # type: ignore[no-untyped-def]
            self.state, self.client = state, client

        def pump(self):  # type: ignore[no-untyped-def]
            return self.state

        def send(self, *a):  # type: ignore[no-untyped-def]
            pass

        def close(self):  # type: ignore[no-untyped-def]
            pass
    scene = TableScene(Session(replace(turn, table="K7QPA")), "es")
    scene._tell_given_up(1.0)
    assert scene.toast is not None and scene.toast[0] == ("Tu puesto en la mesa K7QPA había quedado libre: la partida "
                                                         "terminó cuando llevabas 7 minutos fuera. Ahora tienes un "
                                                         "puesto libre en la misma mesa.")
    scene.toast = None
    scene._tell_given_up(2.0)
    assert scene.toast is None and client.given_up is None
