"""`python3 -m Conformance screens`: issue 11's closing figures in one command.

douyin-present with the user's screens, twice: two SVG screens (Templates/art/screens/*.svg)
and two 390 x 844 @3x PNG screenshots (1170 x 2532 px, made here from those SVGs with
rsvg-convert -z 3, so both rows show the same pictures). For each: the exported SVG and Lottie
sizes, the export's wall time (best of --repeat runs of `--format svg,lottie`), and the worst
frame of each player from the conformance suite run over that export (`--exporter` with the
`--screen` options). slide-up-segue with feed.svg as both screens (art painting past its
viewBox, cut by the screen's clip; the spring's overshoot shows that edge); flip-push with
feed.svg as the turning page over the player PNG. A third row: Examples/svg-art-flip.json, an svg layer under perspective
(projected paths), Examples/picture-reveal.json, PNG pictures under a hole and a circle mask,
Examples/picture-flip-masked.json, a PNG under perspective cut by its mask (in Lottie: its
cells in a precomp), Examples/svg-dashes-flip.json and svg-opacity-apart-flip.json (dashed
strokes, opacity over shapes apart, under perspective), svg-opacity-flip.json (opacity over
overlapping shapes: Lottie layers of their own), svg-clip-flip.json and svg-clip-masked-flip.json
(clip paths inside the art, under perspective), svg-art-window-flip.json and
svg-clip-union-flip.json (under perspective in a clipping window; clip paths of several
shapes), svg-radial-flip.json (radial gradients
under perspective, drawn as a picture), svg-stroke-stretch-slide.json,
svg-opacity-apart-slide.json, svg-radial-ellipse-slide.json, svg-clip-slide.json,
svg-clip-union-slide.json, svg-radial-focal-slide.json, svg-clip-window-slide.json,
svg-opacity-slide.json, svg-art-window-slide.json, rect-window-slide.json,
rect-window-fade-slide.json (the card's sublayer a layer of its own: group opacity),
group-fade-translucent.json, group-fade-art.json, group-fade-pair.json and group-fade-picture.json
(group opacity over translucent, art and picture sublayers, two groups; the picture's ThorVG and
rlottie rows known failures), group-fade-nested.json, group-fade-moving-parent.json,
group-fade-svg-runs.json, group-fade-snapshot.json and group-fade-overlay.json (nested groups,
a group under a moving parent, one layer's SVG art runs, a snapshot in a group, a group under
the bottom layer's overlay), group-fade-retrace.json and group-fade-subtree-retrace.json (a group in a scene
and in a subtree replayed by time remap), group-fade-flip.json and group-fade-flip-paths.json (a group on a
card under perspective: a factored plane, keyed paths), group-fade-art-flip.json,
group-fade-picture-flip.json, group-fade-cube.json, group-fade-retrace-edge.json and
group-fade-retrace-part.json (a fading layer of SVG art parts, of picture cells, under
perspective, their rlottie rows and the art's Chromium SMIL row known failures; a group on a
cube's moving face; a group across a retraced subtree's edge; a group holding part of the
retraced set), group-fade-retrace-split.json (that set split in two remapped precomps), feed.svg as
svg-art-window-slide's card, svg-clip-nested-slide.json and
svg-radial-focal-far-slide.json (flat: strokes under a stretch and a skew, opacity over shapes
apart, elliptical radial gradients, clip paths, clip paths of several shapes, focal points, clip
paths in a clipping window, opacity over overlapping shapes, plain art in a clipping window, a plain card in one, a
filled plus of open lines in one,
nested clip paths, focal points near the circle), and
picture-flip.json (a sharp PNG under perspective; its ThorVG and rlottie rows known failures,
docs/artwork.md#picture-cells-and-their-seams), picture-window-flip.json (a PNG with a sublayer
under 3D in a clipping window) and picture-nested-flip.json (a masked PNG in a clipping card
under 3D on a stage), checked the same way through input_exporter.py; and stories-cube with one
and with two PNG screens. `--only TEXT` runs the variants whose label contains TEXT; `--jobs N`
checks N sets at a time (exports still timed one at a time). Prints a markdown table;
exit 1 when a suite row fails.
"""
import json
import os
import shutil
import sys
import subprocess
import tempfile
import time
from types import SimpleNamespace

