"""A test that runs ``serve`` in-process leaves no logging behind for the next test (tests/conftest.py
``_logging_as_it_was``).

CI of 6711fec: ``configure_logging`` (called by ``doublenine serve``) put on the root logger a handler
holding the ``sys.stderr`` of that moment, ``capsys``'s stream, closed when the test ended; on the same
xdist worker every later log line then printed "--- Logging error ---" on the running test's stderr, and
tests/server/test_bot_languages.py's exact refusal line failed. The two tests are run here one after the
other in their own pytest, in that order, as the worker ran them.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
CONFIGURES = "tests/ops/test_no_empty_reason.py::test_a_start_while_postgresql_hangs_says_no_answer_within"
SAYS_ON_STDERR = ("tests/server/test_bot_languages.py::"
                  "test_a_refusal_is_said_by_its_codes_sentence_in_the_persons_language")


def test_serve_in_process_under_capsys_leaves_no_handler_for_the_next_test() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}  # not an xdist worker: one process
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", CONFIGURES, SAYS_ON_STDERR],
                          capture_output=True, text=True, timeout=240, cwd=ROOT, env=env)
    assert "Logging error" not in proc.stdout + proc.stderr, proc.stdout[-3000:]
    assert proc.returncode == 0 and "2 passed" in proc.stdout, proc.stdout[-3000:] + proc.stderr[-2000:]
