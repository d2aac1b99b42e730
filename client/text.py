"""Every string the client shows goes through :func:`tr` (i18n by engineer F).

Message ids are the English source strings with ``{placeholders}``. Names typed
by players are normalised to NFC so that "Jose" + combining acute draws as the
one glyph "José" (no missing-glyph boxes).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from doublenine.shared.i18n import N_

LANGUAGES = ("en", "fr", "pt", "de", "es")
"""Languages offered by ``--lang`` and the start screen."""


def _backend() -> Callable[..., str] | None:
    try:
        from doublenine.shared import i18n
    except ImportError:  # pragma: no cover - the package always ships i18n
        return None
    fn = getattr(i18n, "tr", None)
    return fn if callable(fn) else None


def tr(lang: str, msgid: str, **kwargs: Any) -> str:
    """``msgid`` translated into ``lang`` with ``kwargs`` filled in; English when unknown."""
    fn = _backend()
    if fn is not None:
        try:
            return nfc(str(fn(lang, msgid, **kwargs)))
        except (KeyError, ValueError, LookupError):
            pass
    try:
        return nfc(msgid.format(**kwargs))
    except (KeyError, IndexError, ValueError):
        return nfc(msgid)


def trn(lang: str, singular: str, plural: str, count: int, none: str | None = None, **kwargs: Any) -> str:
    """The singular or plural form for ``count`` in ``lang`` (``{count}`` is filled in); ``none``: the
    message said instead for a count of 0 ("You hold no doubles", never "You hold 0 doubles")."""
    if none is not None and count == 0:
        return tr(lang, none, **kwargs)
    try:
        from doublenine.shared.i18n import translator
        return nfc(translator(lang).ngettext(singular, plural, count, **kwargs))
    except (ImportError, KeyError, ValueError, LookupError, AttributeError):
        return nfc((singular if count == 1 else plural).format(count=count, **kwargs))


def say(lang: str, msgid: str, args: dict[str, Any]) -> str:
    """A panel text ``(msgid, args)``: ``args["_plural"]`` (with ``count``) marks a plural message,
    ``args["_none"]`` its message for a count of 0 (:func:`trn`)."""
    if "_plural" in args:
        rest = {k: v for k, v in args.items() if k not in ("_plural", "_none", "count")}
        none = args.get("_none")
        return trn(lang, msgid, str(args["_plural"]), int(args["count"]), None if none is None else str(none), **rest)
    return tr(lang, msgid, **args)


AND = N_("{a} and {b}")
"""How a sentence lists the last of several names (panels' match end says the winners with it too)."""


def named(msgids: tuple[str, str], names: Sequence[str], lang: str, **args: Any) -> tuple[str, dict[str, Any]]:
    """A panel text (:func:`say`) of the plural message ``msgids`` (``Nn_``) for ``names``: counted by how many
    they are (French "{names} doit" / "doivent", German "zieht" / "ziehen") and listed as the language lists
    them ("Nord et Est", "Nord, Est et Ouest"). s13 linguists: "Nord, Est doit donner son accord" read wrong
    with two names. Kind: a message with a list of names and one verb form."""
    listed = names[0] if len(names) == 1 else tr(lang, AND, a=", ".join(names[:-1]), b=names[-1])
    return msgids[0], {"_plural": msgids[1], "count": len(names), "names": listed, **args}


def nfc(text: str) -> str:
    """Unicode NFC form: composed characters, so the font draws each as one glyph."""
    return unicodedata.normalize("NFC", text)


def whole_sentences(text: str, limit: int) -> str:
    """``text`` on one line, at most ``limit`` characters, never cut inside a sentence if it can help it.

    A text from outside our catalogs (an exception's words) is bounded before it reaches a message,
    but a plain ``text[:limit]`` once left "one server process per file: stop that )" (new user,
    h2-a.png). Kept: the whole sentences (or ``;`` clauses) that fit; if not even the first fits,
    its words that fit and "…".
    """
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[:limit + 1]
    end = max(head.rfind(". "), head.rfind("! "), head.rfind("? "))
    clause = head.rfind("; ")
    if end > 0 or clause > 0:
        return head[:end + 1] if end >= clause else head[:clause]
    space = text.rfind(" ", 0, limit)
    return (text[:space] if space > 0 else text[:limit - 1]).rstrip(",;:(") + "…"


def cannot_start(lang: str, exc: BaseException) -> str:
    """What a start screen says when a table could not be started here (the embedded server, a local
    file, a port): a sentence in ``lang`` first, the exception's own English words after it, bounded
    (:func:`whole_sentences`), for whoever must fix it. Never the exception's words alone."""
    reason = whole_sentences(str(exc), 160)
    if not reason:
        return tr(lang, "Could not start the table")
    return tr(lang, "Could not start the table ({reason})", reason=reason)


DEFAULT_NAME = "Player"
"""The name a player who typed none plays under, said in the window's language (``tr(lang, DEFAULT_NAME)``:
"Joueur", "Jogador", "Spieler", "Jugador"; the msgid is in the catalogs through client/cli.py)."""


def is_default_name(name: str) -> bool:
    """Whether ``name`` is :data:`DEFAULT_NAME` in one of :data:`LANGUAGES` (or empty): a name the player
    never typed. Such a name is never saved and follows the window's language (new user s11 round 2 item
    13: a HOME first started in French kept "Joueur" after switching to Spanish, as if typed)."""
    name = nfc(name.strip())
    return not name or name in {tr(lang, DEFAULT_NAME) for lang in LANGUAGES}


def sent_name(name: str | None) -> str | None:
    """The name a window sends for its player (``create_table``, ``join``, ``spectate``; a LAN hosting's
    announced host name): None, the field left out so the seat takes its own name ("South"), for none or a
    default name (:func:`is_default_name`), else ``name``. Translator s17 F13, kind: a default name the server
    renames: "Player", "Jogador"... are the window's own seat words the server reserves (server/names.reserved,
    attacker s14 F5), so a first start that kept the offered name was told "At this table you are South"."""
    return None if name is None or is_default_name(name) else name


def name_field(name: str | None) -> dict[str, str]:
    """``{"name": ...}`` for a frame's ``name`` field (``create_table``, ``join``), ``{}`` where :func:`sent_name`
    leaves it out: the field takes no null (shared/protocol ``_name_left_out``), so ``name=None`` given to the
    model was refused ("Input should be a valid string") and a first start that kept an empty or default name
    could not create nor join a table (kind: a left-out field passed as None)."""
    sent = sent_name(name)
    return {"name": sent} if sent else {}


def typed_name(name: str) -> str:
    """``name`` as client.json keeps it: ``""`` for a default name (:func:`is_default_name`), else itself."""
    return "" if is_default_name(name) else name
