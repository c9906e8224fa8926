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
    /// A value written straight to bytes with the document's decimals (`LottieWriter.text`'s):
    /// what nothing reads back, with no tree made (JSONCompactBuilder).
    static func built(capacity: Int = 64, _ body: (inout JSONCompactBuilder) -> Void) -> JSONValue {
        .built(maxDecimals: LottieDecimals.easing, capacity: capacity, body)
    }

    /// `v` with its compact text made once (`JSONValue.written`); as it is when it has one.
    static func written(_ v: JSONValue) -> JSONValue {
        if case .written = v { return v }
        return .written(JSONWritten(v, maxDecimals: LottieDecimals.easing))
    }

    static func staticValue(_ v: JSONValue) -> JSONValue {
        // The commonest still values made once and shared: an opacity of 100 is a third of a
        // file's still properties, a rotation of 0 or white the next (BENCHMARKS.md#lottiejson37-the-lottie-json-tree-same-bytes-2026-12-05).
        switch v {
        case .number(100): return stillHundred
        case .number(0): return stillZero
        case .numbers(let n) where n.rowWidth == 0 && n.values.count == 3 && n.values.allSatisfy({ $0 == 1 }): return stillOnes
        case .numbers(let n) where n.rowWidth == 0 && n.values.count == 2 && n.values[0] == 100 && n.values[1] == 100: return stillFullScale
        default: return still { $0.value(v) }
        }
    }

    /// `{"a":0,"k":…}` with `k` written by `value`.
    static func still(_ value: (inout JSONCompactBuilder) -> Void) -> JSONValue { built { $0.still(value) } }

    private static let stillHundred = still { $0.number(100) }
    private static let stillZero = still { $0.number(0) }
    private static let stillOnes = still { $0.numbers([1, 1, 1]) }
    /// A scale of 100 %, every layer's but a few.
    private static let stillFullScale = still { $0.numbers([100, 100]) }

    /// `staticValue(num(x, decimals))`.
    static func staticNum(_ x: Double, _ decimals: Int) -> JSONValue {
        let r = NumberFormat.round(x, decimals: decimals)
        if r == 100 { return stillHundred }
        if r == 0 { return stillZero }
        return still { $0.number(r) }
    }

    /// `staticValue(arr(xs, decimals))`.
    static func staticArr(_ xs: [Double], _ decimals: Int) -> JSONValue { staticValue(arr(xs, decimals)) }
}

extension JSONCompactBuilder {
    /// A still property, `{"a":0,"k":…}` with `k` written by `value` (`LJ.staticValue`'s text).
    mutating func still(_ value: (inout JSONCompactBuilder) -> Void) {
        beginObject()
        key("a")
        int(0)
        key("k")
        value(&self)
        endObject()
    }
}

struct LottieProperties {
    let frameRate: Double
    /// The easing handles written so far, copied where a curve comes again (LottieHandleTexts.swift).
    let handles = LottieHandleTexts()

    func frames(_ seconds: Double) -> JSONValue { LJ.num(seconds * frameRate, LottieDecimals.frames) }

    /// A property from a track in Lottie units, rounded to `decimals`.
    /// `consuming`: a caller's fresh track (a `map`'s) is rounded in place, not copied.
    /// `roundedAlready`: its values are `LottieTracks.roundedOnce`'s with `stable` (rounding
    /// them again would leave the same bits), so they are only simplified.
    func property(_ track: consuming KeyframeTrack<LVec>, decimals: Int, kind: LottieValueKind, roundedAlready: Bool = false) -> JSONValue {
        // A track that holds one value is that value rounded, as the steps below leave it (most
        // properties: no rounded, simplified or checked copies of its keys made).
        if !track.isAnimated { return still(track.initialValue.c, decimals: decimals, kind: kind) }
        let settled = roundedAlready ? LottieTracks.simplified(track) : LottieTracks.rounded(track, decimals: decimals)
        let kfs = Self.withoutCoincidentKeys(settled.keyframes, frameRate: frameRate)
        if kfs.count == 1 { return LJ.still { write(kfs[0].value, decimals: decimals, kind: kind, inKeyframe: false, into: &$0) } }
        // Keys written straight to bytes (no object per key and handle): a room of about 60 bytes a key.
        return LJ.built(capacity: 24 + 64 * kfs.count) { b in
            b.beginObject()
            b.key("a")
            b.int(1)
            b.key("k")
            b.beginArray()
            for (n, k) in kfs.enumerated() {
                b.beginObject()
                b.key("t")
                b.number(k.time * frameRate, roundedTo: LottieDecimals.frames)  // `frames(k.time)`
                b.key("s")
                write(k.value, decimals: decimals, kind: kind, inKeyframe: true, into: &b)
                if n + 1 < kfs.count {
                    // A key followed by one at the same time is a jump: hold it (no zero-length segment).
                    // A key followed by the same value is a pause: a hold draws it the same, shorter.
                    let easing = kfs[n + 1].time == k.time || kfs[n + 1].value == k.value ? KeyframeEasing.hold : k.easing
                    switch easing {
                    case .hold:
                        b.key("h")
                        b.int(1)
                    case .linear:
                        handles.write(CubicBezier.linear, into: &b)
                    case .bezier(let c):
                        handles.write(c, into: &b)
                    }
                }
                b.endObject()
            }
            b.endArray()
            b.endObject()
        }
    }

