"""No function of the game's code is defined and then never named anywhere (code read, s12 item 5:
``announce.service_name``, ``protocol._one_of`` and ``seats.next_seat`` looked unused since the first
week; ``seats.next_seat`` and ``seats.partner`` repeated ``Seat.next`` and ``Seat.partner``, and
``panels.tile_ends_text`` and ``store.with_connection`` were never called either: removed;
``announce.service_name`` is now what the announced service is named by). Kind: helpers left unused.

A name counts as used when it appears as a word in any other place of the repository's Python,
Markdown, TOML or web files (tests and docs included). The few functions called by a framework
rather than by name are listed in :data:`CALLED_BY_A_FRAMEWORK` with who calls them."""
from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODE = ("shared", "server", "client", "doublenine")
"""The folders whose functions must be used (the game's code)."""
READ = (*CODE, "tests", "bench", "docs", "packaging", "deploy")
"""The folders whose text counts as a use."""
CALLED_BY_A_FRAMEWORK = {
    ("doublenine/cli.py", "_get_help_string"): "argparse.HelpFormatter calls it (an override)",
}
"""Functions called by a framework by a name they override; pydantic's validators (``protocol._one_of``...)
are told by their decorator instead (:func:`_run_by_pydantic`)."""


def _words() -> Counter[str]:
    words: Counter[str] = Counter()
    for folder in READ:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".md", ".toml", ".js", ".html", ".spec") and path.is_file() \
                    and path != Path(__file__).resolve():  # the names listed here are no use
                words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", path.read_text(encoding="utf-8")))
    return words


def _run_by_pydantic(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """True for a pydantic validator or serializer (``@model_validator``, ``@field_validator``...): pydantic
    calls it, nothing names it."""
    names = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
    return any(isinstance(n, ast.Name) and n.id.endswith(("_validator", "_serializer")) for n in names)


def unused_functions() -> list[tuple[str, str]]:
    """(file, function name) of every function in :data:`CODE` whose name appears nowhere but its ``def``."""
    words = _words()
    found = []
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("__") \
                        and words[node.name] <= 1 and not _run_by_pydantic(node):
                    found.append((path.relative_to(ROOT).as_posix(), node.name))
    return found


def test_every_function_of_the_game_is_used() -> None:
    assert [f for f in unused_functions() if f not in CALLED_BY_A_FRAMEWORK] == []


def test_the_framework_called_ones_are_still_there() -> None:
    """An entry of CALLED_BY_A_FRAMEWORK whose function is gone (or now named elsewhere) is taken out."""
    assert sorted(f for f in unused_functions() if f in CALLED_BY_A_FRAMEWORK) == sorted(CALLED_BY_A_FRAMEWORK)


def test_the_announced_service_is_named_by_service_name() -> None:
    """``Announcer.service_name`` is the name its ServiceInfo registers (it was built twice, the same way)."""
    from doublenine.server.announce import SERVICE_TYPE, Announcer, instance_name

    announcer = Announcer(8765, protocol=1, host_name="kitchen", addresses=["192.0.2.7"], interfaces=["127.0.0.1"])
    assert announcer.service_name == f"{instance_name('kitchen', 8765)}.{SERVICE_TYPE}"
    assert announcer._service_info([]).name == announcer.service_name
