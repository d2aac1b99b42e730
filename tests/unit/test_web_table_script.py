"""The table page's script (server/web/static/table.js) run under node with a fake DOM, socket and clock: the page's
own code, unchanged, fed the frames a spectator gets (docs/protocol.md), read back as a person and a screen reader
would (the status line, the live region ``#said``, the score, the lists).

Phone s17 (a phone user and a blind screen-reader user following tables through the web pages):
- F2 (High), kind: a finished thing taken off the page by the next one's first frame. The match's end (winner, final
  score, last hand, hand list) vanished 0.26 s after it came when the next match started at once: it stays as a
  hand's end does (8 s at least, and until the new match's first play), then "Match 1: Team B won 130 to 21" stays
  under "Earlier matches" (F8: ``view.past`` was never read; the match's number is shown).
- F1/F7/F16, kind: what the page shows but never says. A hand's end is said once, whole (its winning play, how it
  ended, the points, the score, and the match's end with it), never "Hand N is over" again for each phase; no "·"
  in speech; undo/redo/restart and a new match are said; "Only the end of each hand" says no play (localStorage).
- F12, kind: a state of the table the page did not read (``table.holding``): "Paused while Ana reads the rules or
  the ledger", her card "to play", as the window says it.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from doublenine.server.web import words as w

TABLE_JS = Path(__file__).resolve().parents[2] / "server" / "web" / "static" / "table.js"

DOM = r"""
// A small fake DOM for running server/web/static/table.js under node (the page's own code, unchanged)
const fs = require("fs");
let now = 1000000;
Date.now = () => now;
class Node {
  constructor(tag, id) { this.tagName = tag; this.id = id || ""; this.children = []; this.parentNode = null; this.attrs = {};
    this._text = ""; this.className = ""; this.hidden = false; this.value = ""; this.listeners = {};
    const self = this;
    this.classList = { toggle(c, on) { const s = new Set(self.className.split(" ").filter(Boolean));
      if (on === undefined ? !s.has(c) : on) s.add(c); else s.delete(c); self.className = [...s].join(" "); },
      add(c) { this.toggle(c, true); }, remove(c) { this.toggle(c, false); },
      contains(c) { return self.className.split(" ").includes(c); } }; }
  get firstChild() { return this.children[0] || null; }
  appendChild(c) { c.parentNode = this; this.children.push(c); return c; }
  removeChild(c) { this.children.splice(this.children.indexOf(c), 1); c.parentNode = null; return c; }
  get textContent() { return this.tagName === "#text" ? this._text : this.children.map((c) => c.textContent).join(""); }
  set textContent(t) {  // as a DOM does: one text node in place of every child
    if (this.tagName === "#text") { this._text = String(t); return; }
    this.children = []; if (String(t) !== "") { const n = new Node("#text"); n._text = String(t); this.appendChild(n); } }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return k in this.attrs ? this.attrs[k] : null; }
  addEventListener(k, f) { this.listeners[k] = f; }
  querySelector(sel) { const cls = sel.replace(/^\./, ""); const walk = (n) => { for (const c of n.children) {
      if (c.className.split(" ").includes(cls) || c.tagName === sel) return c; const f = walk(c); if (f) return f; } return null; };
    return walk(this); }
}
const ids = {};
function mk(tag, id, parent) { const n = new Node(tag, id); if (id) ids[id] = n; if (parent) parent.appendChild(n); return n; }
const main = mk("main", "table"); main.attrs["data-code"] = "N6B37"; main.attrs["data-protocol"] = "2";
for (const id of ["conn", "status", "spectators", "said", "score-A", "score-B", "members-A", "members-B", "match-no",
                  "line", "result", "reveal-note"]) mk("p", id, main);
const say = mk("p", "", main); say.hidden = true; mk("select", "say-mode", say);
const hs = mk("section", "", main); hs.hidden = true; mk("ul", "hands", hs);
const ps = mk("section", "", main); ps.hidden = true; mk("ul", "past", ps);
for (const n of [1, 2, 3, 4]) { const card = mk("section", "seat-" + n, main);
  for (const c of ["name", "kind", "count", "hand"]) { const x = mk("p", "", card); x.className = c; } }