from . import workers

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = "douyin-present"
SCREENS = ("feed", "player")
# The suite's rows, by check name, reported as one column each.
PLAYERS = [("Chromium SMIL", "Chromium SMIL vs --at"), ("rsvg t=0", "rsvg-convert vs Chromium t=0"),
           ("rlottie", "rlottie"), ("ThorVG", "thorvg"), ("lottie-web", "lottie-web svg")]


def make_pngs(work):
    out = {}
    for name in SCREENS:
        path = os.path.join(work, name + ".png")
        subprocess.run(["rsvg-convert", "-z", "3", "-o", path,
                        os.path.join(REPO, "Templates", "art", "screens", name + ".svg")], check=True)
        out[name] = path
    return out


def export_once(command, outdir, template=TEMPLATE):
    shutil.rmtree(outdir, ignore_errors=True)
    t0 = time.monotonic()
    subprocess.run(command + ["--template", template, "--format", "svg,lottie", "--output", outdir],
                   cwd=REPO, check=True, capture_output=True)
    return time.monotonic() - t0


def suite_rows(command, opts, template=TEMPLATE, known=None, artifacts=None, firefox_step=0):
    from . import suite
    run_opts = SimpleNamespace(exporter=command, static_exporter=None, templates=[template], frames_step=opts.frames_step,
                               keep=None, chromium=opts.chromium, firefox_step=firefox_step, firefox=None, known_failures=known,
                               artifacts=artifacts or os.path.join(REPO, ".conformance"), versions={}, report="")
    rows, ok = suite.run(run_opts, log=lambda s: None)
    return rows, ok


def worst(rows, check):
    hits = [r for r in rows if r.file.endswith((".svg", ".json")) and r.check.startswith(check) and r.mean is not None]
    if not hits:
        return None
    r = max(hits, key=lambda r: r.mean)
    return r


