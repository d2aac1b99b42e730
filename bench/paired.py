"""Compare computer-player variants played on the same deals: ``selfplay --per-match`` files.

    .venv/bin/doublenine selfplay --matches 300 --seed 2024 --team-a expert --team-b strong --per-match base.jsonl
    .venv/bin/doublenine selfplay --matches 300 --seed 2024 --team-a expert --team-b strong \\
        --expert-setting reading=normal --per-match normal.jsonl
    .venv/bin/python bench/paired.py base.jsonl normal.jsonl

Prints, per file, side a's matches won and points per hand; then for each
further file against the first, on the matches both played (same seed, same
sides, so the same deals, R24): the difference in side a's match wins with a
95% interval from the paired differences (normal approximation), the matches
won by one variant only, and the difference in side a's points margin per match.
Pairing removes the deals' luck that both variants share; the interval says
how much is left.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

MAX_LINE = 1024
"""A per-match line is about 120 bytes; longer lines are refused."""


FIELDS = {"seed": int, "a_is_team_a": bool, "winner": (str, type(None)), "points_a": int, "points_b": int,
          "hands": int}
"""The keys of a record and their types (a bool is not taken for an int)."""
MAX_LINES = 1_000_000
"""More matches than any run here; a longer file is refused."""


def load(path: Path) -> dict[tuple[int, bool], dict[str, object]]:
    """The records of a ``--per-match`` file keyed by (seed, side a is team A).

    Each line is read up to :data:`MAX_LINE` characters, so any file costs bounded memory per line.
    Raises ``ValueError`` on a line that is not one such record (every key of :data:`FIELDS` in its
    type, the winner "a", "b" or null, counts not negative), on a (seed, side) given twice, and on a
    file of more than :data:`MAX_LINES` lines.
    """
    out: dict[tuple[int, bool], dict[str, object]] = {}
    with path.open(encoding="utf-8", errors="strict") as f:
        for number in range(1, MAX_LINES + 2):
            line = f.readline(MAX_LINE + 1)
            if not line:
                return out
            if number > MAX_LINES:
                raise ValueError(f"{path}: more than {MAX_LINES} lines")
            if len(line) > MAX_LINE:
                raise ValueError(f"{path}:{number}: line too long")
            rec = json.loads(line)
            if not isinstance(rec, dict) or set(rec) != set(FIELDS) or any(
                    not isinstance(rec[k], t) or (t is int and isinstance(rec[k], bool)) for k, t in FIELDS.items()) \
                    or rec["winner"] not in ("a", "b", None) \
                    or min(rec["seed"], rec["points_a"], rec["points_b"], rec["hands"]) < 0:
                raise ValueError(f"{path}:{number}: not a selfplay --per-match record")
            key = (rec["seed"], rec["a_is_team_a"])
            if key in out:
                raise ValueError(f"{path}:{number}: match {key} given twice")
            out[key] = rec
    return out


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (1.96 standard errors; 0 for fewer than 2 values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    m = sum(values) / n
    if n < 2:
        return m, 0.0
    sd = math.sqrt(sum((x - m) ** 2 for x in values) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def compare(base: dict[tuple[int, bool], dict[str, object]],
            other: dict[tuple[int, bool], dict[str, object]]) -> dict[str, float]:
    """Paired figures of ``other`` against ``base`` on their common matches (see the module doc)."""
    common = sorted(set(base) & set(other))
    win = [float(other[k]["winner"] == "a") - float(base[k]["winner"] == "a") for k in common]
    margin = [float(other[k]["points_a"] - other[k]["points_b"]  # type: ignore[operator]
                    - (base[k]["points_a"] - base[k]["points_b"])) for k in common]  # type: ignore[operator]
    dw, hw = mean_ci(win)
    dm, hm = mean_ci(margin)
    return {"matches": len(common), "win_diff": dw, "win_half": hw, "only_other": sum(x > 0 for x in win),
            "only_base": sum(x < 0 for x in win), "margin_diff": dm, "margin_half": hm}


def summary_line(name: str, records: dict[tuple[int, bool], dict[str, object]]) -> str:
    """``name: won/n = share, points per hand a vs b``."""
    n = len(records)
    won = sum(r["winner"] == "a" for r in records.values())
    hands = sum(int(r["hands"]) for r in records.values()) or 1  # type: ignore[call-overload]
    pa = sum(int(r["points_a"]) for r in records.values()) / hands  # type: ignore[call-overload]
    pb = sum(int(r["points_b"]) for r in records.values()) / hands  # type: ignore[call-overload]
    return f"{name}: side a won {won}/{n} = {won / max(n, 1):.1%}; points/hand {pa:.2f} vs {pb:.2f}"


def main(argv: list[str] | None = None) -> int:
    """Print the comparison; 0, or 2 if a file cannot be read."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="selfplay --per-match files; the first is the base")
    args = parser.parse_args(argv)
    from doublenine.shared.cleantext import for_terminal  # file names and errors echoed, escaped (attacker F7)

    try:
        loaded = [load(p) for p in args.files]
    except (OSError, ValueError) as exc:  # json.JSONDecodeError and UnicodeDecodeError are ValueErrors
        print(f"paired: {for_terminal(exc)}")
        return 2
    for p, recs in zip(args.files, loaded):
        print(summary_line(for_terminal(p), recs))
    for p, recs in zip(args.files[1:], loaded[1:]):
        c = compare(loaded[0], recs)
        if c["matches"] < 2:
            print(f"  {for_terminal(p)} against {for_terminal(args.files[0])}: {c['matches']} common matches, too few for an interval")
            continue
        print(f"  {for_terminal(p)} against {for_terminal(args.files[0])} on {c['matches']} common matches: side a's wins "
              f"{c['win_diff']:+.3f} +- {c['win_half']:.3f} per match ({c['only_other']} won only here, "
              f"{c['only_base']} only there); points margin {c['margin_diff']:+.1f} +- {c['margin_half']:.1f} per match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
