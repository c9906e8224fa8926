import Geometry
import TransitionModel
import XCTest

/// The catalog's art draws no hairline at a scale that puts its edges between pixels.
final class CatalogArtHoleTests: XCTestCase {
    /// A hole mask is its frame and its disc filled even-odd, so the disc's part outside the frame
    /// is in the region too. Where the masked layer's own edge runs along the frame's, a player
    /// multiplies the two edges' coverage at a pixel the edge crosses: a hairline along it (seen
    /// in Chromium at the gallery's phone width, 167 px for 390 pt, along the display corners'
    /// inner edges). An unnamed layer (art: no change can address it, so its mask stays as drawn)
    /// keeps its disc inside the frame, so the region is the frame less the disc.
    func testStaticHolesKeepTheirDiscInsideTheFrame() throws {
        var holes = 0
        for name in ExportFixtures.templateNames {
            for layer in try ExportFixtures.template(name).allLayers where layer.id == nil {
                guard let mask = layer.mask, mask.shape == .hole else { continue }
                holes += 1
                let f = mask.frame, c = mask.center, r = mask.radius
                XCTAssertTrue(
                    c.x - r >= f.minX && c.x + r <= f.maxX && c.y - r >= f.minY && c.y + r <= f.maxY,
                    "\(name): a hole's disc (centre \(c), radius \(r)) leaves its frame \(f)")
            }
        }
        // The display corners: four pieces in each of the 15 templates that show them.
        XCTAssertEqual(holes, 60)
    }
}
