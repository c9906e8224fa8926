import JSONText
import Keyframes
import Motion
import Simulation
// Lottie properties as JSON: static `{"a":0,"k":v}` or animated `{"a":1,"k":[keyframes]}` with
// frame times, `s` always an array, and per-keyframe easing (o/i handles, or `h: 1`).
import TransitionModel

/// Decimals per unit (every rounding stays far below a pixel on a phone canvas).
enum LottieDecimals {
    static let length = 4
    static let scalePercent = 4
    static let degrees = 4
    static let opacity = 3
    static let color = 4
    static let easing = 6
    static let frames = 6
}

/// What one property's value is.
enum LottieValueKind {
    case scalar
    case vector
    /// A closed bezier path stored as an LVec: vertices, then in-tangents, then out-tangents (x, y each).
    case path
    /// A `path` whose closing segment is straight in every key, written without `c` (open): a
    /// fill closes a path with a straight line in every player, and 9 bytes a key go
    /// (docs/lottie.md#short-forms). Only for filled shapes, never masks.
    case filledPath
}

/// Small builders for the JSON tree (members are written in the order given).
enum LJ {
    /// An object's members, in JSONValue's own element type: `obj` takes them as they are (a
    /// relabelling copy per object was 2 % of a 2D export: BENCHMARKS.md#batch2d2-the-lottie-tree-2026-12-04).
    typealias Member = (key: String, value: JSONValue)
    typealias Members = [Member]

    static func num(_ x: Double, _ decimals: Int) -> JSONValue { .number(NumberFormat.round(x, decimals: decimals)) }
    static func int(_ n: Int) -> JSONValue { .number(Double(n)) }
    static func str(_ s: String) -> JSONValue { .string(s) }
    static func obj(_ members: Members) -> JSONValue { .object(members) }
    /// Numbers as one flat array value (`JSONValue.numbers`: one heap array, not one per number).
    static func arr(_ xs: [Double], _ decimals: Int) -> JSONValue { .numbers(JSONNumbers(xs.map { NumberFormat.round($0, decimals: decimals) })) }
    static func staticValue(_ v: JSONValue) -> JSONValue {
        // The commonest still values made once and shared: an opacity of 100 is a third of a
        // file's still properties, a rotation of 0 or white the next (BENCHMARKS.md#lottiejson37-the-lottie-json-tree-same-bytes-2026-12-05).
        switch v {
        case .number(100): return stillHundred
        case .number(0): return stillZero
        case .numbers(let n) where n.rowWidth == 0 && n.values.count == 3 && n.values.allSatisfy({ $0 == 1 }): return stillOnes
        case .numbers(let n) where n.rowWidth == 0 && n.values.count == 2 && n.values[0] == 100 && n.values[1] == 100: return stillFullScale
        default: return obj([("a", int(0)), ("k", v)])
        }
    }
    private static let stillHundred = obj([("a", int(0)), ("k", .number(100))])
    private static let stillZero = obj([("a", int(0)), ("k", .number(0))])
    private static let stillOnes = obj([("a", int(0)), ("k", .numbers(JSONNumbers([1, 1, 1])))])
    /// A scale of 100 %, every layer's but a few.
    private static let stillFullScale = obj([("a", int(0)), ("k", .numbers(JSONNumbers([100, 100])))])
    static func staticNum(_ x: Double, _ decimals: Int) -> JSONValue { staticValue(num(x, decimals)) }
    static func staticArr(_ xs: [Double], _ decimals: Int) -> JSONValue { staticValue(arr(xs, decimals)) }
}

struct LottieProperties {
    let frameRate: Double

    func frames(_ seconds: Double) -> JSONValue { LJ.num(seconds * frameRate, LottieDecimals.frames) }

