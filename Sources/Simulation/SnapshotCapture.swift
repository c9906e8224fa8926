import Motion
// What a snapshot view shows. UIKit's snapshotView(afterScreenUpdates:) captures the source
// view's bounds and nothing outside them, whether or not the source clips its sublayers: art
// that reaches past the source's edges (a photo's hills, a shadow shape) is cut at the bounds.
// When the source clips to bounds, the cut is its rounded bounds (TransitionModel/RoundedBounds.swift).
// A picture laid out by contentMode (scaleAspectFill, center, ...) may reach past its own
// layer's bounds: that counts as painted art too, the source's own picture included.
import TransitionModel

package struct SnapshotCapture: Hashable, Sendable {
    /// The captured layer (its definition-state art, stretched to the snapshot's bounds).
    package let source: Int
    /// The cut's corner radius in the source's bounds space: the source's own when it clips to
    /// bounds, else 0 (a plain rectangle).
    package let cutRadius: Double
    /// Whether the cut removes anything: some painted part of the art reaches outside the cut.
    /// Exporters write a clip only then (a Lottie matte or mask costs players accuracy).
    package let cuts: Bool
}

extension Simulation {
    /// For snapshot layer i: what it captures; nil for any other layer.
    package func capture(of i: Int) -> SnapshotCapture? {
        // Read in place: `layers[i].snapshotSource` copied layer i (every track) and
        // `layers[source].definition` the source's definition.
        let source = layers.withUnsafeBufferPointer { $0[i].snapshotSource }
        guard let source else { return nil }
        let radius = layers.withUnsafeBufferPointer { l in
            let d = l.baseAddress! + source
            return d.pointee.definition.clipsToBounds
                ? max(0, min(d.pointee.definition.numbers.boundsRadius, d.pointee.definition.size.width / 2, d.pointee.definition.size.height / 2))
                : 0
        }
        return SnapshotCapture(source: source, cutRadius: radius, cuts: artReachesOutside(source, cutRadius: radius))
    }

    /// Whether a painted descendant of layer `source`, in its definition state, has a bounds
    /// corner outside the source's bounds rounded by `cutRadius` (conservative for ellipses),
    /// or a picture (the source's own included) has a corner of its contentMode frame outside.
    func artReachesOutside(_ source: Int, cutRadius r: Double) -> Bool {
        // The layers read in place: each `layers[j].definition` copied the definition.
        layers.withUnsafeBufferPointer { layers in
            let size = layers[source].definition.size
            func inside(_ p: Point) -> Bool {
                let eps = 1e-6
                guard p.x >= -eps, p.y >= -eps, p.x <= size.width + eps, p.y <= size.height + eps else { return false }
                guard r > 0 else { return true }
                let cx = min(max(p.x, r), size.width - r), cy = min(max(p.y, r), size.height - r)
                return ((p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy)).squareRoot() <= r + eps
            }
            func outside(_ r: Rect, _ toSource: Transform3D) -> Bool {
                let x0 = r.origin.x, y0 = r.origin.y, x1 = x0 + r.size.width, y1 = y0 + r.size.height
                return [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)].contains { !inside(toSource.apply(to: $0)) }
            }
            // The source's own picture: the cut is its bounds, whether or not the source clips.
            if case .artwork(let art) = layers[source].definition.kind, outside(art.frame(in: size), .identity) { return true }
            func reaches(_ j: Int, _ toSource: Transform3D) -> Bool {
                let l = layers.baseAddress! + j
                guard !l.pointee.definition.hidden else { return false }
                let out = outside(Rect(0, 0, l.pointee.definition.size.width, l.pointee.definition.size.height), toSource)
                if l.pointee.definition.fill != nil, out { return true }
                // A picture reaches as far as its contentMode frame, or its bounds when its layer clips.
                if case .artwork(let art) = l.pointee.definition.kind,
                    l.pointee.definition.clipsToBounds ? out : outside(art.frame(in: l.pointee.definition.size), toSource)
                {
                    return true
                }
                // A descendant that clips to its bounds keeps its sublayers within them.
                if l.pointee.definition.clipsToBounds { return out && !l.pointee.children.isEmpty }
                return l.pointee.children.contains { c in reaches(c, Self.definitionMatrix(layers[c].definition).concatenating(toSource)) }
            }
            return layers[source].children.contains { c in reaches(c, Self.definitionMatrix(layers[c].definition)) }
        }
    }

    /// A layer's definition-state bounds → superlayer map.
    static func definitionMatrix(_ d: LayerDefinition) -> Transform3D {
        LayerState(initialOf: d).geometry.toSuperlayer.flatteningZ
    }
}
