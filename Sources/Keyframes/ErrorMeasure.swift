// How far a keyframed value may stray from the exact one, in the output's units after every
// transform: screen pixels for anything that moves or resizes, opacity units, degrees.
import FoundationEssentials
import Glibc
import Motion
import Simulation
import TransitionModel

package enum ErrorUnit: String, Hashable, Sendable {
    /// Pixels on the canvas (the exported files draw the canvas at 1 px per point).
    case px
    /// Opacity from 0 to 1.
    case opacity
    case degrees
    /// The value's own units (a measure that knows nothing about the output).
    case value

    /// How a report writes the unit after a number: "°", " px", or nothing.
    package var suffix: String {
        switch self {
        case .degrees: return "°"
        case .px: return " px"
        case .opacity, .value: return ""
        }
    }
}

/// Turns a difference of two values into an error in output units, with the largest error allowed.
package struct ErrorMeasure<Value>: Sendable {
    package var tolerance: Double
    package var unit: ErrorUnit
    /// A Euclidean norm of a value difference in `unit` (the fitter projects through it, so it
    /// should come from an inner product: weighted components, squared and summed).
    package var norm: @Sendable (Value) -> Double

    package init(tolerance: Double, unit: ErrorUnit, norm: @escaping @Sendable (Value) -> Double) {
        self.tolerance = tolerance; self.unit = unit; self.norm = norm
    }

    /// `norm(a − b)`.
    package func error(_ a: Value, _ b: Value) -> Double where Value: AnimatableValue { norm(a - b) }
}

extension ErrorMeasure where Value: AnimatableValue {
    /// The largest component of the difference, in the value's units (for values with no output
    /// geometry). It relies on `AnimatableValue.distance(to:)`, which knows Double, Point, Size,
    /// Rect and LayerTransform (0 for anything else): give other values (paths) their own measure.
    package static func magnitude(tolerance: Double) -> ErrorMeasure {
        ErrorMeasure(tolerance: tolerance, unit: .value, norm: { $0.distance(to: $0 - $0) })
    }
}

/// The tolerances asked of every exported track.
package struct FitTolerance: Hashable, Sendable {
    /// Pixels on screen, for anything that moves or resizes.
    package var screen: Double
    package var opacity: Double
    package var rotationDegrees: Double

    package init(screen: Double = 0.25, opacity: Double = 0.002, rotationDegrees: Double = 0.1) {
        self.screen = screen; self.opacity = opacity; self.rotationDegrees = rotationDegrees
    }

    /// 0.25 px on screen, 0.002 opacity, 0.1°.
    package static let standard = FitTolerance()

    /// `--tolerance PX`: every tolerance scaled by PX / 0.25.
    package static func screen(_ px: Double) -> FitTolerance {
        let k = px / standard.screen
        return FitTolerance(screen: px, opacity: standard.opacity * k, rotationDegrees: standard.rotationDegrees * k)
    }
}

