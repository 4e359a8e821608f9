// Walks a player page in the browser and writes what it saw into <pre id="probe">, one
// `name value...` line each: the
// page's element count at load and at its largest over the walk, the DOM nodes each step added or
// removed against the elements its stored changes replace, the figure after each step forward
// against the same step reached backwards and by jumps, and the script and layout time per step.
// Added to a copy of a page by the tests and the benchmark (after the player's own script).
(function () {
  var fig = document.getElementById("cv-f"), defs = document.getElementById("cv-defs");
  var slider = document.getElementById("cv-slider");
  var n = +slider.max + 1;
  var deltas = document.getElementById("cv-deltas").textContent.split("\n");
  function changed(j) {
    // Elements removed and added by line j of the stored changes.
    var d = deltas[j] ? deltas[j].split(" ").map(Number) : [], c = 0;
    for (var p = 0; p < d.length; p += 3 + d[p + 2]) c += d[p + 1] + d[p + 2];
    return c;
  }
  function all() {
    return document.getElementsByTagName("*").length;
  }
  function key(k) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  }
  var watch = new MutationObserver(function () {});
  watch.observe(fig, { childList: true });
  watch.observe(defs, { childList: true });
  function touched() {
    var t = 0;
    watch.takeRecords().forEach(function (r) { t += r.addedNodes.length + r.removedNodes.length; });
    return t;
  }
  var out = { pictures: n, atLoad: all(), most: 0, worst: [0, 0, 0], mismatches: [], ms: [] };
  key("Home");
  touched();
  var seen = [];
  for (var i = 1; i < n; i++) {
    var t0 = performance.now();
    key("ArrowRight");
    void document.body.offsetHeight; // style and layout
    out.ms.push(performance.now() - t0);
    var t = touched(), c = changed(i - 1);
    // The step whose nodes touched (added or removed, in the figure and its definitions) most
    // exceed twice the elements its changes replace: step, touched, changed.
    if (t - 2 * c > out.worst[1] - 2 * out.worst[2]) out.worst = [i, t, c];
    out.most = Math.max(out.most, all());
    seen[i] = fig.innerHTML;
  }
  out.afterWalk = all();
  for (i = n - 2; i >= 0; i--) {
    key("ArrowLeft");
    if (i > 0 && fig.innerHTML !== seen[i]) out.mismatches.push("back-" + i);
  }
  // Jumps: the last step, then the middle by the slider.
  key("End");
  if (n > 1 && fig.innerHTML !== seen[n - 1]) out.mismatches.push("end");
  var mid = n >> 1;
  slider.value = String(mid);
  slider.dispatchEvent(new Event("input"));
  if (mid > 0 && fig.innerHTML !== seen[mid]) out.mismatches.push("slider-" + mid);
  out.most = Math.max(out.most, all());
  // Back at the start after visiting every step: what a fresh load shows, and no more.
  key("Home");
  out.atEnd = all();
  out.address = location.hash;
  var pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = Object.keys(out).map(function (k) {
    return k + " " + [].concat(out[k]).join(" ");
  }).join("\n");
  document.body.appendChild(pre);
})();
