import XCTest
import TransExportTestSupport
import Foundation
import TransitionModel
import Motion
import Simulation
import Keyframes
import Exporters
import JSONText

/// The baked perspective as written: outlines read back from the SVG (`d` morphs) and the Lottie
/// (`sh` keyframes), interpolated as a player does (linearly, holds held) every 1/1000 s, against
/// the exact projection of the same bounds points (Simulation.state(at:).boundsToScreen).
/// Prints per template, format and layer: the worst error of the outline where it is on the
/// canvas, and of its vertices anywhere (also off the canvas, where nothing is seen).
final class PerspectiveExportErrorTests: XCTestCase {
    /// Keyframes of one path as read from a file: times in seconds, closed polygons of vertices.
    struct ReadTrack {
        var times: [Double]
        var vertices: [[Point]]
        var hold: [Bool]

        func value(at t: Double) -> [Point] {
            guard let i = times.lastIndex(where: { $0 <= t }) else { return vertices[0] }
            guard i + 1 < times.count, !hold[i] else { return vertices[i] }
            let f = (t - times[i]) / (times[i + 1] - times[i])
            return zip(vertices[i], vertices[i + 1]).map { $0 + ($1 - $0).scaled(by: f) }
        }
    }

    // MARK: Reading the files

    /// Vertices of an SVG path written by SVGPath.d (M, then relative l / c, z).
    static func svgVertices(_ d: String) -> [Point] {
        var out: [Point] = []
        var at = Point.zero
        let scanner = Array(d)
        var i = 0
        var command: Character = "M"
        var numbers: [Double] = []
        func flush() {
            switch command {
            case "M": at = Point(numbers[0], numbers[1]); out.append(at)
            case "l": at = at + Point(numbers[0], numbers[1]); out.append(at)
            case "c": at = at + Point(numbers[4], numbers[5]); out.append(at)
            default: break
            }
            numbers = []
        }
        var token = ""
        while i < scanner.count {
            let ch = scanner[i]
            if "Mlcz".contains(ch) {
                if !token.isEmpty { numbers.append(Double(token)!); token = "" }
                if !numbers.isEmpty { flush() }
                command = ch
            } else if ch == " " {
                if !token.isEmpty { numbers.append(Double(token)!); token = "" }
            } else {
                if ch == "-", !token.isEmpty { numbers.append(Double(token)!); token = "" }
                token.append(ch)
            }
            i += 1
        }
        if out.count > 1, out.last == out.first { out.removeLast() }
        return out
    }

    /// The first `<path d>` after `marker` in the SVG, with its `d` animation.
    static func svgTrack(_ svg: String, after marker: String) throws -> ReadTrack {
        let start = try XCTUnwrap(svg.range(of: marker)).upperBound
        let rest = svg[start...]
        let pathStart = try XCTUnwrap(rest.range(of: "<path d=\"")).upperBound
        let d = String(rest[pathStart...].prefix { $0 != "\"" })
        let afterPath = rest[pathStart...]
        let close = afterPath.range(of: "</path>")!.lowerBound
        let body = afterPath[..<close]
        guard let v = body.range(of: "values=\"") else { return ReadTrack(times: [0], vertices: [svgVertices(d)], hold: [false]) }
        let values = body[v.upperBound...].prefix { $0 != "\"" }.split(separator: ";").map { svgVertices(String($0)) }
        let k = try XCTUnwrap(body.range(of: "keyTimes=\"")).upperBound
        let keyTimes = body[k...].prefix { $0 != "\"" }.split(separator: ";").map { Double($0)! }
        let durStart = try XCTUnwrap(body.range(of: "dur=\"")).upperBound
        let dur = Double(body[durStart...].prefix { $0 != "s" })!
        return ReadTrack(times: keyTimes.map { $0 * dur }, vertices: values, hold: keyTimes.map { _ in false })
    }

    /// The animated `sh` path of the Lottie layer named `name`: its own paint (the last shape
    /// group, since Lottie lists the top first), or its first mask when `mask`. (Foundation's
    /// parser: JSONText locates every value, which is slow on a one-line file of megabytes.)
    static func lottieTrack(_ text: String, layer name: String, mask: Bool) throws -> ReadTrack {
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let fr = try XCTUnwrap(root["fr"] as? Double)
        let layers = try XCTUnwrap(root["layers"] as? [[String: Any]])
        let layer = try XCTUnwrap(layers.first { $0["nm"] as? String == name })
        var path: [String: Any]?
        if mask {
            path = (layer["masksProperties"] as? [[String: Any]])?.first?["pt"] as? [String: Any]
        } else {
            func find(_ v: [String: Any]) -> [String: Any]? {
                if v["ty"] as? String == "sh" { return v["ks"] as? [String: Any] }
                for item in ((v["it"] ?? v["shapes"]) as? [[String: Any]] ?? []).reversed() { if let f = find(item) { return f } }
                return nil
            }
            path = find(layer)
        }
        let p = try XCTUnwrap(path)
        func vertices(_ shape: Any?) -> [Point] {
            ((shape as? [String: Any])?["v"] as? [[Double]] ?? []).map { Point($0[0], $0[1]) }
        }
        guard p["a"] as? Int == 1, let keys = p["k"] as? [[String: Any]] else {
            return ReadTrack(times: [0], vertices: [vertices(p["k"])], hold: [false])
        }
        var track = ReadTrack(times: [], vertices: [], hold: [])
        for key in keys {
            guard let t = key["t"] as? Double, let s = key["s"] as? [Any] else { continue }
            track.times.append(t / fr)
            track.vertices.append(vertices(s[0]))
            track.hold.append(key["h"] as? Int == 1)
        }
        return track
    }

