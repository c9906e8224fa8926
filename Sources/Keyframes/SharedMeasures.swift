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
    private var points = LastMade<UInt64, ErrorMeasure<Point>>()
    /// `k·|d|` in px for a length number.
    private var lengths = LastMade<UInt64, ErrorMeasure<Double>>()
    private var maskFrames = LastMade<UInt64, ErrorMeasure<Rect>>()
    private var scales = LastMade<SIMD3<UInt64>, ErrorMeasure<Point>>()
    private var sizes = LastMade<SIMD3<UInt64>, ErrorMeasure<Size>>()
    /// A layer's number measures, by the length's scale: one array for the layers alike (each
    /// allocated one and retained every measure into it).
    private var numberMeasures = LastMade<UInt64, NumberTracks<ErrorMeasure<Double>>>()
    let rotation: ErrorMeasure<Double>
    let fraction: ErrorMeasure<Double>

    init(tolerance: FitTolerance) {
        self.tolerance = tolerance
        rotation = ErrorMeasure(tolerance: tolerance.rotationDegrees, unit: .degrees) { abs($0) * 180 / .pi }
        fraction = ErrorMeasure(tolerance: tolerance.opacity, unit: .opacity) { abs($0) }
    }

    mutating func point(scaledBy k: Double) -> ErrorMeasure<Point> {
        points.value(for: k.bitPattern) { [px = tolerance.screen] in
            ErrorMeasure(tolerance: px, unit: .px) { k * ($0.x * $0.x + $0.y * $0.y).squareRoot() }
        }
    }

    mutating func length(scaledBy k: Double) -> ErrorMeasure<Double> {
        lengths.value(for: k.bitPattern) { [px = tolerance.screen] in ErrorMeasure(tolerance: px, unit: .px) { k * abs($0) } }
    }

    /// `numberProperties`' measures: a fraction's within the opacity tolerance, a length's
    /// `length(scaledBy: k)`.
    mutating func numbers(scaledBy k: Double) -> NumberTracks<ErrorMeasure<Double>> {
        if let made = numberMeasures.last(for: k.bitPattern) { return made }
        let length = length(scaledBy: k), fraction = fraction
        return numberMeasures.value(for: k.bitPattern) {
            NumberTracks(Self.numberProperties) { p in
                switch p.numberUnit {
                case .fraction?: return fraction
                case .length?, nil: return length
                }
            }
        }
    }

    /// The number properties a layer's measures cover: its own, then its mask's.
    static let numberProperties = LayerProperty.animatedLayerNumbers + LayerProperty.animatedMaskNumbers

    mutating func maskFrame(scaledBy k: Double) -> ErrorMeasure<Rect> {
        maskFrames.value(for: k.bitPattern) { [px = tolerance.screen] in
            ErrorMeasure(tolerance: px, unit: .px) { d in
                let ox = d.origin.x, oy = d.origin.y, w = d.size.width, h = d.size.height
                // Corners move by (ox, oy), (ox + w, oy), (ox + w, oy + h), (ox, oy + h).
                let sum = 2 * (ox * ox + (ox + w) * (ox + w) + oy * oy + (oy + h) * (oy + h))
                return k * sum.squareRoot()
            }
        }
    }

    /// The bounds corner farthest from the anchor, (hx, hy) from it, under the ancestors' scale w.
    mutating func scale(_ w: Double, _ hx: Double, _ hy: Double) -> ErrorMeasure<Point> {
        scales.value(for: SIMD3(w.bitPattern, hx.bitPattern, hy.bitPattern)) { [px = tolerance.screen] in
            ErrorMeasure(tolerance: px, unit: .px) { d in w * ((d.x * hx) * (d.x * hx) + (d.y * hy) * (d.y * hy)).squareRoot() }
        }
    }

    /// The bounds edge farthest from the anchor (its offsets ax, ay), under the layer's own scale.
    mutating func size(_ own: Double, _ ax: Double, _ ay: Double) -> ErrorMeasure<Size> {
        sizes.value(for: SIMD3(own.bitPattern, ax.bitPattern, ay.bitPattern)) { [px = tolerance.screen] in
            ErrorMeasure(tolerance: px, unit: .px) { d in
                own * ((d.width * ax) * (d.width * ax) + (d.height * ay) * (d.height * ay)).squareRoot()
            }
        }
    }
}

/// The last value made and the key (the bits of the numbers it captures) it was made for: made
/// again only when the key changes.
struct LastMade<Key: Equatable, Value> {
    private var last: (key: Key, value: Value)?

    /// The last value, when it was made for `key`.
    func last(for key: Key) -> Value? {
        guard let last, last.key == key else { return nil }
        return last.value
    }

    mutating func value(for key: Key, _ make: () -> Value) -> Value {
        if let last, last.key == key { return last.value }
        let made = make()
        last = (key, made)
        return made
    }
}
