import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Exporters

/// Group opacity beyond a filled card over opaque sublayers (docs/lottie.md#group-opacity): a
/// fading group without a fill over overlapping translucent sublayers, two fading groups side by
/// side (a fading layer nested in a fading group: LottieGroupNestTests).
final class LottieGroupOpacityCasesTests: XCTestCase, LottieReading {
    func lottie(_ layers: [LayerDefinition], fading: [String: Double]) throws -> JSONValue {
        let changes = fading.keys.sorted().flatMap { id in
            [PropertyChange(layer: id, .position(Point(325, 422))), PropertyChange(layer: id, .opacity(fading[id]!))]
        }
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white), layers: layers,
            phases: [Phase(name: "p", blocks: [AnimationBlock(duration: 0.6, timing: .named(.easeInOut), changes: changes)])])
        return try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
    }

    func names(_ layers: [JSONValue]) -> [String] {
        layers.compactMap { if case .string(let s)? = $0["nm"] { return s } else { return nil } }
    }

    func pane(_ id: String, _ frame: Rect, opacity: Double = 1, children: [LayerDefinition] = []) -> LayerDefinition {
        LayerDefinition(id: id, kind: .rect, frame: frame, opacity: opacity, fill: .solid(.white), children: children)
    }

    func asset(_ id: String, in doc: JSONValue) throws -> [JSONValue] {
        array(try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string(id) }, "no asset \(id)")["layers"])
    }

    /// No fill, two overlapping sublayers at 0.8: the group fades as one precomp layer (100 -> 50);
    /// inside, each sublayer keeps its own 80, not 80 x the group's.
    func testAnUnfilledGroupOverTranslucentSublayersFadesAsOnePrecomp() throws {
        let group = LayerDefinition(
            id: "group", kind: .group, frame: Rect(0, 0, 390, 844),
            children: [pane("back", Rect(40, 160, 220, 300), opacity: 0.8), pane("front", Rect(130, 300, 220, 300), opacity: 0.8)])
        let doc = try lottie([group], fading: ["group": 0.5])
        let top = array(doc["layers"])
        let precomp = try XCTUnwrap(top.first { $0["nm"] == .string("group-of-group") }, "\(names(top))")
        XCTAssertEqual(precomp["refId"], .string("group"))
        let o = array(precomp["ks"]?["o"]?["k"])
        XCTAssertEqual(o.map { numbers($0["s"]) }, [[100], [50]])
        let inner = try asset("group", in: doc)
        XCTAssertEqual(Set(names(inner)), ["group", "back", "front"])
        for layer in inner {
            XCTAssertEqual(drawnOpacity(layer), layer["nm"] == .string("group") ? 100 : 80, "\(names([layer]))")
        }
    }

    /// Two fading cards side by side, each over a sublayer of its own: two precomps.
    func testTwoFadingGroupsAreTwoPrecomps() throws {
        let left = pane("left", Rect(0, 0, 190, 844), children: [pane("left-dot", Rect(20, 20, 100, 100))])
        let right = pane("right", Rect(200, 0, 190, 844), children: [pane("right-dot", Rect(20, 20, 100, 100))])
        let doc = try lottie([left, right], fading: ["left": 0.4, "right": 0.7])
        let top = names(array(doc["layers"]))
        XCTAssertEqual(Set(top).intersection(["group-of-left", "group-of-right"]).count, 2, "\(top)")
        XCTAssertEqual(Set(array(doc["assets"]).compactMap { $0["id"] }), [.string("group"), .string("group-2")])
        for id in ["group", "group-2"] {
            for layer in try asset(id, in: doc) { XCTAssertEqual(layer["ks"]?["o"]?["k"], .number(100), "\(names([layer]))") }
        }
        let byName = Dictionary(uniqueKeysWithValues: array(doc["layers"]).map { (names([$0])[0], $0) })
        XCTAssertEqual(numbers(array(byName["group-of-left"]?["ks"]?["o"]?["k"]).last?["s"]), [40])
        XCTAssertEqual(numbers(array(byName["group-of-right"]?["ks"]?["o"]?["k"]).last?["s"]), [70])
    }

    /// A fading group whose sublayers paint nothing but one layer: no precomp (nothing overlaps).
    func testNoPrecompWhenOnlyOneLayerPaints() throws {
        let group = LayerDefinition(id: "group", kind: .group, frame: Rect(0, 0, 390, 844), children: [pane("only", Rect(40, 160, 220, 300))])
        let doc = try lottie([group], fading: ["group": 0.5])
        XCTAssertTrue(array(doc["assets"]).isEmpty)
        XCTAssertEqual(numbers(array(layer(named: "only", in: doc)?["ks"]?["o"]?["k"]).last?["s"]), [50])
    }
}
