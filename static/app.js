// The little the pages need beyond htmx: messages, protecting a form being typed in, keyboard time travel.
(function () {
  "use strict";
  var flash = function (text) {
    var box = document.getElementById("flash");
    if (!box) return;
    box.innerHTML = "";
    var p = document.createElement("p");
    p.className = "error";
    p.textContent = text + " ";
    var b = document.createElement("button");
    b.type = "button"; b.className = "linkish"; b.textContent = "Dismiss"; b.setAttribute("data-dismiss", "");
    p.appendChild(b);
    box.appendChild(p);
  };

  document.addEventListener("click", function (ev) {
    var t = ev.target;
    if (t && t.hasAttribute && t.hasAttribute("data-dismiss")) {
      var p = t.closest("p, .notice");
      if (p) p.remove();
    }
    if (t && t.hasAttribute && t.hasAttribute("data-refresh")) {
      window.location.reload();
    }
    if (t && t.hasAttribute && t.hasAttribute("data-print")) {
      window.print();
    }
    if (t && t.hasAttribute && t.hasAttribute("data-copy")) copy(t);
  });

  // "Copy": the clipboard API where the page is a secure context (localhost), else the selection and execCommand.
  var copy = function (button) {
    var source = document.querySelector(button.getAttribute("data-copy"));
    var said = button.parentNode.querySelector(".copied");
    if (!source) return;
    var done = function (ok) { if (said) said.textContent = ok ? "Copied." : "Select the text and copy it."; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(source.value).then(function () { done(true); }, function () { done(false); });
      return;
    }
    source.focus(); source.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    done(ok);
  };

  document.addEventListener("htmx:sendError", function () {
    flash("The table server cannot be reached. Check the connection; nothing was booked.");
  });

  // A live update must not wipe a form someone is filling in (any field changed from how it was drawn, or the
  // field with the focus): keep it and say the table moved on. Sending it then is refused by the server (the form
  // names the log position it was drawn at) and the fresh forms come back with the reason.
  var typedIn = function (root) {
    var active = document.activeElement;
    if (active && root.contains(active) && active.type !== "submit" && (active.value || "").trim() !== "") return true;
    return Array.prototype.some.call(root.querySelectorAll("input, textarea, select"), function (el) {
      if (el.type === "hidden" || el.type === "submit") return false;
      if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
      if (el.tagName === "SELECT") {
        var drawn = 0;  // the option marked selected when drawn, else the first
        Array.prototype.forEach.call(el.options, function (o, i) { if (o.defaultSelected) drawn = i; });
        return el.selectedIndex !== drawn;
      }
      return el.value !== el.defaultValue;
    });
  };
  document.addEventListener("htmx:oobBeforeSwap", function (ev) {
    var target = ev.detail.target;
    if (!target || target.id !== "actions") return;
    if (target.hasAttribute("data-sending")) {  // the answer to this device's own form: its forms come fresh
      target.removeAttribute("data-sending");
      return;
    }
    var fresh = ev.detail.fragment && ev.detail.fragment.firstElementChild;
    if (fresh && fresh.hasAttribute("hidden")) return;  // a step into the past, asked for: read-only there
    if (typedIn(target)) {
      ev.detail.shouldSwap = false;
      // this device has seen these forms and keeps its own: they are not sent again until the table moves on
      if (fresh && fresh.getAttribute("data-v")) target.setAttribute("data-v", fresh.getAttribute("data-v"));
      if (!document.getElementById("stale")) {
        var note = document.createElement("p");
        note.id = "stale"; note.className = "notice"; note.setAttribute("role", "status");
        note.textContent = "The table changed on another device: what you typed here answers the table as it was. ";
        var b = document.createElement("button");
        b.type = "button"; b.className = "linkish"; b.textContent = "Show the table now"; b.setAttribute("data-refresh", "");
        note.appendChild(b);
        target.insertBefore(note, target.firstChild);
      }
    }
  });

  // Each request tells the server which parts of the page this device holds (id:digest:enclosing part's
  // position), so that an update brings only the parts that changed (assistant/web/parts.py). A part whose form
  // is being sent is named without its digest: that form is used up, and the answer brings it fresh.
  document.addEventListener("htmx:configRequest", function (ev) {
    var held = document.querySelectorAll("[data-part][id][data-v]");
    if (!held.length) return;
    var sender = ev.detail.elt;
    var used = ev.detail.verb !== "get" && sender && sender.closest ? sender.closest("[data-part][data-v]") : null;
    if (used) used.setAttribute("data-sending", "");
    var position = new Map();
    var out = [];
    Array.prototype.forEach.call(held, function (el, i) {
      position.set(el, i);
      var up = el.parentElement && el.parentElement.closest("[data-part][id][data-v]");
      out.push(el.id + ":" + (el === used ? "0" : el.getAttribute("data-v")) + ":" + (up ? position.get(up) : ""));
    });
    ev.detail.headers["X-Parts"] = out.join(",");
  });

  document.addEventListener("htmx:afterRequest", function () {  // answered (or failed): nothing is on its way
    Array.prototype.forEach.call(document.querySelectorAll("[data-sending]"), function (el) {
      el.removeAttribute("data-sending");
    });
  });

  // Older log events loaded into the page: the log no longer matches any render, the next update sends it whole.
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var target = ev.detail.target;
    if (!target || !target.classList || !target.classList.contains("older")) return;
    var list = target.parentElement && target.parentElement.closest("[data-part][data-v]");
    if (list) list.setAttribute("data-v", "0");
  });

  // The slider shows where it will go while it is dragged.
  document.addEventListener("input", function (ev) {
    var t = ev.target;
    if (t && (t.id === "vcr-at" || t.id === "teach-at")) {
      var out = t.parentNode.querySelector("output");
      if (out) out.textContent = t.value + "/" + t.max;
    }
  });

  // Arrows (and Page Up/Down, Home/End on the teaching replay) step through time when no input has the focus.
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var tag = (document.activeElement && document.activeElement.tagName) || "";
    if (/INPUT|SELECT|TEXTAREA/.test(tag)) return;
    var button = document.querySelector('.vcr [data-key="' + ev.key + '"]');
    if (button) { ev.preventDefault(); button.click(); }
  });

  // A power chosen in a select with data-ticks ({power: [names]}) ticks that power's boxes named
  // data-ticks-prefix + name (e.g. "tech." + its technologies) and clears the others.
  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (!t || !t.matches || !t.matches("select[data-ticks]")) return;
    var held = JSON.parse(t.getAttribute("data-ticks"))[t.value] || [];
    var prefix = t.getAttribute("data-ticks-prefix") || "";
    t.form.querySelectorAll('input[type="checkbox"][name^="' + prefix + '"]').forEach(function (box) {
      box.checked = held.indexOf(box.name.slice(prefix.length)) >= 0;
    });
  });

  // The spectator link is selected at once, ready to copy.
  document.addEventListener("focusin", function (ev) {
    if (ev.target && ev.target.matches && ev.target.matches(".share input[readonly]")) ev.target.select();
  });
})();

