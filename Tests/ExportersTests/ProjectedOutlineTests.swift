import Exporters
import Foundation
import JSONText
import Keyframes
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A named layer drawn under 3D perspective has no affine bounds space; its `X.bounds` is an
/// unpainted outline path whose 4 vertices are its bounds corners projected, on the same
/// keyframe grid as its paint (what the conformance suite's geometry check reads in Chromium).
final class ProjectedOutlineTests: XCTestCase {
    /// Layer i's outline vertices (host space) mapped to the canvas at keyframe time t.
    static func onCanvas(_ outline: BezierPath, host: Int?, _ state: SceneState) -> [Point] {
        guard let host else { return outline.vertices }
        return outline.vertices.map(PlaneProjection(state.boundsToScreen[host]).apply)
    }

    func testOutlineKeyframesAreTheExactProjectedCorners() throws {
        try CatalogTier.require()
        for (name, layer) in [("flip-push", "page"), ("flip-pop", "shadow"), ("stories-cube", "story-2")] {
            let sim = try Simulation(try ExportFixtures.template(name))
            let kt = KeyframedTransition(sim)
            let i = try XCTUnwrap(sim.index(ofLayer: layer))
            let p = try XCTUnwrap(kt.projected[i], "\(name) \(layer) is projected")
            let outline = try XCTUnwrap(p.outline, "\(name) \(layer) has an outline")
            XCTAssertGreaterThan(outline.keyframes.count, 4, "\(name) \(layer): it moves")
            // Every keyframe (the last one before a jump is that time's left limit: skip it).
            for (n, k) in outline.keyframes.enumerated() where k.easing != .hold && k.time < sim.timeline.duration {
                let state = sim.state(at: k.time)
                let drawn = Self.onCanvas(k.value, host: p.host, state), exact = state.corners(of: i)
                XCTAssertEqual(drawn.count, 4)
                for (a, b) in zip(drawn, exact) {
                    // Keys are written on the 0.1 grid: ≤ 0.05 per axis off.
                    XCTAssertLessThan(a.distance(to: b), 0.0708, "\(name) \(layer) keyframe \(n) at t=\(k.time)")
                }
            }
        }
    }

    func testSVGOutlineIsUnpaintedAndStartsAtTheProjectedCorners() throws {
        try CatalogTier.require()
        let sim = try Simulation(try ExportFixtures.template("flip-push"))
        let svg = try SVGWriter().svg(KeyframedTransition(sim))
        let doc = try XMLDocument(xmlString: svg, options: [])
        for layer in ["page", "shadow"] {
            let nodes = try doc.nodes(forXPath: "//*[@id='\(layer).bounds']").compactMap { $0 as? XMLElement }
            let el = try XCTUnwrap(nodes.first)
            XCTAssertEqual(nodes.count, 1)
            XCTAssertEqual(el.localName, "path")
            // Never painted: no fill, no stroke, nothing that would change a pixel.
            XCTAssertEqual(el.value(of: "fill"), "none")
            XCTAssertNil(el.value(of: "stroke"))
            XCTAssertEqual((el.parent as? XMLElement)?.value(of: "id"), layer)
            // The base `d` and the first SMIL value: the corners at t = 0, to the written 0.1.
            let i = try XCTUnwrap(sim.index(ofLayer: layer))
            let exact = sim.state(at: 0).corners(of: i)
            let anim = try XCTUnwrap(el.elements(forName: "animate").first)
            XCTAssertEqual(anim.value(of: "attributeName"), "d")
            let first = try XCTUnwrap(anim.value(of: "values")?.split(separator: ";").first)
            for d in [try XCTUnwrap(el.value(of: "d")), String(first)] {
                let v = PerspectiveExportErrorTests.svgVertices(d)
                XCTAssertEqual(v.count, 4, d)
                for (a, b) in zip(v, exact) { XCTAssertLessThan(a.distance(to: b), 0.0708, "\(layer): \(d)") }
            }
            // Every SMIL value is the projection at its keyTime (on the 0.1 grid; key times on a
            // grid of the loop / 1000, written whole), and mid-flip the outline is no rectangle.
            let times = try XCTUnwrap(anim.value(of: "keyTimes")).split(separator: ";").map { Double($0)! }
            let values = try XCTUnwrap(anim.value(of: "values")).split(separator: ";")
            XCTAssertEqual(times.count, values.count)
            // Key times are fractions of the animation's own span (docs/smil.md#active-only-while-changing).
            let attributes = Dictionary((anim.attributes ?? []).compactMap { a in a.name.map { ($0, a.stringValue ?? "") } }) { a, _ in a }
            let player = try SMILPlayer(attributes: attributes)
            let dur = player.duration
            var slant = 0.0
            for k in times.indices where times[k] < 1 && (k + 1 == times.count || times[k + 1] > times[k]) {
                let v = PerspectiveExportErrorTests.svgVertices(String(values[k]))
                let state = sim.state(at: player.begin + times[k] * dur), exact = state.corners(of: i)
                XCTAssertEqual(v.count, 4)
                slant = max(slant, abs(exact[1].y - exact[0].y))
                for (a, b) in zip(v, exact) { XCTAssertLessThan(a.distance(to: b), 0.0708 + 1e-6, "\(layer) at \(player.begin + times[k] * dur)") }
            }
            XCTAssertGreaterThan(slant, 20, "the top edge slants in perspective")
        }
    }

    func testTracksListTheProjectedLayers() throws {
        func projected(_ d: TransitionDefinition) throws -> [String]? {
            let root = try JSONParser.parse(TracksWriter(sampleRate: 30).text(try Simulation(d)))
            return root.member("projected")?.elements.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }
        }
        XCTAssertEqual(try projected(try ExportFixtures.template("flip-push")), ["page", "shadow"])
        XCTAssertEqual(try projected(try ExportFixtures.template("stories-cube")), ["story-2", "story-1", "story-1-shade"])
        XCTAssertNil(try projected(ExportFixtures.showcase), "no 3D, no list")
    }
}
