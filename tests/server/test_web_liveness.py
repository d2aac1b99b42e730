"""s13 netplayer F9: the table's web page notices a silent link by itself.

Kind: a page trusting a link that says nothing. A phone whose Wi-Fi went quiet kept the page's green "live"
dot and a table four moves old for 2 minutes (a browser's websocket gives a page no ping, and a spectator
sends nothing after ``spectate``). server/web/static/table.js now asks with a second ``hello`` after 15 s
without a frame and, after 35 s without one, says "connection lost" and connects again. Run under node
with a fake DOM, WebSocket and clock (the page's own code, unchanged)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

TABLE_JS = Path(__file__).resolve().parents[2] / "server" / "web" / "static" / "table.js"

HARNESS = r"""
const fs = require("fs");
let now = 1000000;
Date.now = () => now;
const nodes = {};
function node(id) {
  if (!nodes[id]) nodes[id] = { id, className: "", title: "", textContent: "", firstChild: null,
    getAttribute: (a) => ({ "data-code": "6WMHZ", "data-protocol": "2" })[a],
    appendChild() {}, removeChild() {}, setAttribute() {}, classList: { add() {}, remove() {}, toggle() {} } };
  return nodes[id];
}
nodes.words = { textContent: JSON.stringify({ lost: "Connection lost", connecting: "Connecting" }) };
global.document = { getElementById: node, createElement: () => node("x" + Math.random()),
                    createElementNS: () => node("x" + Math.random()), createTextNode: () => ({}) };
global.location = { protocol: "http:", host: "127.0.0.1:18703" };
global.MessagePack = { encode: (m) => m, decode: (b) => b.buffer.msg };
const sockets = [];
global.WebSocket = class { constructor(url) { this.url = url; this.sent = []; this.readyState = 0; sockets.push(this); }
  send(m) { this.sent.push(m.type); } close() { this.closed = true; } };
global.ArrayBuffer = ArrayBuffer;
let beat = null;
global.setInterval = (fn, ms) => { beat = fn; };
const timers = [];
global.setTimeout = (fn, ms) => { timers.push(fn); return timers.length; };
global.clearTimeout = () => {};
eval(fs.readFileSync(process.argv[2], "utf8"));
function frame(ws, msg) { const d = new ArrayBuffer(8); d.msg = msg; ws.onmessage({ data: d }); }
const out = [];
const ws = sockets[0];
ws.readyState = 1; ws.onopen();
frame(ws, { type: "welcome" });
frame(ws, { type: "joined" });
out.push(["attached", nodes.conn.className, ws.sent.slice()]);
for (const s of [10, 20, 30, 40]) {  // seconds of silence, a beat each
  now = 1000000 + s * 1000; beat();
  out.push([s, nodes.conn.className, ws.sent.slice(), sockets.length, nodes.status.textContent]);
}
while (timers.length) timers.shift()();
out.push(["again", sockets.length, sockets[sockets.length - 1].url]);
const w2 = sockets[sockets.length - 1];
w2.readyState = 1; w2.onopen(); frame(w2, { type: "welcome" }); frame(w2, { type: "joined" });
now += 14000; beat(); frame(w2, { type: "welcome" });  // a probe's answer: no second spectate
out.push(["answered", w2.sent.slice(), nodes.conn.className]);
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's script")
def test_a_silent_link_is_probed_then_said_lost_and_reconnected(tmp_path: Path) -> None:
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS)
    got = json.loads(subprocess.run(["node", str(harness), str(TABLE_JS)], capture_output=True, text=True,
                                    timeout=60, check=True).stdout)
    assert got[0] == ["attached", "dot live", ["hello", "spectate"]]
    assert got[1] == [10, "dot live", ["hello", "spectate"], 1, "Connecting"]  # 10 s quiet: a calm table, nothing asked
    assert got[2] == [20, "dot live", ["hello", "spectate", "hello"], 1, "Connecting"]  # 15 s+: one probe
    assert got[3] == [30, "dot live", ["hello", "spectate", "hello", "hello"], 1, "Connecting"]
    assert got[4] == [40, "dot connecting", ["hello", "spectate", "hello", "hello"], 1, "Connection lost"]
    assert got[5] == ["again", 2, "ws://127.0.0.1:18703/t/6WMHZ"]
    assert got[6] == ["answered", ["hello", "spectate"], "dot live"]
