"""Checks of the animated SVG: XML and safety lint, static renderer, SMIL frames, geometry."""
import json
import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

from . import images
from .results import GEOMETRY_PX, RSVG_MEAN, SMIL_MEAN, FrameStats, Row

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ANIMATION_ELEMENTS = {"animate", "animateTransform", "animateMotion", "animateColor", "set", "discard"}
_URL = re.compile(r"url\(\s*['\"]?\s*([^'\")\s]*)", re.I)


def _local(name):
    return name.rsplit("}", 1)[-1]


def _number(v):
    m = re.fullmatch(r"\s*([-+0-9.eE]+)\s*(px)?\s*", v or "")
    return float(m.group(1)) if m else None


def xmllint_errors(path):
    """libxml2's own verdict (xmllint --noout), as the exporter writes with libxml2."""
    exe = shutil.which("xmllint")
    if not exe:
        return ["xmllint not found (apt libxml2-utils; run Scripts/install-test-deps.sh)"]
    r = subprocess.run([exe, "--noout", "--nonet", path], capture_output=True, text=True)
    if r.returncode != 0:
        return ["libxml2: " + line for line in (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])][:5]
    return []


def lint_svg(path, canvas=None, static=False):
    """Errors of one SVG file: well-formed (libxml2 and expat), an SVG root of the canvas size,
    no script, no event handlers, no external references; `static`: no animation elements."""
    errs = xmllint_errors(path)
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        return errs + ["XML: %s" % e]
    if root.tag != "{%s}svg" % SVG_NS:
        errs.append("root element is %s, not an SVG <svg>" % root.tag)
    if canvas:
        w, h = canvas
        if _number(root.get("width")) != w or _number(root.get("height")) != h:
            errs.append("width/height %s×%s, canvas is %s×%s" % (root.get("width"), root.get("height"), w, h))
        vb = [float(x) for x in re.split(r"[\s,]+", (root.get("viewBox") or "").strip()) if x]
        if vb != [0, 0, w, h]:
            errs.append("viewBox %r, expected '0 0 %s %s'" % (root.get("viewBox"), w, h))
    counts = {}
    for el in root.iter():
        name = _local(el.tag) if isinstance(el.tag, str) else ""
        if name == "script":
            counts["<script>"] = counts.get("<script>", 0) + 1
        if name == "foreignObject":
            errs.append("<foreignObject> (embeds HTML)")
        if static and name in ANIMATION_ELEMENTS:
            counts["animation element <%s> in a static (--at) file" % name] = counts.get(
                "animation element <%s> in a static (--at) file" % name, 0) + 1
        if name == "style" and el.text:
            if "@import" in el.text:
                errs.append("<style> with @import")
            for ref in _URL.findall(el.text):
                if not ref.startswith("#"):
                    errs.append("<style> references %r" % ref)
        for attr, value in el.attrib.items():
            a = _local(attr)
            if a.lower().startswith("on"):
                errs.append("event handler attribute %s on <%s>" % (a, name))
            if a == "href" and not value.startswith("#"):
                errs.append("external reference %s=%r on <%s>" % (attr.replace("{%s}" % XLINK_NS, "xlink:"),
                                                                   value[:60], name))
            for ref in _URL.findall(value):
                if not ref.startswith("#"):
                    errs.append("external reference url(%s) in %s on <%s>" % (ref[:60], a, name))
    errs += ["%s ×%d" % (k, n) if n > 1 else k for k, n in counts.items()]
    return errs


def rsvg_render(path):
    """RGB frame of what a static SVG renderer (librsvg) shows: the base attributes."""
    exe = shutil.which("rsvg-convert")
    if not exe:
        raise RuntimeError("rsvg-convert not found (apt librsvg2-bin; run Scripts/install-test-deps.sh)")
    r = subprocess.run([exe, "--background-color", "white", "--format", "png", path],
                       capture_output=True, timeout=120)
    if r.returncode != 0 or not r.stdout:
        raise RuntimeError("rsvg-convert failed (exit %d): %s" % (r.returncode, r.stderr.decode(errors="replace")[-500:]))
    return images.decode_png(r.stdout)


