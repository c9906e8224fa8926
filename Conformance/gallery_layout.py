"""The gallery as a reader uses it beyond playback: on a phone and a desktop, with the keyboard,
through links to a card at a time, copying a card as Swift, and with a lottie-web that stalls.
Called by Conformance/gallery_check.py (which has the Page and Check helpers)."""
import http.server
import json
import os
import re
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The widths the page is checked at: a phone (iPhone 14/15 logical size) and a laptop.
VIEWPORTS = ((390, 844), (1440, 900))

LAYOUT_JS = r"""(() => {
  const vw = document.documentElement.clientWidth, out = {vw: vw, scrollW: document.documentElement.scrollWidth, bad: []};
  const off = (r) => r.width > 0 && (r.left < -0.5 || r.right > vw + 0.5);
  // Every control of the header and of the cards, scrolled into view in turn: on the page, inside it.
  const controls = Array.from(document.querySelectorAll('.global button, article.card button, article.card input, article.card a, article.card summary'))
    .filter(e => !e.closest('[hidden]') && !e.closest('.table-scroll') && getComputedStyle(e).visibility !== 'hidden' && e.offsetParent !== null);
  for (const e of controls) {
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || off(r)) out.bad.push('control ' + (e.textContent || e.getAttribute('aria-label') || e.className).trim().slice(0, 30) + ' at ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  out.controls = controls.length;
  // The card index: visible, as wide as it needs or scrollable, its links with a size.
  const nav = document.getElementById('index'), nr = nav.getBoundingClientRect();
  out.index = {width: Math.round(nr.width), links: nav.querySelectorAll('a').length,
               sized: Array.from(nav.querySelectorAll('a')).every(a => a.getBoundingClientRect().width > 20)};
  if (nr.width < Math.min(200, vw / 2) || off(nr)) out.bad.push('card index ' + Math.round(nr.width) + ' px wide at ' + Math.round(nr.left));
  // Both players of each mounted card: a whole screen, inside the card and the page.
  for (const c of gallery.cards) {
    for (const s of [c.svgScreen, c.lottieScreen]) {
      const r = s.getBoundingClientRect(), cr = c.root.getBoundingClientRect();
      if (r.width < 100 || off(r) || r.left < cr.left - 0.5 || r.right > cr.right + 0.5) out.bad.push(c.data.name + ' screen ' + Math.round(r.left) + '..' + Math.round(r.right));
      // Whole pixels across (the desktop layout's 195 px: the art at ½ scale, its edges on pixels).
      const whole = v => Math.abs(v - Math.round(v)) < 0.01;
      if (!whole(r.left) || !whole(r.width)) out.bad.push(c.data.name + ' screen at x ' + r.left.toFixed(2) + ', ' + r.width.toFixed(2) + ' px wide');
    }
    const svg = c.anim && c.lottieScreen.querySelector('svg');
    if (svg) {
      const a = svg.getBoundingClientRect(), b = c.lottieScreen.getBoundingClientRect();
      if (a.width < b.width - 1.5 || a.height < b.height - 1.5 || a.left < b.left - 1 || a.right > b.right + 1) out.bad.push(c.data.name + ' Lottie drawn ' + Math.round(a.width) + ' of ' + Math.round(b.width) + ' px');
    }
  }
  // The spec: a layer name on one line (never broken mid-word), badges clear of the values.
  let names = 0;
  for (const td of document.querySelectorAll('.changes td.layer')) {
    const range = document.createRange();
    range.selectNodeContents(td);
    const lines = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
    names++;
    if (lines.size > 1) out.bad.push('layer name "' + td.textContent + '" on ' + lines.size + ' lines');
  }
  for (const tag of document.querySelectorAll('.changes .tag')) {
    const a = tag.getBoundingClientRect(), v = tag.closest('tr').querySelector('td.value').getBoundingClientRect();
    if (a.right > v.left + 0.5 && a.left < v.right - 0.5 && a.bottom > v.top + 0.5 && a.top < v.bottom - 0.5) out.bad.push('badge over the value in ' + tag.closest('tr').textContent.slice(0, 40));
    if (off(a)) out.bad.push('badge off the page');
  }
  out.names = names;
  return out;
})()"""


