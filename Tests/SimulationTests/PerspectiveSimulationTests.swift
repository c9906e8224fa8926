import Foundation
import Motion
import Simulation
import TransitionModel
import XCTest

/// The seed's flip (Templates/flip-push.json) built with the Swift API: a container whose sublayerTransform has
/// m34 = −1/d, the page anchored at (0, 0.5) and placed at (0, H/2), turning to θ about y.
func flipDefinition(to degrees: Double = -90, eyeDistance d: Double = 500, hold: Double = 0.5) -> TransitionDefinition {
    var container = LayerDefinition(id: "container", frame: Rect(0, 0, 390, 844))
    container.sublayerTransform = LayerTransform(m34: -1 / d)
    container.children = [
        LayerDefinition(
            id: "page", kind: .rect, position: Point(0, 422), size: Size(390, 844),
            anchorPoint: Point(0, 0.5), fill: .solid(.white))
    ]
    let turn = AnimationBlock(
        duration: 0.6, timing: .named(.easeOut),
        changes: [
            PropertyChange(layer: "page", .transform(LayerTransform(rotationY: degrees * .pi / 180)))
        ])
    return TransitionDefinition(
        name: "flip", description: "test", canvas: Canvas(size: Size(390, 844)),
        timeline: TimelineSettings(holdBefore: hold, holdBetween: hold, holdAfter: hold),
        layers: [container], phases: [Phase(name: "turn", blocks: [turn])])
}

final class PerspectiveSimulationTests: XCTestCase {
    // docs/uikit-motion.md#perspective test vector through the simulation: a 100×100 layer, anchor at its
    // centre placed at the origin, transform R_y(45°)·P(500).
    func testProjectionVectorThroughTheSimulation() throws {
        let layer = LayerDefinition(
            id: "square", kind: .rect, position: .zero, size: Size(100, 100),
            transform: LayerTransform(rotationY: .pi / 4, m34: -1.0 / 500))
        let d = TransitionDefinition(
            name: "v", description: "§5", canvas: Canvas(size: Size(390, 844)), layers: [layer],
            phases: [Phase(name: "p", blocks: [AnimationBlock(duration: 0.1, changes: [])])])
        let sim = try Simulation(d)
        let c = sim.state(at: 0).corners(of: 0)  // top-left, top-right, bottom-right, bottom-left
        let expected = [(-38.046, -53.805), (33.020, -46.698), (33.020, 46.698), (-38.046, 53.805)]
        for (p, e) in zip(c, expected) {
            XCTAssertEqual(p.x, e.0, accuracy: 1e-3)
            XCTAssertEqual(p.y, e.1, accuracy: 1e-3)
        }
    }

    /// docs/uikit-motion.md#perspective: screen = P + (Q − P)·d/(d − Z), Q = (u cos θ, v), Z = −u sin θ, P = the
    /// container's centre; the page's corners at several θ, read back from the simulation.
    func testFlipCornersFollowTheHandFormula() throws {
        for d in [500.0, 1000] {
            let sim = try Simulation(flipDefinition(eyeDistance: d))
            let page = try XCTUnwrap(sim.index(ofLayer: "page"))
            for k in 0...12 {
                let t = 0.5 + 0.6 * Double(k) / 12
                let s = sim.state(at: t)
                let theta = s.layers[page].transform.rotationY
                XCTAssertEqual(theta, -.pi / 2 * CubicBezier.easeOut.progress(at: Double(k) / 12), accuracy: 1e-9)
                let corners = s.corners(of: page)
                for (n, (u, v)) in [(0.0, 0.0), (390, 0), (390, 844), (0, 844)].enumerated() {
                    let z = -u * sin(theta), k = d / (d - z)
                    XCTAssertEqual(corners[n].x, 195 + (u * cos(theta) - 195) * k, accuracy: 1e-9, "θ \(theta) corner \(n)")
                    XCTAssertEqual(corners[n].y, 422 + (v - 422) * k, accuracy: 1e-9, "θ \(theta) corner \(n)")
                }
            }
        }
        // −90° turns the right edge toward the viewer: magnified 500/110 at d = 500.
        let end = try Simulation(flipDefinition()).state(at: 1.2)
        XCTAssertEqual(end.corners(of: 1)[1].y, 422 - 422 * 500 / 110, accuracy: 1e-9)
    }

