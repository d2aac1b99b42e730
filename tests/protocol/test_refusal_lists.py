"""docs/protocol.md "Which refusals each message may get" names, for every client message, every code
the server's code paths for it can refuse with.

protoclient s14 F2: `start`'s entry named `ALREADY_STARTED` and `NOT_ENTITLED` only, while a creator who
watches (`sit` null) gets `SPECTATOR_CANNOT_ACT` (`Connection.actor`). Kind: an intent's list of possible
refusals incomplete. The server's paths are read from its source: each handler of
``server/connection.HANDLERS``, the guards it calls (``attached``, ``actor``, ``playing``, ``unattached``),
the function of ``actions``, ``talk``, ``Table``, ``registry`` or ``lookup`` it hands the message to, with the functions that one
calls in its own module (``_open``, ``_feasible``, ``self.check``: DUPLICATE and STALE), and for a decision
the rules' own function for its kind (``shared/rules.py``). Every code found there is in the message's
row, or is one any message may get (the paragraph before the table).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterator

import pytest

from doublenine.server import connection
from doublenine.shared import protocol as p
from doublenine.shared.errors import ErrorCode

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
ANY_MESSAGE = {"SHUTTING_DOWN", "RATE_LIMITED", "MALFORMED_FRAME", "UNKNOWN_MESSAGE", "WRONG_TYPES",
               "HANDSHAKE_REQUIRED", "INTERNAL", "TABLE_MOVING"}
"""The codes the paragraph before the table gives every message."""
GUARDS = {"attached": {"NOT_AT_TABLE"}, "actor": {"NOT_AT_TABLE", "SPECTATOR_CANNOT_ACT"},
          "playing": {"NOT_AT_TABLE", "SPECTATOR_CANNOT_ACT", "NOT_STARTED"}, "unattached": {"ALREADY_AT_TABLE"}}
"""``Connection``'s guards and what each refuses."""
RULES = {"draw": ["_draw_pick"], "nominate": ["_nominate"], "review": ["_review"],
         "play": ["_play", "_no_fit", "_hand_in_play"], "pass": ["_pass", "_hand_in_play"]}
"""A decision's own checks in shared/rules.py (``apply`` refuses MATCH_OVER before any of them)."""


def documented() -> dict[str, set[str]]:
    start = DOC.index("**Which refusals each message may get.**")
    table = DOC[start:DOC.index("\n## ", start)]
    out: dict[str, set[str]] = {}
    for names, codes in re.findall(r"^\| (`.+?) \| (.+) \|$", table, re.M):
        for name in re.findall(r"`(\w+)`", names):
            assert name not in out, name
            out[name] = {c for c in re.findall(r"`([A-Z_]+)`", codes)}
    return out


def _functions(path: Path) -> dict[str, ast.AST]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name: n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


MODULES = {name: _functions(ROOT / "server" / f"{name}.py") for name in ("connection", "actions", "talk", "table",
                                                                          "coaching", "lookup", "registry")}
RULES_FUNCTIONS = _functions(ROOT / "shared" / "rules.py")


def _calls(node: ast.AST) -> Iterator[tuple[str | None, str]]:
    """(the name a call is made on, or None for a bare name; the function's name) of each call in ``node``."""
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            if isinstance(n.func, ast.Name):
                yield None, n.func.id
            elif isinstance(n.func, ast.Attribute):
                owner = n.func.value
                yield (owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute)
                       else None), n.func.attr


def _codes(node: ast.AST) -> set[str]:
    return {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
            and n.value.id == "ErrorCode"}


def _reach(module: str, name: str, seen: set[tuple[str, str]]) -> set[str]:
    """The codes function ``name`` of ``module`` refuses with, following calls within its module."""
    if (module, name) in seen or name not in MODULES[module]:
        return set()
    seen.add((module, name))
    node = MODULES[module][name]
    out = _codes(node)
    for owner, called in _calls(node):
        if owner in (None, "self") and called in MODULES[module]:
            out |= _reach(module, called, seen)
        elif owner == "table" and called in MODULES["table"]:  # a Table method (``table.check``)
            out |= _reach("table", called, seen)
    return out


DELEGATES = {"actions": "actions", "talk": "talk", "table": "table", "coach_desk": "coaching",
             "registry": "registry"}
"""How a handler names the module (or object) it hands a message to -> the module defining it."""


def server_codes(message: type) -> set[str]:
    """Every code the server's path for ``message`` can refuse it with (see the module docstring)."""
    handler = connection.HANDLERS[message].__name__
    node = MODULES["connection"][handler]
    out = _codes(node)
    for owner, called in _calls(node):
        if owner == "c" and called in GUARDS:
            out |= GUARDS[called]
        elif owner in DELEGATES:
            out |= _reach(DELEGATES[owner], called, set())
        elif owner is None and called in MODULES["connection"]:  # a helper (``_lookup``: lookup's functions)
            helper = MODULES["connection"][called]
            out |= _codes(helper) | {c for o, f in _calls(helper) if o is None for c in _reach("lookup", f, set())}
    kind = message.model_fields["type"].default
    if kind in RULES:
        out |= {"MATCH_OVER"} | {c for f in RULES[kind] for c in _codes(RULES_FUNCTIONS[f])}
    return out


UNREACHABLE = {"create_table": {"TABLE_FULL", "SEAT_TAKEN", "TOO_MANY_CONNECTIONS", "SPECTATORS_PER_ADDRESS",
                                 "SPECTATORS_FULL"}}
"""Codes of a shared path a message cannot meet: ``create_table`` seats or seats-as-spectator its creator
through ``actions.join``/``actions.spectate`` (``creator=True``) at a table made a moment before, with no
seat claimed, nobody watching and no seat given up (BAD_TABLE has checked that ``sit`` is a human seat;
a four-computer table over the site's playing limit is TOO_MANY_TABLES before it exists)."""


MESSAGES = sorted(connection.HANDLERS, key=lambda m: m.model_fields["type"].default)


def test_every_client_message_has_one_row() -> None:
    rows = documented()
    assert set(rows) == {m.model_fields["type"].default for m in MESSAGES}
    assert rows["start"] == {"NOT_AT_TABLE", "SPECTATOR_CANNOT_ACT", "ALREADY_STARTED", "NOT_ENTITLED"}  # F2
    for codes in rows.values():
        assert codes <= {c.value for c in ErrorCode}


@pytest.mark.parametrize("message", MESSAGES, ids=[m.model_fields["type"].default for m in MESSAGES])
def test_each_row_names_every_code_the_servers_path_refuses_with(message: type[p.Model]) -> None:
    kind = message.model_fields["type"].default
    missing = server_codes(message) - documented()[kind] - ANY_MESSAGE - UNREACHABLE.get(kind, set())
    assert missing == set(), kind


def test_the_paths_are_read() -> None:
    """The reading finds the finding's code and the deeper ones (a guard, a helper, the rules)."""
    assert "SPECTATOR_CANNOT_ACT" in server_codes(p.Start)
    assert {"DUPLICATE", "STALE", "REQUEST_TOO_SOON", "NOTHING_TO_UNDO"} <= server_codes(p.Undo)
    assert {"BAD_POSITION", "ALREADY_DRAWN", "MATCH_OVER", "DUPLICATE"} <= server_codes(p.DrawTile)
    assert {"MUST_PLAY", "HAND_OVER"} <= server_codes(p.PassTurn)
