"""GroupBudget: the one per-address-group and total bound of the hints and the coach's reviews."""
from __future__ import annotations

import pytest

from doublenine.server.budget import GroupBudget, Refusal
from doublenine.server.coaching import coach_budget
from doublenine.server.computer import hint_budget
from doublenine.shared.errors import ErrorCode


def _budget(per_group: int = 2, total: int = 3) -> GroupBudget:
    return GroupBudget(lambda: per_group, lambda: total, ErrorCode.HINT_PENDING,
                       "{group} has {per_group} busy", "{total} busy in all", "things", 1500)


def test_the_group_cap_refuses_first_then_the_total_cap() -> None:
    budget = _budget()
    budget.take("a")
    assert budget.refusal("a") is None
    budget.take("a")
    assert budget.refusal("a") == Refusal(ErrorCode.HINT_PENDING, "a has 2 busy", None)
    assert budget.refusal("b") is None and not budget.full()
    budget.take("b")
    assert budget.full() and budget.room_for("c")
    assert budget.refusal("c") == Refusal(ErrorCode.RATE_LIMITED, "3 busy in all",
                                          {"limit": "things", "retry_ms": 1500})
    assert budget.refusal("a").code == ErrorCode.HINT_PENDING  # type: ignore[union-attr]
    assert budget.counts == {"a": 2, "b": 1}


def test_release_gives_the_room_back_and_leaves_no_empty_group() -> None:
    budget = _budget()
    budget.take("a")
    budget.take("a")
    budget.take("b")
    budget.release("a")
    assert budget.counts == {"a": 1, "b": 1} and budget.refusal("c") is None
    budget.release("a")
    budget.release("b")
    assert budget.counts == {}
    with pytest.raises(KeyError):
        budget.release("b")


def test_the_caps_are_read_at_each_check() -> None:
    caps = {"per_group": 1, "total": 5}
    budget = GroupBudget(lambda: caps["per_group"], lambda: caps["total"], ErrorCode.COACH_PENDING,
                         "{group}: {per_group}", "{total}", "coach", 5000)
    budget.take("a")
    assert budget.refusal("a") == Refusal(ErrorCode.COACH_PENDING, "a: 1", None)
    caps["per_group"] = 2
    assert budget.refusal("a") is None


def test_the_hints_and_the_coachs_budgets_say_what_they_said_before() -> None:
    hints, reviews = hint_budget(), coach_budget()
    for _ in range(4):
        hints.take("g")
        reviews.take("g")
    assert hints.refusal("g") == Refusal(ErrorCode.HINT_PENDING, "g has hints being computed at other seats", None)
    assert reviews.refusal("g") == Refusal(ErrorCode.COACH_PENDING, "g has 4 hand reviews being computed", None)
    for _ in range(4):
        reviews.take("h")
    for g in ("h", "i"):
        for _ in range(4):
            hints.take(g)
    assert hints.refusal("j") == Refusal(ErrorCode.RATE_LIMITED, "12 hints are waiting; ask again later",
                                         {"limit": "hints", "retry_ms": 2000})
    assert reviews.refusal("j") == Refusal(ErrorCode.RATE_LIMITED,
                                           "8 hand reviews are being computed; ask again later",
                                           {"limit": "coach", "retry_ms": 5000})
