"""Pixel buffers and differences. Every image here is an H×W×3 uint8 RGB array on white."""
import io

import numpy as np
from PIL import Image


def decode_png(data):
    """PNG bytes (or a path) → RGB array composited over white."""
    img = Image.open(io.BytesIO(data) if isinstance(data, (bytes, bytearray)) else data)
    img.load()
    if img.mode in ("RGBA", "LA", "P"):
        img = img.convert("RGBA")
        return over_white_straight(np.asarray(img))
    return np.asarray(img.convert("RGB"))


def over_white_straight(rgba):
    """Straight-alpha RGBA → RGB over white."""
    rgba = rgba.astype(np.float32)
    a = rgba[..., 3:4] / 255.0
    return np.clip(rgba[..., :3] * a + 255.0 * (1.0 - a) + 0.5, 0, 255).astype(np.uint8)


def over_white_premultiplied(rgba):
    """Premultiplied RGBA (what rlottie and ThorVG render) → RGB over white.

    With premultiplied colour C = c·α the "over white" result is C + 255·(1 − α), so no
    unpremultiply is needed here; treating these buffers as straight alpha (as
    rlottie-python's own render_pillow_frame does) darkens every soft edge and every
    translucent layer.
    """
    rgba = rgba.astype(np.int16)
    return np.clip(rgba[..., :3] + (255 - rgba[..., 3:4]), 0, 255).astype(np.uint8)


def _absdiff(a, b):
    """|a - b| per channel as uint8, without widening (max - min never wraps)."""
    if a.shape != b.shape:
        raise ValueError("image sizes differ: %s vs %s" % (a.shape[:2][::-1], b.shape[:2][::-1]))
    d = np.maximum(a, b)
    d -= np.minimum(a, b)
    return d


def _channel_max(d):
    # np.maximum over the three planes: a reduction along a trailing axis of 3 is ~10x slower.
    return np.maximum(np.maximum(d[..., 0], d[..., 1]), d[..., 2])


def _solid(m):
    """Pixels of the mask `m` whose 3x3 neighbourhood is all in it (rows, then columns)."""
    if m.shape[0] < 3 or m.shape[1] < 3:
        return 0
    r = m[:, :-2] & m[:, 1:-1] & m[:, 2:]
    return int(np.count_nonzero(r[:-2] & r[1:-1] & r[2:]))


def compare(a, b, level=64):
    """(mean, max, solid): diff's two figures and solid_disagreement's count from one
    difference image. A frame check calls it per frame, so it is most of a CPU-bound check's
    time: this form is ~12x faster than the three separately over int16 (same figures)."""
    d = _absdiff(a, b)
    mx_plane = _channel_max(d)
    mx = int(mx_plane.max())
    return float(d.mean()), mx, (_solid(mx_plane > level) if mx > level else 0)


def diff(a, b):
    """(mean, max) absolute difference over all pixels and the R, G, B channels, 0..255."""
    d = _absdiff(a, b)
    return float(d.mean()), int(d.max())


def solid_disagreement(a, b, level=64):
    """Pixels that differ by more than `level` (0..255, any channel) together with all 8 of
    their neighbours: a wrong, missing or misplaced shape at least 3 px across. Anti-aliasing
    differences along an edge are 1–2 px wide and never count, however long the edge."""
    return _solid(_channel_max(_absdiff(a, b)) > level)


def save_png(rgb, path):
    Image.fromarray(rgb).save(path)


def save_diff_strip(expected, actual, path):
    """expected | actual | amplified difference, side by side, for a human to look at."""
    d = np.abs(expected.astype(np.int16) - actual.astype(np.int16)).max(axis=-1)
    heat = np.clip(255 - d * 8, 0, 255).astype(np.uint8)
    heat_rgb = np.stack([np.full_like(heat, 255), heat, heat], axis=-1)
    gap = np.full((expected.shape[0], 4, 3), 128, np.uint8)
    Image.fromarray(np.concatenate([expected, gap, actual, gap, heat_rgb], axis=1)).save(path)
