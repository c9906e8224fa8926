import Foundation
import Geometry
import JSONText
import Keyframes
import Simulation
import TransExport
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Exporters

/// Group opacity in files with a retrace (docs/lottie.md#group-opacity): the fading group's
/// precomp sits inside the remapped precomp (the whole scene's, or the retraced subtree's), its
/// asset keyed over the retrace's source only, as the remapped layers are.
final class LottieGroupRetraceTests: XCTestCase, LottieReading {
    /// A card (fading with `cardAlpha`) holding a translucent badge of its own that overlaps it;
    /// `phases`: the phases' JSON.
    func definition(_ phases: String, dot: Bool = false) throws -> TransitionDefinition {
        let dotLayer = dot ? ##", {"id": "dot", "type": "rect", "frame": [90, 90, 20, 20], "fill": "#00FF00"}"## : ""
        let text = """
            {"version": 1, "name": "group-retrace-fixture", "description": "a fading card with a badge", "canvas": {"size": [390, 844], "background": "#000000"}, "frameRate": 60,
             "layers": [{"id": "card", "type": "rect", "frame": [50, 350, 100, 100], "fill": "#FF0000",
                         "children": [{"id": "badge", "type": "rect", "frame": [50, 50, 80, 80], "fill": "#0000FF", "opacity": 0.8}]}\(dotLayer)],
             "phases": \(phases)}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("group-retrace-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try DefinitionFile.load(url, displayPath: "group-retrace-fixture.json")
    }

    func step(_ x: Double, _ alpha: Double, _ duration: Double, _ timing: String, dotY: Double? = nil) -> String {
        let dot = dotY.map { #", {"layer": "dot", "property": "position", "value": [100, \#($0)]}"# } ?? ""
        return """
            [{"duration": \(duration), "timing": "\(timing)", "changes": [{"layer": "card", "property": "position", "value": [\(x), 400]},
              {"layer": "card", "property": "alpha", "value": \(alpha)}\(dot)]}]
            """
    }

    func asset(_ id: String, in doc: JSONValue) throws -> [JSONValue] {
        array(try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string(id) }, "no asset \(id)")["layers"])
    }

    func names(_ layers: [JSONValue]) -> [String] { layers.compactMap { if case .string(let s)? = $0["nm"] { s } else { nil } } }

    /// Every key time (`t`) below v.
    func keyTimes(_ v: JSONValue) -> [Double] {
        switch v {
        case .array(let a): return a.flatMap(keyTimes)
        case .object(let o):
            let own = o.first { $0.key == "k" }.map { array($0.value).compactMap { number($0["t"]) } } ?? []
            return own + o.flatMap { keyTimes($0.value) }
        default: return []
        }
    }

    /// Slides out fading to 0.4, then back (the mirror): the scene is one remapped precomp; in it
    /// the card's subtree is a group precomp whose layer carries the fade, the card and badge
    /// inside at their own opacities (100, 80), every key up to the first phase's end.
    func testAWholeSceneRetraceHoldsTheGroupPrecompInsideTheScene() throws {
        let phases = """
            {"out": \(step(300, 0.4, 0.5, "easeInOut")), "back": \(step(100, 1, 0.5, "easeInOut"))}
            """
        let d = try definition(phases)
        let sim = try Simulation(d)
        let r = try XCTUnwrap(Retrace.detect(sim, rules: .lottie, screenTolerance: 0.25))
        let doc = try LottieWriter().lottie(KeyframedTransition.fitted(sim, for: .lottie))
        let fr = try XCTUnwrap(number(doc["fr"]))
        XCTAssertEqual(names(array(doc["layers"])), ["scene"])
        let scene = try asset("scene", in: doc)
        XCTAssertEqual(names(scene), ["group-of-card", "background"])
        let precomp = scene[0]
        XCTAssertEqual(precomp["refId"], .string("group"))
        XCTAssertNil(precomp["tm"], "plays the scene's own time")
        let fade = try XCTUnwrap(precomp["ks"]?["o"])
        XCTAssertEqual(evaluate(fade, atFrame: 0), [100])
        XCTAssertEqual(try XCTUnwrap(evaluate(fade, atFrame: r.sourceEnd * fr).first), 40, accuracy: 0.01)
        let inside = try asset("group", in: doc)
        XCTAssertEqual(names(inside), ["badge", "card"])  // top first
        XCTAssertEqual(drawnOpacity(inside[0]), 80)
        XCTAssertEqual(inside[1]["ks"]?["o"]?["k"], .number(100), "the fade is the precomp layer's alone")
        let times = keyTimes(.array(inside))
        XCTAssertFalse(times.isEmpty)
        XCTAssertEqual(try XCTUnwrap(times.max()), r.sourceEnd * fr, accuracy: 1e-6, "keys after the source's end dropped")
    }

    /// A drag, a cancel and a finish of the card while a dot slides down throughout: the card's
    /// subtree retraces the finish; its group precomp is in the subtree's precomp, its asset
    /// keyed over the finish only; the dot stays a root layer.
    func testASubtreeRetraceHoldsTheGroupPrecompInsideTheSubtree() throws {
        let phases = """
            {"drag": \(step(150, 0.85, 0.3, "easeOut", dotY: 200)), "cancel": \(step(100, 1, 0.2, "linear", dotY: 300)),
             "finish": \(step(300, 0.4, 0.5, "easeInOut", dotY: 400))}
            """
        let sim = try Simulation(try definition(phases, dot: true))
        XCTAssertNil(Retrace.detect(sim, rules: .lottie, screenTolerance: 0.25))
        let r = try XCTUnwrap(SubtreeRetrace.detect(sim, rules: .lottie, screenTolerance: 0.25))
        let doc = try LottieWriter().lottie(KeyframedTransition.fitted(sim, for: .lottie))
        let fr = try XCTUnwrap(number(doc["fr"]))
        XCTAssertEqual(names(array(doc["layers"])), ["dot", "subtree", "background"])
        let subtree = try asset("subtree", in: doc)
        XCTAssertEqual(names(subtree), ["group-of-card"])
        XCTAssertEqual(subtree[0]["refId"], .string("group"))
        let fade = try XCTUnwrap(subtree[0]["ks"]?["o"])
        XCTAssertEqual(try XCTUnwrap(evaluate(fade, atFrame: r.sourceEnd * fr).first), 40, accuracy: 0.01)
        let inside = try asset("group", in: doc)
        XCTAssertEqual(names(inside), ["badge", "card"])
        XCTAssertEqual(drawnOpacity(inside[0]), 80)
        XCTAssertEqual(inside[1]["ks"]?["o"]?["k"], .number(100))
        let times = keyTimes(.array(inside))
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(times.min()), (r.sourceStart - 1 / 120) * fr - 1e-6)
        XCTAssertLessThanOrEqual(try XCTUnwrap(times.max()), (r.sourceEnd + 1 / 120) * fr + 1e-6)
    }

    /// Examples/group-fade-retrace-part.json: a still screen (0.6) over a finger and a card whose
    /// tab, outside the screen, retraces with it. The screen holds part of the retraced set: the
    /// set splits in two remapped precomps (the card's in the screen's asset, the tab's at the
    /// root), each with a `tm` track; here that costs more than the keys it saves, so the file is
    /// written without the subtree retrace: the screen is a group precomp at 60, the card, finger
    /// and screen at 100 and the badge at its own 80 inside, the tab at the root.
    func testAGroupHoldingPartOfTheRetracedSetIsAPrecompWithoutTheRetraceWhenThatIsSmaller() throws {
        let url = ExportFixtures.repositoryRoot.appendingPathComponent("Examples/group-fade-retrace-part.json")
        let sim = try Simulation(try DefinitionFile.load(url, displayPath: "Examples/group-fade-retrace-part.json"))
        let r = try XCTUnwrap(SubtreeRetrace.detect(sim, rules: .lottie, screenTolerance: 0.25))
        let id = { (name: String) in try XCTUnwrap(sim.layers.firstIndex { $0.id == name }) }
        XCTAssertTrue(try r.layers.isSuperset(of: [id("card"), id("tab")]))
        XCTAssertFalse(r.layers.contains(try id("finger")))
        let t = KeyframedTransition.fitted(sim, for: .lottie)
        let split = LottieDocument(t)
        let splitJSON = try split.build()
        XCTAssertEqual(split.subtreeRuns, 2, "the card's run in the screen's asset, the tab's at the root")
        let doc = try LottieWriter().lottie(t)
        XCTAssertLessThan(LottieWriter.text(doc).utf8.count, LottieWriter.text(splitJSON).utf8.count)
        XCTAssertEqual(doc, try LottieWriter().lottie(t, subtrees: false))
        XCTAssertFalse(array(doc["assets"]).contains { $0["id"] == .string("subtree") })
        let top = array(doc["layers"])
        XCTAssertEqual(names(top), ["tab", "group-of-screen", "background"])
        XCTAssertEqual(top[1]["refId"], .string("group"))
        XCTAssertEqual(top[1]["ks"]?["o"]?["k"], .number(60))
        let inside = try asset("group", in: doc)
        XCTAssertEqual(names(inside), ["badge", "card", "finger", "screen"])
        XCTAssertEqual(inside.map(drawnOpacity), [80, 100, 100, 100])
    }

    /// Examples/group-fade-retrace-split.json: the same with more retraced motion (springs, a
    /// shrinking card with rows, a bar): split in two remapped precomps, one `tm` for both, the
    /// file smaller than without the retrace, every layer where the simulation puts it.
    func testARetracedSetSplitByAGroupIsTwoPrecompsPlayedByOneRemap() throws {
        let url = ExportFixtures.repositoryRoot.appendingPathComponent("Examples/group-fade-retrace-split.json")
        let sim = try Simulation(try DefinitionFile.load(url, displayPath: "Examples/group-fade-retrace-split.json"))
        let t = KeyframedTransition.fitted(sim, for: .lottie)
        let doc = try LottieWriter().lottie(t)
        XCTAssertLessThan(LottieWriter.text(doc).utf8.count, LottieWriter.text(try LottieWriter().lottie(t, subtrees: false)).utf8.count)
        let top = array(doc["layers"])
        XCTAssertEqual(names(top), ["subtree", "group-of-screen", "background"])
        XCTAssertEqual(names(try asset("subtree", in: doc)), ["tab", "bar"])
        let inside = try asset("group", in: doc)
        XCTAssertEqual(names(inside), ["subtree-2", "finger", "screen"])
        XCTAssertEqual(names(try asset("subtree-2", in: doc)), ["row2", "row1", "badge", "card"])
        XCTAssertEqual(top[0]["tm"], inside[0]["tm"], "one remap")
        XCTAssertEqual(top[1]["ks"]?["o"]?["k"], .number(60))
        let duration = sim.timeline.duration
        for layer in sim.layers {
            let name = try XCTUnwrap(layer.id)
            var worst = 0.0
            for k in 0...40 {
                let time = duration * Double(k) / 40 * 0.999
                let size = sim.state(at: time).layers[layer.index].size
                let local = [Point(0, 0), Point(size.width, 0), Point(size.width, size.height), Point(0, size.height)]
                let drawn = try local.map { try XCTUnwrap(placed($0, layer: name, in: doc, at: time), name) }
                for (a, b) in zip(drawn, sim.state(at: time).corners(of: layer.index)) { worst = max(worst, a.distance(to: b)) }
            }
            XCTAssertLessThan(worst, 0.5, name)
        }
    }
}
