"""The time zone the web pages and ``doublenine results`` show times and pick days in (organiser s16 F8).

The pages said UTC times and their ``?date=`` was the UTC day, while ``doublenine results --date`` was the
machine's local day: one evening read three ways, and a club west of Greenwich had its evening split over two
``date=`` values. Now one setting, ``serve --time-zone`` / ``results --time-zone`` (default
``$DOUBLENINE_TIME_ZONE``, else ``UTC``), an IANA zone name read with the standard library's ``zoneinfo``, says
the zone of every time shown and every day chosen, and each time shown says its zone ("19:30 CET"). The
exports' ``ended_utc``/``started_utc`` stay UTC, as their names say.
"""
from __future__ import annotations

import argparse
import re
from datetime import datetime, timedelta, timezone, tzinfo
from functools import cache

from doublenine.shared.cleantext import said

ZONE_ENV = "DOUBLENINE_TIME_ZONE"
"""The environment variable both ``serve`` and ``doublenine results`` read the zone from."""
ZONE_CHARS = 64
"""Longest zone name taken (the IANA names are at most 32 characters)."""
_ZONE_FORM = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+){0,3}", re.ASCII)


@cache
def zone(name: str) -> tzinfo:
    """The zone named ``name`` ("UTC", "Europe/Madrid", "America/Havana"); ``ValueError`` for anything else: more
    than :data:`ZONE_CHARS` characters, not a zone name's form (letters, digits, ``_+-``, up to three ``/``; no
    ``..``, no absolute path), or no such zone in this machine's time zone data."""
    if name == "UTC":
        return timezone.utc
    if not isinstance(name, str) or len(name) > ZONE_CHARS or not _ZONE_FORM.fullmatch(name):
        raise ValueError(f"not a time zone name: {str(name)[:ZONE_CHARS]!r} (an IANA name such as Europe/Madrid)")
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise ValueError(f"no time zone {name!r} in this machine's time zone data (an IANA name such as "
                         "Europe/Madrid; without system data: pip install tzdata)") from None


def zone_option(text: str) -> str:
    """``--time-zone``'s argparse ``type=``: ``text`` when :func:`zone` knows it, else a one-line refusal (exit 2)."""
    try:
        zone(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def zone_default(environ: dict[str, str]) -> str:
    """``$DOUBLENINE_TIME_ZONE`` (``ValueError`` when it names no zone), else ``"UTC"``."""
    name = environ.get(ZONE_ENV, "").strip()
    if not name:
        return "UTC"
    try:
        zone(name)
    except ValueError as exc:
        raise ValueError(f"${ZONE_ENV}: {said(exc)}") from None
    return name


def local(seconds: float, name: str) -> datetime:
    """Unix ``seconds`` as an aware time in zone ``name``."""
    return datetime.fromtimestamp(seconds, zone(name))


def label(when: datetime) -> str:
    """The zone of the aware ``when`` as a reader reads it beside a time: its abbreviation ("UTC", "CET", "CEST",
    "CST"), or ``UTC+05:30`` where the zone has only a number ("+0530", "-03")."""
    name = when.tzname() or ""
    if name == "UTC" or (name.isalpha() and name.isascii()):
        return name
    offset = when.utcoffset() or timedelta(0)
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def day_span(day: str, name: str) -> tuple[float, float] | None:
    """The day ``YYYY-MM-DD`` in zone ``name`` as ``[from, before)`` Unix seconds (23 or 25 hours on a day the
    clocks change); None for a date of no calendar (``2026-13-45``)."""
    z = zone(name)
    try:
        start = datetime.strptime(day, "%Y-%m-%d")
        return start.replace(tzinfo=z).timestamp(), (start + timedelta(days=1)).replace(tzinfo=z).timestamp()
    except (ValueError, OverflowError):  # no such day, or the calendar's last one
        return None