const words = mk("script", "words");
words.textContent = fs.readFileSync(process.argv[3], "utf8");
global.document = { getElementById: (id) => ids[id] || null, createElement: (t) => new Node(t),
  createElementNS: (ns, t) => new Node(t), createTextNode: (t) => { const n = new Node("#text"); n._text = String(t); return n; },
  querySelector: () => null };
const store = {};
global.window = { localStorage: { getItem: (k) => (k in store ? store[k] : null), setItem: (k, v) => { store[k] = String(v); } } };
if (process.argv[4]) store["doublenine.say"] = process.argv[4];
global.location = { protocol: "http:", host: "127.0.0.1:21900", pathname: "/t/N6B37" };
global.MessagePack = { encode: (m) => m, decode: (b) => b.buffer.msg };
const sockets = [];
global.WebSocket = class { constructor(url) { this.url = url; this.sent = []; this.readyState = 0; sockets.push(this); }
  send(m) { this.sent.push(m); } close() { this.closed = true; } };
global.setInterval = () => 0;
let timers = [];
global.setTimeout = (fn, ms) => { timers.push([now + ms, fn]); return timers.length; };
global.clearTimeout = () => {};
eval(fs.readFileSync(process.argv[2], "utf8"));
const ws = sockets[0];
ws.readyState = 1; ws.onopen();
function frame(msg) { const d = new ArrayBuffer(8); d.msg = msg; ws.onmessage({ data: d }); }
frame({ type: "welcome" }); frame({ type: "joined" });
function wait(ms) { now += ms; const due = timers.filter((t) => t[0] <= now); timers = timers.filter((t) => t[0] > now);
  due.forEach((t) => t[1]()); }
function text(id) { return ids[id].textContent; }
function items(id) { return ids[id].children.map((c) => c.textContent); }
function page() { return { status: text("status"), said: text("said"), a: text("score-A"), b: text("score-B"),
  match: text("match-no"), result: text("result"), hands: ids.hands.parentNode.hidden ? null : items("hands"),
  past: ids.past.parentNode.hidden ? null : items("past"), kinds: [1, 2, 3, 4].map((n) => ids["seat-" + n].querySelector(".kind").textContent) }; }
"""

TABLE = r"""
const SEATS = [{ seat: 1, name: "Ana", kind: "human", claimed: true, connected: true },
  { seat: 2, name: "East", kind: "computer" }, { seat: 3, name: "North", kind: "computer" }, { seat: 4, name: "West", kind: "computer" }];
const TABLE = { code: "N6B37", seats: SEATS, started: true, holding: [], paused: false, spectators: 0 };
function hand(n, match, scores, last) {
  return { number: n, match: match, result: "domino", ender: 2, winner: "B", points: 30, pip_totals: [10, 0, 20, 5],
    dealt: [[[0, 1]], [[4, 0]], [[2, 2]], [[3, 3]]], left: [[[0, 1]], [], [[2, 2]], [[3, 3]]],
    line: [{ tile: [4, 4], seat: 1, end: "left", left: 4, right: 4 }, { tile: [4, 0], seat: 2, end: "left", left: 0, right: 4 }],
    scores_after: scores, entitled: "B", opener: 2 };
}
"""

MATCH_END = r"""
const out = [];
frame({ type: "snapshot", seq: 5, table: TABLE, view: { phase: "play", match: 1, hand_number: 3, scores: [21, 100], turn: 2,
  counts: [1, 1, 2, 2], line: [{ tile: [4, 4], seat: 1, end: "left", left: 4, right: 4 }], ends: [4, 4], moves: [],
  finished: [hand(1, 1, [21, 0]), hand(2, 1, [21, 100])], past: [], winner: null, named: null } });
out.push(page());
wait(100);
frame({ type: "update", seq: 6, patch: { phase: "match_over", finished_add: [hand(3, 1, [21, 130])], scores: [21, 130],
  winner: "B", line: [], moves: [], counts: [0, 0, 0, 0], clear: ["turn", "ends"] } });
out.push(page());
wait(260);  // the player alone with computers asks for the next match at once
const record = { number: 1, scores: [21, 130], winner: "B", named: null, finished: [hand(1, 1, [21, 0]), hand(2, 1, [21, 100]), hand(3, 1, [21, 130])] };
frame({ type: "update", seq: 7, cause: "new_match", patch: { phase: "draw", match: 2, hand_number: 0, scores: [0, 0], finished: [],
  past_add: [record], counts: [0, 0, 0, 0], clear: ["winner", "entitled"] } });
