import Foundation
import Geometry
import JSONText
import Keyframes
import Simulation
import TransExport
import TransitionModel
import XCTest

@testable import Exporters

/// A retraced subtree's precomp (LottieSubtreeRemap.swift) whose run holds layers placed by a
/// static parent outside it and layers with no parent: each must land where the simulation
/// puts it, whatever that parent's transform.
final class LottieSubtreeParentTests: XCTestCase, LottieReading {
    /// Examples/group-fade-retrace-part.json without the fade and with the screen moved, scaled
    /// and turned (`screen`: its extra members): the card (in the screen) and the tab (at the
    /// root) retrace the finish, the finger in the screen does not.
    func simulation(screen: String) throws -> Simulation {
        let text = """
            {"version": 1, "name": "subtree-parent-fixture", "description": "a retraced run under a static parent and at the root",
             "canvas": {"size": [390, 844], "background": "#000000"}, "frameRate": 60,
             "layers": [
               {"id": "screen", "type": "group", "frame": [20, 40, 350, 760]\(screen), "children": [
                 {"id": "finger", "type": "ellipse", "frame": [155, 120, 80, 80], "fill": "#f8f9fa"},
                 {"id": "card", "type": "rect", "frame": [45, 200, 260, 360], "fill": "#4dabf7"}]},
               {"id": "tab", "type": "rect", "frame": [135, 700, 120, 12], "fill": "#e64980"}],
             "phases": {
               "drag": [{"duration": 0.3, "timing": "easeOut", "changes": [{"layer": "card", "property": "position", "value": [240, 380]},
                 {"layer": "tab", "property": "position", "value": [260, 706]}, {"layer": "finger", "property": "position", "value": [195, 300]}]}],
               "cancel": [{"duration": 0.2, "timing": "linear", "changes": [{"layer": "card", "property": "position", "value": [175, 380]},
                 {"layer": "tab", "property": "position", "value": [195, 706]}, {"layer": "finger", "property": "position", "value": [195, 440]}]}],
               "finish": [{"duration": 0.5, "timing": "easeInOut", "changes": [{"layer": "card", "property": "position", "value": [305, 380]},
                 {"layer": "tab", "property": "position", "value": [325, 706]}, {"layer": "finger", "property": "position", "value": [195, 620]}]}]}}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("subtree-parent-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Simulation(try DefinitionFile.load(url, displayPath: "subtree-parent-fixture.json"))
    }

    /// The card and the tab in one retraced run, one placed by the screen and one by nothing:
    /// every layer's corners as a player draws them (`ks` through parents and the precomp's `tm`)
    /// within 0.5 px of the simulation's, from the drag through the finish. The screen moved
    /// only, then also scaled and turned.
    func testARunMixingAParentedAndAnUnparentedLayerLandsWhereTheSimulationDoes() throws {
        for screen in ["", #", "transform": {"scale": 0.9, "rotation": 4}"#] {
            let sim = try simulation(screen: screen)
            let r = try XCTUnwrap(SubtreeRetrace.detect(sim, rules: .lottie, screenTolerance: 0.25))
            let id = { (name: String) in try XCTUnwrap(sim.index(ofLayer: name)) }
            XCTAssertEqual(r.layers, [try id("card"), try id("tab")])
            let doc = try LottieWriter().lottie(KeyframedTransition.fitted(sim, for: .lottie))
            let inner = array(array(doc["assets"]).first { $0["id"] == .string("subtree") }?["layers"])
            XCTAssertEqual(inner.map { $0["nm"] }, [.string("tab"), .string("card"), .string("screen.place")], "the retrace is kept")
            // Unparented (its w x h box stays the canvas); the card hangs from the screen's static null copy.
            let precomp = try XCTUnwrap(array(doc["layers"]).first { $0["refId"] == .string("subtree") })
            XCTAssertNil(precomp["parent"])
            XCTAssertEqual(inner.last?["ty"], .number(3))
            XCTAssertEqual(inner[1]["parent"], inner[2]["ind"])
            XCTAssertNil(inner[0]["parent"])
            let duration = sim.timeline.duration
            for name in ["tab", "card", "finger", "screen"] {
                let i = try id(name)
                var worst = 0.0
                for k in 0...40 {
                    let t = duration * Double(k) / 40 * 0.999
                    let size = sim.state(at: t).layers[i].size
                    let local = [Point(0, 0), Point(size.width, 0), Point(size.width, size.height), Point(0, size.height)]
                    let drawn = try local.map { try XCTUnwrap(placed($0, layer: name, in: doc, at: t), name) }
                    for (a, b) in zip(drawn, sim.state(at: t).corners(of: i)) { worst = max(worst, a.distance(to: b)) }
                }
                XCTAssertLessThan(worst, 0.5, "\(name), screen\(screen)")
            }
        }
    }
}

extension LottieReading {
    /// Where a player draws point x of layer `name` (its local space: bounds, `a` = anchor ×
    /// size) at `seconds`: its `ks` (p + R·S·(x − a)) and its parents', then, in a precomp asset,
    /// the precomp layer's placement, the asset's frame being its `tm` (seconds) when it has one.
    func placed(_ x: Point, layer name: String, in doc: JSONValue, at seconds: Double) -> Point? {
        guard let fr = number(doc["fr"]) else { return nil }
        let lists =
            [(id: String?.none, layers: array(doc["layers"]))]
            + array(doc["assets"]).map { a in
                (id: { if case .string(let s)? = a["id"] { s } else { nil } }(), layers: array(a["layers"]))
            }
        // The precomp layer playing asset `id`, and the list it is in.
        func user(of id: String) -> (layer: JSONValue, list: (id: String?, layers: [JSONValue]))? {
            for list in lists { if let u = list.layers.first(where: { $0["refId"] == .string(id) }) { return (u, list) } }
            return nil
        }
        func frame(of id: String?) -> Double? {
            guard let id else { return seconds * fr }
            guard let (u, list) = user(of: id), let outer = frame(of: list.id) else { return nil }
            guard let tm = u["tm"] else { return outer }
            return evaluate(tm, atFrame: outer).first.map { $0 * fr }
        }
        func place(_ x: Point, _ layer: JSONValue, in list: (id: String?, layers: [JSONValue])) -> Point? {
            guard let f = frame(of: list.id) else { return nil }
            var (p, l) = (x, layer)
            while true {
                guard let ks = l["ks"] else { return nil }
                let a = evaluate(ks["a"]!, atFrame: f), o = evaluate(ks["p"]!, atFrame: f)
                let s = evaluate(ks["s"]!, atFrame: f), r = evaluate(ks["r"]!, atFrame: f)[0] * .pi / 180
                let u = (p.x - a[0]) * s[0] / 100, v = (p.y - a[1]) * s[1] / 100
                p = Point(o[0] + u * cos(r) - v * sin(r), o[1] + u * sin(r) + v * cos(r))
                guard let parent = l["parent"] else { break }
                guard let next = list.layers.first(where: { $0["ind"] == parent }) else { return nil }
                l = next
            }
            guard let id = list.id else { return p }
            guard let (u, outer) = user(of: id) else { return nil }
            return place(p, u, in: outer)
        }
        for list in lists { if let l = list.layers.first(where: { $0["nm"] == .string(name) }) { return place(x, l, in: list) } }
        return nil
    }
}
