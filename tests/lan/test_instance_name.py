"""Issue 16.5: the DNS-SD instance name is built to its limits (63 UTF-8 bytes, cut by bytes at a
character boundary, no control characters), a long or odd host name is announced and found, and a
failed announcement is told on the invite card while the invite keeps working."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from lan_netns import private_netns
from zeroconf import BadTypeInNameException
from zeroconf._utils.name import service_type_name

from doublenine.client.hosting import Hosting
from doublenine.client.joining import check_table
from doublenine.server.announce import INSTANCE_MAX, RENAME_ROOM, SERVICE_TYPE, Announcer, instance_name
from doublenine.shared.invite import parse_invite

HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("host, expected", [
    ("Александра Константиновна", "Александра Константино doublenine 8765"),  # cut at 43 bytes, between letters
    ("Ana\n", "Ana doublenine 8765"),
    ("Ana's laptop", "Ana's laptop doublenine 8765"),
    ("ana.home.lan", "ana-home-lan doublenine 8765"),  # a dot would split the DNS label
    ("\u200b\x00", "doublenine 8765"),
    ("漢" * 30, "漢" * 14 + " doublenine 8765"),  # 3-byte characters: 14 x 3 = 42 <= 43
    ("e\u0301" * 40, "é" * 21 + " doublenine 8765"),
])
def test_instance_name_values(host: str, expected: str) -> None:
    name = instance_name(host, 8765)
    assert name == expected
    assert len(name.encode()) <= INSTANCE_MAX - RENAME_ROOM


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=120), st.integers(0, 65535))
@example("Александра Константиновна", 8765)
@example("😀" * 40, 65535)
def test_every_instance_name_is_one_valid_label_even_renamed(host: str, port: int) -> None:
    name = instance_name(host, port)
    assert len(f"{name}-999".encode()) <= INSTANCE_MAX  # zeroconf's rename on a name clash still fits
    assert not any(ord(c) < 32 or ord(c) == 127 for c in name) and "." not in name
    assert service_type_name(f"{name}-999.{SERVICE_TYPE}") == SERVICE_TYPE  # zeroconf's own check


def test_long_and_odd_host_names_are_announced_and_found() -> None:
    with private_netns() as prefix:
        done = subprocess.run([*prefix, sys.executable, str(HERE / "lan_names_scenario.py")],
                              capture_output=True, text=True, timeout=150)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["status"] == [["announced", "", True], ["announced", "", True]]
    assert [row[:3] for row in out["listed"]] == [["Ana", False, True], ["Александра Константиновна", True, False]]
    ana, alexandra = (row[3] for row in out["listed"])
    port = int(alexandra.split(".")[0].rsplit(" ", 1)[1])
    assert alexandra == f"{instance_name('Александра Константиновна', port)}.{SERVICE_TYPE}"
    assert ana.startswith("Ana doublenine ") and ana.endswith(f".{SERVICE_TYPE}")


async def test_a_failed_announcement_is_reported(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    async def refuse(self, tables):  # type: ignore[no-untyped-def]
        raise OSError("no multicast on this network")
    monkeypatch.setattr(Announcer, "start", refuse)
    heard: list[tuple[str, str]] = []
    announcer = Announcer(8765, protocol=1, host_name="Ana", addresses=["127.0.0.1"], interfaces=["127.0.0.1"],
                          on_status=lambda *a: heard.append(a))
    await asyncio.wait_for(announcer.run(lambda: []), 5)
    assert heard == [("failed", "OSError: no multicast on this network")]
    assert announcer.status == "failed"


def test_invite_works_and_card_says_so_when_announcing_fails(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    async def refuse(self, tables):  # type: ignore[no-untyped-def]
        raise BadTypeInNameException("Too long: 'x'")  # what zeroconf raised for a 64-byte name
    monkeypatch.setattr(Announcer, "start", refuse)
    # the card shows a network address (on 127.0.0.1 it says that only this computer can use it instead)
    hosting = Hosting(None, port=0, bind="127.0.0.1", announce=True, host_name="Ana",
                      addresses=["192.168.1.20"]).start()
    try:
        end = time.monotonic() + 10
        while hosting.embedded.announce_status == "starting" and time.monotonic() < end:
            time.sleep(0.05)
        assert (hosting.announced, hosting.announce_failed) == (False, True)
        code = _create_table(hosting)
        invite = parse_invite(hosting.invite(code, "127.0.0.1"))
        assert check_table(invite).code == code  # the invite still works
        assert _card_texts(hosting, code)[-1] == \
            "Could not list it on this network: the invite works all the same."
    finally:
        hosting.stop()


def _create_table(hosting: Hosting) -> str:
    from doublenine.server.netbot import TableClient

    async def create() -> str:
        c = await TableClient.connect(hosting.local_url)
        await c.attach({"type": "create_table", "seats": [{"kind": "human"}] * 2 + [{"kind": "computer"}] * 2,
                        "sit": 1, "name": "Ana"})
        return str(c.code)
    return asyncio.run_coroutine_threadsafe(create(), hosting.embedded.loop).result(20)  # type: ignore[arg-type]


def _card_texts(hosting: Hosting, code: str) -> list[str]:
    """The texts the invite card draws, in order."""
    from dataclasses import replace

    import pygame

    from doublenine.client.local import LocalSession
    from doublenine.client.scenes.lan_host import HostedTable
    from doublenine.client.scenes.table import TableScene

    session = LocalSession(seed=3)
    session.state = replace(session.state, table=code, started=False)
    scene = HostedTable(TableScene(session, "en"), hosting, "en")
    drawn: list[str] = []
    real = scene.art.fit_text
    scene.art.fit_text = lambda text, *a, **k: drawn.append(text) or real(text, *a, **k)  # type: ignore[method-assign]
    pygame.display.init()
    scene.draw(pygame.Surface((1280, 800)))
    return [t for t in drawn if "network" in t]
