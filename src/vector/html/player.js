// The player: rebuilds any picture's list of elements from the stored changes and patches the
// figure where the list differs from the one shown.
(function () {
  "use strict";
  var root = document.getElementById("cv");
  var data = JSON.parse(document.getElementById("cv-data").textContent);
  var svg = root.querySelector("svg.cv-fig");
  var body = document.getElementById("cv-f");
  var defs = document.getElementById("cv-defs");
  var slider = document.getElementById("cv-slider");
  var speedBox = document.getElementById("cv-speed");
  var count = document.getElementById("cv-count");
  var caption = document.getElementById("cv-cap");
  function lines(id) {
    return document.getElementById(id).textContent.split("\n");
  }
  var elements = lines("cv-elements");
  var symbols = lines("cv-symbols");
  var deltaLines = lines("cv-deltas");
  var n = data.ms.length;
  var steps = data.steps || null;
  function stepOf(i) {
    return steps ? steps[i] : i;
  }
  var lastStep = stepOf(n - 1);

  // Stored text refers back to the entries before it (see encode.rs): each is spelled out, in
  // order, when first needed.
  var captions = [];
  data.captions.forEach(function (c, i) {
    if (c.charAt(0) === "=") {
      captions.push(c.slice(1));
      return;
    }
    var a = c.indexOf(","), b = c.indexOf(",", a + 1), prev = captions[i - 1];
    var pre = +c.slice(0, a), suf = +c.slice(a + 1, b);
    captions.push(prev.slice(0, pre) + c.slice(b + 1) + prev.slice(prev.length - suf));
  });
  var elementsDone = -1;
  function element(e) {
    for (var k = elementsDone + 1; k <= e; k++) {
      var line = elements[k];
      if (line.charAt(0) !== "^") continue;
      var a = line.indexOf(","), b = line.indexOf(",", a + 1), c = line.indexOf(",", b + 1);
      var ref = elements[k - +line.slice(1, a)], pre = +line.slice(a + 1, b), suf = +line.slice(b + 1, c);
      elements[k] = ref.slice(0, pre) + line.slice(c + 1) + ref.slice(ref.length - suf);
    }
    elementsDone = Math.max(elementsDone, e);
    return elements[e];
  }
  // A number's or a caption's glyphs: pairs (variant, distance in hundredths of a pixel from the
  // glyph before); "@start,len" copies pairs of the run before.
  var runs = [], lastRun = [], symbolsDone = -1;
  function symbol(s) {
    for (var k = symbolsDone + 1; k <= s; k++) {
      var line = symbols[k];
      if (line.charAt(0) !== "~") continue;
      var t = [];
      line.slice(1).split(" ").forEach(function (op) {
        var p = op.replace("@", "").split(","), a = +p[0], b = +p[1];
        if (op.charAt(0) !== "@") t.push(a, b);
        else for (var q = a; q < a + b; q++) t.push(lastRun[2 * q], lastRun[2 * q + 1]);
      });
      runs[k] = lastRun = t;
    }
    symbolsDone = Math.max(symbolsDone, s);
    var run = runs[s];
    if (!run) return symbols[s];
    var x = 0, m = '<g id="s' + s + '" fill="currentColor">';
    for (var i = 0; i < run.length; i += 2) {
      x += run[i + 1];
      m += '<use href="#' + data.vg[run[i]] + '" x="' + x / 100 + '" y="' + data.vy[run[i]] / 100 + '"/>';
    }
    return m + "</g>";
  }

  // Elements and symbols are parsed when first shown; a symbol is defined before anything that
  // places it.
  var scratch = document.createElementNS(svg.namespaceURI, "g");
  var defined = [];
  for (var k = 0; k < data.own; k++) defined[k] = true;
  function defineRefs(markup) {
    var re = /href="#s(\d+)/g, m;
    while ((m = re.exec(markup))) define(+m[1]);
  }
  function define(s) {
    if (defined[s]) return;
    defined[s] = true;
    var markup = symbol(s);
    defineRefs(markup);
    scratch.innerHTML = markup;
    while (scratch.firstChild) defs.appendChild(scratch.firstChild);
  }
  var templates = [];
  function make(e) {
    var t = templates[e];
    if (!t) {
      var markup = element(e);
      defineRefs(markup);
      scratch.innerHTML = markup;
      t = templates[e] = scratch.firstElementChild;
      scratch.textContent = "";
    }
    return t.cloneNode(true);
  }

  // Line j of the changes turns picture j's list into picture j + 1's: splices "at removed added
  // e1 .. e_added", to apply in order.
  var parsed = [];
  function apply(list, j) {
    var d = parsed[j];
    if (!d) d = parsed[j] = deltaLines[j] ? deltaLines[j].split(" ").map(Number) : [];
    for (var p = 0; p < d.length; p += 3 + d[p + 2]) {
      var args = [d[p], d[p + 1]];
      for (var q = 0; q < d[p + 2]; q++) args.push(d[p + 3 + q]);
      Array.prototype.splice.apply(list, args);
    }
  }
  // Lists kept every K pictures, so no picture is more than K - 1 changes away.
  var K = 64;
  var keys = [data.first];
  function listAt(i) {
    var k = Math.floor(i / K);
    while (!keys[k]) k--;
    var list = keys[k].slice();
    for (var j = k * K; j < i; j++) {
      apply(list, j);
      if ((j + 1) % K === 0 && !keys[(j + 1) / K]) keys[(j + 1) / K] = list.slice();
    }
    return list;
  }

  var shown = data.first.slice();
  var nodes = Array.prototype.slice.call(body.children);
  var cur = 0;
  // Replaces the run between what the shown list and `list` share at their start and end.
  function patch(list) {
    var a = shown, m = Math.min(a.length, list.length), lo = 0, hi = 0;
    while (lo < m && a[lo] === list[lo]) lo++;
    while (hi < m - lo && a[a.length - 1 - hi] === list[list.length - 1 - hi]) hi++;
    var before = hi ? nodes[a.length - hi] : null;
    for (var q = lo; q < a.length - hi; q++) body.removeChild(nodes[q]);
    var frag = document.createDocumentFragment(), fresh = [];
    for (q = lo; q < list.length - hi; q++) {
      var x = make(list[q]);
      fresh.push(x);
      frag.appendChild(x);
    }
    body.insertBefore(frag, before);
    nodes = nodes.slice(0, lo).concat(fresh, nodes.slice(a.length - hi));
    shown = list;
  }
  function show(i) {
    i = Math.max(0, Math.min(n - 1, i | 0));
    var list;
    if (i === cur + 1) {
      list = shown.slice();
      apply(list, cur);
    } else {
      list = i === cur ? shown : listAt(i);
    }
    patch(list);
    cur = i;
    slider.value = String(i);
    count.textContent = count.getAttribute("data-step").replace("{0}", stepOf(i)).replace("{1}", lastStep);
    caption.textContent = captions[i];
    svg.setAttribute("aria-label", captions[i]);
  }

  var timer = null;
  function speed() {
    return parseFloat(speedBox.value) || 1;
  }
  function tick() {
    show(cur + 1);
    if (cur >= n - 1) stop();
    else timer = setTimeout(tick, data.ms[cur] / speed());
  }
  function play() {
    if (cur >= n - 1) show(0);
    root.classList.add("playing");
    timer = setTimeout(tick, data.ms[cur] / speed());
  }
  function stop() {
    clearTimeout(timer);
    timer = null;
    root.classList.remove("playing");
  }
  function go(i) {
    stop();
    show(i);
  }
  var actions = {
    first: function () { go(0); },
    back: function () { go(cur - 1); },
    play: function () { if (timer) stop(); else play(); },
    forward: function () { go(cur + 1); },
    last: function () { go(n - 1); }
  };
  Array.prototype.forEach.call(root.querySelectorAll("button[data-act]"), function (b) {
    b.addEventListener("click", actions[b.getAttribute("data-act")]);
  });
  slider.addEventListener("input", function () { go(+slider.value); });

  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var tag = ev.target && ev.target.tagName;
    var key = ev.key;
    // A focused button, slider or list handles its own keys; space plays anywhere but on a button.
    if (tag === "BUTTON" && (key === " " || key === "Enter")) return;
    if ((tag === "INPUT" || tag === "SELECT") && key !== " ") return;
    if (key === " " || key === "Spacebar") actions.play();
    else if (key === "ArrowRight") actions.forward();
    else if (key === "ArrowLeft") actions.back();
    else if (key === "Home") actions.first();
    else if (key === "End") actions.last();
    else return;
    ev.preventDefault();
  });

  // #step=37 opens step 37 (the last picture at or before it when steps were skipped).
  function fragment() {
    var o = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
      var p = kv.split("=");
      if (p[0]) o[decodeURIComponent(p[0])] = decodeURIComponent(p.slice(1).join("="));
    });
    return o;
  }
  function pictureOf(step) {
    var lo = 0, hi = n - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (stepOf(mid) <= step) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  function open() {
    var o = fragment();
    if ("step" in o) go(pictureOf(parseInt(o.step, 10) || 0));
    return o;
  }
  window.addEventListener("hashchange", open);
  var options = open();
  show(cur);
  // Hooks for the tests: the figure alone at its own size, and keys pressed at load.
  if ("bare" in options) root.classList.add("bare");
  if (options.keys) {
    options.keys.split(",").forEach(function (key) {
      var ev = new KeyboardEvent("keydown", { key: key === "space" ? " " : key, bubbles: true, cancelable: true });
      document.dispatchEvent(ev);
    });
  }
})();