def check_layout(page, check, width, height):
    """At width × height: no sideways scroll, every control on the page, whole players, a usable index, a readable spec."""
    n = page.eval("gallery.cards.length")
    for i in range(n):                     # mount every card as a reader scrolling through would
        page.eval("gallery.cards[%d].root.scrollIntoView({block: 'center'})" % i)
        page.frames(2)
    page.eval("window.scrollTo(0, 0)")
    page.frames(2)
    r = page.eval(LAYOUT_JS)
    label = "%d×%d" % (width, height)
    check.ok(r["scrollW"] <= r["vw"], "%s: no sideways scroll (page %d px in a %d px viewport)" % (label, r["scrollW"], r["vw"]))
    check.ok(not r["bad"], "%s: %d controls on the page, whole players, card index %d px with %d links, %d layer names on one line%s"
             % (label, r["controls"], r["index"]["width"], r["index"]["links"], r["names"],
                "" if not r["bad"] else ": " + "; ".join(r["bad"][:6]) + (" … %d more" % (len(r["bad"]) - 6) if len(r["bad"]) > 6 else "")))
    # The index reaches the last card: its link scrolled into the bar's view, then clicked.
    last = page.eval("""(() => { const a = document.querySelectorAll('#index a'); const l = a[a.length - 1];
        l.scrollIntoView({inline: 'end', block: 'nearest'}); const r = l.getBoundingClientRect();
        return {x: r.left + r.width / 2, y: r.top + r.height / 2, name: l.textContent, vw: document.documentElement.clientWidth}; })()""")
    page.frames(2)
    click(page, last["x"], last["y"])
    page.wait(0.5)
    top = page.eval("(() => { const c = gallery.cards[gallery.cards.length - 1]; return [location.hash, Math.round(c.root.getBoundingClientRect().top)]; })()")
    check.ok(0 <= last["x"] <= last["vw"] and top[0] == "#" + last["name"] and -5 <= top[1] < height / 2,
             "%s: the card index's last link (%s, at x %d) opens its card (hash %s, card top at %d px)" % (label, last["name"], last["x"], top[0], top[1]))
    page.eval("history.replaceState(null, '', location.pathname); window.scrollTo(0, 0)")


def click(page, x, y):
    for kind in ("mousePressed", "mouseReleased"):
        page.tab.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "buttons": 1 if kind == "mousePressed" else 0, "clickCount": 1})


def key(page, name, code, key_code, text=None):
    for kind in ("keyDown", "keyUp"):
        p = {"type": kind if (kind == "keyUp" or text is None) else "keyDown", "key": name, "code": code, "windowsVirtualKeyCode": key_code}
        if text and kind == "keyDown":
            p["text"] = text
        page.tab.send("Input.dispatchKeyEvent", p)


# A point of card i's motion spec that the card itself gets: in the viewport, under no sticky bar,
# on no control (a click there only makes the card the one in use).
SPEC_POINT_JS = r"""(() => { const c = gallery.cards[%d], h = c.root.querySelector('.inspector h3');
  h.scrollIntoView({block: 'center'});
  const r = h.getBoundingClientRect(), x = r.left + Math.min(r.width / 2, 40), y = r.top + r.height / 2, e = document.elementFromPoint(x, y);
  return {x: x, y: y, hit: e ? e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') : null,
          inCard: !!e && c.root.contains(e), onControl: !!e && !!e.closest('a, button, input, summary, label, select, textarea')}; })()"""


