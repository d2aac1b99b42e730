"""Random spellings of a table code in every path and query form the server reads a code from
(server/lookup.py ``routed_code``), for the routing property tests (test_nginx.py with stand-in
backends, test_route.py with real ``serve`` processes; attacker s10 F5: nginx and the server
folded ``-``/``_`` differently, so ``/t/R-G-Q-4-F`` reached another process than RGQ4F's)."""
from __future__ import annotations

import random

FORMS = ("/t/{}", "/t/{}/", "/t/{}?x=1", "/t/{}?table=ZZZZZ", "/?table={}", "/?a=1&TABLE={}",
         "/?table={}&table=ZZZZZ", "/?xtable=ZZZZZ&table={}")
"""Where a code stands in a request target: the ``/t/CODE`` path, or the bare ``/`` with ``table=``."""


def spelling(code: str, rng: random.Random) -> str:
    """``code`` with each letter in either case and 0 to 8 ``-``/``_`` (as many with at most two as
    with more) put before, between and after its characters."""
    slots = [""] * (len(code) + 1)
    for _ in range(rng.choice((0, 1, 2, 2, 3, 4, 5, 8))):
        slots[rng.randrange(len(slots))] += rng.choice("-_")
    letters = [ch.lower() if rng.random() < 0.5 else ch for ch in code]
    return "".join(s + ch for s, ch in zip(slots, letters)) + slots[-1]


def targets(code: str, rng: random.Random, count: int) -> list[str]:
    """``count`` request targets naming ``code`` spelt at random (:func:`spelling`), each in a random
    :data:`FORMS` form."""
    return [rng.choice(FORMS).format(spelling(code, rng)) for _ in range(count)]
