import Foundation
import Motion
import TransitionModel

/// How a SMIL player plays one animation element (values, keyTimes, calcMode, keySplines, dur):
/// the interval whose keyTime is the last at or before the time, eased by its keySpline.
struct SMILPlayer {
    var values: [[Double]]
    var keyTimes: [Double]
    var splines: [CubicBezier]?
    var duration: Double
    /// Seconds from the loop's start: `begin="loop.begin+0.6s"` (docs/smil.md#active-only-while-changing).
    var begin = 0.0

    /// From an element's attributes as written, e.g. `values="1 2;3 4"`; times within the first loop.
    /// `value` reads one value's numbers, played each on its own (a path's `d`: its vertices).
    init(attributes: [String: String], value: (String) -> [Double] = SMILPlayer.numbers) throws {
        values = try XCTUnwrapValue(attributes["values"]).split(separator: ";").map { value(String($0)) }
        keyTimes = try XCTUnwrapValue(attributes["keyTimes"]).split(separator: ";").compactMap { Double($0) }
        duration = Double(try XCTUnwrapValue(attributes["dur"]).dropLast())!
        if let b = attributes["begin"], let plus = b.range(of: ".begin+") {
            begin = Double(b[plus.upperBound...].dropLast())!
        }
        if attributes["calcMode"] == "spline" {
            splines = try XCTUnwrapValue(attributes["keySplines"]).split(separator: ";").map {
                let n = Self.numbers(String($0))
                return CubicBezier(n[0], n[1], n[2], n[3])
            }
        }
    }

    /// The numbers of a value such as `12.5 30` or `1,2`.
    static func numbers(_ s: String) -> [Double] { s.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } }

    /// Before `begin` the base value shows, which is the first value (docs/smil.md#writer-rules,
    /// rule 6); after the active span, the last (frozen, or the base when they are equal).
    func value(at t: Double) -> [Double] {
        guard t >= begin else { return values[0] }
        let f = (t - begin) / duration
        guard let k = keyTimes.lastIndex(where: { $0 <= f }), k + 1 < keyTimes.count else { return values[values.count - 1] }
        let u = (f - keyTimes[k]) / (keyTimes[k + 1] - keyTimes[k])
        let p = splines.map { $0[k].progress(at: u) } ?? u
        return zip(values[k], values[k + 1]).map { $0 + ($1 - $0) * p }
    }
}

/// How a Lottie player plays one animated property: `t` in frames, `s` values, `h` holds,
/// `o`/`i` easing handles (the first dimension's, as rlottie and ThorVG use for all).
struct LottiePlayerModel {
    struct Key { var t: Double; var s: [Double]; var hold: Bool; var curve: CubicBezier? }
    var keys: [Key]
    var frameRate: Double

    init(property: Any, frameRate: Double) throws {
        self.frameRate = frameRate
        let p = try XCTUnwrapValue(property as? [String: Any])
        guard (p["a"] as? Int) == 1, let k = p["k"] as? [[String: Any]] else {
            let v = p["k"] as? [Double] ?? [(p["k"] as? Double) ?? 0]
            keys = [Key(t: 0, s: v, hold: true, curve: nil)]
            return
        }
        keys = try k.map { key in
            // A handle coordinate is a number or a 1-element array (the schema allows both).
            func handle(_ v: Any?) -> Double? { (v as? Double) ?? (v as? [Double])?.first }
            let o = key["o"] as? [String: Any], i = key["i"] as? [String: Any]
            let curve = try o.map { o in
                let i = try XCTUnwrapValue(i)
                return CubicBezier(
                    try XCTUnwrapValue(handle(o["x"])), try XCTUnwrapValue(handle(o["y"])),
                    try XCTUnwrapValue(handle(i["x"])), try XCTUnwrapValue(handle(i["y"])))
            }
            return Key(
                t: try XCTUnwrapValue(key["t"] as? Double), s: try XCTUnwrapValue(key["s"] as? [Double]),
                hold: (key["h"] as? Int) == 1, curve: curve)
        }
    }

    func value(at seconds: Double) -> [Double] {
        let frame = seconds * frameRate
        guard let k = keys.lastIndex(where: { $0.t <= frame }) else { return keys[0].s }
        guard k + 1 < keys.count, !keys[k].hold else { return keys[k].s }
        let a = keys[k], b = keys[k + 1]
        let u = (frame - a.t) / (b.t - a.t)
        let p = a.curve?.progress(at: u) ?? u
        return zip(a.s, b.s).map { $0 + ($1 - $0) * p }
    }
}

struct MissingValue: Error {}
func XCTUnwrapValue<T>(_ v: T?) throws -> T {
    guard let v else { throw MissingValue() }
    return v
}

/// The attributes of every element named `name` in an XML text, in document order.
func elements(_ name: String, in xml: String) -> [[String: String]] {
    var out: [[String: String]] = []
    var rest = xml[...]
    while let start = rest.range(of: "<\(name) ") {
        let end = rest[start.upperBound...].range(of: ">")!
        let body = rest[start.upperBound..<end.lowerBound]
        var attrs: [String: String] = [:]
        var scan = body
        while let eq = scan.range(of: "=\"") {
            let key = scan[..<eq.lowerBound].split(separator: " ").last.map(String.init) ?? ""
            let close = scan[eq.upperBound...].range(of: "\"")!
            attrs[key] = String(scan[eq.upperBound..<close.lowerBound])
            scan = scan[close.upperBound...]
        }
        out.append(attrs)
        rest = rest[end.upperBound...]
    }
    return out
}
