"""Attacker F11, kind: a file read from a folder a user or another process controls is outside input, its
type included. ``mkfifo ~/.config/doublenine/client.json`` hung the window at its start, blocked in ``open``.
Every such file (client.json, the store's side files beside ``--db``, desktop-install's mimeapps.list) is
now opened without blocking, read only if it is a regular file, and bounded (doublenine/localfile.py).
Each call runs in a thread with a deadline, so the old code fails here instead of hanging the suite."""
from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any, Callable

import pytest

from doublenine import localfile
from doublenine.client import config

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes: POSIX")


def _within(seconds: float, call: Callable[[], Any]) -> Any:
    """``call()``'s result or exception; fails the test when it is still blocked after ``seconds``."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            box["error"] = exc
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():  # pragma: no cover - the old code only (the caller's finally lets it go)
        pytest.fail(f"still blocked after {seconds} s")
    if "error" in box:
        raise box["error"]
    return box.get("value")


def _unblock_later(fifo: Path) -> None:
    """Open ``fifo`` for writing and close it, so a reader blocked on the old code lets go after the test."""
    def poke() -> None:
        fd = os.open(fifo, os.O_WRONLY)
        os.close(fd)
    threading.Thread(target=poke, daemon=True).start()


def test_f11_client_json_as_a_named_pipe_gives_the_defaults_at_once(tmp_path: Path) -> None:
    path = tmp_path / "client.json"
    os.mkfifo(path)
    try:
        assert _within(5, lambda: config.load(path)) == config.Settings()
        _within(5, lambda: config.save(config.Settings(name="Ana"), path))  # skipped: no reader waited for
    finally:
        _unblock_later(path)


def test_f11_client_json_as_a_folder_or_too_large_gives_the_defaults(tmp_path: Path) -> None:
    folder = tmp_path / "client.json"
    folder.mkdir()
    assert config.load(folder) == config.Settings()
    big = tmp_path / "big.json"
    big.write_bytes(b'{"name": "Ana"' + b" " * config.MAX_SETTINGS + b"}")
    assert config.load(big) == config.Settings()
    small = tmp_path / "small.json"
    config.save(config.Settings(name="Ana"), small)
    assert config.load(small).name == "Ana"


def test_f11_read_regular_is_bounded_and_refuses_what_is_not_a_file(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 10)
    assert localfile.read_regular(path, 10) == b"x" * 10
    with pytest.raises(localfile.FileTooLarge):
        localfile.read_regular(path, 9)
    with pytest.raises(localfile.NotRegularFile):
        localfile.read_regular(tmp_path, 10)
    with pytest.raises(localfile.NotRegularFile):
        localfile.read_regular("/dev/null", 10)
    with pytest.raises(FileNotFoundError):
        localfile.read_regular(tmp_path / "absent", 10)


def test_f11_a_named_pipe_beside_the_sqlite_store_is_refused_at_once(tmp_path: Path) -> None:
    from doublenine.server.storage.base import StoreError
    from doublenine.server.storage.sqlite import SQLiteStore

    for suffix in ("", "-wal", "-journal", ".owner"):
        folder = tmp_path / f"d{suffix or 'db'}"
        folder.mkdir()
        fifo = folder / f"tables.sqlite3{suffix}"
        os.mkfifo(fifo)
        try:
            with pytest.raises(StoreError, match="is not a regular file"):
                _within(5, lambda: SQLiteStore(folder / "tables.sqlite3"))
        finally:
            _unblock_later(fifo)


def test_f11_the_owner_note_as_a_named_pipe_is_read_as_none(tmp_path: Path) -> None:
    from doublenine.server.storage.ownerfile import read_note

    fifo = tmp_path / "tables.sqlite3.owner"
    os.mkfifo(fifo)
    try:
        assert _within(5, lambda: read_note(fifo)) == (None, "")
    finally:
        _unblock_later(fifo)


def test_f11_mimeapps_list_as_a_named_pipe_stops_desktop_install_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from doublenine import desktop

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    fifo = tmp_path / "config" / "mimeapps.list"
    fifo.parent.mkdir()
    os.mkfifo(fifo)
    try:
        assert _within(5, desktop.install) == 1
        assert capsys.readouterr().err.startswith("doublenine desktop-install: ")  # errors: stderr (s12)
        assert not (tmp_path / "data").exists()  # nothing half-done
    finally:
        _unblock_later(fifo)


def test_client_json_holding_seat_tokens_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """Re-check finding: client.json (seat tokens of this and other servers' tables, D7) was saved
    0644 under the usual umask, so any local user could read a token and take the seat. Saved 0600,
    a file an older version left 0644 included."""
    path = tmp_path / "client.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0o644)
    old = os.umask(0o022)
    try:
        config.save(config.Settings(), path)
        assert path.stat().st_mode & 0o777 == 0o600
        path.unlink()
        config.save(config.Settings(), path)
        assert path.stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(old)


def test_a_symbolic_link_loop_beside_the_sqlite_store_is_named_not_blamed_on_listening(tmp_path: Path) -> None:
    """Re-check finding: ``ln -s x.owner x.owner`` (or the same for ``-wal``) made ``serve`` say
    "Cannot listen on 127.0.0.1 port 0: Too many levels of symbolic links"; the store now refuses
    the file by its name, as it does a named pipe."""
    from doublenine.server.storage.base import StoreError
    from doublenine.server.storage.sqlite import SQLiteStore

    for suffix in ("-wal", ".owner"):
        folder = tmp_path / f"d{suffix}"
        folder.mkdir()
        loop = folder / f"tables.sqlite3{suffix}"
        loop.symlink_to(loop)
        with pytest.raises(StoreError, match=f"tables.sqlite3{suffix} is not a regular file"):
            SQLiteStore(folder / "tables.sqlite3")


def test_a_window_reading_client_json_while_another_saves_it_never_sees_it_half_written(tmp_path: Path) -> None:
    """New user s11 (second window): client.json was truncated, then written, in place; a second window
    reading it in between found no kept match and sat at a new table. Kind: a file one window writes
    while another reads it. Now written beside it and renamed over it: a reader that opened the file
    before the save reads the old whole content, one that opens it after reads the new whole one."""
    path = tmp_path / "client.json"
    config.save(config.Settings(resume_code="FV9D4", resume_token="tf"), path)
    first = path.read_bytes()
    reader = os.open(path, os.O_RDONLY)  # a second window that opened the file just before the save
    try:
        config.save(config.Settings(resume_code="KCTSF", resume_token="tk"), path)
        old = os.read(reader, 1 << 16)
    finally:
        os.close(reader)
    assert old == first and b'"resume_code": "FV9D4"' in old  # in place, the reader read "" (truncated)
    assert config.load(path).resume_code == "KCTSF"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["client.json", "client.json.lock"]  # no temporary file (the lock stays)


def test_a_saved_file_behind_a_symbolic_link_stays_behind_it(tmp_path: Path) -> None:
    """The rename lands where the link leads (a client.json linked from a dotfiles folder stays a link)."""
    (tmp_path / "dotfiles").mkdir()
    real = tmp_path / "dotfiles" / "client.json"
    real.write_text("{}", encoding="utf-8")
    link = tmp_path / "client.json"
    link.symlink_to(real)
    config.save(config.Settings(name="Ana"), link)
    assert link.is_symlink() and config.load(real).name == "Ana"


def test_a_new_file_written_without_a_mode_gets_the_umask_s_and_an_old_one_keeps_its_own(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        localfile.write_regular(tmp_path / "new.txt", b"x")
        assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o640
        (tmp_path / "new.txt").chmod(0o604)
        localfile.write_regular(tmp_path / "new.txt", b"yy")
        assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o604
        assert (tmp_path / "new.txt").read_bytes() == b"yy"
    finally:
        os.umask(old)
