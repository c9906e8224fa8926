"""Lottie: the official schema (Lottie Animation Community, PyPI lottie-specs) and the semantic
checks the schema cannot express (interop traps measured in rlottie, ThorVG and lottie-web)."""
import json

_SCHEMA = None


def schema():
    global _SCHEMA
    if _SCHEMA is None:
        from lottie_specs import load_specs          # PyPI lottie-specs: draft 2020-12 schema
        _SCHEMA = load_specs()
    return _SCHEMA


def _pointer(path):
    return "/" + "/".join(str(p) for p in path)


def _is_discriminator_failure(e):
    tail = list(e.relative_path)[-1:]
    return ((e.validator == "const" and tail in (["ty"], ["a"]))
            or (e.validator == "not" and tail == ["ty"]))


def _rank(errors):
    """Which oneOf/anyOf branch the instance meant: its `ty` (or `a` for animated/static
    properties) matched, its JSON type matched, fewest errors."""
    return (any(_is_discriminator_failure(e) for e in errors),
            any(e.validator == "type" and not e.relative_path for e in errors),
            any(e.validator == "required" and not e.relative_path for e in errors),
            len(errors))


def _leaves(err):
    if err.validator in ("oneOf", "anyOf") and err.context:
        branches = {}
        for sub in err.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        # enumerations written as a oneOf of consts
        if all(all(e.validator == "const" and not e.relative_path for e in b) for b in branches.values()):
            allowed = [b[0].validator_value for b in branches.values()]
            yield err.absolute_path, "%s is not one of %s" % (json.dumps(err.instance), json.dumps(allowed))
            return
        best = min(branches.values(), key=_rank)
        if _rank(best)[0]:          # every branch rejected the discriminator: the type itself is wrong
            yield err.absolute_path, err.message[:200]
            return
        for sub in best:
            yield from _leaves(sub)
    else:
        yield err.absolute_path, err.message[:200]


_FAST = None


def fast_validator():
    """jsonschema-rs (PyPI jsonschema-rs, Rust) over the same schema, or None when it is not
    installed. It says in milliseconds whether a file has any schema error at all; Python
    jsonschema (the engine of the tools' validator) takes 1-90 s per file (a 3.4 MB cube with
    two @3x screens: 93 s) and alone finds and names the errors."""
    global _FAST
    if _FAST is None:
        try:
            import jsonschema_rs
            _FAST = jsonschema_rs.Draft202012Validator(schema())
        except ImportError:
            _FAST = False
    return _FAST or None


def schema_errors(doc):
    """Leaf errors as 'JSON/pointer: message', in document order. A document jsonschema-rs finds
    valid has none; any other is walked by Python jsonschema, whose verdict and messages are the
    report's (the two agree on every mutated document tried: tests/test_lints.py, SchemaEngines)."""
    fast = fast_validator()
    if fast is not None and fast.is_valid(doc):
        return []
    return python_schema_errors(doc)


def python_schema_errors(doc):
    """schema_errors by Python jsonschema alone."""
    from jsonschema import Draft202012Validator
    out = []
    for err in sorted(Draft202012Validator(schema()).iter_errors(doc), key=lambda e: list(map(str, e.absolute_path))):
        for path, msg in _leaves(err):
            line = "%s: %s" % (_pointer(path), msg)
            if line not in out:
                out.append(line)
    return out


