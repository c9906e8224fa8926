"""Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe).

Standard library only: no websocket, no port, no driver/browser version matching.
One `Browser` is started per suite run; `Tab` is one page in it (SVG documents, the
lottie-web page). Messages on the pipe are JSON terminated by a NUL byte.
"""
import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class BrowserError(RuntimeError):
    pass


FLAGS = [
    "--headless",
    "--no-sandbox",                 # CI and the installer run as root
    "--disable-gpu",
    "--hide-scrollbars",
    "--mute-audio",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--allow-file-access-from-files",
    "--font-render-hinting=none",
    "--force-color-profile=srgb",
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]


def find_chromium():
    env = os.environ.get("CHROMIUM")
    if env:
        return env
    for name in ("chromium", "chromium-headless-shell", "chromium-browser",
                 "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    raise BrowserError("no Chromium found: run Scripts/install-test-deps.sh (apt chromium) or set $CHROMIUM")


class Browser:
    def __init__(self, binary=None, timeout=30.0):
        self.binary = binary or find_chromium()
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="conformance-chromium-")
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()

        def child_fds():
            # Chromium reads commands on fd 3 and writes replies on fd 4. Duplicate first so
            # that a pipe end which already sits on fd 3 or 4 is not clobbered.
            r, w = os.dup(to_child_r), os.dup(from_child_w)
            os.dup2(r, 3)
            os.dup2(w, 4)

        flags = list(FLAGS)
        if os.path.basename(self.binary).startswith("chromium-headless-shell"):
            flags.remove("--headless")
        cmd = [self.binary, *flags, "--remote-debugging-pipe",
               "--user-data-dir=" + self.profile, "about:blank"]
        self.proc = subprocess.Popen(cmd, preexec_fn=child_fds, pass_fds=(3, 4),   # kept open after preexec_fn
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, close_fds=True)
        os.close(to_child_r)
        os.close(from_child_w)
        self._w = os.fdopen(to_child_w, "wb", buffering=0)
        self._r = os.fdopen(from_child_r, "rb", buffering=0)
        self._buf = b""
        self._id = 0
        self.events = []
        self.version = self.send("Browser.getVersion").get("product", "?")

    def _read(self, timeout=None):
        deadline = time.monotonic() + (timeout or self.timeout)
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._r], [], [], left)[0]:
                raise BrowserError("Chromium did not answer within %.0f s" % (timeout or self.timeout))
            chunk = self._r.read(1 << 20)
            if not chunk:
                raise BrowserError("Chromium closed the DevTools pipe (crashed or exited)")
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        return json.loads(raw)

    def send(self, method, params=None, session=None):
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        self._w.write(json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read()
            if m.get("id") == self._id:
                if "error" in m:
                    raise BrowserError("%s: %s" % (method, m["error"].get("message", m["error"])))
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def wait_event(self, method, session=None, timeout=None):
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for i, e in enumerate(self.events):
                if e["method"] == method and (session is None or e.get("sessionId") == session):
                    return self.events.pop(i)
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("timeout waiting for " + method)
            m = self._read(left)
            if "method" in m:
                self.events.append(m)

    def new_tab(self, width, height):
        return Tab(self, width, height)

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for f in (self._w, self._r):
            try:
                f.close()
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Tab:
    """One page: viewport W×H CSS px at device scale 1, white default background."""

    def __init__(self, browser, width, height):
        self.browser = browser
        target = browser.send("Target.createTarget", {"url": "about:blank", "newWindow": True})
        self.target_id = target["targetId"]
        self.session = browser.send("Target.attachToTarget",
                                    {"targetId": self.target_id, "flatten": True})["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.width = self.height = None
        self.set_viewport(width, height)

    def send(self, method, params=None):
        return self.browser.send(method, params, session=self.session)

    def set_viewport(self, width, height):
        if (width, height) == (self.width, self.height):
            return
        self.width, self.height = int(width), int(height)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False})
        self.send("Emulation.setDefaultBackgroundColorOverride",
                  {"color": {"r": 255, "g": 255, "b": 255, "a": 1}})

    def navigate(self, path):
        self.browser.events = [e for e in self.browser.events if e.get("sessionId") != self.session]
        r = self.send("Page.navigate", {"url": "file://" + os.path.abspath(path)})
        if r.get("errorText"):
            raise BrowserError("cannot load %s: %s" % (path, r["errorText"]))
        self.browser.wait_event("Page.loadEventFired", self.session)

    def wait_for_paint(self):
        """Returns once the page has drawn two frames since the call. Page.loadEventFired can
        come before the new document's first frame reaches the surface, and a screenshot taken
        then shows the previous page (CI, stop 26: one cached --at truth of the raster check
        was its neighbour's, mean 14/255 against every format at that time)."""
        self.eval("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(0))))",
                  await_promise=True)

    def exceptions(self):
        """Uncaught JS exceptions reported since the last navigation (and clears them)."""
        out, keep = [], []
        for e in self.browser.events:
            if e.get("sessionId") == self.session and e["method"] == "Runtime.exceptionThrown":
                d = e["params"]["exceptionDetails"]
                out.append(d.get("exception", {}).get("description") or d.get("text", "?"))
            else:
                keep.append(e)
        self.browser.events = keep
        return out

    def eval(self, expr, await_promise=False):
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True,
                                           "awaitPromise": await_promise})
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise BrowserError("JS error: %s" % (d.get("exception", {}).get("description") or d.get("text")))
        return r["result"].get("value")

    def screenshot_png(self):
        r = self.send("Page.captureScreenshot", {"format": "png", "fromSurface": True,
                                                  "captureBeyondViewport": False,
                                                  "optimizeForSpeed": True})
        return base64.b64decode(r["data"])

    def close(self):
        try:
            self.browser.send("Target.closeTarget", {"targetId": self.target_id})
        except BrowserError:
            pass


class SvgPlayer:
    """An SVG document in a tab: pause its SMIL timeline and seek it."""

    def __init__(self, tab, path):
        self.tab = tab
        tab.navigate(path)
        root = tab.eval("document.documentElement.namespaceURI + ' ' + document.documentElement.localName")
        if root != "http://www.w3.org/2000/svg svg":
            raise BrowserError("%s: root element is %s, not an SVG <svg>" % (path, root))
        tab.eval("document.documentElement.pauseAnimations()")

    def seek(self, t):
        # setCurrentTime takes an IDL float and Chromium keeps whole microseconds: callers
        # pass t + 1e-6 to land past a keyframe time, never before it.
        self.tab.eval("document.documentElement.setCurrentTime(%r)" % float(t))

    def seek_eval(self, t, expr):
        return self.tab.eval("document.documentElement.setCurrentTime(%r); %s" % (float(t), expr))
