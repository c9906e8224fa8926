"""Raster files (GIF, WebP, MP4, PNG) against the exact simulation.

Every frame of NAME.gif / .webp / .mp4, decoded by an independent decoder (Pillow for GIF,
WebP and PNG; the ffmpeg program for MP4), is compared with the `--at T` static SVG of the
time T that frame is shown, rendered by Chromium at the same device scale. Frame times are
checked exactly on each container's clock:
  GIF  : centiseconds; frame k of the grid starts at round(100·k/f) cs, f = min(fps, 50); a
         stored frame may cover several grid frames (unchanged ones are merged: each covered
         grid frame is checked against the stored picture); the delays add up to round(100·D).
  WebP : the same in milliseconds (f = fps); total round(1000·D) ms. Checked twice: lossy (the
         tool's default `--webp-quality`) and lossless (`--webp-quality 100`, "webp-lossless").
  MP4  : variable rate on the grid of k/fps: each stored frame at some k/fps exactly (a held
         frame is one longer sample), the first at 0, the last grid frame stored, and the
         stream lasting round(D·fps)/fps; each covered grid frame is checked like GIF's.
  PNG  : `--format png --at T` at a few times.
"""
import json
import os
import shutil
import subprocess
import tempfile
import time

import numpy as np
from PIL import Image

from . import chromium, images
from .exporter import StaticFrames
from .results import Row

# Worst frame's mean difference, 0..255 (see Conformance/README.md "Raster files" for the
# measurements behind each limit).
LIMITS = {"png": 1.0, "webp-lossless": 1.0, "webp": 3.0, "gif": 2.0, "mp4": 3.0}
FORMATS = ["gif", "webp", "webp-lossless", "mp4", "png"]
GIF_MAX_FPS = 50


def grid(duration, fps, ticks):
    """(start, end) ticks of the frame grid of FrameClock.slots in Sources/Exporters/Raster."""
    total = max(1, int(round(duration * ticks)))
    count = max(1, int(np.floor(duration * fps + 1e-9)))
    starts = [int(round(k * ticks / fps)) for k in range(count)]
    return [(s, starts[k + 1] if k + 1 < count else total) for k, s in enumerate(starts)]


def decode_pillow(path):
    """[(start ms, duration ms, RGB array)] of an animated GIF or WebP, as Pillow plays it."""
    out, t = [], 0
    with Image.open(path) as im:
        for i in range(getattr(im, "n_frames", 1)):
            im.seek(i)
            im.load()
            d = int(im.info.get("duration") or 0)
            start = int(im.info["timestamp"]) if "timestamp" in im.info else t
            out.append((start, d, np.asarray(im.convert("RGB"))))
            t = start + d
        loop = im.info.get("loop")
    return out, loop


