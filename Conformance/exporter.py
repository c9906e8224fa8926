"""Running the exporter: the built `trans-export`, or any command with the same options.

The suite only needs these options of the exporter's command line:
    CMD --list
    CMD --list-formats    (NAME<tab>FILE<tab>all|named per format: which files to export and check)
    CMD --format svg,lottie,tracks --template NAME... --output DIR
    CMD --format svg --template NAME --output DIR --at SECONDS      (static SVG at time T)
and, for interactive templates (those whose plain export also writes NAME.scrub.*):
    CMD --format svg,lottie,tracks --template NAME... --branch all --output DIR
    CMD --format svg --template NAME --branch BRANCH --output DIR --at SECONDS
so a stand-in (the self-tests' fixtures/fake_exporter.py) can replace it.
"""
import os
import shlex
import subprocess
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BINARY = os.path.join(REPO, ".build", "debug", "trans-export")


class ExportError(RuntimeError):
    pass


def default_command(build=True):
    """The built binary; `swift build --product trans-export` first when it is missing."""
    if not os.path.exists(DEFAULT_BINARY) and build:
        r = subprocess.run(["swift", "build", "--product", "trans-export"], cwd=REPO,
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise ExportError("swift build failed:\n" + (r.stdout + r.stderr)[-4000:])
    if not os.path.exists(DEFAULT_BINARY):
        raise ExportError("no exporter binary at %s (run `swift build`)" % DEFAULT_BINARY)
    return [DEFAULT_BINARY]


def parse_command(text):
    return shlex.split(text) if isinstance(text, str) else list(text)


def stem(template, branch=None):
    """The exporter's file stem: NAME, or NAME.BRANCH for a branch (or the scrub clip)."""
    return template + "." + branch if branch else template


class Exporter:
    def __init__(self, command, timeout=300):
        self.command = parse_command(command)
        self.timeout = timeout

    def _run(self, args):
        try:
            r = subprocess.run(self.command + args, cwd=REPO, capture_output=True, text=True,
                               timeout=self.timeout)
        except FileNotFoundError as e:
            raise ExportError("cannot run exporter %s: %s" % (self.command, e)) from e
        except subprocess.TimeoutExpired:
            raise ExportError("exporter timed out after %ss: %s" % (self.timeout, " ".join(args))) from None
        if r.returncode != 0:
            raise ExportError("`%s` exited %d: %s" % (" ".join(map(shlex.quote, self.command + args)),
                                                       r.returncode, (r.stderr or r.stdout).strip()[-2000:]))
        return r.stdout

    def list_templates(self):
        return [line.strip() for line in self._run(["--list"]).splitlines() if line.strip()]

    def list_formats(self):
        """The exporter's formats as (name, file, in_all), e.g. ("lottie", "NAME.json", True);
        file is NAME.EXT for a file per transition, else the run's one file (index.html)."""
        rows = []
        for line in self._run(["--list-formats"]).splitlines():
            if line.strip():
                name, file, scope = line.split("\t")
                rows.append((name, file, scope == "all"))
        return rows

    def export(self, fmt, templates, outdir, branch=None):
        os.makedirs(outdir, exist_ok=True)
        args = ["--format", fmt, "--output", outdir]
        for t in templates:
            args += ["--template", t]
        if branch:
            args += ["--branch", branch]
        self._run(args)

    def static_svg(self, template, t, outdir, branch=None):
        """Path of the static SVG of `template` (or of its `branch`) at timeline time t."""
        os.makedirs(outdir, exist_ok=True)
        args = ["--format", "svg", "--template", template, "--output", outdir, "--at", repr(float(t))]
        if branch:
            args += ["--branch", branch]
        self._run(args)
        path = os.path.join(outdir, stem(template, branch) + ".svg")
        if not os.path.exists(path):
            raise ExportError("exporter wrote no %s for --at %r" % (path, t))
        return path


class StaticFrames:
    """`--at` exports of one template, made ahead on a small thread pool (the browser is
    the bottleneck, so the exporter processes run while Chromium renders)."""

    def __init__(self, exporter, template, workdir, workers=None, branch=None):
        self.exporter, self.template, self.branch = exporter, template, branch
        self.workdir = tempfile.mkdtemp(prefix="at-%s-" % template, dir=workdir)
        self.pool = ThreadPoolExecutor(max_workers=workers or max(1, min(4, os.cpu_count() or 2)))
        self.futures = {}
        self.lock = threading.Lock()

    @staticmethod
    def key(t):
        return round(t * 1e6)          # whole microseconds

    def request(self, times):
        with self.lock:
            for t in times:
                k = self.key(t)
                if k not in self.futures:
                    d = os.path.join(self.workdir, "t%09d" % k)
                    self.futures[k] = self.pool.submit(self.exporter.static_svg, self.template, t, d,
                                                     self.branch)

    def path(self, t):
        self.request([t])
        return self.futures[self.key(t)].result()

    def close(self):
        self.pool.shutdown(wait=True, cancel_futures=True)
