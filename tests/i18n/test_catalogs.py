"""Catalogs (issue 6 must-show): every message id has a non-empty translation in each
language, with the same placeholders as the English source; numbers per locale;
first-start language from the system locale; every shown letter exists in the font.
"""
from __future__ import annotations

import re
import string
from pathlib import Path

import pygame
import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import denormalize, read_po

from doublenine.shared.i18n import (
    LANGUAGES, catalog_path, default_language, language_name, normalize_language, tr, translator,
)
from doublenine.shared.i18n.rules import rules_text

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
TEMPLATE = ROOT / "shared" / "i18n" / "doublenine.pot"
KEYWORDS = {**DEFAULT_KEYWORDS, "tr": (2,), "trn": (2, 3), "N_": None, "Nn_": (1, 2), "pgettext": ((1, "c"), 2)}
"""The keywords of the documented ``pybabel extract`` command (docs/translating.md)."""


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _catalog(lang: str):
    with open(catalog_path(lang), "rb") as fh:
        return read_po(fh, locale=lang, abort_invalid=True)


def _code_messages() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """(context, msgid) -> source forms, extracted from the code like pybabel does."""
    out = {}
    for folder in ("client", "shared", "doublenine", "server"):
        for _, _, msg, _, ctx in extract_from_dir(ROOT / folder, [("**.py", "python")],
                                                  keywords=KEYWORDS):
            forms = (msg,) if isinstance(msg, str) else tuple(msg)
            if forms[0]:
                out[(ctx, forms[0])] = forms
    return out


@pytest.fixture(scope="module")
def code_messages():
    return _code_messages()


def _template_messages() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """(context, msgid) -> source forms of doublenine.pot, the template translators start from."""
    with open(TEMPLATE, "rb") as fh:
        template = read_po(fh, abort_invalid=True)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): (m.id,) if isinstance(m.id, str) else tuple(m.id)
            for m in template if m.id}


def _entry_keys(path: Path) -> list[tuple[str | None, str]]:
    """Every (msgctxt, msgid) of a PO file in file order, repeats kept: Babel's reader merges a
    repeated entry silently (the later msgstr wins), so a duplicate is only seen in the text."""
    keys: list[tuple[str | None, str]] = []
    context: str | None = None
    field, parts = None, []
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if field is not None and line.startswith('"'):
            parts.append(line)
            continue
        if field == "msgctxt":
            context = denormalize("\n".join(parts))
        elif field == "msgid":
            keys.append((context, denormalize("\n".join(parts))))
            context = None
        field, parts = None, []
        head = re.match(r'(msgctxt|msgid) (".*)$', line)  # obsolete "#~ msgid" entries are not entries
        if head:
            field, parts = head.group(1), [head.group(2)]
    return keys


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_msgid_in_the_code_and_the_template_has_a_translation(lang: str, code_messages) -> None:
    cat = _catalog(lang)
    missing = []
    for (ctx, msgid), forms in {**_template_messages(), **code_messages}.items():
        msg = cat.get(forms[0] if len(forms) == 1 else forms[0], context=ctx)
        strings = [] if msg is None else ([msg.string] if isinstance(msg.string, str) else list(msg.string))
        if msg is None or msg.fuzzy or not strings or not all(s.strip() for s in strings):
            missing.append(msgid)
    assert missing == [], f"{lang}.po lacks translations; see docs/translating.md"


_LITERAL_CALL = re.compile(
    r'(?:\b(?:gettext|ngettext|N_)\(|\btr\(\s*[\w.]+\s*,)\s*"((?:[^"\\\n]|\\.)*)"\s*[,)]')

_DOCSTRING = re.compile(r'"""[\s\S]*?"""')


