"""Issue 13 part 2: ``doublenine desktop-install`` makes a click on ``doublenine://...`` open the game there.

The whole path a click takes: the entry and association are installed into a
throwaway ``XDG_DATA_HOME``/``XDG_CONFIG_HOME``, ``xdg-mime query default
x-scheme-handler/doublenine`` names our entry, and ``xdg-open`` of an invite
runs the entry's ``Exec`` line, whose client (``DOUBLENINE_AUTOPLAY=1``, dummy
video driver) joins that table on a local server and plays its first hand.
"""
from __future__ import annotations

import asyncio
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from installkit import last_json, need, player_env, table_for_one

from doublenine.desktop import DESKTOP_ID, SCHEME_MIME, exec_line, with_default

MIMEAPPS = """# written by hand
[Default Applications]
text/html=firefox.desktop;
x-scheme-handler/doublenine=old.desktop;other.desktop;

[Added Associations]
image/png=gimp.desktop;
"""


def test_association_added_first_and_removed_alone_keeping_every_other_line() -> None:
    added = with_default(MIMEAPPS, SCHEME_MIME, DESKTOP_ID, True)
    assert added == MIMEAPPS.replace("=old.desktop;", "=doublenine.desktop;old.desktop;")
    assert with_default(added, SCHEME_MIME, DESKTOP_ID, True) == added  # idempotent
    assert with_default(added, SCHEME_MIME, DESKTOP_ID, False) == MIMEAPPS
    fresh = with_default("", SCHEME_MIME, DESKTOP_ID, True)
    assert fresh == "[Default Applications]\nx-scheme-handler/doublenine=doublenine.desktop;\n"
    assert with_default(fresh, SCHEME_MIME, DESKTOP_ID, False) == "[Default Applications]\n"
    no_group = "[Added Associations]\nimage/png=gimp.desktop;\n"
    assert with_default(no_group, SCHEME_MIME, DESKTOP_ID, True) == \
        no_group + "\n[Default Applications]\nx-scheme-handler/doublenine=doublenine.desktop;\n"


def test_oversized_or_foreign_mimeapps_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from doublenine import desktop
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    mimeapps = tmp_path / "config" / "mimeapps.list"
    mimeapps.parent.mkdir()
    for content in (b"#" * (desktop.MAX_MIMEAPPS + 1), b"[Default Applications]\n\xff\xfe=x\n"):
        mimeapps.write_bytes(content)
        assert desktop.install() == 1
        assert mimeapps.read_bytes() == content and not (tmp_path / "data").exists()  # nothing half-done
        assert capsys.readouterr().err.startswith("doublenine desktop-install: ")  # errors: stderr (s12)


def test_play_join_without_a_link_opens_the_game() -> None:
    """A desktop entry started from a menu has no link: ``%u`` vanishes and ``--join`` stands alone."""
    from doublenine.cli import build_parser
    args = build_parser().parse_args(["play", "--join"])
    assert args.join is None and args.command == "play"


def _unescape(value: str) -> str:
    """A string value as the Desktop Entry spec reads it: \\s \\n \\t \\r \\\\ escapes."""
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[value[i + 1]])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def _exec_words(value: str) -> list[str]:
    """Undo the string-value escaping, then split as the Desktop Entry spec's "The Exec key" says."""
    assert "\n" not in value
    text = _unescape(value)
    words: list[str] = []
    word: str | None = None
    quoted = False
    i = 0
    while i < len(text):
        c = text[i]
        if quoted and c == "\\" and text[i + 1] in '"`$\\':
            word, i = (word or "") + text[i + 1], i + 2
            continue
        if c == '"':
            quoted, word = not quoted, word or ""
        elif c == " " and not quoted:
            words, word = words + ([word] if word is not None else []), None
        else:
            word = (word or "") + c
        i += 1
    words += [word] if word is not None else []
    return [w.replace("%%", "%") for w in words]


@pytest.mark.parametrize("words", [
    ["/usr/bin/doublenine"],
    ["/home/ana maria/.local/bin/doublenine"],
    ["/opt/a$b/python3", "-m", "doublenine"],
    ['/tmp/we"ird`\\100%/doublenine'],
    ["/tmp/two\nlines\tand\rmore/doublenine"],
])
def test_exec_line_quotes_what_the_spec_reserves(words: list[str]) -> None:
    assert _exec_words(exec_line(words)) == [*words, "play", "--window-errors", "--join", "%u"]


