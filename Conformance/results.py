"""Result rows, thresholds, and the table printed and written to output/conformance.md."""
from dataclasses import dataclass, field
from typing import List, Optional

# Pixel differences are in 0..255 units, the mean over every pixel and the R, G, B channels
# of one frame (so 1.0 = 1/255 of full scale). Each frame must pass on its own.
SMIL_MEAN = 1.0        # animated SVG in Chromium vs the `--at` static SVG in Chromium
RSVG_MEAN = 1.0        # rsvg-convert (static first frame) vs Chromium at t = 0
LOTTIE_MEAN = 2.0      # each Lottie renderer vs the `--at` static SVG in Chromium
GEOMETRY_PX = 0.5      # X.bounds (a <g>, or a projected layer's outline path) mapped by getCTM vs tracks corners
# Beyond the mean: pixels that differ by more than SOLID_LEVEL together with their 8 neighbours
# (a shape misplaced, missing or wrongly coloured over ≥ 3×3 px; anti-aliasing never counts).
# A frame may have at most SOLID_PX of them. Exact files measure 0 in every player.
SOLID_LEVEL = 64
SOLID_PX = 0


@dataclass
class Row:
    file: str
    check: str
    ok: bool = True
    frames: Optional[int] = None
    mean: Optional[float] = None       # worst frame's mean difference
    max: Optional[int] = None          # largest single channel difference seen
    solid: Optional[int] = None        # worst frame's count of solidly different pixels
    geom: Optional[float] = None       # largest corner distance, px
    worst_t: Optional[float] = None
    limit: str = ""
    notes: List[str] = field(default_factory=list)
    known: bool = False                # a listed known failure (--known-failure): shown, not fatal

    def fail(self, note):
        self.ok = False
        self.notes.append(note)
        return self

    def note(self, text):
        self.notes.append(text)
        return self


def _f(v, fmt):
    return "" if v is None else fmt % v


def table_lines(rows, markdown=False):
    head = ["file", "check", "frames", "mean (worst frame)", "max px", "solid px", "geom px", "worst t (s)",
            "limit", "result"]
    body = []
    for r in rows:
        body.append([r.file, r.check, _f(r.frames, "%d"), _f(r.mean, "%.3f"), _f(r.max, "%d"),
                     _f(r.solid, "%d"), _f(r.geom, "%.4f"), _f(r.worst_t, "%.4f"), r.limit, "ok" if r.ok else "FAIL (known)" if r.known else "FAIL"])
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
        out += ["| " + " | ".join(c.replace("|", "\\|") for c in b) + " |" for b in body]
        return out
    widths = [max(len(x) for x in col) for col in zip(head, *body)]
    fmt = "  ".join("%%-%ds" % w for w in widths)
    return [fmt % tuple(head), fmt % tuple("-" * w for w in widths)] + [fmt % tuple(b) for b in body]


def apply_known_failures(rows, known):
    """`known`: "FILE:CHECK" rows listed as failing today for a measured reason. A listed row
    that fails keeps its FAIL and figures but does not fail the run; a listed row that passes,
    or that does not exist, fails the run, so the list only ever shrinks."""
    out = list(rows)
    for k in known or ():
        file, _, check = k.partition(":")
        hits = [r for r in rows if r.file == file and r.check == check]
        for r in hits:
            if r.ok:
                out.append(Row(file, check).fail("listed with --known-failure but passes: remove it"))
            else:
                r.known = True
        if not hits:
            out.append(Row(file, check).fail("listed with --known-failure but no such row"))
    return out, all(r.ok or r.known for r in out)


def notes_lines(rows, markdown=False):
    out = []
    for r in rows:
        for n in r.notes:
            out.append(("- `%s` %s: %s" if markdown else "  %s %s: %s") % (r.file, r.check, n))
    return out


class FrameStats:
    """Accumulates per-frame comparisons for one row: worst mean, max, solid pixels."""

    def __init__(self, row, mean_limit):
        self.row, self.limit = row, mean_limit
        self.worst = None           # (mean, t, expected, actual)
        self.over_mean = 0
        self.over_solid = 0
        self.worst_solid = None     # (count, t, expected, actual)
        row.frames = row.frames or 0

    def add(self, t, expected, actual):
        from . import images
        mean, mx, solid = images.compare(expected, actual, SOLID_LEVEL)
        r = self.row
        r.frames += 1
        r.max = mx if r.max is None else max(r.max, mx)
        r.solid = solid if r.solid is None else max(r.solid, solid)
        if self.worst is None or mean > self.worst[0]:
            self.worst = (mean, t, expected, actual)
        if self.worst_solid is None or solid > self.worst_solid[0]:
            self.worst_solid = (solid, t, expected, actual)
        self.over_mean += mean > self.limit
        self.over_solid += solid > SOLID_PX

    def finish(self, run=None, kind=None):
        """Sets the row's worst figures and verdict; saves expected|actual|diff of bad frames."""
        r = self.row
        if self.worst:
            r.mean, r.worst_t = self.worst[0], self.worst[1]
        if self.over_mean:
            r.fail("%d of %d frames over mean %.1f; worst t=%.4f s mean %.3f"
                   % (self.over_mean, r.frames, self.limit, self.worst[1], self.worst[0]))
            if run:
                run.save_artifact(kind, self.worst[2], self.worst[3], self.worst[1])
        if self.over_solid:
            s = self.worst_solid
            r.fail("%d of %d frames with shapes in the wrong place (> %d px differing by > %d with all "
                   "neighbours); worst t=%.4f s: %d px" % (self.over_solid, r.frames, SOLID_PX, SOLID_LEVEL, s[1], s[0]))
            if self.over_mean == 0 or s[1] != self.worst[1]:
                r.worst_t = s[1]
                if run:
                    run.save_artifact(kind + "-solid", s[2], s[3], s[1])
        return r
