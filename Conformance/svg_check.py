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
# A user's PNG/JPEG embedded in the file (an <image>'s only allowed href besides #id): it loads
# nothing and runs nothing. An SVG data URI could carry script: it stays an error.
_EMBEDDED_PICTURE = re.compile(r"data:image/(png|jpeg);base64,[A-Za-z0-9+/]*={0,2}")


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
    no script, no event handlers, no external references (a PNG/JPEG data URI on <image> is
    embedded, not a reference); `static`: no animation elements."""
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
            embedded = name == "image" and _EMBEDDED_PICTURE.fullmatch(value) is not None
            if a == "href" and not value.startswith("#") and not embedded:
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
    var b = document.getElementById(id + '.bounds');
    if (!b || !b.getCTM) return null;
    var m = b.getCTM();
    if (!m) return null;
    // A projected layer's bounds are an outline path: its `d` as played (SMIL animates the
    // computed value, not the attribute), in the coordinates getCTM maps to the canvas.
    var d = b.localName === 'path' ? getComputedStyle(b).d : null;
    return {m: [m.a, m.b, m.c, m.d, m.e, m.f], d: d};
  });
};
window.__missing = function (ids) {
  return ids.filter(function (id) { return !document.getElementById(id) || !document.getElementById(id + '.bounds'); });
};
window.__kinds = function (ids) {
  return ids.map(function (id) { var b = document.getElementById(id + '.bounds'); return b ? b.localName : null; });
};
true
"""

_PATH_TOKEN = re.compile(r"[MmLlHhVvZzCcSsQqTtAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def outline_vertices(d):
    """Vertices of a polygon path (M, L, H, V, Z, absolute or relative) from a computed `d`
    (`path("…")`, `none`) or a `d` attribute; None for anything else (curves, several subpaths)."""
    m = re.fullmatch(r'\s*path\(\s*["\'](.*)["\']\s*\)\s*', d or "", re.S)
    text = m.group(1) if m else (d or "")
    tokens = _PATH_TOKEN.findall(text)
    if not tokens or tokens[0] not in "Mm":
        return None
    out, at, cmd, i = [], (0.0, 0.0), None, 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            cmd, i = tok, i + 1
            if cmd in "Zz":
                if i < len(tokens):
                    return None         # one closed subpath only
                break
            if cmd not in "MmLlHhVv" or (cmd in "Mm" and out):
                return None
            continue
        if cmd is None:
            return None
        try:
            if cmd in "MmLl":
                x, y = float(tokens[i]), float(tokens[i + 1])
                i += 2
                at = (at[0] + x, at[1] + y) if cmd in "ml" else (x, y)
                cmd = {"M": "L", "m": "l"}.get(cmd, cmd)   # further pairs after M are lines
            else:
                v = float(tokens[i])
                i += 1
                at = ((at[0] + v if cmd == "h" else v), at[1]) if cmd in "Hh" else (at[0], (at[1] + v if cmd == "v" else v))
        except (IndexError, ValueError):
            return None
        out.append(at)
    if len(out) == 5 and math.dist(out[0], out[-1]) < 1e-9:      # an explicit closing line
        out.pop()
    return out


def check_geometry(run, player):
    """Every tracks sample (120 Hz), in the first loop and again one loop later: the bounds
    corners mapped through getCTM() of X.bounds vs the exporter's corners. A layer under a 3D
    projection (the tracks' `projected` list) has no affine bounds space: its X.bounds is an
    unpainted outline path whose 4 vertices, as played (computed `d`), mapped through its
    getCTM() are compared with the corners instead."""
    samples = run.tracks.get("samples") or []
    row = Row(run.svg_name, "geometry getCTM vs tracks", frames=0, geom=0.0,
              limit="≤ %.1f px" % GEOMETRY_PX)
    player.tab.eval(PROBE_JS)
    ids = sorted({i for s in samples for i in (s.get("layers") or {})})
    missing = player.tab.eval("__missing(%s)" % _json(ids)) if ids else []
    if missing:
        row.fail("no <g id=X> / X.bounds for layer(s) %s" % ", ".join(missing[:8]))
    projected = set(run.tracks.get("projected") or [])
    kinds = dict(zip(ids, player.tab.eval("__kinds(%s)" % _json(ids)) if ids else []))
    flat_projected = sorted(i for i in projected if kinds.get(i) not in (None, "path"))
    if flat_projected:
        row.fail("layer(s) %s drawn under 3D perspective (tracks) have a <%s> X.bounds, not an outline path: "
                 "no affine map reaches their corners" % (", ".join(flat_projected[:8]), kinds[flat_projected[0]]))
    D = run.duration
    rate = run.tracks["sampleRate"]
    worst = None
    worst_outline = None
    no_ctm, bad_outline = [], []
    outlines = 0
    for loop in (0, 1):
        for i, s in enumerate(samples):
            layers = s.get("layers") or {}
            names = [n for n in layers if n not in missing]
            if not names:
                continue
            t = i / rate        # the sample's exact time ("t" may be rounded to 4 decimals)
            probes = player.seek_eval(run.seek_time(t) + loop * D, "__probe(%s)" % _json(names))
            row.frames += 1
            for name, probe in zip(names, probes):
                if probe is None:
                    no_ctm.append("%s at t=%.4f" % (name, t))
                    continue
                m = probe["m"]
                L = layers[name]
                w, h = L["size"]
                points = ((0, 0), (w, 0), (w, h), (0, h))
                if probe["d"] is not None:
                    points = outline_vertices(probe["d"])
                    if points is None or len(points) != 4:
                        bad_outline.append("%s at t=%.4f: %s" % (name, t, (probe["d"] or "")[:80]))
                        continue
                    outlines += 1
                for (x, y), (cx, cy) in zip(points, L["corners"]):
                    px, py = m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]
                    err = math.hypot(px - cx, py - cy)
                    if worst is None or err > worst[0] + 1e-9:
                        worst = (err, t, name, loop)
                    if probe["d"] is not None and (worst_outline is None or err > worst_outline[0] + 1e-9):
                        worst_outline = (err, t, name, loop)
    if worst:
        row.geom, row.worst_t = worst[0], worst[1]
        if worst[0] > GEOMETRY_PX:
            row.fail("layer %r at t=%.4f s%s: corner off by %.3f px" % (
                worst[2], worst[1], " (second loop)" if worst[3] else "", worst[0]))
    if worst_outline:
        row.note("projected layers (outline path): %d layer samples, worst corner %.3f px (%r at t=%.4f s%s)" % (
            outlines, worst_outline[0], worst_outline[2], worst_outline[1], " second loop" if worst_outline[3] else ""))
    if bad_outline:
        row.fail("X.bounds outline path is not 4 straight edges for %d layer sample(s), first %s" % (
            len(bad_outline), bad_outline[0]))
    if no_ctm:
        row.fail("getCTM() of X.bounds unavailable for %d layer sample(s), first %s" % (len(no_ctm), no_ctm[0]))
    if row.frames == 0:
        row.fail("no tracks sample checked")
    return row


def _json(v):
    return json.dumps(v)