def check_rsvg(run, chromium_t0):
    row = Row(run.svg_name, "rsvg-convert vs Chromium t=0", limit="mean ≤ %.1f" % RSVG_MEAN)
    try:
        img = rsvg_render(run.svg)
    except Exception as e:
        return row.fail(str(e))
    stats = FrameStats(row, RSVG_MEAN)
    try:
        stats.add(0.0, chromium_t0, img)
    except ValueError as e:
        return row.fail("rsvg-convert size vs canvas: %s" % e)
    stats.finish(run, "rsvg-t0")
    if not row.ok:
        row.note("a static viewer shows the base attributes: they should equal the first frame")
    return row


def check_smil_frames(run, player, times):
    """Chromium frame of the animated SVG seeked to t' = run.seek_time(t) vs Chromium frame of
    the `--at t'` SVG: both show the same instant, also where the motion jumps at t."""
    row = Row(run.svg_name, "Chromium SMIL vs --at", limit="mean ≤ %.1f" % SMIL_MEAN)
    stats = FrameStats(row, SMIL_MEAN)
    errors = []
    for t in times:
        try:
            ref = run.reference(run.seek_time(t))
            player.seek(run.seek_time(t))
            stats.add(t, ref, images.decode_png(player.tab.screenshot_png()))
        except Exception as e:
            errors.append("t=%.4f: %s" % (t, e))
    stats.finish(run, "smil")
    if errors:
        row.fail("%d frame(s) not checked: %s" % (len(errors), errors[0]))
    if row.frames == 0:
        row.fail("no frame compared")
    return row


PROBE_JS = r"""
window.__probe = function (ids) {
  return ids.map(function (id) {
    var g = document.getElementById(id + '.bounds');
    if (!g || !g.getCTM) return null;
    var m = g.getCTM();
    if (!m) return null;
    return [m.a, m.b, m.c, m.d, m.e, m.f];
  });
};
window.__missing = function (ids) {
  return ids.filter(function (id) { return !document.getElementById(id) || !document.getElementById(id + '.bounds'); });
};
true
"""


def check_geometry(run, player):
    """Every tracks sample (120 Hz), in the first loop and again one loop later: the bounds
    corners mapped through getCTM() of X.bounds vs the exporter's corners."""
    samples = run.tracks.get("samples") or []
    row = Row(run.svg_name, "geometry getCTM vs tracks", frames=0, geom=0.0,
              limit="≤ %.1f px" % GEOMETRY_PX)
    player.tab.eval(PROBE_JS)
    ids = sorted({i for s in samples for i in (s.get("layers") or {})})
    missing = player.tab.eval("__missing(%s)" % _json(ids)) if ids else []
    if missing:
        row.fail("no <g id=X> / <g id=X.bounds> for layer(s) %s" % ", ".join(missing[:8]))
    D = run.duration
    rate = run.tracks["sampleRate"]
    worst = None
    no_ctm = []
    for loop in (0, 1):
        for i, s in enumerate(samples):
            layers = s.get("layers") or {}
            names = [n for n in layers if n not in missing]
            if not names:
                continue
            t = i / rate        # the sample's exact time ("t" may be rounded to 4 decimals)
            mats = player.seek_eval(run.seek_time(t) + loop * D, "__probe(%s)" % _json(names))
            row.frames += 1
            for name, m in zip(names, mats):
                if m is None:
                    no_ctm.append("%s at t=%.4f" % (name, t))
                    continue
                L = layers[name]
                w, h = L["size"]
                for (x, y), (cx, cy) in zip(((0, 0), (w, 0), (w, h), (0, h)), L["corners"]):
                    px, py = m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]
                    err = math.hypot(px - cx, py - cy)
                    if worst is None or err > worst[0] + 1e-9:
                        worst = (err, t, name, loop)
    if worst:
        row.geom, row.worst_t = worst[0], worst[1]
        if worst[0] > GEOMETRY_PX:
            row.fail("layer %r at t=%.4f s%s: corner off by %.3f px" % (
                worst[2], worst[1], " (second loop)" if worst[3] else "", worst[0]))
    if no_ctm:
        row.fail("getCTM() of X.bounds unavailable for %d layer sample(s), first %s" % (len(no_ctm), no_ctm[0]))
    if row.frames == 0:
        row.fail("no tracks sample checked")
    return row


def _json(v):
    return json.dumps(v)
