"""Invariants a designer would see broken, checked on every template and branch, from the
tracks and in Chromium (the animated SVG as played):

1. a snapshot's painted pixels stay within its bounds as transformed (UIKit's snapshot
   views show the captured view's bounds only);
2. a layer removed in a completion is not drawn afterwards (until a later change shows it);
3. a gesture's indicator (the finger) is drawn only while the gesture runs, from the
   touch-down to the release.

The tracks file says which layers are snapshots (`snapshots`), which completions remove a
layer (`removals`: layer, time, until) and when each branch's finger touches and lifts
(`branches`)."""
import json

import numpy as np

from . import images
from .results import Row

FINGER = "finger"
SPILL_PX = 2.0          # a painted pixel may sit this far outside the bounds (anti-aliasing)
SPILL_LEVEL = 16        # a pixel counts as painted when some channel differs by more than this
SPILL_MIN_OPACITY = 0.05


# -- from the tracks ---------------------------------------------------------------------

def _sample_times(doc):
    rate = doc["sampleRate"]
    return [(k / rate, s.get("layers") or {}) for k, s in enumerate(doc.get("samples") or [])]


def snapshot_problems(doc):
    """A snapshot sample without a clip to its bounds."""
    out = []
    for sid in sorted(doc.get("snapshots") or {}):
        for t, layers in _sample_times(doc):
            L = layers.get(sid)
            if L is not None and (L.get("mask") or {}).get("clip") != "bounds":
                out.append("snapshot %r at t=%.4f: drawn without a clip to its bounds" % (sid, t))
                break
    return out


def removed_windows(doc):
    """(layer, from, until) for every completion's removal."""
    return [(r["layer"], float(r["time"]), float(r["until"])) for r in doc.get("removals") or []]


def indicator_windows(doc):
    """(from, until) spans when the finger may not be drawn: outside every branch's
    [touchDown, release). None when the file has no branches (the scrub clip drags throughout)."""
    branches = doc.get("branches") or []
    if not branches:
        return None
    spans = sorted((float(b["touchDown"]), float(b["release"])) for b in branches)
    out, at = [], 0.0
    for a, b in spans:
        if a > at:
            out.append((at, a))
        at = max(at, b)
    out.append((at, float(doc["duration"])))
    return out


def _inside(t, a, b):
    return a - 1e-9 <= t < b - 1e-9


def removal_problems(doc):
    out = []
    for layer, a, b in removed_windows(doc):
        for t, layers in _sample_times(doc):
            if _inside(t, a, b) and layer in layers:
                out.append("%r removed at %.4f s is drawn at t=%.4f" % (layer, a, t))
                break
    return out


def indicator_problems(doc):
    windows = indicator_windows(doc)
    if windows is None:
        return []
    for t, layers in _sample_times(doc):
        if FINGER in layers and any(_inside(t, a, b) for a, b in windows):
            return ["the finger is drawn at t=%.4f, outside every touch-down..release" % t]
    return []


def tracks_rows(name, doc):
    rows = []
    for check, problems, limit in (("invariant: snapshots clip to bounds (tracks)", snapshot_problems, "every sample"),
                                   ("invariant: removed layers stay removed (tracks)", removal_problems, "0 samples"),
                                   ("invariant: finger only while touching (tracks)", indicator_problems, "0 samples")):
        row = Row(name, check, frames=len(doc.get("samples") or []), limit=limit)
        for p in problems(doc)[:3]:
            row.fail(p)
        rows.append(row)
    return rows


# -- in Chromium -------------------------------------------------------------------------

DRAWN_JS = r"""
window.__drawn = function (id) {
  var e = document.getElementById(id);
  if (!e) return null;
  for (var n = e; n && n.nodeType === 1; n = n.parentNode) {
    var s = getComputedStyle(n);
    if (s.display === 'none' || s.visibility === 'hidden' || parseFloat(s.opacity) === 0) return false;
  }
  return true;
};
window.__isolate = function (id, show) {
  var st = document.getElementById('__isolate');
  if (!st) {
    st = document.createElementNS('http://www.w3.org/2000/svg', 'style');
    st.id = '__isolate';
    document.documentElement.appendChild(st);
  }
  if (id === null) { st.textContent = ''; return; }
  var sel = '[id="' + id.replace(/"/g, '\\"') + '"]';
  st.textContent = ('svg * { visibility: hidden !important; } '
    + (show ? sel + ', ' + sel + ' * { visibility: visible !important; }' : ''));
};
true
"""