def use_card(page, i):
    """Makes card i the one in use as a reader does: a click on its spec (no control). → (point, current card's name)."""
    pt = page.eval(SPEC_POINT_JS % i)
    page.frames(2)
    click(page, pt["x"], pt["y"])
    return pt, page.eval("gallery.current() ? gallery.current().data.name : null")


def key_states(page, i):
    """Space, Home, → ×3, ←, End, space on the card in use; card i's state after each (the page plays it first)."""
    page.eval("(() => { const c = gallery.cards[%d]; c.seek(c.duration / 2); c.play(); document.activeElement.blur(); })()" % i)
    page.frames(2)
    out = {}
    for label, k in (("space", (" ", "Space", 32, " ")), ("home", ("Home", "Home", 36)), ("r1", ("ArrowRight", "ArrowRight", 39)),
                     ("r2", ("ArrowRight", "ArrowRight", 39)), ("three", ("ArrowRight", "ArrowRight", 39)),
                     ("two", ("ArrowLeft", "ArrowLeft", 37)), ("end", ("End", "End", 35)), ("again", (" ", "Space", 32, " "))):
        key(page, *k)
        out[label] = page.state(i)
    return out


def keys_verdict(s, tolerance):
    """What is wrong with key_states' figures ([] if nothing): each key judged on its own."""
    fr, bad = s["space"]["fr"], []
    if s["space"]["playing"]:
        bad.append("space did not pause")
    if s["home"]["t"] != 0 or s["home"]["playing"] or abs(s["home"]["svgT"]) > tolerance:
        bad.append("Home went to t=%.4f (SVG %.4f s), not 0" % (s["home"]["t"], s["home"]["svgT"]))
    if abs(s["three"]["t"] - 3 / fr) > 1e-9:
        bad.append("→ ×3 went to t=%.4f, not frame 3 (%.4f s)" % (s["three"]["t"], 3 / fr))
    two = s["two"]
    if abs(two["t"] - 2 / fr) > 1e-9 or abs(two["svgT"] - 2 / fr) > tolerance or abs(two["frame"] - 2 * two["lottieFr"] / fr) > tolerance * two["lottieFr"]:
        bad.append("← went to t=%.4f (SVG %.4f s, Lottie frame %.2f), not frame 2" % (two["t"], two["svgT"], two["frame"] * fr / two["lottieFr"]))
    end = s["end"]
    if abs(end["t"] - end["duration"]) > 1e-9 or abs(end["svgT"] - end["maxT"]) > tolerance or end["playing"]:
        bad.append("End went to t=%.4f, not %.4f" % (end["t"], end["duration"]))
    if not s["again"]["playing"]:
        bad.append("space did not play again")
    return bad


def check_keys_and_links(page, check, tolerance):
    """Space, ←/→, Home/End on the card in use; #NAME@SECONDS opens a card paused there."""
    i = min(1, page.eval("gallery.cards.length") - 1)
    name = page.eval("gallery.cards[%d].data.name" % i)
    pt, current = use_card(page, i)
    check.ok(pt["inCard"] and not pt["onControl"] and current == name,
             "a click on %s's spec (at %d, %d: %s, no control) makes it the card in use: %s"
             % (name, pt["x"], pt["y"], pt["hit"], current))
    s = key_states(page, i)
    bad = keys_verdict(s, tolerance)
    check.ok(not bad, "keys on %s: space paused, Home t=%.3f, → ×3 t=%.4f (frame 3), ← t=%.4f (SVG %.4f s, Lottie frame %.2f), "
             "End t=%.3f, space plays again%s" % (name, s["home"]["t"], s["three"]["t"], s["two"]["t"], s["two"]["svgT"],
                                                  s["two"]["frame"], s["end"]["t"], "" if not bad else " — NOT: " + "; ".join(bad)))
    page.eval("gallery.cards[%d].pause()" % i)
    # A link to a card at a time: the Link button's href follows the paused time; the link opens it.
    page.eval("(() => { const c = gallery.cards[%d]; c.seek(0.5); c.render(); })()" % i)
    href = page.eval("gallery.cards[%d].link.getAttribute('href')" % i)
    j = page.eval("gallery.cards.length") - 1
    target = page.eval("gallery.cards[%d].data.name" % j)
    at = round(min(0.9, page.eval("gallery.cards[%d].duration" % j) / 2), 3)
    page.eval("gallery.cards[%d].play(); location.hash = %r" % (j, "%s@%s" % (target, at)))
    page.wait(0.4)
    s = page.state(j)
    top = page.eval("Math.round(gallery.cards[%d].root.getBoundingClientRect().top)" % j)
    check.ok(href == "#%s@0.5" % name and not s["playing"] and abs(s["t"] - at) < 1e-9 and abs(s["svgT"] - at) < tolerance
             and s["loaded"] and abs(s["frame"] - at * s["lottieFr"]) < tolerance * s["lottieFr"] and -5 <= top < 200,
             "links: %s's Link reads %s; #%s@%s opens that card paused at %.3f s (SVG %.4f s, Lottie frame %.2f), top at %d px"
             % (name, href, target, at, s["t"], s["svgT"], s["frame"] if s["frame"] is not None else -1, top))
    page.eval("history.replaceState(null, '', location.pathname)")