def decode_mp4(path):
    """(frame times in s, [RGB arrays], the stream's fields) decoded by the ffmpeg program, every
    stored frame once (`-fps_mode passthrough`: no frames repeated to a constant rate)."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                            "stream=width,height,pix_fmt,codec_name,duration:frame=pts_time", "-of", "json", path],
                           capture_output=True, text=True, check=True)
    info = json.loads(probe.stdout)
    s = info["streams"][0]
    w, h = int(s["width"]), int(s["height"])
    times = [float(f["pts_time"]) for f in info["frames"]]
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    frames = np.frombuffer(raw, np.uint8).reshape(-1, h, w, 3)
    return times, list(frames), s


class Truth:
    """Chromium renders of the `--at` static SVG at device scale `scale`, cached by time."""

    def __init__(self, browser, exporter, template, workdir, canvas, scale):
        os.makedirs(workdir, exist_ok=True)
        self.static = StaticFrames(exporter, template, workdir)
        self.tab = chromium.Tab(browser, *canvas)
        self.tab.send("Emulation.setDeviceMetricsOverride",
                      {"width": canvas[0], "height": canvas[1], "deviceScaleFactor": scale, "mobile": False})
        self.cache = {}

    def frame(self, t):
        k = StaticFrames.key(t)
        if k not in self.cache:
            self.tab.navigate(self.static.path(t))
            self.tab.wait_for_paint()
            self.cache[k] = images.decode_png(self.tab.screenshot_png())
        return self.cache[k]

    def close(self):
        self.static.close()
        self.tab.close()


def compare(row, truth, pairs, limit):
    """pairs: [(t, RGB array)]; fills the row with the worst frame."""
    row.frames, row.mean, row.max = 0, 0.0, 0
    truth.static.request([t for t, _ in pairs])
    for t, actual in pairs:
        mean, mx = images.diff(truth.frame(t), actual)
        row.frames += 1
        row.max = max(row.max, mx)
        if mean >= row.mean:
            row.mean, row.worst_t = mean, t
    if row.mean > limit:
        row.fail("worst frame mean %.3f > %.1f at t = %.4f s" % (row.mean, limit, row.worst_t))
    return row


def mp4_pairs(row, times, frames, stream, fps, n, step):
    """[(grid time, RGB)] of a variable-rate MP4 whose frames must sit on the grid k/fps."""
    ks = [round(t * fps) for t in times]
    if len(frames) != len(times) or any(abs(t - k / fps) > 1e-6 for t, k in zip(times, ks)):
        row.fail("%d frames at %s…: not on the 1/%d s grid" % (len(frames), times[:3], fps))
        return []
    if not ks or ks[0] != 0 or ks[-1] != n - 1 or any(b <= a for a, b in zip(ks, ks[1:])):
        row.fail("stored grid frames %s…%s, expected 0, increasing, last %d" % (ks[:3], ks[-2:], n - 1))
        return []
    if abs(float(stream.get("duration", 0)) - n / fps) > 1e-6:
        row.fail("lasts %s s, expected %d/%d" % (stream.get("duration"), n, fps))
    ends = ks[1:] + [n]
    return [(k / fps, rgb) for k0, k1, rgb in zip(ks, ends, frames) for k in range(k0, k1) if k % step == 0]


def check_template(exp, browser, template, workdir, scale, fps, formats, step, webp_quality=None):
    outdir = os.path.join(workdir, "files-" + template)
    os.makedirs(outdir, exist_ok=True)
    exp._run(["--format", "tracks", "--template", template, "--output", outdir])
    with open(os.path.join(outdir, template + ".tracks.json"), encoding="utf-8") as f:
        doc = json.load(f)
    D, canvas = float(doc["duration"]), (doc["canvas"]["width"], doc["canvas"]["height"])
    animated = [f for f in formats if f not in ("png", "webp-lossless")]
    quality = [] if webp_quality is None else ["--webp-quality", str(webp_quality)]
    timings = {}
    if animated:
        t0 = time.time()
        exp._run(["--format", ",".join(animated), "--template", template, "--output", outdir,
                  "--scale", str(scale), "--fps", str(fps)] + (quality if "webp" in animated else []))
        timings["export"] = time.time() - t0
    if "webp-lossless" in formats:
        t0 = time.time()
        exp._run(["--format", "webp", "--template", template, "--output", os.path.join(outdir, "lossless"),
                  "--scale", str(scale), "--fps", str(fps), "--webp-quality", "100"])
        timings["export lossless"] = time.time() - t0
    truth = Truth(browser, exp, template, workdir, canvas, scale)
    rows, paths = [], {}
    try:
        for fmt in formats:
            lossless = fmt == "webp-lossless"
            path = os.path.join(outdir, "lossless" if lossless else "", "%s.%s" % (template, "webp" if lossless else fmt))
            name = os.path.basename(path) + (" (lossless)" if lossless else "")
            row = Row(name, "frames vs --at (Chromium, @%dx)" % scale, limit="mean ≤ %.1f" % LIMITS[fmt])
            paths[name] = path
            rows.append(row)
            if fmt == "png":
                pairs = []
                for t in (0.25 * D, 0.5 * D, 0.75 * D):
                    exp._run(["--format", "png", "--template", template, "--output", outdir, "--at", repr(t),
                              "--scale", str(scale)])
                    pairs.append((t, images.decode_png(path)))
                compare(row, truth, pairs, LIMITS[fmt])
                continue
            if fmt == "mp4":
                times, frames, stream = decode_mp4(path)
                n = max(1, int(round(D * fps)))
                if stream["pix_fmt"] != "yuv420p" or stream["codec_name"] != "h264":
                    row.fail("%s %s, expected h264 yuv420p" % (stream["codec_name"], stream["pix_fmt"]))
                pairs = mp4_pairs(row, times, frames, stream, fps, n, step)
                row.note("%d stored frames for %d grid frames at %d fps; %s s loop (timeline %.4f s)"
                         % (len(frames), n, fps, stream.get("duration"), D))
                compare(row, truth, pairs, LIMITS[fmt])
                continue
            ticks, f = (100, min(fps, GIF_MAX_FPS)) if fmt == "gif" else (1000, fps)   # GIF, WebP
            unit = 10 if fmt == "gif" else 1          # Pillow reports milliseconds
            slots = grid(D, f, ticks)
            decoded, loop = decode_pillow(path)
            if loop != 0:
                row.fail("loop count %r, expected 0 (forever)" % loop)
            starts = {s: i for i, (s, _) in enumerate(slots)}
            pairs, covered = [], 0
            for start, dur, rgb in decoded:
                s, e = start // unit, (start + dur) // unit
                if start % unit or dur % unit or s not in starts or (e != slots[-1][1] and e not in starts):
                    row.fail("frame at %d ms for %d ms is off the %d-tick grid" % (start, dur, ticks))
                    break
                for k in range(starts[s], starts[e] if e in starts else len(slots)):
                    if k % step == 0:
                        pairs.append((slots[k][0] / ticks, rgb))
                    covered += 1
            total = sum(d for _, d, _ in decoded) // unit
            if covered != len(slots) or total != slots[-1][1]:
                row.fail("%d grid frames covered of %d; delays add up to %d ticks, loop is %d"
                         % (covered, len(slots), total, slots[-1][1]))
            row.note("%d stored frames for %d grid frames at %d fps; loop %d/%d s" % (len(decoded), len(slots), f, total, ticks))
            compare(row, truth, pairs, LIMITS[fmt])
    finally:
        truth.close()
    for r in rows:
        r.note("%d bytes" % (os.path.getsize(paths[r.file]) if os.path.exists(paths[r.file]) else 0))
    return rows, timings


def run(opts):
    from .exporter import Exporter
    exp = Exporter(opts.exporter, timeout=1800)
    workdir = tempfile.mkdtemp(prefix="raster-")
    rows = []
    try:
        with chromium.Browser(opts.chromium) as browser:
            for template in opts.templates:
                r, timings = check_template(exp, browser, template, workdir, opts.scale, opts.fps,
                                            opts.formats, opts.frames_step, opts.webp_quality)
                rows += r
                for what, seconds in timings.items():
                    print("%s: %s in %.1f s" % (template, what, seconds))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return rows, all(r.ok for r in rows)
