"""A websocket server on loopback in a thread, for tests that play a server's part (fake, slow or hostile)."""
from __future__ import annotations

import threading
from typing import Any

from websockets.sync.server import serve


class LoopbackServer:
    """``with Sub(...) as server:`` serves ``server.url`` (ws://127.0.0.1:PORT/) until the block ends.

    Subclasses set their own fields, then call ``super().__init__()``, and answer each connection in
    :meth:`_handle` (websockets' sync API, one thread per connection)."""

    def __init__(self) -> None:
        self._server = serve(self._handle, "127.0.0.1", 0)
        self.url = f"ws://127.0.0.1:{self._server.socket.getsockname()[1]}/"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> Any:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._thread.join(5)

    def _handle(self, ws: Any) -> None:
        raise NotImplementedError