out.push(page());
wait(9000);
out.push(page());  // the new match has no play yet: the match's end still shown
frame({ type: "update", seq: 8, patch: { phase: "play", hand_number: 1, turn: 1, counts: [10, 10, 10, 10], entitled: "A", opener: 1 } });
frame({ type: "update", seq: 9, move: { kind: "play", seat: 1, tile: [5, 5], end: "left" } });
out.push(page());
console.log(JSON.stringify(out));
"""

HAND_END = r"""
const H2 = { number: 2, match: 1, result: "block", ender: null, winner: "A", points: 55, pip_totals: [20, 30, 13, 40],
  dealt: [[], [], [], []], left: [[], [], [], []], line: [{ tile: [9, 9], seat: 1, end: "left", left: 9, right: 9 }],
  scores_after: [55, 0], entitled: "A", opener: 1 };
const out = [];
frame({ type: "snapshot", seq: 5, table: TABLE, view: { phase: "play", match: 1, hand_number: 2, scores: [0, 0], turn: 4,
  counts: [3, 3, 3, 3], line: [{ tile: [9, 9], seat: 1, end: "left", left: 9, right: 9 }], ends: [9, 9],
  moves: [{ kind: "play", seat: 1, tile: [9, 9], end: "left" }, { kind: "pass", seat: 2 }, { kind: "pass", seat: 3 }],
  finished: [], past: [], winner: null, named: null } });
frame({ type: "update", seq: 6, move: { kind: "pass", seat: 4 } });
out.push(page().said);
frame({ type: "update", seq: 7, patch: { phase: "nominate", finished_add: [H2], scores: [55, 0], line: [], moves: [],
  counts: [0, 0, 0, 0], entitled: "A", clear: ["turn", "ends"] } });
out.push(page().said);
frame({ type: "update", seq: 8, patch: { phase: "review", opener: 3, counts: [10, 10, 10, 10] } });
out.push([page().status, page().said]);
frame({ type: "update", seq: 9, patch: { phase: "play", turn: 3 } });
out.push([page().status, page().said]);
frame({ type: "update", seq: 10, move: { kind: "play", seat: 3, tile: [6, 1], end: "left" } });
frame({ type: "update", seq: 11, move: { kind: "play", seat: 4, tile: [6, 6], end: "left" } });
out.push([page().status, page().said]);
frame({ type: "update", seq: 12, cause: "undo", patch: { turn: 4, line: [{ tile: [6, 1], seat: 3, end: "left", left: 6, right: 1 }],
  ends: [6, 1], moves: [{ kind: "play", seat: 3, tile: [6, 1], end: "left" }], counts: [10, 10, 9, 10] } });
