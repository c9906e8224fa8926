import Foundation
import JSONText
import Keyframes
import Simulation
import TransExport
import TransitionModel
import XCTest

@testable import Exporters

/// Later phases that replay an earlier one (Keyframes/Retrace.swift) and the Lottie file that
/// plays the scene once through a time remap (LottieTimeRemap.swift).
final class RetraceTests: XCTestCase {
    /// A card that slides right (push) and back (pop), each with its own timing; `popChanges`
    /// replaces the pop's changes.
    func definition(push: String = "\"easeOut\"", pop: String = "\"easeOut\"", popChanges: String? = nil, popSteps: String? = nil) throws
        -> TransitionDefinition
    {
        let changes = popChanges ?? #"[{"layer": "card", "property": "position", "value": [100, 400]}, {"layer": "card", "property": "alpha", "value": 1}]"#
        let steps = popSteps ?? #"[{"duration": 0.4, "timing": \#(pop), "changes": \#(changes)}]"#
        let text = """
            {"version": 1, "name": "retrace-fixture", "description": "a card slides out and back", "canvas": {"size": [390, 844], "background": "#000000"}, "frameRate": 60,
             "layers": [{"id": "card", "type": "rect", "frame": [50, 350, 100, 100], "fill": "#FF0000"}],
             "phases": {
               "push": [{"duration": 0.5, "timing": \(push), "changes": [{"layer": "card", "property": "position", "value": [300, 400]}, {"layer": "card", "property": "alpha", "value": 0.4}]}],
               "pop": \(steps)}}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("retrace-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try DefinitionFile.load(url, displayPath: "retrace-fixture.json")
    }

    func detect(_ d: TransitionDefinition) throws -> (Simulation, Retrace?) {
        let sim = try Simulation(d)
        return (sim, Retrace.detect(sim, rules: .lottie, screenTolerance: 0.25))
    }

    func testAPopThatReturnsEveryPropertyRetracesThePushAtAMonotoneRemap() throws {
        // Different duration and timing: still one progress, so still a retrace.
        let (sim, found) = try detect(try definition(pop: "\"linear\""))
        let r = try XCTUnwrap(found)
        let push = try XCTUnwrap(sim.timeline.phases.first { $0.name == "push" })
        let pop = try XCTUnwrap(sim.timeline.phases.first { $0.name == "pop" })
        XCTAssertEqual(r.sourceEnd, push.end, accuracy: 1e-12)
        XCTAssertGreaterThan(r.maxSpeed, 250 / 0.5)  // easeOut starts faster than the mean 500 px/s
        // Identity up to the push's end; the fitted remap plays the card where the simulation has it.
        XCTAssertEqual(r.remap.value(at: push.start + 0.2), push.start + 0.2, accuracy: 1e-4)
        for k in 0...40 {
            let t = pop.start + pop.duration * Double(k) / 40
            let want = sim.state(at: t), got = sim.state(at: r.remap.value(at: t))
            for (a, b) in zip(want.corners(of: 0), got.corners(of: 0)) {
                XCTAssertLessThan(a.distance(to: b), 0.25, "corner at t=\(t)")
            }
            XCTAssertEqual(want.effectiveOpacity[0], got.effectiveOpacity[0], accuracy: 0.002)
        }
        // After the pop the card is back at its start: the remap sits in the first hold.
        XCTAssertLessThanOrEqual(r.remap.value(at: sim.timeline.duration - 0.01), push.start + 1e-3)
    }

    func testNoRetraceWhenThePopDoesNotMirrorThePush() throws {
        // The card slides back but stays faded: no instant of the push has that state.
        let partial = #"[{"layer": "card", "property": "position", "value": [100, 400]}]"#
        XCTAssertNil(try detect(try definition(popChanges: partial)).1)
        // Position over 0.2 s, opacity over 0.4 s: their pairing differs from the push's.
        let split = #"""
            [{"duration": 0.2, "timing": "easeOut", "changes": [{"layer": "card", "property": "position", "value": [100, 400]}]},
             {"duration": 0.4, "timing": "easeOut", "changes": [{"layer": "card", "property": "alpha", "value": 1}]}]
            """#
        XCTAssertNil(try detect(try definition(popSteps: split)).1)
    }

    func testASpringThatOvershootsHasNoMonotoneDriver() throws {
        let spring = #"{"uikitSpring": {"damping": 0.3}}"#
        XCTAssertNil(try detect(try definition(push: spring, pop: spring)).1)
    }

    func testLottieWritesTheSceneOnceAndARemappedRootWithTheMarkers() throws {
        let sim = try Simulation(try definition())
        let json = try LottieWriter().lottie(KeyframedTransition.fitted(sim, for: .lottie))
        guard case .object(let doc) = json else { return XCTFail("not an object") }
        func member(_ o: [(key: String, value: JSONValue)], _ k: String) -> JSONValue? { o.first { $0.key == k }?.value }
        guard case .number(let fr) = member(doc, "fr"), case .array(let layers) = member(doc, "layers"),
            case .array(let assets) = member(doc, "assets"), case .array(let markers) = member(doc, "markers")
        else { return XCTFail("fr, layers, assets, markers") }
        let scale = fr / 60
        XCTAssertEqual(scale, scale.rounded())
        XCTAssertGreaterThan(scale, 1)  // rlottie rounds the remapped time to a whole frame
        XCTAssertEqual(layers.count, 1)
        guard case .object(let root) = layers[0] else { return XCTFail("root layer") }
        XCTAssertEqual(member(root, "ty"), .number(0))
        XCTAssertEqual(member(root, "refId"), .string("scene"))
        XCTAssertNotNil(member(root, "tm"))
        XCTAssertEqual(markers.count, 2)
        // No key in the scene after the push's end (frame 60 × 1.1 s × scale), but a spanning one.
        let last = 1.1 * 60 * scale
        var latest = 0.0
        func walk(_ v: JSONValue) {
            switch v {
            case .array(let a): a.forEach(walk)
            case .object(let o):
                if case .array(let keys)? = member(o, "k") {
                    for case .object(let key) in keys { if case .number(let t)? = member(key, "t") { latest = max(latest, t) } }
                }
                o.forEach { walk($0.value) }
            default: break
            }
        }
        let scene = assets.first { if case .object(let o) = $0 { return member(o, "id") == .string("scene") } else { return false } }
        walk(try XCTUnwrap(scene))
        XCTAssertEqual(latest, last, accuracy: 1e-6)
    }

    func testTruncationKeepsTheSegmentSpanningTheEnd() {
        func key(_ t: Double, eased: Bool = true) -> JSONValue {
            .object([(key: "t", value: .number(t)), (key: "s", value: .array([.number(t)]))] + (eased ? [(key: "h", value: .number(1))] : []))
        }
        let prop = JSONValue.object([(key: "a", value: .number(1)), (key: "k", value: .array([key(0), key(50), key(80), key(120, eased: false)]))])
        let out = LottieDocument.truncated(prop, after: 60)
        // 50 < 60 < 80: the key at 80 stays (the segment 50–80 is played up to 60), without easing.
        XCTAssertEqual(out, .object([(key: "a", value: .number(1)), (key: "k", value: .array([key(0), key(50), key(80, eased: false)]))]))
        XCTAssertEqual(LottieDocument.truncated(prop, after: 80), out)
        XCTAssertEqual(LottieDocument.truncated(prop, after: 200), prop)
    }
}