def _num(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def value_range(parent, key):
    """(low, high, name) of an animatable property's values, from where it sits: every
    opacity is 0..100, a rectangle's corner radius is >= 0 (Core Animation draws the same
    clamps; exporters must write them clamped)."""
    if key == "o":
        return (0, 100, "opacity")
    if key == "r" and parent.get("ty") == "rc":
        return (0, None, "corner radius")
    return None


def lint(doc, tracks=None):
    """(errors, warnings). `tracks` (the exporter's tracks.json) adds the cross-checks of the
    timeline: op/fr is the loop length, one marker per phase with the phase's start and length."""
    errs, warns = [], []
    if not isinstance(doc, dict):
        return ["/: not an object"], warns
    fr, ip, op = doc.get("fr"), doc.get("ip"), doc.get("op")
    for key in ("fr", "ip", "op", "w", "h"):
        if not _num(doc.get(key)):
            errs.append("/%s: missing or not a number" % key)
    if _num(fr) and fr <= 0:
        errs.append("/fr: must be > 0")
    if _num(ip) and ip != 0:
        errs.append("/ip: %s, must be 0 (the exported timeline starts at 0)" % ip)
    if _num(ip) and _num(op) and op <= ip:
        errs.append("/op: op (%s) must be > ip (%s)" % (op, ip))
    if doc.get("ddd") not in (None, 0):
        errs.append("/ddd: 3D composition: rlottie, ThorVG and lottie-web's svg renderer disagree on 3D")

    def walk(obj, path):
        if isinstance(obj, dict):
            if obj.get("a") in (0, 1) and "k" in obj:
                prop(obj, path)
            for k, v in obj.items():
                if isinstance(v, dict) and v.get("a") in (0, 1) and "k" in v:
                    in_range(v, "%s/%s" % (path, k), value_range(obj, k))
                walk(v, "%s/%s" % (path, k))
        elif isinstance(obj, list):
            for i, v in enumerate(obj):
                walk(v, "%s/%d" % (path, i))

    def in_range(p, path, rng):
        if rng is None:
            return
        lo, hi, what = rng
        values = []
        if p.get("a") == 1 and isinstance(p.get("k"), list):
            for i, kf in enumerate(p["k"]):
                for key in ("s", "e"):
                    v = kf.get(key) if isinstance(kf, dict) else None
                    for x in (v if isinstance(v, list) else [v]):
                        if _num(x):
                            values.append(("%s/k/%d/%s" % (path, i, key), x))
        else:
            k = p.get("k")
            for x in (k if isinstance(k, list) else [k]):
                if _num(x):
                    values.append(("%s/k" % path, x))
        for where, x in values:
            if (lo is not None and x < lo) or (hi is not None and x > hi):
                errs.append("%s: %s %s outside %s..%s (players disagree out of range: rlottie drops or fades "
                            "the layer, ThorVG draws it too faint)" % (where, what, x, lo, "" if hi is None else hi))
                return

    def prop(p, path):
        if isinstance(p.get("x"), str):
            errs.append("%s/x: expression: native players do not run expressions" % path)
        if p.get("a") != 1 or not isinstance(p.get("k"), list):
            return
        last_t = None
        for i, kf in enumerate(p["k"]):
            if not isinstance(kf, dict):
                continue
            kp = "%s/k/%d" % (path, i)
            t = kf.get("t")
            if _num(t) and last_t is not None and t < last_t:
                errs.append("%s/t: keyframes not in ascending time (%s after %s)" % (kp, t, last_t))
            if _num(t):
                last_t = t
                if _num(op) and t > op:
                    warns.append("%s/t: keyframe at %s after op %s" % (kp, t, op))
            if i < len(p["k"]) - 1 and kf.get("h") != 1 and ("i" not in kf or "o" not in kf):
                errs.append("%s: keyframe without i/o easing (every keyframe but the last needs both, or h: 1)" % kp)
            for hk in ("i", "o"):
                h = kf.get(hk)
                if isinstance(h, dict):
                    for ax in ("x", "y"):
                        v = h.get(ax)
                        if isinstance(v, list) and len(set(json.dumps(c) for c in v)) > 1:
                            errs.append("%s/%s/%s: per-dimension easing %s: rlottie and ThorVG use the first "
                                        "dimension's curve for all (use a split position)" % (kp, hk, ax, v))
            if "e" in kf:
                warns.append("%s/e: legacy end value 'e'" % kp)

    def layers(ls, path):
        inds = {}
        for i, L in enumerate(ls if isinstance(ls, list) else []):
            if isinstance(L, dict) and "ind" in L:
                if L["ind"] in inds:
                    errs.append("%s/%d/ind: duplicate ind %s" % (path, i, L["ind"]))
                inds[L["ind"]] = i
        for i, L in enumerate(ls if isinstance(ls, list) else []):
            if not isinstance(L, dict):
                continue
            lp = "%s/%d" % (path, i)
            if L.get("ddd") not in (None, 0):
                errs.append("%s/ddd: 3D layer: rlottie, ThorVG and lottie-web's svg renderer disagree on 3D" % lp)
            ty = L.get("ty")
            if ty == 13:
                errs.append("%s/ty: camera layer: lottie-web's svg renderer throws, rlottie ignores it" % lp)
            if ty == 1:
                warns.append("%s/ty: solid layer: ThorVG 1.0 applies its opacity twice (use a shape layer)" % lp)
            for ref in ("parent", "tp"):
                if ref in L and L[ref] not in inds:
                    errs.append("%s/%s: refers to ind %s, not in this composition" % (lp, ref, L[ref]))
            if "tp" in L and L["tp"] in inds and inds[L["tp"]] != i - 1:
                warns.append("%s/tp: matte layer not directly above (rlottie and lottie-web 5.7 use the layer above)" % lp)
            masks = L.get("masksProperties")
            if masks:
                if L.get("hasMask") is not True:
                    errs.append("%s/hasMask: masksProperties without hasMask: true (lottie-web draws spikes, "
                                "rlottie ignores the masks)" % lp)
                for j, m in enumerate(masks if isinstance(masks, list) else []):
                    if not isinstance(m, dict):
                        continue
                    mp = "%s/masksProperties/%d" % (lp, j)
                    if m.get("mode", "i") != "n" and "x" not in m:
                        errs.append("%s/x: mask without expansion x (lottie-web's svg renderer throws)" % mp)
                    if "mode" not in m:
                        warns.append("%s/mode: missing (spec default 'i'); write it" % mp)
                    if m.get("inv"):
                        warns.append("%s/inv: inverted mask: ThorVG 1.0 does not invert" % mp)
                    x = m.get("x")
                    if isinstance(x, dict) and x.get("a") == 0 and x.get("k") not in (0, None):
                        warns.append("%s/x: expansion %s: rlottie ignores it" % (mp, x.get("k")))
            if _num(L.get("ip")) and _num(L.get("op")) and L["op"] <= L["ip"]:
                errs.append("%s/op: layer op <= ip" % lp)
            if isinstance(L.get("ef"), list) and L["ef"]:
                warns.append("%s/ef: effects: not rendered by rlottie" % lp)

    layers(doc.get("layers"), "/layers")
    for j, a in enumerate(doc.get("assets") or []):
        if isinstance(a, dict) and "layers" in a:
            layers(a["layers"], "/assets/%d/layers" % j)
    walk(doc, "")

    markers = doc.get("markers") or []
    for j, m in enumerate(markers):
        if not isinstance(m, dict):
            continue
        tm, dr = m.get("tm"), m.get("dr", 0)
        if _num(tm) and _num(dr) and _num(op) and tm + dr > op:
            errs.append("/markers/%d: tm + dr = %s beyond op %s" % (j, tm + dr, op))
        if _num(tm) and _num(ip) and tm < ip:
            errs.append("/markers/%d/tm: %s before ip %s" % (j, tm, ip))

    if tracks and _num(fr) and fr > 0:
        d = tracks.get("duration")
        if _num(op) and _num(d) and abs(op / fr - d) > 0.5 / fr:
            errs.append("/op: op/fr = %.4f s, but the loop (tracks duration) is %.4f s" % (op / fr, d))
        phases = tracks.get("phases") or []
        by_name = {m.get("cm"): m for m in markers if isinstance(m, dict)}
        if len(markers) != len(phases):
            errs.append("/markers: %d marker(s) for %d phase(s)" % (len(markers), len(phases)))
        for p in phases:
            m = by_name.get(p.get("name"))
            if m is None:
                errs.append("/markers: no marker for phase %r" % p.get("name"))
                continue
            for key, want in (("tm", p.get("start")), ("dr", p.get("duration"))):
                have = m.get(key)
                if not _num(have) or not _num(want) or abs(have - want * fr) > 0.5:
                    errs.append("/markers[%s]/%s: %s, phase says %s s = %s frames"
                                % (p.get("name"), key, have, want, want * fr if _num(want) else "?"))
    return errs, warns
