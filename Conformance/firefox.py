"""Firefox (Gecko's SMIL) against `--at`: the second browser engine the SVG files must play in.

Debian's firefox-esr, headless, driven over Marionette (PyPI marionette-driver). Each animated
SVG is opened as a document, paused with pauseAnimations(), seeked with setCurrentTime(t), and
captured after two animation frames (Gecko paints on the refresh driver, not on the seek).
Gecko's SMIL clock counts whole milliseconds, so the frames are compared at ms-rounded times:
t is rounded to the ms, the reference is the `--at` file of that instant as Chromium draws it
(the same reference as the Chromium row), within the same limits. A ms instant that is also a
keyframe instant of the file is moved 1 ms on: keyTimes carry 6 decimals, so a jump written at
1.5 s lands up to 0.5 µs × duration off it, and whole-ms Gecko sits on either side of it (the
instant of a discrete change itself is the Chromium rows' business, seeked past it in µs).
"""
import contextlib
import logging
import os
import re
import shutil
import tempfile
import threading
import time

from . import images
from .results import SMIL_MEAN, FrameStats, Row

# Seek this far past a ms instant: Gecko keeps whole ms, so t_ms + 0.2 ms is t_ms whether it
# rounds or truncates, and a keyframe at exactly t_ms has happened (as in the `--at` file).
GECKO_PAST = 0.0002
SEEK_JS = """
const [t, resolve] = arguments;
const svg = document.documentElement;
svg.pauseAnimations();
svg.setCurrentTime(t);
requestAnimationFrame(() => requestAnimationFrame(() => resolve(svg.getCurrentTime())));
"""


def find_firefox():
    env = os.environ.get("FIREFOX")
    if env:
        return env
    for name in ("firefox-esr", "firefox"):
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("no Firefox found: run Scripts/install-test-deps.sh (apt firefox-esr) or set $FIREFOX")


_ANIMATION = re.compile(r"<(?:animate|animateTransform|animateMotion|set)\b[^>]*>")
_ATTR = re.compile(r'\b(dur|keyTimes|begin)="([^"]*)"')
_LOOP_OFFSET = re.compile(r"^[\w.-]+\.begin(?:\+([0-9.]+)s)?$")


def key_instants(svg_text):
    """Every keyframe instant (s) of the file's animations: begin + keyTimes × dur, where an
    animation active in part of the loop begins at an offset from the loop clock's begin
    (docs/smil.md#active-only-while-changing)."""
    out = set()
    for tag in _ANIMATION.findall(svg_text):
        a = dict(_ATTR.findall(tag))
        if "dur" in a and "keyTimes" in a and a["dur"].endswith("s"):
            dur = float(a["dur"][:-1])
            m = _LOOP_OFFSET.match(a.get("begin", ""))
            begin = float(m.group(1) or 0) if m else 0.0
            out.update(begin + float(k) * dur for k in a["keyTimes"].split(";") if k.strip())
    return sorted(out)


def ms_times(times, duration, keys=()):
    """Pixel-check times rounded to whole ms (Gecko's clock), kept inside the loop, no repeats;
    an instant on a keyframe (within the keyTimes' rounding) moves 1 ms on (back at the end)."""
    last = int((duration - 1e-4) * 1000) / 1000.0
    near = 2e-6 + 1e-6 * duration
    out = []
    for t in times:
        tm = min(round(t * 1000) / 1000.0, last)
        if any(abs(k - tm) < near for k in keys):
            tm = round(tm + 0.001, 3) if tm + 0.001 <= last else round(tm - 0.001, 3)
        if tm not in out:
            out.append(tm)
    return out


class Firefox:
    """One headless Firefox for the whole run. Its start (20-30 s on a loaded machine) runs in
    a thread (`start_async`) while the templates export; `wait()` joins it."""

    def __init__(self, binary=None):
        self.binary = binary
        self.client = None
        self.version = None
        self.error = None
        self._thread = None
        self._log_dir = None

    def start_async(self):
        self._thread = threading.Thread(target=self._start, daemon=True)
        self._thread.start()
        return self

    def _start(self):
        try:
            from marionette_driver.marionette import Marionette
            logging.getLogger("mozversion").setLevel(logging.WARNING)
            binary = self.binary or find_firefox()
            # The headless window must hold a whole 390 × 844 canvas (the element capture is clipped to it).
            os.environ.setdefault("MOZ_HEADLESS_WIDTH", "1200")
            os.environ.setdefault("MOZ_HEADLESS_HEIGHT", "1200")
            # Never os.devnull: marionette_driver deletes an existing log path before Firefox
            # opens it, which replaced the machine's /dev/null with a regular file.
            self._log_dir = tempfile.mkdtemp(prefix="trans-export-gecko-")
            log = "-" if os.environ.get("GECKO_LOG") else os.path.join(self._log_dir, "gecko.log")
            client = Marionette(bin=binary, port=0, headless=True, gecko_log=log,
                                startup_timeout=180, prefs={"layout.css.devPixelsPerPx": "1.0"})
            client.start_session()
            self.client = client
            self.version = "Firefox " + client.session_capabilities.get("browserVersion", "?")
        except Exception as e:          # reported as a failing row, not a crash of the suite
            self.error = "%s: %s" % (type(e).__name__, e)

    def wait(self):
        if self._thread:
            self._thread.join()
            self._thread = None
        if self.error:
            raise RuntimeError(self.error)
        return self

    def frame(self, path, t):
        """The SVG at `path` seeked to t (s) → (RGB array, Gecko's current time)."""
        url = "file://" + os.path.abspath(path)
        if self.client.get_url() != url:
            self.client.navigate(url)
        now = self.client.execute_async_script(SEEK_JS, script_args=[float(t)], script_timeout=30000)
        root = self.client.find_element("css selector", ":root")
        return images.decode_png(self.client.screenshot(element=root, format="binary", scroll=False)), now

    def close(self):
        if self._thread:
            self._thread.join()
        if self.client:
            with contextlib.suppress(Exception):
                self.client.delete_session()
            with contextlib.suppress(Exception):
                self.client.cleanup()
            self.client = None
        if self._log_dir:
            shutil.rmtree(self._log_dir, ignore_errors=True)
            self._log_dir = None


def check_firefox_frames(run, firefox, times):
    """Firefox frame of the animated SVG at each ms-rounded t vs the Chromium frame of `--at t`."""
    row = Row(run.svg_name, "Firefox SMIL vs --at (ms)", limit="mean ≤ %.1f" % SMIL_MEAN)
    stats = FrameStats(row, SMIL_MEAN)
    errors = []
    t0 = time.monotonic()
    for tm in ms_times(times, run.duration):
        try:
            ref = run.reference(run.seek_time(tm))
            frame, now = firefox.frame(run.svg, tm + GECKO_PAST)
            if abs(now - tm) > 0.0011:
                errors.append("t=%.3f: Gecko's clock reads %.6f s" % (tm, now))
            stats.add(tm, ref, frame)
        except Exception as e:
            errors.append("t=%.3f: %s: %s" % (tm, type(e).__name__, e))
    stats.finish(run, "firefox")
    if errors:
        row.fail("%d frame(s) not checked: %s" % (len(errors), errors[0]))
    if row.frames == 0:
        row.fail("no frame compared")
    row.note("%s, %.1f s" % (firefox.version or "Firefox", time.monotonic() - t0))
    return row
