import Exporters
import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

/// A projected plain leaf sublayer with a still opacity over one solid path (the cube's battery
/// at 0.4, BENCHMARKS.md#the-cubes-still-opacities-as-fill-opacity): its fill's alpha, no group.
final class PlaneLeafOpacityTests: XCTestCase {
    /// A 390 x 844 page hinged at its left edge turning to −60° (eye 800 pt) over 0.5 s, with
    /// white bars spread across it and a white badge at opacity 0.4.
    func transition() throws -> (Simulation, KeyframedTransition) {
        let white = Fill.solid(.white)
        let bars = [Rect(20, 100, 40, 10), Rect(180, 300, 40, 10), Rect(330, 600, 40, 10)].map {
            LayerDefinition(kind: .rect, frame: $0, fill: white)
        }
        let badge = LayerDefinition(kind: .rect, frame: Rect(200, 750, 40, 20), opacity: 0.4, fill: white)
        let page = LayerDefinition(
            id: "page", kind: .rect, position: Point(0, 422), size: Size(390, 844), anchorPoint: Point(0, 0.5),
            fill: .solid(Color(red: 0.8, green: 0.1, blue: 0.2)), children: bars + [badge])
        let turn = AnimationBlock(
            duration: 0.5, timing: .named(.easeInOut),
            changes: [PropertyChange(layer: "page", .transform(LayerTransform(rotationY: -.pi / 3, m34: -1.0 / 800)))])
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .black),
            timeline: TimelineSettings(holdBefore: 0, holdBetween: 0, holdAfter: 0),
            layers: [page], phases: [Phase(name: "turn", blocks: [turn])])
        let sim = try Simulation(d)
        return (sim, KeyframedTransition.fitted(sim, for: .smil))
    }

    func testAStillOpacityOverOneSolidPathIsItsFillOpacity() throws {
        let (_, k) = try transition()
        let svg = try SVGWriter().svg(k)
        // The badge: no `<g opacity>` (composited offscreen), its path's fill at alpha 0.4.
        XCTAssertFalse(svg.contains("<g opacity=\"0.4\">"), svg)
        XCTAssertEqual(svg.components(separatedBy: "fill=\"#ffffff\" fill-opacity=\"0.4\"").count - 1, 1, svg)
    }
}
