/* doublenine: the list of tables on "/" keeps itself current (club s14 F6: a projector showed a snapshot
   all evening unless someone reloaded it). Every data-refresh seconds the page reads itself again and puts
   the new list in place; a read that fails (the server restarting, 503, 429) keeps what is shown and says
   "Connection lost: reconnecting..." until a read works. No text is built here: the server's page is shown. */
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board || !window.fetch || !window.DOMParser) { return; }
  var every = Math.max(2, parseInt(board.getAttribute("data-refresh"), 10) || 10) * 1000;
  var words = {};
  try { words = JSON.parse(document.getElementById("board-words").textContent); } catch (e) { words = {}; }
  function say(text) {
    var live = document.getElementById("board-live");
    if (live) { live.textContent = text; }
  }
  function read() {
    fetch(window.location.href, { cache: "no-store", credentials: "same-origin" }).then(function (answer) {
      if (!answer.ok) { throw new Error("HTTP " + answer.status); }
      return answer.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("board");
      var shown = document.getElementById("board");
      if (!fresh || !shown) { throw new Error("no board"); }
      shown.parentNode.replaceChild(document.importNode(fresh, true), shown);
      say("");
    }).catch(function () {
      say(words.lost || "");
    }).then(function () {
      window.setTimeout(read, every);
    });
  }
  window.setTimeout(read, every);
}());
