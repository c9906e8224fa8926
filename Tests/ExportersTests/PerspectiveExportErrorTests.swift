import Exporters
import Foundation
import JSONText
import Keyframes
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

/// The baked perspective as written: outlines read back from the SVG (`d` morphs) and the Lottie
/// (`sh` keyframes), interpolated as a player does (linearly, holds held) every 1/1000 s, against
/// the exact projection of the same bounds points (Simulation.state(at:).boundsToScreen).
/// Prints per template, format and layer: the worst error of the outline where it is on the
/// canvas, and of its vertices anywhere (also off the canvas, where nothing is seen).
final class PerspectiveExportErrorTests: XCTestCase {
    /// Keyframes of one path as read from a Lottie file: times in seconds, closed polygons of vertices.
    struct ReadTrack {
        var times: [Double]
        var vertices: [[Point]]
        var hold: [Bool]
        /// The easing from each key to the next (SMIL keySplines, Lottie o/i); nil = linear.
        var easing: [CubicBezier?] = []
        /// A Lottie scene played through its root precomp's `tm`: outer seconds to inner seconds.
        var remap: ((Double) -> Double)? = nil

        func value(at t: Double) -> [Point] {
            let t = remap?(t) ?? t
            guard let i = times.lastIndex(where: { $0 <= t }) else { return vertices[0] }
            guard i + 1 < times.count, !hold[i] else { return vertices[i] }
            let u = (t - times[i]) / (times[i + 1] - times[i])
            let f = i < easing.count ? easing[i]?.progress(at: u) ?? u : u
            return zip(vertices[i], vertices[i + 1]).map { $0 + ($1 - $0).scaled(by: f) }
        }
    }

    // MARK: Reading the files

    /// Vertices (pt) of an SVG path written by SVGPath.d (m or M, then relative l / c, a letter
    /// the one before repeats left out, z; in tenths of a point).
    static func svgVertices(_ d: String) -> [Point] {
        var out: [Point] = []
        var at = Point.zero
        let scanner = Array(d)
        var i = 0
        var command: Character = "M"
        var numbers: [Double] = []
        func flush() {
            var n = 0
            while n < numbers.count {
                switch command {
                case "M", "m":
                    // The path's first m is absolute (from 0, 0); further pairs are relative lines.
                    at = (command == "M" ? .zero : at) + Point(numbers[n], numbers[n + 1]); n += 2
                    command = "l"
                case "l": at = at + Point(numbers[n], numbers[n + 1]); n += 2
                case "c": at = at + Point(numbers[n + 4], numbers[n + 5]); n += 6
                default: n = numbers.count; continue
                }
                out.append(at)
            }
            numbers = []
        }
        var token = ""
        while i < scanner.count {
            let ch = scanner[i]
            if "Mmlcz".contains(ch) {
                if !token.isEmpty { numbers.append(Double(token)!); token = "" }
                if !numbers.isEmpty { flush() }
                command = ch
            } else if ch == " " {
                if !token.isEmpty { numbers.append(Double(token)!); token = "" }
            } else {
                // Shortest form: a minus sign, or a second point, starts the next number.
                if ch == "-" || (ch == "." && token.contains(".")), !token.isEmpty { numbers.append(Double(token)!); token = "" }
                token.append(ch)
            }
            i += 1
        }
        if out.count > 1, out.last == out.first { out.removeLast() }
        return out.map { $0.scaled(by: 0.1) }  // written in tenths under transform="scale(.1)"
    }

    /// An outline as a player draws it: its vertices at a time, and how many keyframes it has.
    struct PlayedOutline {
        var keyframes: Int
        var value: (Double) -> [Point]
    }

    /// The first `<path d>` after `marker` in the SVG, its `d` animation played by SMILPlayer
    /// (each vertex coordinate eased on its own), or its still `d`.
    static func svgTrack(_ svg: String, after marker: String) throws -> PlayedOutline {
        let start = try XCTUnwrap(svg.range(of: marker)).upperBound
        let rest = svg[start...]
        let pathStart = try XCTUnwrap(rest.range(of: "<path d=\"")).upperBound
        let d = String(rest[pathStart...].prefix { $0 != "\"" })
        let afterPath = rest[pathStart...]
        let close = try XCTUnwrap(afterPath.range(of: "</path>")).lowerBound
        guard let animation = elements("animate", in: String(afterPath[..<close])).first else {
            let still = svgVertices(d)
            return PlayedOutline(keyframes: 1) { _ in still }
        }
        let player = try SMILPlayer(attributes: animation) { svgVertices($0).flatMap { [$0.x, $0.y] } }
        return PlayedOutline(keyframes: player.keyTimes.count) { t in
            let xy = player.value(at: t)
            return stride(from: 0, to: xy.count, by: 2).map { Point(xy[$0], xy[$0 + 1]) }
        }
    }

