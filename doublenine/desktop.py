"""``doublenine desktop-install`` / ``desktop-uninstall``: open ``doublenine://`` invites by a click (issue 13).

On Linux desktops (freedesktop.org), without root: writes the desktop entry
``$XDG_DATA_HOME/applications/doublenine.desktop`` (Desktop Entry
Specification 1.4) whose ``Exec`` is ``doublenine play --window-errors --join %u`` and which
declares ``MimeType=x-scheme-handler/doublenine``, and makes it the default
handler of that scheme in ``$XDG_CONFIG_HOME/mimeapps.list`` (the MIME
Applications Associations specification, ``[Default Applications]``). A
browser or chat program that opens ``doublenine://HOST:PORT/CODE`` then starts
the game at that table (``xdg-open`` resolves it as ``xdg-mime query default
x-scheme-handler/doublenine`` does). The icon (client/icons/doublenine.png, a
double nine) goes to ``$XDG_DATA_HOME/icons/hicolor/256x256/apps/`` (Icon Theme
Specification). ``desktop-uninstall`` removes the entry, the icon and only our
association, leaving every other line of ``mimeapps.list`` as it was. Each command says every file it
wrote or removed, one line each (the icon was written without a word, then removed).
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

from doublenine.shared.cleantext import for_terminal

DESKTOP_ID = "doublenine.desktop"
"""File name (desktop-file id) of the entry."""
SCHEME_MIME = "x-scheme-handler/doublenine"
"""The MIME type a ``doublenine://`` link has for the desktop."""
DEFAULTS = "[Default Applications]"
_RESERVED = set(' \t\n"\'\\><~|&;$*?#()`')
"""Characters that make an Exec argument need quoting (Desktop Entry spec, "The Exec key")."""
_MAX_ENV_PATH = 4096
"""Longest XDG_* folder taken from the environment (untrusted input, bounded)."""
MAX_MIMEAPPS = 1 << 20
"""Largest ``mimeapps.list`` we read and rewrite (bytes); a bigger one is left alone, with a message."""


def xdg_folder(var: str, default: str) -> Path:
    """``$var`` when it is an absolute path of sane length, else ``~/default`` (XDG Base Directory spec)."""
    value = os.environ.get(var, "")
    if value and len(value) <= _MAX_ENV_PATH and "\0" not in value and os.path.isabs(value):
        return Path(value)
    return Path.home() / default


def launcher() -> list[str]:
    """The command that starts this installation of doublenine, as absolute argv words.

    A PyInstaller build: its own executable. The ``doublenine`` console script
    (pip, pipx): its path as started, not resolved, so a pipx upgrade keeps
    working. Otherwise (``python -m doublenine``, run.py): this Python with ``-m doublenine``.
    """
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).absolute())]
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.name in ("doublenine", "doublenine.exe") and started.exists():
        return [str(started.absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "doublenine"]


def exec_quote(arg: str) -> str:
    """One Exec argument, quoted as the Desktop Entry spec asks (before the string-value escaping)."""
    if arg and not (_RESERVED & set(arg)):
        return arg.replace("%", "%%")
    inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return '"' + inner.replace("%", "%%") + '"'


def exec_line(words: list[str]) -> str:
    """The ``Exec`` value for ``words`` followed by ``play --window-errors --join %u``, escaped as a string value.

    A folder name may hold any character but NUL: backslashes, newlines, tabs and
    carriage returns get the string-value escapes, so the entry stays one line.
    """
    quoted = " ".join(exec_quote(w) for w in words) + " play --window-errors --join %u"
    escaped = quoted.replace("\\", "\\\\")
    return escaped.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def desktop_entry(words: list[str]) -> str:
    """The text of the desktop entry that runs ``words play --window-errors --join %u``.

    ``StartupWMClass`` is the window's class (client/title.py ``WM_CLASS``): a dock or task bar groups the
    game's window under this entry and its icon, and ends its start-up notice when the window appears."""
    from doublenine.client.title import WM_CLASS

    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",  # the newest version Debian 12's desktop-file-validate knows; no 1.5 key is used
        "Name=doublenine",
        "GenericName=Dominoes",
        "Comment=Double-nine partnership dominoes over the network",
        f"Exec={exec_line(words)}",
        "Icon=doublenine",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        f"MimeType={SCHEME_MIME};",
        "StartupNotify=true",
        f"StartupWMClass={WM_CLASS}",
        "",
    ])


def with_default(text: str, mime: str, desktop_id: str, present: bool) -> str:
    """``mimeapps.list`` text with ``desktop_id`` added first to (or removed from) ``mime``'s default.

    Only the ``[Default Applications]`` line of ``mime`` changes; every other line,
    comment and group stays as it was. Pure.
    """
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == DEFAULTS), None)
    if start is None:
        if not present:
            return text
        lines += ([""] if lines and lines[-1].strip() else []) + [DEFAULTS]
        start = len(lines) - 1
    end = next((i for i in range(start + 1, len(lines)) if lines[i].strip().startswith("[")), len(lines))
    others: list[str] = []
    at = None
    for i in range(start + 1, end):
        key, sep, value = lines[i].partition("=")
        if sep and key.strip() == mime:
            others += [v for v in value.strip().split(";") if v and v != desktop_id]
            at = i if at is None else at
    kept = [line for i, line in enumerate(lines[start + 1:end], start + 1)
            if not (line.partition("=")[1] and line.partition("=")[0].strip() == mime)]
    ids = ([desktop_id] if present else []) + others
    new = [f"{mime}={';'.join(ids)};"] if ids else []
    place = len(kept)
    while place and not kept[place - 1].strip():
        place -= 1  # a new line goes before the blank lines that end the group
    place = (at - start - 1) if at is not None else place
    section = kept[:place] + new + kept[place:]
    return "\n".join(lines[:start + 1] + section + lines[end:]) + "\n"