out.push([page().status, page().said]);
// F12: Ana opens the rules while North (a computer) is to play
frame({ type: "update", seq: 13, move: { kind: "play", seat: 4, tile: [6, 6], end: "left" } });
frame({ type: "table", table: Object.assign({}, TABLE, { paused: true, holding: [1] }) });
out.push([page().status, page().said, page().kinds]);
console.log(JSON.stringify(out));
"""


def run(tmp_path: Path, scenario: str, mode: str = "") -> list:  # type: ignore[type-arg]
    script = tmp_path / "page.js"
    script.write_text(DOM + TABLE + scenario)
    words = tmp_path / "words.json"
    words.write_text(json.dumps(w.script_words(w.words("en"))))
    got = subprocess.run(["node", str(script), str(TABLE_JS), str(words)] + ([mode] if mode else []),
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(got.stdout)


HAND_3 = "Hand 3 is over · Domino! East played their last tile · Team B scores 30 points"
HANDS = [HAND_3 + " · Score: Team A 21, Team B 130",
         "Hand 2 is over · Domino! East played their last tile · Team B scores 30 points · Score: Team A 21, Team B 100",
         "Hand 1 is over · Domino! East played their last tile · Team B scores 30 points · Score: Team A 21, Team B 0"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's script")
def test_phone_s17_f2_a_matchs_end_stays_readable_when_the_next_match_starts_at_once(tmp_path: Path) -> None:
    before, over, next_match, later, played = run(tmp_path, MATCH_END)
    assert (before["status"], before["a"], before["b"], before["match"]) == ("East to play", "21", "100", "Match 1")
    # F1: the winning domino (it comes in the hand end's patch) and the final score are said, once, whole
    assert over["said"] == ("East played 0-4 on the left. " + HAND_3.replace(" · ", ". ")
                            + ". Score: Team A 21, Team B 130. Team B wins the match!")
    assert (over["status"], over["a"], over["b"], over["result"], over["hands"]) == (
        "Team B wins the match!", "21", "130", HAND_3, HANDS)
    # 0.26 s later the next match's first patch (phase draw, scores 0-0, finished [], past_add): the end stays
    assert (next_match["status"], next_match["a"], next_match["b"], next_match["match"]) == (
        "Team B wins the match! · Opening draw", "21", "130", "Match 1")
    assert (next_match["result"], next_match["hands"]) == (HAND_3, HANDS)
    assert next_match["said"] == "Match 2. Opening draw"
    assert next_match["past"] == ["Match 1: Team B won 130 to 21" + "".join(HANDS)]  # F8: listed, its hands inside
    assert later == next_match  # 9 s on, the new match not yet played: still its end
    # the new match's first play: the new match is shown, the ended one listed above it
    assert (played["status"], played["a"], played["b"], played["match"], played["result"], played["hands"]) == (
        "East to play", "0", "0", "Match 2", "", None)
    assert played["said"] == "Ana played 5-5, open ends 5 and 5"
    assert played["past"] == next_match["past"]


RESULT_2 = ("Hand 2 is over. Blocked, nobody could play: North holds the lowest total, 13 pips. Team A scores 55 points. "
            "Score: Team A 55, Team B 0")


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's script")
def test_phone_s17_f1_f16_f12_a_hands_end_is_said_once_whole_undos_and_a_pause_are_said(tmp_path: Path) -> None:
    passed, ended, review, play, moved, undone, paused = run(tmp_path, HAND_END)
    assert passed == "West passed"
    assert ended == RESULT_2 + ". Ana chooses who leads"  # F1: who won, how, the points, the score
    assert review == ["Hand 2 is over · The players are looking at their new hands",
                      "The players are looking at their new hands"]  # F1: not "Hand 2 is over" a second time
    assert play == ["Hand 2 is over", "North to play"]
    assert undone == ["Hand 2 is over · Undone: back to hand 2", "Undone: back to hand 2. open ends 6 and 1. West to play"]
    assert paused == ["Hand 2 is over · Paused while Ana reads the rules or the ledger · Undone: back to hand 2",
                      "Paused while Ana reads the rules or the ledger", ["player · to play", "computer", "computer", "computer"]]


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's script")
def test_phone_s17_f7_only_the_ends_of_hands_says_no_play(tmp_path: Path) -> None:
    passed, ended, review, play, moved, undone, paused = run(tmp_path, HAND_END, "ends")
    assert passed == "Connecting…"  # West's pass not said
    assert ended == review[1] == play[1] == moved[1] == RESULT_2  # nothing else said until the undo
    assert undone[1] == "Undone: back to hand 2. open ends 6 and 1. West to play"  # said whatever is chosen


CLOSED = r"""
const out = [];
frame({ type: "snapshot", seq: 5, table: TABLE, view: { phase: "play", match: 1, hand_number: 1, scores: [0, 0], turn: 2,
  counts: [1, 1, 2, 2], line: [{ tile: [4, 4], seat: 1, end: "left", left: 4, right: 4 }], ends: [4, 4], moves: [],
  finished: [], past: [], winner: null, named: null } });
frame({ type: "update", seq: 6, patch: { phase: "nominate", finished_add: [hand(1, 1, [0, 30])], scores: [0, 30], line: [],
  moves: [], counts: [0, 0, 0, 0], entitled: "B", clear: ["turn", "ends"] } });
frame({ type: "left", code: "N6B37", closed: "operator" });
wait(9000);  // the hand end's hold timer renders again
const link = ids.status.children[0];
out.push([page().status, link ? link.tagName + " " + link.getAttribute("href") : null]);
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's script")
def test_phone_s17_f5_a_closed_table_stays_said_closed_and_links_to_its_page(tmp_path: Path) -> None:
    """F5, kind: a final state overwritten by a timer set before it. The page said "This table is closed." and
    6 s later its hand end's hold timer put "Team A wins the match!" back beside the red dot."""
    assert run(tmp_path, CLOSED) == [["This table is closed.", "a /t/N6B37"]]
