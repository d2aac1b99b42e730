"""New user s9 item 16: a table made with ``play --server ws://127.0.0.1:8799/`` (or Create table with a
server address) was titled "… · host" though nothing was hosted on this computer, and its invite card
offered doublenine://127.0.0.1:8799/CODE with no word that friends elsewhere cannot use that address.

Kinds: a window title saying a role the window does not have; an invite card offering an address that
reaches only this computer as if friends could use it (also a table hosted here when the computer has no
network address, or is bound to loopback). The title says "player" at another server's table; the card
grows by a warning whenever its address is a loopback one. Real servers, real sockets."""
from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

pytest.importorskip("doublenine.server.app")

from doublenine.client.launcher import make_launcher  # noqa: E402
from doublenine.client.embedded import EmbeddedServer  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.scenes.lan_host import LOOPBACK_ONLY, HostedTable, RemoteServer, card_height  # noqa: E402
from doublenine.client.scenes.start import Launch  # noqa: E402
from doublenine.client.text import tr  # noqa: E402
from doublenine.shared.invite import is_loopback  # noqa: E402

SIZE = (1280, 800)


def _ready(scene: Any) -> None:
    deadline = time.monotonic() + 15
    while not (scene.code and scene.table.session.state.view is not None) and time.monotonic() < deadline:
        scene.update(time.monotonic())
        time.sleep(0.01)
    assert scene.code


def _drawn(scene: Any, path: Any) -> pygame.Surface:
    scene.resize(Viewport(SIZE, SIZE))
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    pygame.image.save(surface, str(path))
    return surface


@pytest.mark.usefixtures("own_folders")
@pytest.mark.parametrize("lang, role, warning", [
    ("en", "player", "Only this computer can use 127.0.0.1: friends elsewhere need its address on your network."),
    ("fr", "joueur", "Seul cet ordinateur peut utiliser 127.0.0.1\u00a0: vos amis ailleurs ont besoin de son adresse "
                     "sur votre réseau."),
    ("pt", "jogador", None), ("de", "Spieler", None), ("es", "jugador", None),
])
def test_a_table_made_on_a_loopback_server_is_played_not_hosted_and_its_card_warns(
        tmp_path, lang: str, role: str, warning: str | None) -> None:  # type: ignore[no-untyped-def]
    server = EmbeddedServer(db=str(tmp_path / "r.sqlite"), bot_delay=0.0)
    server.start()
    try:
        scene = make_launcher(lang, {})(Launch("create", "Ana", lang, server.url,
                                               kinds=("human", "human", "computer", "computer")))
        assert isinstance(scene, HostedTable) and isinstance(scene.hosting, RemoteServer)
        _ready(scene)
        assert scene.title() == f"doublenine · {scene.code} · {role}"  # was "· host"/"· hôte"...
        assert scene.only_here() and scene.card_open()
        if warning is not None:
            assert tr(lang, LOOPBACK_ONLY, address="127.0.0.1") == warning
        _drawn(scene, tmp_path / f"remote-{lang}.png")
        card = scene.layout()["card"]
        assert card[3] == card_height(SIZE, True) > card_height(SIZE)  # room for the warning
        scene.close()
    finally:
        server.stop()


@pytest.mark.usefixtures("own_folders")
@pytest.mark.parametrize("addresses, warned", [(["127.0.0.1"], True), (["192.168.1.20"], False)])
def test_a_table_hosted_here_is_the_host_and_warns_only_for_a_loopback_address(
        tmp_path, monkeypatch, addresses: list[str], warned: bool) -> None:  # type: ignore[no-untyped-def]
    """The same card for "Host for friends": on a computer with no network address it showed 127.0.0.1 too."""
    from doublenine.client import hosting
    from doublenine.client.scenes.lan_host import host_table
    from ports import free_port

    monkeypatch.setattr(hosting.Hosting, "addresses", lambda self: list(addresses))
    scene = host_table(Launch("create", "Ana", "en", kinds=("human", "human", "computer", "computer")),
                       db=str(tmp_path / "h.sqlite"), port=free_port(), bind="127.0.0.1", announce=False,
                       bot_delay=0.0)
    try:
        _ready(scene)
        assert scene.title() == f"doublenine · {scene.code} · host"
        assert scene.only_here() is warned
        assert scene.layout()["card"][3] == card_height(SIZE, warned)
        _drawn(scene, tmp_path / f"hosted-{addresses[0]}.png")
    finally:
        scene.close()


def test_which_addresses_reach_only_this_computer() -> None:
    assert [is_loopback(a) for a in ("127.0.0.1", "127.8.9.1", "::1", "[::1]", "::ffff:127.0.0.1", "localhost",
                                     "LOCALHOST.", "game.localhost", "0.0.0.0", "::")] == [True] * 10
    assert [is_loopback(a) for a in ("192.168.1.20", "10.0.0.2", "fd00::5", "play.example.org",
                                     "localhost.example.org", "128.0.0.1")] == [False] * 6


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
def test_the_warning_fits_the_card_whole_at_the_cards_type(lang: str, size: tuple[int, int]) -> None:
    from doublenine.client.art import Art
    from doublenine.client.layout import metrics
    from doublenine.client.render import fit_rows
    from doublenine.client.scenes.lan_host import host_layout

    _, f, sm = metrics(size)
    lay = host_layout(size, None, None, warning=True)
    x, y, w, h = lay["card"]
    top = y + round(6.2 * f)  # as lan_host._card draws it
    room = lay["copy"][1] - top - f // 3
    rows, font, step = fit_rows(Art(), tr(lang, LOOPBACK_ONLY, address="127.0.0.1"), sm, (w - 2 * f + 2 * sm, room))
    assert font == sm and len(rows) * step <= room, (rows, room)