/// Error measures for every animatable property of one layer. Lengths are converted to screen
/// pixels with the largest scale the layer's ancestors (for position, translation, scale) or the
/// layer itself (for size and corner radius) reach over the timeline; a scale error is the
/// displacement of the bounds corner farthest from the anchor; a size error the displacement of
/// the bounds edge farthest from it.
package struct LayerMeasures: Sendable {
    package var position: ErrorMeasure<Point>
    package var translation: ErrorMeasure<Point>
    package var scale: ErrorMeasure<Point>
    package var rotation: ErrorMeasure<Double>
    package var size: ErrorMeasure<Size>
    /// `LayerProperty.animatedLayerNumbers` then `animatedMaskNumbers`, by their `numberUnit`: a
    /// fraction within the opacity tolerance, a length in the layer's bounds space on screen.
    package var numbers: NumberTracks<ErrorMeasure<Double>>
    /// The mask's rect (bounds space): the root of the summed squared displacements of its 4
    /// corners (an inner-product norm at most 2× the largest corner's).
    package var maskFrame: ErrorMeasure<Rect>
    /// The mask's centre (bounds space).
    package var maskPoint: ErrorMeasure<Point>

    /// One per layer of the simulation, indexed like `simulation.layers`.
    /// - Parameter exact: the simulation's exact tracks (`ExactLayerTracks.all`), when made: the
    ///   transform's and size's values are read through them (their memos), at the times the fits
    ///   read them again on their grids (the same closure at the same time: the same bits).
    package static func all(_ simulation: Simulation, tolerance: FitTolerance, exact: [ExactLayerTracks]? = nil) -> [LayerMeasures] {
        let end = simulation.timeline.duration
        precondition(exact.map { $0.count == simulation.layers.count } ?? true, "one exact layer per simulated layer")
        // Each layer's fields read in place: `for l in layers` and `layers.map { l in … }` copied
        // every layer, all its tracks retained and released (BENCHMARKS.md#fit35-tracks-read-without-copies-same-bytes-2026-12-05).
        return simulation.layers.withUnsafeBufferPointer { layers in
            var maxScale = [Double](repeating: 1, count: layers.count)
            var parentScale = [Double](repeating: 1, count: layers.count)
            for i in layers.indices {  // parents come first
                let index = layers[i].index
                // A still transform's largest scale is its initial one (`largest` of a track
                // without events), read in place: passing the track copied it (retained its arrays).
                if layers[i].transform.events.isEmpty {
                    maxScale[index] = Self.largestScale(layers[i].transform.initial)
                } else if let exact {
                    // The scale component's values are the transform's scale: largestScale of each.
                    maxScale[index] =
                        largest(
                            layers[i].transform, until: end, kept: exact[i].scale, component: { $0.scale }, { max(abs($0.x), abs($0.y)) },
                            { _ in 0 }
                        ).0
                } else {
                    maxScale[index] = largest(layers[i].transform, until: end, Self.largestScale)
                }
                if let p = layers[i].parent { parentScale[index] = parentScale[p] * maxScale[p] }
            }
            // Each norm made once for the numbers it captures, the numbers' measures once per length scale (SharedMeasures).
            var shared = SharedMeasures(tolerance: tolerance)
            var out: [LayerMeasures] = []
            out.reserveCapacity(layers.count)
            for i in layers.indices {
                let index = layers[i].index
                let w = parentScale[index], own = w * maxScale[index]
                // The largest offset of the anchor from an edge, as `anchors.map { … }.max()!` took it.
                func offset(_ p: Point) -> (Double, Double) { (max(abs(p.x), abs(1 - p.x)), max(abs(p.y), abs(1 - p.y))) }
                var (ax, ay) = offset(layers[i].anchorPoint.initial)
                for c in layers[i].anchorPoint.changes {
                    let (x, y) = offset(c.value)
                    if ax < x { ax = x }
                    if ay < y { ay = y }
                }
                let (width, height) =
                    layers[i].size.events.isEmpty
                    ? (abs(layers[i].size.initial.width), abs(layers[i].size.initial.height))
                    : exact.map { largest(layers[i].size, until: end, kept: $0[i].size, component: { $0 }, { abs($0.width) }, { abs($0.height) }) }
                        ?? largest(layers[i].size, until: end, { abs($0.width) }, { abs($0.height) })
                let hx = ax * width, hy = ay * height
                let position = shared.point(scaledBy: w)
                out.append(
                    LayerMeasures(
                        position: position, translation: position, scale: shared.scale(w, hx, hy), rotation: shared.rotation,
                        size: shared.size(own, ax, ay), numbers: shared.numbers(scaledBy: own),
                        maskFrame: shared.maskFrame(scaledBy: own), maskPoint: shared.point(scaledBy: own)))
            }
            return out
        }
    }

    /// The larger of a transform's two scale factors (their magnitudes).
    static func largestScale(_ t: LayerTransform) -> Double { max(abs(t.scale.x), abs(t.scale.y)) }

    /// `largest` of two functions of one track, read once: each the same maxima, in the same order.
    static func largest<V>(
        _ track: PropertyTrack<V>, until end: Double, _ f: (V) -> Double, _ g: (V) -> Double
    ) -> (Double, Double) {
        var m = f(track.initial), n = g(track.initial)
        guard !track.events.isEmpty else { return (m, n) }
        let exact = ExactTrack(track, until: end)
        for (k, piece) in exact.pieces.enumerated() {
            let a = exact.breakpoints[k], b = exact.breakpoints[k + 1]
            let va = exact.value(a), vb = exact.leftValue(at: b)
            m = max(m, f(va), f(vb))
            n = max(n, g(va), g(vb))
            guard piece != .still else { continue }
            let count = max(2, Int(((b - a) * 240).rounded(.up)))
            for s in 1..<count {
                let v = exact.value(a + (b - a) * Double(s) / Double(count))
                m = max(m, f(v))
                n = max(n, g(v))
            }
        }
        let last = exact.value(exact.end)
        return (max(m, f(last)), max(n, g(last)))
    }

    /// `largest(track, until: end, { f(component($0)) }, { g(component($0)) })`, the values read
    /// through `kept` (the track's exact values or a component of them, with its memo) where the
    /// fits read them again: at every breakpoint, and on moving pieces whose 240 Hz samples are
    /// CurveFitter's grid (`CurveFitter.grid`: at least 16 steps, the same time arithmetic).
    /// Elsewhere (a Bézier piece a player plays, a short piece) they are computed apart, as
    /// before, so that the memos keep only values the fits read.
    static func largest<V, R>(
        _ track: PropertyTrack<V>, until end: Double, kept: ExactTrack<R>, component: (V) -> R, _ f: (R) -> Double,
        _ g: (R) -> Double
    ) -> (Double, Double) {
        let first = component(track.initial)
        var m = f(first), n = g(first)
        guard !track.events.isEmpty else { return (m, n) }
        let (breakpoints, pieces) = ExactTrack<V>.segments(track, until: end, component: { $0 })
        for (k, piece) in pieces.enumerated() {
            let a = breakpoints[k], b = breakpoints[k + 1]
            let va = kept.value(a), vb = kept.leftValue(at: b)
            m = max(m, f(va), f(vb))
            n = max(n, g(va), g(vb))
            guard piece != .still else { continue }
            let count = max(2, Int(((b - a) * 240).rounded(.up)))
            let onGrid = piece == .moving && count >= 16
            for s in 1..<count {
                let t = a + (b - a) * Double(s) / Double(count)
                let v = onGrid ? kept.value(t) : component(V.presented(by: track, at: t))
                m = max(m, f(v))
                n = max(n, g(v))
            }
        }
        let last = kept.value(breakpoints[breakpoints.count - 1])
        return (max(m, f(last)), max(n, g(last)))
    }

    /// The largest `f` over the track: at every breakpoint (both sides) and at 240 Hz where it moves.
    static func largest<V>(_ track: PropertyTrack<V>, until end: Double, _ f: (V) -> Double) -> Double {
        largest(track, until: end, f, { _ in 0 }).0
    }
}
