"""Where rlottie and ThorVG draw an image under a transform that is more than a translation
(docs/artwork.md#picture-cells-and-their-seams):

    python3 -m Conformance.image_offsets

One smooth test picture as an embedded image layer, drawn under several affine maps and
constructions (the map in the image layer's own `ks`, in a parent null, in a precomp layer);
each player's frame is registered against an exact bilinear resampling of the picture (pixel
centres at +0.5, as Chromium and lottie-web draw it). The shift that fits best is each player's
offset. Measured laws (rlottie-python 1.3.8, thorvg-python 1.1.3 = ThorVG 1.0.4):

- rlottie samples each pixel at its top-right corner, (x + 1, y) (vdrawhelper.cpp
  blend_image_xform: `y * m21 + dx + m11`): the picture shows (-0.5, +0.5) px off, whatever the map.
- ThorVG samples at the pixel's corner and puts texel centres on integers
  (tvgSwRasterTexmap.h: `uu = (int) u`, weight 1 - frac(u)): (-0.5, -0.5) px - M (0.5, 0.5),
  M the map's 2x2 part.

Every construction composes into one matrix before drawing, so each gives the same offset.
"""
import base64
import io
import json
import math
import os
import sys
import tempfile

import numpy as np

from . import lottie_check

W, H = 240, 200          # canvas
PW, PH = 120, 90         # picture


def picture():
    """RGB picture of smooth waves (periods 19-41 px), so a sub-pixel shift is measurable."""
    v, u = np.mgrid[0:PH, 0:PW] + 0.5
    r = 128 + 90 * np.sin(2 * math.pi * u / 29) * np.cos(2 * math.pi * v / 41)
    g = 128 + 90 * np.sin(2 * math.pi * (u + v) / 23)
    b = 128 + 90 * np.cos(2 * math.pi * (u - 2 * v) / 37)
    return np.stack([r, g, b], axis=2).round().clip(0, 255).astype(np.uint8)


def _static(v):
    return {"a": 0, "k": v}


def _ks(anchor=(0, 0), pos=(0, 0), scale=(100, 100), rot=0.0):
    return {"a": _static(list(anchor)), "p": _static(list(pos)), "s": _static(list(scale)), "r": _static(rot), "o": _static(100)}


def _layer(ind, ty, ks, **extra):
    return dict({"ddd": 0, "ty": ty, "ind": ind, "sr": 1, "ks": ks, "ip": 0, "op": 2, "st": 0}, **extra)


def document(construction, pos, scale, rot, uri):
    """The picture's centre at `pos`, scaled by `scale` (x, y) and rotated `rot` degrees."""
    centre = (PW / 2, PH / 2)
    full = _ks(centre, pos, (scale[0] * 100, scale[1] * 100), rot)
    assets = [{"id": "pic", "w": PW, "h": PH, "e": 1, "u": "", "p": uri}]
    if construction == "own ks":
        layers = [_layer(1, 2, full, refId="pic")]
    elif construction == "parent null":
        layers = [_layer(1, 2, _ks(centre), refId="pic", parent=2),
                  _layer(2, 3, _ks((0, 0), pos, (scale[0] * 100, scale[1] * 100), rot))]
    else:  # the map on a precomp layer over the image
        assets.append({"id": "pre", "layers": [_layer(1, 2, _ks(), refId="pic")]})
        layers = [_layer(1, 0, full, refId="pre", w=PW, h=PH)]
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 2, "w": W, "h": H, "ddd": 0, "assets": assets, "layers": layers}


def matrix(pos, scale, rot):
    """Picture pixels -> canvas as a 2x2 part and a translation."""
    c, s = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    m = np.array([[c * scale[0], -s * scale[1]], [s * scale[0], c * scale[1]]])
    return m, np.array(pos) - m @ np.array([PW / 2, PH / 2])


def _bilinear(pic, u, v):
    x, y = u - 0.5, v - 0.5
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    fx, fy = (x - x0)[..., None], (y - y0)[..., None]

    def at(yy, xx):
        return pic[yy.clip(0, PH - 1), xx.clip(0, PW - 1)].astype(float)
    return (at(y0, x0) * (1 - fx) * (1 - fy) + at(y0, x0 + 1) * fx * (1 - fy)
            + at(y0 + 1, x0) * (1 - fx) * fy + at(y0 + 1, x0 + 1) * fx * fy)


def offset(frame, pic, m, t):
    """The shift (dx, dy) of the exact resampling that best fits `frame`, and the mean error there."""
    inv = np.linalg.inv(m)
    ys, xs = np.mgrid[0:H, 0:W] + 0.5

    def error(dx, dy):
        u = inv[0, 0] * (xs - dx - t[0]) + inv[0, 1] * (ys - dy - t[1])
        v = inv[1, 0] * (xs - dx - t[0]) + inv[1, 1] * (ys - dy - t[1])
        inside = (u > 3) & (u < PW - 3) & (v > 3) & (v < PH - 3)
        return np.abs(frame - _bilinear(pic, u, v)).mean(axis=2)[inside].mean()
    best = min((error(dx, dy), dx, dy) for dx in np.arange(-1.5, 1.51, 0.25) for dy in np.arange(-1.5, 1.51, 0.25))
    _, bx, by = best
    best = min((error(dx, dy), dx, dy) for dx in np.arange(bx - 0.2, bx + 0.21, 0.05) for dy in np.arange(by - 0.2, by + 0.21, 0.05))
    return round(best[1], 2), round(best[2], 2), best[0]


def measure(constructions=("own ks", "parent null", "precomp"), maps=None):
    """Rows (construction, map, player, dx, dy, mean error at the fit, law dx, law dy)."""
    from PIL import Image
    pic = picture()
    png = io.BytesIO()
    Image.fromarray(pic).save(png, "PNG")
    uri = "data:image/png;base64," + base64.b64encode(png.getvalue()).decode()
    maps = maps or [((120.3, 100.6), (0.55, 0.55), 20.0), ((120.3, 100.6), (0.55, -0.55), 20.0),
                    ((120.3, 100.6), (1.0, 1.0), 10.0)]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "probe.json")
        for construction in constructions:
            for pos, scale, rot in maps:
                doc = document(construction, pos, scale, rot, uri)
                with open(path, "w", encoding="utf-8") as f:
                    json.dump(doc, f)
                m, t = matrix(pos, scale, rot)
                law = {"rlottie": (-0.5, 0.5), "thorvg": tuple(-0.5 - 0.5 * (m @ np.array([1.0, 1.0])))}
                for player in (lottie_check.Rlottie, lottie_check.Thorvg):
                    r = player(path, doc)
                    frame = r.frame(0).astype(float)
                    r.close()
                    dx, dy, err = offset(frame, pic, m, t)
                    rows.append((construction, (pos, scale, rot), player.name, dx, dy, err) + law[player.name])
    return rows


def main():
    print("| construction | map (centre, scale, degrees) | player | offset px | mean /255 at it | law |")
    print("|---|---|---|---|---|---|")
    for c, (pos, scale, rot), player, dx, dy, err, lx, ly in measure():
        print("| %s | %s, %s, %g | %s | (%+.2f, %+.2f) | %.2f | (%+.2f, %+.2f) |" % (c, pos, scale, rot, player, dx, dy, err, lx, ly))
    return 0


if __name__ == "__main__":
    sys.exit(main())