    /// A property from a track in Lottie units, rounded to `decimals`.
    func property(_ track: KeyframeTrack<LVec>, decimals: Int, kind: LottieValueKind) -> JSONValue {
        // A track that holds one value is that value rounded, as the steps below leave it (most
        // properties: no rounded, simplified or checked copies of its keys made).
        if !track.isAnimated { return still(track.initialValue.c, decimals: decimals, kind: kind) }
        let kfs = Self.withoutCoincidentKeys(LottieTracks.rounded(track, decimals: decimals).keyframes, frameRate: frameRate)
        if kfs.count == 1 { return LJ.staticValue(valueJSON(kfs[0].value, decimals: decimals, kind: kind, inKeyframe: false)) }
        var out: [JSONValue] = []
        out.reserveCapacity(kfs.count)
        for (n, k) in kfs.enumerated() {
            var members: LJ.Members = []
            members.reserveCapacity(5)  // t, s, o, i, n: no second array as the handles are appended
            members.append(("t", frames(k.time)))
            members.append(("s", valueJSON(k.value, decimals: decimals, kind: kind, inKeyframe: true)))
            if n + 1 < kfs.count {
                // A key followed by one at the same time is a jump: hold it (no zero-length segment).
                // A key followed by the same value is a pause: a hold draws it the same, shorter.
                let easing = kfs[n + 1].time == k.time || kfs[n + 1].value == k.value ? KeyframeEasing.hold : k.easing
                switch easing {
                case .hold:
                    members.append(("h", LJ.int(1)))
                case .linear:
                    members += Self.linearHandles
                case .bezier(let c):
                    members += handles(c)
                }
            }
            out.append(LJ.obj(members))
        }
        return LJ.obj([("a", LJ.int(1)), ("k", .array(out))])
    }

    /// `property` of a track that holds components `c` throughout: what a caller whose tracks hold
    /// still writes without making one (LottieContentLayers.swift's `layerTransform`).
    func still(_ c: consuming [Double], decimals: Int, kind: LottieValueKind) -> JSONValue {
        switch kind {
        // A number or a vector straight from the components, rounded as `valueJSON` rounds the
        // rounded value (no rounded LVec made first: most of a document's properties hold still).
        case .scalar: return still(scalar: c[0], decimals: decimals)
        case .vector:
            // Rounded in place: the components are the caller's array, given up (no second array).
            for k in c.indices { c[k] = NumberFormat.round(NumberFormat.round(c[k], decimals: decimals), decimals: decimals) }
            return LJ.staticValue(.numbers(JSONNumbers(c)))
        case .path, .filledPath:
            let value = LVec(c.map { NumberFormat.round($0, decimals: decimals) })
            return LJ.staticValue(valueJSON(value, decimals: decimals, kind: kind, inKeyframe: false))
        }
    }

    /// `still` of the scalar x (no array made for its one component).
    func still(scalar x: Double, decimals: Int) -> JSONValue { LJ.staticValue(LJ.num(NumberFormat.round(x, decimals: decimals), decimals)) }

    /// How far before a jump the pre-jump value is keyed, in frames.
    static let jumpLead = 0.001

    /// Players disagree about two keys at one time: lottie-web shows the second at that frame,
    /// rlottie and ThorVG the first (measured: a layer shown at frame 36 drew at its pre-jump
    /// place for that frame). The exporter's timeline is right-continuous (the new value at the
    /// jump's time), so no two keys share a time in the file:
    /// - a jump after a constant stretch: the key before it holds, the jump key goes;
    /// - a jump at the first key: the pre-jump key moves to time 0 (or goes, when the jump is at 0);
    /// - a jump ending a moving segment: the pre-jump key moves 0.001 frame earlier.
    static func withoutCoincidentKeys(_ input: [Keyframe<LVec>], frameRate: Double) -> [Keyframe<LVec>] {
        var kfs = input
        var n = 0
        while n + 1 < kfs.count {
            guard kfs[n + 1].time == kfs[n].time else { n += 1; continue }
            if n == 0 {
                // Before its first key a track holds that key's value: key it from time 0 instead.
                if kfs[0].time > 0 {
                    kfs[0].time = 0
                    kfs[0].easing = .hold
                    n += 1
                } else {
                    kfs.remove(at: 0)
                }
            } else if kfs[n - 1].value == kfs[n].value || kfs[n - 1].easing == .hold {
                kfs[n - 1].easing = .hold
                kfs.remove(at: n)
            } else {
                let gap = kfs[n].time - kfs[n - 1].time
                kfs[n].time -= min(jumpLead / frameRate, gap / 2)
                kfs[n].easing = .hold
                n += 1
            }
        }
        if kfs.count > 1, kfs.allSatisfy({ $0.value == kfs[0].value }) { return [kfs[0]] }
        return kfs
    }

