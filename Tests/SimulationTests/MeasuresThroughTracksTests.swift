import Geometry
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// LayerMeasures read through the exact tracks (their memos, which the fits read again): the same
/// measures as read apart, and the tracks' values the same bits as computed apart.
final class MeasuresThroughTracksTests: XCTestCase {
    /// The present spring with a cell under the player (its measures take the player's moving
    /// scale) and a snapshot whose scale and frame spring back.
    func definition() -> TransitionDefinition {
        var def = douyinPresent()
        def.layers[1].children = [LayerDefinition(id: "cell", frame: Rect(10, 20, 120, 60))]
        def.layers.append(LayerDefinition(id: "snap", kind: .snapshot(of: "player"), position: Point(195, 422), size: Size(390, 844)))
        def.phases.append(
            Phase(
                name: "dismiss",
                blocks: [
                    AnimationBlock(
                        duration: 0.25, timing: .uikitSpring(dampingRatio: 0.8, velocity: 0.2),
                        before: [PropertyChange(layer: "snap", .transform(.scale(2, 2)))],
                        changes: [PropertyChange(layer: "snap", .transform(.identity)), PropertyChange(layer: "snap", .frame(Rect(192.5, 419.5, 5, 5)))])
                ]))
        return def
    }

    func testMeasuresThroughTheTracksAreTheMeasuresReadApart() throws {
        let sim = try Simulation(definition())
        let exact = ExactLayerTracks.all(sim)
        let through = LayerMeasures.all(sim, tolerance: .standard, exact: exact)
        let apart = LayerMeasures.all(sim, tolerance: .standard)
        XCTAssertEqual(through.count, sim.layers.count)
        XCTAssertEqual(apart.count, sim.layers.count)
        let points = [Point(1, 0), Point(0.3, -2), Point(1e-3, 7)]
        let sizes = [Size(1, 0), Size(-0.5, 3)]
        var scaled = 0
        for (a, b) in zip(through, apart) {
            for p in points {
                for (x, y) in [(a.position, b.position), (a.translation, b.translation), (a.scale, b.scale), (a.maskPoint, b.maskPoint)] {
                    XCTAssertEqual(x.norm(p).bitPattern, y.norm(p).bitPattern)
                    XCTAssertEqual(x.tolerance, y.tolerance)
                }
            }
            for s in sizes { XCTAssertEqual(a.size.norm(s).bitPattern, b.size.norm(s).bitPattern) }
            XCTAssertEqual(a.numbers.tracks.map { $0.norm(0.5).bitPattern }, b.numbers.tracks.map { $0.norm(0.5).bitPattern })
            if a.position.norm(Point(1, 0)) != 1 { scaled += 1 }
        }
        // The cell's position is measured under the player's largest scale (over 1: the spring
        // overshoots), the snapshot's size under its own largest (2) at its half width (0.5).
        XCTAssertGreaterThan(scaled, 0)
        let snap = try XCTUnwrap(sim.index(ofLayer: "snap"))
        XCTAssertEqual(through[snap].size.norm(Size(1, 0)), 1)
    }

    func testTheValuesTheMeasuresKeptAreTheTracksValues() throws {
        let sim = try Simulation(definition())
        let end = sim.timeline.duration
        let exact = ExactLayerTracks.all(sim)
        _ = LayerMeasures.all(sim, tolerance: .standard, exact: exact)
        let snap = try XCTUnwrap(sim.index(ofLayer: "snap"))
        let scale = ExactTrack(sim.layers[snap].transform, until: end, component: { $0.scale })
        let size = ExactTrack(sim.layers[snap].size, until: end)
        XCTAssertEqual(exact[snap].scale.breakpoints, scale.breakpoints)
        var moved = 0
        // Read back at the fits' grid times (CurveFitter.grid) and at 240 Hz over each piece.
        for k in scale.pieces.indices where scale.pieces[k] == .moving {
            let a = scale.breakpoints[k], b = scale.breakpoints[k + 1]
            let n = max(16, Int(((b - a) * 240).rounded(.up)))
            for s in 0..<n {
                let t = a + (b - a) * Double(s) / Double(n)
                XCTAssertEqual(exact[snap].scale.value(t).x.bitPattern, scale.value(t).x.bitPattern)
                XCTAssertEqual(exact[snap].size.value(t).width.bitPattern, size.value(t).width.bitPattern)
                if scale.value(t) != scale.value(a) { moved += 1 }
            }
        }
        XCTAssertGreaterThan(moved, 20)
    }
}
