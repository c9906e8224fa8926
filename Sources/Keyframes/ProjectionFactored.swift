import Foundation
import Motion
import Simulation
// Issue 13 written (SVG only, behind a switch): a flip's plane-to-host homography is A ∘ R about
// the hinge (PlaneProjection.factored), A = translate(T) · scale(sx, 1) with T fixed, so the SVG
// draws A as a group transform and the paths' `d` as R, whose vertices move along rays from the
// hinge (BENCHMARKS.md#the-factored-projection-measured). Only planes whose A is that over the
// whole timeline; every other layer (the cube: A rotates and skews) keeps today's keys.
import TransitionModel

package enum FactoredProjection {
    /// The switch, read here only: on unless TRANS_EXPORT_FACTORED_SVG=0 (today's keys), on since
    /// Chromium, Firefox and the geometry check passed every flip row (docs/smil.md#perspective-in-svg).
    package static var isEnabled: Bool { ProcessInfo.processInfo.environment["TRANS_EXPORT_FACTORED_SVG"] != "0" }
    /// R's share of the tolerance; A's keys get the rest. 0.9, not the bench's 0.75: R's keys
    /// are most of the file and A's few (flip-push.svg 155,502 -> 148,656 B, flip-edge-pan.svg
    /// 193,561 -> 182,929; BENCHMARKS.md#the-flips-svg-under-target); at 0.95 A's limit nears its
    /// 5-decimal rounding (7e-6 in sx) and at 0.98 the files grow again.
    static let share = 0.9
    /// A's written x-scale: 5 decimals (1e-5 over a 1,772 pt residual is 0.02 pt).
    static func written(_ sx: Double) -> Double { (sx * 1e5).rounded() / 1e5 }
    /// R's easings as written, shortest first: keySplines to 1 decimal (".3 0 .7 1") when that
    /// passes the check too, then writtenCandidates' 2 and 3 (flip-push.svg -1,181 B).
    static func candidates(_ exact: KeyframeEasing) -> [KeyframeEasing] {
        guard case .bezier(let c) = exact else { return [exact] }
        let r = EasingFit.rounded(c, decimals: 1)
        let first: KeyframeEasing = r.isLinear ? .linear : .bezier(r)
        return [first] + EasingFit.writtenCandidates(exact).filter { $0 != first }
    }
    static func written(_ t: Point) -> Point { Point((t.x * 100).rounded() / 100, (t.y * 100).rounded() / 100) }

    /// The paths' key characters as SVG writes them (integer tenths; the bench's measure): the
    /// factored keys are kept only when fewer (a card turned about its centre: +8 to +16 % bytes).
    static func characters(_ layers: [ProjectedLayer?]) -> Int {
        func count(_ paths: [BezierPath]) -> Int {
            paths.reduce(0) { n, p in
                p.allPoints.reduce(n) { $0 + String(Int(($1.x * 10).rounded())).count + String(Int(($1.y * 10).rounded())).count }
            }
        }
        return layers.reduce(0) { sum, l in
            guard let l else { return sum }
            let paint = l.paint.reduce(0) { n, p in p.shape.keyframes.reduce(n) { $0 + count($1.value.subpaths) } }
            return sum + paint + (l.outline?.keyframes.reduce(0) { $0 + count([$1.value]) } ?? 0)
        }
    }
}

/// Layers (by index) drawn in a plane's factored space, and each plane's fixed translation
/// (written, in host points); a plane is named by its reference layer.
struct PlaneFactors: Sendable {
    var planeOf: [Int: Int] = [:]
    var translation: [Int: Point] = [:]
}

/// One interval's A per plane (by reference layer): as drawn (keyed, written) and its exact
/// inverse at each grid time, and its x-scale keys.
struct FactoredInterval {
    var drawn: [Int: [PlaneProjection]]
    var inverse: [Int: [PlaneProjection]]
    var keys: [Int: [Keyframe<Double>]]
}

extension ProjectionSampler {
    /// A (affine, about the reference layer's anchor) at one state; nil when not factorable.
    static func affine(_ h: PlaneProjection, _ s: LayerState) -> PlaneProjection? {
        h.factored(origin: Point(s.anchorPoint.x * s.size.width, s.anchorPoint.y * s.size.height))?.affine
    }

    /// Whether A is translate(t) · scale(sx, 1) with |sx| ≤ 1 (so R's errors never grow in host space).
    static func isFlip(_ a: PlaneProjection, _ t: Point) -> Bool {
        let h = a.h
        return abs(h[1]) < 1e-9 && abs(h[3]) < 1e-9 && abs(h[4] - 1) < 1e-9 && abs(h[0]) <= 1 + 1e-9 && abs(h[0]) > 1e-6
            && abs(h[6] - t.x) < 1e-6 && abs(h[7] - t.y) < 1e-6
    }