    /// The animated `sh` path of the Lottie layer named `name`: its own paint (the last shape
    /// group, since Lottie lists the top first), or its first mask when `mask`. (Foundation's
    /// parser: JSONText locates every value, which is slow on a one-line file of megabytes.)
    static func lottieTrack(_ text: String, layer name: String, mask: Bool) throws -> ReadTrack {
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let fr = try XCTUnwrap(root["fr"] as? Double)
        var layers = try XCTUnwrap(root["layers"] as? [[String: Any]])
        // A retracing timeline is written once in a precomp played by the root layer's `tm`
        // (docs/lottie.md#retracing-timelines): read the layer there, at the remapped time.
        var remap: ((Double) -> Double)? = nil
        if !layers.contains(where: { $0["nm"] as? String == name }), let scene = layers.first(where: { $0["tm"] != nil }),
            let assets = root["assets"] as? [[String: Any]], let asset = assets.first(where: { $0["id"] as? String == scene["refId"] as? String })
        {
            layers = try XCTUnwrap(asset["layers"] as? [[String: Any]])
            let tm = try readKeys(try XCTUnwrap(scene["tm"] as? [String: Any]), fr: fr) { v in
                [Point((v as? [Double])?.first ?? v as? Double ?? .nan, 0)]
            }
            remap = { tm.value(at: $0)[0].x }
        }
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
        var track = try readKeys(p, fr: fr) { shape in
            ((shape as? [String: Any])?["v"] as? [[Double]] ?? []).map { Point($0[0], $0[1]) }
        }
        track.remap = remap
        return track
    }

    /// An animatable Lottie property's keys (or its static value), values read by `vertices`.
    static func readKeys(_ p: [String: Any], fr: Double, vertices: (Any?) -> [Point]) throws -> ReadTrack {
        guard p["a"] as? Int == 1, let keys = p["k"] as? [[String: Any]] else {
            return ReadTrack(times: [0], vertices: [vertices(p["k"])], hold: [false])
        }
        var track = ReadTrack(times: [], vertices: [], hold: [])
        for key in keys {
            guard let t = key["t"] as? Double, let s = key["s"] else { continue }
            track.times.append(t / fr)
            track.vertices.append(vertices((s as? [Any])?.count == 1 ? (s as? [Any])?[0] : s))
            track.hold.append(key["h"] as? Int == 1)
            let o = key["o"] as? [String: Any], i = key["i"] as? [String: Any]
            func first(_ v: Any?) -> Double? { (v as? [Double])?.first ?? v as? Double }
            if let x1 = first(o?["x"]), let y1 = first(o?["y"]), let x2 = first(i?["x"]), let y2 = first(i?["y"]) {
                track.easing.append(CubicBezier(x1, y1, x2, y2))
            } else {
                track.easing.append(nil)
            }
        }
        return track
    }

    // MARK: Measuring

    struct Errors { var onCanvas = 0.0, anywhere = 0.0 }

    /// Every 1/1000 s: the drawn polygon against the exact projection of the bounds points its
    /// vertices stand for (read back at `reference`, a time when the drawing is exact).
    /// onCanvas: how far a point of either outline on the canvas lies from the other outline
    /// (what a viewer sees; a slide along an edge draws the same edge); anywhere: each vertex
    /// from its exact place, on the canvas or not (what a reader of the corners measures).
    static func measure(_ track: PlayedOutline, layer i: Int, _ sim: Simulation, reference: Double) -> Errors {
        let h0 = PlaneProjection(sim.state(at: reference).boundsToScreen[i]).inverse!
        let bounds = track.value(reference).map(h0.apply)
        let canvas = sim.definition.canvas.size
        var e = Errors()
        // Holds show keyframes exactly; the phases are where the blend is.
        let times = sim.timeline.phases.flatMap { p in (0...Int(p.duration * 1000)).map { p.start + Double($0) / 1000 } }
        for t in times {
            let h = PlaneProjection(sim.state(at: t).boundsToScreen[i])
            let exact = bounds.map(h.apply), drawn = track.value(t)
            for (a, b) in zip(drawn, exact) { e.anywhere = max(e.anywhere, a.distance(to: b)) }
            e.onCanvas = max(e.onCanvas, oneWay(drawn, exact, canvas), oneWay(exact, drawn, canvas))
        }
        return e
    }

