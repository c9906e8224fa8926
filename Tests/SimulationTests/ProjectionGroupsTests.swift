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
    /// inside: the header keeps the page's keys, each bar gets its own group (main: one group).
    func testAPageEdgeOnAtTheStartGroupsOnlyLayersThatShareAnEdgeOnceSeen() throws {
        // The perspective in the page's own transform, as the cube's faces carry it: seen about
        // its anchor on the left edge, the page at 90 degrees is a segment.
        var container = LayerDefinition(id: "container", frame: Rect(0, 0, 390, 844))
        var page = LayerDefinition(
            id: "page", kind: .rect, position: Point(0, 422), size: Size(390, 844), anchorPoint: Point(0, 0.5),
            transform: LayerTransform(rotationY: .pi / 2, m34: -1.0 / 800), fill: .solid(.white))
        page.children = [
            LayerDefinition(id: "header", kind: .rect, position: Point(195, 23.5), size: Size(390, 47), fill: .solid(.black)),
            LayerDefinition(id: "bar1", kind: .rect, position: Point(100, 300), size: Size(100, 20), fill: .solid(.black)),
            LayerDefinition(id: "bar2", kind: .rect, position: Point(100, 400), size: Size(100, 20), fill: .solid(.black)),
        ]
        container.children = [page]
        let turn = AnimationBlock(
            duration: 0.35, timing: .named(.easeInOut), changes: [PropertyChange(layer: "page", .transform(LayerTransform(m34: -1.0 / 800)))])
        let def = TransitionDefinition(
            name: "edge-on", description: "test", canvas: Canvas(size: Size(390, 844)),
            timeline: TimelineSettings(holdBefore: 0.3, holdBetween: 0.3, holdAfter: 0.3), layers: [container],
            phases: [Phase(name: "turn", blocks: [turn])])
        let sim = try Simulation(def)
        let sampler = ProjectionSampler(sim)
        let end = sim.timeline.duration
        func ids(_ groups: [[Int]]) -> Set<Set<String>> {
            // Painted paths only (each bounds outline is a group of its own).
            Set(groups.filter { !sampler.outlines.contains($0[0]) }.map { Set($0.map { sim.layers[sampler.specs[$0].layer].id ?? "-" }) })
        }
        // At t = 0 the page and each bar are segments on one line: the edge test alone says
        // they share an edge (the cube's story 2 was one group so); neither is an area there.
        let state = sim.state(at: 0)
        func quad(_ id: String) -> [Point] {
            let i = sampler.layers.first { sim.layers[$0.index].id == id }!
            return BezierPath.rect(Rect(origin: .zero, size: state.layers[i.index].size)).vertices.map(
                sampler.projection(state, i.index, host: i.host).apply)
        }
        XCTAssertTrue(ProjectionSampler.shareAnEdge(quad("page"), quad("bar1")))
        XCTAssertFalse(ProjectionSampler.isArea(quad("page")))
        XCTAssertFalse(ProjectionSampler.isArea(quad("bar1")))
        XCTAssertEqual(ids(sampler.groups(at: state)), [["page"], ["header"], ["bar1"], ["bar2"]])
        let later = stride(from: 1.0 / 30, to: end, by: 1.0 / 30).map { $0 }
        XCTAssertEqual(ids(sampler.groups(at: sim.state(at: 0), later: later, end: end)), [["page", "header"], ["bar1"], ["bar2"]])
    }
}
