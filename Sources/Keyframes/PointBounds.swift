import Motion
// A box of points made in one pass, for the hot callers that made an array of the points, two
// of their x and y, and four min()/max() passes per call (ProjectionSampler.meets, box).
import TransitionModel

/// The bounds of the points added, each kept as Array.min() and max() keep it: a value replaces
/// the bound only when strictly beyond it (the first of equal values stays, as does a NaN first).
struct PointBounds {
    private(set) var isEmpty = true
    private(set) var minX = 0.0, maxX = 0.0, minY = 0.0, maxY = 0.0

    @inline(__always)
    mutating func add(_ p: Point) {
        if isEmpty { minX = p.x; maxX = p.x; minY = p.y; maxY = p.y; isEmpty = false; return }
        if p.x < minX { minX = p.x }
        if maxX < p.x { maxX = p.x }
        if p.y < minY { minY = p.y }
        if maxY < p.y { maxY = p.y }
    }

    /// A path's points in `allPoints`' order (vertices, out controls, in controls).
    @inline(__always)
    mutating func add(_ path: BezierPath) {
        for p in path.vertices { add(p) }
        for p in path.outControls { add(p) }
        for p in path.inControls { add(p) }
    }
}