    /// The planes whose A is a flip's at every time in `times`; layers with a clip, mask or
    /// art clip, or in a group with a layer outside, are left out (their groups span spaces).
    func planeFactors(times: [Double], end: Double, groups: [[Int]]) -> PlaneFactors {
        let states = times.map { state($0, end: end) }
        func h(_ k: Int, _ i: Int) -> PlaneProjection { projection(states[k], i, host: hosts[i]!) }
        func coplanar(_ i: Int, _ r: Int) -> Bool {
            states.indices.allSatisfy { k in
                guard let back = h(k, r).inverse else { return false }
                let m = h(k, i).concatenating(back).h
                return abs(m[2]) <= 1e-9 * abs(m[8]) && abs(m[5]) <= 1e-9 * abs(m[8])
            }
        }
        var out = PlaneFactors(), references: [Int] = []
        for (i, host) in layers {
            let r = ranges[i]!
            guard r.clip == nil, r.mask.isEmpty, (artClips[i] ?? []).isEmpty else { continue }
            if let ref = references.first(where: { hosts[$0]! == host && coplanar(i, $0) }) { out.planeOf[i] = ref; continue }
            guard let a0 = Self.affine(h(0, i), states[0].layers[i]) else { continue }
            let t = Point(a0.h[6], a0.h[7])
            let flips = states.indices.allSatisfy { k in Self.affine(h(k, i), states[k].layers[i]).map { Self.isFlip($0, t) } ?? false }
            guard flips else { continue }
            references.append(i); out.planeOf[i] = i; out.translation[i] = FactoredProjection.written(t)
        }
        // A group is drawn in one space: all of it factored, or none.
        var changed = true
        while changed {
            changed = false
            for members in groups {
                let ls = members.map { specs[$0].layer }
                if ls.contains(where: { out.planeOf[$0] == nil }), ls.contains(where: { out.planeOf[$0] != nil }) {
                    for l in ls { out.planeOf[l] = nil }
                    changed = true
                }
            }
        }
        return out
    }

    /// One interval's A per plane: the drawn (keyed, written) A at each grid time, its exact
    /// inverse, and its x-scale keys. nil when A is not invertible at a grid time.
    func factorInterval(
        _ factors: PlaneFactors, _ grid: ProjectionGrid, _ times: [Double], left: SceneState, first: Bool, tolerance: Double
    ) -> FactoredInterval? {
        var drawn: [Int: [PlaneProjection]] = [:], inverse: [Int: [PlaneProjection]] = [:], keys: [Int: [Keyframe<Double>]] = [:]
        let everywhere = Rect(-1e9, -1e9, 2e9, 2e9)
        for (r, t) in factors.translation.sorted(by: { $0.key < $1.key }) where factors.planeOf[r] == r {
            var sx: [Double] = [], back: [PlaneProjection] = []
            for k in 0..<grid.count {
                guard let a = Self.affine(grid.projection(k, r), grid.layerState(k, r)), let b = a.inverse else { return nil }
                sx.append(a.h[0]); back.append(b)
            }
            // A's tolerance in sx: the rest of the budget over the residual's widest x.
            let members = specs.indices.filter { factors.planeOf[specs[$0].layer] == r }
            var width = 1.0
            for k in 0..<grid.count {
                let s = sample(members, box: everywhere, state: { grid.layerState(k, $0) }, projection: { grid.projection(k, $0).concatenating(back[k]) })
                for p in s.paths { for q in p.allPoints { width = max(width, abs(q.x)) } }
            }
            let limit = tolerance / width
            let fitted = EasingFit.spans(count: sx.count - 1) { i, j in
                let a = FactoredProjection.written(sx[i]), b = FactoredProjection.written(sx[j])
                var exact = KeyframeEasing.linear
                if j - i > 1, abs(b - a) > 1e-12 {
                    let ks = Array(i + 1..<j)
                    let c = EasingFit.curve(u: ks.map { (times[$0] - times[i]) / (times[j] - times[i]) }, q: ks.map { (sx[$0] - a) / (b - a) })
                    if !c.isLinear { exact = .bezier(c) }
                }
                return EasingFit.writtenCandidates(exact).first { e in
                    (i + 1..<j).allSatisfy { k in abs(a + (b - a) * e.progress(at: (times[k] - times[i]) / (times[j] - times[i])) - sx[k]) <= limit }
                }
            }
            let spans = sx.count > 1 ? fitted : [(start: 0, easing: KeyframeEasing.linear)]
            var d = [Double](repeating: 0, count: grid.count)
            for (n, span) in spans.enumerated() {
                let j = n + 1 < spans.count ? spans[n + 1].start : grid.count - 1
                let a = FactoredProjection.written(sx[span.start]), b = FactoredProjection.written(sx[j])
                for k in span.start...j {
                    d[k] = j == span.start ? a : a + (b - a) * span.easing.progress(at: (times[k] - times[span.start]) / (times[j] - times[span.start]))
                }
            }
            if !first, let l = Self.affine(projection(left, r, host: hosts[r]!), left.layers[r]),
                FactoredProjection.written(l.h[0]) != FactoredProjection.written(sx[0])
            {
                keys[r, default: []].append(Keyframe(time: times[0], value: FactoredProjection.written(l.h[0]), easing: .hold))
            }
            keys[r, default: []] += spans.map { Keyframe(time: times[$0.start], value: FactoredProjection.written(sx[$0.start]), easing: $0.easing) }
            drawn[r] = d.map { PlaneProjection([$0, 0, 0, 0, 1, 0, t.x, t.y, 1]) }
            inverse[r] = back
        }
        return FactoredInterval(drawn: drawn, inverse: inverse, keys: keys)
    }
}
