// The error measures `LayerMeasures.all` gives its layers, each made once for the numbers its
// norm captures (their bits): most layers of a transition have the same ancestors' scale, so
// the same position, translation, length and mask norms. A measure made for every layer was 9
// closures allocated and freed per layer, 7 of them alike
// (BENCHMARKS.md#fit39-the-memos-table-in-raw-slots-still-tracks-and-measures-shared-same-bytes-2026-12-06). A norm shared is
// the same closure of the same numbers: the same errors to the last bit.
import Motion
import Simulation
import TransitionModel

struct SharedMeasures {
    let tolerance: FitTolerance
    /// `k·|d|` in px for a point: position and translation (k the ancestors' scale), the mask's
    /// centre (k the layer's own).
    private var point: (key: UInt64, measure: ErrorMeasure<Point>)?
    /// `k·|d|` in px for a length number.
    private var length: (key: UInt64, measure: ErrorMeasure<Double>)?
    private var maskFrame: (key: UInt64, measure: ErrorMeasure<Rect>)?
    private var scale: (key: (UInt64, UInt64, UInt64), measure: ErrorMeasure<Point>)?
    private var size: (key: (UInt64, UInt64, UInt64), measure: ErrorMeasure<Size>)?
    let rotation: ErrorMeasure<Double>
    let fraction: ErrorMeasure<Double>

    init(tolerance: FitTolerance) {
        self.tolerance = tolerance
        rotation = ErrorMeasure(tolerance: tolerance.rotationDegrees, unit: .degrees) { abs($0) * 180 / .pi }
        fraction = ErrorMeasure(tolerance: tolerance.opacity, unit: .opacity) { abs($0) }
    }

    mutating func point(scaledBy k: Double) -> ErrorMeasure<Point> {
        if let point, point.key == k.bitPattern { return point.measure }
        let made = ErrorMeasure<Point>(tolerance: tolerance.screen, unit: .px) { k * ($0.x * $0.x + $0.y * $0.y).squareRoot() }
        point = (k.bitPattern, made)
        return made
    }

    mutating func length(scaledBy k: Double) -> ErrorMeasure<Double> {
        if let length, length.key == k.bitPattern { return length.measure }
        let made = ErrorMeasure<Double>(tolerance: tolerance.screen, unit: .px) { k * abs($0) }
        length = (k.bitPattern, made)
        return made
    }

    mutating func maskFrame(scaledBy k: Double) -> ErrorMeasure<Rect> {
        if let maskFrame, maskFrame.key == k.bitPattern { return maskFrame.measure }
        let made = ErrorMeasure<Rect>(tolerance: tolerance.screen, unit: .px) { d in
            let ox = d.origin.x, oy = d.origin.y, w = d.size.width, h = d.size.height
            // Corners move by (ox, oy), (ox + w, oy), (ox + w, oy + h), (ox, oy + h).
            let sum = 2 * (ox * ox + (ox + w) * (ox + w) + oy * oy + (oy + h) * (oy + h))
            return k * sum.squareRoot()
        }
        maskFrame = (k.bitPattern, made)
        return made
    }

    /// The bounds corner farthest from the anchor, (hx, hy) from it, under the ancestors' scale w.
    mutating func scale(_ w: Double, _ hx: Double, _ hy: Double) -> ErrorMeasure<Point> {
        let key = (w.bitPattern, hx.bitPattern, hy.bitPattern)
        if let scale, scale.key == key { return scale.measure }
        let made = ErrorMeasure<Point>(tolerance: tolerance.screen, unit: .px) { d in
            w * ((d.x * hx) * (d.x * hx) + (d.y * hy) * (d.y * hy)).squareRoot()
        }
        scale = (key, made)
        return made
    }

    /// The bounds edge farthest from the anchor (its offsets ax, ay), under the layer's own scale.
    mutating func size(_ own: Double, _ ax: Double, _ ay: Double) -> ErrorMeasure<Size> {
        let key = (own.bitPattern, ax.bitPattern, ay.bitPattern)
        if let size, size.key == key { return size.measure }
        let made = ErrorMeasure<Size>(tolerance: tolerance.screen, unit: .px) { d in
            own * ((d.width * ax) * (d.width * ax) + (d.height * ay) * (d.height * ay)).squareRoot()
        }
        size = (key, made)
        return made
    }
}
