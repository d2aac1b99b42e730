/* doublenine: the pages' small helpers, no text built here (the server's page carries every word).
 * - phone s15 F4: "Share the link" (the phone's share sheet) or "Copy link" beside a page's address, for an invited
 *   friend on a phone to pass the link on to a computer. The button is served hidden and shown here, named for
 *   what this browser can do; navigator.share and navigator.clipboard exist only over https (or on localhost), so
 *   over plain http the address field is selected and copied the old way. Without a script the field stays
 *   selectable by hand.
 * - phone s15 F15: a page refused for a while (429, 503) counts down its data-retry seconds and loads itself again.
 */
(function () {
  "use strict";
  function copied(field, text) {  // a Promise: the text is on the clipboard
    if (navigator.clipboard && window.isSecureContext) { return navigator.clipboard.writeText(text); }
    return new Promise(function (done, failed) {
      if (!field) { failed(new Error("no field")); return; }
      field.focus(); field.select();
      try { field.setSelectionRange(0, text.length); } catch (e) { /* a readonly field that cannot */ }
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      if (ok) { done(); } else { failed(new Error("not copied")); }
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("button.share-link"), function (button) {
    var row = button.parentNode, field = row.querySelector("input.link"), said = row.querySelector(".shared");
    var link = field ? field.value : window.location.href;
    var share = typeof navigator.share === "function" && window.isSecureContext;
    button.textContent = button.getAttribute(share ? "data-share" : "data-copy");
    button.hidden = false;
    button.addEventListener("click", function () {
      if (said) { said.textContent = ""; }
      if (share) {
        navigator.share({ title: document.title, url: link }).catch(function () { /* the person closed the sheet */ });
        return;
      }
      copied(field, link).then(function () {
        if (said) { said.textContent = button.getAttribute("data-copied"); }
      }, function () {
        if (field) { field.focus(); field.select(); }  // selected: the phone's own Copy is one tap away
      });
    });
  });
  var retry = document.querySelector("[data-retry]");
  if (retry) {
    var left = Math.max(1, parseInt(retry.getAttribute("data-retry"), 10) || 5), text = retry.getAttribute("data-text") || "";
    var tick = function () {
      if (left <= 0) { window.location.reload(); return; }
      if (text) { retry.textContent = text.replace("{seconds}", String(left)); }
      left -= 1;
      window.setTimeout(tick, 1000);
    };
    tick();
  }
}());
