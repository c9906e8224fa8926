"""The progress slider of the gallery's interactive cards, checked in Chromium (part of
Conformance/gallery_check.py; standard library only).

An interactive card switches to its scrub clip (NAME.scrub.svg / .json); its slider at p must
pause both players and seek both to t = p·D, say "progress p = …", show in the SVG the exporter's
exact state (`--branch scrub --at t`, mean ≤ 1/255 as the suite's SMIL vs --at check) and the
same in the Lottie as in the SVG. Switching back, the card's timeline scrubber works as before.
"""
import json
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE_LIMIT = 1.0   # mean |SMIL − `--at`| (0..255), the suite's limit for Chromium SMIL vs --at frames
PROGRESS_VALUES = (0.0, 0.19, 0.21, 0.37, 0.5, 0.83, 1.0)  # on the slider's 0.01 steps; 0.19/0.21 straddle douyin's rule


def interactive_templates(names):
    """The templates with an `interaction` (Templates/NAME.json): read from the definitions, not
    from the page, so the page cannot vouch for itself."""
    out = []
    for name in names:
        try:
            with open(os.path.join(REPO, "Templates", name + ".json"), encoding="utf-8") as f:
                if json.load(f).get("interaction"):
                    out.append(name)
        except (OSError, ValueError):
            pass
    return out


def scrub_reference(binary, name, t, out_dir):
    """The scrub clip's exact state at t as a static SVG (`--branch scrub --at t`): (text, error)."""
    cmd = [binary, "--format", "svg", "--template", name, "--branch", "scrub", "--at", repr(t), "--output", out_dir]
    r = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
    if r.returncode != 0:
        return None, "%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr.strip())
    with open(os.path.join(out_dir, name + ".scrub.svg"), encoding="utf-8") as f:
        return f.read(), None


class References:
    """The `--at` references of every interactive card's progress values, exported by two workers
    while the rest of the page is checked (0.4 s each, one process per time: --at takes one time)."""

    def __init__(self, page, titles, binary):
        self.binary, self.futures = binary, {}
        self.tmp = tempfile.mkdtemp(prefix="gallery-scrub-")
        self.pool = ThreadPoolExecutor(max_workers=2)
        if not os.path.exists(binary):
            return
        for i, name in enumerate(titles):
            d = page.eval("(() => { const s = gallery.cards[%d].scrub; return s ? s.duration : null; })()" % i)
            if d is not None and name in interactive_templates([name]):
                for p in PROGRESS_VALUES:
                    self.futures[(name, p, p * d)] = self.pool.submit(scrub_reference, binary, name, p * d, self.folder(name, p))

    def folder(self, name, p):
        return os.path.join(self.tmp, "%s@%r" % (name, p))

    def get(self, name, p, t):
        """(svg text, error) of `name`'s scrub clip at t = p·D."""
        f = self.futures.get((name, p, t))
        return f.result() if f else scrub_reference(self.binary, name, t, self.folder(name, p))

    def close(self):
        self.pool.shutdown(wait=True)
        shutil.rmtree(self.tmp, ignore_errors=True)


def scrub_state(page, i):
    return page.eval("""(() => { const c = gallery.cards[%d], s = c.scrub;
        return {view: c.view, playing: c.playing, p: s.p, t: s.t, fr: s.anim ? s.anim.frameRate : s.fr, label: s.label.textContent,
                svgT: s.svg ? s.svg.getCurrentTime() : null, svgPaused: s.svg ? s.svg.animationsPaused() : null,
                frame: s.anim ? s.anim.currentFrame : null, loaded: !!(s.anim && s.anim.isLoaded),
                timelineHidden: c.timelineView.hidden, scrubHidden: s.root.hidden}; })()""" % i)