def paths() -> tuple[Path, Path, Path]:
    """(the desktop entry, the ``mimeapps.list`` file, the icon) for this user."""
    data = xdg_folder("XDG_DATA_HOME", ".local/share")
    config = xdg_folder("XDG_CONFIG_HOME", ".config")
    icon = data / "icons" / "hicolor" / "256x256" / "apps" / "doublenine.png"
    return data / "applications" / DESKTOP_ID, config / "mimeapps.list", icon


def install() -> int:
    """Write the entry, its icon and the association; prints each thing it wrote, one line each (s12: the
    icon was written without a word and then removed by ``desktop-uninstall``). 0, or 1 if a file cannot be
    written. Folders made on the way (``applications/``, ``icons/hicolor/256x256/apps/``) stay: other
    programs' entries and icons live there too."""
    entry, mimeapps, icon = paths()
    try:
        old = _read_mimeapps(mimeapps)  # first: an unreadable one stops the install before any write
        icon.parent.mkdir(parents=True, exist_ok=True)
        with resources.as_file(resources.files("doublenine.client").joinpath("icons", "doublenine.png")) as png:
            shutil.copyfile(png, icon)
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_text(desktop_entry(launcher()), encoding="utf-8")
        mimeapps.parent.mkdir(parents=True, exist_ok=True)
        mimeapps.write_text(with_default(old, SCHEME_MIME, DESKTOP_ID, True), encoding="utf-8")
    except (OSError, UnicodeError) as exc:
        print(f"doublenine desktop-install: {for_terminal(exc)}", file=sys.stderr)
        return 1
    print(f"doublenine: wrote {for_terminal(entry)} (the desktop entry)")
    print(f"doublenine: wrote {for_terminal(icon)} (its icon)")
    print(f"doublenine: {SCHEME_MIME} opens it (in {for_terminal(mimeapps)})")
    _refresh(entry.parent)
    return 0


def uninstall() -> int:
    """Remove what :func:`install` wrote (the entry, the icon, only our association); prints each thing it
    removed, one line each, or that none was there. 0, or 1 on an unwritable file."""
    entry, mimeapps, icon = paths()
    removed = 0
    try:
        for path, what in ((entry, "the desktop entry"), (icon, "its icon")):
            if path.exists():
                path.unlink()
                print(f"doublenine: removed {for_terminal(path)} ({what})")
                removed += 1
        if mimeapps.exists():
            old = _read_mimeapps(mimeapps)
            new = with_default(old, SCHEME_MIME, DESKTOP_ID, False)
            if new != old:
                mimeapps.write_text(new, encoding="utf-8")
                print(f"doublenine: removed {SCHEME_MIME} from {for_terminal(mimeapps)}")
                removed += 1
    except (OSError, UnicodeError) as exc:
        print(f"doublenine desktop-uninstall: {for_terminal(exc)}", file=sys.stderr)
        return 1
    if not removed:
        print(f"doublenine: nothing to remove: no {for_terminal(entry)}, no {for_terminal(icon)}, "
              f"no {SCHEME_MIME} of ours in {for_terminal(mimeapps)}")
    _refresh(entry.parent)
    return 0


def _read_mimeapps(path: Path) -> str:
    """The text of ``path`` ("" if absent); OSError past :data:`MAX_MIMEAPPS`, UnicodeError if not UTF-8."""
    from .localfile import FileTooLarge, read_regular

    try:  # a regular file only: a named pipe there blocked (attacker F11's kind)
        return read_regular(path, MAX_MIMEAPPS).decode("utf-8")
    except FileNotFoundError:
        return ""
    except FileTooLarge:
        raise OSError(f"{path} is larger than {MAX_MIMEAPPS} bytes; left unchanged") from None


def _refresh(folder: Path) -> None:
    """Let desktops that cache MIME handlers see the change: ``update-desktop-database`` rewrites
    ``folder/mimeinfo.cache`` when it is installed, and that is said in one line too."""
    try:
        done = subprocess.run(["update-desktop-database", str(folder)], capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return  # optional: xdg-mime and xdg-open read mimeapps.list directly
    if done.returncode == 0:
        print(f"doublenine: updated {for_terminal(folder / 'mimeinfo.cache')} (update-desktop-database)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Neither command takes options; where they write comes from XDG_DATA_HOME and XDG_CONFIG_HOME."""


def run(args: argparse.Namespace) -> int:
    """Install or uninstall (``args.command``): 0 done, 1 a file that cannot be written or read, 2 where there
    is no freedesktop.org desktop; the line saying why goes to stderr, what was written or removed to stdout."""
    if sys.platform != "linux" and not sys.platform.startswith("freebsd"):
        print(f"doublenine {args.command}: only for Linux desktops; see docs/packaging.md for {sys.platform}",
              file=sys.stderr)
        return 2
    return install() if args.command == "desktop-install" else uninstall()
