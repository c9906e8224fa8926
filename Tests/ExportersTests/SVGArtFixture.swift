import Foundation
import Keyframes
import Motion
import Simulation
import TransitionModel

@testable import Artwork

/// What the projected-artwork tests share: a small SVG art file (20 x 10) read from its body,
/// and a nonzero-fill hit test for the outlines they produce.
protocol SVGArtFixture {}

extension SVGArtFixture {
    /// SVG art 20 x 10 user units wide whose children are `body`.
    func art(_ body: String) throws -> LayerArtwork {
        let doc = try SVGArtReader.read(
            bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\">\n\(body)</svg>".utf8),
            file: "art.svg")
        return LayerArtwork(path: "art.svg", artwork: .vector(doc))
    }

    /// A 20 x 10 card of that art at (10, 10), corner radius 3, clipping a white badge sublayer;
    /// inside a 15 x 15 clipping window when `windowed`.
    func artCard(_ body: String, windowed: Bool) throws -> [LayerDefinition] {
        let badge = LayerDefinition(kind: .rect, frame: Rect(0, 0, 4, 4), fill: .solid(.white))
        let card = LayerDefinition(
            id: "card", kind: .artwork(try art(body)), frame: Rect(10, 10, 20, 10), numbers: [.cornerRadius: 3],
            clipsToBounds: true, children: [badge])
        guard windowed else { return [card] }
        return [LayerDefinition(id: "window", kind: .group, frame: Rect(0, 0, 15, 15), clipsToBounds: true, children: [card])]
    }

    /// Whether p is painted by the subpaths filled nonzero (crossings of a ray to +x, curves flattened finely).
    func painted(_ p: Point, _ subpaths: [BezierPath]) -> Bool {
        var winding = 0
        for path in subpaths {
            let flat = (0..<path.segmentCount).flatMap { k in (0..<16).map { path.point(segment: k, at: Double($0) / 16) } }
            for (n, a) in flat.enumerated() {
                let b = flat[(n + 1) % flat.count]
                guard (a.y <= p.y) != (b.y <= p.y) else { continue }
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > p.x { winding += b.y > a.y ? 1 : -1 }
            }
        }
        return winding != 0
    }

    /// The card alone on a 390 x 844 canvas, turned 60 degrees about y (eye 500 pt) over 0.5 s.
    func turnedAwayHalfASecond(_ card: LayerDefinition) throws -> Simulation {
        let flip = AnimationBlock(
            duration: 0.5, timing: .named(.easeInOut),
            changes: [PropertyChange(layer: "card", .transform(LayerTransform(rotationY: .pi / 3, m34: -1.0 / 500)))])
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white),
            timeline: TimelineSettings(holdBefore: 0, holdBetween: 0, holdAfter: 0),
            layers: [card], phases: [Phase(name: "flip", blocks: [flip])])
        return try Simulation(d)
    }
}
