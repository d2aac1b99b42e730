"""What an overlay's ``handle(event)`` asks the client to do (issue 6)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Close:
    """Close the overlay (Escape or the close button); the client tells the server (R26)."""


@dataclass(frozen=True, slots=True)
class Export:
    """Save ``text`` (JSON) as ``filename``: a hand script (``kind`` "hand") or match record."""

    kind: str
    filename: str
    text: str


@dataclass(frozen=True, slots=True)
class SelectMatch:
    """Inside the ledger: show match ``index`` (handled by the overlay itself, never returned)."""

    index: int


@dataclass(frozen=True, slots=True)
class ExportLater:
    """Inside the ledger: an export button; the overlay builds the :class:`Export` on click."""

    kind: str
    """"match" (``key`` = index of the match in the ledger) or "hand" (``key`` = hand number)."""
    key: int


OverlayAction = Close | Export | SelectMatch | ExportLater
"""Actions inside the overlays; ``handle`` returns only Close or Export (None: scrolling or nothing)."""


def save_export(action: Export, directory: str | Path) -> Path:
    """Write an :class:`Export` into ``directory`` (created if needed); returns the file's path.

    An existing file of the same name is not overwritten: ``-2``, ``-3``... is
    added before ``.json``. Raises OSError if the directory cannot be written.
    """
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    stem, suffix = action.filename.rsplit(".", 1)
    path, k = folder / action.filename, 2
    while path.exists():
        path, k = folder / f"{stem}-{k}.{suffix}", k + 1
    path.write_text(action.text, encoding="utf-8")
    return path
