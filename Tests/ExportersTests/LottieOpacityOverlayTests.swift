import Foundation
import JSONText
import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Exporters

/// The bottom layer's opacity written as a background-coloured fill overlay
/// (LottieOpacityOverlay.swift): where it applies, and every condition that keeps it off.
final class LottieOpacityOverlayTests: XCTestCase {
    typealias Base = LottieWriterTests
    let base = JSONReading()

    static let background = Color(red: 0.1, green: 0.1, blue: 0.12)

    /// A full-canvas opaque screen at the bottom dimming 1 → 0.5 (easeInOut) with a moving child
    /// at opacity 0.8, and a card above it; `edit` changes one thing.
    static func dimming(
        background: Color = background, screenFrame: Rect = Rect(0, 0, 390, 844),
        cornerRadius: Double = 0, fill: Fill? = .solid(.white), layerBelow: Bool = false,
        screenMoves: Bool = false
    ) -> TransitionDefinition {
        let dot = LayerDefinition(id: "dot", kind: .ellipse, frame: Rect(20, 20, 40, 40), opacity: 0.8, fill: .solid(.black))
        let screen = LayerDefinition(
            id: "screen", kind: .group, frame: screenFrame, numbers: [.cornerRadius: cornerRadius], fill: fill,
            children: [dot])
        let card = LayerDefinition(id: "card", kind: .rect, frame: Rect(40, 100, 200, 120), fill: .solid(Color(red: 1, green: 0.4, blue: 0.3)))
        let under = LayerDefinition(id: "under", kind: .rect, frame: Rect(0, 0, 100, 100), fill: .solid(.white))
        var changes = [
            PropertyChange(layer: "screen", .opacity(0.5)), PropertyChange(layer: "dot", .position(Point(200, 300))),
            PropertyChange(layer: "card", .position(Point(200, 500))),
        ]
        if screenMoves { changes.append(PropertyChange(layer: "screen", .position(Point(195, 430)))) }
        return TransitionDefinition(
            name: "overlay", description: "test", canvas: Canvas(size: Size(390, 844), background: background),
            layers: (layerBelow ? [under] : []) + [screen, card],
            phases: [Phase(name: "dim", blocks: [AnimationBlock(duration: 0.5, timing: .named(.easeInOut), changes: changes)])])
    }

    func layers(_ doc: JSONValue) -> [JSONValue] { base.array(doc["layers"]) }

    func ind(_ name: String, _ doc: JSONValue) throws -> Double {
        try XCTUnwrap(base.number(base.layer(named: name, in: doc)?["ind"]), name)
    }

    func overlayFill(_ overlay: JSONValue) throws -> JSONValue {
        let group = try XCTUnwrap(base.array(overlay["shapes"]).first)
        return try XCTUnwrap(base.array(group["it"]).first { $0["ty"] == .string("fl") })
    }

