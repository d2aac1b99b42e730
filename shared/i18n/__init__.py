"""Languages of the client (issue 6): gettext catalogs read through Babel.

Every string the client shows goes through a :class:`Translator`. Message ids
are the English source strings with ``{name}``-style placeholders, so English
works with no catalog at all; ``fr``, ``pt``, ``de`` and ``es`` come from the
gettext catalogs ``<lang>.po`` beside this file (read with
``babel.messages.pofile.read_po`` and compiled in memory, so there is no
``.mo`` file to keep up to date). ``docs/translating.md`` tells how to extract
new ids and translate them.

Usage::

    from doublenine.shared.i18n import translator, tr
    t = translator("fr")
    t.gettext("Team {team} wins the hand", team="A")
    t.ngettext("{count} tile", "{count} tiles", 3)   # count=3 is filled in
    t.number(1234)                                    # '1 234' in French
    tr("es", "Pass")                                  # one-shot form

Marking a string for extraction without translating it yet: ``N_("Domino")``
returns its argument unchanged; translate it later with ``t.gettext(value)``.
"""
from __future__ import annotations

import gettext as _gettext
import io
import os
from functools import lru_cache
from importlib import resources

from babel import Locale, UnknownLocaleError
from babel.core import default_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

LANGUAGES: tuple[str, ...] = ("en", "fr", "pt", "de", "es")
"""The five client languages; ``en`` is the source language (no catalog needed)."""

SOURCE_LANGUAGE = "en"
"""The language the message ids are written in."""

DOMAIN = "doublenine"
"""The gettext domain (name of the ``.pot`` template)."""

_LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction without translating it (translate later with gettext)."""
    return msgid


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted message's two forms for extraction as ONE plural entry (``msgid_plural``, the keyword
    ``Nn_:1,2`` of docs/translating.md's command) without translating it; translate later with
    ``ngettext(singular, plural, n)``. Two ``N_`` strings made two entries, so a catalog could not give a
    language's own plural forms (French: 0 and 1 take the singular)."""
    return singular, plural


DEFAULT_SEAT_NAMES: dict[int, str] = {1: N_("South"), 2: N_("East"), 3: N_("North"), 4: N_("West")}
"""The names the server gives seats (1..4, R2) nobody named, in English: the one catalog the window
(``client/store.localized``), the web pages and their script translate them from (new-user N7: the
German page said "East & West" where the window said "Ost / West")."""


def shown_seat_name(lang: str, seat: int, name: str) -> str:
    """``name`` of ``seat`` (1..4, R2) as shown in ``lang``: a default name (:data:`DEFAULT_SEAT_NAMES`)
    translated, any name a player typed as it is, "Seat N" in ``lang`` when it has none.

    The one place a seat's shown name is made: the web pages, and through ``client/store.seat_name`` every
    place the window names a seat (plates, hand end, status line, prompts, chat, ledger, coach, tracker,
    toasts, wait cards; a status line once said "Seat 3 to play" in English in a French window)."""
    if not name:
        return translator(lang).gettext("Seat {n}", n=seat)
    if name == DEFAULT_SEAT_NAMES.get(seat):
        return translator(lang).gettext(name)
    return name


def catalog_path(lang: str) -> str:
    """Filesystem path of the ``.po`` catalog of ``lang`` (which may not exist for ``en``)."""
    return str(resources.files(__package__).joinpath(f"{lang}.po"))


def _fill(text: str, kwargs: dict[str, object]) -> str:
    """Fill ``{name}`` placeholders; a missing key leaves the text as is rather than crash."""
    if not kwargs:
        return text
    try:
        return text.format(**kwargs)
    except (KeyError, IndexError, ValueError):
        return text


