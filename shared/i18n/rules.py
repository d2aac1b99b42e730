"""The rules text in each language (issue 6), read from ``rules_<lang>.md`` beside this file.

Each file is written for this product from RULES.md: one ``# title`` line,
then short sections ``## Heading <!-- R3 R4 -->`` whose comment names the
rules the section explains, then paragraphs and ``- `` bullet items. The
rules overlay draws the result; a test checks the five files have the same
sections citing the same rules.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from . import LANGUAGES, SOURCE_LANGUAGE, normalize_language

_HEADING = re.compile(r"^##\s+(?P<title>.*?)\s*(?:<!--(?P<refs>.*?)-->)?\s*$")


@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph, or a bullet item when ``bullet`` is True."""

    text: str
    bullet: bool = False


@dataclass(frozen=True, slots=True)
class RulesSection:
    """One short section of the rules: heading, the rule numbers it explains, its blocks."""

    title: str
    refs: tuple[str, ...]
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class RulesText:
    """The whole rules text of one language."""

    lang: str
    title: str
    sections: tuple[RulesSection, ...]


def parse_rules(lang: str, text: str) -> RulesText:
    """Parse the rules markdown subset above; raises ValueError on a file without a title."""
    title = ""
    sections: list[RulesSection] = []
    head: tuple[str, tuple[str, ...]] | None = None
    blocks: list[Block] = []

    def close() -> None:
        if head is not None:
            sections.append(RulesSection(head[0], head[1], tuple(blocks)))

    for raw in text.splitlines():
        line = raw.strip()
        m = _HEADING.match(line)
        if line.startswith("# "):
            title = line[2:].strip()
        elif m:
            close()
            head, blocks = (m["title"], tuple((m["refs"] or "").split())), []
        elif line.startswith("- "):
            blocks.append(Block(line[2:].strip(), True))
        elif line:
            blocks.append(Block(line))
    close()
    if not title:
        raise ValueError(f"rules_{lang}.md has no '# title' line")
    return RulesText(lang, title, tuple(sections))


@lru_cache(maxsize=None)
def rules_text(lang: str) -> RulesText:
    """The rules of ``lang`` (one of LANGUAGES; anything else gives English)."""
    code = normalize_language(lang) or SOURCE_LANGUAGE
    if code not in LANGUAGES:
        code = SOURCE_LANGUAGE
    text = resources.files(__package__).joinpath(f"rules_{code}.md").read_text(encoding="utf-8")
    return parse_rules(code, text)


__all__ = ["Block", "RulesSection", "RulesText", "parse_rules", "rules_text"]