    /// `property` of a track that holds components `c` throughout: what a caller whose tracks hold
    /// still writes without making one (LottieContentLayers.swift's `layerTransform`).
    func still(_ c: consuming [Double], decimals: Int, kind: LottieValueKind) -> JSONValue {
        switch kind {
        // A number or a vector straight from the components, rounded as `write` rounds the
        // rounded value (no rounded LVec made first: most of a document's properties hold still).
        case .scalar: return still(scalar: c[0], decimals: decimals)
        case .vector:
            // Rounded in place: the components are the caller's array, given up (no second array).
            for k in c.indices { c[k] = NumberFormat.round(NumberFormat.round(c[k], decimals: decimals), decimals: decimals) }
            return LJ.staticValue(.numbers(JSONNumbers(c)))
        case .path, .filledPath:
            let value = LVec(c.map { NumberFormat.round($0, decimals: decimals) })
            return LJ.still { write(value, decimals: decimals, kind: kind, inKeyframe: false, into: &$0) }
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
    /// Written as members of the key's object, with its `n` when it needs one; once per curve
    /// in a document (`LottieHandleTexts`).
    static func writeHandles(_ c: CubicBezier, into b: inout JSONCompactBuilder) {
        let d = LottieDecimals.easing
        b.key("o")
        b.beginObject()
        b.key("x")
        b.number(c.x1, roundedTo: d)
        b.key("y")
        b.number(c.y1, roundedTo: d)
        b.endObject()
        b.key("i")
        b.beginObject()
        b.key("x")
        b.number(c.x2, roundedTo: d)
        b.key("y")
        b.number(c.y2, roundedTo: d)
        b.endObject()
        if let name = Self.interpolatorName(c) {
            b.key("n")
            b.beginArray()
            b.string(name)
            b.endArray()
        }
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

    /// A value `v` as a property's `k` (`inKeyframe`: a key's `s`, where a scalar is an array of
    /// one and a path an array of one shape), each number rounded to `decimals`.
    func write(_ v: LVec, decimals: Int, kind: LottieValueKind, inKeyframe: Bool, into b: inout JSONCompactBuilder) {
        switch kind {
        // Numbers rounded as they are written (no rounded copy of the components made).
        case .scalar:
            if inKeyframe {
                v.c.withUnsafeBufferPointer { b.numbers($0, roundedTo: decimals) }
            } else {
                b.number(NumberFormat.round(v.c[0], decimals: decimals))
            }
        case .vector:
            v.c.withUnsafeBufferPointer { b.numbers($0, roundedTo: decimals) }
        case .path, .filledPath:
            let n = v.c.count / 6
            // Each part's points as rows of two (`[[x, y], ...]`).
            func points(_ part: Int) {
                v.c.withUnsafeBufferPointer { c in
                    b.numbers(UnsafeBufferPointer(rebasing: c[part * 2 * n..<(part + 1) * 2 * n]), roundedTo: decimals, rowWidth: 2)
                }
            }
            if inKeyframe { b.beginArray() }
            b.beginObject()
            if kind == .path {
                b.key("c")
                b.bool(true)
            }
            b.key("v")
            points(0)
            b.key("i")
            points(1)
            b.key("o")
            points(2)
            b.endObject()
            if inKeyframe { b.endArray() }
        }
    }

    // MARK: Common properties

    func position(_ track: KeyframeTrack<LVec>) -> JSONValue { property(track, decimals: LottieDecimals.length, kind: .vector) }
    func length(_ track: KeyframeTrack<LVec>) -> JSONValue { property(track, decimals: LottieDecimals.length, kind: .scalar) }
    /// Opacity in percent.
    func opacity(_ track: KeyframeTrack<LVec>) -> JSONValue { property(track, decimals: LottieDecimals.opacity, kind: .scalar) }
}
