import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// Layers that share an edge share their keys (ProjectionSampler.groups); a page seen edge-on
/// at t = 0 (the cube's story 2) is a segment, and every sublayer lies along it there: such
/// pairs are judged where both are seen as areas (BENCHMARKS.md#the-cubes-groups-where-a-face-is-edge-on-2026-12-03).
final class ProjectionGroupsTests: XCTestCase {
    /// A page turning in from 90 degrees with a full-width header along its top edge and two bars
    /// inside: the header keeps the page's keys, each bar gets its own group.
    func testAPageEdgeOnAtTheStartGroupsOnlyLayersThatShareAnEdgeOnceSeen() throws {
        var container = LayerDefinition(id: "container", frame: Rect(0, 0, 390, 844))
        container.sublayerTransform = LayerTransform(m34: -1.0 / 800)
        var page = LayerDefinition(
            id: "page", kind: .rect, position: Point(0, 422), size: Size(390, 844), anchorPoint: Point(0, 0.5),
            transform: LayerTransform(rotationY: .pi / 2), fill: .solid(.white))
        page.children = [
            LayerDefinition(id: "header", kind: .rect, position: Point(195, 23.5), size: Size(390, 47), fill: .solid(.black)),
            LayerDefinition(id: "bar1", kind: .rect, position: Point(100, 300), size: Size(100, 20), fill: .solid(.black)),
            LayerDefinition(id: "bar2", kind: .rect, position: Point(100, 400), size: Size(100, 20), fill: .solid(.black)),
        ]
        container.children = [page]
        let turn = AnimationBlock(
            duration: 0.35, timing: .named(.easeInOut), changes: [PropertyChange(layer: "page", .transform(LayerTransform(rotationY: 0)))])
        let def = TransitionDefinition(
            name: "edge-on", description: "test", canvas: Canvas(size: Size(390, 844)),
            timeline: TimelineSettings(holdBefore: 0.3, holdBetween: 0.3, holdAfter: 0.3), layers: [container],
            phases: [Phase(name: "turn", blocks: [turn])])
        let sim = try Simulation(def)
        let sampler = ProjectionSampler(sim)
        let end = sim.timeline.duration
        func ids(_ groups: [[Int]]) -> Set<Set<String>> {
            Set(groups.map { Set($0.map { sim.layers[sampler.specs[$0].layer].id ?? "-" }) })
        }
        // At t = 0 alone every layer lies along the page's line: one group.
        XCTAssertEqual(ids(sampler.groups(at: sim.state(at: 0))), [["page", "header", "bar1", "bar2"]])
        let later = stride(from: 1.0 / 30, to: end, by: 1.0 / 30).map { $0 }
        XCTAssertEqual(ids(sampler.groups(at: sim.state(at: 0), later: later, end: end)), [["page", "header"], ["bar1"], ["bar2"]])
    }
}
