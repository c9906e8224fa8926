import Motion
import Simulation
import TransitionModel
import XCTest

/// The seed's present animation built with the Swift API (Templates/douyin-present.json).
func douyinPresent(hold: Double = 0.6) -> TransitionDefinition {
    let present = AnimationBlock(
        duration: 0.3, timing: .uikitSpring(dampingRatio: 0.8, velocity: 1),
        before: [
            PropertyChange(layer: "player", .hidden(false)),
            PropertyChange(layer: "player", .position(Point(293, 478.5))),
            PropertyChange(layer: "player", .transform(.scale(194.0 / 390, 259.0 / 844))),
        ],
        changes: [
            PropertyChange(layer: "player", .position(Point(195, 422))),
            PropertyChange(layer: "player", .transform(.identity)),
        ])
    return TransitionDefinition(
        name: "present", description: "test", canvas: Canvas(size: Size(390, 844)),
        timeline: TimelineSettings(holdBefore: hold, holdBetween: hold, holdAfter: hold),
        layers: [
            LayerDefinition(id: "feed", frame: Rect(0, 0, 390, 844)),
            LayerDefinition(id: "player", frame: Rect(0, 0, 390, 844), hidden: true),
        ],
        phases: [Phase(name: "present", blocks: [present])])
}

final class SimulationTests: XCTestCase {
    /// docs/uikit-motion.md#worked-spring-example: p(t) for ζ 0.8, v 1, T 0.3, printed to 1e-6.
    let table: [(Double, Double)] = [(0.05, 0.507543), (0.10, 0.904914), (0.15, 1.009232), (0.20, 1.012274), (0.25, 1.003816)]

    func testPresentFollowsTheReferenceSpringTable() throws {
        let sim = try Simulation(douyinPresent())
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        for (t, p) in table {
            let s = sim.state(at: 0.6 + t)
            // center and transform share one progress (docs/uikit-motion.md#center-and-transform): corner = c(t) + S(t)·(q − a).
            let cx = 293 + p * (195 - 293), cy = 478.5 + p * (422 - 478.5)
            let sx = 194.0 / 390 + p * (1 - 194.0 / 390), sy = 259.0 / 844 + p * (1 - 259.0 / 844)
            let corners = s.corners(of: player)
            XCTAssertEqual(corners[0].x, cx - sx * 195, accuracy: 1e-3, "t=\(t)")  // table is rounded to 1e-6
            XCTAssertEqual(corners[0].y, cy - sy * 422, accuracy: 1e-3, "t=\(t)")
            XCTAssertEqual(corners[2].x, cx + sx * 195, accuracy: 1e-3, "t=\(t)")
            XCTAssertEqual(corners[2].y, cy + sy * 422, accuracy: 1e-3, "t=\(t)")
            XCTAssertTrue(s.visible[player])
        }
    }

    func testStateIsExactAgainstTheClosedForm() throws {
        let sim = try Simulation(douyinPresent())
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let spring = UIKitSpring.parameters(duration: 0.3, dampingRatio: 0.8, initialVelocity: 1)
        for k in 0..<30 {
            let t = Double(k) / 100
            let p = spring.progress(at: t)
            let s = sim.state(at: 0.6 + t).layers[player]
            XCTAssertEqual(s.position.x, 293 + p * (195 - 293), accuracy: 1e-9)
            XCTAssertEqual(s.transform.scale.y, 259.0 / 844 + p * (1 - 259.0 / 844), accuracy: 1e-12)
        }
        // Cut at T: the model value shows exactly.
        XCTAssertEqual(sim.state(at: 0.9).layers[player].position, Point(195, 422))
        XCTAssertEqual(sim.state(at: 0.9).layers[player].transform, .identity)
    }

    func testTimelineHoldsAndLoops() throws {
        let sim = try Simulation(douyinPresent(hold: 0.5))
        XCTAssertEqual(sim.timeline.phases, [PhaseSpan(name: "present", start: 0.5, duration: 0.3)])
        XCTAssertEqual(sim.timeline.duration, 1.3, accuracy: 1e-12)
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        XCTAssertFalse(sim.state(at: 0.49).visible[player])
        XCTAssertTrue(sim.state(at: 0.5).visible[player])
        let wrapped = sim.state(at: 1.3 + 0.6), direct = sim.state(at: 0.6)
        XCTAssertEqual(wrapped.time, 0.6, accuracy: 1e-12)
        XCTAssertEqual(wrapped.layers[player].position.x, direct.layers[player].position.x, accuracy: 1e-9)
        XCTAssertFalse(sim.state(at: 1.3 + 0.1).visible[player])
    }

