"""``run.py`` finishes a first install that was stopped half-way (new-user finding: a Ctrl-C while
it said "creating .venv" left a ``.venv/bin/python`` without pip, and every later run failed with a
traceback). Kind: an interrupted setup step whose half-done result is taken as done.

Real processes: run.py copied into a tiny offline checkout whose build backend lives in the tree
(no index, no download: ``PIP_NO_INDEX``), stopped at each step (SIGINT as from Ctrl-C, SIGKILL as
from a closed terminal, pip failing half-way as on a network cut); the next run must work.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PYPROJECT = """[project]
name = "fakegame"
version = "1.0"
[build-system]
requires = []
build-backend = "backend"
backend-path = ["."]
"""

# A PEP 517/660 backend with no requirements: an editable wheel holding a .pth to the checkout.
# It waits while the file "slow" exists (to be killed mid-pip) and fails if "fail" exists.
BACKEND = '''import base64, hashlib, os, time, zipfile
HERE = os.path.dirname(os.path.abspath(__file__))
def _wheel(directory, files):
    if os.path.exists(os.path.join(HERE, "fail")):
        raise SystemExit("network cut")
    while os.path.exists(os.path.join(HERE, "slow")):
        time.sleep(0.05)
    name = "fakegame-1.0-py3-none-any.whl"
    files = {**files, "fakegame-1.0.dist-info/METADATA": "Metadata-Version: 2.1\\nName: fakegame\\nVersion: 1.0\\n",
             "fakegame-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\\nGenerator: t\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"}
    record = []
    with zipfile.ZipFile(os.path.join(directory, name), "w") as zf:
        for path, text in files.items():
            data = text.encode()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{path},sha256={digest},{len(data)}")
            zf.writestr(path, data)
        zf.writestr("fakegame-1.0.dist-info/RECORD", "\\n".join(record + ["fakegame-1.0.dist-info/RECORD,,"]) + "\\n")
    return name
def build_wheel(directory, config_settings=None, metadata_directory=None):
    return _wheel(directory, {})
def build_editable(directory, config_settings=None, metadata_directory=None):
    return _wheel(directory, {"fakegame.pth": HERE + "\\n"})
'''


def checkout(tmp_path: Path) -> Path:
    """A checkout holding this run.py and a game whose ``--version`` prints ``fakegame 1.0``."""
    root = tmp_path / "clone"
    (root / "doublenine").mkdir(parents=True)
    shutil.copy(ROOT / "run.py", root / "run.py")
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / "backend.py").write_text(BACKEND)
    (root / "doublenine" / "__init__.py").write_text("")
    (root / "doublenine" / "__main__.py").write_text("print('fakegame 1.0')\n")
    return root


def start(root: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PIP_NO_INDEX": "1", "PIP_NO_INPUT": "1",  # run.py's lines in English (its SAID)
           "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
    return subprocess.Popen([sys.executable, str(root / "run.py"), "doublenine", "--version"], cwd=root,
                            env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def wait_for(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < end, what
        time.sleep(0.01)


def stop(proc: subprocess.Popen[str], signum: int) -> str:
    """Send SIGNUM to run.py and its children (a terminal's Ctrl-C, or a kill of them all)."""
    os.killpg(proc.pid, signum)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == (130 if signum == signal.SIGINT else -signum), err
    return err


def next_run_works(root: Path) -> str:
    proc = start(root)
    out, err = proc.communicate(timeout=180)
    # pip's log goes to stderr: stdout is the command's output alone (new-user N6: `play --autoplay
    # > out` on a first run had pip's whole log ahead of the result JSON)
    assert (proc.returncode, out) == (0, "fakegame 1.0\n"), err
    assert "Successfully installed fakegame-1.0" in err
    assert "Traceback" not in err
    assert (root / ".venv" / ".doublenine-installed").exists()
    return err


def test_ctrl_c_or_kill_while_creating_the_venv_before_pip_is_repaired_next_run(tmp_path: Path) -> None:
    for signum in (signal.SIGINT, signal.SIGKILL):
        root = checkout(tmp_path / signum.name)
        proc = start(root)
        # the user's case: .venv/bin/python exists, ensurepip still running
        wait_for(lambda: (root / ".venv" / "bin" / "python").exists(), "no .venv/bin/python")
        err = stop(proc, signum)
        assert "Traceback" not in err
        if signum == signal.SIGINT:
            assert err.endswith("doublenine: interrupted (the next run finishes installing)\n"), err
        assert not (root / ".venv" / ".doublenine-installed").exists()
        err = next_run_works(root)
        assert "doublenine: .venv is half-made (an earlier first run was stopped); re-creating it...\n" in err
        # and the run after that starts at once, without installing
        proc = start(root)
        assert proc.communicate(timeout=60) == ("fakegame 1.0\n", "") and proc.returncode == 0


def test_a_venv_that_lost_its_pip_is_re_created(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    next_run_works(root)
    (root / "pyproject.toml").write_text(PYPROJECT + "# changed\n")  # a reinstall is due
    for pip in (root / ".venv" / "lib").glob("python*/site-packages/pip"):
        shutil.rmtree(pip)
    err = next_run_works(root)
    assert "re-creating it" in err and "No module named pip" not in err


def test_pip_killed_or_interrupted_half_way_is_run_again_next_run(tmp_path: Path) -> None:
    for signum in (signal.SIGINT, signal.SIGKILL):
        root = checkout(tmp_path / signum.name)
        (root / "slow").write_text("")
        proc = start(root)
        wait_for(lambda: (root / ".venv" / ".doublenine-created").exists(), "venv never finished")
        time.sleep(1.0)  # pip is building, held by "slow"
        err = stop(proc, signum)
        assert "Traceback" not in err and "doublenine: installing the game" in err
        (root / "slow").unlink()
        err = next_run_works(root)
        assert "re-creating" not in err and "doublenine: installing the game" in err


def test_pip_failing_half_way_is_told_in_one_line_and_retried_next_run(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    (root / "fail").write_text("")  # as a network cut: pip exits 1
    proc = start(root)
    _, err = proc.communicate(timeout=180)
    assert proc.returncode == 1, err
    assert "Traceback (most recent call last)" not in err.split("doublenine: installing the game")[-1]
    assert err.endswith("doublenine: setting up .venv failed (its message is above); "
                        "run the same command again to retry\n"), err
    assert not (root / ".venv" / ".doublenine-installed").exists()
    (root / "fail").unlink()
    err = next_run_works(root)
    assert "doublenine: installing the game" in err and "re-creating" not in err
