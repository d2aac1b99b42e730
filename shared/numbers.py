"""Numbers read from text that a person or another machine wrote: ASCII digits only (issue 16.4).

Python's ``int()`` and ``float()`` take the digits of every script
(``int("８７６５") == 8765``, ``float("١٫٥")``...), and ``str.isdigit()`` is also
true of characters ``int()`` refuses (``"²".isdigit()``, then ``int("²")``
raises ``ValueError``). So a check with ``isdigit()`` followed by ``int()`` both
lets foreign digits through as if they were ASCII and crashes on others. Every
number parsed from outside text (invites, LAN announcements, the command line,
settings files, environment variables) goes through this module instead:

- :func:`parse_int` and :func:`parse_float` accept ASCII ``0-9`` (with an
  optional sign, and for floats ``.`` and an exponent) and nothing else, and
  raise :class:`NumberError` (a ``ValueError``) otherwise or out of range;
- :func:`is_ascii_digits` is the ``isdigit()`` to use;
- :func:`arg_int`, :func:`arg_float` are argparse ``type=`` functions (argparse's
  own ``type=int`` takes fullwidth digits).
"""
from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

from .i18n import N_

_INT = re.compile(r"[+-]?[0-9]+", re.ASCII)
_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)
_MAX_LEN = 64
"""Longest number text looked at: 64 characters (int() of a huge digit string is quadratic work)."""


NOT_WHOLE = N_("not a whole number in digits 0-9: %(text)s")
NOT_NUMBER = N_("not a number in digits 0-9: %(text)s")
OUT_OF_RANGE = N_("%(value)s is out of range %(lo)s..%(hi)s")


class NumberError(ValueError):
    """Not a number in ASCII digits, or out of its range; ``str()`` says which, in English. ``template``
    and ``fields``: the same sentence as a %-format message of the catalogs (:data:`NOT_WHOLE`,
    :data:`NOT_NUMBER`, :data:`OUT_OF_RANGE`; empty for the others), for :func:`arg_int` and
    :func:`arg_float` to say it in the command line's language."""

    def __init__(self, message: str, template: str = "", fields: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.template = template
        self.fields = fields or {}

    @classmethod
    def said(cls, template: str, **fields: str) -> NumberError:
        """The error whose English ``str()`` is ``template % fields``."""
        return cls(template % fields, template, fields)


def _said_in_argparse(exc: NumberError) -> str:
    """``exc`` through argparse's ``_`` (doublenine/cli.said_in points it at the catalogs while a command
    line is read; elsewhere it is gettext's, which says the English)."""
    if not exc.template:
        return str(exc)
    return argparse._(exc.template) % exc.fields  # type: ignore[attr-defined,no-any-return]


def is_ascii_digits(text: str) -> bool:
    """True when ``text`` is one or more ASCII digits ``0-9`` and nothing else (``"²"``, ``"８"``: False)."""
    return bool(text) and text.isascii() and text.isdigit()


def parse_int(text: str, lo: int | None = None, hi: int | None = None) -> int:
    """``text`` (ASCII digits, optional sign, no spaces inside) as an int within ``lo..hi`` inclusive.

    Surrounding ASCII spaces are ignored. Raises :class:`NumberError` for
    anything else: digits of other scripts, superscripts, ``_`` separators,
    more than 64 characters, or a value out of range.
    """
    if not isinstance(text, str):
        raise NumberError(f"not text: {type(text).__name__}")
    body = text.strip(" \t")
    if len(body) > _MAX_LEN or not _INT.fullmatch(body):
        raise NumberError.said(NOT_WHOLE, text=_show(text))
    value = int(body)
    _check_range(value, lo, hi)
    return value


def parse_float(text: str, lo: float | None = None, hi: float | None = None) -> float:
    """``text`` (ASCII digits, ``.``, exponent) as a finite float within ``lo..hi``; NumberError otherwise.

    ``nan``, ``inf`` and digits of other scripts are refused.
    """
    if not isinstance(text, str):
        raise NumberError(f"not text: {type(text).__name__}")
    body = text.strip(" \t")
    if len(body) > _MAX_LEN or not _FLOAT.fullmatch(body):
        raise NumberError.said(NOT_NUMBER, text=_show(text))
    value = float(body)
    if not math.isfinite(value):
        raise NumberError(f"not a finite number: {_show(text)}")
    _check_range(value, lo, hi)
    return value


def arg_int(lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
    """An argparse ``type=`` for an ASCII-digit int in ``lo..hi`` (a bad one: argparse's usage error, exit 2,
    in the command line's language: s11 new user, argparse's words around it were translated, it was not)."""
    def convert(text: str) -> int:
        try:
            return parse_int(text, lo, hi)
        except NumberError as exc:
            raise argparse.ArgumentTypeError(_said_in_argparse(exc)) from None
    convert.__name__ = "whole number"  # argparse names the type in its message
    return convert


def arg_float(lo: float | None = None, hi: float | None = None) -> Callable[[str], float]:
    """An argparse ``type=`` for an ASCII-digit finite float in ``lo..hi``."""
    def convert(text: str) -> float:
        try:
            return parse_float(text, lo, hi)
        except NumberError as exc:
            raise argparse.ArgumentTypeError(_said_in_argparse(exc)) from None
    convert.__name__ = "number"
    return convert


def _check_range(value: float, lo: float | None, hi: float | None) -> None:
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise NumberError.said(OUT_OF_RANGE, value=_num(value), lo=_num(lo), hi=_num(hi))


def _num(x: float | None) -> str:
    """A bound or value as a message shows it: ints exactly, floats short."""
    return "" if x is None else str(x) if isinstance(x, int) else f"{x:g}"


def _show(text: str, limit: int = 40) -> str:
    shown = text if len(text) <= limit else text[: limit - 1] + "…"
    return ascii(shown) if not shown.isprintable() else repr(shown)
