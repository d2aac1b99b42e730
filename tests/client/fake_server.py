"""A fake server on 127.0.0.1:0 that seats one client and answers its intents slowly."""
from __future__ import annotations

import time
from typing import Any

from loopback_ws import LoopbackServer

from doublenine.shared import protocol as p
from doublenine.shared.convert import decision_of_intent, move_frame, view_to_wire
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for


def table_w(code: str = "SNAKE") -> dict[str, Any]:
    seats = [{"seat": i, "name": n, "kind": k, "level": "easy", "claimed": k == "human", "connected": k == "human",
              "computer_plays": k == "computer"}
             for i, n, k in ((1, "José", "human"), (2, "Zoë", "computer"), (3, "Ñandú", "computer"),
                             (4, "Brontë", "computer"))]
    return {"code": code, "seats": seats, "seeded": True, "started": True, "paused": False}


class SlowServer(LoopbackServer):
    """Answers ``hello``/``join`` at once, then holds each intent ``delay`` seconds before its update."""

    def __init__(self, log: Any, delay: float) -> None:
        self.log, self.delay = log, delay
        self.seq = 10
        self.received: list[Any] = []
        super().__init__()

    def _handle(self, ws: Any) -> None:
        p.decode_client(ws.recv())
        ws.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION)))
        p.decode_client(ws.recv())
        ws.send(p.encode(p.Joined(code="SNAKE", seat=1, token="t0ken")))
        snap = {"type": "snapshot", "seq": self.seq, "view": view_to_wire(view_for(self.log.state, Seat.ONE)),
                "table": table_w()}
        ws.send(p.pack(snap))
        for frame in ws:
            msg = p.decode_client(frame)
            self.received.append(msg)
            decision = decision_of_intent(msg, Seat.ONE)
            if decision is None:
                continue
            time.sleep(self.delay)  # the slow server: the client's window must not wait for this
            self.log.submit(decision)
            self.seq += 1
            ws.send(move_frame(self.seq, decision))


class DroppingServer(SlowServer):
    """Seats the client, then drops the first connection; records what each connection sent to attach."""

    def __init__(self, log: Any) -> None:
        super().__init__(log, 0.0)
        self.attaches: list[Any] = []

    def _handle(self, ws: Any) -> None:
        p.decode_client(ws.recv())
        ws.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION)))
        self.attaches.append(p.decode_client(ws.recv()))
        ws.send(p.encode(p.Joined(code="SNAKE", seat=1, token="t0ken")))
        snap = {"type": "snapshot", "seq": self.seq + len(self.attaches), "table": table_w(),
                "view": view_to_wire(view_for(self.log.state, Seat.ONE))}
        ws.send(p.pack(snap))
        if len(self.attaches) == 1:
            ws.close()
            return
        for _ in ws:
            pass


class ClosingServer(DroppingServer):
    """Seats the client, then closes each connection with the next of ``codes`` (the last repeated)."""

    def __init__(self, codes: list[int]) -> None:
        super().__init__(None)
        self.codes = codes

    def _handle(self, ws: Any) -> None:
        p.decode_client(ws.recv())
        ws.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION)))
        self.attaches.append(p.decode_client(ws.recv()))
        ws.send(p.encode(p.Joined(code="SNAKE", seat=1, token="t0ken")))
        code = self.codes[min(len(self.attaches), len(self.codes)) - 1]
        ws.close(code, "closing as told")
