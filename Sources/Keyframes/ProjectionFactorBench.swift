import FoundationEssentials
import Glibc
import Motion
import Platform
import Simulation
// Issue 13's measurement of a factored projection (trans-export-bench factor): a plane-to-host
// homography H(p) = (M p + T) / (a·p + 1) is exactly A ∘ R with R(u) = u / (1 + a'·u) about an
// origin p0 of the plane (u = p − p0) and A affine. A player would draw A as an animated
// transform and the paths' `d` as R: each vertex then moves along a ray from the origin, so
// the chord error of a turning vertex is gone. Counts the keys the existing fitter needs for
// R (checked through A per time) against today's, and the keys of A
// (BENCHMARKS.md#the-factored-projection-measured).
import TransitionModel

extension PlaneProjection {
    /// H = R·A (row vectors, `self` = H) about `origin` in the plane: R maps the plane's points
    /// to u / (1 + a'·u), u = p − origin; A is affine. nil when the origin is not in front of the eye.
    package func factored(origin p0: Point) -> (residual: PlaneProjection, affine: PlaneProjection)? {
        let shift = PlaneProjection([1, 0, 0, 0, 1, 0, p0.x, p0.y, 1])
        let s = shift.concatenating(self).h
        guard s[8] > 1e-9 else { return nil }
        let n = InlineArray<9, Double> { s[$0] / s[8] }
        let r = PlaneProjection([1, 0, n[2], 0, 1, n[5], 0, 0, 1])
        let a = PlaneProjection([n[0] - n[2] * n[6], n[1] - n[2] * n[7], 0, n[3] - n[5] * n[6], n[4] - n[5] * n[7], 0, n[6], n[7], 1])
        let back = PlaneProjection([1, 0, 0, 0, 1, 0, -p0.x, -p0.y, 1])
        return (back.concatenating(r), a)
    }

    /// The largest singular value of an affine map's linear part.
    package var largestSingularValue: Double {
        let (a, b, c, d) = (h[0], h[1], h[3], h[4])
        let s = a * a + b * b + c * c + d * d, det = a * d - b * c
        return ((s + (max(0, s * s - 4 * det * det)).squareRoot()) / 2).squareRoot()
    }
}

package enum ProjectionFactorBench {
    /// Keys, `d` numbers, and (for path keys) their characters as SVG writes them: integer
    /// tenths of a point (SVGPath.number), sign included, separators not.
    struct Counts { var keys = 0, numbers = 0, digits = 0 }

    static func digits(_ points: [Point]) -> Int {
        points.reduce(0) { $0 + String(Int(($1.x * 10).rounded())).count + String(Int(($1.y * 10).rounded())).count }
    }

    package enum Origin: String, CaseIterable, Sendable { case centre, corner, anchor }

    /// Per template: keys and `d` numbers today, with every segment counted visible, and for the
    /// residual R about each origin (R's share of the tolerance `share`, A's the rest).
    package static func report(_ simulation: Simulation, share: Double) -> String {
        // The same levels and groups as the exporters' fit.
        guard let preparation = ProjectionPreparation(simulation) else { return "no projected layers" }
        let sampler = preparation.sampler, end = preparation.end, groups = preparation.groups
        let cuts = sampler.breakpoints(end: end)
        let parts = ParallelMap.map(cuts.count) { n in sampler.factorCounts(n, cuts, groups, end: end, share: share) }
        var total: [String: Counts] = [:]
        for part in parts {
            for (k, v) in part {
                total[k, default: Counts()].keys += v.keys; total[k, default: Counts()].numbers += v.numbers; total[k, default: Counts()].digits += v.digits
            }
        }
        return total.keys.sorted().map { k in
            let t = total[k]!
            return "  \(k): \(t.keys) keys, \(t.numbers) numbers" + (t.digits > 0 ? ", \(t.digits) characters as tenths" : "")
        }.joined(separator: "\n")
    }
}