def reference_pixels(page, i, svg_text):
    """The scrub SVG slot of card i showing `svg_text` instead (own shadow root, same box), as RGB bytes."""
    page.eval("""(() => { const s = gallery.cards[%d].scrub, doc = new DOMParser().parseFromString(%s, 'image/svg+xml');
        const host = document.createElement('div'), style = document.createElement('style');
        host.style.cssText = 'position: absolute; inset: 0; background: #fff';
        style.textContent = 'svg { display: block; width: 100%%; height: 100%%; }';
        host.attachShadow({mode: 'open'}).append(style, document.importNode(doc.documentElement, true));
        s.svg.style.visibility = 'hidden';
        s.svgScreen.shadowRoot.appendChild(host);
        window.__galleryCheckReference = host; })()""" % (i, json.dumps(svg_text)))
    px = page.screen_pixels(i, "c.scrub")[0]
    page.eval("(() => { window.__galleryCheckReference.remove(); gallery.cards[%d].scrub.svg.style.visibility = ''; })()" % i)
    return px


def check_progress_sliders(page, check, titles, binary, mean_diff, time_tolerance, pixel_limit, references=None, subset=False):
    """Interactive cards: the Progress view's slider seeks the scrub clip's SVG and Lottie to t = p·D.
    `page` is gallery_check's Page; SVG vs Lottie pixels within `pixel_limit`, times within `time_tolerance`;
    `references` (References) started earlier, else made here."""
    has = page.eval("gallery.cards.map(c => c.root.querySelectorAll('input.progress-slider').length === 1 && !!c.scrub)")
    count = page.eval("document.querySelectorAll('input.progress-slider').length")
    expected = interactive_templates(titles)
    with_slider = [t for t, h in zip(titles, has) if h]
    if subset and not expected:
        # A page of chosen templates (--templates) without an interactive one: no slider to seek.
        check.ok(count == 0, "no progress slider on a page without interactive templates: %d" % count)
        return
    # The whole catalog holds interactive templates: none found is a failure, not a pass.
    check.ok(with_slider == expected and count == len(expected) and expected,
             "a progress slider on the interactive cards only: %s (interactive templates: %s)" % (with_slider, expected))
    if not os.path.exists(binary):
        check.ok(False, "no exporter at %s for the --at references of the scrub clips" % binary)
        return
    own = references is None
    references = references or References(page, titles, binary)
    try:
        for i in (k for k in range(len(titles)) if has[k]):
            name = titles[i]
            page.eval("(() => { const c = gallery.cards[%d]; c.play(); c.root.scrollIntoView({block: 'start'}); window.scrollBy(0, -80); })()" % i)
            page.frames()
            page.eval("gallery.cards[%d].root.querySelector('.view-switch button[data-view=scrub]').click()" % i)
            page.eval("new Promise(r => { const s = gallery.cards[%d].scrub, t0 = performance.now();"
                      " (function f() { if ((s.anim && s.anim.isLoaded) || performance.now() - t0 > 5000) r(); else requestAnimationFrame(f); })(); })" % i,
                      await_promise=True)
            st = scrub_state(page, i)
            check.ok(st["view"] == "scrub" and not st["playing"] and st["timelineHidden"] and not st["scrubHidden"]
                     and st["svgPaused"] and st["loaded"],
                     "%s Progress view: the timeline paused and hidden, the scrub clip's SVG (paused) and Lottie loaded" % name)
            # D as the page has it (6 decimals) is the exported clip's: its Lottie marker 'scrub' spans D·fr frames.
            d, marker = page.eval("(() => { const s = gallery.cards[%d].scrub; return [s.duration, (s.anim.animationData.markers || [])"
                                  ".filter(m => m.cm === 'scrub').map(m => [m.tm, m.dr])[0] || null]; })()" % i)
            check.ok(marker is not None and marker[0] == 0 and abs(marker[1] - d * st["fr"]) < 1e-3,
                     "%s D = %r s = the scrub clip's marker (tm, dr) %s / %r fps" % (name, d, marker, st["fr"]))

            # The slider in the middle of the viewport, wherever the card's height put it.
            page.eval("gallery.cards[%d].scrub.slider.scrollIntoView({block: 'center'})" % i)
            page.frames()
            r = page.eval("(() => { const r = gallery.cards[%d].scrub.slider.getBoundingClientRect(); return {x: r.left, y: r.top + r.height / 2, w: r.width}; })()" % i)
            for kind, fx in (("mousePressed", 0.1), ("mouseMoved", 0.3), ("mouseMoved", 0.55), ("mouseReleased", 0.55)):
                page.tab.send("Input.dispatchMouseEvent", {"type": kind, "x": r["x"] + r["w"] * fx, "y": r["y"], "button": "left",
                                                           "buttons": 0 if kind == "mouseReleased" else 1, "clickCount": 1})
            page.frames()
            st = scrub_state(page, i)
            check.ok(0.4 < st["p"] < 0.7 and abs(st["t"] - st["p"] * d) < 1e-9 and abs(st["svgT"] - st["t"]) < time_tolerance
                     and abs(st["frame"] - st["t"] * st["fr"]) < time_tolerance * st["fr"],
                     "%s mouse drag on the progress slider: p %.2f → SVG %.4f s, Lottie frame %.3f (t = p·D = %.4f s)"
                     % (name, st["p"], st["svgT"], st["frame"], st["p"] * d))

            worst_lottie = worst_ref = 0.0
            first_svg = last_ref = None
            for p in PROGRESS_VALUES:
                page.eval("(() => { const s = gallery.cards[%d].scrub.slider; s.value = %r; s.dispatchEvent(new Event('input', {bubbles: true})); })()" % (i, p))
                st = scrub_state(page, i)
                t = p * d
                label = "progress p = %.2f" % p
                seeked = (abs(st["p"] - p) < 1e-12 and st["label"].startswith(label) and st["svgPaused"] and not st["playing"]
                          and abs(st["svgT"] - t) < time_tolerance and abs(st["frame"] - t * st["fr"]) < time_tolerance * st["fr"])
                svg_px, lottie_px = page.screen_pixels(i, "c.scrub")
                dl = mean_diff(svg_px[2], lottie_px[2]) if svg_px[:2] == lottie_px[:2] else 255.0
                text, err = references.get(name, p, t)
                ref_px = reference_pixels(page, i, text) if text else None
                dr = mean_diff(svg_px[2], ref_px[2]) if ref_px and ref_px[:2] == svg_px[:2] else 255.0
                worst_lottie, worst_ref = max(worst_lottie, dl), max(worst_ref, dr)
                first_svg = first_svg or svg_px
                last_ref = ref_px
                check.ok(seeked and dl <= pixel_limit and dr <= REFERENCE_LIMIT,
                         "%s '%s': t = %.4f s → SVG %.4f s, Lottie frame %.2f; Δpx SVG vs --at %.3f, Lottie vs SVG %.2f%s"
                         % (name, label, t, st["svgT"], st["frame"], dr, dl, "" if not err else "; " + err))
            if first_svg and last_ref:
                far = mean_diff(first_svg[2], last_ref[2])
                check.ok(far > 2 * max(worst_ref, worst_lottie),
                         "%s the comparison tells progress apart: SVG at p = 0 vs --at reference at p = 1: Δpx %.2f "
                         "(worst same-p Δpx %.3f vs --at, %.2f vs Lottie)" % (name, far, worst_ref, worst_lottie))

            # Back to the branch timeline: its players and scrubber work as before.
            page.eval("gallery.cards[%d].root.querySelector('.view-switch button[data-view=timeline]').click()" % i)
            mid = page.eval("(() => { const p = gallery.cards[%d].data.phases[0]; return (p.start + p.end) / 2; })()" % i)
            page.eval("(() => { const s = gallery.cards[%d].scrubber; s.value = %r; s.dispatchEvent(new Event('input', {bubbles: true})); })()" % (i, mid))
            s, st = page.state(i), scrub_state(page, i)
            check.ok(st["view"] == "timeline" and not st["timelineHidden"] and st["scrubHidden"]
                     and abs(s["svgT"] - mid) < time_tolerance and abs(s["frame"] - mid * s["lottieFr"]) < time_tolerance * s["lottieFr"],
                     "%s back to Branches: the scrubber seeks the timeline again (SVG %.4f s, Lottie frame %.2f at %.4f s)"
                     % (name, s["svgT"], s["frame"], mid))
    finally:
        if own:
            references.close()