def test_invite_link_opens_the_game_at_that_table(tmp_path: Path) -> None:
    need(bool(shutil.which("xdg-mime") and shutil.which("xdg-open")), "xdg-utils is not installed (apt install xdg-utils)")
    need(shutil.which("desktop-file-validate") is not None,
         "desktop-file-utils is not installed (apt install desktop-file-utils)")
    from doublenine.client.embedded import EmbeddedServer

    env = player_env(tmp_path, DISPLAY=":0")  # xdg-open only looks for handlers with a display named
    cli = [sys.executable, "-m", "doublenine"]
    done = subprocess.run([*cli, "desktop-install"], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    entry = tmp_path / "data" / "applications" / DESKTOP_ID
    assert f"Exec={shlex.join([sys.executable, '-m', 'doublenine'])} play --window-errors --join %u\n" in entry.read_text()
    assert "[Default Applications]\nx-scheme-handler/doublenine=doublenine.desktop;\n" in \
        (tmp_path / "config" / "mimeapps.list").read_text()
    query = subprocess.run(["xdg-mime", "query", "default", SCHEME_MIME], capture_output=True, text=True,
                           timeout=30, env=env)
    assert query.stdout.strip() == DESKTOP_ID
    valid = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True, timeout=30)
    assert (valid.returncode, valid.stdout + valid.stderr) == (0, "")
    icon = tmp_path / "data" / "icons" / "hicolor" / "256x256" / "apps" / "doublenine.png"
    assert "\nIcon=doublenine\n" in entry.read_text() and icon.read_bytes().startswith(b"\x89PNG")

    server = EmbeddedServer(db=":memory:", bot_delay=0.0)
    server.start()
    try:
        async def click_invite() -> tuple[str, subprocess.CompletedProcess[str]]:
            table = await table_for_one(server.url)
            code = table.code  # type: ignore[attr-defined]
            invite = f"doublenine://127.0.0.1:{server.url.rsplit(':', 1)[1].strip('/')}/{code}"
            opened = await asyncio.to_thread(subprocess.run, ["xdg-open", invite], capture_output=True, text=True,
                                             timeout=120, env={**env, "DOUBLENINE_AUTOPLAY": "1"})
            await table.close()  # type: ignore[attr-defined]
            return code, opened

        code, opened = asyncio.run(click_invite())
    finally:
        server.stop()
    assert opened.returncode == 0, opened.stdout + opened.stderr
    out = last_json(opened.stdout)
    assert (out["autoplay"], out["table"], out["seat"]) == ("hand over", code, 1)

    done = subprocess.run([*cli, "desktop-uninstall"], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0 and not entry.exists() and not icon.exists()
    query = subprocess.run(["xdg-mime", "query", "default", SCHEME_MIME], capture_output=True, text=True,
                           timeout=30, env=env)
    assert query.stdout.strip() == ""
    assert (tmp_path / "config" / "mimeapps.list").read_text() == "[Default Applications]\n"


def test_the_entry_names_the_windows_class() -> None:
    """Left alone last session: the window's class is ``doublenine`` (client/title.py) but the entry had no
    ``StartupWMClass``, so a dock could not tie the window to the entry (its icon, its start-up notice)."""
    from doublenine.client.title import WM_CLASS
    from doublenine.desktop import desktop_entry

    lines = desktop_entry(["/opt/doublenine/bin/doublenine"]).splitlines()
    assert WM_CLASS == "doublenine"
    assert lines[-1] == "StartupWMClass=doublenine" and lines.count("StartupWMClass=doublenine") == 1


def test_install_and_uninstall_say_every_file_they_write_and_remove(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """s12: ``desktop-uninstall`` said "removed .../doublenine.png", an icon ``desktop-install`` had written
    without a word. Kind: a file written or removed and not said. Both now name the same three things."""
    from doublenine import desktop

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("PATH", str(tmp_path))  # no update-desktop-database: its cache line is not said
    entry = tmp_path / "data" / "applications" / DESKTOP_ID
    icon = tmp_path / "data" / "icons" / "hicolor" / "256x256" / "apps" / "doublenine.png"
    mimeapps = tmp_path / "config" / "mimeapps.list"
    assert desktop.install() == 0
    assert capsys.readouterr().out.splitlines() == [
        f"doublenine: wrote {entry} (the desktop entry)", f"doublenine: wrote {icon} (its icon)",
        f"doublenine: x-scheme-handler/doublenine opens it (in {mimeapps})"]
    assert entry.is_file() and icon.is_file() and mimeapps.is_file()
    assert desktop.uninstall() == 0
    assert capsys.readouterr().out.splitlines() == [
        f"doublenine: removed {entry} (the desktop entry)", f"doublenine: removed {icon} (its icon)",
        f"doublenine: removed x-scheme-handler/doublenine from {mimeapps}"]
    assert desktop.uninstall() == 0
    assert capsys.readouterr().out.splitlines() == [
        f"doublenine: nothing to remove: no {entry}, no {icon}, no x-scheme-handler/doublenine of ours in {mimeapps}"]


def test_the_desktop_cache_rewritten_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    from doublenine import desktop

    tool = tmp_path / "bin" / "update-desktop-database"
    tool.parent.mkdir()
    tool.write_text("#!/bin/sh\nexit 0\n")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", str(tool.parent))
    desktop._refresh(tmp_path / "applications")
    assert capsys.readouterr().out == (f"doublenine: updated {tmp_path / 'applications' / 'mimeinfo.cache'} "
                                       "(update-desktop-database)\n")
