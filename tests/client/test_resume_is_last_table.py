"""New user s11 (F-stale-back): after a finished match, "Back to your match" opened KCTSF, a table left at
0-0 two tables before, instead of FV9D4, the table just left; client.json kept resume_code "KCTSF".
config.drop_match moved the most recent earlier match up into the kept one. Kind: a start-screen offer that
names another table than the one the player last sat at. Every writer of the kept match is walked here in
the reported order: create, Leave (kept), create again, a second window watching the match end, the match
won and left; then a new table and its rejoin."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

from client_helpers import session_at

from doublenine.client import config
from doublenine.client.launcher import _remember_local_table, _remember_resumed
from doublenine.client.scenes.start import StartScene
from doublenine.client.scenes.table import TableScene
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for


def _kept(saved: config.Settings) -> tuple[str, str, str, tuple[str, ...]]:
    return saved.resume_code, saved.resume_token, saved.resume_score, saved.earlier


def _scene_at(code: str, phase: Phase | None = None, seated: bool = True, **view):  # type: ignore[no-untyped-def]
    """Seat 1's window (``seated``; else a watching window) at local table ``code`` in the opening draw,
    or in ``phase`` with ``view``'s fields."""
    session = session_at(lambda s: True)
    shown = session.state.view if seated else view_for(session.log.state, None)
    if phase is not None:
        shown = replace(shown, phase=phase, **view)
    session.state = replace(session.state, table=code, view=shown)
    return TableScene(session)


def test_after_a_finished_match_back_to_your_match_never_names_an_older_table(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    _remember_local_table("KCTSF", "tk")  # play: a new table, in its opening draw
    assert _kept(config.load()) == ("KCTSF", "tk", "", ())
    first = _scene_at("KCTSF")
    change = first._leave_table()  # alone with computers: the seat waits (D7)
    assert change is not None and change.kind == "pop"
    first.close()
    assert _kept(config.load()) == ("KCTSF", "tk", "0-0", ())
    _remember_local_table("FV9D4", "tf")  # Create table: KCTSF goes earlier, with its score
    assert _kept(config.load()) == ("FV9D4", "tf", "", ("KCTSF tk 0-0",))
    second = _scene_at("FV9D4", Phase.MATCH_OVER, seated=False, scores=(113, 92), match=1)
    second.close()  # a second window watched match 1's end, then closed: nothing of the seat's is its
    assert _kept(config.load()) == ("FV9D4", "tf", "", ("KCTSF tk 0-0",))
    won = _scene_at("FV9D4", Phase.MATCH_OVER, scores=(113, 92), match=2)
    change = won._leave_table()
    assert change is not None and change.kind == "pop"
    won.close()
    saved = config.load()
    assert _kept(saved) == ("", "", "", ("KCTSF tk 0-0",))  # was ("KCTSF", "tk", "0-0", ())
    start = StartScene(saved, lambda launch: None)
    assert (start.form.resume, start.form.resume_code, start.form.earlier) == (None, "", "0-0")
    assert start.form.kept == (("KCTSF", "0-0", 0),)  # offered as an earlier match, by its name
    _remember_local_table("AW4R3", "ta")  # the next table made: the earlier list as it was
    assert _kept(config.load()) == ("AW4R3", "ta", "", ("KCTSF tk 0-0",))


def test_a_rejoined_match_found_over_is_replaced_by_the_new_table_alone(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The launcher's other writer: coming back to a kept match that ended meanwhile makes a new table
    (net.NetClient's fallback); the dead one is dropped and the earlier ones stay where they were."""
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    config.save(config.keep_match(config.keep_match(config.Settings(), "KCTSF", "tk"), "FV9D4", "tf"))
    _remember_resumed("FV9D4")("AW4R3", "ta")
    assert _kept(config.load()) == ("AW4R3", "ta", "", ("KCTSF tk -",))
    _remember_resumed("AW4R3")("AW4R3", "ta")  # came back to it: unchanged
    assert _kept(config.load()) == ("AW4R3", "ta", "", ("KCTSF tk -",))