def _times_in(windows, step):
    """A few instants in each window: its start, then every `step` s (the pixel grid)."""
    out = []
    for a, b in windows:
        t = a
        while t < b - 1e-6:
            out.append(t)
            t = (int(round(t / step + 1e-6)) + 1) * step if t == a else t + step
    return out


def check_drawn_windows(run, player, step=1 / 15):
    """Removed layers and the finger, as played: not drawn in their windows."""
    row = Row(run.svg_name, "invariant: removed layers and the finger not drawn (Chromium)", frames=0,
              limit="0 instants")
    player.tab.eval(DRAWN_JS)
    checks = [(layer, a, b) for layer, a, b in removed_windows(run.tracks)]
    ids = set(run.tracks.get("layers") or [])
    fw = indicator_windows(run.tracks)
    if fw is not None and FINGER in ids:
        checks += [(FINGER, a, b) for a, b in fw]
    bad = []
    for layer, a, b in checks:
        for t in _times_in([(a, b)], step):
            drawn = player.seek_eval(run.seek_time(t), "__drawn(%s)" % json.dumps(layer))
            row.frames += 1
            if drawn is None:
                bad.append("no element id=%r" % layer)
                break
            if drawn:
                bad.append("%r drawn at t=%.4f (not drawn from %.4f to %.4f s)" % (layer, t, a, b))
                break
    for b in bad[:3]:
        row.fail(b)
    if not checks:
        row.note("no removals, no finger")
    return row


def _outside_distance(px, py, quad):
    """Distance of each pixel centre from a convex quad (0 inside)."""
    q = np.asarray(quad, dtype=np.float64)
    area = sum(q[i][0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * q[i][1] for i in range(4))
    sign = 1.0 if area >= 0 else -1.0
    inside = np.ones(px.shape, dtype=bool)
    dist = np.full(px.shape, np.inf)
    for i in range(4):
        (x0, y0), (x1, y1) = q[i], q[(i + 1) % 4]
        ex, ey = x1 - x0, y1 - y0
        cross = ex * (py - y0) - ey * (px - x0)
        inside &= sign * cross >= -1e-9
        L2 = ex * ex + ey * ey or 1.0
        u = np.clip(((px - x0) * ex + (py - y0) * ey) / L2, 0, 1)
        dist = np.minimum(dist, np.hypot(px - (x0 + u * ex), py - (y0 + u * ey)))
    return np.where(inside, 0.0, dist)


def spill_pixels(with_layer, without_layer, quad):
    """How many pixels the layer paints farther than SPILL_PX outside `quad`, and the farthest."""
    d = np.abs(with_layer.astype(np.int16) - without_layer.astype(np.int16)).max(axis=2)
    ys, xs = np.nonzero(d > SPILL_LEVEL)
    if len(xs) == 0:
        return 0, 0.0
    dist = _outside_distance(xs + 0.5, ys + 0.5, quad)
    far = dist > SPILL_PX
    return int(far.sum()), float(dist.max())


def check_snapshot_spill(run, player, step=1 / 15):
    """Each snapshot drawn alone (everything else hidden) vs nothing drawn: no painted pixel
    outside its bounds' corners from the tracks."""
    row = Row(run.svg_name, "invariant: snapshot pixels within bounds (Chromium)", frames=0,
              limit="0 px beyond %.0f px" % SPILL_PX)
    snaps = sorted(run.tracks.get("snapshots") or {})
    if not snaps:
        return row.note("no snapshot layers")
    player.tab.eval(DRAWN_JS)
    rate = run.tracks["sampleRate"]
    samples = run.tracks["samples"]
    every = max(1, int(round(step * rate)))
    worst = None
    try:
        for sid in snaps:
            for k in range(0, len(samples), every):
                L = (samples[k].get("layers") or {}).get(sid)
                if L is None or L["opacity"] < SPILL_MIN_OPACITY:
                    continue
                t = k / rate
                player.seek(run.seek_time(t))
                player.tab.eval("__isolate(%s, true)" % json.dumps(sid))
                shown = images.decode_png(player.tab.screenshot_png())
                player.tab.eval("__isolate(%s, false)" % json.dumps(sid))
                empty = images.decode_png(player.tab.screenshot_png())
                row.frames += 1
                n, far = spill_pixels(shown, empty, L["corners"])
                if n and (worst is None or n > worst[0]):
                    worst = (n, far, sid, t)
    finally:
        player.tab.eval("__isolate(null, false)")
    if worst:
        row.worst_t = worst[3]
        row.fail("%r at t=%.4f: %d px painted outside its bounds (up to %.1f px out)" % (worst[2], worst[3], worst[0], worst[1]))
    return row
