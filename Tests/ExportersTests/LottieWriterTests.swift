import XCTest
import Foundation
import TransitionModel
import Motion
import Simulation
import Keyframes
import JSONText
@testable import Exporters

final class LottieWriterTests: XCTestCase {
    // MARK: Fixtures

    static let canvas = Canvas(size: Size(390, 844), background: Color(red: 0.1, green: 0.1, blue: 0.12))

    /// A card that moves with easeInOut, a child dot, a spring-driven sheet, a faded container.
    static func sampleDefinition() -> TransitionDefinition {
        let card = LayerDefinition(id: "card", kind: .rect, frame: Rect(40, 100, 200, 120), cornerRadius: 12,
                                   fill: .solid(Color(red: 1, green: 0.4, blue: 0.3)),
                                   children: [LayerDefinition(kind: .ellipse, frame: Rect(10, 10, 40, 40), fill: .solid(.white)),
                                              LayerDefinition(kind: .text(lines: 2), frame: Rect(60, 20, 120, 30), fill: .solid(.white))])
        let sheet = LayerDefinition(id: "sheet", kind: .rect, frame: Rect(0, 844, 390, 844), cornerRadius: 0,
                                    fill: .linearGradient(LinearGradient(start: Point(0, 0), end: Point(0, 1), stops: [
                                        .init(offset: 0, color: Color(red: 0.2, green: 0.6, blue: 1)),
                                        .init(offset: 1, color: Color(red: 0.1, green: 0.2, blue: 0.8, alpha: 0.5))])))
        let container = LayerDefinition(id: "container", kind: .group, frame: Rect(0, 0, 390, 844), opacity: 0.8,
                                        children: [card, sheet])
        let present = Phase(name: "present", blocks: [
            AnimationBlock(duration: 0.4, timing: .named(.easeInOut), changes: [
                PropertyChange(layer: "card", .position(Point(200, 500))),
            ]),
            AnimationBlock(duration: 0.5, timing: .uikitSpring(dampingRatio: 0.5, velocity: 0), changes: [
                PropertyChange(layer: "sheet", .position(Point(195, 422))),
            ]),
        ])
        let dismiss = Phase(name: "dismiss", blocks: [
            AnimationBlock(duration: 0.3, timing: .named(.easeOut), changes: [
                PropertyChange(layer: "container", .opacity(0.4)),
                PropertyChange(layer: "card", .position(Point(140, 160))),
                PropertyChange(layer: "card", .transform(LayerTransform(scale: Point(0.5, 0.5), rotation: .pi / 8))),
            ]),
            AnimationBlock(duration: 0, timing: .named(.linear), before: [PropertyChange(layer: "sheet", .hidden(true))], changes: []),
        ])
        return TransitionDefinition(name: "lottie-sample", description: "test", canvas: canvas,
                                    layers: [container], phases: [present, dismiss])
    }

    static func keyframed(_ d: TransitionDefinition) throws -> KeyframedTransition {
        KeyframedTransition(try Simulation(d))
    }

    static func export(_ d: TransitionDefinition) throws -> (KeyframedTransition, JSONValue, String) {
        let k = try keyframed(d)
        let json = try LottieWriter().lottie(k)
        let text = try LottieWriter().data(k)
        return (k, json, text)
    }

    func layer(named name: String, in doc: JSONValue) -> JSONValue? {
        guard case .array(let layers)? = doc["layers"] else { return nil }
        return layers.first { $0["nm"] == .string(name) }
    }

    func number(_ v: JSONValue?) -> Double? { if case .number(let d)? = v { return d } else { return nil } }
    func array(_ v: JSONValue?) -> [JSONValue] { if case .array(let a)? = v { return a } else { return [] } }
    func numbers(_ v: JSONValue?) -> [Double] { array(v).compactMap(number) }

    // MARK: Lottie's own interpolation (what a player computes)

    /// The value of a Lottie property at frame f: bezier easing from o/i, holds, held ends.
    func evaluate(_ prop: JSONValue, atFrame f: Double) -> [Double] {
        if prop["a"] == .number(0) {
            let k = prop["k"]!
            return number(k).map { [$0] } ?? numbers(k)
        }
        let kfs = array(prop["k"])
        let times = kfs.map { number($0["t"])! }
        if f <= times[0] { return numbers(kfs[0]["s"]) }
        for n in 0..<(kfs.count - 1) where f < times[n + 1] && f >= times[n] {
            let a = numbers(kfs[n]["s"]), b = numbers(kfs[n + 1]["s"])
            if kfs[n]["h"] == .number(1) { return a }
            let u = (f - times[n]) / (times[n + 1] - times[n])
            let curve = CubicBezier(numbers(kfs[n]["o"]?["x"])[0], numbers(kfs[n]["o"]?["y"])[0],
                                    numbers(kfs[n]["i"]?["x"])[0], numbers(kfs[n]["i"]?["y"])[0])
            let p = curve.progress(at: u)
            return zip(a, b).map { $0 + ($1 - $0) * p }
        }
        return numbers(kfs[kfs.count - 1]["s"])
    }