class Translator:
    """Translations of one language (``lang`` in :data:`LANGUAGES`).

    ``gettext``/``ngettext``/``pgettext`` return the translation with ``{name}``
    placeholders filled from keyword arguments; an id missing from the catalog
    (or with an empty translation) falls back to the English id. Numbers are
    formatted by :meth:`number` with the locale's digit grouping (Babel).
    """

    def __init__(self, lang: str, translations: _gettext.NullTranslations) -> None:
        self.lang = lang
        """The language code, one of :data:`LANGUAGES`."""
        self._t = translations

    def gettext(self, msgid: str, **kwargs: object) -> str:
        """The translation of ``msgid`` with placeholders filled from ``kwargs``; ``""`` stays ``""``.

        (gettext itself maps the empty id to the catalog header, never wanted on screen.)
        """
        if not msgid:
            return ""
        return _fill(self._t.gettext(msgid), kwargs)

    def ngettext(self, singular: str, plural: str, n: int, **kwargs: object) -> str:
        """Plural-aware translation; ``{count}`` is filled with ``n`` (locale-formatted)."""
        kwargs.setdefault("count", self.number(n))
        text = self._t.ngettext(singular, plural, n)
        if text in (singular, plural):  # no plural entry: the two forms may be marked apart
            text = self._t.gettext(singular if n == 1 else plural)
        return _fill(text, kwargs)

    def plain_ngettext(self, singular: str, plural: str, n: int) -> str:
        """The plural form for ``n`` as the catalog has it, nothing filled in (for messages formatted by
        their caller with ``%``, such as argparse's)."""
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, msgid: str, **kwargs: object) -> str:
        """Translation of ``msgid`` in ``context`` (for ids that read differently in two places)."""
        return _fill(self._t.pgettext(context, msgid), kwargs)

    def number(self, n: int | float) -> str:
        """``n`` formatted for this language (pip counts, scores): e.g. 1234 -> '1.234' in de."""
        return format_decimal(n, locale=self.lang)

    __call__ = gettext


def _load(lang: str) -> _gettext.NullTranslations:
    """Read ``<lang>.po`` with Babel and compile it in memory to a GNUTranslations."""
    path = catalog_path(lang)
    if lang == SOURCE_LANGUAGE or not os.path.exists(path):
        return _gettext.NullTranslations()
    with open(path, "rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


@lru_cache(maxsize=None)
def translator(lang: str) -> Translator:
    """The :class:`Translator` for ``lang``; an unknown language gives English.

    Catalogs are read once per process (cached).
    """
    code = normalize_language(lang) or SOURCE_LANGUAGE
    return Translator(code, _load(code))


def tr(lang: str, msgid: str, **kwargs: object) -> str:
    """Short form of ``translator(lang).gettext(msgid, **kwargs)``."""
    return translator(lang).gettext(msgid, **kwargs)


class TranslatedError(RuntimeError):
    """An error a person is told: ``str()`` is the English sentence (logs, tracebacks, tests),
    :meth:`text` the same sentence in a person's language.

    ``msgid``: an ``N_``-marked message id with ``{placeholders}``; ``fields``: their values (filled
    in as :meth:`Translator.gettext` does). Kept as :attr:`msgid` and :attr:`fields`."""

    def __init__(self, msgid: str, **fields: object) -> None:
        super().__init__(translator(SOURCE_LANGUAGE).gettext(msgid, **fields))
        self.msgid, self.fields = msgid, fields

    def text(self, lang: str) -> str:
        """The sentence in ``lang`` (one of :data:`LANGUAGES`; another gives English)."""
        return translator(lang).gettext(self.msgid, **self.fields)


def normalize_language(tag: str | None) -> str | None:
    """The code in :data:`LANGUAGES` for a locale tag like ``pt_BR.UTF-8`` or ``de-AT``, else None."""
    if not tag:
        return None
    code = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def default_language() -> str:
    """The language to start with on first run: from the system locale, else ``en``.

    Looks at LANGUAGE, LC_ALL, LC_MESSAGES and LANG (the gettext order); a
    ``LANGUAGE`` list like ``es:en`` picks its first supported entry.
    """
    for var in _LOCALE_VARS:
        for part in os.environ.get(var, "").split(":"):
            code = normalize_language(part)
            if code is not None:
                return code
    try:
        code = normalize_language(default_locale())
    except (ValueError, UnknownLocaleError):
        code = None
    return code or SOURCE_LANGUAGE


def language_name(lang: str) -> str:
    """The language's own name, capitalised: 'Français', 'Português', 'Deutsch', 'Español'."""
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (ValueError, UnknownLocaleError):
        name = lang
    return name[:1].upper() + name[1:]


__all__ = [
    "LANGUAGES", "SOURCE_LANGUAGE", "DOMAIN", "N_", "Nn_", "Translator", "TranslatedError", "translator", "tr",
    "default_language", "normalize_language", "language_name", "catalog_path",
]
