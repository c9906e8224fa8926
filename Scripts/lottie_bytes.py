#!/usr/bin/env python3
"""Where a Lottie file's bytes go (BENCHMARKS.md §6, issue 13): animated shapes (`sh` items and
mask paths) broken into their keys' `v`/`i`/`o` arrays (numbers and brackets apart), `c`, `t`,
the per-key easing objects `o`/`i`, `n` names and `h` holds, and the key wrappers; other
animated properties (by member name) and the static rest (layers, transforms, shape items).

    python3 Scripts/lottie_bytes.py output/flip-push.json

Sizes are those of the members as the file writes them (compact JSON); the script checks that
the parts add up to the file's length.
"""
import json
import re
import sys
from collections import Counter

NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def dump(x):
    return json.dumps(x, separators=(",", ":"), ensure_ascii=False)


def member(key, value):
    """Bytes of `"key":value` plus its separating comma."""
    return len(dump(key)) + 1 + len(dump(value)) + 1


class Breakdown:
    def __init__(self):
        self.parts = Counter()
        self.keys = Counter()  # keys per kind of animated property
        self.zero_tangents = 0
        self.tangents = 0

    def add(self, name, n):
        self.parts[name] += n

    def shape_value(self, prefix, shape):
        """A bezier shape `{"c":…,"v":…,"i":…,"o":…}`: numbers apart from brackets and commas."""
        total = len(dump(shape))
        counted = 0
        for k, v in shape.items():
            text = dump(v)
            n = member(k, v)
            if k in ("v", "i", "o"):
                digits = sum(len(m) for m in NUMBER.findall(text))
                self.add(f"{prefix} {k} numbers", digits)
                self.add(f"{prefix} {k} brackets/commas", len(text) - digits)
                self.add(f"{prefix} member names", n - len(text))
                if k in ("i", "o"):
                    self.tangents += len(v)
                    self.zero_tangents += sum(1 for p in v if p == [0, 0])
            else:
                self.add(f"{prefix} {k}", n)
            counted += n
        self.add(f"{prefix} braces", total - counted)

    def animated(self, prefix, prop, is_shape):
        """An animated property `{"a":1,"k":[keys]}`."""
        self.add(f"{prefix} wrapper", len(dump(prop)) - len(dump(prop["k"])))
        keys = prop["k"]
        self.keys[prefix] += len(keys)
        self.add(f"{prefix} key braces/commas", len(dump(keys)) - sum(len(dump(k)) for k in keys))
        for key in keys:
            counted = 0
            for k, v in key.items():
                n = member(k, v)
                counted += n
                if k == "s" and is_shape:
                    self.add(f"{prefix} s brackets", n - sum(len(dump(s)) for s in v))
                    for s in v:
                        self.shape_value(prefix, s)
                elif k in ("o", "i") and isinstance(v, dict):
                    self.add(f"{prefix} easing o/i", n)
                elif k == "n":
                    self.add(f"{prefix} easing n", n)
                else:
                    self.add(f"{prefix} {k}", n)
            self.add(f"{prefix} key braces/commas", len(dump(key)) - counted)

    def walk(self, x, name="static"):
        """Everything else: animated properties by member name, the rest static."""
        if isinstance(x, dict):
            if x.get("a") == 1 and isinstance(x.get("k"), list):
                keys = x["k"]
                is_shape = bool(keys) and isinstance(keys[0].get("s"), list) and keys[0]["s"] and isinstance(keys[0]["s"][0], dict)
                self.animated("shape" if is_shape else f"animated {name}", x, is_shape)
                return len(dump(x))
            counted = 0
            for k, v in x.items():
                inner = self.walk(v, k)
                counted += inner
                self.add("static", member(k, v) - inner)
            self.add("static", len(dump(x)) - sum(member(k, v) for k, v in x.items()))
            return len(dump(x))
        if isinstance(x, list):
            for v in x:
                self.walk(v, name)
            inner = sum(len(dump(v)) for v in x)
            self.add("static", len(dump(x)) - inner)
            return len(dump(x))
        self.add("static", len(dump(x)))
        return len(dump(x))


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    text = open(argv[1], encoding="utf-8").read()
    doc = json.loads(text)
    b = Breakdown()
    total = b.walk(doc)
    # json.dumps writes 1.0 for a float that the file wrote as 1: count the file's own bytes.
    if total != len(text.encode()):
        print(f"note: re-serialized {total:,} B vs file {len(text.encode()):,} B (number spelling)")
    print(f"file: {len(text.encode()):,} B; layers: {len(doc.get('layers', []))}, assets: {len(doc.get('assets', []))}")
    for prefix, n in sorted(b.keys.items()):
        print(f"  {prefix}: {n} keys")
    print(f"  shape tangents: {b.tangents:,}, of them [0,0]: {b.zero_tangents:,}")
    print("\n| part | bytes | share |\n|---|---:|---:|")
    for name, n in sorted(b.parts.items(), key=lambda kv: -kv[1]):
        print(f"| {name} | {n:,} | {n / total:.1%} |")
    print(f"| **all** | {total:,} | |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
