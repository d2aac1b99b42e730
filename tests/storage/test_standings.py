"""League s17 F7: per-player totals over a date range, names read as the server reads them at a table.

The organiser's standings after three evenings had "José" (evening 1), "Jose" (evening 2) and "JOSÉ" (evening 3)
as three players, one member split in two in the seat STNJW "Mesa 6" ("Bruno & José (1/6) / JOSÉ (3/6)"), and
Ana credited with the matches ``doublenine bot --name Ana`` played (7SDYR). ``doublenine results --players``
(``--from``/``--to``, text, CSV with the byte-order mark, JSON) gives each person's played, won, lost, points for
and against. Kind: totals a spreadsheet had to make by splitting strings, each spelling one more player."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from doublenine.cli import main
from doublenine.server.standings import Standing, standings
from doublenine.server.storage import MatchResult, open_store

E1 = MatchResult("KNQZH", 1, ("Inés", "José", "Klaus", "Lucía"), (104, 0), "A", 3, 1795460000.0, 1795464600.0,
                 "Mesa 3", True)  # Mon 2026-11-23
E2 = MatchResult("DP9FR", 1, ("Ana", "Jose", "Bruno", "Carla"), (61, 119), "B", 6, 1796066000.0, 1796074800.0,
                 "Mesa 1", True)  # Mon 2026-11-30
STNJW = MatchResult("STNJW", 1, ("Diego", "Bruno", "Elena", "José (1/6) / JOSÉ (3/6)"), (40, 106), "B", 6,
                    1796670000.0, 1796678400.0, "Mesa 6", True)  # Mon 2026-12-07
SDYR = MatchResult("7SDYR", 1, ("Fabio", "Ana (bot)", "Greta", "Hugo (1/2)"), (80, 113), "B", 2, 1796678500.0,
                   1796680200.0, "Mesa 7", True)
CUT = MatchResult("ZZZZZ", 1, ("José", "Ana", "Bruno", "Carla"), (10, 20), None, 1, 1796678500.0, 1796680200.0,
                  "", True)  # not finished: not counted
ALL = [SDYR, STNJW, CUT, E2, E1]  # newest first, as the store gives them


def test_f7_jose_jose_and_jose_are_one_member_counted_once_a_match() -> None:
    jose = next(s for s in standings(ALL) if s.player == "José")
    assert jose == Standing("José", 3, 2, 1, 0 + 119 + 106, 104 + 61 + 40, 0, ("José", "JOSÉ", "Jose"))


def test_f6_a_bots_match_is_not_the_members_but_counted_apart() -> None:
    ana = next(s for s in standings(ALL) if s.player == "Ana")
    assert (ana.played, ana.won, ana.lost, ana.points_for, ana.points_against, ana.by_bot) == (1, 0, 1, 61, 119, 1)
    hugo = next(s for s in standings(ALL) if s.player == "Hugo")
    assert (hugo.played, hugo.won) == (1, 1)  # his share (1/2) played counts as a match played
    assert [s.player for s in standings(ALL)][:3] == ["José", "Inés", "Klaus"]  # 2 won; 1 won by 104


@pytest.fixture
async def league(tmp_path: Path) -> Path:
    path = tmp_path / "league.sqlite3"
    store = open_store(str(path))
    for r in reversed(ALL):
        await store.record_result(r)
    await store.close()
    return path


async def test_f7_the_cli_totals_a_range_of_evenings(league: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["results", "--db", str(league), "--players", "--from", "2026-11-30", "--to", "2026-12-07"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["player", "played", "won", "lost", "points", "for", "against", "by", "bot", "also"]
    assert lines[1].split() == ["José", "2", "2", "0", "225", "101", "0", "JOSÉ,", "Jose"]  # evening 1 not chosen
    assert lines[2].split() == ["Carla", "1", "1", "0", "119", "61", "0"]
    assert next(x for x in lines if x.startswith("Ana ")).split() == ["Ana", "1", "0", "1", "61", "119", "1"]  # 7SDYR: bot
    assert main(["results", "--db", str(league), "--players", "--csv", "--to", "2026-11-23"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("\ufeffplayer,played,won,lost,points_for,points_against,by_bot,spellings\r\n")
    assert out.splitlines()[1:] == ["Inés,1,1,0,104,0,0,Inés", "Klaus,1,1,0,104,0,0,Klaus",
                                    "José,1,0,1,0,104,0,José", "Lucía,1,0,1,0,104,0,Lucía"]
    assert main(["results", "--db", str(league), "--players", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["players"]
    assert {p["player"]: p["spellings"] for p in got}["José"] == ["José", "JOSÉ", "Jose"]


async def test_a_range_backwards_or_with_date_is_refused(league: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["results", "--db", str(league), "--from", "2026-12-07", "--to", "2026-11-30"]) == 2
    assert capsys.readouterr().err == "doublenine results: --from 2026-12-07 is after --to 2026-11-30\n"
    assert main(["results", "--db", str(league), "--date", "2026-12-07", "--to", "2026-12-07"]) == 2
    assert main(["results", "--db", str(league), "--from", "2026-12-07"]) == 0
    assert [line.split()[3] for line in capsys.readouterr().out.splitlines()] == ["7SDYR", "ZZZZZ", "STNJW"]


def test_f7_the_results_page_shows_the_totals_of_a_range_and_downloads_them() -> None:
    from doublenine.server.web import pages
    from doublenine.shared.i18n import translator

    q = pages.ResultsQuery.parse("players=1&from=2026-11-30&to=2026-12-07", "Europe/Madrid")
    assert (q.players, q.first, q.last, q.date) == (True, "2026-11-30", "2026-12-07", "")
    assert q.ended() == (1795993200.0, 1796684400.0)  # 2026-11-30 00:00 to 2026-12-08 00:00 in Madrid (UTC+1)
    assert q.read()["limit"] == pages.PLAYERS_READ + 1 and q.link(1) == "/results?from=2026-11-30&to=2026-12-07&players=1"
    html = pages.results_page(translator("es"), [SDYR, STNJW, CUT, E2], q)
    assert ('<th scope="row"><span class="pname">José</span><span class="also">también escrito JOSÉ, Jose</span></th>'
            "<td>2</td><td>2</td><td>0</td><td>225</td><td>101</td><td>0</td>") in html
    assert "<th>Tantos a favor</th>" in html and 'href="/results?from=2026-11-30&amp;to=2026-12-07"' in html
