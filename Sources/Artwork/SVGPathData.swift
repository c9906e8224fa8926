import FoundationEssentials
import Glibc

// SVG path data (`d`) to absolute moves, lines and cubics. Quadratics are raised to cubics
// exactly; elliptical arcs are split into pieces of at most 90 degrees, each a cubic within
// about 2.7e-4 of the radius.

enum SVGPathData {
    /// nil when the text breaks the grammar; SVG draws a path up to its first error, which would
    /// be a silently partial picture, so the caller refuses instead.
    static func parse(_ d: String) -> ArtPath? {
        var s = SVGValueScanner(d)
        var out: [ArtPathSegment] = []
        var current = ArtPoint(0, 0), start = ArtPoint(0, 0)
        var lastControl: ArtPoint?, lastQuad: ArtPoint?
        var command: Character?
        while !s.isAtEnd {
            if let c = s.peek(), c.isLetter { command = s.next() } else if command == nil || command == "z" || command == "Z" { return nil }
            guard let cmd = command else { return nil }
            let relative = cmd.isLowercase
            func point() -> ArtPoint? {
                guard let x = s.number(), let y = s.number() else { return nil }
                return relative ? ArtPoint(current.x + x, current.y + y) : ArtPoint(x, y)
            }
            var nextControl: ArtPoint?, nextQuad: ArtPoint?
            switch cmd.uppercased().first! {
            case "M":
                guard let p = point() else { return nil }
                out.append(.move(p)); current = p; start = p
                command = relative ? "l" : "L"  // further pairs are implicit line-tos
            case "L":
                guard let p = point() else { return nil }
                out.append(.line(p)); current = p
            case "H":
                guard let x = s.number() else { return nil }
                current = ArtPoint(relative ? current.x + x : x, current.y); out.append(.line(current))
            case "V":
                guard let y = s.number() else { return nil }
                current = ArtPoint(current.x, relative ? current.y + y : y); out.append(.line(current))
            case "C":
                guard let c1 = point(), let c2 = point(), let p = point() else { return nil }
                out.append(.cubic(c1, c2, p)); current = p; nextControl = c2
            case "S":
                let c1 = lastControl.map { ArtPoint(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
                guard let c2 = point(), let p = point() else { return nil }
                out.append(.cubic(c1, c2, p)); current = p; nextControl = c2
            case "Q":
                guard let q = point(), let p = point() else { return nil }
                out.append(quadratic(current, q, p)); current = p; nextQuad = q
            case "T":
                let q = lastQuad.map { ArtPoint(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
                guard let p = point() else { return nil }
                out.append(quadratic(current, q, p)); current = p; nextQuad = q
            case "A":
                guard let rx = s.number(), let ry = s.number(), let angle = s.number(),
                    let large = s.flag(), let sweep = s.flag(), let p = point()
                else { return nil }
                out += arc(from: current, to: p, rx: abs(rx), ry: abs(ry), degrees: angle, large: large, sweep: sweep)
                current = p
            case "Z":
                out.append(.close); current = start
            default:
                return nil
            }
            lastControl = nextControl; lastQuad = nextQuad
        }
        if let first = out.first, case .move = first {} else if !out.isEmpty { return nil }
        return ArtPath(out)
    }

    static func quadratic(_ p0: ArtPoint, _ q: ArtPoint, _ p: ArtPoint) -> ArtPathSegment {
        .cubic(
            ArtPoint(p0.x + 2 / 3 * (q.x - p0.x), p0.y + 2 / 3 * (q.y - p0.y)),
            ArtPoint(p.x + 2 / 3 * (q.x - p.x), p.y + 2 / 3 * (q.y - p.y)), p)
    }

    /// SVG 1.1 appendix F.6: endpoint to centre parameterisation, radii scaled up when too small.
    static func arc(
        from p0: ArtPoint, to p1: ArtPoint, rx rx0: Double, ry ry0: Double,
        degrees: Double, large: Bool, sweep: Bool
    ) -> [ArtPathSegment] {
        if p0 == p1 { return [] }
        if rx0 == 0 || ry0 == 0 { return [.line(p1)] }
        let phi = degrees * .pi / 180, cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        var rx = rx0, ry = ry0
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = (max(num, 0) / den).squareRoot()
        if large == sweep { k = -k }
        let cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double) -> Double { atan2(uy, ux) }
        let theta1 = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - theta1
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        let pieces = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))  // a half circle is 2 pieces, not 1
        let step = delta / Double(pieces)
        let alpha = 4.0 / 3 * tan(step / 4)
        func onEllipse(_ t: Double) -> (ArtPoint, ArtPoint) {
            let ex = rx * cos(t), ey = ry * sin(t), tx = -rx * sin(t), ty = ry * cos(t)
            let point = ArtPoint(cx + cosPhi * ex - sinPhi * ey, cy + sinPhi * ex + cosPhi * ey)
            let tangent = ArtPoint(cosPhi * tx - sinPhi * ty, sinPhi * tx + cosPhi * ty)
            return (point, tangent)
        }
        var segments: [ArtPathSegment] = []
        var t = theta1
        for i in 0..<pieces {
            let (a, ta) = onEllipse(t), (b, tb) = onEllipse(t + step)
            let end = i == pieces - 1 ? p1 : b
            segments.append(
                .cubic(
                    ArtPoint(a.x + alpha * ta.x, a.y + alpha * ta.y),
                    ArtPoint(b.x - alpha * tb.x, b.y - alpha * tb.y), end))
            t += step
        }
        return segments
    }
}
