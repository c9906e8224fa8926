// A dashed stroke of SVG art under a 3D transform: the path is cut into its dashes in the art's
// user space (where the dash lengths are), and each dash is outlined like any open subpath
// (ProjectedArtworkStroke.swift), with its caps and the joins inside it. As SVG 2 says and as
// Chromium (Skia) draws it: the pattern restarts at each subpath, `stroke-dashoffset` into it;
// on a closed subpath a dash running over the end continues into the first one (one dash,
// joined at the start, no caps there); a dash array summing to 0 strokes solid; a dash of length
// 0 is a dot for round and square caps, a square one turned with the path
// (docs/artwork.md#dashed-strokes-under-3d).
import Artwork
import Motion
import TransitionModel

package enum StrokeDashes {
    /// Samples per cubic for its arc length: 256 chords are within 2e-6 of the length of a
    /// quarter circle, far inside the outline's tolerance.
    static let samplesPerCubic = 256

    /// The path's dashes as open subpaths (a closed subpath that is one whole dash stays closed).
    /// `directedDots`: a dash of length 0 keeps the path's direction (square caps), else it is a lone point.
    package static func dashed(_ path: ArtPath, dashes: [Double], offset: Double, directedDots: Bool = false) -> ArtPath {
        let total = dashes.reduce(0, +)
        guard !dashes.isEmpty, total > 0 else { return path }
        var out: [ArtPathSegment] = []
        for sub in StrokeOutline.split(path) {
            out += dashed(sub, dashes: dashes, total: total, offset: offset, directedDots: directedDots)
        }
        return ArtPath(out)
    }

    /// Where a walk along the pattern is: which dash or gap, and how much of it is left.
    struct Phase {
        var index: Int
        var left: Double
        var on: Bool { index % 2 == 0 }
    }

    static func start(_ dashes: [Double], total: Double, offset: Double) -> Phase {
        var at = offset.truncatingRemainder(dividingBy: total)
        if at < 0 { at += total }
        var k = 0
        // A dash of length 0 right at the start stays (its dot is drawn).
        while at >= dashes[k], !(dashes[k] == 0 && at == 0) {
            at -= dashes[k]; k = (k + 1) % dashes.count
        }
        return Phase(index: k, left: dashes[k] - at)
    }

    /// One subpath's dashes, each a `.move` and its pieces.
    static func dashed(_ sub: StrokeOutline.Subpath, dashes: [Double], total: Double, offset: Double, directedDots: Bool) -> [ArtPathSegment] {
        func art(_ p: Point) -> ArtPoint { ArtPoint(p.x, p.y) }
        var phase = start(dashes, total: total, offset: offset)
        guard !sub.segments.isEmpty else {
            // A lone point: a dot when the pattern is on there (SVG draws caps on zero-length subpaths).
            return phase.on ? [.move(art(sub.start))] : []
        }
        let startsOn = phase.on
        var runs: [[ArtPathSegment]] = []  // each dash: a move, then lines and cubics
        var current: [ArtPathSegment]? = phase.on ? [.move(art(sub.start))] : nil
        for (k, c) in sub.segments.enumerated() {
            let line = sub.isLine[k]
            let table = Self.lengths(c, line: line)
            let length = table[table.count - 1]
            var at = 0.0
            while true {
                let step = min(phase.left, length - at)
                if current != nil, step > 0 { current!.append(piece(c, line: line, from: at, to: at + step, table)) }
                at += step
                phase.left -= step
                if phase.left > 0 { break }  // the segment ends inside this dash or gap
                // The dash or gap ends here; the next one starts (a dash of length 0: a dot).
                if var run = current {
                    if run.count == 1, directedDots {
                        // A square dot turns with the path (SVG): a step of 1e-6 along it gives its caps a direction.
                        let t = parameter(at, table)
                        let along = StrokeOutline.unit(line ? c[3] - c[0] : StrokeOutline.derivative(c, t))
                        run.append(.line(art(point(c, line: line, t) + along * 1e-6)))
                    }
                    runs.append(run)
                }
                phase.index = (phase.index + 1) % dashes.count
                phase.left = dashes[phase.index]
                current = phase.on ? [.move(art(point(c, line: line, parameter(at, table))))] : nil
            }
        }
        // A dash that starts right at the end draws nothing there (a 0 dash's dot was drawn above).
        let endsOn = (current?.count ?? 0) > 1
        if let run = current, endsOn { runs.append(run) }
        if sub.closed, startsOn, endsOn {
            // The whole subpath is one dash: it stays closed, joined all round.
            if runs.count == 1 { return runs[0] + [.close] }
            // The last dash runs on into the first (Skia's SkDashPath joins them the same way).
            if runs[0].count > 1 {
                let first = runs.removeFirst()
                runs[runs.count - 1] += first.dropFirst()
            }
        }
        return runs.flatMap { $0 }
    }

    /// Cumulative arc length at each of the cubic's samples (a line's: its two ends).
    static func lengths(_ c: [Point], line: Bool) -> [Double] {
        if line { return [0, c[0].distance(to: c[3])] }
        var out = [0.0]
        var last = c[0]
        for n in 1...samplesPerCubic {
            let p = StrokeOutline.point(c, Double(n) / Double(samplesPerCubic))
            out.append(out[out.count - 1] + last.distance(to: p))
            last = p
        }
        return out
    }

    /// The parameter t at arc length s (linear between the table's samples).
    static func parameter(_ s: Double, _ table: [Double]) -> Double {
        let n = table.count - 1
        guard s > 0 else { return 0 }
        guard s < table[n] else { return 1 }
        var lo = 0, hi = n
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] <= s { lo = mid } else { hi = mid }
        }
        let f = table[hi] > table[lo] ? (s - table[lo]) / (table[hi] - table[lo]) : 0
        return (Double(lo) + f) / Double(n)
    }

    /// A line's controls sit on its ends (StrokeOutline.split), so its cubic is not linear in t.
    static func point(_ c: [Point], line: Bool, _ t: Double) -> Point {
        line ? c[0] + (c[3] - c[0]) * t : StrokeOutline.point(c, t)
    }

    /// The part of the segment between arc lengths a and b, as a line or a cubic.
    static func piece(_ c: [Point], line: Bool, from a: Double, to b: Double, _ table: [Double]) -> ArtPathSegment {
        let t0 = parameter(a, table), t1 = parameter(b, table)
        if line {
            let p = point(c, line: true, t1)
            return .line(ArtPoint(p.x, p.y))
        }
        let q = sub(c, t0, t1)
        return .cubic(ArtPoint(q[1].x, q[1].y), ArtPoint(q[2].x, q[2].y), ArtPoint(q[3].x, q[3].y))
    }

    /// The cubic's part between parameters t0 < t1 (de Casteljau twice).
    static func sub(_ c: [Point], _ t0: Double, _ t1: Double) -> [Point] {
        func split(_ c: [Point], _ t: Double) -> ([Point], [Point]) {
            func mix(_ a: Point, _ b: Point) -> Point { a + (b - a) * t }
            let ab = mix(c[0], c[1]), bc = mix(c[1], c[2]), cd = mix(c[2], c[3])
            let abc = mix(ab, bc), bcd = mix(bc, cd), m = mix(abc, bcd)
            return ([c[0], ab, abc, m], [m, bcd, cd, c[3]])
        }
        let head = t1 < 1 ? split(c, t1).0 : c
        guard t0 > 0, t1 > 0 else { return head }
        return split(head, t0 / t1).1
    }
}
