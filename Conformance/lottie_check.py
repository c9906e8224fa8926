"""Lottie: schema + lint, and frames from rlottie, ThorVG and lottie-web compared with the
Chromium frame of the `--at` static SVG at the same time (frame / fr)."""
import json
import os

import numpy as np

from . import images, lottie_lint
from .results import LOTTIE_MEAN, FrameStats, Row


class RendererError(RuntimeError):
    pass


class Rlottie:
    """PyPI rlottie-python (bundles librlottie 0.2). Integer frames; premultiplied BGRA."""
    name = "rlottie"

    def __init__(self, path, doc):
        from rlottie_python import LottieAnimation
        with open(path, encoding="utf-8") as f:
            self.anim = LottieAnimation.from_data(data=f.read())
        if not self.anim.animation_p:
            raise RendererError("rlottie could not parse the file")
        self.w, self.h = self.anim.lottie_animation_get_size()
        if (self.w, self.h) != (doc.get("w"), doc.get("h")):
            raise RendererError("rlottie reads size %s×%s, file says %s×%s" % (self.w, self.h, doc.get("w"), doc.get("h")))
        if self.anim.lottie_animation_get_totalframe() <= 0:
            raise RendererError("rlottie reads no frames")

    def frame(self, n):
        buf = self.anim.lottie_animation_render(frame_num=int(n))
        bgra = np.frombuffer(buf, dtype=np.uint8).reshape(self.h, self.w, 4)
        return images.over_white_premultiplied(bgra[..., [2, 1, 0, 3]])

    def close(self):
        self.anim = None


class Thorvg:
    """PyPI thorvg-python (bundles libthorvg 1.0). Premultiplied ABGR8888 (bytes R, G, B, A)."""
    name = "thorvg"

    def __init__(self, path, doc):
        import thorvg_python as tvg
        self.tvg = tvg
        self.engine = tvg.Engine(threads=0)
        with open(path, "rb") as f:
            data = f.read()
        self.w, self.h = int(doc["w"]), int(doc["h"])
        self.canvas = tvg.SwCanvas(self.engine)
        self.canvas.set_target(self.w, self.h, cs=tvg.Colorspace.ABGR8888)
        self.anim = tvg.LottieAnimation(self.engine)
        self.pic = self.anim.get_picture()
        res = self.pic.load_data(data, "lottie", None, True)
        if res != tvg.Result.SUCCESS:
            raise RendererError("ThorVG could not load the file: %s" % res)
        self.pic.set_size(self.w, self.h)
        self.canvas.add(self.pic)
        res, total = self.anim.get_total_frame()
        if res != tvg.Result.SUCCESS or not total:
            raise RendererError("ThorVG reads no frames (%s)" % res)

    def frame(self, n):
        res = self.anim.set_frame(float(n))
        if res not in (self.tvg.Result.SUCCESS, self.tvg.Result.INSUFFICIENT_CONDITION):
            raise RendererError("ThorVG set_frame(%s): %s" % (n, res))
        self.canvas.update()
        self.canvas.draw(True)
        self.canvas.sync()
        rgba = np.frombuffer(bytes(self.canvas.buffer_arr), dtype=np.uint8).reshape(self.h, self.w, 4)
        return images.over_white_premultiplied(rgba)

    def close(self):
        self.canvas = self.anim = self.pic = None
        self.engine = None