    /// Overlay present, layer opacity static 100, fill `o` = 100 − the layer's keyframes (same
    /// times and easing), rect = the layer's bounds, colour = the canvas background.
    func assertOverlay(on name: String, _ k: KeyframedTransition, _ doc: JSONValue, file: StaticString = #filePath, line: UInt = #line) throws {
        let l = try XCTUnwrap(k.simulation.index(ofLayer: name))
        let layer = try XCTUnwrap(base.layer(named: name, in: doc))
        let overlay = try XCTUnwrap(base.layer(named: "opacity-of-\(name)", in: doc), file: file, line: line)
        XCTAssertEqual(layer["ks"]?["o"], LJ.staticNum(100, 0), file: file, line: line)
        XCTAssertEqual(overlay["parent"], layer["ind"], file: file, line: line)
        let fill = try overlayFill(overlay)
        let bg = k.definition.canvas.background
        XCTAssertEqual(base.numbers(fill["c"]?["k"]), [bg.red, bg.green, bg.blue].map { NumberFormat.round($0, decimals: 4) }, file: file, line: line)
        let keys = base.array(fill["o"]?["k"])
        // As written: a jump's pre-jump key held or moved, so no two keys share a time (LottieProperties).
        let alpha = LottieProperties.withoutCoincidentKeys(
            k.layers[l].opacity.keyframes.map { Keyframe(time: $0.time, value: LVec([$0.value]), easing: $0.easing) },
            frameRate: k.definition.frameRate
        ).map { Keyframe(time: $0.time, value: $0.value.c[0], easing: $0.easing) }
        XCTAssertEqual(keys.count, alpha.count, file: file, line: line)
        let fr = k.definition.frameRate
        for (key, a) in zip(keys, alpha) {
            XCTAssertEqual(base.number(key["t"])!, a.time * fr, accuracy: 1e-6, file: file, line: line)
            XCTAssertEqual(base.numbers(key["s"])[0], 100 - 100 * a.value, accuracy: 0.0005, file: file, line: line)
        }
        // What a player draws: 1 − α at every frame, α the simulation's (within the fit's 0.002).
        let o = try XCTUnwrap(fill["o"])
        for frame in stride(from: 0.0, through: base.number(doc["op"])!, by: 1) {
            let alphaExact = k.simulation.state(at: min(frame / fr, k.timeline.duration - 1e-9)).effectiveOpacity[l]
            XCTAssertEqual(base.evaluate(o, atFrame: frame)[0], 100 - 100 * alphaExact, accuracy: 0.2, "frame \(frame)", file: file, line: line)
        }
        let rect = try XCTUnwrap(base.array(base.array(overlay["shapes"]).first?["it"]).first { $0["ty"] == .string("rc") })
        let size = k.layers[l].size.initialValue
        XCTAssertEqual(base.numbers(rect["s"]?["k"]), [size.width, size.height], file: file, line: line)
        XCTAssertEqual(base.numbers(rect["p"]?["k"]), [size.width / 2, size.height / 2], file: file, line: line)
        XCTAssertEqual(base.number(rect["r"]?["k"]), 0, file: file, line: line)
    }

    func testSharedElementPushDimsFromScreenByAnOverlay() throws {
        let k = try Base.keyframed(try ExportFixtures.template("shared-element-push"))
        let doc = try LottieWriter().lottie(k)
        try assertOverlay(on: "from-screen", k, doc)
        // Right above from-screen's subtree (its field), below every other layer.
        XCTAssertEqual(try ind("opacity-of-from-screen", doc) + 1, try ind("from-field", doc))
        XCTAssertEqual(try ind("from-field", doc) + 1, try ind("from-screen", doc))
        XCTAssertEqual(try ind("from-screen", doc) + 1, try ind("background", doc))
        XCTAssertEqual(try ind("to-screen", doc) + 1, try ind("opacity-of-from-screen", doc))
        // from-field's opacity no longer carries from-screen's (the overlay dims both).
        let field = try XCTUnwrap(base.layer(named: "from-field", in: doc)?["ks"]?["o"])
        let fi = try XCTUnwrap(k.simulation.index(ofLayer: "from-field"))
        for frame in stride(from: 0.0, through: base.number(doc["op"])!, by: 1) {
            let own = k.simulation.state(at: min(frame / 60, k.timeline.duration - 1e-9)).layers[fi].opacity
            XCTAssertEqual(base.evaluate(field, atFrame: frame)[0], own * 100, accuracy: 0.2, "frame \(frame)")
        }
        // Exactly one overlay in the file.
        XCTAssertEqual(layers(doc).filter { $0["nm"].flatMap { if case .string(let s) = $0 { s.hasPrefix("opacity-of-") } else { false } } ?? false }.count, 1)
    }

    func testAppliesToAFullCanvasOpaqueBottomLayer() throws {
        let (k, doc, _) = try Base.export(Self.dimming())
        try assertOverlay(on: "screen", k, doc)
        XCTAssertEqual(try ind("card", doc) + 1, try ind("opacity-of-screen", doc))
        XCTAssertEqual(try ind("dot", doc) + 1, try ind("screen", doc))
        // The child keeps its own 0.8, without the screen's factor.
        XCTAssertEqual(base.layer(named: "dot", in: doc)?["ks"]?["o"], LJ.staticNum(80, 0))
    }

