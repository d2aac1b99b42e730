"""The frame limits the documents state are the code's (attacker finding, kind: a document's
figures drifting from the code: docs/operations.md said 2,204 bytes and maps of 14 while
CLIENT_LIMITS and docs/protocol.md said 2,254 and 18). Every figure is read back from the
documents and compared with shared/protocol.py, so a change of the models fails here until
both documents say it."""
from __future__ import annotations

import re
from pathlib import Path

from doublenine.shared.protocol import CLIENT_LIMITS, LEGAL_CLIENT_FRAME, SERVER_LIMITS

ROOT = Path(__file__).resolve().parents[2]


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def _section(doc: str, title: str) -> str:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    start = text.index(title)
    end = text.find("\n#", start + len(title))
    return text[start:end if end > 0 else None]


def test_protocol_md_frame_limits_table_is_client_limits() -> None:
    section = _section("protocol.md", "### Frame limits")
    rows = dict(re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|$", section, re.M))
    assert _number(rows["frame size"].removesuffix(" bytes")) == CLIENT_LIMITS.max_bytes
    assert _number(rows["nesting of maps and arrays (the frame's own map is level 1)"].removesuffix(" levels")) \
        == CLIENT_LIMITS.max_depth
    assert _number(rows["elements of one array"]) == CLIENT_LIMITS.max_array
    assert _number(rows["entries of one map"]) == CLIENT_LIMITS.max_map
    assert _number(rows["bytes of one string (keys included)"]) == CLIENT_LIMITS.max_str
    legal = re.search(r"takes\s+at most ([\d,]+) bytes", section)
    assert legal is not None and _number(legal.group(1)) == LEGAL_CLIENT_FRAME.max_bytes


def test_protocol_md_server_frame_limits_are_server_limits() -> None:
    section = " ".join(_section("protocol.md", "### Frame limits").split())
    found = re.search(r"frame size ([\d,]+) MiB .*?nesting ([\d,]+) levels, ([\d,]+) elements per array, "
                      r"([\d,]+) entries per map, ([\d,]+) bytes per string", section)
    assert found is not None
    mib, depth, array, entries, string = (_number(g) for g in found.groups())
    assert (mib * 2**20, depth, array, entries, string) == (
        SERVER_LIMITS.max_bytes, SERVER_LIMITS.max_depth, SERVER_LIMITS.max_array, SERVER_LIMITS.max_map,
        SERVER_LIMITS.max_str)


def test_operations_md_frame_content_row_is_client_limits() -> None:
    text = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| frame content |"))
    found = re.search(r"([\d,]+) bytes, ([\d,]+) levels of nesting, arrays of ([\d,]+), maps of ([\d,]+), "
                      r"strings of ([\d,]+) bytes", row)
    assert found is not None
    assert tuple(_number(g) for g in found.groups()) == (
        CLIENT_LIMITS.max_bytes, CLIENT_LIMITS.max_depth, CLIENT_LIMITS.max_array, CLIENT_LIMITS.max_map,
        CLIENT_LIMITS.max_str)


def test_operations_md_limit_defaults_are_the_serve_flags_defaults() -> None:
    """Each ``| limit | default (flag) |`` row: its figures, in order, are its flags' defaults, in order
    (``64 KiB`` is 65,536; ``20 at once, then 1/s (--code-miss-burst, --code-miss-rate)``: 20 and 1)."""
    import argparse

    from doublenine.server.cli import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    defaults = {a.option_strings[0]: a.default for a in parser._actions if a.option_strings}
    section = _section("operations.md", "| limit | default (flag) | answer |")
    checked = 0
    for cell in re.findall(r"^\| [^|]+ \| ([^|]*`--[^|]*) \|", section, re.M):
        # the row's own flags are the parenthesis after its figures; a flag named later in its prose is
        # another limit's, said with its figure ("64 connections, `--max-connections-per-address`")
        parts = re.fullmatch(r"(.*?)\(((?:`--[a-z-]+`(?:, )?)+)\)(.*)", cell, re.S)
        assert parts is not None, cell
        figures, own, prose = parts.groups()
        flags = re.findall(r"`(--[a-z-]+)`", own)
        values = [_number(n) * (1024 if unit else 1) for n, unit in re.findall(r"(\d[\d,]*\d|\d)\s*(KiB)?", figures)]
        assert values == [defaults[f] for f in flags], cell
        named = re.findall(r"`(--[a-z-]+)`", prose)
        said = re.findall(r"(\d[\d,]*\d|\d) [a-z]+, `(--[a-z-]+)`", prose)
        assert [f for _, f in said] == named and [_number(n) for n, _ in said] == [defaults[f] for f in named], cell
        checked += len(flags) + len(named)
    assert checked >= 10  # the table is read (rate, burst, tables, connections, spectators, misses, frame, idle...)


def test_protocol_md_client_bounds_are_the_clients() -> None:
    """Attacker s9 F2: what the shipped clients keep of a server's frames, as docs/protocol.md says it."""
    from doublenine.client.net import INBOX_KEPT
    from doublenine.server.netbot import CLOSE_WAIT, HEARD_KEPT, LEAVE_WAIT, RECV_QUEUE
    from doublenine.shared.chat import KEPT

    text = " ".join((ROOT / "docs" / "protocol.md").read_text(encoding="utf-8").split())
    found = re.search(r"The shipped clients keep the newest (\d+) chat lines .*? `doublenine bot` keeps the newest "
                      r"(\d+) refusals, hints, closed requests and nudges, lets at most (\d+) received frames wait "
                      r"unread \(websockets' `max_queue`\), and waits at most (\d+) s for `left` and (\d+) s for the "
                      r"server's close when it stops; the window's network thread lets at most (\d+) messages", text)
    assert found is not None
    assert tuple(int(g) for g in found.groups()) == (KEPT, HEARD_KEPT, RECV_QUEUE, LEAVE_WAIT, CLOSE_WAIT, INBOX_KEPT)