    /// A plain CALayer flattens its sublayers: a page turned by θ inside a parent turned by φ
    /// (no perspective) is x·cos θ·cos φ wide, not x·cos(θ + φ).
    func testPlainLayersFlattenTheirSublayers() throws {
        var parent = LayerDefinition(
            id: "parent", position: .zero, size: Size(100, 100), anchorPoint: .zero,
            transform: LayerTransform(rotationY: 0.5))
        parent.children = [
            LayerDefinition(
                id: "child", kind: .rect, position: .zero, size: Size(100, 100), anchorPoint: .zero,
                transform: LayerTransform(rotationY: 0.7), fill: .solid(.black))
        ]
        let d = TransitionDefinition(
            name: "f", description: "flatten", canvas: Canvas(size: Size(390, 844)), layers: [parent],
            phases: [Phase(name: "p", blocks: [AnimationBlock(duration: 0.1, changes: [])])])
        let s = try Simulation(d).state(at: 0)
        XCTAssertEqual(s.corners(of: 1)[1].x, 100 * cos(0.7) * cos(0.5), accuracy: 1e-12)
        XCTAssertEqual(s.boundsToScreen[1].m33, 0)
    }

    /// The circle reveal: the hole's radius follows the block's easeOut curve, in a phase chained
    /// to the end of the previous one; the completion hides the cover when the block ends.
    func testMaskRadiusFollowsTheCurveInAChainedPhase() throws {
        var cover = LayerDefinition(id: "cover", kind: .rect, frame: Rect(0, 0, 390, 844), fill: .solid(.white))
        cover.mask = LayerMask(shape: .hole, frame: Rect(0, 0, 390, 844), center: Point(79, 200), radius: 0.1)
        let move = AnimationBlock(duration: 0.6, changes: [PropertyChange(layer: "cover", .opacity(0.5))])
        let reveal = AnimationBlock(
            duration: 0.2, timing: .named(.easeOut), changes: [PropertyChange(layer: "cover", .maskRadius(633))],
            completion: [PropertyChange(layer: "cover", .hidden(true))])
        let d = TransitionDefinition(
            name: "r", description: "reveal", canvas: Canvas(size: Size(390, 844)), layers: [cover],
            phases: [Phase(name: "move", blocks: [move]), Phase(name: "reveal", blocks: [reveal], holdBefore: 0)])
        let sim = try Simulation(d)
        XCTAssertEqual(sim.timeline.phases.map(\.start), [0.6, 1.2])
        XCTAssertEqual(sim.timeline.duration, 2.0, accuracy: 1e-12)
        for k in 0...20 {
            let u = Double(k) / 20
            let m = try XCTUnwrap(sim.state(at: 1.2 + 0.2 * u).layers[0].mask)
            XCTAssertEqual(m.radius, 0.1 + (633 - 0.1) * CubicBezier.easeOut.progress(at: u), accuracy: 1e-9)
            XCTAssertEqual(m.center, Point(79, 200))
            XCTAssertEqual(m.shape, .hole)
        }
        XCTAssertFalse(sim.state(at: 1.4 - 1e-6).layers[0].hidden)
        XCTAssertTrue(sim.state(at: 1.4).layers[0].hidden)
    }

    /// A state's numbers are the drawn values, keyed by property: negative corner radii (the
    /// layer's and its mask's) draw square corners, zPosition and the circle's radius as they are.
    func testStateNumbersAreTheDrawnValues() throws {
        var card = LayerDefinition(id: "card", kind: .rect, frame: Rect(0, 0, 100, 100), zPosition: 4, numbers: [.cornerRadius: -2])
        card.mask = LayerMask(shape: .rect, frame: Rect(0, 0, 50, 50), radius: 7, numbers: [.maskCornerRadius: -3])
        let plain = LayerDefinition(id: "plain", kind: .rect, frame: Rect(0, 0, 10, 10), opacity: 0.5)
        let d = TransitionDefinition(
            name: "n", description: "numbers", canvas: Canvas(size: Size(100, 100)), layers: [card, plain],
            phases: [Phase(name: "p", blocks: [AnimationBlock(duration: 0.1, changes: [PropertyChange(layer: "plain", .opacity(1))])])])
        let s = try Simulation(d).state(at: 0)
        let c = s.layers[0], p = s.layers[1]
        XCTAssertEqual(c.boundsRadius, 0)
        XCTAssertEqual(c.number(.zPosition), 4)
        XCTAssertEqual(c.number(.maskCornerRadius), 0)
        XCTAssertEqual(c.number(.maskRadius), 7)
        XCTAssertNil(c.number(.position))
        XCTAssertEqual(p.number(.opacity), 0.5)
        XCTAssertNil(p.number(.maskRadius))
    }
}
