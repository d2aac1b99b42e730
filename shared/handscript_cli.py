"""``doublenine replay FILE``: check a hand script or match record, print the result as JSON.

Prints exactly one JSON object on stdout: the result (exit 0) or
``{"error": {"code", "move_index", "message"}}`` (exit 2), then ``doublenine replay: CODE: MESSAGE`` on
stderr. ``FILE`` ``-``
reads stdin. The format is in docs/hand-script.md. ``--example NAME`` replays
one of the examples shipped with the game (shared/examples/, in the wheel too);
``--list-examples`` prints their names and paths.
"""
from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from typing import Any

from .errors import ErrorCode
from .handscript import ScriptError, check_text

EXIT_OK = 0
EXIT_REFUSED = 2
"""Exit status of a refused script (and of argparse usage errors)."""


def examples() -> dict[str, str]:
    """The shipped examples: name (file name without ``.json``) -> path, sorted by name."""
    folder = resources.files(__package__).joinpath("examples")
    found = {f.name[: -len(".json")]: str(f) for f in folder.iterdir() if f.name.endswith(".json")}
    return dict(sorted(found.items()))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``FILE`` (a path, or ``-`` for stdin), ``--example NAME`` and ``--list-examples``."""
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("file", metavar="FILE", nargs="?",
                      help="hand script or match record (JSON); '-' reads stdin")
    what.add_argument("--example", metavar="NAME", choices=tuple(examples()),
                      help="replay an example shipped with the game: " + ", ".join(examples()))
    what.add_argument("--list-examples", action="store_true", help="print the shipped examples and their paths")


MAX_INPUT = 4 * 2**20
"""Largest hand script or match record read, in bytes: a whole match's record is tens of KB
(issue 16.1: a file is read only up to its bound, never whole before it is checked)."""


def read_input(path: str) -> bytes:
    """The bytes of ``path`` or of stdin for ``-``; ``UNREADABLE`` if they cannot be read,
    ``MALFORMED`` beyond :data:`MAX_INPUT` bytes (reading stops there)."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_INPUT + 1)
    except OSError as exc:
        raise ScriptError(ErrorCode.UNREADABLE, f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_INPUT:
        raise ScriptError(ErrorCode.MALFORMED, f"{path} is larger than {MAX_INPUT} bytes")
    return data


def replay_text(path: str) -> dict[str, Any]:
    """The object to print for ``path``: a result or ``{"error": ...}``; never raises."""
    try:
        data = read_input(path)
    except ScriptError as exc:
        return exc.as_json()
    return check_text(data)


def run(args: argparse.Namespace) -> int:
    """Print the result of ``args.file`` as one JSON line; 0 if accepted, 2 if refused."""
    if getattr(args, "list_examples", False):  # callers may pass a Namespace with ``file`` alone
        for name, path in examples().items():
            sys.stdout.write(f"{name}\t{path}\n")
        return EXIT_OK
    example = getattr(args, "example", None)
    out = replay_text(examples()[example] if example else args.file)
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
    if "error" in out:  # stdout holds the one JSON object; the person reads why on stderr, as every command's
        from .cleantext import for_terminal  # errors (s12)

        error = out["error"]
        sys.stderr.write(f"doublenine replay: {error['code']}: {for_terminal(error['message'])}\n")
        return EXIT_REFUSED
    return EXIT_OK
