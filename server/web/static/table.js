/* The table page's live view (issue 13.3): a spectator connection, read only.
 *
 * Speaks the documented protocol (docs/protocol.md): hello, spectate, then folds the
 * snapshot and every update (a move or a patch) into the view, exactly as a client must.
 * A spectator is sent only what every seat may see (D8), so this page never holds a hidden
 * tile: the hands appear when a hand is revealed (the ledger's finished hand).
 * No framework, no inline code (the page's CSP forbids it); msgpack by the vendored
 * @msgpack/msgpack (static/vendor/). Text comes translated from the page (#words).
 */
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root || typeof MessagePack === "undefined") { return; }
  var CODE = root.getAttribute("data-code");
  var PROTOCOL_VERSION = parseInt(root.getAttribute("data-protocol"), 10);  // the serving server's own
  var W = JSON.parse(document.getElementById("words").textContent);
  var SVG = "http://www.w3.org/2000/svg";
  var LIMITS = { maxStrLength: 4096, maxBinLength: 0, maxArrayLength: 1024, maxMapLength: 64, maxExtLength: 0 };
  var MAX_FRAME = 1 << 20;  // docs/protocol.md: server frames up to 1 MiB
  var view = null, table = null, seq = -1, ws = null, wait = 500, stopped = false, timer = null;
  var hold = 0;  // ms the server asked us to wait before the next attempt (0: the usual backoff)
  // The page's own liveness (s13 netplayer F9: a half-open link showed a stale table as live for minutes;
  // a browser's websocket gives the page no ping, and a spectator sends nothing after "spectate"). A page
  // that heard nothing for PROBE_MS asks (a second hello is answered with a welcome and changes nothing,
  // docs/protocol.md); nothing heard for SILENT_MS: the link is dead, "connection lost", connect again.
  var PROBE_MS = 15000, SILENT_MS = 35000, BEAT_MS = 5000;
  var heard = 0, attached = false;
  // s13 spectator F2: at a table the computers pace, the next hand's first play came 1.6-4.5 s after a hand's
  // end and took the four hands and the result away for good. The latest hand end that came while watching
  // stays HOLD_MS at least, and until the next hand's first play in any case; earlier ones are listed (#hands).
  var HOLD_MS = 8000, endAt = 0, endCount = -1, holdTimer = null;
  // s13 spectator F5: an undo, redo or restart (update.cause) took tiles off the line without a word: said
  // after the status for SAID_MS, as the window says it
  var SAID_MS = 8000, rewound = null;
  // phone s17 F2 (High): when the next match started at once (a player alone with computers, "New match"), its
  // first patch emptied `finished` and the scores 0.26 s after the match's end: winner, final score, last hand and
  // hand list gone. The match that ended while watching (its MatchRecord, `past_add`) stays shown as a hand's end
  // does: HOLD_MS at least and until the new match's first play; then it is listed under "Earlier matches" (F8)
  var matchEndAt = 0, pastKnown = -1, matchTimer = null;
  // phone s17 F7: what the live region says: "all" every play, "ends" only hands' and matches' ends, undos and
  // the connection (the reader's choice, kept in localStorage)
  var SAY_KEY = "doublenine.say", sayMode = "all", saidEnd = "", saidDoing = "";
  var live = false, stoppedText = "";

  function fill(text, args) {
    return String(text).replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(args, key) ? String(args[key]) : all;
    });
  }
  function $(id) { return document.getElementById(id); }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }  // names are text, never markup
    return node;
  }

  // ------------------------------------------------------------------ tiles
  var PIPS = {  // pip positions on a 3x3 grid (0..8, row by row), for 0..9 pips
    0: [], 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8],
    6: [0, 2, 3, 5, 6, 8], 7: [0, 2, 3, 4, 5, 6, 8], 8: [0, 1, 2, 3, 5, 6, 7, 8], 9: [0, 1, 2, 3, 4, 5, 6, 7, 8]
  };
  function svg(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }
  function half(group, pips, x0) {
    (PIPS[pips] || []).forEach(function (p) {
      group.appendChild(svg("circle", { cx: x0 + 10 + (p % 3) * 10, cy: 10 + Math.floor(p / 3) * 10, r: 3.3, "class": "pip" }));
    });
  }
  /* A tile drawn a, b from left to right (or top to bottom when upright). */
  function tile(a, b, upright, extra) {
    var box = svg("svg", { viewBox: upright ? "0 0 40 80" : "0 0 80 40", "class": "tile" + (upright ? " upright" : "") + (extra ? " " + extra : ""),
      role: "img", "aria-label": a + "-" + b });
    var g = svg("g", upright ? { transform: "rotate(90 20 20)" } : {});
    g.appendChild(svg("rect", { x: 1, y: 1, width: 78, height: 38, rx: 6, "class": "face" }));
    g.appendChild(svg("line", { x1: 40, y1: 6, x2: 40, y2: 34, "class": "bar" }));
    half(g, a, 0); half(g, b, 40);
    box.appendChild(g);
    return box;
  }
  function back() {
    // phone s17 F6: decoration (the count is said in words above it), never an unlabelled "image" stop
    var box = svg("svg", { viewBox: "0 0 20 40", "class": "back", "aria-hidden": "true", focusable: "false" });
    box.appendChild(svg("rect", { x: 1, y: 1, width: 18, height: 38, rx: 4 }));
    return box;
  }

  // ------------------------------------------------------------------ folding (docs/protocol.md)
  function nextSeat(s) { return s % 4 + 1; }
  function foldMove(d) {
    view.moves = (view.moves || []).concat([d]);
    view.turn = nextSeat(d.seat);
    if (d.kind !== "play") { return; }
    var t = d.tile, lo = Math.min(t[0], t[1]), hi = Math.max(t[0], t[1]), ends = view.ends, placed;
    if (!ends) {
      placed = d.end === "left" ? [lo, hi] : [hi, lo];
      ends = placed.slice();
    } else if (d.end === "left") {
      var otherL = t[0] === ends[0] ? t[1] : t[0];
      placed = [otherL, ends[0]]; ends = [otherL, ends[1]];
    } else {
      var otherR = t[0] === ends[1] ? t[1] : t[0];
      placed = [ends[1], otherR]; ends = [ends[0], otherR];
    }
    view.line = (view.line || []).concat([{ tile: t, seat: d.seat, end: d.end, left: placed[0], right: placed[1] }]);
    view.ends = ends;
    view.counts = view.counts.slice(); view.counts[d.seat - 1] -= 1;
  }
  function foldPatch(p) {
    Object.keys(p).forEach(function (k) {
      if (k === "clear" || k === "hand" || k === "answered") { return; }
      if (k.slice(-4) === "_add") { var base = k.slice(0, -4); view[base] = (view[base] || []).concat(p[k]); }
      else { view[k] = p[k]; }
    });
    (p.clear || []).forEach(function (k) { view[k] = null; });
  }

  // ------------------------------------------------------------------ drawing
  // An unnamed seat's default name ("East") in the page's language, as the window shows it (words.py)
  function seatName(s) {
    if (!table) { return String(s); }
    var name = table.seats[s - 1].name;
    return name === W["default_" + s] ? W["seat_" + s] : name;
  }
  // Session 16: who played seat s at the end of hand (match, hand), as the window's hand end names them
  // (client/playedby.py): SeatW.played_by's stretch then ("" the computer; the last person's name: the seat's
  // name now), else from sat_after (a server before it); the late arrival was named for the computer's hand
  function handName(s, match, hand) {
    var seat = table ? table.seats[s - 1] : null, stretches = (seat && seat.played_by) || [], who = null;
    if (stretches.length) {
      var last = stretches[stretches.length - 1].name;
      who = stretches[0].name;
      stretches.forEach(function (st) {
        var at = st.since;
        if (at[0] < match || (at[0] === match && (at[1] < hand || (at[1] === hand && at[2] < 1e9)))) { who = st.name; }
      });
      if (who !== "" && who === last) { who = null; }
    } else if (seat && seat.sat_after) {
      var sa = seat.sat_after;
      who = match < sa[0] || (match === sa[0] && hand <= sa[1]) ? "" : null;
    }
    if (who === null) { return seatName(s); }
    return who === "" ? fill(W.stood_in, { name: seatName(s) }) : who;
  }
  // A free seat's default name is nobody's: the lists say "free seat" (pages.py _shown_name)
  // the team line (pages.py member_name): a free seat says so; one the computer plays under its default name is
  // named as its card and the window's name it, "computer, free seat", never "West" as if a person (session 17)
  function memberName(s) {
    var seat = table ? table.seats[s - 1] : null, kind = seat ? seatKind(seat) : "";
    if (kind === "free") { return W.free; }
    return kind === "open" && seat.name === W["default_" + s] ? W.open : seatName(s);
  }
  function laidOut(line) {  // play order -> left to right (docs/protocol.md FinishedHand)
    var out = [];
    (line || []).forEach(function (p, i) { if (i > 0 && p.end === "left") { out.unshift(p); } else { out.push(p); } });
    return out;
  }
  // s13 spectator F3: the line wraps into rows, so its two open ends and its last play are marked as the
  // window marks them (its end badges, its arrow on the latest tile); ``live``: the line in play, not a hand's end
  function drawLine(line, live) {
    var box = $("line"); clear(box);
    if (!line || !line.length) { box.appendChild(el("p", "empty", W.no_line)); return; }
    var laid = laidOut(line), last = line[line.length - 1];
    if (live) { box.appendChild(endBadge("left", laid[0].left)); }
    laid.forEach(function (p, i) {
      var cls = (live && p === last ? "last" : "") + (live && (i === 0 || i === laid.length - 1) ? " end" : "");
      box.appendChild(tile(p.left, p.right, p.left === p.right, cls.trim()));
    });
    if (live) { box.appendChild(endBadge("right", laid[laid.length - 1].right)); }
  }
  function endBadge(side, n) {  // phone s15 F7: read "left end 5", not a bare "5"
    var badge = el("span", "open-end " + side);
    badge.appendChild(el("span", "sr-only", W[side + "_end"] + " "));
    badge.appendChild(document.createTextNode(String(n)));
    return badge;
  }
  // phone s15 F7: what the live region says of a move: "Dmitri played 5-3 on the right · open ends 1 and 3"
  function moveText(d) {
    var name = seatName(d.seat);
    if (d.kind !== "play" || !view.line || !view.line.length) { return fill(W.passed_said, { name: name }); }
    var p = view.line[view.line.length - 1], key = view.line.length === 1 ? "played_first"
      : d.end === "left" ? "played_left" : "played_right";
    return fill(W[key], { name: name, tile: p.left + "-" + p.right }) + ", "
      + fill(W.ends_said, { a: view.ends[0], b: view.ends[1] });
  }
  // phone s17 F1: the domino that ends a hand comes in the hand end's patch, never as a move: said with the result
  function lastPlayText(h) {
    if (h.result !== "domino" || !h.line || !h.line.length) { return ""; }
    var p = h.line[h.line.length - 1], key = h.line.length === 1 ? "played_first"
      : p.end === "left" ? "played_left" : "played_right";
    return fill(W[key], { name: handName(p.seat, h.match, h.number), tile: p.left + "-" + p.right });
  }
  // phone s17 F7: spoken text has no "·" (read "middle dot"): the parts are sentences
  function tell(text) { var said = $("said"); if (said && text) { said.textContent = String(text).split(" · ").join(". "); } }
  function passedSince() {  // R21: the seats whose move since the line's last play was a pass (layout.passed_seats)
    var out = {}, moves = (view && view.moves) || [];
    for (var i = moves.length - 1; i >= 0 && moves[i].kind !== "play"; i--) { out[moves[i].seat] = true; }
    return out;
  }
  function passedText() {  // what a seat that passed lacked: the open ends, which are the ends now (render.py)
    var e = view.ends || [];
    return e[0] === e[1] ? fill(W.passed_1, { a: e[0] }) : fill(W.passed_2, { a: e[0], b: e[1] });
  }
  // A seat's state, read as shared/seatstate.py seat_state reads it (one word everywhere: W[state])
  function seatKind(s) {
    if (s.kind === "computer" || s.program) { return "computer"; }
    if (!s.claimed) { return s.computer_plays ? "open" : "free"; }
    if (s.waits) { return "next_deal"; }
    if (s.computer_plays) { return "stand_in"; }
    return s.connected ? "player" : "away";
  }
  function noteEnds(fresh) {  // when the match's latest hand end came (0: it was there when the page came)
    var n = view && view.finished ? view.finished.length : 0;
    if (n === endCount) { return; }
    endAt = fresh && n > endCount ? Date.now() : 0;
    endCount = n;
    clearTimeout(holdTimer);
    if (endAt) { holdTimer = setTimeout(render, HOLD_MS + 50); }
  }
  function notePast(fresh) {  // when the latest earlier match came (a `past_add` while watching: F2)
    var n = view && view.past ? view.past.length : 0;
    if (fresh && pastKnown >= 0 && n > pastKnown) {
      matchEndAt = Date.now();
      clearTimeout(matchTimer); matchTimer = setTimeout(render, HOLD_MS + 50);
    }
    pastKnown = n;
  }
  // phone s17 F2: the match just ended (its MatchRecord), while it stays shown: HOLD_MS at least after it came, and
  // until the next match's first play in any case (as a hand's end, revealed()); null otherwise
  function endedMatch() {
    var past = view && view.past, last = past && past.length ? past[past.length - 1] : null;
    if (!last || view.phase === "match_over" || last.number !== view.match - 1) { return null; }
    var started = (view.line && view.line.length) || (view.finished && view.finished.length);
    return started && !(matchEndAt && Date.now() - matchEndAt < HOLD_MS) ? null : last;
  }
  function revealed() {  // the last finished hand: until the next hand's first play, and HOLD_MS at least
    var ended = endedMatch();
    if (ended) { return ended.finished && ended.finished.length ? ended.finished[ended.finished.length - 1] : null; }
    if (!view || !view.finished || !view.finished.length) { return null; }
    var held = endAt && Date.now() - endAt < HOLD_MS;
    if (!held && view.line && view.line.length) { return null; }
    return view.finished[view.finished.length - 1];
  }
  function handLine(h) { return resultText(h) + " · " + fill(W.score, { a: h.scores_after[0], b: h.scores_after[1] }); }
  function drawHands(match) {  // the match's finished hands, the latest first (the ledger's public part, R21)
    var list = $("hands"), hands = (match && match.finished) || [];
    if (!list) { return; }
    clear(list);
    list.parentNode.hidden = !hands.length;
    hands.slice().reverse().forEach(function (h) { list.appendChild(el("li", "", handLine(h))); });
  }
  // phone s17 F8: the table's earlier matches (view.past: a snapshot's last 2, then each new one), the newest first,
  // each with its hands one tap away; drawn again only when one is added (an open one stays open)
  var pastDrawn = -1;
  function pastText(m) {
    var s = m.scores || [0, 0];
    if (!m.winner) { return fill(W.match_no, { number: m.number }) + " · " + W.not_finished + " · " + fill(W.score, { a: s[0], b: s[1] }); }
    var won = m.winner === "A" ? 0 : 1;
    return fill(W.past_won, { number: m.number, team: m.winner, won: s[won], lost: s[1 - won] });
  }
  function drawPast() {
    var list = $("past"), past = (view && view.past) || [];
    if (!list || past.length === pastDrawn) { return; }
    pastDrawn = past.length;
    clear(list);
    list.parentNode.hidden = !past.length;
    past.slice().reverse().forEach(function (m) {
      var item = el("li"), box = el("details"), hands = el("ul", "hands-list");
      box.appendChild(el("summary", "", pastText(m)));
      (m.finished || []).slice().reverse().forEach(function (h) { hands.appendChild(el("li", "", handLine(h))); });
      box.appendChild(hands); item.appendChild(box); list.appendChild(item);
    });
  }
  function drawSeats(shown) {
    [1, 2, 3, 4].forEach(function (n) {
      var card = $("seat-" + n); if (!card) { return; }
      var s = table ? table.seats[n - 1] : null, kind = s ? seatKind(s) : "free";
      // phone s15 F14: while the last hand's tiles show, no seat glows "to play" for the next hand
      // phone s17 F10: no turn shown on a board that is not live; F12: a seat whose open rules or ledger the table
      // waits for (table.holding) is shown as the one to play, as the window shows it
      var holding = !!(table && table.holding && table.holding.indexOf(n) >= 0) && view && view.phase !== "match_over";
      var turn = live && (holding || (!shown && view && view.phase === "play" && view.turn === n && !paused()));
      card.className = "seat seat-" + n + " team-" + (n % 2 ? "A" : "B") + " " + kind + (turn ? " turn" : "");
      if (s) { card.querySelector(".name").textContent = seatName(n); }
      var passed = !shown && view && view.phase === "play" && passedSince()[n];
      card.classList.toggle("passed", !!passed);
      card.querySelector(".kind").textContent = W[kind] + (turn ? " · " + W.turn : "")
        + (passed ? " · " + passedText() : "");
      var count = view ? view.counts[n - 1] : 0, hand = card.querySelector(".hand");
      clear(hand);
      if (shown) {
        var left = shown.left[n - 1].map(function (t) { return t[0] + "-" + t[1]; });
        card.querySelector(".count").textContent = W["tiles_" + Math.min(shown.left[n - 1].length, 10)];
        shown.dealt[n - 1].forEach(function (t) {
          var kept = left.indexOf(t[0] + "-" + t[1]) >= 0, shape = tile(t[0], t[1], true, kept ? "held" : "played");
          // access s16 F8: held or played in words too, not only by brightness
          shape.setAttribute("aria-label", fill(kept ? W.tile_held : W.tile_played, { tile: t[0] + "-" + t[1] }));
          hand.appendChild(shape);
        });
        return;
      }
      card.querySelector(".count").textContent = view ? W["tiles_" + Math.max(0, Math.min(count, 10))] : "";
      for (var i = 0; i < count && i < 10; i++) { hand.appendChild(back()); }
    });
  }
  function matchOverText(m) {  // R20: a named result said as the window says it (s13 F7)
    var won = fill(W.match_over, { team: m.winner }), other = m.winner === "A" ? "B" : "A";
    return W["named_" + m.named] ? won + " · " + fill(W["named_" + m.named], { team: m.winner, other: other }) : won;
  }
  function statusText() {
    if (stopped && stoppedText) { return stoppedText; }  // phone s17 F5: nothing re-renders over "closed"
    if (!view || !table) { return W.connecting; }
    if (view.phase === "match_over" && view.winner) { return matchOverText(view); }
    var shown = revealed(), now = doing(), ended = endedMatch();
    if (ended && ended.winner) {  // F2: the match just won stays said, then what the new one is doing
      return matchOverText(ended) + (now && (view.phase !== "play" || paused()) ? " · " + now : "");
    }
    if (shown) {  // the last hand stays shown until the next hand's first play: say what happens meanwhile
      var over = fill(W.hand_over, { n: shown.number });
      return view.phase === "nominate" || view.phase === "review" || paused() ? over + " · " + now : over;
    }
    return now;
  }
  // phone s17 F12: the seats whose open rules or ledger the computers wait for (TableW.holding, R26/D2)
  function paused() { return !!(table && table.holding && table.holding.length && view && view.phase !== "match_over"); }
  function listed(names) {  // "Ana", "Ana and Bo", "Ana, Bo and Cy" as the window lists them (client/text.named)
    return names.length < 2 ? names.join("") : fill(W.and, { a: names.slice(0, -1).join(", "), b: names[names.length - 1] });
  }
  function doing() {  // what the table is doing now (listing.py _doing says the same for the served page)
    if (!table.started) { return W.waiting; }
    if (paused()) {
      var seats = table.holding.slice().sort();
      return fill(W["paused_" + (seats.length === 1 ? 1 : 2)], { names: listed(seats.map(seatName)) });
    }
    if (view.phase === "draw") { return W.draw; }
    if (view.phase === "nominate") { return fill(W.nominate, { name: view.entitled === "B" ? seatName(2) : seatName(1) }); }
    if (view.phase === "review") { return W.review; }
    if (view.phase === "play" && view.turn) {  // D7: the seat to play is away: waiting for them, not "to play" (s13)
      var away = table.seats[view.turn - 1] && seatKind(table.seats[view.turn - 1]) === "away";
      return fill(away ? W.disconnected : W.to_play, { name: seatName(view.turn) });
    }
    return "";
  }
  function resultText(h) {
    var head = fill(W.hand_over, { n: h.number }), how;
    if (h.result === "domino") { how = fill(W.domino, { name: handName(h.ender, h.match, h.number) }); }
    else if (h.result === "block") {
      var low = Math.min.apply(null, h.pip_totals), who = [];
      h.pip_totals.forEach(function (v, i) { if (v === low && ((i + 1) % 2 ? "A" : "B") === h.winner) { who.push(i + 1); } });
      // R17: partners may share the lowest total: both are named (a tie is only across teams)
      var form = Math.min(low, 2);  // the total with its unit, in its plural form (words.BLOCK_WORDS)
      how = who.length === 2 ? fill(W["block2_" + form], { a: handName(who[0], h.match, h.number),
                                                           b: handName(who[1], h.match, h.number), count: low })
        : fill(W["block_" + form], { name: handName(who[0], h.match, h.number), count: low });
    } else { return head + " · " + W.tie; }
    return head + " · " + how + " · " + fill(h.points === 1 ? W.points_1 : W.points_2, { team: h.winner, count: h.points });
  }
  function rewoundText() {
    return rewound && Date.now() < rewound[1] ? " · " + rewound[0] : "";
  }
  // s14: "Open in doublenine" of a full table watches it (the invite's watch=1, pages.py): it tried to sit there
  // and the game said "full". Kept so as seats come and go; the page served it so already (site.py invite_for)
  function openLink() {
    var a = document.querySelector("a.open"); if (!a || !table) { return; }
    var full = !table.seats.some(function (s) { var k = seatKind(s); return k === "free" || k === "open"; });
    var href = a.getAttribute("href").replace(/([?&])watch=1(&|$)/, function (m, p, q) { return q ? p : ""; });
    a.setAttribute("href", full ? href + (href.indexOf("?") >= 0 ? "&" : "?") + "watch=1" : href);
  }
  function endKey(h) { return h ? h.match + "." + h.number : ""; }
  // phone s17 F1/F7: what the live region says. A hand's end once, whole: its winning play, how it ended, the points
  // and the score (and the match's end with it); then only what changes (not "Hand N is over" again for each phase
  // of the same end); a move as what was played ("every play" only); "NAME to play" never (it comes every second)
  function announce(move) {
    if (!view || !table) { return; }
    var shown = revealed(), now = doing(), over = view.phase === "match_over" && view.winner ? view : endedMatch();
    if (shown && endKey(shown) !== saidEnd) {
      saidEnd = endKey(shown); saidDoing = now;
      var parts = [sayMode === "all" ? lastPlayText(shown) : "", resultText(shown),
                   fill(W.score, { a: shown.scores_after[0], b: shown.scores_after[1] })];
      if (over && over.winner) { parts.push(matchOverText(over)); }
      else if (sayMode === "all" && now && (view.phase !== "play" || paused())) { parts.push(now); }
      tell(parts.filter(Boolean).join(" · "));
      return;
    }
    if (move) { saidDoing = now; if (sayMode === "all") { tell(moveText(move)); } return; }
    if (now === saidDoing) { return; }
    saidDoing = now;
    var turnOnly = view.phase === "play" && !shown && !paused();  // "NAME to play", or away: said only if away
    var away = turnOnly && table.seats[view.turn - 1] && seatKind(table.seats[view.turn - 1]) === "away";
    if (sayMode === "all" && now && (!turnOnly || away)) { tell(now); }
  }
  function render(move) {
    // phone s17 F5: once the table is gone, nothing (a hold's or an undo's timer) says its last status again
    if (!stopped) { $("status").textContent = statusText() + rewoundText(); announce(move); }
    openLink();
    if (!view || !table) { return; }
    var ended = endedMatch(), match = ended || view;  // F2: the match just ended, while it is held
    $("score-A").textContent = String(match.scores[0]);
    $("score-B").textContent = String(match.scores[1]);
    var no = $("match-no");
    if (no) { no.textContent = fill(W.match_no, { number: ended ? ended.number : view.match }); }
    // phone s17 F15: each name its own bidi isolate, so two right-to-left names never read as one run
    members($("members-A"), [memberName(1), memberName(3)]);
    members($("members-B"), [memberName(2), memberName(4)]);
    var n = table.spectators || 0;
    $("spectators").textContent = n ? fill(n === 1 ? W.spectators_1 : W.spectators_2, { count: n }) : "";
    var shown = revealed();
    root.classList.toggle("revealed", !!shown);
    drawLine(shown ? shown.line : view.line, !shown);
    drawSeats(shown);
    $("result").textContent = shown ? resultText(shown) : "";
    $("reveal-note").textContent = shown ? W.revealed : "";
    drawHands(match);
    drawPast();
  }
  function members(box, names) {
    if (!box) { return; }
    clear(box);
    names.forEach(function (name, i) {
      if (i) { box.appendChild(document.createTextNode(" & ")); }
      box.appendChild(el("bdi", "", name));
    });
  }

  // ------------------------------------------------------------------ connection
  // phone s15 F12/F19: while not live the board is dimmed and says no turn nor watchers (it showed a stale turn as live)
  function setConn(state, text) {
    $("conn").className = "dot " + state;
    var was = live;
    live = state === "live";
    root.classList.toggle("offline", !live);
    if (was !== live && view && table) { drawSeats(revealed()); }  // F10: no "to play" on a stale board
    $("conn").title = text || "";
    if (text) { $("status").textContent = text; tell(text); }
  }
  function send(msg) { if (ws && ws.readyState === 1) { ws.send(MessagePack.encode(msg)); } }
  function later(ms) {
    if (stopped) { return; }
    clearTimeout(timer);
    timer = setTimeout(connect, ms);
  }
  function stop(text) {  // the table is gone: no button to open it, no watchers counted (s13 spectator, nit)
    stopped = true; stoppedText = text; setConn("stopped", text); if (ws) { ws.close(); }
    var open = document.querySelector(".open-row"); if (open) { open.hidden = true; }
    // phone s17 F5: a closed table's page (this address, loaded again) lists its finished matches: the status
    // links there, and the phone's "to play, use a computer" help (a table to join) is hidden
    var phone = document.querySelector("details.on-phone"); if (phone) { phone.hidden = true; }
    if (text === W.gone) {
      var status = $("status"), link = el("a", "", text);
      link.setAttribute("href", location.pathname);
      clear(status); status.appendChild(link);
    }
    $("spectators").textContent = "";
  }
  function onError(m) {
    var data = m.data || {};
    // SPECTATORS_FULL with data.limit "playing_per_site": a table of computers only its site may not keep playing now;
    // SPECTATORS_PER_ADDRESS: the watchers from one address (phone s15 F19: the 9th phone on a club's wifi was told
    // the table was full, though it takes 32)
    if (m.code === "SPECTATORS_FULL" || m.code === "SPECTATORS_PER_ADDRESS") {
      setConn("stopped", m.code === "SPECTATORS_PER_ADDRESS" ? W.per_address
        : data.limit === "playing_per_site" ? W.busy : W.full);
      hold = 60000; ws.close();
    }
    else if (m.code === "RATE_LIMITED" && data.limit === "resync") { return; }  // its snapshot came already
    else if (m.code === "UNKNOWN_TABLE") { stop(W.gone); }
    else if (m.code === "TABLE_MOVING" || m.code === "RATE_LIMITED" || m.code === "SHUTTING_DOWN"
             || (m.code === "INTERNAL" && data.store === "failing")) {
      hold = Math.max(200, Math.min(Number(data.retry_ms) || 1000, 10000)); ws.close();
    }
    else if (m.code === "PROTOCOL_VERSION") { stop(W.outdated); }
  }
  function onFrame(m) {
    if (!m || typeof m !== "object") { return; }
    if (m.type === "welcome") { if (!attached) { attached = true; send({ type: "spectate", code: CODE }); } }
    else if (m.type === "joined") { wait = 500; setConn("live", ""); }
    else if (m.type === "snapshot") {
      view = m.view; table = m.table; seq = m.seq; noteEnds(false); notePast(false); setConn("live", ""); render();
    }
    else if (m.type === "table") { table = m.table; render(); }
    else if (m.type === "update" && view) {
      if (m.seq !== seq && m.seq !== seq + 1) { send({ type: "resync" }); return; }  // something was lost
      seq = m.seq;
      if (m.move) { foldMove(m.move); } else if (m.patch) { foldPatch(m.patch); }
      var moved = m.move && view.phase === "play" ? m.move : null;
      noteEnds(true); notePast(true);
      if (m.cause && W["cause_" + m.cause]) {
        rewound = [fill(W["cause_" + m.cause], { hand: view.hand_number }), Date.now() + SAID_MS];
        setTimeout(render, SAID_MS + 50);
      }
      render(moved);
      // phone s17 F16: an undo, redo or restart said once, whatever is chosen: what it did, the line's open ends now
      // and whose turn it is (the ends jumped back with no word); F2/F8: a new match said with its number
      if (m.cause && (W["cause_" + m.cause] || m.cause === "new_match")) {
        var sh = revealed(), now = doing();
        saidEnd = endKey(sh); saidDoing = now;
        tell([m.cause === "new_match" ? fill(W.match_no, { number: view.match }) : rewound[0],
              view.ends ? fill(W.ends_said, { a: view.ends[0], b: view.ends[1] }) : "", now].filter(Boolean).join(" · "));
      }
    }
    else if (m.type === "left" && m.closed) { stop(W.gone); }  // closed by its creator or the operator (s16 F11)
    else if (m.type === "error") { onError(m); }
  }
  function connect() {
    if (stopped) { return; }
    setConn("connecting", view ? W.lost : W.connecting);
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + "/t/" + encodeURIComponent(CODE));
    ws.binaryType = "arraybuffer";
    attached = false; heard = Date.now();
    ws.onopen = function () { send({ type: "hello", protocol_version: PROTOCOL_VERSION, client: "doublenine-web" }); };
    ws.onmessage = function (ev) {
      heard = Date.now();
      if (!(ev.data instanceof ArrayBuffer) || ev.data.byteLength > MAX_FRAME) { return; }
      var m;
      try { m = MessagePack.decode(new Uint8Array(ev.data), LIMITS); } catch (e) { return; }
      onFrame(m);
    };
    ws.onclose = function (ev) {
      if (stopped) { return; }
      if (ev.code === 4001 || ev.code === 4010) { stop(W.gone); return; }
      if (hold) { later(hold); hold = 0; return; }  // the server said when; its message stays shown
      setConn("connecting", W.lost);
      later(wait); wait = Math.min(wait * 2, 10000);
    };
  }
  function beat() {
    if (stopped || !ws || ws.readyState > 1) { return; }  // closing or closed: onclose reconnects
    var quiet = Date.now() - heard;
    if (quiet >= SILENT_MS) {  // a dead link: its close would wait as long, so it is dropped unheard
      var dead = ws; ws = null;
      dead.onclose = null; dead.onmessage = null;
      try { dead.close(); } catch (e) { /* a socket that cannot even close */ }
      setConn("connecting", W.lost);
      later(0);
    } else if (quiet >= PROBE_MS && ws.readyState === 1) {
      send({ type: "hello", protocol_version: PROTOCOL_VERSION, client: "doublenine-web" });
    }
  }
  // phone s17 F7: "every play" or "only the ends of hands", the choice kept in this browser (localStorage)
  function chooseSaying() {
    var box = $("say-mode");
    try { sayMode = window.localStorage.getItem(SAY_KEY) === "ends" ? "ends" : "all"; } catch (e) { sayMode = "all"; }
    if (!box || !box.parentNode || !box.addEventListener) { return; }
    box.value = sayMode;
    box.parentNode.hidden = false;
    box.addEventListener("change", function () {
      sayMode = box.value === "ends" ? "ends" : "all";
      try { window.localStorage.setItem(SAY_KEY, sayMode); } catch (e) { /* private mode: for this page only */ }
    });
  }
  chooseSaying();
  setInterval(beat, BEAT_MS);
  connect();
}());