    /// When a condition fails: no overlay, and the layer opacity animates 100 → 50 as before.
    func assertNoOverlay(_ d: TransitionDefinition, file: StaticString = #filePath, line: UInt = #line) throws {
        let (_, doc, _) = try Base.export(d)
        XCTAssertNil(base.layer(named: "opacity-of-screen", in: doc), file: file, line: line)
        // The screen's fade is on its layer, or on its group precomp layer when the screen paints
        // under its dot (docs/lottie.md#group-opacity): either way 100 -> 50 in effect.
        let op = base.number(doc["op"])!
        let group = base.layer(named: "group-of-screen", in: doc)?["ks"]?["o"]
        func fade(_ f: Double) -> Double { group.map { base.evaluate($0, atFrame: f)[0] / 100 } ?? 1 }
        let o = try XCTUnwrap(base.layer(named: "screen", in: doc)?["ks"]?["o"], file: file, line: line)
        XCTAssertEqual(base.evaluate(o, atFrame: 0)[0] * fade(0), 100, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(base.evaluate(o, atFrame: op)[0] * fade(op), 50, accuracy: 1e-9, file: file, line: line)
        // The child's opacity carries the screen's again (its own 0.8 inside a group precomp, on
        // its fill there: LottieSolePaintOpacity.swift).
        let dot = try XCTUnwrap(base.layer(named: "dot", in: doc), file: file, line: line)
        let own = try XCTUnwrap(group == nil ? base.evaluate(try XCTUnwrap(dot["ks"]?["o"]), atFrame: op).first : base.drawnOpacity(dot))
        XCTAssertEqual(own * fade(op), 40, accuracy: 1e-9, file: file, line: line)
        if group != nil { XCTAssertEqual(own, 80, accuracy: 1e-9, file: file, line: line) }
    }

    func testNotAppliedToALayerAboveAnother() throws {
        try assertNoOverlay(Self.dimming(layerBelow: true))
    }

    func testNotAppliedToARoundedLayer() throws {
        try assertNoOverlay(Self.dimming(cornerRadius: 12))
    }

    func testNotAppliedToATranslucentOrUnfilledLayer() throws {
        try assertNoOverlay(Self.dimming(fill: .solid(Color(red: 1, green: 1, blue: 1, alpha: 0.9))))
        try assertNoOverlay(Self.dimming(fill: nil))
        try assertNoOverlay(
            Self.dimming(
                fill: .linearGradient(
                    LinearGradient(
                        start: Point(0, 0), end: Point(0, 1),
                        stops: [
                            .init(offset: 0, color: .white), .init(offset: 1, color: Color(red: 1, green: 1, blue: 1, alpha: 0.5)),
                        ]))))
    }

    func testNotAppliedOverATranslucentBackground() throws {
        try assertNoOverlay(Self.dimming(background: Color(red: 0.1, green: 0.1, blue: 0.12, alpha: 0.5)))
    }

    func testNotAppliedWhenTheLayerDoesNotCoverTheCanvas() throws {
        try assertNoOverlay(Self.dimming(screenFrame: Rect(0, 0, 390, 800)))
        try assertNoOverlay(Self.dimming(screenFrame: Rect(1, 0, 390, 844)))
        // Covering at the start but moving.
        try assertNoOverlay(Self.dimming(screenMoves: true))
    }

    func testAppliesToALargerOpaqueLayerAndAGradient() throws {
        let (k, doc, _) = try Base.export(Self.dimming(screenFrame: Rect(-10, -10, 410, 900)))
        try assertOverlay(on: "screen", k, doc)
        let (k2, doc2, _) = try Base.export(
            Self.dimming(
                fill: .linearGradient(
                    LinearGradient(
                        start: Point(0, 0), end: Point(0, 1),
                        stops: [
                            .init(offset: 0, color: .white), .init(offset: 1, color: .black),
                        ]))))
        try assertOverlay(on: "screen", k2, doc2)
    }
}
