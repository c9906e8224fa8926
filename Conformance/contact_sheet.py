"""`python3 -m Conformance sheet`: contact sheets, to look at a transition as a designer would.

The players' checks compare each player with the exact state (`--at`), so they cannot show a
simulation that is itself wrong: a snapshot spilling past its bounds, a layer left behind, a
page turning the wrong way. A contact sheet lays the exact state out at evenly spaced times over
each phase of the loop (every branch of an interactive template, in the order its file plays
them; the holds between phases left out), each frame the exporter's static SVG (`--at T`) drawn by librsvg, with its time above it. What looking
finds becomes an invariant of the suite (Conformance/invariants.py).

    python3 -m Conformance sheet --binary .build/release/trans-export --templates flip-push
    python3 -m Conformance sheet --exporter "BIN --screen page=Templates/art/screens/feed.svg" --templates flip-push

Writes DIR/NAME.png (default DIR .conformance/sheets) and prints each path.
"""
import json
import os
import shutil
import tempfile
import numpy as np
from PIL import Image, ImageDraw

from . import svg_check
from .exporter import Exporter, StaticFrames, stem

GAP, LABEL = 6, 16           # px between frames, and for the time line above each
BACKGROUND = (40, 40, 40)    # dark, so a white screen's edge shows
TEXT = (255, 255, 255)


def frame_times(duration, phases, count):
    """About `count` times over the phases (the holds between them show nothing new), each
    phase's share by its length and from its start to its end; the loop's end (its start
    again) is taken just before it. Without phases, the loop evenly. Returns (time, phase) pairs."""
    last = max(0.0, duration - 1e-3)
    spans = [(p["name"], float(p["start"]), float(p["duration"])) for p in phases if float(p["duration"]) > 0]
    if not spans:
        spans = [("", 0.0, duration)]
    total = sum(d for _, _, d in spans) or 1.0
    out = []
    for name, start, length in spans:
        n = max(2, round(count * length / total))
        out += [(min(last, start + length * i / (n - 1)), name) for i in range(n)]
    return out


def layout(frames, columns, label):
    """One image: `frames` (H×W×3 arrays, one size) in rows of `columns`, each under its label."""
    h, w = frames[0].shape[:2]
    columns = max(1, min(columns, len(frames)))
    rows = (len(frames) + columns - 1) // columns
    sheet = Image.new("RGB", (GAP + columns * (w + GAP), GAP + rows * (h + LABEL + GAP)), BACKGROUND)
    draw = ImageDraw.Draw(sheet)
    for k, frame in enumerate(frames):
        x, y = GAP + (k % columns) * (w + GAP), GAP + (k // columns) * (h + LABEL + GAP)
        draw.text((x, y + 2), label(k), fill=TEXT)
        sheet.paste(Image.fromarray(frame), (x, y + LABEL))
    return sheet


def sheet(exporter, template, count, columns, scale, workdir):
    """The contact sheet of one template (a PIL image)."""
    exporter.export("tracks", [template], workdir)
    with open(os.path.join(workdir, stem(template) + ".tracks.json"), encoding="utf-8") as f:
        tracks = json.load(f)
    times = frame_times(float(tracks["duration"]), tracks.get("phases", []), count)

    def frame(t):
        rgb = svg_check.rsvg_render(at.path(t))
        if scale != 1:
            h, w = rgb.shape[:2]
            rgb = np.asarray(Image.fromarray(rgb).resize((max(1, round(w * scale)), max(1, round(h * scale))), Image.LANCZOS))
        return rgb

    # The `--at` exports run ahead on StaticFrames' pool while the frames are drawn.
    at = StaticFrames(exporter, template, workdir)
    try:
        at.request([t for t, _ in times])
        frames = [frame(t) for t, _ in times]
    finally:
        at.close()
    return layout(frames, columns, lambda k: "%s  t = %.3f s" % (times[k][1], times[k][0]))


def run(opts):
    exporter = Exporter(opts.exporter or opts.binary)
    templates = opts.templates or exporter.list_templates()
    os.makedirs(opts.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="sheet-")
    try:
        for template in templates:
            image = sheet(exporter, template, opts.frames, opts.columns, opts.scale, os.path.join(work, template))
            path = os.path.join(opts.out, template + ".png")
            image.save(path)
            print(path)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0
