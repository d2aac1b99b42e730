"""Attacker s14 F4: ``doublenine results | head`` ended in a BrokenPipeError traceback. Every command-line
printer of ours runs through ``doublenine.cli.main``, which now ends quietly (exit 141) when its reader goes."""
from __future__ import annotations

import subprocess
import sys

from doublenine.server.storage.base import MatchResult


def test_f4_the_reported_case_results_into_head_ends_quietly(tmp_path) -> None:
    import asyncio

    from doublenine.server.storage import open_store

    db = tmp_path / "def.sqlite3"

    async def fill() -> None:
        store = open_store(str(db))
        try:
            for i in range(3000):
                await store.record_result(MatchResult("KQ7PX", i + 1, ("Ana", "Bo", "Cy", "Di"), (101, 40), "A", 5,
                                                      float(i), float(i) + 60.0, "Table 1", True))
        finally:
            await store.close()

    asyncio.run(fill())
    code = ("import sys; from doublenine.cli import main; "
            f"sys.exit(main(['results', '--db', {str(db)!r}]))")
    run = subprocess.run(f"{sys.executable} -c \"{code}\" | head -3; echo \"${{PIPESTATUS[0]}}\"", shell=True,
                         executable="/bin/bash", capture_output=True, text=True, timeout=120)
    assert (len(run.stdout.splitlines()), run.stdout.splitlines()[-1], run.stderr) == (4, "141", "")
