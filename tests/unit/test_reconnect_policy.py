"""shared/reconnect.py: the one reconnection policy (issue 12)."""
from __future__ import annotations

import random

from doublenine.shared.reconnect import (ENDED, MOVED, SHUTTING_DOWN, Backoff, Reconnector, describe_close,
                                         ends_game, http_status, retry_refusal)


def test_backoff_doubles_from_half_a_second_to_ten_seconds() -> None:
    policy = Backoff(jitter=0.0)
    assert [policy.delay(n, random.Random(1)) for n in range(7)] == [0.5, 1.0, 2.0, 4.0, 8.0, 10.0, 10.0]


def test_jitter_takes_at_most_half_and_spreads_the_clients() -> None:
    rng = random.Random(3)
    delays = [Backoff().delay(5, rng) for _ in range(200)]
    assert all(5.0 <= d <= 10.0 for d in delays) and max(delays) - min(delays) > 4.0


def test_reconnector_gives_up_only_after_ten_minutes_of_failing_and_restarts_after_a_success() -> None:
    retry = Reconnector(Backoff(jitter=0.0), random.Random(0))
    assert [retry.failed(t) for t in (100.0, 101.0, 102.0)] == [0.5, 1.0, 2.0]
    assert retry.failed(699.9) == 4.0 and retry.failed(700.0) is None
    retry.connected()
    assert retry.failed(5000.0) == 0.5


def test_only_a_deliberate_end_stops_a_client() -> None:
    assert [ends_game(c) for c in (None, 1000, SHUTTING_DOWN, 1006, 1011, 1013, MOVED)] == [False] * 7
    assert [ends_game(c) for c in (ENDED, 4001, 4002)] == [True] * 3
    assert retry_refusal("UNKNOWN_TABLE", seated=True) and not retry_refusal("UNKNOWN_TABLE", seated=False)
    assert not retry_refusal("BAD_TOKEN", seated=True)


def test_a_table_being_handed_over_is_retried_even_before_a_seat() -> None:
    assert MOVED == 4003 and not ends_game(MOVED)
    assert retry_refusal("TABLE_MOVING", seated=False) and retry_refusal("TABLE_MOVING", seated=True)
    # the server stopping for a restart: "reconnect and send again" (docs/protocol.md SHUTTING_DOWN)
    assert retry_refusal("SHUTTING_DOWN", seated=False) and retry_refusal("SHUTTING_DOWN", seated=True)


def test_a_close_without_a_close_code_is_said_in_words_never_as_code_none() -> None:
    """New-user finding 5: ``doublenine bot`` printed "connection lost (close code None)"."""
    assert describe_close(None) == ("the connection dropped without a close message: network trouble, "
                                    "or the server stopped abruptly")
    assert describe_close(1006) == describe_close(None)  # websockets' code for "no close frame"
    # club s14 F14: the reason says which, so its words are said, not 1001's guess at both nor the reason again
    assert describe_close(SHUTTING_DOWN, "server shutting down, reconnect") == \
        "the server is stopping or restarting (close code 1001)"
    assert describe_close(SHUTTING_DOWN, "table closed") == "the server closed the table for idleness (close code 1001)"
    assert describe_close(SHUTTING_DOWN, "going away", "fr") == (
        "le serveur s’arrête ou redémarre, ou a fermé la table restée inactive (code de fermeture 1001)\u00a0: going away")
    assert describe_close(MOVED) == "the table moved to another server process (close code 4003)"
    assert describe_close(4999) == "the connection was closed (close code 4999)"


def test_http_status_reads_the_refused_upgrades_status_and_nothing_else() -> None:
    """The one reader of ``exc.response.status_code`` (shared/failures uses it too): an int or None."""
    from types import SimpleNamespace

    def refused(code: object) -> Exception:
        exc = Exception("refused")
        exc.response = SimpleNamespace(status_code=code)  # type: ignore[attr-defined]
        return exc

    assert [http_status(refused(403)), http_status(refused(503)), http_status(refused("403")),
            http_status(refused(None)), http_status(Exception("no response"))] == [403, 503, None, None, None]