// Purchase grids: the total and what is left update while the counts are typed.
(function () {
  "use strict";
  var update = function (grid) {
    var total = 0;
    grid.querySelectorAll("input[data-cost]").forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (n > 0) total += n * parseInt(input.getAttribute("data-cost"), 10);
    });
    var form = grid.closest("form");
    var treasury = parseInt(grid.getAttribute("data-treasury"), 10);
    var t = form.querySelector("output[data-total]");
    var r = form.querySelector("output[data-remaining]");
    if (t) t.textContent = total;
    if (r) {
      r.textContent = treasury - total;
      r.classList.toggle("over", treasury - total < 0);
    }
  };
  document.addEventListener("input", function (ev) {
    var grid = ev.target && ev.target.closest && ev.target.closest(".purchase-grid");
    if (grid) update(grid);
  });
  var all = function () { document.querySelectorAll(".purchase-grid").forEach(update); };
  document.addEventListener("DOMContentLoaded", all);
  document.addEventListener("htmx:afterSettle", all);
})();

// Dice typed line by line (an input with data-dice="n" per group of dice): once a line has its n faces, what is
// typed next goes to the next line, so a throw is typed in one go on a phone's keypad and each face still shows
// against its unit. A run of digits is one die per digit.
(function () {
  "use strict";
  var digits = function (el) { return el.value.replace(/[^0-9]/g, "").split(""); };
  document.addEventListener("input", function (ev) {
    var input = ev.target;
    if (!input || !input.matches || !input.matches("input[data-dice]")) return;
    var lines = Array.prototype.slice.call(input.closest("form").querySelectorAll("input[data-dice]"));
    var at = lines.indexOf(input);
    var carry = [];
    for (var i = at; i < lines.length; i++) {
      var n = parseInt(lines[i].getAttribute("data-dice"), 10);
      var faces = carry.concat(digits(lines[i]));
      var last = i === lines.length - 1;
      if (faces.length <= n || last) { if (carry.length || i === at) lines[i].value = faces.join(""); carry = []; break; }
      lines[i].value = faces.slice(0, n).join("");
      carry = faces.slice(n);
    }
    if (document.activeElement !== input) return;
    var open = lines.filter(function (el) { return digits(el).length < parseInt(el.getAttribute("data-dice"), 10); })[0];
    if (open && open !== input && lines.indexOf(open) > at) open.focus();
  });
})();

