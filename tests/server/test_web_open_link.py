"""s14 spectate item 2: the table page's "Open in doublenine" of a full table watches it (``watch=1``).

The page is served with the link of the table as it is (server/web/site.py); as seats come and go its script
keeps the link so (table.js ``openLink``): a seat freed, the link sits; the table full again, it watches. Run
under node with a fake DOM and WebSocket (the page's own code, unchanged), as test_web_liveness."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from .test_web_liveness import TABLE_JS

HARNESS = r"""
const fs = require("fs");
const nodes = {};
function node(id) {
  if (!nodes[id]) nodes[id] = { id, className: "", title: "", textContent: "", firstChild: null,
    getAttribute: (a) => ({ "data-code": "6WMHZ", "data-protocol": "2" })[a],
    appendChild() {}, removeChild() {}, setAttribute() {}, classList: { add() {}, remove() {}, toggle() {} } };
  return nodes[id];
}
nodes.words = { textContent: JSON.stringify({ connecting: "Connecting" }) };
const link = { href: process.argv[3], getAttribute(a) { return this.href; }, setAttribute(a, v) { this.href = v; } };
global.document = { getElementById: node, createElement: () => node("x" + Math.random()),
                    createElementNS: () => node("x" + Math.random()), createTextNode: () => ({}),
                    querySelector: (sel) => sel === "a.open" ? link : null };
global.location = { protocol: "http:", host: "127.0.0.1:18703" };
global.MessagePack = { encode: (m) => m, decode: (b) => b.buffer.msg };
const sockets = [];
global.WebSocket = class { constructor(url) { this.url = url; this.sent = []; this.readyState = 0; sockets.push(this); }
  send(m) { this.sent.push(m.type); } close() { this.closed = true; } };
global.setInterval = () => {};
global.setTimeout = () => 1;
global.clearTimeout = () => {};
eval(fs.readFileSync(process.argv[2], "utf8"));
function frame(ws, msg) { const d = new ArrayBuffer(8); d.msg = msg; ws.onmessage({ data: d }); }
const seat = (n, kind, claimed, plays) => ({ seat: n, name: "", kind: kind, claimed: claimed, connected: claimed,
                                             computer_plays: plays });
const full = [seat(1, "human", true, false), seat(2, "computer", false, true), seat(3, "computer", false, true),
              seat(4, "computer", false, true)];
const open = [seat(1, "human", true, false), seat(2, "human", false, true), seat(3, "computer", false, true),
              seat(4, "computer", false, true)];
const ws = sockets[0];
ws.readyState = 1; ws.onopen();
frame(ws, { type: "welcome" });
frame(ws, { type: "joined" });
const out = [];
for (const seats of [full, open, full, open]) {
  frame(ws, { type: "table", table: { code: "6WMHZ", seats: seats, spectators: 0 } });
  out.push(link.href);
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's script")
@pytest.mark.parametrize("served, sits", [("doublenine://127.0.0.1:18703/6WMHZ", "doublenine://127.0.0.1:18703/6WMHZ"),
                                          ("doublenine://play.example.org:443/6WMHZ?tls=1&watch=1",
                                           "doublenine://play.example.org:443/6WMHZ?tls=1")])
def test_the_open_link_watches_while_the_table_is_full_and_sits_while_a_seat_is_free(tmp_path: Path, served: str,
                                                                                       sits: str) -> None:
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS)
    got = json.loads(subprocess.run(["node", str(harness), str(TABLE_JS), served], capture_output=True, text=True,
                                    timeout=60, check=True).stdout)
    watches = sits + ("&" if "?" in sits else "?") + "watch=1"
    assert got == [watches, sits, watches, sits]