def test_every_literal_message_is_seen_by_the_extractor(code_messages) -> None:
    """pybabel silently drops some calls (e.g. a nested call with a comma in an argument)."""
    seen = {msgid for _, msgid in code_messages}
    dropped = []
    for folder in ("client", "shared", "doublenine", "server"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            code = _DOCSTRING.sub("", path.read_text(encoding="utf-8"))  # examples are not messages
            for m in _LITERAL_CALL.finditer(code):
                text = m.group(1).encode().decode("unicode_escape") if "\\" in m.group(1) else m.group(1)
                if text and text not in seen:  # "" is never a message (tr returns "")
                    dropped.append((path.name, text))
    assert dropped == [], "compute nested call arguments before the gettext call"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match_the_source(lang: str) -> None:
    cat = _catalog(lang)
    wrong = []
    for msg in cat:
        if not msg.id or not msg.string:
            continue
        sources = [msg.id] if isinstance(msg.id, str) else list(msg.id)
        strings = [msg.string] if isinstance(msg.string, str) else list(msg.string)
        want = set().union(*(_fields(s) for s in sources))
        wrong += [(msg.id, s) for s in strings if s and _fields(s) != want]
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_is_valid_gettext_for_its_language(lang: str) -> None:
    cat = _catalog(lang)
    assert str(cat.locale) == lang and cat.num_plurals >= 2


def test_template_is_valid_gettext_with_every_code_message(code_messages) -> None:
    """The .pot that translators start from parses strictly (an entry without its msgstr line once
    slipped in twice, kind: a hand-appended catalog entry) and holds every message of the code, and
    no message the code no longer has (a template not extracted again after a change of wording)."""
    ids = set(_template_messages())
    assert not set(code_messages) - ids, sorted(set(code_messages) - ids)[:5]
    assert not ids - set(code_messages), sorted(ids - set(code_messages))[:5]


@pytest.mark.parametrize("name", [*TRANSLATED, "doublenine"])
def test_no_catalog_repeats_an_entry_or_keeps_one_the_template_lacks(name: str) -> None:
    """A rebase that keeps "both sides" of an appended entry repeats it; a wording changed in the
    code leaves the old entry behind. Both were found in every catalog (session 6: the "{url} is not
    a server address" entry twice, the old invite example and the old table-code rule kept)."""
    path = TEMPLATE if name == "doublenine" else Path(catalog_path(name))
    keys = [key for key in _entry_keys(path) if key[1]]  # the header's empty msgid
    repeated = sorted({key for key in keys if keys.count(key) > 1}, key=str)
    absent = sorted(set(keys) - set(_template_messages()), key=str)
    assert (repeated, absent) == ([], [])
    assert len(keys) == len(_template_messages()) == 894


def test_translations_and_plurals_at_run_time() -> None:
    assert tr("fr", "Team {team} wins the match.", team="B") == "L’équipe B gagne la partie."
    assert tr("es", "Ledger") == "Anotaciones" and tr("en", "Ledger") == "Ledger"
    de, fr = translator("de"), translator("fr")
    assert de.ngettext("{count} pip", "{count} pips", 1) == "1 Auge"
    assert de.ngettext("{count} pip", "{count} pips", 1234) == "1.234 Augen"
    assert fr.ngettext("{count} pip", "{count} pips", 0) == "0 point"  # French: 0 is singular
    assert translator("pt").pgettext("ledger", "pass") == "passou"
    assert tr("de", "not in any catalog {x}", x=1) == "not in any catalog 1"
    assert tr("fr", "") == ""  # not the catalog header
    # two forms marked apart (N_ each) still pick the right translated form
    assert translator("es").ngettext("Team {team} scores {count} point",
                                     "Team {team} scores {count} points", 13, team="B") == "La pareja B se anota 13 tantos"


def test_numbers_follow_the_locale() -> None:
    got = {lang: translator(lang).number(12345) for lang in LANGUAGES}
    assert got == {"en": "12,345", "fr": "12\u202f345", "pt": "12.345", "de": "12.345", "es": "12.345"}


def test_first_start_language_from_the_system_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "LC_CTYPE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "es_CU.UTF-8")
    assert default_language() == "es"
    monkeypatch.setenv("LANGUAGE", "ja:pt_BR:en")
    assert default_language() == "pt"
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.setenv("LC_ALL", "C")
    assert default_language() == "en"
    assert (normalize_language("de-AT"), normalize_language("C.UTF-8"), normalize_language(None)) == ("de", None, None)


def test_language_names_in_their_own_language() -> None:
    assert [language_name(lang) for lang in LANGUAGES] == ["English", "Français", "Português", "Deutsch", "Español"]


def _shown_text() -> set[str]:
    chars: set[str] = set()
    for lang in TRANSLATED:
        for msg in _catalog(lang):
            for s in ([msg.string] if isinstance(msg.string, str) else msg.string):
                chars.update(s)
    for lang in LANGUAGES:
        rt = rules_text(lang)
        chars.update(rt.title)
        for sec in rt.sections:
            chars.update(sec.title)
            for b in sec.blocks:
                chars.update(b.text)
        chars.update(translator(lang).number(12345))
    return {c for c in chars if not c.isspace() or c == "\u202f"} | set("•◂▸●…")


def test_every_letter_shown_has_a_glyph_in_the_window_font() -> None:
    from doublenine.client.overlays.text import font_path
    pygame.font.init()
    for bold in (False, True):
        path = font_path(bold)
        assert path is not None, "client/fonts/DejaVuSans*.ttf must ship"
        font = pygame.font.Font(path, 20)
        missing = [c for c in sorted(_shown_text()) if c != " " and font.metrics(c)[0] is None]
        notdef = pygame.image.tobytes(font.render("\U000f0000", True, (0, 0, 0)), "RGBA")
        boxes = [c for c in sorted(_shown_text())
                 if pygame.image.tobytes(font.render(c, True, (0, 0, 0)), "RGBA") == notdef]
        assert (missing, boxes) == ([], [])