    // MARK: Tests

    func testTopLevelKeyOrderAndTimeline() throws {
        let (k, doc, _) = try Self.export(Self.sampleDefinition())
        guard case .object(let members) = doc else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["v", "fr", "ip", "op", "w", "h", "nm", "ddd", "assets", "layers", "markers"])
        XCTAssertEqual(doc["v"], .string("5.7.0"))
        XCTAssertEqual(number(doc["fr"]), 60)
        XCTAssertEqual(number(doc["ip"]), 0)
        XCTAssertEqual(number(doc["op"]), (k.timeline.duration * 60 - 1e-6).rounded(.up))
        XCTAssertEqual(number(doc["w"]), 390)
        XCTAssertEqual(number(doc["h"]), 844)
        XCTAssertEqual(doc["ddd"], .number(0))
        // Background: the last layer (drawn at the bottom), a canvas-size rect.
        let layers = array(doc["layers"])
        XCTAssertEqual(layers.last?["nm"], .string("background"))
        XCTAssertEqual(layers.compactMap { number($0["ind"]) }, (1...layers.count).map(Double.init))
    }

    func testMarkersMatchPhases() throws {
        let (k, doc, _) = try Self.export(Self.sampleDefinition())
        let markers = array(doc["markers"])
        XCTAssertEqual(markers.count, k.timeline.phases.count)
        for (m, p) in zip(markers, k.timeline.phases) {
            XCTAssertEqual(m["cm"], .string(p.name))
            XCTAssertEqual(number(m["tm"])!, p.start * 60, accuracy: 1e-6)
            XCTAssertEqual(number(m["dr"])!, p.duration * 60, accuracy: 1e-6)
        }
        XCTAssertEqual(number(markers[0]["tm"])!, 36, accuracy: 1e-9)  // hold 0.6 s
        XCTAssertEqual(number(markers[0]["dr"])!, 30, accuracy: 1e-9)  // longest block 0.5 s
    }

    func testBezierChangeGivesTwoKeyframesWithTheCurve() throws {
        let (_, doc, _) = try Self.export(Self.sampleDefinition())
        let container = try XCTUnwrap(layer(named: "container", in: doc))
        let o = try XCTUnwrap(container["ks"]?["o"])
        // Constant before/after, one easeOut segment 0.3 s long in the dismiss phase.
        let kfs = array(o["k"])
        let moving = kfs.enumerated().filter { n, kf in
            n + 1 < kfs.count && numbers(kf["s"]) != numbers(kfs[n + 1]["s"])
        }
        XCTAssertEqual(moving.count, 1)
        let kf = moving[0].element, next = kfs[moving[0].offset + 1]
        XCTAssertEqual(numbers(kf["o"]?["x"]), [0]); XCTAssertEqual(numbers(kf["o"]?["y"]), [0])
        XCTAssertEqual(numbers(kf["i"]?["x"]), [0.58]); XCTAssertEqual(numbers(kf["i"]?["y"]), [1])
        XCTAssertEqual(numbers(kf["s"]), [80]); XCTAssertEqual(numbers(next["s"]), [40])
        XCTAssertEqual(number(next["t"])! - number(kf["t"])!, 18, accuracy: 1e-9)

        // The card's position: easeInOut, exactly 2 keyframes in the present phase.
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        let p = array(card["ks"]?["p"]?["k"])
        let first = try XCTUnwrap(p.first { numbers($0["s"]) == [140, 160] && number($0["t"]) == 36 })
        XCTAssertEqual(numbers(first["o"]?["x"]), [0.42]); XCTAssertEqual(numbers(first["o"]?["y"]), [0])
        XCTAssertEqual(numbers(first["i"]?["x"]), [0.58]); XCTAssertEqual(numbers(first["i"]?["y"]), [1])
        let arrive = try XCTUnwrap(p.first { number($0["t"]) == 60 })
        XCTAssertEqual(numbers(arrive["s"]), [200, 500])
    }

    func testSpringKeyframesMatchSimulation() throws {
        let (k, doc, _) = try Self.export(Self.sampleDefinition())
        let sheet = try XCTUnwrap(layer(named: "sheet", in: doc))
        let p = try XCTUnwrap(sheet["ks"]?["p"])
        let kfs = array(p["k"])
        XCTAssertGreaterThan(kfs.count, 20, "a spring is baked into many keys")
        let i = try XCTUnwrap(k.simulation.index(ofLayer: "sheet"))
        var checked = 0
        for kf in kfs {
            let f = number(kf["t"])!
            do {
                let frame = f
                let s = k.simulation.layers[i].state(at: frame / 60)
                let want = s.position + s.transform.translation
                let got = evaluate(p, atFrame: frame)
                XCTAssertEqual(got[0], want.x, accuracy: 0.05, "x at frame \(frame)")
                XCTAssertEqual(got[1], want.y, accuracy: 0.05, "y at frame \(frame)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
        // Between keys the 240 Hz linear sampling of the reducer is what bounds the error.
        var worst = 0.0
        for frame in 0...Int(number(doc["op"])!) {
            let s = k.simulation.layers[i].state(at: Double(frame) / 60)
            worst = max(worst, abs(evaluate(p, atFrame: Double(frame))[1] - s.position.y - s.transform.translation.y))
        }
        print("sheet spring: worst error at whole frames \(worst) px")
        XCTAssertLessThan(worst, 2)
    }

    func testEffectiveOpacityMultipliesAncestors() throws {
        let (k, doc, _) = try Self.export(Self.sampleDefinition())
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        let o = try XCTUnwrap(card["ks"]?["o"])
        let ci = try XCTUnwrap(k.simulation.index(ofLayer: "card"))
        for frame in stride(from: 0.0, through: number(doc["op"])!, by: 1) {
            let scene = k.simulation.state(at: min(frame / 60, k.timeline.duration - 1e-9))
            XCTAssertEqual(evaluate(o, atFrame: frame)[0], scene.effectiveOpacity[ci] * 100, accuracy: 0.01, "frame \(frame)")
        }
        // card 1 × container 0.8 at the start.
        XCTAssertEqual(evaluate(o, atFrame: 0)[0], 80, accuracy: 1e-9)
        // Parented to the container.
        let container = try XCTUnwrap(layer(named: "container", in: doc))
        XCTAssertEqual(card["parent"], container["ind"])
    }

    func testHiddenBecomesHoldOpacityGroup() throws {
        let (k, doc, _) = try Self.export(Self.sampleDefinition())
        let sheet = try XCTUnwrap(layer(named: "sheet", in: doc))
        let shapes = array(sheet["shapes"])
        XCTAssertEqual(shapes.count, 1)
        XCTAssertEqual(shapes[0]["nm"], .string("visibility"))
        let tr = try XCTUnwrap(array(shapes[0]["it"]).last)
        XCTAssertEqual(tr["ty"], .string("tr"))
        let kfs = array(tr["o"]?["k"])
        XCTAssertEqual(kfs.map { numbers($0["s"]) }, [[100], [0]])
        XCTAssertEqual(kfs[0]["h"], .number(1))
        let phase = k.timeline.phases[1]
        XCTAssertEqual(number(kfs[1]["t"])!, phase.start * 60, accuracy: 1e-6)
    }

    func testLayerOrderIsReversedPaintOrder() throws {
        let (_, doc, _) = try Self.export(Self.sampleDefinition())
        let names = array(doc["layers"]).compactMap { v -> String? in if case .string(let s)? = v["nm"] { return s } else { return nil } }
        XCTAssertEqual(names, ["sheet", "card", "container", "background"])
        // Static children are groups inside the card, the ellipse below the text (text first = on top).
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        let items = array(card["shapes"])
        XCTAssertEqual(items.count, 3)  // text group, ellipse group, card fill
        XCTAssertEqual(array(array(items[1]["it"]).first?["it"]).first?["ty"], .string("el"))
        XCTAssertEqual(array(items[2]["it"]).first?["ty"], .string("rc"))
        // Every group's transform is its last item and complete.
        for item in items {
            let tr = try XCTUnwrap(array(item["it"]).last)
            guard case .object(let m) = tr else { return XCTFail() }
            XCTAssertEqual(m.map(\.key), ["ty", "a", "p", "s", "r", "o", "sk", "sa"])
        }
    }

    func testDeterministicAndNumberText() throws {
        let d = Self.sampleDefinition()
        let a = try LottieWriter().data(try Self.keyframed(d))
        let b = try LottieWriter().data(try Self.keyframed(d))
        XCTAssertEqual(a, b)
        XCTAssertFalse(a.contains("-0,") || a.contains("-0]") || a.contains("-0}"), "no -0")
        XCTAssertNil(a.range(of: #"[0-9][eE][-+]?[0-9]"#, options: .regularExpression), "no exponents")
        XCTAssertNil(a.range(of: #"\.[0-9]{7,}"#, options: .regularExpression), "at most 6 decimals")
        XCTAssertNil(a.range(of: #"\s"#, options: .regularExpression), "compact")
        // Round trip: it is JSON.
        XCTAssertNoThrow(try JSONParser.parse(a))
    }

    func testRotationAndScaleInLottieUnits() throws {
        let (_, doc, _) = try Self.export(Self.sampleDefinition())
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        let r = array(card["ks"]?["r"]?["k"])
        XCTAssertEqual(numbers(r.last?["s"]), [22.5])
        let s = array(card["ks"]?["s"]?["k"])
        XCTAssertEqual(numbers(s.last?["s"]), [50, 50])
        XCTAssertEqual(card["ks"]?["a"]?["k"], .array([.number(100), .number(60)]))
    }

    func testCombineKeepsEasingWhenOneInputMovesAndSamplesOtherwise() {
        let ease = KeyframeEasing.bezier(.easeInEaseOut)
        let a = KeyframeTrack([Keyframe(time: 0, value: LVec([0]), easing: ease), Keyframe(time: 1, value: LVec([10]))])
        let b = KeyframeTrack([Keyframe(time: 0, value: LVec([5])), Keyframe(time: 2, value: LVec([5]))])
        let sum = LottieTracks.combine([a, b], .jointlyAffine) { $0[0] + $0[1] }
        XCTAssertEqual(sum.keyframes.map(\.value), [LVec([5]), LVec([15])])
        XCTAssertEqual(sum.keyframes[0].easing, ease)
        // Both moving, one eased: sampled at 240 Hz, exact at every sample.
        let c = KeyframeTrack([Keyframe(time: 0, value: LVec([0])), Keyframe(time: 1, value: LVec([4]))])
        let both = LottieTracks.combine([a, c], .jointlyAffine) { $0[0] + $0[1] }
        XCTAssertEqual(both.keyframes.count, 241)
        for t in stride(from: 0.0, through: 1, by: 0.01) {
            XCTAssertEqual(LottieTracks.value(both, at: t).c[0],
                           LottieTracks.value(a, at: t).c[0] + LottieTracks.value(c, at: t).c[0], accuracy: 0.01)
        }
        // A jump stays a jump: hold key, then the new value at the same time.
        let step = KeyframeTrack([Keyframe(time: 0, value: LVec([1]), easing: .hold), Keyframe(time: 0.5, value: LVec([2]), easing: .hold)])
        let prod = LottieTracks.combine([c, step], .affineInEach) { LVec([$0[0].c[0] * $0[1].c[0]]) }
        let atJump = prod.keyframes.filter { $0.time == 0.5 }
        XCTAssertEqual(atJump.map(\.value), [LVec([2]), LVec([4])])
        XCTAssertEqual(atJump[0].easing, .hold)
    }

    func testClipsToBoundsUsesMaskAndMatte() throws {
        let inner = LayerDefinition(id: "video", kind: .rect, frame: Rect(-20, -20, 300, 300), fill: .solid(.white))
        let player = LayerDefinition(id: "player", kind: .rect, frame: Rect(45, 200, 300, 400), cornerRadius: 20,
                                     clipsToBounds: true, fill: .solid(.black),
                                     children: [LayerDefinition(kind: .ellipse, frame: Rect(-50, -50, 100, 100), fill: .solid(.white)), inner])
        let d = TransitionDefinition(name: "clip", description: "", canvas: Self.canvas, layers: [player], phases: [
            Phase(name: "go", blocks: [AnimationBlock(duration: 0.3, changes: [PropertyChange(layer: "video", .position(Point(150, 300)))])]),
        ])
        let (_, doc, _) = try Self.export(d)
        let layers = array(doc["layers"])
        let names = layers.compactMap { v -> String? in if case .string(let s)? = v["nm"] { return s } else { return nil } }
        XCTAssertEqual(names, ["clip-of-video", "video", "player", "background"])
        XCTAssertEqual(layers[0]["td"], .number(1))
        XCTAssertEqual(layers[0]["parent"], layers[2]["ind"])
        XCTAssertEqual(layers[1]["tt"], .number(1))
        XCTAssertEqual(layers[1]["tp"], layers[0]["ind"])
        XCTAssertEqual(layers[2]["hasMask"], .bool(true))
        let mask = try XCTUnwrap(array(layers[2]["masksProperties"]).first)
        XCTAssertEqual(mask["mode"], .string("a"))
        XCTAssertEqual(mask["x"], LJ.staticNum(0, 0))
        XCTAssertEqual(array(mask["pt"]?["k"]?["v"]).count, 8)
    }

    func testNestedClipsMapOuterRectIntoInnerSpace() throws {
        let leaf = LayerDefinition(id: "leaf", kind: .rect, frame: Rect(0, 0, 50, 50), fill: .solid(.white))
        let inner = LayerDefinition(id: "inner", kind: .rect, frame: Rect(100, 100, 200, 200), clipsToBounds: true,
                                    fill: .solid(.black), children: [leaf])
        let outer = LayerDefinition(id: "outer", kind: .rect, frame: Rect(20, 20, 250, 250), clipsToBounds: true,
                                    fill: .solid(.black), children: [inner])
        let d = TransitionDefinition(name: "nested", description: "", canvas: Self.canvas, layers: [outer], phases: [
            Phase(name: "go", blocks: [AnimationBlock(duration: 0.3, changes: [PropertyChange(layer: "leaf", .position(Point(150, 150)))])]),
        ])
        let (_, doc, _) = try Self.export(d)
        let matte = try XCTUnwrap(layer(named: "clip-of-leaf", in: doc))
        XCTAssertEqual(matte["parent"], layer(named: "inner", in: doc)?["ind"])
        let mask = try XCTUnwrap(array(matte["masksProperties"]).first)
        // outer's bounds (0,0,250,250) seen from inner's bounds (its origin is outer's (100,100)).
        XCTAssertEqual(array(mask["pt"]?["k"]?["v"]).map(numbers), [[-100, -100], [150, -100], [150, 150], [-100, 150]])
    }

    func testSnapshotStretchesSourceArt() throws {
        let cell = LayerDefinition(id: "cell", kind: .rect, frame: Rect(0, 0, 100, 200), fill: .solid(.white),
                                   children: [LayerDefinition(kind: .text(lines: 3), frame: Rect(10, 150, 80, 30), fill: .solid(.black))])
        let snap = LayerDefinition(id: "snap", kind: .snapshot(of: "cell"), frame: Rect(0, 0, 100, 200))
        let d = TransitionDefinition(name: "snap", description: "", canvas: Self.canvas, layers: [cell, snap], phases: [
            Phase(name: "grow", blocks: [AnimationBlock(duration: 0.3, changes: [PropertyChange(layer: "snap", .frame(Rect(0, 0, 390, 844)))])]),
        ])
        let (_, doc, _) = try Self.export(d)
        let s = try XCTUnwrap(layer(named: "snap", in: doc))
        let stretch = try XCTUnwrap(array(s["shapes"]).first)
        XCTAssertEqual(stretch["nm"], .string("stretch"))
        let scale = try XCTUnwrap(array(stretch["it"]).last?["s"])
        XCTAssertEqual(numbers(array(scale["k"]).last?["s"]), [390, 422])
        // The source's child (3 bars) above the source's fill.
        let art = array(stretch["it"]).dropLast()
        XCTAssertEqual(art.count, 2)
        XCTAssertEqual(array(art.first?["it"]).count, 3 + 1)
    }

    /// Writes every template in Templates/ as Lottie into $LOTTIE_EXPORT_DIR (manual checks).
    func testExportTemplatesWhenAsked() throws {
        guard let dir = ProcessInfo.processInfo.environment["LOTTIE_EXPORT_DIR"] else { throw XCTSkip("LOTTIE_EXPORT_DIR not set") }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let templates = root.appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: templates.path).filter { $0.hasSuffix(".json") && !$0.contains("schema") }.sorted()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for f in files {
            let text = try String(contentsOf: templates.appendingPathComponent(f), encoding: .utf8)
            let d = try DefinitionDecoder.decode(text, file: f)
            let out = try LottieWriter().data(try Self.keyframed(d))
            try out.write(toFile: dir + "/" + f, atomically: true, encoding: .utf8)
        }
        let sample = try LottieWriter().data(try Self.keyframed(Self.sampleDefinition()))
        try sample.write(toFile: dir + "/lottie-sample.json", atomically: true, encoding: .utf8)
    }
}
