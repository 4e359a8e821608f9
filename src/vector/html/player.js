// The player: rebuilds any picture's list of elements from the stored changes and patches the
// figure where the list differs from the one shown, touching only the elements that changed.
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
  var playButton = root.querySelector("button[data-act=play]");
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

  // The symbols the page defines itself stay; every later one is in <defs> while something shown
  // places it, and is removed with the last element that does (a caption is a symbol of its own:
  // kept, they would pile up over a walk).
  var scratch = document.createElementNS(svg.namespaceURI, "g");
  function refsOf(markup) {
    var out = [], re = /href="#s(\d+)/g, m;
    while ((m = re.exec(markup))) out.push(+m[1]);
    return out;
  }
  var users = [], symbolNodes = [], symbolRefs = [], elementRefs = [];
  function acquire(s) {
    if (s < data.own) return;
    users[s] = (users[s] || 0) + 1;
    if (users[s] > 1) return;
    var markup = symbol(s);
    var refs = symbolRefs[s] || (symbolRefs[s] = refsOf(markup));
    refs.forEach(acquire);
    scratch.innerHTML = markup;
    var made = Array.prototype.slice.call(scratch.childNodes);
    made.forEach(function (x) { defs.appendChild(x); });
    symbolNodes[s] = made;
  }
  function release(s) {
    if (s < data.own || --users[s] > 0) return;
    symbolNodes[s].forEach(function (x) { defs.removeChild(x); });
    symbolNodes[s] = null;
    symbolRefs[s].forEach(release);
  }
  function refsOfElement(e) {
    return elementRefs[e] || (elementRefs[e] = refsOf(element(e)));
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

  // Positions of `from` (-1: none) that form a longest increasing run: the kept elements that stay
  // where they are while the others move around them.
  function staying(from) {
    var tails = [], prev = new Array(from.length), stay = new Uint8Array(from.length);
    for (var q = 0; q < from.length; q++) {
      if (from[q] < 0) continue;
      var lo = 0, hi = tails.length;
      while (lo < hi) {
        var mid = (lo + hi) >> 1;
        if (from[tails[mid]] < from[q]) lo = mid + 1;
        else hi = mid;
      }
      prev[q] = lo ? tails[lo - 1] : -1;
      tails[lo] = q;
    }
    for (q = tails.length ? tails[tails.length - 1] : -1; q >= 0; q = prev[q]) stay[q] = 1;
    return stay;
  }

  var shown = data.first.slice();
  var nodes = Array.prototype.slice.call(body.children);
  shown.forEach(function (e) { refsOfElement(e).forEach(acquire); });
  var cur = 0;
  // Turns the shown figure into `list`'s: elements shown in both keep their nodes (those out of
  // order move), the others are removed or made, all new ones parsed at once.
  function patch(list) {
    var a = shown, m = Math.min(a.length, list.length), lo = 0, hi = 0, q;
    while (lo < m && a[lo] === list[lo]) lo++;
    while (hi < m - lo && a[a.length - 1 - hi] === list[list.length - 1 - hi]) hi++;
    var oldEnd = a.length - hi, newEnd = list.length - hi;
    if (oldEnd === lo && newEnd === lo) {
      shown = list;
      return;
    }
    var spare = new Map();
    for (q = lo; q < oldEnd; q++) {
      var s = spare.get(a[q]);
      if (s) s.push(q);
      else spare.set(a[q], [q]);
    }
    var from = [], markup = "";
    for (q = lo; q < newEnd; q++) {
      var old = spare.get(list[q]);
      var o = old && old.length ? old.shift() : -1;
      from.push(o);
      if (o < 0) {
        var e = list[q];
        refsOfElement(e).forEach(acquire);
        markup += element(e);
      }
    }
    spare.forEach(function (left, e) {
      left.forEach(function (o) {
        body.removeChild(nodes[o]);
        refsOfElement(e).forEach(release);
      });
    });
    var made = [];
    if (markup) {
      scratch.innerHTML = markup;
      made = Array.prototype.slice.call(scratch.children);
      scratch.textContent = "";
    }
    var stay = staying(from), next = hi ? nodes[oldEnd] : null, middle = new Array(from.length);
    var c = made.length;
    for (q = from.length - 1; q >= 0; q--) {
      var node = from[q] < 0 ? made[--c] : nodes[from[q]];
      if (!stay[q]) body.insertBefore(node, next);
      middle[q] = node;
      next = node;
    }
    nodes = nodes.slice(0, lo).concat(middle, nodes.slice(oldEnd));
    shown = list;
  }

  // The address follows the step (#step=N, replaced, never pushed), at most every 250 ms: a
  // browser ignores a page that replaces its address too often.
  var addressTimer = null, addressDue = false;
  function writeAddress() {
    var kept = location.hash.replace(/^#/, "").split("&").filter(function (kv) {
      var k = kv.split("=")[0];
      return k && k !== "step" && k !== "keys";
    });
    var hash = "#" + ["step=" + stepOf(cur)].concat(kept).join("&");
    if (hash !== location.hash) {
      try {
        history.replaceState(history.state, "", hash);
      } catch (err) {
        // A page shown from where the address cannot change (a sandboxed frame) plays on.
      }
    }
  }
  function remember() {
    addressDue = true;
    if (addressTimer) return;
    writeAddress();
    addressDue = false;
    addressTimer = setTimeout(function () {
      addressTimer = null;
      if (addressDue) remember();
    }, 250);
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
    remember();
  }

  var timer = null;
  function speed() {
    return parseFloat(speedBox.value) || 1;
  }
  function playing(on) {
    root.classList.toggle("playing", on);
    playButton.setAttribute("aria-pressed", on ? "true" : "false");
  }
  function tick() {
    show(cur + 1);
    if (cur >= n - 1) stop();
    else timer = setTimeout(tick, data.ms[cur] / speed());
  }
  function play() {
    if (cur >= n - 1) show(0);
    clearTimeout(timer);
    playing(true);
    timer = setTimeout(tick, data.ms[cur] / speed());
  }
  function stop() {
    clearTimeout(timer);
    timer = null;
    playing(false);
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
    // A click leaves no focus on the button, so space keeps playing and pausing afterwards.
    b.addEventListener("mousedown", function (ev) { ev.preventDefault(); });
  });
  slider.addEventListener("input", function () { go(+slider.value); });

  // Keys: space plays and pauses anywhere (a focused button included); PageDown and PageUp, what
  // presentation clickers send, step like the arrows.
  var keyActions = {
    " ": "play",
    Spacebar: "play",
    PageDown: "forward",
    PageUp: "back",
    ArrowRight: "forward",
    ArrowLeft: "back",
    Home: "first",
    End: "last"
  };
  // In a frame (a slide of a deck), the clicker's keys go on to the deck at either end, through
  // reveal.js's postMessage API, and the focus goes back to the deck so that its next keys reach
  // it directly; Escape gives the focus back without moving.
  var framed = window.parent !== window;
  var deckKeys = { PageDown: "next", ArrowRight: "next", PageUp: "prev", ArrowLeft: "prev" };
  function handBack() {
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    window.parent.focus();
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var tag = ev.target && ev.target.tagName;
    var toDeck = framed && tag !== "SELECT" && deckKeys[ev.key];
    if (framed && ev.key === "Escape") {
      handBack();
    } else if (toDeck && (toDeck === "next" ? cur >= n - 1 : cur <= 0)) {
      stop();
      window.parent.postMessage(JSON.stringify({ method: toDeck, args: [] }), "*");
      handBack();
    } else {
      var act = keyActions[ev.key];
      if (!act) return;
      var own = act === "play" || ev.key === "PageDown" || ev.key === "PageUp";
      // A focused slider or list handles its arrows, Home and End itself.
      if ((tag === "INPUT" || tag === "SELECT") && !own) return;
      if (tag === "SELECT" && act === "play") return;
      actions[act]();
    }
    ev.preventDefault();
  });
  // Space on a button would click it when the key comes up.
  document.addEventListener("keyup", function (ev) {
    if ((ev.key === " " || ev.key === "Spacebar") && ev.target && ev.target.tagName === "BUTTON") {
      ev.preventDefault();
    }
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
    if ("step" in o) {
      var i = pictureOf(parseInt(o.step, 10) || 0);
      if (i !== cur) go(i);
    }
    return o;
  }
  window.addEventListener("hashchange", open);
  var options = open();
  show(cur);

  // #autoplay: plays from the start whenever the player comes into view, and pauses when it
  // leaves. In view: the page is not hidden, at least half of the player is inside the window (a
  // slide moved aside is not), and in a reveal.js deck its slide is the one shown: reveal posts
  // "slide:start" and "slide:stop" to the frames of the slides it shows and leaves (a slide left
  // with the fade transition stays in place, transparent). Until a deck has spoken, a page in a
  // frame also asks the browser whether it can be seen (IntersectionObserver's isVisible: no
  // transparent or covered parent), where the browser tells: a deck's first slide loads the
  // frames of the next ones, in place and transparent. With reduced motion asked for, the page
  // shows the first picture, waits for Play and says so.
  if ("autoplay" in options) {
    var observer = window.IntersectionObserver;
    var tracks = framed && observer && window.IntersectionObserverEntry &&
      "isVisible" in IntersectionObserverEntry.prototype;
    var ratio = observer ? 0 : 1, visible = !tracks, deck = null, seen = false;
    var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
    var onShow = function () {
      var now = !document.hidden && ratio >= 0.5 && (deck ? deck === "slide:start" : visible);
      if (now && !seen) {
        show(0);
        if (calm && calm.matches) caption.textContent += " " + caption.getAttribute("data-calm");
        else play();
      } else if (!now && seen) {
        stop();
      }
      seen = now;
    };
    window.addEventListener("message", function (ev) {
      if (ev.source === window.parent && (ev.data === "slide:start" || ev.data === "slide:stop")) {
        // Its slide shown plays from the start, even where a browser that cannot tell what is
        // seen (no isVisible) let it play on the slide before.
        if (ev.data === "slide:start" && deck !== ev.data) seen = false;
        deck = ev.data;
        onShow();
      }
    });
    document.addEventListener("visibilitychange", onShow);
    if (observer) {
      var watch = { threshold: [0, 0.25, 0.5, 0.75, 1] };
      if (tracks) {
        watch.trackVisibility = true;
        watch.delay = 100;
      }
      new IntersectionObserver(function (entries) {
        var e = entries[entries.length - 1];
        ratio = e.isIntersecting ? e.intersectionRatio : 0;
        if (tracks) visible = e.isVisible;
        onShow();
      }, watch).observe(root);
    }
    onShow();
  }

  // Hooks for the tests: the figure alone at its own size, and keys pressed at load, each on
  // what has the focus ("focus:play" focuses a button, as a click in some browsers does).
  if ("bare" in options) root.classList.add("bare");
  if (options.keys) {
    options.keys.split(",").forEach(function (key) {
      if (key.indexOf("focus:") === 0) {
        root.querySelector("button[data-act=" + key.slice(6) + "]").focus();
        return;
      }
      var ev = new KeyboardEvent("keydown", { key: key === "space" ? " " : key, bubbles: true, cancelable: true });
      (document.activeElement || document).dispatchEvent(ev);
    });
  }
})();