def check_copy_swift(page, check):
    """"Copy as Swift" puts the card's Swift text (built by SwiftAnimationCode) on the clipboard."""
    page.tab.send("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    page.eval("gallery.cards[0].root.querySelector('button.copy-swift').scrollIntoView({block: 'center'})")
    page.frames(2)
    r = page.eval("(() => { const r = gallery.cards[0].root.querySelector('button.copy-swift').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    click(page, r[0], r[1])
    page.wait(0.3)
    got = page.eval("navigator.clipboard.readText().catch(e => 'error: ' + e)", await_promise=True)
    want = page.eval("gallery.cards[0].data.swift")
    label = page.eval("gallery.cards[0].root.querySelector('button.copy-swift').textContent")
    check.ok(got == want and want.count("UIView.animate") + want.count("UIViewPropertyAnimator(") > 0 and label == "Copied",
             "Copy as Swift on card 0: the clipboard holds its %d lines (%d UIKit calls)%s, the button says %r"
             % (want.count("\n"), want.count("UIView.animate") + want.count("UIViewPropertyAnimator("),
                "" if got == want else " — NOT: clipboard has %r" % (got or "")[:80], label))


def check_embed(page, check):
    """Each card's Embed snippet: the SVG in an <img> and in Markdown, its alt text the template's
    description's first sentence (Templates/NAME.json, read here, not from the page)."""
    cards = page.eval("gallery.cards.map(c => [c.data.name, (c.root.querySelector('details.embed pre') || {}).textContent || ''])")
    bad = []
    for name, text in cards:
        path = os.path.join(REPO, "Templates", name + ".json")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            said = re.split(r"\.\s", json.load(f)["description"])[0].rstrip(".")
        alt = said.replace("&", "&amp;").replace('"', "&quot;")
        md = re.sub(r"([\[\]\\])", r"\\\1", said)
        lines = text.split("\n")
        if lines[:2] != ['<img src="%s.svg" alt="%s">' % (name, alt), "![%s](%s.svg)" % (md, name)]:
            bad.append("%s: %r" % (name, lines[:2]))
    check.ok(cards and not bad, "Embed: %d cards' snippets show the SVG with the description's first sentence as alt text%s"
             % (len(cards), "" if not bad else ": " + "; ".join(bad[:3])))


class _SlowPlayer(http.server.BaseHTTPRequestHandler):
    """Serves lottie-web after `delay` seconds: a CDN that stalls."""
    body = b""
    delay = 0.0

    def do_GET(self):
        time.sleep(self.delay)
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args):
        pass


def check_stalled_player(browser, page_class, export, player_file, out_dir, check, names, stall=6.0):
    """lottie-web from a URL that answers after `stall` s: the SVGs play at once, the Lottie side
    says it is loading, then late, and plays once the player arrives."""
    handler = type("Slow", (_SlowPlayer,), {"body": open(player_file, "rb").read(), "delay": stall})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = "http://127.0.0.1:%d/lottie.js" % server.server_address[1]
        path, _ = export(out_dir, url, names[:2])
        t0 = time.monotonic()
        page = page_class(browser, path)
        loaded_in = time.monotonic() - t0
        a = page.state(0)
        page.wait(0.5)
        b = page.state(0)
        early = page.eval("[gallery.player, Array.from(document.querySelectorAll('.missing')).map(m => m.dataset.player + ': ' + m.textContent)]")
        check.ok(loaded_in < stall - 1 and b["svgT"] is not None and b["svgT"] != a["svgT"] and early[0] == "loading"
                 and early[1] and all(x.startswith("loading: Loading lottie-web") for x in early[1]),
                 "stalled lottie-web: the page loads in %.1f s, the SVG plays at once (%.3f → %.3f s), the Lottie side says %r"
                 % (loaded_in, a["svgT"] or -1, b["svgT"] or -1, early[1][0][:60] if early[1] else None))
        # The page says "late" 4 s after its script ran; on a loaded machine that can be later: wait for
        # the first change of state, which must come before the player does.
        page.eval("new Promise(r => { const t0 = performance.now(); (function f() { if (gallery.player !== 'loading' || "
                  "performance.now() - t0 > %d) r(); else setTimeout(f, 50); })(); })" % int(stall * 1000 + 2000), await_promise=True)
        late = page.eval("[gallery.player, Array.from(document.querySelectorAll('.missing')).map(m => m.dataset.player + ': ' + m.textContent)]")
        check.ok(late[0] == "late" and late[1] and all(x.startswith("late: lottie-web is late") for x in late[1]),
                 "stalled lottie-web: before the player arrives (%.1f s in) the Lottie side says it is late (%r)"
                 % (time.monotonic() - t0, late[1][0][:70] if late[1] else None))
        page.wait(max(0.0, stall + 1.5 - (time.monotonic() - t0)))
        page.frames(3)
        s = page.state(0)
        done = page.eval("[gallery.player, document.querySelectorAll('.missing').length]")
        check.ok(done == ["loaded", 0] and s["loaded"] and abs(s["frame"] - min(s["t"], s["maxT"]) * s["lottieFr"]) < 0.5 * s["lottieFr"] / s["fr"],
                 "stalled lottie-web: once it arrives (%.0f s) the Lottie side plays in step (t %.3f s, frame %.2f), no notice left"
                 % (stall, s["t"], s["frame"] if s["frame"] is not None else -1))
        problems = page.problems()
        check.ok(not problems, "stalled lottie-web: no console errors%s" % ("" if not problems else ": " + "; ".join(problems)))
        page.tab.close()
    finally:
        server.shutdown()
        server.server_close()


def screenshots(page, base, width):
    """The page's top, and the first card's spec, as PNGs (base-WIDTH.png, base-WIDTH-spec.png)."""
    stem = os.path.splitext(base)[0]
    page.eval("(() => { window.scrollTo(0, 0); gallery.cards.forEach(c => { c.pause(); c.seek((c.data.phases[0].start + c.data.phases[0].end) / 2); }); })()")
    page.frames(3)
    paths = ["%s-%d.png" % (stem, width), "%s-%d-spec.png" % (stem, width)]
    with open(paths[0], "wb") as f:
        f.write(page.tab.screenshot_png())
    page.eval("(() => { const s = gallery.cards[0].root.querySelector('.inspector .block'); s.scrollIntoView({block: 'start'}); window.scrollBy(0, -60); })()")
    page.frames(3)
    with open(paths[1], "wb") as f:
        f.write(page.tab.screenshot_png())
    page.eval("window.scrollTo(0, 0)")
    return paths