def run(opts):
    binary = os.path.abspath(opts.binary)
    work = tempfile.mkdtemp(prefix="screens-bench-")
    try:
        pngs = make_pngs(work)
        svgs = {n: os.path.join(REPO, "Templates", "art", "screens", n + ".svg") for n in SCREENS}

        def screens(files):
            return [binary] + [a for n in SCREENS for a in ("--screen", "%s=%s" % (n, files[n]))]
        def example(name):
            return [sys.executable, "-m", "Conformance.input_exporter", binary, os.path.join(REPO, "Examples", name + ".json")]

        def in_window(name):
            # svg-art-window-slide.json with a screen SVG as its card (written here with a copy of it).
            with open(os.path.join(REPO, "Examples", "svg-art-window-slide.json")) as f:
                d = json.load(f)
            d.pop("$schema", None)
            d["name"] = name + "-window-slide"
            d["layers"][0]["children"][0]["file"] = name + ".svg"
            shutil.copy(svgs[name], os.path.join(work, name + ".svg"))
            path = os.path.join(work, d["name"] + ".json")
            with open(path, "w") as f:
                json.dump(d, f)
            return [sys.executable, "-m", "Conformance.input_exporter", binary, path]
        variants = [("douyin-present, two SVG screens", screens(svgs), TEMPLATE),
                    ("douyin-present, two 1170 x 2532 PNG screenshots (@3x)", screens(pngs), TEMPLATE),
                    # feed.svg paints 25 pt past its viewBox; the spring's overshoot shows that edge (issue 11).
                    ("slide-up-segue, feed.svg as both screens (SVG art past its viewBox)",
                     [binary, "--screen", "first=" + svgs["feed"], "--screen", "second=" + svgs["feed"]], "slide-up-segue"),
                    # The page flip with the user's screens: vector art turns as projected paths; a PNG page
                    # would need over 1,024 cells under this perspective (refused), a PNG beneath is flat.
                    ("flip-push, feed.svg as the turning page over a 1170 x 2532 PNG (@3x)",
                     [binary, "--screen", "page=" + svgs["feed"], "--screen", "next=" + pngs["player"]], "flip-push"),
                    ("Examples/svg-art-flip.json (svg layer under perspective)", example("svg-art-flip"), "svg-art-flip"),
                    ("Examples/picture-reveal.json (PNG pictures on masked layers)", example("picture-reveal"), "picture-reveal"),
                    ("Examples/picture-flip-masked.json (a masked PNG under perspective)", example("picture-flip-masked"),
                     "picture-flip-masked"),
                    ("Examples/svg-dashes-flip.json (dashed strokes under perspective)", example("svg-dashes-flip"),
                     "svg-dashes-flip"),
                    ("Examples/svg-opacity-apart-flip.json (opacity over shapes apart, under perspective)",
                     example("svg-opacity-apart-flip"), "svg-opacity-apart-flip"),
                    ("Examples/svg-opacity-flip.json (opacity over overlapping shapes, under perspective)",
                     example("svg-opacity-flip"), "svg-opacity-flip"),
                    ("Examples/svg-clip-flip.json (clip paths inside the art, under perspective)", example("svg-clip-flip"),
                     "svg-clip-flip"),
                    ("Examples/svg-clip-masked-flip.json (clip paths and the layer's own clip and mask, under perspective)",
                     example("svg-clip-masked-flip"), "svg-clip-masked-flip"),
                    ("Examples/svg-art-window-flip.json (svg layer under perspective in a clipping window)",
                     example("svg-art-window-flip"), "svg-art-window-flip"),
                    ("Examples/svg-clip-union-flip.json (clip paths of several shapes, under perspective, in a clipping window)",
                     example("svg-clip-union-flip"), "svg-clip-union-flip"),
                    ("Examples/svg-radial-flip.json (radial gradients under perspective, drawn as a picture)",
                     example("svg-radial-flip"), "svg-radial-flip"),
                    ("Examples/svg-stroke-stretch-slide.json (strokes under a stretch and a skew, flat)",
                     example("svg-stroke-stretch-slide"), "svg-stroke-stretch-slide"),
                    ("Examples/svg-opacity-apart-slide.json (opacity over shapes apart, flat)",
                     example("svg-opacity-apart-slide"), "svg-opacity-apart-slide"),
                    ("Examples/svg-radial-ellipse-slide.json (elliptical radial gradients, flat)",
                     example("svg-radial-ellipse-slide"), "svg-radial-ellipse-slide"),
                    ("Examples/svg-clip-slide.json (clip paths inside the art, flat)",
                     example("svg-clip-slide"), "svg-clip-slide"),
                    ("Examples/svg-clip-union-slide.json (clip paths of several shapes, flat)",
                     example("svg-clip-union-slide"), "svg-clip-union-slide"),
                    ("Examples/svg-radial-focal-slide.json (radial gradients with a focal point, flat)",
                     example("svg-radial-focal-slide"), "svg-radial-focal-slide"),
                    ("Examples/svg-clip-window-slide.json (clip paths inside the art, flat, in a clipping window)",
                     example("svg-clip-window-slide"), "svg-clip-window-slide"),
                    ("Examples/svg-opacity-slide.json (opacity over overlapping shapes, flat, in a clipping window)",
                     example("svg-opacity-slide"), "svg-opacity-slide"),
                    ("Examples/svg-art-window-slide.json (plain SVG art, flat, in a clipping window)",
                     example("svg-art-window-slide"), "svg-art-window-slide"),
                    ("Examples/rect-window-slide.json (a plain card with a static sublayer, flat, in a clipping window)",
                     example("rect-window-slide"), "rect-window-slide"),
                    ("Examples/rect-window-fade-slide.json (a fading card with a sublayer of its own: group opacity as a precomp)",
                     example("rect-window-fade-slide"), "rect-window-fade-slide"),
                    ("Examples/group-fade-translucent.json (a fading group without a fill over overlapping translucent sublayers)",
                     example("group-fade-translucent"), "group-fade-translucent"),
                    ("Examples/group-fade-art.json (a fading card over an SVG art sublayer and a translucent badge)",
                     example("group-fade-art"), "group-fade-art"),
                    ("Examples/group-fade-pair.json (two fading cards side by side: two group precomps)",
                     example("group-fade-pair"), "group-fade-pair"),
                    ("Examples/group-fade-nested.json (a fading badge over an icon inside a fading card: nested group precomps)",
                     example("group-fade-nested"), "group-fade-nested"),
                    ("Examples/group-fade-moving-parent.json (a fading card in a sliding container, beside a second fading card)",
                     example("group-fade-moving-parent"), "group-fade-moving-parent"),
                    ("Examples/group-fade-svg-runs.json (one fading layer of SVG art with opacity over overlapping shapes)",
                     example("group-fade-svg-runs"), "group-fade-svg-runs"),
                    ("Examples/group-fade-snapshot.json (a fading card holding a snapshot over a label)",
                     example("group-fade-snapshot"), "group-fade-snapshot"),
                    ("Examples/group-fade-overlay.json (a fading card over a dot under the bottom layer's overlay)",
                     example("group-fade-overlay"), "group-fade-overlay"),
                    ("Examples/group-fade-retrace.json (a fading group over translucent sublayers, its back phase a retrace by time remap)",
                     example("group-fade-retrace"), "group-fade-retrace"),
                    ("Examples/group-fade-subtree-retrace.json (a fading group over translucent sublayers in a subtree retraced by time remap, a finger at the root)",
                     example("group-fade-subtree-retrace"), "group-fade-subtree-retrace"),
                    ("Examples/group-fade-flip.json (a fading group over translucent sublayers on a card turning on a stage with perspective: a factored plane)",
                     example("group-fade-flip"), "group-fade-flip"),
                    ("Examples/group-fade-flip-paths.json (the same group on a card turning under its own perspective: keyed paths)",
                     example("group-fade-flip-paths"), "group-fade-flip-paths"),
                    # rlottie takes ~1/255 off a group precomp per member below ks.o 100 (docs/lottie.md#group-opacity):
                    # 4.099 over this full-canvas art (4.916 before the badge's opacity moved to its fill; refused
                    # before that); the art parts' paints overlap, so they keep ks.o (a card-shaped overlay instead
                    # of the precomp measured 1.659: BENCHMARKS.md#paints-apart-and-pictures-in-a-group-2026-12-04). Chromium SMIL 1.025 at 0.667 s: Chromium's 8-bit opacity in the still
                    # --at frame (docs/smil.md#what-players-implement).
                    ("Examples/group-fade-art-flip.json (a fading svg layer split into parts under perspective, over a translucent badge)",
                     example("group-fade-art-flip"), "group-fade-art-flip",
                     ["group-fade-art-flip.json:rlottie", "group-fade-art-flip.svg:Chromium SMIL vs --at"]),
                    # rlottie 2.049 (2.989 with the badge at ks.o 80; 19.330 per layer); ThorVG 1.168, lottie-web 0.602 pass.
                    ("Examples/group-fade-picture-flip.json (a fading PNG drawn as cells under perspective, under a translucent badge)",
                     example("group-fade-picture-flip"), "group-fade-picture-flip", ["group-fade-picture-flip.json:rlottie"]),
                    ("Examples/group-fade-cube.json (a fading group over translucent sublayers on a cube's moving, clipping face)",
                     example("group-fade-cube"), "group-fade-cube"),
                    ("Examples/group-fade-retrace-edge.json (a translucent screen over a retraced card and a finger that does not retrace: a group across the retraced subtree's edge)",
                     example("group-fade-retrace-edge"), "group-fade-retrace-edge"),
                    ("Examples/group-fade-retrace-part.json (a translucent screen over a finger and a retraced card whose tab, outside the screen, retraces with it: a group holding part of the retraced set)",
                     example("group-fade-retrace-part"), "group-fade-retrace-part"),
                    ("Examples/group-fade-retrace-split.json (the same with more retraced motion: the retraced set split by the group in two precomps played by one remap)",
                     example("group-fade-retrace-split"), "group-fade-retrace-split"),
                    # A sharp PNG in a fading group precomp: ThorVG misplaces the scaled picture with or
                    # without the fade (354 px solid unfaded); rlottie 2.7 in the precomp (3.3 with the badge
                    # at ks.o 80), 1.5 unfaded,
                    # 13.4 per layer (BENCHMARKS.md#groupfade-2026-12-03): known failures. rlottie's: its blend of
                    # the precomp layer itself (alpha 254 over the canvas) and its picture law; ThorVG's: its picture
                    # law alone (BENCHMARKS.md#paints-apart-and-pictures-in-a-group-2026-12-04).
                    ("Examples/group-fade-picture.json (a fading card over a PNG sublayer and a translucent badge)",
                     example("group-fade-picture"), "group-fade-picture",
                     ["group-fade-picture.json:thorvg", "group-fade-picture.json:rlottie"]),
                    ("feed.svg as svg-art-window-slide's card (a filled plus of two open lines, in a clipping window)",
                     in_window("feed"), "feed-window-slide"),
                    ("Examples/svg-clip-nested-slide.json (nested clip paths, a clip path of subpaths, flat)",
                     example("svg-clip-nested-slide"), "svg-clip-nested-slide"),
                    ("Examples/svg-radial-focal-far-slide.json (focal points at 95-98.9 % of the radius, flat)",
                     example("svg-radial-focal-far-slide"), "svg-radial-focal-far-slide"),
                    # A sharp PNG under 3D: rlottie and ThorVG 1.0 draw a scaled or rotated image half-pixel
                    # conventions off, in any construction (docs/artwork.md#picture-cells-and-their-seams;
                    # Conformance/image_offsets.py measures them): known failures.
                    ("Examples/picture-flip.json (a sharp PNG under perspective, 224 cells)", example("picture-flip"),
                     "picture-flip", ["picture-flip.json:thorvg", "picture-flip.json:rlottie"]),
                    # A picture under 3D with a sublayer, in a clipping window; in a clipping card under 3D.
                    ("Examples/picture-window-flip.json (a PNG with a sublayer under perspective in a clipping window)",
                     example("picture-window-flip"), "picture-window-flip"),
                    ("Examples/picture-nested-flip.json (a masked PNG in a clipping card under perspective, on a stage)",
                     example("picture-nested-flip"), "picture-nested-flip"),
                    # The Instagram cube with the user's screens (sharp pictures: known failures as picture-flip's).
                    ("stories-cube, a 1170 x 2532 PNG screen in story-2 (@3x)", [binary, "--screen", "story-2=" + pngs["player"]],
                     "stories-cube", ["stories-cube.json:thorvg", "stories-cube.json:rlottie"]),
                    ("stories-cube, two 1170 x 2532 PNG screens (@3x; story-1 has a sublayer)",
                     [binary, "--screen", "story-1=" + pngs["feed"], "--screen", "story-2=" + pngs["player"]],
                     "stories-cube", ["stories-cube.json:thorvg", "stories-cube.json:rlottie"])]
        if opts.only:
            variants = [v for v in variants if any(t in v[0] for t in opts.only)]
        lines = ["| %s | SVG bytes | Lottie bytes | export wall (best of %d) | %s | failing rows |"
                 % ("file", opts.repeat, " | ".join(p for p, _ in PLAYERS)),
                 "|" + "---|" * (5 + len(PLAYERS))]
        # Exports one at a time (the wall column means the same for any --jobs), then the
        # suite over the sets --jobs at a time, each set's failure images in a directory of its
        # own (two sets of one template would write the same .conformance/NAME-*.png).
        exported = []
        for _, command, template, *_ in variants:
            out = os.path.join(work, "export")
            wall = min(export_once(command, out, template) for _ in range(opts.repeat))
            size = {ext: os.path.getsize(os.path.join(out, template + ext)) for ext in (".svg", ".json")}
            exported.append((wall, size))

        def check_set(_, job):
            i, (label, command, template, *known) = job
            artifacts = os.path.join(REPO, ".conformance", "screens", "%02d-%s" % (i + 1, template))
            rows, ok = suite_rows(command, opts, template, known[0] if known else None, artifacts)
            print("%s: %d rows, %d failing" % (label, len(rows), sum(1 for r in rows if not r.ok)), flush=True)
            return rows, ok
        # The largest exports first (a cube with two @3x screens takes minutes), results in order.
        checked = workers.ordered_map(check_set, enumerate(variants), opts.jobs,
                                      cost=lambda job: sum(exported[job[0]][1].values()))
        all_ok = True
        for (label, *_), (wall, size), (rows, ok) in zip(variants, exported, checked):
            all_ok = all_ok and ok
            cells = []
            for _, check in PLAYERS:
                r = worst(rows, check)
                cells.append("–" if r is None else "%.3f at %.3f s, %s solid px" % (r.mean, r.worst_t or 0, r.solid or 0))
            failing = [r for r in rows if not r.ok]
            lines.append("| %s | %s | %s | %.2f s | %s | %s |" % (
                label, format(size[".svg"], ","), format(size[".json"], ","), wall, " | ".join(cells),
                "; ".join("%s: %s" % (r.file, r.check) for r in failing) or "none"))
        print("\n".join(lines))
        return 0 if all_ok else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
