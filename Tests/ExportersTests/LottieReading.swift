import JSONText
import Motion
import XCTest

/// Reading a Lottie document as a player does: layers by name, numbers, and a property's value
/// at a frame through its bezier easing. Test classes adopt it; `JSONReading()` is a plain reader.
protocol LottieReading {}

struct JSONReading: LottieReading {}

extension LottieReading {
    /// At the top, else in a group opacity precomp (docs/lottie.md#group-opacity), where a player draws it.
    func layer(named name: String, in doc: JSONValue) -> JSONValue? {
        let groups = array(doc["assets"]).filter { if case .string(let id)? = $0["id"] { id.hasPrefix("group") } else { false } }
        return ([doc] + groups).lazy.compactMap { self.array($0["layers"]).first { $0["nm"] == .string(name) } }.first
    }

    func number(_ v: JSONValue?) -> Double? { if case .number(let d)? = v { return d } else { return nil } }
    func array(_ v: JSONValue?) -> [JSONValue] { v?.arrayItems ?? [] }
    /// An array's numbers; a lone number (an easing handle's scalar form) as one.
    func numbers(_ v: JSONValue?) -> [Double] { number(v).map { [$0] } ?? array(v).compactMap(number) }

    /// A layer's own static opacity (0..100) as players draw it: `ks.o`, times its paint's `o`
    /// when the layer has one paint (the group writer moves a member's opacity there:
    /// LottieSolePaintOpacity.swift). nil when keyed.
    func drawnOpacity(_ layer: JSONValue) -> Double? {
        func paints(_ items: [JSONValue]) -> [JSONValue] {
            items.flatMap { item -> [JSONValue] in
                if item["ty"] == .string("gr") { return paints(array(item["it"])) }
                return ["fl", "st", "gf", "gs"].contains { item["ty"] == .string($0) } ? [item] : []
            }
        }
        guard layer["ks"]?["o"]?["a"] != .number(1), let o = number(layer["ks"]?["o"]?["k"]) else { return nil }
        let all = paints(array(layer["shapes"]))
        guard all.count == 1, let paint = all.first?["o"] else { return o }
        return paint["a"] == .number(1) ? nil : number(paint["k"]).map { o * $0 / 100 }
    }

    /// The value of a Lottie property at frame f: bezier easing from o/i, holds, held ends.
    func evaluate(_ prop: JSONValue, atFrame f: Double) -> [Double] {
        if prop["a"] == .number(0) {
            let k = prop["k"]!
            return number(k).map { [$0] } ?? numbers(k)
        }
        let kfs = array(prop["k"])
        let times = kfs.map { number($0["t"])! }
        if f <= times[0] { return numbers(kfs[0]["s"]) }
        for n in 0..<(kfs.count - 1) where f < times[n + 1] && f >= times[n] {
            let a = numbers(kfs[n]["s"]), b = numbers(kfs[n + 1]["s"])
            if kfs[n]["h"] == .number(1) { return a }
            let u = (f - times[n]) / (times[n + 1] - times[n])
            let curve = CubicBezier(
                numbers(kfs[n]["o"]?["x"])[0], numbers(kfs[n]["o"]?["y"])[0],
                numbers(kfs[n]["i"]?["x"])[0], numbers(kfs[n]["i"]?["y"])[0])
            let p = curve.progress(at: u)
            return zip(a, b).map { $0 + ($1 - $0) * p }
        }
        return numbers(kfs[kfs.count - 1]["s"])
    }
}