LOTTIE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8">
<style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}#c{position:absolute;left:0;top:0}</style>
<script>%s</script>
</head><body><div id="c"></div></body></html>
"""

LOAD_JS = r"""
new Promise(function (resolve) {
  var c = document.getElementById('c');
  c.style.width = %(w)d + 'px'; c.style.height = %(h)d + 'px';
  var done = function (v) { if (!window.__settled) { window.__settled = true; resolve(v); } };
  var anim;
  try {
    anim = lottie.loadAnimation({container: c, renderer: 'svg', loop: false, autoplay: false,
                                 animationData: %(data)s,
                                 rendererSettings: {preserveAspectRatio: 'xMidYMid meet'}});
  } catch (e) { done('loadAnimation threw: ' + e); return; }
  window.__anim = anim;
  anim.addEventListener('DOMLoaded', function () { done('ok'); });
  anim.addEventListener('data_failed', function () { done('data_failed'); });
  anim.addEventListener('error', function (e) { done('error event: ' + JSON.stringify(e)); });
  if (anim.isLoaded) done('ok');
  setTimeout(function () { done('no DOMLoaded within 10 s'); }, 10000);
})
"""


def lottie_js_path():
    """lottie-web 5.7.5, as installed by Scripts/install-test-deps.sh into the venv folder."""
    cands = [os.environ.get("TRANS_EXPORT_LOTTIE_JS")]
    import sys
    cands.append(os.path.join(sys.prefix, "lottie-web", "lottie.js"))
    venv = os.environ.get("TRANS_EXPORT_VENV") or os.path.expanduser("~/.cache/trans-export-venv")
    cands.append(os.path.join(venv, "lottie-web", "lottie.js"))
    for c in cands:
        if c and os.path.isfile(c):
            return c
    raise RendererError("lottie-web player not found (run Scripts/install-test-deps.sh)")


class LottieWeb:
    """lottie-web 5.7.5, svg renderer, in the suite's Chromium (a page with lottie.js inline)."""
    name = "lottie-web svg"

    def __init__(self, path, doc, tab, page):
        self.tab = tab
        tab.set_viewport(int(doc["w"]), int(doc["h"]))
        tab.navigate(page)
        tab.exceptions()
        with open(path, encoding="utf-8") as f:
            data = f.read()
        status = tab.eval(LOAD_JS % {"w": int(doc["w"]), "h": int(doc["h"]), "data": data}, await_promise=True)
        errs = tab.exceptions()
        if status != "ok" or errs:
            raise RendererError("lottie-web: %s" % (errs[0] if errs else status))

    def frame(self, n):
        cur = self.tab.eval("__anim.goToAndStop(%d, true); __anim.currentFrame" % int(n))
        errs = self.tab.exceptions()
        if errs:
            raise RendererError("lottie-web at frame %s: %s" % (n, errs[0]))
        if cur is None or abs(cur - n) > 1e-6:
            raise RendererError("lottie-web went to frame %s, asked for %s" % (cur, n))
        return images.decode_png(self.tab.screenshot_png())

    def close(self):
        try:
            self.tab.eval("__anim && __anim.destroy(); true")
        except Exception:
            pass


def frames_for(run, doc, times):
    """Lottie frames to check: the frame at each pixel-check time t (frame = t·fr when that is
    whole, else the nearest whole frame, compared at its own time)."""
    fr, op = doc.get("fr"), doc.get("op")
    out = []
    for t in times:
        f = t * fr
        n = round(f)
        if 0 <= n < op and (n, n / fr) not in out:
            out.append((n, t if abs(f - n) < 1e-6 else n / fr))
    return out


def check_lint(run, doc):
    row = Row(run.json_name, "schema + lint", limit="0 errors")
    errs = lottie_lint.schema_errors(doc)
    lerrs, warns = lottie_lint.lint(doc, run.tracks)
    for e in errs[:12]:
        row.fail("schema " + e)
    if len(errs) > 12:
        row.fail("… %d more schema errors" % (len(errs) - 12))
    for e in lerrs:
        row.fail("lint " + e)
    for w in warns:
        row.note("warning " + w)
    return row


def check_renderer(run, make, name, doc, frames):
    row = Row(run.json_name, name, frames=0, limit="mean ≤ %.1f" % LOTTIE_MEAN)
    try:
        r = make()
    except Exception as e:
        return row.fail("failed to load: %s" % e)
    stats = FrameStats(row, LOTTIE_MEAN)
    errors = []
    try:
        for n, t in frames:
            try:
                stats.add(t, run.reference(t), r.frame(n))
            except Exception as e:
                errors.append("frame %s: %s" % (n, e))
    finally:
        r.close()
    stats.finish(run, name.replace(" ", "-"))
    if errors:
        row.fail("%d frame(s) not rendered: %s" % (len(errors), errors[0]))
    if row.frames == 0:
        row.fail("no frame compared")
    return row


def check_lottie(run, tab, page, times):
    rows = []
    try:
        with open(run.json, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        return [Row(run.json_name, "schema + lint").fail("not JSON: %s" % e)]
    rows.append(check_lint(run, doc))
    fr, op, w, h = doc.get("fr"), doc.get("op"), doc.get("w"), doc.get("h")
    usable = all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in (fr, op, w, h))
    makers = [("rlottie", lambda: Rlottie(run.json, doc)),
              ("thorvg", lambda: Thorvg(run.json, doc)),
              ("lottie-web svg", lambda: LottieWeb(run.json, doc, tab, page))]
    if not usable:
        for name, _ in makers:
            rows.append(Row(run.json_name, name, limit="mean ≤ %.1f" % LOTTIE_MEAN).fail(
                "cannot map frames to time: fr/op/w/h missing or not positive"))
        return rows
    if (w, h) != run.canvas:
        rows[0].fail("w×h %s×%s, canvas is %s×%s" % (w, h, *run.canvas))
    frames = frames_for(run, doc, times)
    run.request_references([t for _, t in frames])
    for name, make in makers:
        rows.append(check_renderer(run, make, name, doc, frames))
    return rows
