import JSONText
import Keyframes
import Motion
import Simulation
// Layers under a 3D transform (KeyframedTransition.projected) in Lottie: no `ddd`, no camera,
// no skew (rlottie ignores it; docs/lottie.md#writer-rules, rules 5 and 1). The layer's `ks` is the identity
// (parented down to its host, whose local space is the host's bounds space) and every shape is
// an `sh` path whose vertices and tangents are keyframed from the projection. Clips and masks
// are masks with projected paths (`hasMask`, `x: 0`; a hole is rect "a" + circle "s").
import TransitionModel

extension LottieDocument {
    /// Projected paths keep 0.1 px, the grid their keys are fitted on (ProjectionFitter.grid), as the SVG does.
    static let projectedDecimals = 1

    /// How projected paint is written: in px with `projectedDecimals`, or (a plane's layers) as
    /// whole tenths of a px under a group scaled 10 %: the same rounded values, without the
    /// decimal point (BENCHMARKS.md#the-planes-lottie-paint-in-integer-tenths).
    enum ProjectedUnit {
        case pixels, tenths
        var factor: Double { self == .tenths ? 10 : 1 }
        var decimals: Int { self == .tenths ? 0 : LottieDocument.projectedDecimals }
        /// Scaled in place (a value its caller gives up is not copied).
        func scaled(_ v: consuming LVec) -> LVec {
            guard self == .tenths else { return v }
            var v = v
            for k in v.c.indices { v.c[k] *= factor }
            return v
        }
    }

    func projectedPath(_ track: KeyframeTrack<BezierPath>, unit: ProjectedUnit = .pixels) -> JSONValue {
        LJ.obj([("ty", LJ.str("sh")), ("ks", props.property(track.map { unit.scaled($0.lottie) }, decimals: unit.decimals, kind: .path))])
    }

    /// A projected path that a fill paints: started at a vertex whose incoming segment is straight
    /// in every key as written, so the path can be left open (`LottieValueKind.filledPath`).
    func projectedFilledPath(_ track: KeyframeTrack<BezierPath>, unit: ProjectedUnit = .pixels) -> JSONValue {
        var (data, stable) = LottieTracks.roundedOnce(track.map { unit.scaled($0.lottie) }, decimals: unit.decimals)
        let repeated = Self.repeatedVertices(data.keyframes.map(\.value))  // once, not once a key
        data = data.map { Self.merged($0, repeated) }
        guard let start = Self.straightClosingStart(data.keyframes.map(\.value)) else { return projectedPath(track, unit: unit) }
        Self.rotate(&data, toStartAt: start)
        // Merged and rotated keys are rounded keys moved about: not rounded a second time when
        // that would give the same bits (`stable`), only simplified again.
        return LJ.obj([
            ("ty", LJ.str("sh")), ("ks", props.property(data, decimals: unit.decimals, kind: .filledPath, roundedAlready: stable)),
        ])
    }

    /// The first vertex r whose segment from vertex r − 1 (cyclically) is a straight line in every
    /// key: the out-tangent of r − 1 and the in-tangent of r are zero. LVec path layout: vertices,
    /// in-tangents, out-tangents, (x, y) each.
    static func straightClosingStart(_ keys: [LVec]) -> Int? {
        guard let n = keys.first.map({ $0.c.count / 6 }), n > 1 else { return nil }
        func straight(_ v: LVec, _ r: Int) -> Bool {
            let before = (r + n - 1) % n
            return v.c[2 * n + 2 * r] == 0 && v.c[2 * n + 2 * r + 1] == 0 && v.c[4 * n + 2 * before] == 0 && v.c[4 * n + 2 * before + 1] == 0
        }
        return (0..<n).first { r in keys.allSatisfy { straight($0, r) } }
    }

    /// Vertices r + 1 (cyclically) that repeat vertex r over a straight segment in every key as
    /// written (r's out-tangent and r + 1's in-tangent zero): a capsule's zero-length sides
    /// (a rounded rect whose radius is half its height). A fill draws nothing along them, so
    /// they can go (`merged`): 2 of a capsule's 8 vertices, 18 KB of stories-cube.json
    /// (BENCHMARKS.md#the-cubes-lottie-keys-per-layer-2026-12-03).
    static func repeatedVertices(_ keys: [LVec]) -> Set<Int> {
        guard let n = keys.first.map({ $0.c.count / 6 }), n > 2 else { return [] }
        func repeats(_ v: LVec, _ r: Int) -> Bool {
            let next = (r + 1) % n
            return v.c[2 * r] == v.c[2 * next] && v.c[2 * r + 1] == v.c[2 * next + 1] && v.c[4 * n + 2 * r] == 0 && v.c[4 * n + 2 * r + 1] == 0
                && v.c[2 * n + 2 * next] == 0 && v.c[2 * n + 2 * next + 1] == 0
        }
        var out = Set((0..<n).filter { r in keys.allSatisfy { repeats($0, r) } }.map { ($0 + 1) % n })
        if out.count > n - 2 { out = [] }
        return out
    }