// Maps wider than the screen (a phone): open on where the action is (data-focus-x/-y, 0 to 1), keep where the
// player panned to when a live update redraws the map, and zoom with two fingers or the + and - buttons.
(function () {
  "use strict";
  var kept = {};  // focus name -> {left, top, zoom} the player left the map at
  var zoomOf = function (wrap) { return parseFloat(wrap.getAttribute("data-zoom") || "1"); };
  var setZoom = function (wrap, zoom, cx, cy) {
    var svg = wrap.querySelector("svg");
    if (!svg) return;
    zoom = Math.max(1, Math.min(4, zoom));
    var before = svg.getBoundingClientRect().width || 1;
    var px = (wrap.scrollLeft + (cx === undefined ? wrap.clientWidth / 2 : cx)) / before;
    var py = (wrap.scrollTop + (cy === undefined ? wrap.clientHeight / 2 : cy)) / (svg.getBoundingClientRect().height || 1);
    if (!wrap.getAttribute("data-base")) wrap.setAttribute("data-base", String(before / zoomOf(wrap)));
    wrap.setAttribute("data-zoom", String(zoom));
    svg.style.width = (zoom * parseFloat(wrap.getAttribute("data-base"))) + "px";
    var rect = svg.getBoundingClientRect();
    wrap.scrollLeft = px * rect.width - (cx === undefined ? wrap.clientWidth / 2 : cx);
    wrap.scrollTop = py * rect.height - (cy === undefined ? wrap.clientHeight / 2 : cy);
  };
  // Where the action is: the mark beside the map (a part of its own, swapped when the action moves), else the
  // map's frame itself.
  var markOf = function (wrap) { return wrap.parentNode.querySelector(":scope > .map-focus") || wrap; };
  var settle = function (wrap) {
    var mark = markOf(wrap), focus = mark.getAttribute("data-focus") || "";
    if (!wrap.getAttribute("data-settled")) {
      wrap.setAttribute("data-settled", "1");
      if (!wrap.parentNode.querySelector(".zoom")) {
        var tools = document.createElement("div");
        tools.className = "zoom";
        [["+", "Zoom in", 1.5], ["\u2212", "Zoom out", 1 / 1.5]].forEach(function (b) {
          var button = document.createElement("button");
          button.type = "button"; button.className = "secondary"; button.textContent = b[0];
          button.setAttribute("aria-label", b[1]); button.title = b[1];
          button.addEventListener("click", function () { setZoom(wrap, zoomOf(wrap) * b[2]); });
          tools.appendChild(button);
        });
        wrap.parentNode.insertBefore(tools, wrap);
      }
      wrap.addEventListener("scroll", function () {
        kept[wrap.getAttribute("data-shown") || ""] = {left: wrap.scrollLeft, top: wrap.scrollTop, zoom: zoomOf(wrap)};
      });
    } else if (wrap.getAttribute("data-shown") === focus) {
      return;  // the action has not moved: the map stays where the player left it
    }
    wrap.setAttribute("data-shown", focus);
    var was = kept[focus];
    if (was) {
      if (was.zoom !== zoomOf(wrap)) setZoom(wrap, was.zoom);
      wrap.scrollLeft = was.left; wrap.scrollTop = was.top;
    } else if (wrap.scrollWidth > wrap.clientWidth) {
      var fx = parseFloat(mark.getAttribute("data-focus-x") || "0.5");
      var fy = parseFloat(mark.getAttribute("data-focus-y") || "0.5");
      wrap.scrollLeft = fx * wrap.scrollWidth - wrap.clientWidth / 2;
      wrap.scrollTop = fy * wrap.scrollHeight - wrap.clientHeight / 2;
    }
  };
  var all = function () { document.querySelectorAll(".mapwrap").forEach(settle); };
  document.addEventListener("DOMContentLoaded", all);
  document.addEventListener("htmx:afterSettle", all);
  document.addEventListener("htmx:oobAfterSwap", all);

  // Two fingers on the map zoom it (the page itself keeps its size).
  var pinch = null;
  var gap = function (t) { return Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY); };
  document.addEventListener("touchstart", function (ev) {
    var wrap = ev.target.closest && ev.target.closest(".mapwrap");
    if (wrap && ev.touches.length === 2) pinch = {wrap: wrap, gap: gap(ev.touches), zoom: zoomOf(wrap)};
  }, {passive: true});
  document.addEventListener("touchmove", function (ev) {
    if (!pinch || ev.touches.length !== 2) return;
    var box = pinch.wrap.getBoundingClientRect();
    var cx = (ev.touches[0].clientX + ev.touches[1].clientX) / 2 - box.left;
    var cy = (ev.touches[0].clientY + ev.touches[1].clientY) / 2 - box.top;
    setZoom(pinch.wrap, pinch.zoom * gap(ev.touches) / pinch.gap, cx, cy);
    kept[pinch.wrap.getAttribute("data-shown") || ""] = {left: pinch.wrap.scrollLeft, top: pinch.wrap.scrollTop, zoom: zoomOf(pinch.wrap)};
  }, {passive: true});
  document.addEventListener("touchend", function (ev) { if (ev.touches.length < 2) pinch = null; }, {passive: true});
})();
