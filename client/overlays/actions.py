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


@dataclass(frozen=True, slots=True)
class Coach:
    """Inside the ledger: "Review my hand" for hand ``hand`` of match ``match`` (issue 14.2); the
    client asks the server for the review and shows the review overlay."""

    match: int
    hand: int


OverlayAction = Close | Export | SelectMatch | ExportLater | Coach
"""Actions inside the overlays; ``handle`` returns only Close, Export or Coach (None: scrolling or nothing)."""


def save_export(action: Export, directory: str | Path) -> Path:
    """Write an :class:`Export` into ``directory`` (created if needed); returns the file's path.

    An existing file of the same name is not overwritten: ``-2``, ``-3``... is
    added before ``.json``. Raises OSError if the directory cannot be written.
    """
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    stem, suffix = safe_filename(action.filename).rsplit(".", 1)
    path, k = folder / f"{stem}.{suffix}", 2
    while path.exists():
        path, k = folder / f"{stem}-{k}.{suffix}", k + 1
    path.write_text(action.text, encoding="utf-8")
    return path


def safe_filename(name: str) -> str:
    """``name`` as one plain file name: only ASCII letters, digits, ``-``, ``_`` and one ``.json``-like suffix.

    Export names carry the table code the server sent (``doublenine-CODE-...``): a
    hostile server's code like ``../../x`` must not pick the folder (issue 16: text from outside).
    """
    stem, _, suffix = name.rpartition(".")
    if not stem:
        stem, suffix = suffix, "json"
    clean = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "-" for c in stem[:100]).strip("-") or "export"
    ext = "".join(c for c in suffix if c.isascii() and c.isalnum())[:8] or "json"
    return f"{clean}.{ext}"