    /// The path without vertices `drop`: each dropped vertex's out-tangent goes to the vertex
    /// kept before it (the same point), which keeps its own in-tangent.
    static func merged(_ v: LVec, _ drop: Set<Int>) -> LVec {
        guard !drop.isEmpty else { return v }
        let n = v.c.count / 6
        var kept: [(v: Int, i: Int, o: Int)] = []
        for r in 0..<n where !drop.contains(r) {
            var last = r
            while drop.contains((last + 1) % n) { last = (last + 1) % n }
            kept.append((r, r, last))
        }
        var c: [Double] = []
        c.reserveCapacity(kept.count * 6)
        for part in 0..<3 {
            for k in kept {
                let m = part == 0 ? k.v : part == 1 ? k.i : k.o
                c.append(v.c[part * 2 * n + 2 * m])  // two appends: a pair array per point was an allocation
                c.append(v.c[part * 2 * n + 2 * m + 1])
            }
        }
        return LVec(c)
    }

    /// Every key's path `rotated` in place: each part's (x, y) pairs turned by three reversals
    /// in its own buffer (a new array per key was made, filled and the old one freed).
    static func rotate(_ track: inout KeyframeTrack<LVec>, toStartAt start: Int) {
        guard start > 0 else { return }
        func reverse(_ c: UnsafeMutableBufferPointer<Double>, _ lower: Int, _ upper: Int) {
            var (i, j) = (lower, upper - 1)
            while i < j {
                c.swapAt(i, j)
                i += 1
                j -= 1
            }
        }
        for k in track.keyframes.indices {
            track.keyframes[k].value.c.withUnsafeMutableBufferPointer { c in
                let n = c.count / 6
                guard n > 0, start % n > 0 else { return }
                let s = start % n
                for part in 0..<3 {
                    let (lower, upper) = (part * 2 * n, (part + 1) * 2 * n)
                    reverse(c, lower, lower + 2 * s)
                    reverse(c, lower + 2 * s, upper)
                    reverse(c, lower, upper)
                }
            }
        }
    }

    /// The same closed path with vertex `start` first (each part rotated alike).
    static func rotated(_ v: LVec, toStartAt start: Int) -> LVec {
        let n = v.c.count / 6
        guard start > 0 else { return v }
        var c: [Double] = []
        c.reserveCapacity(v.c.count)
        for part in 0..<3 {
            for k in 0..<n {
                let m = part * 2 * n + 2 * ((k + start) % n)
                c.append(v.c[m])
                c.append(v.c[m + 1])
            }
        }
        return LVec(c)
    }

    /// Identity placement (a factored plane's top layer: A, LottieFactoredPlanes.swift); opacity ×
    /// the ancestors' (parenting does not pass it on).
    func projectedTransform(_ i: Int) -> JSONValue {
        if let plane = writtenPlane(i) { return planeTransform(i, plane) }
        return transformJSON(opacity: props.opacity(combinedOpacity(i)), layer: true)
    }

    /// Shape items of projected layer i. A moving plane's layer (the cube's faces, drawn in R's
    /// space) writes them in integer tenths inside one group scaled 10 % (`tenths`, 80 B a layer,
    /// ~3 B a path number). Not the flips' fixed planes: there lottie-web drew them further from
    /// Chromium (worst frame 0.70 -> 1.24, rlottie and ThorVG unchanged), not understood yet.
    func projectedContent(_ i: Int) -> [JSONValue] {
        guard transition.projected[i]?.plane?.translation.isAnimated == true else { return projectedItems(i) }
        let items = projectedItems(i, unit: .tenths)
        guard !items.isEmpty else { return [] }
        let percent = 100 / ProjectedUnit.tenths.factor
        return [group(items, name: "tenths", transform: transformJSON(scale: LJ.staticArr([percent, percent], 0)))]
    }