    func testOverlappingAnimationsAddLikeUIKit() throws {
        // Two linear animations on one property: the second starts at 0.5 s into the first.
        var def = douyinPresent(hold: 0)
        def.phases = [
            Phase(name: "a", blocks: [AnimationBlock(duration: 1, timing: .named(.linear), changes: [PropertyChange(layer: "feed", .opacity(0))])])
        ]
        def.phases[0].blocks.append(AnimationBlock(duration: 1, delay: 0.5, timing: .named(.linear), changes: [PropertyChange(layer: "feed", .opacity(0.5))]))
        let sim = try Simulation(def)
        let feed = try XCTUnwrap(sim.index(ofLayer: "feed"))
        // Both blocks are called at t = 0; the model ends at 0.5. First: (1 − 0)(1 − t); second: (0 − 0.5)(1 − p2), p2 = t − 0.5.
        for t in [0.25, 0.75, 1.0, 1.25] {
            let p1 = min(t, 1), p2 = min(max(t - 0.5, 0), 1)
            let expected = 0.5 + (1 - 0) * (1 - p1) * (t < 1 ? 1 : 0) + (0 - 0.5) * (1 - p2)
            XCTAssertEqual(sim.state(at: t).layers[feed].opacity, expected, accuracy: 1e-12, "t=\(t)")
        }
        XCTAssertEqual(sim.timeline.phases[0].duration, 1.5)
    }

    func testDelayHoldsTheFromValue() throws {
        var def = douyinPresent(hold: 0)
        def.phases = [
            Phase(
                name: "fade",
                blocks: [
                    AnimationBlock(
                        duration: 0.4, delay: 0.2, timing: .named(.easeIn),
                        changes: [PropertyChange(layer: "feed", .opacity(0))])
                ])
        ]
        let sim = try Simulation(def)
        let feed = try XCTUnwrap(sim.index(ofLayer: "feed"))
        XCTAssertEqual(sim.state(at: 0.1).layers[feed].opacity, 1)
        // u = (0.3 − 0.2) / 0.4 = 0.25; easeIn(0.25) = 0.093465 (docs/uikit-motion.md#timing-curves).
        XCTAssertEqual(sim.state(at: 0.2 + 0.1).layers[feed].opacity, 1 - 0.093465, accuracy: 1e-6)
    }

    func testFrameUnderATransformIsRejected() throws {
        var def = douyinPresent()
        def.phases = [
            Phase(
                name: "x",
                blocks: [
                    AnimationBlock(
                        duration: 0.3, before: [PropertyChange(layer: "player", .transform(.scale(2, 2)))],
                        changes: [PropertyChange(layer: "player", .frame(Rect(0, 0, 10, 10)), origin: "phases.x[0].changes[0]")])
                ])
        ]
        XCTAssertThrowsError(try Simulation(def)) { error in
            XCTAssertEqual(
                "\(error)", "phases.x[0].changes[0]: frame is undefined while the layer's transform is not identity; set transform to identity before frame")
        }
    }

    func testFrameAfterIdentitySetsCenterAndBounds() throws {
        // DismissScaleAnimation: transform = identity, then frame = cell frame, in one block.
        var def = douyinPresent()
        def.layers.append(LayerDefinition(id: "snap", kind: .snapshot(of: "player"), position: Point(195, 422), size: Size(390, 844)))
        def.phases = [
            Phase(
                name: "dismiss",
                blocks: [
                    AnimationBlock(
                        duration: 0.25, timing: .uikitSpring(dampingRatio: 0.8, velocity: 0.2),
                        before: [PropertyChange(layer: "snap", .transform(.scale(2, 2)))],
                        changes: [PropertyChange(layer: "snap", .transform(.identity)), PropertyChange(layer: "snap", .frame(Rect(192.5, 419.5, 5, 5)))])
                ])
        ]
        let sim = try Simulation(def)
        let snap = try XCTUnwrap(sim.index(ofLayer: "snap"))
        XCTAssertEqual(sim.layers[snap].snapshotSource, sim.index(ofLayer: "player"))
        let end = sim.state(at: 0.6 + 0.25).layers[snap]
        XCTAssertEqual(end.position, Point(195, 422))
        XCTAssertEqual(end.size, Size(5, 5))
        let spring = UIKitSpring.parameters(duration: 0.25, dampingRatio: 0.8, initialVelocity: 0.2)
        let p = spring.progress(at: 0.1)
        let mid = sim.state(at: 0.7).layers[snap]
        XCTAssertEqual(mid.size.width, 390 + p * (5 - 390), accuracy: 1e-9)
        XCTAssertEqual(mid.transform.scale.x, 2 + p * (1 - 2), accuracy: 1e-12)
    }
}
