import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Exporters

/// A fading card whose opaque sublayer is a Lottie layer of its own (it has an id): UIKit
/// composites the card's subtree once, so the subtree is a precomp and the precomp layer fades,
/// not each layer (the card would show through its sublayer: issue 11, docs/lottie.md#group-opacity).
final class LottieGroupOpacityTests: XCTestCase, LottieReading {
    func lottie(window: Bool, innerID: String? = "inner", opacity: Double = 0.6) throws -> JSONValue {
        let inner = LayerDefinition(id: innerID, kind: .rect, frame: Rect(40, 150, 310, 120), fill: .solid(.white))
        let card = LayerDefinition(id: "card", kind: .rect, frame: Rect(0, 0, 390, 844), fill: .solid(.black), children: [inner])
        let top =
            window
            ? LayerDefinition(id: "window", kind: .group, frame: Rect(0, 0, 390, 844), numbers: [.cornerRadius: 24], clipsToBounds: true, children: [card])
            : card
        let changes = [PropertyChange(layer: "card", .position(Point(325, 422))), PropertyChange(layer: "card", .opacity(opacity))]
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white), layers: [top],
            phases: [Phase(name: "p", blocks: [AnimationBlock(duration: 0.6, timing: .named(.easeInOut), changes: changes)])])
        return try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
    }

    func names(_ layers: [JSONValue]) -> [String] {
        layers.compactMap { if case .string(let s)? = $0["nm"] { return s } else { return nil } }
    }

    func testAFadingSubtreeIsOnePrecompLayerThatFades() throws {
        for window in [false, true] {
            let doc = try lottie(window: window)
            let top = array(doc["layers"])
            let group = try XCTUnwrap(top.first { $0["nm"] == .string("group-of-card") }, "\(names(top))")
            XCTAssertEqual(group["ty"], .number(0))
            XCTAssertEqual(group["refId"], .string("group"))
            // The card's fade, eased: 100 then 60.
            let o = array(group["ks"]?["o"]?["k"])
            XCTAssertEqual(o.count, 2)
            XCTAssertEqual(numbers(o[0]["s"]), [100])
            XCTAssertEqual(numbers(o[1]["s"]), [60])
            XCTAssertEqual(group["parent"] != nil, window, "parented to the static window")
            let asset = try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string("group") })
            let inner = array(asset["layers"])
            XCTAssertEqual(Set(names(inner)).isSuperset(of: ["card", "inner"]), true, "\(names(inner))")
            // Inside, every layer at its own opacity (1): nothing fades twice or shows through.
            for layer in inner { XCTAssertEqual(layer["ks"]?["o"]?["k"], .number(100), "\(names([layer]))") }
            XCTAssertFalse(names(top).contains("card") || names(top).contains("inner"))
        }
    }

    /// A card whose sublayer is shapes in the card's own layer needs no precomp; nor a card
    /// that never fades.
    func testNoPrecompWithoutLottieLayerSublayersOrAFade() throws {
        for doc in [try lottie(window: false, innerID: nil), try lottie(window: false, opacity: 1)] {
            XCTAssertTrue(array(doc["assets"]).isEmpty)
            XCTAssertTrue(names(array(doc["layers"])).contains("card"))
        }
    }
}
