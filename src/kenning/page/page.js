// kenning's pages. Everything shown is already in the document; this script only turns the
// section links into tabs, filters and searches the event rows, restacks the chart, and
// selects files in the code map. It makes no request of any kind.
(function () {
  "use strict";
  var doc = document;
  doc.documentElement.classList.add("js");
  var data = {};
  try {
    data = JSON.parse(doc.getElementById("ken-data").textContent);
  } catch (err) {
    data = {};
  }
  var all = function (sel, root) { return Array.prototype.slice.call((root || doc).querySelectorAll(sel)); };

  // -- tabs: links to sections without the script; a tab list with arrow keys with it ------------
  var nav = doc.querySelector("nav.tabs");
  var tabs = nav ? all("a.tab", nav) : [];
  var panels = tabs.map(function (tab) { return doc.getElementById(tab.getAttribute("href").slice(1)); });

  function select(i, focus) {
    tabs.forEach(function (tab, j) {
      var on = i === j;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      panels[j].hidden = !on;
    });
    if (focus) tabs[i].focus();
  }

  function panelOf(el) {
    for (var j = 0; j < panels.length; j++) if (panels[j].contains(el)) return j;
    return -1;
  }

  // show the element with this id, selecting the tab that holds it
  function reveal(id, focus) {
    var el = id ? doc.getElementById(id) : null;
    if (!el) return false;
    var j = panelOf(el);
    if (j >= 0) select(j, false);
    if (panels.indexOf(el) < 0) el.scrollIntoView({block: "center"});
    if (focus) {
      if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
      el.focus({preventScroll: true});
    }
    return true;
  }

  if (tabs.length) {
    nav.setAttribute("role", "tablist");
    tabs.forEach(function (tab, i) {
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-controls", panels[i].id);
      panels[i].setAttribute("role", "tabpanel");
      panels[i].setAttribute("aria-labelledby", tab.id);
      panels[i].tabIndex = 0;
      tab.addEventListener("click", function (ev) {
        ev.preventDefault();
        select(i, true);
        history.replaceState(null, "", "#" + panels[i].id);
      });
      tab.addEventListener("keydown", function (ev) {
        var n = tabs.length, to = null;
        if (ev.key === "ArrowRight" || ev.key === "ArrowDown") to = (i + 1) % n;
        else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") to = (i - 1 + n) % n;
        else if (ev.key === "Home") to = 0;
        else if (ev.key === "End") to = n - 1;
        if (to === null) return;
        ev.preventDefault();
        select(to, true);
        history.replaceState(null, "", "#" + panels[to].id);
      });
    });
    if (!reveal(decodeURIComponent(location.hash.slice(1)), false)) select(0, false);
    window.addEventListener("hashchange", function () { reveal(decodeURIComponent(location.hash.slice(1)), false); });
  }

  // in-page links (a heat cell to its file's history, a decision to its replacement)
  doc.addEventListener("click", function (ev) {
    var link = ev.target.closest ? ev.target.closest("a[href^='#']") : null;
    if (!link || link.classList.contains("tab") || link.classList.contains("skip")) return;
    var file = link.getAttribute("data-file");
    if (file !== null && fileInput) {
      fileInput.value = file;
      apply();
    }
    var id = link.getAttribute("href").slice(1);
    if (!doc.getElementById(id)) return;
    ev.preventDefault();
    history.pushState(null, "", "#" + id);
    reveal(id, true);
  });

  // -- the timeline: types, file or folder, words ----------------------------------------------------
  var form = doc.getElementById("filters");
  var fileInput = doc.getElementById("f-file");
  var query = doc.getElementById("f-q");
  var status = doc.getElementById("shown");
  var rows = all("#events tbody tr");
  var texts = null;
  var paths = data.paths || [];
  var chart = doc.getElementById("chart");

  function wantedFiles(text) {
    if (!text) return null;
    var exact = paths.indexOf(text) >= 0, found = {};
    paths.forEach(function (p, i) { if (exact ? p === text : p.indexOf(text) >= 0) found[i] = true; });
    return found;
  }

  function restack(types) {
    if (!chart) return;
    var scale = parseFloat(chart.getAttribute("data-scale")), base = parseFloat(chart.getAttribute("data-base"));
    all("g", chart).forEach(function (bar) {
      var y = base;
      all("rect", bar).forEach(function (rect) {
        var on = types[rect.getAttribute("data-t")] === true;
        rect.style.display = on ? "" : "none";
        if (!on) return;
        var h = parseFloat(rect.getAttribute("data-n")) * scale;
        y -= h;
        rect.setAttribute("y", y.toFixed(2));
      });
    });
  }

  function apply() {
    if (!form) return;
    var types = {}, chosen = [];
    all("input[name=type]", form).forEach(function (box) {
      if (box.checked) { types[box.value] = true; chosen.push(box.value); }
    });
    var file = fileInput.value.trim(), files = wantedFiles(file);
    var words = query.value.toLowerCase().split(/\s+/).filter(Boolean);
    if (!texts) texts = rows.map(function (row) { return row.textContent.toLowerCase(); });
    var shown = 0;
    rows.forEach(function (row, k) {
      var ok = types[row.getAttribute("data-t")] === true;
      if (ok && files) ok = (row.getAttribute("data-f") || "").split(" ").some(function (f) { return f !== "" && files[f]; });
      if (ok && words.length) ok = words.every(function (w) { return texts[k].indexOf(w) >= 0; });
      row.hidden = !ok;
      if (ok) shown++;
    });
    var about = [];
    if (file) about.push("about " + file);
    if (words.length) about.push("matching \u201c" + words.join(" ") + "\u201d");
    var count = function (n) { return n.toLocaleString("en"); };
    status.textContent = count(shown) + " of " + count(rows.length) + " listed events shown" + (about.length ? " (" + about.join(", ") + ")" : "") + ".";
    restack(types);
  }

  if (form) {
    form.addEventListener("input", apply);
    form.addEventListener("change", apply);
    form.addEventListener("submit", function (ev) { ev.preventDefault(); });
    form.addEventListener("reset", function () { setTimeout(apply, 0); });
    apply();
  }

  // -- the code map: select a file, list its imports and importers -----------------------------------
  var map = data.map, grid = doc.getElementById("cm"), panel = doc.getElementById("cm-panel");
  if (map && grid && panel) {
    var cells = all("button.cell", grid), byIndex = [], imports = [], importers = [];
    cells.forEach(function (cell) { byIndex[+cell.getAttribute("data-i")] = cell; });
    map.files.forEach(function (_, i) { imports[i] = []; importers[i] = []; });
    map.edges.forEach(function (e) { imports[e[0]].push(e[1]); importers[e[1]].push(e[0]); });

    var describe = function (f) {
      return f[5] + " \u00b7 heat " + f[2] + " \u00b7 " + f[3] + " failed attempt" + (f[3] === 1 ? "" : "s") +
        " \u00b7 " + f[4] + " open issue" + (f[4] === 1 ? "" : "s");
    };
    var el = function (tag, text, cls) {
      var node = doc.createElement(tag);
      if (text !== undefined) node.textContent = text;
      if (cls) node.className = cls;
      return node;
    };
    var listing = function (title, members) {
      var frag = doc.createDocumentFragment();
      frag.appendChild(el("h4", title + " (" + members.length + ")"));
      if (!members.length) { frag.appendChild(el("p", "none", "dim")); return frag; }
      var list = el("ul");
      members.slice(0, map.shown).forEach(function (j) {
        var b = el("button", map.files[j][0], "h" + map.files[j][1]);
        b.type = "button";
        b.setAttribute("data-i", j);
        list.appendChild(el("li")).appendChild(b);
      });
      frag.appendChild(list);
      if (members.length > map.shown) frag.appendChild(el("p", "and " + (members.length - map.shown) + " more", "dim"));
      return frag;
    };

    var pick = function (i, focusCell) {
      cells.forEach(function (c) {
        c.classList.remove("sel", "imp", "by");
        c.setAttribute("aria-pressed", "false");
        c.tabIndex = -1;
      });
      var cell = byIndex[i];
      var sortByPath = function (a, b) { return map.files[a][0] < map.files[b][0] ? -1 : 1; };
      var out = imports[i].slice().sort(sortByPath), inn = importers[i].slice().sort(sortByPath);
      out.forEach(function (j) { if (byIndex[j]) byIndex[j].classList.add("imp"); });
      inn.forEach(function (j) { if (byIndex[j]) byIndex[j].classList.add("by"); });
      if (cell) {
        cell.classList.add("sel");
        cell.setAttribute("aria-pressed", "true");
        cell.tabIndex = 0;
        if (focusCell) { cell.focus({preventScroll: true}); cell.scrollIntoView({block: "nearest"}); }
      }
      var f = map.files[i];
      panel.textContent = "";
      panel.appendChild(el("h3")).appendChild(el("code", f[0]));
      panel.appendChild(el("p", describe(f), "dim"));
      panel.appendChild(listing("Imports", out));
      panel.appendChild(listing("Imported by", inn));
    };

    grid.addEventListener("click", function (ev) {
      var cell = ev.target.closest("button[data-i]");
      if (cell) pick(+cell.getAttribute("data-i"), false);
    });
    panel.addEventListener("click", function (ev) {
      var b = ev.target.closest("button[data-i]");
      if (b) pick(+b.getAttribute("data-i"), true);
    });
    grid.addEventListener("keydown", function (ev) {
      var k = cells.indexOf(doc.activeElement), to = null;
      if (k < 0) return;
      if (ev.key === "ArrowRight" || ev.key === "ArrowDown") to = Math.min(k + 1, cells.length - 1);
      else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") to = Math.max(k - 1, 0);
      else if (ev.key === "Home") to = 0;
      else if (ev.key === "End") to = cells.length - 1;
      if (to === null) return;
      ev.preventDefault();
      cells[k].tabIndex = -1;
      cells[to].tabIndex = 0;
      cells[to].focus();
    });
    var first = grid.querySelector("button.cell.sel") || cells[0];
    if (first) pick(+first.getAttribute("data-i"), false);
  }
})();
