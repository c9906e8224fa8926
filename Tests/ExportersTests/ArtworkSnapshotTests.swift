import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// A snapshot of a picture laid out past its layer's bounds (scaleAspectFill) shows only the
/// source's bounds, in both formats (douyin-present-screens' dismiss: a 390 x 844 screen filling
/// a 194 x 259 cell; the Lottie drew the whole screen, 41.8/255 off at 1.5 s).
final class ArtworkSnapshotTests: XCTestCase, LottieReading {
    func transition(mode: ContentMode, clips: Bool) throws -> TransitionDefinition {
        let screen = try SVGArtReader.read(
            bytes: Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="390" height="844"><rect width="390" height="844" fill="#f6d365"/></svg>"##.utf8),
            file: "player.svg")
        let cell = LayerDefinition(
            id: "cell", kind: .artwork(LayerArtwork(path: "player.svg", artwork: .vector(screen), contentMode: mode)),
            frame: Rect(196, 349, 194, 259), clipsToBounds: clips)
        let snapshot = LayerDefinition(
            id: "cell-snapshot", kind: .snapshot(of: "cell"), position: Point(195, 422), size: Size(194, 259),
            hidden: true, zPosition: 20)
        let show = AnimationBlock(
            duration: 0.25, timing: .named(.easeInOut),
            before: [PropertyChange(layer: "cell-snapshot", .hidden(false))],
            changes: [PropertyChange(layer: "cell-snapshot", .frame(Rect(196, 349, 194, 259)))])
        return TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white),
            layers: [cell, snapshot], phases: [Phase(name: "dismiss", blocks: [show])])
    }

    func testAnAspectFilledPictureIsCutByItsSnapshot() throws {
        for clips in [true, false] {
            let sim = try Simulation(try transition(mode: .scaleAspectFill, clips: clips))
            let snap = sim.index(ofLayer: "cell-snapshot")!
            // Filled to 194 x 419.9 in a 194 x 259 cell: 80.5 pt above and below are outside.
            XCTAssertEqual(sim.capture(of: snap)?.cuts, true, "clipsToBounds \(clips)")
            let lottie = try LottieWriter().lottie(KeyframedTransition.fitted(sim, for: .lottie))
            let masks = array(layer(named: "cell-snapshot", in: lottie)?["masksProperties"])
            XCTAssertEqual(masks.count, 1, "clipsToBounds \(clips)")
            XCTAssertEqual(masks.first?["nm"], .string("clip-cell"))
            let pt = masks.first?["pt"]
            let shape = pt?["a"] == .number(0) ? pt?["k"] : array(pt?["k"]).first?["s"].map { array($0).first } ?? nil
            XCTAssertEqual(array(shape?["v"]).map(numbers), [[0, 0], [194, 0], [194, 259], [0, 259]])
        }
        // The SVG cuts it once: by the source's own clip, or by the capture's when the source does not clip.
        for clips in [true, false] {
            let svg = try SVGWriter().svg(try ExportFixtures.keyframes(try transition(mode: .scaleAspectFill, clips: clips)))
            let snapshot = try XCTUnwrap(svg.range(of: #"id="cell-snapshot""#))
            XCTAssertEqual(svg[snapshot.upperBound...].components(separatedBy: "<clipPath").count - 1, 1, "clipsToBounds \(clips)")
        }
    }

    func testAFittedPictureNeedsNoCut() throws {
        let sim = try Simulation(try transition(mode: .scaleAspectFit, clips: false))
        XCTAssertEqual(sim.capture(of: sim.index(ofLayer: "cell-snapshot")!)?.cuts, false)
    }
}
