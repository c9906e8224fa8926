import JSONText
import Keyframes

// A retracing timeline (Keyframes/Retrace.swift) in Lottie: the whole scene becomes one precomp
// asset keyed only up to the source phase's end, and the root's single precomp layer plays it
// through `tm` (inner seconds). Markers stay on the root. rlottie 0.2 rounds the remapped time to
// a whole frame of the root composition (and clamps it to [0, op]), so the file's frame rate is
// raised until half a frame moves nothing by more than a quarter pixel; ThorVG 1.0 and
// lottie-web 5.7.5 remap exactly (BENCHMARKS.md#retracing-by-time-remap).

extension LottieDocument {
    /// Asset id of the remapped scene.
    static let sceneAsset = "scene"

    /// How many file frames per definition frame: a power of 10 with 0.5 / (fr × scale) ×
    /// maxSpeed ≤ a quarter of the screen tolerance (1 without a retrace).
    static func frameScale(_ retrace: Retrace?, frameRate: Double, screenTolerance: Double) -> Double {
        frameScale(maxSpeed: retrace?.maxSpeed, frameRate: frameRate, screenTolerance: screenTolerance)
    }

    static func frameScale(maxSpeed: Double?, frameRate: Double, screenTolerance: Double) -> Double {
        guard let maxSpeed else { return 1 }
        var scale = 1.0
        while 0.5 / (frameRate * scale) * maxSpeed > screenTolerance / 4, scale < 1e4 { scale *= 10 }
        return scale
    }

    /// The scene asset (the layers as built, keys after the source's end dropped) and the root
    /// layer playing it.
    func remapped(_ layers: [JSONValue], retrace r: Retrace) -> (asset: JSONValue, root: JSONValue) {
        let lastFrame = r.sourceEnd * props.frameRate
        let asset = LJ.obj([("id", LJ.str(Self.sceneAsset)), ("layers", .array(layers.map { Self.truncated($0, after: lastFrame) }))])
        return (asset, remapLayer(playing: Self.sceneAsset, ind: 1, parent: nil, remap: r.remap))
    }

    /// A precomp layer playing asset `id` through `tm` (inner seconds, from `remap`).
    func remapLayer(playing id: String, ind: Int, parent: Int?, remap: KeyframeTrack<Double>) -> JSONValue {
        let size = transition.definition.canvas.size
        // Seconds to 5 decimals: 5 µs moves nothing by more than maxSpeed × 5e-6 (0.009 px at 1,700 px/s).
        let tm = props.property(remap.map { LVec([$0]) }, decimals: 5, kind: .scalar)
        var members: LJ.Members = [("ddd", LJ.int(0)), ("ty", LJ.int(0)), ("nm", LJ.str(id)), ("ind", LJ.int(ind))]
        if let parent { members.append(("parent", LJ.int(parent))) }
        members += [("refId", LJ.str(id)), ("w", LJ.num(size.width, 0)), ("h", LJ.num(size.height, 0)), ("tm", tm)]
        members += [("sr", LJ.int(1)), ("ks", identityTransform(layer: true))]
        appendTiming(to: &members)
        return LJ.obj(members)
    }

    /// Every animated property (`k`: keys with `t`) keeps its keys up to `frame` and the first
    /// one after it when the segment spans `frame`; the last key kept loses its easing. From
    /// `from` on: keys before the last one at or before `from` go too.
    static func truncated(_ v: JSONValue, after frame: Double, from: Double = -.infinity) -> JSONValue {
        switch v {
        case .array(let items): return .array(items.map { truncated($0, after: frame, from: from) })
        case .object(let members):
            return .object(
                members.map { m in
                    if m.key == "k", case .array(let keys) = m.value, let times = keyTimes(keys) {
                        guard let (drop, keep) = keptKeys(times, after: frame, from: from) else { return m }
                        var kept = Array(keys.prefix(keep))
                        if keep < keys.count, case .object(let last) = kept[keep - 1] {
                            kept[keep - 1] = .object(last.filter { !["o", "i", "h"].contains($0.key) })
                        }
                        return (key: m.key, value: .array(Array(kept.dropFirst(drop))))
                    }
                    return (key: m.key, value: truncated(m.value, after: frame, from: from))
                })
        case .written(let w):
            // Text without `"a":1` has no keys (a still subtree written once: LottieStaticGroups.swift):
            // kept written. Else its key lists cut in the text (no tree made), or in the tree of its
            // text where the text holds a list it does not know.
            guard w.contains("\"a\":1") else { return v }
            switch LottieKeyText.truncated(w.bytes, after: frame, from: from) {
            case .unchanged?: return v
            case .cut(let text)?: return .written(JSONWritten(copying: text, maxDecimals: w.maxDecimals))
            case nil: return truncated(w.value, after: frame, from: from)
            }
        default: return v
        }
    }

    /// Of a key list at `times`, the keys kept (`drop..<keep`; the one at `keep - 1` loses its
    /// easing when `keep` is short of the end); nil when all stay.
    static func keptKeys(_ times: [Double], after frame: Double, from: Double) -> (drop: Int, keep: Int)? {
        var keep = times.prefix { $0 <= frame + 1e-6 }.count
        if keep < times.count, keep > 0, times[keep - 1] < frame - 1e-6 { keep += 1 }
        keep = max(keep, 1)
        let drop = max(0, min(keep - 1, times.prefix { $0 <= from + 1e-6 }.count - 1))
        guard keep < times.count || drop > 0 else { return nil }
        return (drop, keep)
    }

    /// The `t` of every key, when `keys` is a keyframe list.
    private static func keyTimes(_ keys: [JSONValue]) -> [Double]? {
        guard !keys.isEmpty else { return nil }
        var out: [Double] = []
        for k in keys {
            guard case .object(let members) = k, let t = members.first(where: { $0.key == "t" }), case .number(let x) = t.value else { return nil }
            out.append(x)
        }
        return out
    }
}
