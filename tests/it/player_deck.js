// A reveal.js deck with a player page in an <iframe data-src="player.html#autoplay"> on its second
// slide, driven in headless Chromium through puppeteer-core as a presenter would: real key presses
// and clicks. Prints what it saw, one "name value..." line each, for the Rust test to judge.
//
// node player_deck.js NODE_MODULES SITE_DIR TRANSITION LOADING CHROMIUM PROFILE_DIR
// SITE_DIR holds player.html; reveal.js is served from NODE_MODULES/reveal.js/dist. LOADING is
// "preload" (the frame loads with the deck, hidden on the title slide: data-preload) or "lazy"
// (reveal loads it when its slide is shown and unloads it when the slide is left).
"use strict";
const http = require("http");
const fs = require("fs");
const path = require("path");
const [given, site, transition, loading, chromium, profile] = process.argv.slice(2);
const modules = path.resolve(given);
const puppeteer = require(path.join(modules, "puppeteer-core"));
const reveal = path.join(modules, "reveal.js", "dist");

const deck = `<!DOCTYPE html>
<html><head><meta charset="utf-8">
<link rel="stylesheet" href="/reveal/reset.css"><link rel="stylesheet" href="/reveal/reveal.css">
<link rel="stylesheet" href="/reveal/theme/white.css"></head>
<body><div class="reveal"><div class="slides">
<section><h2>The eight queens</h2></section>
<section><iframe data-src="player.html#autoplay" width="900" height="640"${loading === "preload" ? " data-preload" : ""}></iframe></section>
<section><h2>After</h2></section>
<section><h2>The end</h2></section>
</div></div>
<script src="/reveal/reveal.js"></script>
<script>Reveal.initialize({ transition: "${transition}", hash: false });</script>
</body></html>`;

const types = { ".html": "text/html", ".css": "text/css", ".js": "text/javascript" };
const server = http.createServer((req, res) => {
  const url = decodeURIComponent(req.url.split("?")[0]);
  if (url === "/" || url === "/deck.html") {
    res.writeHead(200, { "content-type": "text/html" });
    return res.end(deck);
  }
  const file = url.startsWith("/reveal/")
    ? path.join(reveal, url.slice(8))
    : path.join(site, url.slice(1));
  fs.readFile(file, (err, body) => {
    if (err) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
    res.end(body);
  });
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const out = [];
const say = (...words) => out.push(words.join(" "));

async function main() {
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    userDataDir: profile,
    defaultViewport: { width: 1280, height: 720 },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--window-size=1280,720",
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/deck.html`, { waitUntil: "load" });
    await page.waitForFunction("window.Reveal && Reveal.isReady()");
    const slide = () => page.evaluate("Reveal.getIndices().h");
    let player = null;
    const state = async () => {
      if (!player || player.isDetached()) {
        player = page.frames().find((f) => f.url().includes("player.html"));
      }
      // A frame not loaded (or unloaded by reveal) shows nothing: step -1.
      const gone = { step: -1, max: -1, playing: false };
      if (!player) return gone;
      try {
        return await player.evaluate(() => {
          const slider = document.getElementById("cv-slider");
          if (!slider) return { step: -1, max: -1, playing: false };
          return {
            step: +slider.value,
            max: +slider.max,
            playing: document.getElementById("cv").classList.contains("playing"),
          };
        });
      } catch (err) {
        player = null;
        return gone;
      }
    };
    const until = async (what, test, ms = 6000) => {
      const end = Date.now() + ms;
      for (;;) {
        const s = await state();
        if (test(s) || Date.now() > end) return s;
        await sleep(100);
      }
    };
    const record = (name, s) =>
      say(name, s.step, s.max, s.playing ? "playing" : "paused", "slide", s.slide);
    const clickFigure = async () => {
      const frame = await page.$("iframe");
      const box = await frame.boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
    };
    const press = async (key, times = 1) => {
      for (let k = 0; k < times; k++) {
        await page.keyboard.press(key);
        await sleep(60);
      }
    };

    // The title slide: the player's frame is loaded (preload) but hidden, or not loaded (lazy).
    if (loading === "preload") await until("loaded", (s) => s.step >= 0);
    await sleep(2000);
    let s = await state();
    s.slide = await slide();
    record("title", s);

    // The clicker shows the player's slide: it plays.
    await press("PageDown");
    s = await until("playing", (s) => s.playing && s.step > 1);
    s.slide = await slide();
    record("shown", s);
    // The slide as shown (reveal scales it to the window), for its frame's edges.
    const box = await (await page.$("iframe")).boundingBox();
    await page.screenshot({ path: path.join(site, `deck-${transition}-${loading}.png`) });
    say("frame", box.x, box.y, box.width, box.height);

    // A click on the board, then the clicker: it steps the player, one step a press.
    await clickFigure();
    await press("PageDown");
    const first = await state();
    await press("PageDown", 2);
    s = await state();
    s.slide = await slide();
    say("stepped", first.step, s.step, s.playing ? "playing" : "paused", "slide", s.slide);
    if (s.max < 0) throw new Error("the player's frame is not loaded on its slide");

    // To the last step, then once more: the deck moves on, and its next key is the deck's.
    await press("PageDown", s.max - s.step);
    s = await state();
    s.slide = await slide();
    record("last", s);
    await press("PageDown");
    await sleep(1200);
    say("handed", await slide());
    await press("PageDown");
    await sleep(1200);
    say("deck", await slide());

    // Left behind: it does not move.
    const left = await state();
    await sleep(1500);
    s = await state();
    s.slide = await slide();
    say("left", left.step, s.step, s.playing ? "playing" : "paused", "slide", s.slide);

    // Back to its slide: it plays from the start again.
    await press("PageUp", 2);
    s = await until("again", (s) => s.playing && s.step > 0);
    s.slide = await slide();
    record("again", s);

    // Escape gives the clicker back to the deck without moving it.
    await clickFigure();
    await press("PageDown");
    const before = await state();
    await press("Escape");
    await press("PageDown");
    await sleep(1200);
    s = await state();
    say("escape", before.step, s.step, "slide", await slide());

    // At the first step, PageUp goes back to the slide before.
    await press("PageUp");
    await sleep(1200);
    s = await until("shown-again", (s) => s.playing && s.step > 0);
    await clickFigure();
    await press("PageDown");
    s = await state();
    await press("PageUp", s.step);
    const atStart = await state();
    await press("PageUp");
    await sleep(1200);
    say("back", atStart.step, await slide());
  } finally {
    await browser.close();
    server.close();
  }
}

main().then(
  () => {
    console.log(out.join("\n"));
  },
  (err) => {
    console.log(out.join("\n"));
    console.error(err && err.stack ? err.stack : String(err));
    process.exit(1);
  },
);