    /// The largest distance from a point of polygon p on the canvas (32 per edge) to polygon q.
    static func oneWay(_ p: [Point], _ q: [Point], _ canvas: Size) -> Double {
        func segmentDistance(_ x: Point, _ a: Point, _ b: Point) -> Double {
            let d = b - a, l2 = d.x * d.x + d.y * d.y
            let t = l2 > 0 ? max(0, min(1, ((x.x - a.x) * d.x + (x.y - a.y) * d.y) / l2)) : 0
            return x.distance(to: a + d.scaled(by: t))
        }
        var worst = 0.0
        for k in p.indices {
            let next = p[(k + 1) % p.count]
            for s in stride(from: 0.0, through: 1.0, by: 1.0 / 32) {
                let x = p[k] + (next - p[k]).scaled(by: s)
                guard x.x >= 0, x.y >= 0, x.x <= canvas.width, x.y <= canvas.height else { continue }
                var best = Double.infinity
                for m in q.indices { best = min(best, segmentDistance(x, q[m], q[(m + 1) % q.count])) }
                worst = max(worst, best)
            }
        }
        return worst
    }

    /// The `d` track of the outline path `X.bounds` in the SVG.
    static func svgOutline(_ svg: String, layer: String) throws -> PlayedOutline {
        let marker = "<path id=\"\(layer).bounds\" d=\""
        _ = try XCTUnwrap(svg.range(of: marker), "\(layer).bounds")
        return try svgTrack(svg.replacingOccurrences(of: marker, with: "<path d=\""), after: "<g id=\"\(layer)\"")
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

    /// Painted outlines within 0.5 px where they are on the canvas (SVG and Lottie); the
    /// unpainted `X.bounds` outline's vertices within 0.5 px anywhere (what the conformance
    /// suite's geometry check reads). Off the canvas a painted vertex is not seen and not bounded.
    func testBakedPerspectiveInTheFilesStaysWithinHalfAPixel() throws {
        try CatalogTier.require()
        var report: [String] = []
        for (name, layer, marker, isMask, reference) in Self.cases {
            let sim = try Simulation(try ExportFixtures.template(name))
            let kt = KeyframedTransition(sim)
            let i = try XCTUnwrap(sim.index(ofLayer: layer))
            let svg = try SVGWriter().svg(kt)
            let lottie = try LottieWriter().data(kt)
            // The first path under the layer's group without an id is its own paint (or its clip path).
            let svgTrack = try Self.svgTrack(svg, after: marker)
            let lottieTrack = try Self.lottieTrack(lottie, layer: layer, mask: isMask)
            let lottiePlayed = PlayedOutline(keyframes: lottieTrack.times.count, value: lottieTrack.value(at:))
            for (format, track) in [("svg", svgTrack), ("lottie", lottiePlayed)] {
                let e = Self.measure(track, layer: i, sim, reference: reference)
                report.append(
                    "\(name) \(format) \(layer): \(track.keyframes) keyframes, painted on canvas ≤ \(NumberFormat.string(e.onCanvas, maxDecimals: 3)) px (vertices anywhere ≤ \(NumberFormat.string(e.anywhere, maxDecimals: 3)) px, unbounded)"
                )
                XCTAssertLessThanOrEqual(e.onCanvas, 0.5, "\(name) \(format) \(layer)")
            }
            let outline = Self.measure(try Self.svgOutline(svg, layer: layer), layer: i, sim, reference: reference)
            report.append("\(name) svg \(layer).bounds: vertices anywhere ≤ \(NumberFormat.string(outline.anywhere, maxDecimals: 3)) px")
            XCTAssertLessThanOrEqual(outline.anywhere, 0.5, "\(name) \(layer).bounds, off the canvas too")
        }
        print(report.joined(separator: "\n"))
    }
}
