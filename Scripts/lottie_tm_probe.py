#!/usr/bin/env python3
"""How each player plays a time remap (`tm` on a precomp layer): rlottie, ThorVG, lottie-web 5.7.5
(BENCHMARKS.md#retracing-by-time-remap). Inner: a slanted 10 px bar whose centre x = 25 + 5 f/K at
inner frame f (linear keys at f = 0 and 100 K); the root's tm runs forward linearly, eased, holds,
then backward, eased. Each outer frame's bar centroid gives the inner time the player used;
the worst |error| in frames of the root composition is printed per player.

    python3 -m Conformance doctor >/dev/null; ~/.cache/trans-export-venv/bin/python Scripts/lottie_tm_probe.py K

K = 1: inner frames as the root's; K = 10: the precomp numbered 10x finer (tm values x K)."""

import json
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from Conformance import chromium  # noqa: E402
from Conformance import lottie_check as lc  # noqa: E402

K = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
FR, OP, W, H = 60, 120, 600, 60


def bez(x1, y1, x2, y2, x):
    # cubic-bezier easing y(x)
    lo, hi = 0.0, 1.0
    for _ in range(80):
        s = (lo + hi) / 2
        bx = 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s**3
        if bx < x:
            lo = s
        else:
            hi = s
    s = (lo + hi) / 2
    return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s**3


# tm keys: (frame, seconds, easing (o,i) or 'hold' or None=linear)
keys = [
    (0, 0.0, ((0, 0), (1, 1))),
    (30, 0.41, ((0.42, 0), (0.58, 1))),
    (50, 1.2, "hold"),
    (60, 1.2, ((0, 0), (0.58, 1))),
    (100, 0.1, ((0, 0), (1, 1))),
    (120, 0.1, None),
]


def tm_at(n):
    for (f0, v0, e), (f1, v1, _) in zip(keys, keys[1:]):
        if f0 <= n < f1:
            if e == "hold":
                return v0
            (ox, oy), (ix, iy) = e
            return v0 + (v1 - v0) * bez(ox, oy, ix, iy, (n - f0) / (f1 - f0))
    return keys[-1][1]


def tm_json():
    k = []
    for f0, v0, e in keys:
        d = {"t": f0, "s": [v0 * K]}
        if e == "hold":
            d["h"] = 1
        elif e:
            d["o"] = {"x": [e[0][0]], "y": [e[0][1]]}
            d["i"] = {"x": [e[1][0]], "y": [e[1][1]]}
        k.append(d)
    return {"a": 1, "k": k}


def tr(p):
    return {"a": {"a": 0, "k": [0, 0]}, "p": p, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}


bar = {
    "ddd": 0,
    "ty": 4,
    "nm": "bar",
    "ind": 1,
    "sr": 1,
    "ks": tr(
        {"a": 1, "k": [{"t": 0, "s": [25, 30], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 100 * K, "s": [525, 30]}]}
    ),
    "shapes": [
        {
            "ty": "gr",
            "it": [
                {
                    "ty": "sh",
                    "ks": {
                        "a": 0,
                        "k": {"c": True, "v": [[-7, -30], [3, -30], [7, 30], [-3, 30]], "i": [[0, 0]] * 4, "o": [[0, 0]] * 4},
                    },
                },
                {"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
                dict(tr({"a": 0, "k": [0, 0]}), ty="tr"),
            ],
        }
    ],
    "ip": 0,
    "op": 200 * K,
    "st": 0,
}
doc = {
    "v": "5.7.0",
    "fr": FR,
    "ip": 0,
    "op": OP,
    "w": W,
    "h": H,
    "nm": "tm",
    "ddd": 0,
    "assets": [{"id": "inner", "layers": [bar]}],
    "layers": [
        {
            "ddd": 0,
            "ty": 0,
            "nm": "remap",
            "ind": 1,
            "refId": "inner",
            "w": W,
            "h": H,
            "tm": tm_json(),
            "sr": 1,
            "ks": tr({"a": 0, "k": [0, 0]}),
            "ip": 0,
            "op": OP,
            "st": 0,
        }
    ],
}
tmp = tempfile.mkdtemp()
path = os.path.join(tmp, "tm-%g.json" % K)
json.dump(doc, open(path, "w"))


def inner_frame(img):
    a = 255 - img[..., :3].mean(axis=2)  # darkness
    col = a.mean(axis=0)
    x = np.arange(W) + 0.5
    cx = (col * x).sum() / col.sum()
    return (cx - 25) / 5


with chromium.Browser() as b:
    tab = b.new_tab(W, H)
    page = os.path.join(tmp, "page.html")
    open(page, "w").write(lc.LOTTIE_PAGE % open(lc.lottie_js_path()).read())
    players = [lc.Rlottie(path, doc), lc.Thorvg(path, doc), lc.LottieWeb(path, doc, tab, page)]
    for p in players:
        errs = []
        for n in range(OP):
            want = tm_at(n) * FR
            got = inner_frame(np.asarray(p.frame(n), dtype=float))
            errs.append((got - want, n, want, got))
        e = np.array([x[0] for x in errs])
        worst = max(errs, key=lambda x: abs(x[0]))
        print(
            "%-15s K=%g  max |err| %.4f inner frames (n=%d want %.3f got %.3f), mean %.4f"
            % (p.name, K, abs(worst[0]), worst[1], worst[2] / 1, worst[3], e.mean())
        )
        if "-v" in sys.argv:
            for x in errs[::5]:
                print("   n=%3d want %8.3f got %8.3f" % (x[1], x[2], x[3]))
        p.close()
