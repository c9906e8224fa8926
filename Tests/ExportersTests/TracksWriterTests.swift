import Exporters
import JSONText
import Simulation
import TransitionModel
import XCTest

final class TracksWriterTests: XCTestCase {
    func testShowcaseTracks() throws {
        assertSnapshot(TracksWriter(sampleRate: 30).text(try Simulation(ExportFixtures.showcase)), extension: "json")
    }

    func testSamplesAt120HzWithExactCorners() throws {
        let sim = try Simulation(ExportFixtures.template("douyin-present"))
        let root = try JSONParser.parse(TracksWriter().text(sim))
        let samples = try XCTUnwrap(root.member("samples")?.elements)
        XCTAssertEqual(samples.count, Int((sim.timeline.duration * 120).rounded()))  // 2.35 s · 120: one loop, end excluded
        // 0.65 s = sample 78: the player mid-spring; corners must be the simulation's to 1e-4 (printed precision).
        let s = samples[78]
        XCTAssertEqual(s.member("t")?.value, .number(0.65))
        let corners = try XCTUnwrap(s.member("layers")?.member("player")?.member("corners")?.elements)
        let exact = sim.state(at: 0.65).corners(of: sim.index(ofLayer: "player")!)
        for (c, e) in zip(corners, exact) {
            guard case .array(let xy) = c.value, case .number(let x) = xy[0], case .number(let y) = xy[1] else { return XCTFail() }
            XCTAssertEqual(x, e.x, accuracy: 5e-5)
            XCTAssertEqual(y, e.y, accuracy: 5e-5)
        }
        // Hidden layers are left out: before the present phase the player is not in the window.
        XCTAssertNil(samples[0].member("layers")?.member("player"))
        XCTAssertNotNil(samples[0].member("layers")?.member("feed"))
    }

    func testStreamedDumpIsTheWritersLayoutOfItsTree() throws {
        // The samples go straight to bytes; JSONWriter, given the same document, lays it out the
        // same, layers over its line limit included (shared-element-push's snapshots, masks).
        for name in ["shared-element-push", "circle-reveal-push"] {
            let text = TracksWriter(sampleRate: 30).text(try Simulation(ExportFixtures.template(name)))
            XCTAssertEqual(JSONWriter(style: .readable, maxDecimals: 6).string(try JSONParser.parse(text).value), text, name)
            XCTAssertTrue(text.contains("\": {\n          \"corners\": "), "\(name): no layer over the line limit")
        }
    }
}
