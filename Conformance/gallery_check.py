"""Checks the gallery page (output/index.html) in headless Chromium, as a designer uses it.

    python3 Conformance/gallery_check.py [--binary PATH] [--templates NAME ...] [--lottie-player FILE] [--screenshot PNG]

Standard library only (DevTools protocol over --remote-debugging-pipe, via Conformance/chromium.py).
It exports the page with `--lottie-player FILE` (inlined: no network) into a temporary folder
(or checks `--page FILE`), opens it from disk and checks:
- no console errors, warnings or uncaught exceptions while it loads and is used;
- one card per template (`--list`), each with its SVG (shadow root) and its Lottie loaded;
- it plays by itself (the SVG's and lottie-web's times advance);
- the scrubber: a real mouse drag and `input` events at several times per card pause both
  players and seek both to the same time (SVG `getCurrentTime()`, lottie-web `currentFrame`);
  mid-phase and at the end the two players' pixels are compared (mean difference, 0..255);
- the phase buttons play exactly the phase's segment in both, then stop at its end;
- interactive cards (and only they) switch to their scrub clip (NAME.scrub.*): the progress
  slider, dragged and set to p, pauses both players and seeks both to t = p·D (SVG
  `getCurrentTime()`, lottie-web `currentFrame`), is labelled "progress p = …", the SVG frame
  equals the `--branch scrub --at t` reference (mean ≤ 1/255) and the Lottie the SVG; switching
  back, the card's scrubber still seeks its timeline;
- replay plays from the start;
- the cards come in the catalog's order (`--list`, Templates/catalog.txt);
- at 390 × 844 (a phone) and 1440 × 900: no sideways scroll, every control on the page, whole
  players (the Lottie not clipped), a usable card index, layer names on one line and badges
  clear of the values (Conformance/gallery_layout.py);
- keys (space, ←/→ one frame, Home/End) act on the card in use; #NAME@SECONDS opens a card
  paused at that time; "Copy as Swift" puts the card's Swift on the clipboard;
- without a player (a script URL that does not load) every Lottie slot says so (the scrub
  clip's too) and the SVG still plays; with a player that stalls (a local server answering
  after 6 s) the SVGs play at once, the Lottie side says loading, then late, then plays.
Exit status 1 on any failure. `--screenshot PNG` saves the page at both widths (PNG-390.png,
PNG-1440.png, and each with -spec: the first card's motion spec) to look at.
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
from Conformance.chromium import Browser  # noqa: E402  (stdlib-only module of the suite)
from Conformance.gallery_progress import References, check_progress_sliders, interactive_templates  # noqa: E402
from Conformance import gallery_layout  # noqa: E402
from Conformance.gallery_pixels import crop, decode_png, mean_diff  # noqa: E402

def default_player():
    """$LOTTIE_WEB_JS, else lottie-web 5.7.5 as Scripts/install-test-deps.sh extracts it, else ~/.cache/lottie-web."""
    venv = os.environ.get("TRANS_EXPORT_VENV") or os.path.expanduser("~/.cache/trans-export-venv")
    candidates = [os.environ.get("LOTTIE_WEB_JS"), os.path.join(venv, "lottie-web", "lottie.js"),
                  os.path.expanduser("~/.cache/lottie-web/lottie-pylottie.js")]
    return next((c for c in candidates if c and os.path.exists(c)), candidates[-1])


DEFAULT_PLAYER = default_player()
PIXEL_LIMIT = 6.0       # mean |SVG − Lottie| per channel (0..255) at the same time; a wrong frame is ≫ this
TIME_TOLERANCE = 1e-3   # s: Chromium keeps whole microseconds; the page clamps the loop's end by 0.5 ms


class Check:
    def __init__(self):
        self.failures = []

    def ok(self, cond, what):
        print(("  ok    " if cond else "  FAIL  ") + what)
        if not cond:
            self.failures.append(what)
        return cond


class Page:
    """The gallery in one tab; console errors and exceptions are collected as they come."""

    def __init__(self, browser, path, width=1440, height=900):
        self.tab = browser.new_tab(width, height)
        self.browser = browser
        self.tab.send("Log.enable")
        self.tab.navigate(path)
        self.tab.eval("new Promise(r => setTimeout(r, 400))", await_promise=True)
        # The page builds its cards once its media block is inflated (asynchronously): wait for it.
        self.tab.eval("new Promise(r => { const t0 = Date.now(); (function f() {"
                      " if (window.gallery || Date.now() - t0 > 20000) r(); else setTimeout(f, 50); })(); })",
                      await_promise=True)

    def eval(self, expr, await_promise=False):
        return self.tab.eval(expr, await_promise=await_promise)

    def wait(self, seconds):
        self.eval("new Promise(r => setTimeout(r, %d))" % int(seconds * 1000), await_promise=True)

    def frames(self, n=2):
        self.eval("new Promise(r => { let k = %d; (function f() { if (--k < 0) r(); else requestAnimationFrame(f); })(); })" % n,
                  await_promise=True)

    def problems(self):
        """Console errors/warnings, failed loads and uncaught exceptions since the last call."""
        out, keep = [], []
        for e in self.browser.events:
            if e.get("sessionId") != self.tab.session:
                keep.append(e)
                continue
            p = e.get("params", {})
            if e["method"] == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                out.append("exception: " + (d.get("exception", {}).get("description") or d.get("text", "?")))
            elif e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "warning", "assert"):
                out.append("console.%s: %s" % (p["type"], " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))))
            elif e["method"] == "Log.entryAdded" and p["entry"].get("level") in ("error", "warning"):
                out.append("log %s: %s %s" % (p["entry"]["level"], p["entry"].get("text", ""), p["entry"].get("url", "")))
            else:
                keep.append(e)
        self.browser.events = keep
        self.eval("0")  # drain what is queued on the pipe
        return out

    def state(self, i):
        return self.eval("""(() => { const c = gallery.cards[%d];
            return {t: c.t, playing: c.playing, svgT: c.svg ? c.svg.getCurrentTime() : null,
                    svgPaused: c.svg ? c.svg.animationsPaused() : null,
                    frame: c.anim ? c.anim.currentFrame : null, loaded: !!(c.anim && c.anim.isLoaded),
                    fr: c.fr, lottieFr: c.anim ? c.anim.frameRate : c.fr, duration: c.duration, maxT: c.maxT}; })()""" % i)

    def screen_pixels(self, i, players="c"):
        """The two players of card i (or of `players`, e.g. "c.scrub") as RGB bytes (same size), scrolled into view."""
        rects = self.eval("""(() => { const c = gallery.cards[%d]; c.root.scrollIntoView({block: 'center'}); const v = %s;
            return [v.svgScreen, v.lottieScreen].map(s => { const r = s.getBoundingClientRect();
                return {x: Math.round(r.left + scrollX), y: Math.round(r.top + scrollY), w: Math.round(r.width), h: Math.round(r.height)}; }); })()""" % (i, players))
        self.frames(3)
        # Inside the viewport (as scrolled): captureBeyondViewport would re-lay out the whole page for
        # each shot (~5-10 s on the catalog's page); optimizeForSpeed writes rows decode_png adds fast.
        view = self.eval("[scrollX, scrollY, innerWidth, innerHeight]")
        inside = all(r["x"] >= view[0] and r["y"] >= view[1] and r["x"] + r["w"] <= view[0] + view[2]
                     and r["y"] + r["h"] <= view[1] + view[3] for r in rects)
        # One shot of the box holding both players, cut in two.
        x0, y0 = min(r["x"] for r in rects), min(r["y"] for r in rects)
        x1, y1 = max(r["x"] + r["w"] for r in rects), max(r["y"] + r["h"] for r in rects)
        shot = self.tab.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": not inside, "optimizeForSpeed": True,
                                                        "clip": {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0, "scale": 1}})
        w, h, rgb = decode_png(base64.b64decode(shot["data"]))
        return [crop(w, h, rgb, r["x"] - x0, r["y"] - y0, r["w"], r["h"]) for r in rects]


def export(binary, out_dir, player, templates=()):
    """The page with `player` (a file to inline, or a URL the page loads async) → (index.html, --list names).
    Exported as the default run writes it (`all`): the page beside its files, which its cards link
    (file chips, the Embed snippet)."""
    cmd = [binary, "--format", "all", "--output", out_dir, "--lottie-player", player]
    for t in templates:
        cmd += ["--template", t]
    r = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("gallery_check: %s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr.strip()))
    names = subprocess.run([binary, "--list"], cwd=REPO, capture_output=True, text=True).stdout.split()
    if templates:  # the page's cards come in the catalog's order whatever order they were asked in
        names = [n for n in names if n in templates]
    return os.path.join(out_dir, "index.html"), names


def check_page(browser, path, names, check, screenshot, binary, subset=False):
    page = Page(browser, path)
    n = page.eval("gallery.cards.length")
    titles = page.eval("Array.from(document.querySelectorAll('article.card h2')).map(h => h.textContent)")
    check.ok(n == len(names) and titles == names,
             "one card per template, in the catalog's order (--list): %d cards (%s)" % (n, ", ".join(titles)))
    references = References(page, titles, binary)   # the progress sliders' --at frames, exported meanwhile
    mounted_at_load = page.eval("gallery.cards.filter(c => c.svg).length")
    # Players mount as their card nears the viewport: scroll through the page as a reader does.
    for i in range(n):
        page.eval("gallery.cards[%d].root.scrollIntoView({block: 'center'})" % i)
        page.frames(2)
    page.eval("window.scrollTo(0, 0)")
    page.frames(2)
    loaded = page.eval("gallery.cards.map(c => !!(c.svg && c.svg.getRootNode() instanceof ShadowRoot) && !!(c.anim && c.anim.isLoaded))")
    check.ok(0 < mounted_at_load < n or n <= 2, "players mount lazily: %d of %d cards mounted before scrolling" % (mounted_at_load, n))
    check.ok(all(loaded), "every card has its SVG (in a shadow root) and its Lottie loaded: %s" % loaded)
    check.ok(page.eval("document.querySelectorAll('.missing').length") == 0, "no 'player missing' notice")
    specs = page.eval("gallery.cards.map(c => c.root.querySelectorAll('.block, dl.interaction').length)")
    check.ok(all(s > 0 for s in specs), "every card has a motion spec (blocks per card: %s)" % specs)

    # The phase buttons are the Lottie files' markers (cm, tm, dr in the file's frames: a retracing
    # timeline's file counts finer frames than the definition, docs/lottie.md#retracing-timelines).
    pairs = page.eval("""gallery.cards.map(c => { const fr = c.anim ? c.anim.frameRate : c.fr;
                                          return [c.data.phases.map(p => [p.name, p.start * fr, (p.end - p.start) * fr]),
                                                  c.anim ? (c.anim.animationData.markers || []).map(m => [m.cm, m.tm, m.dr]) : []]; })""")
    same = all(len(ph) == len(mk) and all(a[0] == b[0] and abs(a[1] - b[1]) < 1e-3 and abs(a[2] - b[2]) < 1e-3 for a, b in zip(ph, mk))
               for ph, mk in pairs)
    check.ok(same, "phase buttons = the Lottie markers (name, tm, dr) on every card")

    a = page.state(0)
    page.wait(0.5)
    b = page.state(0)
    check.ok(b["playing"] and b["svgT"] != a["svgT"] and b["frame"] != a["frame"],
             "plays by itself: card 0 SVG %.3f → %.3f s, Lottie frame %.2f → %.2f" % (a["svgT"], b["svgT"], a["frame"], b["frame"]))

    # A real drag on the first scrubber: the browser fires the input events.
    page.eval("gallery.cards[0].root.scrollIntoView({block: 'start'}); window.scrollBy(0, -80)")
    page.frames()
    r = page.eval("(() => { const r = gallery.cards[0].scrubber.getBoundingClientRect(); return {x: r.left, y: r.top + r.height / 2, w: r.width}; })()")
    before = page.state(0)
    for kind, fx in (("mousePressed", 0.15), ("mouseMoved", 0.4), ("mouseMoved", 0.6), ("mouseReleased", 0.6)):
        page.tab.send("Input.dispatchMouseEvent", {"type": kind, "x": r["x"] + r["w"] * fx, "y": r["y"], "button": "left",
                                                   "buttons": 0 if kind == "mouseReleased" else 1, "clickCount": 1})
    page.frames()
    s = page.state(0)
    check.ok(not s["playing"] and s["svgPaused"] and abs(s["svgT"] - min(s["t"], s["maxT"])) < TIME_TOLERANCE
             and abs(s["frame"] - min(s["t"], s["maxT"]) * s["lottieFr"]) < TIME_TOLERANCE * s["lottieFr"] and abs(s["t"] - before["t"]) > 0.01,
             "mouse drag on card 0's scrubber: paused both, t %.3f s → SVG %.4f s, Lottie frame %.3f (= %.4f s)"
             % (s["t"], s["svgT"], s["frame"], s["frame"] / s["lottieFr"]))

    worst = 0.0
    for i in range(n):
        st = page.state(i)
        phases = page.eval("gallery.cards[%d].data.phases" % i)
        # Every time is seeked and its times checked. The pixels are compared where a wrong page shows:
        # mid-phase, where everything moves (a wrong time, frame rate or file differs most), and the
        # end, which the page clamps so lottie-web does not wrap to frame 0. Not at 0 (nothing moves
        # yet) nor phase start + 0.05 s: the files' own frames are compared with --at every 1/30 s by
        # the conformance suite; here it is the page's plumbing.
        pixel_times = {st["duration"]} | {round((p["start"] + p["end"]) / 2, 4) for p in phases}
        times = sorted({0.0} | pixel_times | {round(p["start"] + 0.05, 4) for p in phases})
        for t in times:
            page.eval("(() => { const s = gallery.cards[%d].scrubber; s.value = %r; s.dispatchEvent(new Event('input', {bubbles: true})); })()" % (i, t))
            s = page.state(i)
            expect = min(t, s["maxT"])
            good = (not s["playing"] and s["svgPaused"] and abs(s["svgT"] - expect) < TIME_TOLERANCE
                    and abs(s["frame"] - expect * s["lottieFr"]) < TIME_TOLERANCE * s["lottieFr"])
            d, figure = 0.0, "%.3f s: SVG %.4f s, frame %.2f" % (t, s["svgT"], s["frame"])
            if t in pixel_times:
                svg_px, lottie_px = page.screen_pixels(i)
                d = mean_diff(svg_px[2], lottie_px[2]) if svg_px[:2] == lottie_px[:2] else 255.0
                worst = max(worst, d)
                figure += ", Δpx %.2f" % d
            check.ok(good and d <= PIXEL_LIMIT, "%s scrub %s" % (titles[i], figure))
    # The comparison tells frames apart: card 0's SVG at its first phase's middle and end vs its
    # Lottie at the phase's start, the farther of the two (a cancel ends where it started).
    if n:
        page.eval("(() => { const c = gallery.cards[0]; c.pause(); c.seek(c.data.phases[0].start); })()")
        _, lottie_px = page.screen_pixels(0)
        far, at = 0.0, ""
        for label, expr in (("middle", "(p.start + p.end) / 2"), ("end", "p.end")):
            page.eval("(() => { const c = gallery.cards[0], p = c.data.phases[0]; c.seek(%s); })()" % expr)
            svg_px, _ = page.screen_pixels(0)
            d = mean_diff(svg_px[2], lottie_px[2])
            if d > far:
                far, at = d, label
        check.ok(far > 2 * worst, "the pixel comparison tells frames apart: %s SVG at the %s of '%s' vs Lottie at its start: Δpx %.2f "
                 "(worst same-time Δpx %.2f)" % (titles[0], at, page.eval("gallery.cards[0].data.phases[0].name"), far, worst))

    for i in range(n):
        phases = page.eval("gallery.cards[%d].data.phases" % i)
        page.eval("gallery.cards[%d].root.scrollIntoView({block: 'center'})" % i)
        page.frames()
        for k, p in enumerate(phases):
            # Clicked, then watched every frame until it stops by itself: it must start at the phase's start
            # and be seen playing inside the phase (on a loaded machine a 0.2 s phase can take two frames:
            # the page's clock moves ≤ 0.1 s a frame, so a sample after a fixed wait may come too late).
            seen = page.eval("""new Promise(r => { const c = gallery.cards[%d], t0 = performance.now();
                c.phaseButtons[%d].click(); const started = c.playing && c.t === %r; let inside = 0;
                (function f() { if (c.playing && c.t > %r && c.t < %r) inside++;
                  if (!c.playing || performance.now() - t0 > %d) r({started: started, inside: inside}); else requestAnimationFrame(f); })(); })"""
                             % (i, k, p["start"], p["start"], p["end"], int(((p["end"] - p["start"]) * 10 + 5) * 1000)), await_promise=True)
            s = page.state(i)
            end = min(p["end"], s["maxT"])
            check.ok(seen["started"] and seen["inside"] > 0 and not s["playing"] and abs(s["t"] - p["end"]) < 1e-9
                     and abs(s["svgT"] - end) < TIME_TOLERANCE and abs(s["frame"] - end * s["lottieFr"]) < TIME_TOLERANCE * s["lottieFr"],
                     "%s phase button '%s' (%.3f–%.3f s): played from its start (%d frames inside), stopped at SVG %.4f s, Lottie frame %.2f"
                     % (titles[i], p["name"], p["start"], p["end"], seen["inside"], s["svgT"], s["frame"]))

    check_progress_sliders(page, check, titles, binary, mean_diff, TIME_TOLERANCE, PIXEL_LIMIT, references, subset=subset)
    references.close()
    page.eval("gallery.cards.forEach(c => c.setView('timeline'))")
    gallery_layout.check_keys_and_links(page, check, TIME_TOLERANCE)
    gallery_layout.check_copy_swift(page, check)
    gallery_layout.check_embed(page, check)
    gallery_layout.check_layout(page, check, *gallery_layout.VIEWPORTS[1])

    page.eval("gallery.cards[0].root.scrollIntoView({block: 'center'})")
    page.frames()
    page.eval("gallery.cards[0].root.querySelector('button.replay').click()")
    page.wait(0.3)
    s = page.state(0)
    check.ok(s["playing"] and 0.1 < s["t"] < 0.6, "replay: card 0 plays from 0 (t = %.3f s after 0.3 s)" % s["t"])

    if screenshot:
        print("  saved %s" % ", ".join(gallery_layout.screenshots(page, screenshot, gallery_layout.VIEWPORTS[1][0])))
    problems = page.problems()
    check.ok(not problems, "no console errors, warnings or exceptions%s" % ("" if not problems else ": " + "; ".join(problems)))
    page.tab.close()


def check_phone(browser, path, check, screenshot):
    """The same page on a phone (390 × 844)."""
    width, height = gallery_layout.VIEWPORTS[0]
    page = Page(browser, path, width, height)
    gallery_layout.check_layout(page, check, width, height)
    if screenshot:
        print("  saved %s" % ", ".join(gallery_layout.screenshots(page, screenshot, width)))
    # Dark mode follows the system: the page's colours turn, the screens keep the exported art.
    page.tab.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    page.frames(2)
    bg = page.eval("[getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(gallery.cards[0].root).backgroundColor,"
                   " getComputedStyle(gallery.cards[0].svgScreen).backgroundColor]")
    check.ok(bg[0] != "rgb(242, 243, 245)" and luminance(bg[0]) < 40 and luminance(bg[1]) < 60 and bg[2] == "rgb(255, 255, 255)",
             "dark mode (prefers-color-scheme): page %s, card %s, screens stay %s" % tuple(bg))
    if screenshot:
        page.eval("window.scrollTo(0, 0)")
        page.frames(2)
        dark = os.path.splitext(screenshot)[0] + "-%d-dark.png" % width
        with open(dark, "wb") as f:
            f.write(page.tab.screenshot_png())
        print("  saved %s" % dark)
    page.tab.send("Emulation.setEmulatedMedia", {"features": []})
    problems = page.problems()
    check.ok(not problems, "%d×%d: no console errors%s" % (width, height, "" if not problems else ": " + "; ".join(problems)))
    page.tab.close()


def luminance(css):
    """0..255 from "rgb(r, g, b)" / "rgba(…)"."""
    r, g, b = [float(x) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def check_without_player(browser, binary, out_dir, check, names):
    interactive = interactive_templates(names)[:1]
    path, _ = export(binary, out_dir, "file:///nonexistent/lottie-web.js", [n for n in names[:2] if n not in interactive] + interactive)
    page = Page(browser, path)
    for i in range(page.eval("gallery.cards.length")):
        page.eval("gallery.cards[%d].root.scrollIntoView({block: 'center'})" % i)
        page.frames(2)
        page.eval("(() => { const b = gallery.cards[%d].root.querySelector('.view-switch button[data-view=scrub]'); if (b) b.click(); })()" % i)
    page.eval("window.scrollTo(0, 0)")
    page.frames(2)
    notes = page.eval("gallery.cards.flatMap(c => [c.lottieScreen].concat(c.scrub ? [c.scrub.lottieScreen] : []))"
                      ".map(s => (s.querySelector('.missing') || {}).textContent || '')")
    scrub_svgs = page.eval("gallery.cards.filter(c => c.scrub).map(c => !!c.scrub.svg)")
    check.ok(notes and all("not loaded" in t for t in notes) and len(notes) == page.eval("gallery.cards.length") + len(interactive)
             and scrub_svgs == [True] * len(interactive),
             "no player: every Lottie slot says so, the scrub clip's of %s too, whose SVG is mounted (%d notices: %r)"
             % (interactive, len(notes), notes[0][:60] if notes else ""))
    page.eval("gallery.cards.forEach(c => c.setView('timeline'))")
    a = page.state(0)
    page.wait(0.4)
    b = page.state(0)
    check.ok(b["svgT"] != a["svgT"], "no player: the SVG still plays (%.3f → %.3f s)" % (a["svgT"], b["svgT"]))
    problems = page.problems()
    unexpected = [p for p in problems if "nonexistent/lottie-web.js" not in p]
    check.ok(not unexpected, "no player: no errors besides the failed script load (%d expected)%s"
             % (len(problems) - len(unexpected), "" if not unexpected else ": " + "; ".join(unexpected)))
    page.tab.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default=os.path.join(REPO, ".build", "debug", "trans-export"))
    ap.add_argument("--lottie-player", default=DEFAULT_PLAYER, help="lottie-web script file to inline")
    ap.add_argument("--page", help="check this index.html instead of exporting one (its cards are not counted against --list)")
    ap.add_argument("--templates", nargs="+", help="a page of these templates only (default: every one, --list)")
    ap.add_argument("--screenshot", help="save a PNG of the page here")
    ap.add_argument("--chromium", help="browser binary (default $CHROMIUM, else chromium on PATH)")
    opts = ap.parse_args(argv)
    check = Check()
    tmp = tempfile.mkdtemp(prefix="gallery-check-")
    try:
        with Browser(opts.chromium) as browser:
            print("gallery check in %s" % browser.version)
            if opts.page:
                page_path, names = opts.page, None
            else:
                if not os.path.exists(opts.lottie_player):
                    sys.exit("gallery_check: no lottie-web at %s; pass --lottie-player FILE" % opts.lottie_player)
                page_path, names = export(opts.binary, os.path.join(tmp, "with-player"), opts.lottie_player, opts.templates or ())
            if names is None:
                names = json.loads(open(page_path, encoding="utf-8").read().split('id="gallery-data">', 1)[1].split("</script>", 1)[0])
                names = [t["name"] for t in names["transitions"]]
            check_page(browser, page_path, names, check, opts.screenshot, opts.binary, subset=bool(opts.templates))
            check_phone(browser, page_path, check, opts.screenshot)
            if not opts.page:
                check_without_player(browser, opts.binary, os.path.join(tmp, "without-player"), check, names)
                n = iter(range(100))
                gallery_layout.check_stalled_player(
                    browser, Page, lambda d, url, t: export(opts.binary, os.path.join(tmp, "stalled-%d" % next(n)), url, t),
                    opts.lottie_player, None, check, names)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("gallery check: %s" % ("passed" if not check.failures else "%d FAILED" % len(check.failures)))
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