    // MARK: Measuring

    struct Errors { var onCanvas = 0.0, anywhere = 0.0 }

    /// Every 1/1000 s: the drawn polygon's vertices against the exact projection of the bounds
    /// points they stand for (read back at `reference`, a time when the drawing is exact).
    static func measure(_ track: ReadTrack, layer i: Int, _ sim: Simulation, reference: Double) -> Errors {
        let h0 = PlaneProjection(sim.state(at: reference).boundsToScreen[i]).inverse!
        let bounds = track.value(at: reference).map(h0.apply)
        let canvas = sim.definition.canvas.size
        func onCanvas(_ p: Point) -> Bool { p.x >= 0 && p.y >= 0 && p.x <= canvas.width && p.y <= canvas.height }
        var e = Errors()
        // Holds show keyframes exactly; the phases are where the blend is.
        let times = sim.timeline.phases.flatMap { p in (0...Int(p.duration * 1000)).map { p.start + Double($0) / 1000 } }
        for t in times {
            let h = PlaneProjection(sim.state(at: t).boundsToScreen[i])
            let exact = bounds.map(h.apply), drawn = track.value(at: t)
            for (a, b) in zip(drawn, exact) { e.anywhere = max(e.anywhere, a.distance(to: b)) }
            // Edges: points of the drawn edge on the canvas vs the same blend of the exact ends.
            for k in drawn.indices {
                let n = (k + 1) % drawn.count
                for s in stride(from: 0.0, through: 1.0, by: 1.0 / 32) {
                    let p = drawn[k] + (drawn[n] - drawn[k]).scaled(by: s)
                    guard onCanvas(p) || onCanvas(exact[k] + (exact[n] - exact[k]).scaled(by: s)) else { continue }
                    let q = exact[k] + (exact[n] - exact[k]).scaled(by: s)
                    e.onCanvas = max(e.onCanvas, p.distance(to: q))
                }
            }
        }
        return e
    }

    /// (template, layer whose outline is measured, its SVG marker, Lottie: a mask or the shapes, a time when it is drawn exactly)
    static let cases: [(String, String, String, Bool, Double)] = [
        ("flip-push", "shadow", "<g id=\"shadow\"", false, 0),
        ("flip-push", "page", "<g id=\"page\"", false, 0),
        ("flip-pop", "shadow", "<g id=\"shadow\"", false, 1.5),
        ("flip-pop", "page", "<g id=\"page\"", false, 1.5),
        ("stories-cube", "story-1-shade", "<g id=\"story-1-shade\"", false, 0),
        ("stories-cube", "story-2", "<g id=\"story-2\"", false, 1.2),
    ]

    func testBakedPerspectiveInTheFilesStaysWithinOnePixel() throws {
        try CatalogTier.require()
        var report: [String] = []
        for (name, layer, marker, isMask, reference) in Self.cases {
            let sim = try Simulation(try ExportFixtures.template(name))
            let kt = KeyframedTransition(sim)
            let i = try XCTUnwrap(sim.index(ofLayer: layer))
            let svg = SVGWriter().svg(kt)
            let lottie = try LottieWriter().data(kt)
            // The first path under the layer's group is its own paint (or its clip path).
            let svgTrack = try Self.svgTrack(svg, after: marker)
            let lottieTrack = try Self.lottieTrack(lottie, layer: layer, mask: isMask)
            for (format, track) in [("svg", svgTrack), ("lottie", lottieTrack)] {
                let e = Self.measure(track, layer: i, sim, reference: reference)
                report.append("\(name) \(format) \(layer): \(track.times.count) keyframes, on canvas ≤ \(NumberFormat.string(e.onCanvas, maxDecimals: 3)) px, vertices anywhere ≤ \(NumberFormat.string(e.anywhere, maxDecimals: 3)) px")
                XCTAssertLessThanOrEqual(e.onCanvas, 1, "\(name) \(format) \(layer)")
                XCTAssertLessThanOrEqual(e.anywhere, 1, "\(name) \(format) \(layer), off the canvas too")
            }
        }
        print(report.joined(separator: "\n"))
    }
}