    /// `o` = the curve's first control point, `i` = its second (CSS cubic-bezier(x1,y1,x2,y2));
    /// one number per handle coordinate applies to every dimension (the schema's scalar form,
    /// which rlottie, ThorVG and lottie-web read like a 1-element array: docs/lottie.md#short-forms).
    func handles(_ c: CubicBezier) -> LJ.Members { Self.handles(c) }

    /// A linear key's handles, made once (the same members every time).
    static let linearHandles = handles(CubicBezier.linear)

    static func handles(_ c: CubicBezier) -> LJ.Members {
        let d = LottieDecimals.easing
        var out: LJ.Members = [
            ("o", LJ.obj([("x", LJ.num(c.x1, d)), ("y", LJ.num(c.y1, d))])),
            ("i", LJ.obj([("x", LJ.num(c.x2, d)), ("y", LJ.num(c.y2, d))])),
        ]
        if let name = Self.interpolatorName(c) { out.append(("n", .array([.string(name)]))) }
        return out
    }

    /// rlottie (and ThorVG) cache easing curves by a key made of the handles printed with 2
    /// decimals, so two curves that agree to 2 decimals share the first one's interpolator
    /// (measured: a 0.3049/0.0049/0.6951/0.9951 curve drew as 0.3/0/0.7/1, 0.7 px off on a
    /// 4000 px move at one frame). A keyframe's `n` replaces that key; it is written for
    /// every curve the 2-decimal key does not describe exactly. Other players ignore `n`.
    static func interpolatorName(_ c: CubicBezier) -> String? {
        // No arrays for the four values, their texts or the join: one byte array, one String.
        let d = LottieDecimals.easing
        let (x1, y1) = (NumberFormat.round(c.x1, decimals: d), NumberFormat.round(c.y1, decimals: d))
        let (x2, y2) = (NumberFormat.round(c.x2, decimals: d), NumberFormat.round(c.y2, decimals: d))
        func onTwoDecimals(_ v: Double) -> Bool { NumberFormat.round(v, decimals: 2) == v }
        if onTwoDecimals(x1), onTwoDecimals(y1), onTwoDecimals(x2), onTwoDecimals(y2) { return nil }
        var text: [UInt8] = []
        text.reserveCapacity(64)
        NumberFormat.append(x1, maxDecimals: d, to: &text)
        text.append(0x5F)  // _
        NumberFormat.append(y1, maxDecimals: d, to: &text)
        text.append(0x5F)
        NumberFormat.append(x2, maxDecimals: d, to: &text)
        text.append(0x5F)
        NumberFormat.append(y2, maxDecimals: d, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    func valueJSON(_ v: LVec, decimals: Int, kind: LottieValueKind, inKeyframe: Bool) -> JSONValue {
        switch kind {
        case .scalar:
            return inKeyframe ? LJ.arr(v.c, decimals) : LJ.num(v.c[0], decimals)
        case .vector:
            return LJ.arr(v.c, decimals)
        case .path, .filledPath:
            let n = v.c.count / 6
            func points(_ part: Int) -> JSONValue {
                // The part's points as rows of two in one flat array (`[[x, y], ...]`).
                .numbers(JSONNumbers(v.c[part * 2 * n..<(part + 1) * 2 * n].map { NumberFormat.round($0, decimals: decimals) }, rowWidth: 2))
            }
            let closed: LJ.Members = kind == .path ? [("c", .bool(true))] : []
            let shape = LJ.obj(closed + [("v", points(0)), ("i", points(1)), ("o", points(2))])
            return inKeyframe ? .array([shape]) : shape
        }
    }

    // MARK: Common properties

    func position(_ track: KeyframeTrack<LVec>) -> JSONValue { property(track, decimals: LottieDecimals.length, kind: .vector) }
    func length(_ track: KeyframeTrack<LVec>) -> JSONValue { property(track, decimals: LottieDecimals.length, kind: .scalar) }
    /// Opacity in percent.
    func opacity(_ track: KeyframeTrack<LVec>) -> JSONValue { property(track, decimals: LottieDecimals.opacity, kind: .scalar) }
}
