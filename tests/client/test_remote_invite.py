"""A table created on a remote server shows its invite, like a hosted one (issue 8)."""
from __future__ import annotations

import pytest

from doublenine.client.launcher import make_launcher
from doublenine.client.scenes.lan_host import HostedTable, RemoteServer
from doublenine.client.scenes.start import Launch

pytest.importorskip("doublenine.server.app")

from doublenine.client.embedded import EmbeddedServer  # noqa: E402


def test_remote_server_invite_uses_the_typed_address() -> None:
    assert RemoteServer("ws://192.168.1.20:8765/").invite("K959E") == "doublenine://192.168.1.20:8765/K959E"
    assert RemoteServer("wss://play.example.org/").invite("K959E") == "doublenine://play.example.org:443/K959E?tls=1"
    assert RemoteServer("ws://10.0.0.2:9000/").others_seated("K959E", 1) == 0


def test_create_table_on_a_remote_server_opens_with_the_invite(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import time

    server = EmbeddedServer(db=str(tmp_path / "r.sqlite"), bot_delay=0.0)
    server.start()
    try:
        scene = make_launcher("en", {})(Launch("create", "Ana", "en", server.url,
                                               kinds=("human", "human", "computer", "computer")))
        assert isinstance(scene, HostedTable)
        deadline = time.monotonic() + 15
        # the code comes with "joined", the table's state (not started yet) with the snapshot just after
        while not (scene.code and scene.table.session.state.view is not None) and time.monotonic() < deadline:
            scene.update(time.monotonic())
            time.sleep(0.01)
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        assert scene.invite() == f"doublenine://127.0.0.1:{port}/{scene.code}" and scene.card_open()
        scene.close()
    finally:
        server.stop()