    /// Shape items of projected layer i, top first: its static sublayers (not Lottie layers),
    /// then its own paint; all in the host's space (× `unit.factor`).
    func projectedItems(_ i: Int, unit: ProjectedUnit = .pixels) -> [JSONValue] {
        guard let p = transition.projected[i] else { return [] }
        let statics = simulation.layers[i].children.filter { !isLottieLayer[$0] }.reversed().compactMap { c -> JSONValue? in
            let k = transition.layers[c]
            guard k.visible.initialValue else { return nil }
            let items = projectedItems(c, unit: unit)
            guard !items.isEmpty else { return nil }
            return group(items, name: names[c], transform: transformJSON(opacity: LJ.staticNum(k.opacity.initialValue * 100, LottieDecimals.opacity)))
        }
        // SVG art's shapes from the first that needs compositing of its own are parts (LottieArtParts.swift).
        return statics + p.paint[..<ownPaintCount(i)].reversed().map { projectedPaintGroup($0, unit: unit) }
    }

    func projectedPaintGroup(_ paint: ProjectedPaint, unit: ProjectedUnit = .pixels) -> JSONValue {
        let fill: JSONValue
        switch paint.fill {
        case .solid(let c):
            fill = solidFill(c, evenOdd: paint.evenOdd)
        case .linearGradient:
            let axis = paint.gradient!
            let colors = paint.gradientColors
            let withAlpha = colors.contains { $0.alpha < 1 }
            let data = axis.map { a -> LVec in
                var c: [Double] = []
                for (n, color) in colors.enumerated() {
                    c += [a.offsets[n]] + [color.red, color.green, color.blue].map { min(max($0, 0), 1) }
                }
                if withAlpha { for (n, color) in colors.enumerated() { c += [a.offsets[n], min(max(color.alpha, 0), 1)] } }
                return LVec(c)
            }
            fill = LJ.obj([
                ("ty", LJ.str("gf")), ("o", LJ.staticNum(100, 0)), ("r", LJ.int(paint.evenOdd ? 2 : 1)),
                ("s", props.property(axis.map { unit.scaled(LVec([$0.start.x, $0.start.y])) }, decimals: unit.decimals, kind: .vector)),
                ("e", props.property(axis.map { unit.scaled(LVec([$0.end.x, $0.end.y])) }, decimals: unit.decimals, kind: .vector)),
                ("t", LJ.int(1)),
                ("g", LJ.obj([("p", LJ.int(colors.count)), ("k", props.property(data, decimals: LottieDecimals.color, kind: .vector))])),
            ])
        }
        // The subpaths as `sh` items of one group: its fill draws them as one path.
        let count = paint.shape.initialValue.subpaths.count
        let paths = (0..<count).map { n in projectedFilledPath(paint.shape.map { $0.subpaths[n] }, unit: unit) }
        return group(paths + [fill], name: "fill")
    }

    /// Masks of projected layer i: its bounds outline when it clips, then its mask (moved by
    /// `offset`, whole units, for a precomp's frame).
    func projectedMasks(_ i: Int, offset: Affine2D = .identity) -> [JSONValue] {
        guard let p = transition.projected[i] else { return [] }
        var out: [JSONValue] = []
        if let clip = p.clip {
            let path = offset == .identity ? clip.map(\.lottie) : clip.map { ClipPath.transformed($0.lottie, by: offset) }
            out.append(mask(path, mode: "a", name: "clip"))
        }
        if let m = p.mask {
            out += cuttingMasks(
                m, shape: simulation.layers[i].definition.mask!.shape, first: out.isEmpty, decimals: Self.projectedDecimals, offset: offset)
        }
        return out
    }

    /// A layer's mask as Lottie masks after `first` (nothing before: add) or after a clip
    /// (intersect): a hole is its rect, then its circle subtracted (not `inv`, docs/lottie.md#masks).
    func cuttingMasks(
        _ m: KeyframeTrack<MultiPath>, shape: LayerMask.Shape, first: Bool, decimals: Int, offset: Affine2D = .identity
    ) -> [JSONValue] {
        func path(_ n: Int) -> KeyframeTrack<LVec> {
            offset == .identity ? m.map { $0.subpaths[n].lottie } : m.map { ClipPath.transformed($0.subpaths[n].lottie, by: offset) }
        }
        switch shape {
        case .rect, .circle:
            return [mask(path(0), mode: first ? "a" : "i", name: "mask", decimals: decimals)]
        case .hole:
            return [
                mask(path(0), mode: first ? "a" : "i", name: "mask", decimals: decimals),
                mask(path(1), mode: "s", name: "mask-hole", decimals: decimals),
            ]
        }
    }
}