extension ProjectionSampler {
    /// One interval's counts (ProjectionSampler.interval's grid and fitter), by row label.
    func factorCounts(_ n: Int, _ cuts: [Double], _ groups: [[Int]], end: Double, share: Double) -> [String: ProjectionFactorBench.Counts] {
        guard n + 1 < cuts.count else { return [:] }
        let visible = ProjectionTolerance.interpolation / hostScale * ProjectionTolerance.aim
        let outline = ProjectionTolerance.outline / hostScale * ProjectionTolerance.aim
        let fitter = ProjectionFitter(visible: visible, outline: outline)
        let c0 = cuts[n], c1 = cuts[n + 1]
        var times = [c0] + Self.gridTimes(from: c0, to: c1, end: end) + [c1.nextDown]
        var grid = ProjectionGrid(self, capacity: times.count)
        for t in times { grid.append(gridState(t, end: end), self) }
        times[times.count - 1] = c1
        let everywhere = Rect(-1e9, -1e9, 2e9, 2e9)
        var out: [String: ProjectionFactorBench.Counts] = [:]
        func add(_ label: String, _ keys: Int, _ perKey: Int, digits: Int = 0) {
            out[label, default: .init()].digits += digits
            out[label, default: .init()].keys += keys
            out[label, default: .init()].numbers += keys * perKey
        }
        // Planes: a layer whose projection is another's times a 2D affine map (its own offset in
        // the plane) shares that layer's plane, so one A serves both.
        var planeOf: [Int: Int] = [:]
        var references: [Int] = []
        func coplanar(_ i: Int, _ r: Int) -> Bool {
            [0, grid.count / 2, grid.count - 1].allSatisfy { k in
                guard let back = grid.projection(k, r).inverse else { return false }
                let m = grid.projection(k, i).concatenating(back).h
                return abs(m[2]) <= 1e-9 * abs(m[8]) && abs(m[5]) <= 1e-9 * abs(m[8])
            }
        }
        for (i, host) in layers {
            if let r = references.first(where: { hosts[$0]! == host && coplanar(i, $0) }) { planeOf[i] = r } else { references.append(i); planeOf[i] = i }
        }
        add("p planes", references.count, 0)
        var moving: [(members: [Int], layout: ProjectionFitter.Layout, host: [[Point]], boxes: [Rect])] = []
        for members in groups {
            let first = sample(grid, 0, members)
            if (1...8).map({ $0 * (grid.count - 1) / 8 }).allSatisfy({ sample(grid, $0, members).paths == first.paths }) { continue }
            let layout = ProjectionFitter.Layout(first.paths, outlines: members.map(outlines.contains), shapeErrors: members.map { specs[$0].shapeError })
            let host = (0..<grid.count).map { sample(grid, $0, members) }
            let flat = host.map { layout.flat($0.paths) }, boxes = host.map(\.box)
            moving.append((members, layout, flat, boxes))
            let spans = fitter.fit(layout, times: times, samples: flat, boxes: boxes)
            add("a today", spans.count, 2 * layout.pointCount, digits: spans.reduce(0) { $0 + ProjectionFactorBench.digits(flat[$1.start]) })
        }
        guard !moving.isEmpty else { return out }
        for origin in ProjectionFactorBench.Origin.allCases {
            func p0(_ i: Int, _ k: Int) -> Point {
                let s = grid.layerState(k, i)
                switch origin {
                case .centre: return Point(s.size.width / 2, s.size.height / 2)
                case .corner: return .zero
                case .anchor: return Point(s.anchorPoint.x * s.size.width, s.anchorPoint.y * s.size.height)
                }
            }
            // Per plane and grid time: A, and A⁻¹ (a layer's residual is its projection, then A⁻¹).
            var affines: [Int: [PlaneProjection]] = [:], inverses: [Int: [PlaneProjection]] = [:]
            for r in references {
                for k in 0..<grid.count {
                    guard let f = grid.projection(k, r).factored(origin: p0(r, k)), let back = f.affine.inverse else { break }
                    affines[r, default: []].append(f.affine); inverses[r, default: []].append(back)
                }
            }
            guard references.allSatisfy({ affines[$0]?.count == grid.count }) else { add("e \(origin): not factored (w <= 0 or A singular)", 1, 0); continue }
            var hulls: [Int: Rect] = [:]
            let composite = ProjectionFitter(visible: visible * share, outline: outline * share)
            for group in moving {
                let (members, layout) = (group.members, group.layout)
                let residual = (0..<grid.count).map { k in
                    layout.flat(
                        sample(
                            members, box: everywhere, state: { grid.layerState(k, $0) },
                            projection: { grid.projection(k, $0).concatenating(inverses[planeOf[$0]!]![k]) }
                        ).paths)
                }
                // Tried first: R alone, its tolerance divided by A's largest singular value over
                // the interval, every segment counted visible (a bound blind to A's direction).
                let planes = Set(members.map { planeOf[specs[$0].layer]! })
                let sigma = planes.flatMap { affines[$0]! }.map(\.largestSingularValue).max()!
                let bound = ProjectionFitter(visible: visible * share / sigma, outline: outline * share / sigma)
                add(
                    "c residual about \(origin), tolerance / max sigma(A), all visible",
                    bound.fit(layout, times: times, samples: residual, boxes: residual.map { _ in everywhere }).count, 2 * layout.pointCount)
                var plane: [Int] = []
                for (m, n) in members.enumerated() { plane += Array(repeating: planeOf[specs[n].layer]!, count: 3 * layout.counts[m]) }
                for flat in residual {
                    for (v, p) in flat.enumerated() {
                        let r = hulls[plane[v]] ?? Rect(p.x, p.y, 0, 0)
                        let x0 = min(r.minX, p.x), y0 = min(r.minY, p.y)
                        hulls[plane[v]] = Rect(x0, y0, max(r.maxX, p.x) - x0, max(r.maxY, p.y) - y0)
                    }
                }
                // The drawn residual through each grid time's exact A, checked in host space
                // against today's samples and canvas boxes (ProjectionFitter.within).
                let spans = EasingFit.spans(count: residual.count - 1) { i, j in
                    let a = residual[i].map(ProjectionFitter.onGrid), b = residual[j].map(ProjectionFitter.onGrid)
                    return EasingFit.writtenCandidates(composite.easing(times, residual, a, b, i, j)).first { easing in
                        ProjectionFitter.checkOrder(i, j).allSatisfy { k in
                            let u = (times[k] - times[i]) / (times[j] - times[i])
                            let f = easing.progress(at: u)
                            let drawn = a.indices.map { v in
                                affines[plane[v]]![k].apply(Point(a[v].x + (b[v].x - a[v].x) * f, a[v].y + (b[v].y - a[v].y) * f))
                            }
                            return composite.within(layout, group.host[k], drawn, drawn, 0, group.boxes[k])
                        }
                    }
                }
                add(
                    "e residual about \(origin), checked through A_t (share \(share))", spans.count, 2 * layout.pointCount,
                    digits: spans.reduce(0) { $0 + ProjectionFactorBench.digits(residual[$1.start]) })
            }
            // A's keys per moving plane: the images of its residual hull's corners (an affine
            // map's error over a convex hull is largest at a corner), linear in A's numbers.
            // Which of SVG's components (translate, rotate, skewX, scale) A moves, per plane.
            for (r, hull) in hulls.sorted(by: { $0.key < $1.key }) where origin == .anchor {
                let parts = affines[r]!.map { m -> [Double] in
                    let (a, b, c, d) = (m.h[0], m.h[1], m.h[3], m.h[4])
                    let theta = atan2(b, a), (cs, sn) = (cos(theta), sin(theta))
                    let sy = -sn * c + cs * d
                    return [m.h[6], m.h[7], theta * 180 / .pi, atan((cs * c + sn * d) / sy) * 180 / .pi, (a * a + b * b).squareRoot(), sy]
                }
                let names = ["translateX", "translateY", "rotate", "skewX", "scaleX", "scaleY"]
                let varying = names.indices.filter { x in parts.map { $0[x] }.max()! - parts.map { $0[x] }.min()! > 1e-6 }.map { x in
                    "\(names[x]) \(PrintfNumber.fixed(parts.map { $0[x] }.min()!, decimals: 3))…\(PrintfNumber.fixed(parts.map { $0[x] }.max()!, decimals: 3))"
                }
                let name = simulation.layers[r].id ?? "#\(r)"
                add("g plane \(name) [\(c0)…\(c1) s], hull \(Int(hull.size.width))×\(Int(hull.size.height)): \(varying.joined(separator: ", "))", 1, 0)
            }
            let aFitter = ProjectionFitter(visible: visible * (1 - share), outline: outline * (1 - share))
            for (r, hull) in hulls.sorted(by: { $0.key < $1.key }) {
                let corners = BezierPath.rect(hull)
                let cl = ProjectionFitter.Layout([corners], outlines: [true])
                let samples = affines[r]!.map { a in cl.flat([corners.map(a.apply)]) }
                add(
                    "f affine about \(origin) (6 numbers a key)", aFitter.fit(cl, times: times, samples: samples, boxes: samples.map { _ in everywhere }).count,
                    6)
            }
        }
        return out
    }
}
