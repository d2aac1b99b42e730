/* doublenine: the list of tables on "/" keeps itself current (club s14 F6: a projector showed a snapshot
   all evening unless someone reloaded it). Every data-refresh seconds the page reads itself again and puts
   the new list in place. No text is built here: the server's page is shown.
   Phone s15:
   - F6: the list is changed in place, node by node, rows matched by their table (data-code): what did not
     change stays the same element, so a focused row keeps the keyboard's and the screen reader's place (the
     whole <main> was replaced every 10 s, focus thrown back to the top); nothing is read while the tab is hidden,
     and the page is read again as soon as it shows.
   - F6/F15: each read asks with If-None-Match: the server answers 304 (no body) when nothing changed, and answers
     these reads from its shared copy without counting them against the address's page budget (delivery.py).
   - F15: a read refused for a while (429, 503) says so with its Retry-After and waits that long; only a read
     that did not reach the server says "Connection lost: reconnecting...". */
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board || !window.fetch || !window.DOMParser) { return; }
  var every = Math.max(2, parseInt(board.getAttribute("data-refresh"), 10) || 10) * 1000;
  var words = {};
  try { words = JSON.parse(document.getElementById("board-words").textContent); } catch (e) { words = {}; }
  var etag = "\"0\"", timer = null, busy = false;
  function say(text) {
    var live = document.getElementById("board-live");
    if (live && live.textContent !== text) { live.textContent = text; }
  }
  // A row of the list or of the finished matches: its table (and match). Phone s17 F13: any other element with an
  // id or a class is keyed by them too (the page's sections: "head", "tables", "pages", "create", "on-phone"...):
  // paired by position, a list that became one "empty" line shifted every later section one place, so the old
  // phone block survived beside the fresh one and "Start a table" or the install help was lost until a reload
  function keyOf(node) {
    if (node.nodeType !== 1) { return null; }
    if (node.getAttribute("data-code")) {
      return node.nodeName + " " + node.getAttribute("data-code") + " " + (node.getAttribute("data-match") || "");
    }
    var cls = (node.getAttribute("class") || "").split(" ")[0];
    return node.id || cls ? node.nodeName + "#" + node.id + "." + cls : null;
  }
  function morphChildren(old, fresh) {
    var keyed = {}, at = old.firstChild;
    Array.prototype.forEach.call(old.childNodes, function (c) {  // several of one key: paired in their order
      var k = keyOf(c); if (k) { (keyed[k] = keyed[k] || []).push(c); }
    });
    Array.prototype.slice.call(fresh.childNodes).forEach(function (f) {
      var k = keyOf(f), match = k ? (keyed[k] && keyed[k].shift()) || null : (at && !keyOf(at) ? at : null);
      if (!match) { old.insertBefore(document.importNode(f, true), at); return; }
      if (match === at) { at = at.nextSibling; } else { old.insertBefore(match, at); }
      morph(match, f);
    });
    while (at) { var next = at.nextSibling; old.removeChild(at); at = next; }
  }
  function morph(old, fresh) {  // make ``old`` show what ``fresh`` shows, keeping every node that stays
    if (old.nodeType !== fresh.nodeType || old.nodeName !== fresh.nodeName) {
      old.parentNode.replaceChild(document.importNode(fresh, true), old); return;
    }
    if (old.nodeType !== 1) {
      if (old.nodeValue !== fresh.nodeValue) { old.nodeValue = fresh.nodeValue; }
      return;
    }
    if (old.id === "board-live" || old.classList.contains("on-phone")) { return; }  // ours, and page.js's
    Array.prototype.slice.call(old.attributes).forEach(function (a) {
      if (!fresh.hasAttribute(a.name)) { old.removeAttribute(a.name); }
    });
    Array.prototype.forEach.call(fresh.attributes, function (a) {
      if (old.getAttribute(a.name) !== a.value) { old.setAttribute(a.name, a.value); }
    });
    morphChildren(old, fresh);
  }
  function later(ms) {
    window.clearTimeout(timer);
    timer = document.hidden ? null : window.setTimeout(read, ms);
  }
  function read() {
    if (busy || document.hidden) { return; }
    busy = true;
    var wait = every;
    fetch(window.location.href, { cache: "no-store", credentials: "same-origin", headers: { "If-None-Match": etag } })
      .then(function (answer) {
        if (answer.status === 304) { return null; }
        if (answer.status === 429 || answer.status === 503) {
          var seconds = Math.max(1, Math.min(parseInt(answer.headers.get("Retry-After"), 10) || 10, 300));
          wait = Math.max(every, seconds * 1000);
          say(String(words.limited || "").replace("{seconds}", String(Math.round(wait / 1000))));
          return undefined;
        }
        if (!answer.ok) { throw new Error("HTTP " + answer.status); }
        etag = answer.headers.get("ETag") || etag;
        return answer.text();
      }).then(function (html) {
        if (html === undefined) { return; }
        if (html !== null) {
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("board");
          var shown = document.getElementById("board");
          if (!fresh || !shown) { throw new Error("no board"); }
          morph(shown, fresh);
        }
        say("");
      }).catch(function () {
        say(words.lost || "");
      }).then(function () {
        busy = false;
        later(wait);
      });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { window.clearTimeout(timer); timer = null; } else { read(); }
  });
  later(every);
}());
