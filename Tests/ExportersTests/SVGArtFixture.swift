import Foundation
import Keyframes
import Motion
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
}
