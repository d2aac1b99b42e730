"""One reader of a server address (new user s10 item 19): the start screen's field refused
"127.0.0.1:8765" while the line under Create table said it "uses the server 127.0.0.1:8765", and an
invite's bare HOST:PORT/CODE was already taken. shared/invite.server_url reads every server address a
person gives: the start screen's field (through the launcher), ``play --server``, ``bot --server``."""
from __future__ import annotations

import pytest

from doublenine.cli import main
from doublenine.shared.invite import InviteError, parse_invite, server_url


@pytest.mark.parametrize(("given", "url"), [
    ("127.0.0.1:8765", "ws://127.0.0.1:8765/"),  # the reported case
    (" 127.0.0.1:8765/ ", "ws://127.0.0.1:8765/"),
    ("Example.org:9000", "ws://example.org:9000/"),
    ("192.168.1.20", "ws://192.168.1.20:8765/"),  # no port: the invite's default
    ("[fd00::5]:8766", "ws://[fd00::5]:8766/"),
    ("ws://127.0.0.1:8765/", "ws://127.0.0.1:8765/"),  # a URL as given
    ("wss://example.org/", "wss://example.org/"),
    ("ws://127.0.0.1:8765/t/KQ7PA", "ws://127.0.0.1:8765/t/KQ7PA"),
])
def test_a_server_address_is_host_port_or_a_url(given: str, url: str) -> None:
    assert server_url(given) == url


def test_the_bare_form_is_the_invites() -> None:
    invite = parse_invite("127.0.0.1:8765/KQ7PA")
    assert server_url("127.0.0.1:8765") == invite.ws_url("/")
    assert server_url("127.0.0.1") == parse_invite("127.0.0.1/KQ7PA").ws_url("/")


@pytest.mark.parametrize("given", ["", "  ", "127.0.0.1:8765/KQ7PA", "127.0.0.1:²", "127.0.0.1:0", "fd00::5",
                                   "http://127.0.0.1:1/", "a@b:1", "127.0.0.1:８７６５", "h:" + "9" * 3000,
                                   "x" * 3000])
def test_anything_else_is_server_bad_url(given: str) -> None:
    with pytest.raises(InviteError) as caught:
        server_url(given)
    assert caught.value.key == "server.bad_url"


def test_play_and_bot_take_host_port_and_refuse_alike(capsys) -> None:  # type: ignore[no-untyped-def]
    said = ("“127.0.0.1:²” is not a server address. It should look like HOST:PORT or ws://HOST:PORT/ "
            "(wss:// behind TLS).")
    assert main(["play", "--lang", "en", "--server", "127.0.0.1:²", "--table", "KQ7PA"]) == 2
    assert capsys.readouterr() == ("", f"doublenine play: {said}\n")  # errors: stderr (s12)
    assert main(["bot", "--lang", "en", "--server", "127.0.0.1:²", "--table", "KQ7PA"]) == 2
    assert capsys.readouterr() == ("", f"doublenine bot: {said}\n")


@pytest.mark.usefixtures("own_folders")
def test_the_start_screens_field_takes_host_port(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The reported case through the start screen: "127.0.0.1:PORT" typed, Create table makes the table on
    that server, and the server is remembered as ws://127.0.0.1:PORT/ (it was "not a server address")."""
    import os
    from dataclasses import replace

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from sessionkit import update_until

    from doublenine.client import config
    from doublenine.client.app import App
    from doublenine.client.launcher import make_launcher
    from doublenine.client.embedded import EmbeddedServer
    from doublenine.client.scenes.start import StartScene

    server = EmbeddedServer(db=str(tmp_path / "remote.sqlite"), bot_delay=0.0)
    server.start()
    try:
        port = int(server.url.rstrip("/").rsplit(":", 1)[1])
        start = StartScene(config.load(), make_launcher("en", {}))
        app = App(start, (1280, 800))
        start.form = replace(start.form, server=f"127.0.0.1:{port}", name="Ana")
        change = start.click_id("create")
        assert start.form.message == "" and change is not None and change.kind == "push", start.form.message
        app.apply(change)
        hosted = app.stack[-1]
        update_until(hosted, lambda: hosted.table.session.state.view is not None and bool(hosted.code))
        assert config.load().server == f"ws://127.0.0.1:{port}/"
        hosted.table.session.close(leave=True)
    finally:
        server.stop()
