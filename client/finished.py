"""Finished matches the window keeps, so their ledgers open from the start screen after Leave (R22).

A finished match used to leave nothing behind once the player left its table: config.drop_match forgets
its seat (there is nothing to go back to), and its ledger, its exports and the reviews of its hands were
reachable only while still seated there. Here each finished match this window played a seat in is kept
with what its ledger shows: the public match record (``MatchRecordW``, what every seat saw: R21/R22,
never the unused tiles, D9), the four seats' names, the table's seeded notice (the seed only if this
player set it, D9) and the coach's reviews already received for its hands (issue 14.2).

Stored as ``finished.json`` in the user's data folder (platformdirs), at most :data:`MAX_FINISHED`
matches, newest first, the file at most :data:`MAX_FILE` bytes. The file is outside text: each entry is
validated as wire data when read and a bad one is skipped; nothing here raises on bad content.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from doublenine.localfile import Updates
from doublenine.shared.cleantext import NAME_CHARS, BlankText, clean_text
from doublenine.shared.convert import record_from_wire, record_to_wire
from doublenine.shared.protocol import CoachReply
from doublenine.shared.seats import Seat
from doublenine.shared.state import MatchRecord, Phase
from doublenine.shared.views import SeatView
from doublenine.shared.wire import PLAYED_BY_MAX, MatchRecordW, Model, Number, SeatNo, TableCode

MAX_FINISHED = 3
"""Finished matches kept; the oldest is dropped beyond (the start screen lists each one)."""
MAX_FILE = 4 * 1024 * 1024
"""Largest ``finished.json`` read, in bytes (three matches of 40 hands with their reviews stay far below)."""
MAX_REVIEWS = 40
"""Coach reviews kept per match: one per finished hand, as many as a frame carries (wire.IN_FRAME)."""
FILE_NAME = "finished.json"


class KeptStretchW(Model):
    """One stretch of who played a seat of a kept match (:mod:`.playedby`): ``since`` as ``SeatW.played_by``
    says it, ``who`` the person's name, "" the computer, None the seat's person named in ``names``."""

    since: tuple[Number, Number, Number]
    who: Annotated[str, Field(max_length=4 * NAME_CHARS, strict=True)] | None = None


class KeptMatchW(Model):
    """One kept finished match as stored (validated when read: the file is outside text)."""

    code: TableCode
    seat: SeatNo
    """The seat this window played (its "Review my hand" rows are that seat's)."""
    names: tuple[Annotated[str, Field(max_length=4 * NAME_CHARS, strict=True)], ...] = \
        Field(default=(), max_length=4)
    seeded: bool = False
    seed: Annotated[int, Field(ge=0, lt=2**63, strict=True)] | None = None
    """D9: kept only when the server sent it to this player (who set it)."""
    record: MatchRecordW
    reviews: tuple[CoachReply, ...] = Field(default=(), max_length=MAX_REVIEWS)
    played_by: tuple[Annotated[tuple[KeptStretchW, ...], Field(max_length=PLAYED_BY_MAX)], ...] = \
        Field(default=(), max_length=4)
    """Who played each seat (seat 1 first), by stretches, as the table said when the match was kept (session
    17: a kept match's ledger and reviews named the seats' last holders for every move); ``()``: each seat's
    person played it all (a file kept before)."""


_ENTRY = TypeAdapter(KeptMatchW)


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A kept finished match, ready for the ledger overlay (:func:`finished_view`)."""

    code: str
    """The table's code."""
    seat: Seat
    names: tuple[str, str, str, str]
    """The seats' names as the server sent them (cleaned; "" for none), index seat-1."""
    seeded: bool
    seed: int | None
    record: MatchRecord
    """The match's public record: its draws, redeals, finished hands, final scores and winner."""
    reviews: tuple[CoachReply, ...]
    played: tuple[Any, ...] = ()
    """Who played each seat, by stretches (:mod:`.playedby`, ``ClientState.played_by``), seat 1 first; ``()``:
    each seat's person played it all."""

    @property
    def key(self) -> tuple[str, int]:
        """(table code, match number at that table): one entry per match."""
        return (self.code, self.record.number)


def finished_path() -> Path:
    """``finished.json`` in the user's data folder for doublenine (tests point it into a temp folder)."""
    import platformdirs
    return Path(platformdirs.user_data_dir("doublenine", appauthor=False)) / FILE_NAME


def _names(raw: tuple[str, ...]) -> tuple[str, str, str, str]:
    """Four names cleaned as a server's (shared/cleantext.py); "" for a blank or missing one."""
    def cleaned(name: str) -> str:
        try:
            return clean_text(name, NAME_CHARS)
        except BlankText:
            return ""
    names = [cleaned(n) for n in raw[:4]] + [""] * (4 - len(raw[:4]))
    return (names[0], names[1], names[2], names[3])


def _played(raw: tuple[tuple[KeptStretchW, ...], ...]) -> tuple[Any, ...]:
    """Stored stretches as :mod:`.playedby` reads them (names cleaned as a server's); ``()`` unless four seats'
    are stored, each increasing (otherwise damage: each seat's person then played it all)."""
    out = []
    for seat in raw if len(raw) == 4 else ():
        items = tuple((tuple(int(x) for x in w.since), None if w.who is None else _names((w.who,))[0] if w.who
                       else "") for w in seat)
        if any(b[0] <= a[0] for a, b in zip(items, items[1:])):
            return ()
        out.append(items or (((0, 0, 0), None),))
    return tuple(out)


def _from_entry(w: KeptMatchW) -> FinishedMatch:
    return FinishedMatch(w.code, Seat(w.seat), _names(w.names), w.seeded, w.seed if w.seeded else None,
                         record_from_wire(w.record), w.reviews, _played(w.played_by))


def _to_entry(m: FinishedMatch) -> dict[str, Any]:
    return {"code": m.code, "seat": int(m.seat), "names": list(m.names), "seeded": m.seeded, "seed": m.seed,
            "record": record_to_wire(m.record),
            "reviews": [r.model_dump(mode="json") for r in m.reviews[-MAX_REVIEWS:]],
            "played_by": [[{"since": list(since), "who": who} for since, who in seat[-PLAYED_BY_MAX:]]
                          for seat in m.played]}


def load_finished(path: Path | None = None) -> tuple[FinishedMatch, ...]:
    """The kept finished matches, newest first (at most :data:`MAX_FINISHED`); () when there are none or
    the file cannot be read (not a regular file, larger than :data:`MAX_FILE`, not JSON). An entry that
    is not a valid :class:`KeptMatchW` is skipped; a match kept twice counts once (the first). Matches
    :func:`keep_matches` still waits to write (the file's lock held elsewhere) are included."""
    return _KEPT.load(path or finished_path())


def _read(path: Path) -> tuple[FinishedMatch, ...]:
    """:func:`load_finished` of what the file holds now."""
    from doublenine.localfile import read_regular

    try:
        data = json.loads(read_regular(path, MAX_FILE).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return ()
    out: list[FinishedMatch] = []
    for entry in data[:MAX_FINISHED] if isinstance(data, list) else ():
        try:
            m = _from_entry(_ENTRY.validate_python(entry))
        except (ValidationError, ValueError):
            continue
        if m.key not in {x.key for x in out}:
            out.append(m)
    return tuple(out)


def save_finished(matches: tuple[FinishedMatch, ...], path: Path | None = None) -> None:
    """Write ``matches`` (newest first, the first :data:`MAX_FINISHED`) whole, under the file's lock; a
    folder that cannot be written, or a file that is not a regular one, is silently skipped (never a
    crash, never blocks). For a test's set-up only: a window adds its matches with :func:`keep_finished`,
    which keeps the others'."""
    from doublenine.localfile import locked

    path = path or finished_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    with locked(path):
        _write(matches, path)


def _write(matches: tuple[FinishedMatch, ...], path: Path) -> None:
    from doublenine.localfile import write_regular

    text = json.dumps([_to_entry(m) for m in matches[:MAX_FINISHED]], ensure_ascii=False, separators=(",", ":"))
    if len(text.encode("utf-8")) > MAX_FILE:  # never written beyond what is read back
        return
    try:
        write_regular(path, text.encode("utf-8"), 0o600)
    except OSError:
        pass


def finished_of(state: Any) -> tuple[FinishedMatch, ...]:
    """Every finished match a seated client state shows, newest first: the current match once it is
    over (MATCH_OVER), then the earlier matches at the table; () for a spectator or no view.
    ``state`` is a :class:`~doublenine.client.store.ClientState`."""
    view = state.view
    if not isinstance(view, SeatView) or not state.table:
        return ()
    records = list(view.past)
    if view.phase is Phase.MATCH_OVER:
        records.append(MatchRecord(view.match, view.draws, view.redeals, view.finished, view.scores,
                                   view.winner, view.named))
    seed = state.seed if state.seeded else None
    played = tuple(state.played_by) if len(state.played_by) == 4 else ()  # session 17: who played, kept with it
    return tuple(FinishedMatch(state.table, view.viewer, _names(tuple(state.names)), state.seeded, seed, r,
                               tuple(c for c in state.coach if c.match == r.number and c.seat == view.viewer),
                               played)
                 for r in reversed(records) if r.winner is not None)


def keep_finished(state: Any, path: Path | None = None) -> bool:
    """Keep every finished match of ``state`` (:func:`finished_of`) first, newest first, replacing its
    older copy (reviews received since are added); the oldest beyond :data:`MAX_FINISHED` dropped. Read,
    merged and written under the file's lock (:func:`doublenine.localfile.locked`): two windows ending
    matches at once each keep theirs. Returns True when the file changed."""
    return keep_matches(finished_of(state), path)


def keep_matches(new: tuple[FinishedMatch, ...], path: Path | None = None) -> bool:
    """:func:`keep_finished` of the matches ``new`` (newest first). Returns True when the file changed."""
    if not new:
        return False
    path = path or finished_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    keys = {m.key for m in new}

    def merged(old: tuple[FinishedMatch, ...]) -> tuple[FinishedMatch, ...]:
        return (new + tuple(m for m in old if m.key not in keys))[:MAX_FINISHED]

    before = _KEPT.load(path)
    # read-merge-write under the lock: another window's match kept meanwhile stays (config.update's kind); never
    # a wait for a lock another process holds (localfile.Updates, attacker s12 round 2 N3's kind)
    return _KEPT.update(path, merged) != before


def finished_view(m: FinishedMatch) -> SeatView:
    """The view the ledger and review overlays read a kept match from: the match over (MATCH_OVER), its
    records as they were, no hand held and no earlier match (R21/R22: what the seat saw)."""
    r = m.record
    return SeatView(phase=Phase.MATCH_OVER, match=r.number, hand_number=len(r.finished), scores=r.scores,
                    entitled=None, opener=None, turn=None, counts=(0, 0, 0, 0), line=(), ends=None, moves=(),
                    draw_taken=(), draws=r.draws, redeals=r.redeals, finished=r.finished, winner=r.winner,
                    named=r.named, past=(), viewer=m.seat)


__all__ = ["FinishedMatch", "KeptMatchW", "KeptStretchW", "MAX_FINISHED", "MAX_FILE", "finished_of", "finished_path",
           "finished_view", "keep_finished", "keep_matches", "load_finished", "save_finished"]


_KEPT: Updates[tuple[FinishedMatch, ...]] = Updates(_read, _write)
"""finished.json's read-merge-writes (:func:`keep_matches`, :func:`load_finished`)."""
