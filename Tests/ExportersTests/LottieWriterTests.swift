import Foundation
import JSONText
import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Exporters

final class LottieWriterTests: XCTestCase, LottieReading {
    // MARK: Fixtures

    static let canvas = Canvas(size: Size(390, 844), background: Color(red: 0.1, green: 0.1, blue: 0.12))

    /// A card that moves with easeInOut, a child dot, a spring-driven sheet, a faded container.
    static func sampleDefinition() -> TransitionDefinition {
        let card = LayerDefinition(
            id: "card", kind: .rect, frame: Rect(40, 100, 200, 120), numbers: [.cornerRadius: 12],
            fill: .solid(Color(red: 1, green: 0.4, blue: 0.3)),
            children: [
                LayerDefinition(kind: .ellipse, frame: Rect(10, 10, 40, 40), fill: .solid(.white)),
                LayerDefinition(kind: .text(lines: 2), frame: Rect(60, 20, 120, 30), fill: .solid(.white)),
            ])
        let sheet = LayerDefinition(
            id: "sheet", kind: .rect, frame: Rect(0, 844, 390, 844), numbers: [.cornerRadius: 0],
            fill: .linearGradient(
                LinearGradient(
                    start: Point(0, 0), end: Point(0, 1),
                    stops: [
                        .init(offset: 0, color: Color(red: 0.2, green: 0.6, blue: 1)),
                        .init(offset: 1, color: Color(red: 0.1, green: 0.2, blue: 0.8, alpha: 0.5)),
                    ])))
        let container = LayerDefinition(
            id: "container", kind: .group, frame: Rect(0, 0, 390, 844), opacity: 0.8,
            children: [card, sheet])
        let present = Phase(
            name: "present",
            blocks: [
                AnimationBlock(
                    duration: 0.4, timing: .named(.easeInOut),
                    changes: [
                        PropertyChange(layer: "card", .position(Point(200, 500)))
                    ]),
                AnimationBlock(
                    duration: 0.5, timing: .uikitSpring(dampingRatio: 0.5, velocity: 0),
                    changes: [
                        PropertyChange(layer: "sheet", .position(Point(195, 422)))
                    ]),
            ])
        let dismiss = Phase(
            name: "dismiss",
            blocks: [
                AnimationBlock(
                    duration: 0.3, timing: .named(.easeOut),
                    changes: [
                        PropertyChange(layer: "container", .opacity(0.4)),
                        PropertyChange(layer: "card", .position(Point(140, 160))),
                        PropertyChange(layer: "card", .transform(LayerTransform(scale: Point(0.5, 0.5), rotation: .pi / 8))),
                    ]),
                AnimationBlock(duration: 0, timing: .named(.linear), before: [PropertyChange(layer: "sheet", .hidden(true))], changes: []),
            ])
        return TransitionDefinition(
            name: "lottie-sample", description: "test", canvas: canvas,
            layers: [container], phases: [present, dismiss])
    }

    /// A clipping player with a static child sticking out and an animated child (matte).
    static func clipDefinition() -> TransitionDefinition {
        let inner = LayerDefinition(id: "video", kind: .rect, frame: Rect(-20, -20, 300, 300), fill: .solid(Color(red: 0.9, green: 0.8, blue: 0.2)))
        let player = LayerDefinition(
            id: "player", kind: .rect, frame: Rect(45, 200, 300, 400), numbers: [.cornerRadius: 20],
            clipsToBounds: true, fill: .solid(Color(red: 0.2, green: 0.3, blue: 0.5)),
            children: [LayerDefinition(kind: .ellipse, frame: Rect(-50, -50, 100, 100), fill: .solid(.white)), inner])
        return TransitionDefinition(
            name: "lottie-clip", description: "", canvas: canvas, layers: [player],
            phases: [
                Phase(
                    name: "go",
                    blocks: [
                        AnimationBlock(duration: 0.3, changes: [PropertyChange(layer: "video", .position(Point(150, 300)))]),
                        AnimationBlock(
                            duration: 0.4, delay: 0.1, timing: .named(.easeOut),
                            changes: [
                                PropertyChange(layer: "player", .transform(LayerTransform(scale: Point(0.6, 0.6), rotation: -0.3))),
                                PropertyChange(layer: "player", .cornerRadius(60)),
                            ]),
                    ])
            ])
    }

    /// Two nested clipping layers; the inner one moves, so the outer rect seen from it animates.
    static func nestedClipDefinition() -> TransitionDefinition {
        let leaf = LayerDefinition(id: "leaf", kind: .rect, frame: Rect(0, 0, 50, 50), fill: .solid(.white))
        let inner = LayerDefinition(
            id: "inner", kind: .rect, frame: Rect(100, 100, 200, 200), clipsToBounds: true,
            fill: .solid(Color(red: 0.8, green: 0.2, blue: 0.2)), children: [leaf])
        let outer = LayerDefinition(
            id: "outer", kind: .rect, frame: Rect(20, 20, 250, 250), clipsToBounds: true,
            fill: .solid(Color(red: 0.2, green: 0.2, blue: 0.8)), children: [inner])
        return TransitionDefinition(
            name: "lottie-nested-clip", description: "", canvas: canvas, layers: [outer],
            phases: [
                Phase(
                    name: "go",
                    blocks: [
                        AnimationBlock(duration: 0.3, changes: [PropertyChange(layer: "leaf", .position(Point(150, 150)))]),
                        AnimationBlock(
                            duration: 0.5, timing: .uikitSpring(dampingRatio: 0.7, velocity: 0),
                            changes: [
                                PropertyChange(layer: "inner", .position(Point(260, 240))),
                                PropertyChange(layer: "inner", .transform(LayerTransform(rotation: 0.5))),
                            ]),
                    ])
            ])
    }

    /// A snapshot of a cell (fill + text bars) stretched from the cell's frame to full screen.
    static func snapshotDefinition() -> TransitionDefinition {
        let cell = LayerDefinition(
            id: "cell", kind: .rect, frame: Rect(0, 0, 100, 200), fill: .solid(Color(red: 0.3, green: 0.7, blue: 0.4)),
            children: [LayerDefinition(kind: .text(lines: 3), frame: Rect(10, 150, 80, 30), fill: .solid(.black))])
        let snap = LayerDefinition(id: "snap", kind: .snapshot(of: "cell"), frame: Rect(0, 0, 100, 200))
        return TransitionDefinition(
            name: "lottie-snapshot", description: "", canvas: canvas, layers: [cell, snap],
            phases: [
                Phase(name: "grow", blocks: [AnimationBlock(duration: 0.3, changes: [PropertyChange(layer: "snap", .frame(Rect(0, 0, 390, 844)))])])
            ])
    }

    /// A snapshot of a clipping, rounded card whose badge sticks out; the snapshot itself clips
    /// with a larger radius and has a static child (a close button) near its corner.
    static func clippedSnapshotDefinition() -> TransitionDefinition {
        let badge = LayerDefinition(kind: .ellipse, frame: Rect(150, -30, 80, 80), fill: .solid(Color(red: 1, green: 0.2, blue: 0.3)))
        let card = LayerDefinition(
            id: "card", kind: .rect, frame: Rect(20, 60, 200, 140), numbers: [.cornerRadius: 16], clipsToBounds: true,
            fill: .solid(Color(red: 0.95, green: 0.85, blue: 0.3)),
            children: [badge, LayerDefinition(kind: .text(lines: 2), frame: Rect(16, 90, 150, 30), fill: .solid(.black))])
        let close = LayerDefinition(kind: .ellipse, frame: Rect(-10, -10, 40, 40), fill: .solid(.white))
        let snap = LayerDefinition(
            id: "card-snapshot", kind: .snapshot(of: "card"), frame: Rect(20, 60, 200, 140),
            numbers: [.cornerRadius: 30], clipsToBounds: true, children: [close])
        return TransitionDefinition(
            name: "lottie-clipped-snapshot", description: "", canvas: canvas, layers: [card, snap],
            phases: [
                Phase(name: "open", blocks: [AnimationBlock(duration: 0.4, changes: [PropertyChange(layer: "card-snapshot", .frame(Rect(0, 200, 390, 500)))])])
            ])
    }

    /// Fitted for Lottie, as the Lottie files are written (PlayerFiles).
    static func keyframed(_ d: TransitionDefinition) throws -> KeyframedTransition {
        KeyframedTransition.fitted(try Simulation(d), for: .lottie)
    }

    static func export(_ d: TransitionDefinition) throws -> (KeyframedTransition, JSONValue, String) {
        let k = try keyframed(d)
        let json = try LottieWriter().lottie(k)
        let text = try LottieWriter().data(k)
        return (k, json, text)
    }

    /// A shape property's value at its first key.
    func firstShape(_ prop: JSONValue?) -> JSONValue? {
        prop?["a"] == .number(0) ? prop?["k"] : array(prop?["k"]).first?["s"].flatMap { array($0).first }
    }

    // MARK: Tests

    /// A timeline that is not a whole number of frames (the sample's last hold 12.5 ms longer: three
    /// quarters of a frame at 60 fps) loops in Lottie as in the SVG: the composition's `op` is the fractional frame count,
    /// each layer lasts to the next whole frame. A whole `op` rounded up made every loop up to a
    /// frame longer (a third of the batch's 432 variants were more than half a frame off).
    func testAFractionalTimelineKeepsItsLengthAsTheCompositionsOutPoint() throws {
        var d = Self.sampleDefinition()
        d.timeline.holdAfter += 0.0125
        let (k, doc, _) = try Self.export(d)
        let frames = k.timeline.duration * 60
        XCTAssertGreaterThan(abs(frames - frames.rounded()), 0.2, "the sample's timeline is not whole frames")
        XCTAssertEqual(try XCTUnwrap(number(doc["op"])), frames, accuracy: 1e-6)
        for layer in array(doc["layers"]) { XCTAssertEqual(number(layer["op"]), frames.rounded(.up)) }
        // A whole number of frames stays an integer.
        let (whole, wholeDoc, _) = try Self.export(Self.sampleDefinition())
        XCTAssertEqual(number(wholeDoc["op"]), (whole.timeline.duration * 60).rounded())
    }

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
        // Unique and in order (the container's group precomp layer keeps its first layer's ind).
        let inds = layers.compactMap { number($0["ind"]) }
        XCTAssertEqual(inds.count, layers.count)
        XCTAssertEqual(inds, inds.sorted())
        XCTAssertEqual(Set(inds).count, inds.count)
    }

    /// rlottie reads a layer as 3D unless `ddd: 0` comes before `ks`, and then ignores `r`.
    func testEveryLayerIs2DBeforeItsTransform() throws {
        let (_, doc, _) = try Self.export(Self.clipDefinition())
        for l in array(doc["layers"]) {
            guard case .object(let m) = l else { return XCTFail() }
            let keys = m.map(\.key)
            XCTAssertEqual(keys.first, "ddd")
            XCTAssertEqual(l["ddd"], .number(0))
            XCTAssertLessThan(keys.firstIndex(of: "ddd")!, keys.firstIndex(of: "ks")!)
        }
    }

    /// rlottie/ThorVG key their curve cache by the handles at 2 decimals; finer curves get a name.
    func testCurvesFinerThanTwoDecimalsAreNamed() throws {
        XCTAssertNil(LottieProperties.interpolatorName(.easeInEaseOut))
        XCTAssertNil(LottieProperties.interpolatorName(.linear))
        XCTAssertEqual(LottieProperties.interpolatorName(CubicBezier(0.175, 0.885, 0.32, 1.275)), "0.175_0.885_0.32_1.275")
        // Each value rounded to 6 decimals first; one finer value names the curve; a sign is kept.
        XCTAssertEqual(LottieProperties.interpolatorName(CubicBezier(0.25, -0.0000004, 0.5, 1.0000001)), nil)
        XCTAssertEqual(LottieProperties.interpolatorName(CubicBezier(0.25, 0, 0.5, 1.001)), "0.25_0_0.5_1.001")
        XCTAssertEqual(LottieProperties.interpolatorName(CubicBezier(0.3049, -0.0049, 0.6951, 0.99512345)), "0.3049_-0.0049_0.6951_0.995123")
        var d = Self.sampleDefinition()
        d.phases[0].blocks[0].timing = .cubicBezier(x1: 0.3049, y1: 0.0049, x2: 0.6951, y2: 0.9951)
        let (_, doc, _) = try Self.export(d)
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        let eased = array(card["ks"]?["p"]?["k"]).filter { $0["o"] != nil && numbers($0["o"]?["x"]) != [0] }
        XCTAssertEqual(eased.count, 1)
        XCTAssertEqual(eased[0]["n"], .array([.string("0.3049_0.0049_0.6951_0.9951")]))
    }

    /// rlottie and ThorVG show the first of two keys at one time, lottie-web the second: the file
    /// never has two, and the new value holds from the jump's frame on.
    func testJumpsNeverShareAKeyTime() throws {
        let v = { (x: Double) in LVec([x]) }
        let fr = 60.0
        // After a constant stretch: the earlier key holds.
        var out = LottieProperties.withoutCoincidentKeys(
            [
                Keyframe(time: 0, value: v(1)), Keyframe(time: 1, value: v(1), easing: .hold), Keyframe(time: 1, value: v(5)),
                Keyframe(time: 2, value: v(5)),
            ], frameRate: fr)
        XCTAssertEqual(out.map(\.time), [0, 1, 2])
        XCTAssertEqual(out.map(\.easing), [.hold, .linear, .linear])
        // At the first key: the old value is keyed from 0.
        out = LottieProperties.withoutCoincidentKeys([Keyframe(time: 1.5, value: v(1), easing: .hold), Keyframe(time: 1.5, value: v(0))], frameRate: fr)
        XCTAssertEqual(out.map(\.time), [0, 1.5])
        XCTAssertEqual(out.map(\.value), [v(1), v(0)])
        XCTAssertEqual(out[0].easing, .hold)
        // Ending a moving segment: the old value 0.001 frame before.
        out = LottieProperties.withoutCoincidentKeys(
            [
                Keyframe(time: 0, value: v(0)), Keyframe(time: 1, value: v(3), easing: .hold), Keyframe(time: 1, value: v(7)),
            ], frameRate: fr)
        XCTAssertEqual(out.map(\.value), [v(0), v(3), v(7)])
        XCTAssertEqual(out[1].time, 1 - 0.001 / fr, accuracy: 1e-12)
        XCTAssertEqual(out[1].easing, .hold)

        // Every exported property.
        let (_, doc, _) = try Self.export(Self.sampleDefinition())
        func walk(_ v: JSONValue) {
            switch v {
            case .object(let m):
                if v["a"] == .number(1) {
                    let times = array(v["k"]).compactMap { number($0["t"]) }
                    XCTAssertEqual(times, times.sorted())
                    XCTAssertEqual(Set(times).count, times.count, "two keys at one time")
                }
                m.forEach { walk($0.value) }
            case .array(let a): a.forEach(walk)
            default: break
            }
        }
        walk(doc)
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
        // The container fades over overlapping sublayers: its fade is its group precomp layer's.
        let container = try XCTUnwrap(layer(named: "group-of-container", in: doc))
        let o = try XCTUnwrap(container["ks"]?["o"])
        // Constant before/after, one easeOut segment 0.3 s long in the dismiss phase: 2 keys.
        let kfs = array(o["k"])
        XCTAssertEqual(kfs.count, 2)
        let moving = kfs.enumerated().filter { n, kf in
            n + 1 < kfs.count && numbers(kf["s"]) != numbers(kfs[n + 1]["s"])
        }
        XCTAssertEqual(moving.count, 1)
        let kf = moving[0].element, next = kfs[moving[0].offset + 1]
        // Handles are written as numbers, not 1-element arrays.
        XCTAssertEqual(kf["o"]?["x"], .number(0)); XCTAssertEqual(kf["o"]?["y"], .number(0))
        XCTAssertEqual(kf["i"]?["x"], .number(0.58)); XCTAssertEqual(kf["i"]?["y"], .number(1))
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
        XCTAssertLessThan(kfs.count, 12, "a spring is fitted with a few eased keys, not baked")
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
        XCTAssertGreaterThan(checked, 3)
        // Between keys the fitter's tolerance (0.25 px on screen) bounds the error.
        var worst = 0.0
        for frame in 0...Int(number(doc["op"])!) {
            let s = k.simulation.layers[i].state(at: Double(frame) / 60)
            worst = max(worst, abs(evaluate(p, atFrame: Double(frame))[1] - s.position.y - s.transform.translation.y))
        }
        print("sheet spring: worst error at whole frames \(worst) px")
        XCTAssertLessThan(worst, 0.26)
    }

    /// The container fades over overlapping sublayers: its group precomp layer carries its
    /// opacity, the card inside its own (1), their product the effective opacity (docs/lottie.md#group-opacity).
    func testEffectiveOpacityIsTheGroupTimesTheLayersOwn() throws {
        let (k, doc, _) = try Self.export(Self.sampleDefinition())
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        let o = try XCTUnwrap(card["ks"]?["o"])
        let group = try XCTUnwrap(layer(named: "group-of-container", in: doc)?["ks"]?["o"])
        let ci = try XCTUnwrap(k.simulation.index(ofLayer: "card"))
        for frame in stride(from: 0.0, through: number(doc["op"])!, by: 1) {
            let scene = k.simulation.state(at: min(frame / 60, k.timeline.duration - 1e-9))
            let product = evaluate(o, atFrame: frame)[0] * evaluate(group, atFrame: frame)[0] / 100
            XCTAssertEqual(product, scene.effectiveOpacity[ci] * 100, accuracy: 0.01, "frame \(frame)")
        }
        // card 1 inside, container 0.8 on the precomp layer at the start.
        XCTAssertEqual(evaluate(o, atFrame: 0)[0], 100, accuracy: 1e-9)
        XCTAssertEqual(evaluate(group, atFrame: 0)[0], 80, accuracy: 1e-9)
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
        func names(_ layers: JSONValue?) -> [String] {
            array(layers).compactMap { v -> String? in if case .string(let s)? = v["nm"] { return s } else { return nil } }
        }
        // The fading container's subtree in its group precomp (docs/lottie.md#group-opacity).
        XCTAssertEqual(names(doc["layers"]), ["group-of-container", "background"])
        XCTAssertEqual(names(array(doc["assets"]).first { $0["id"] == .string("group") }?["layers"]), ["sheet", "card", "container"])
        // Static children are groups inside the card, the ellipse below the text (text first = on top).
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        let items = array(card["shapes"])
        XCTAssertEqual(items.count, 3)  // text group, ellipse group, card fill
        XCTAssertEqual(array(array(items[1]["it"]).first?["it"]).first?["ty"], .string("el"))
        XCTAssertEqual(array(items[2]["it"]).first?["ty"], .string("rc"))
        // Every group's transform is its last item, with only its non-identity parts and `o` (which
        // lottie-web needs), in a p s r o order, no skew; the card's static children sit at their
        // place, so at least one has more.
        let identity: [String: JSONValue] = [
            "a": LJ.staticArr([0, 0], 0), "p": LJ.staticArr([0, 0], 0), "s": LJ.staticArr([100, 100], 0),
            "r": LJ.staticNum(0, 0), "o": LJ.staticNum(100, 0),
        ]
        var parts = 0
        for item in items {
            let tr = try XCTUnwrap(array(item["it"]).last)
            guard case .object(let m) = tr else { return XCTFail() }
            XCTAssertEqual(m.first?.key, "ty")
            XCTAssertEqual(m.first?.value, .string("tr"))
            let keys = m.dropFirst().map(\.key)
            XCTAssertEqual(keys, ["a", "p", "s", "r", "o"].filter(keys.contains))
            XCTAssertEqual(keys.last, "o")
            for (key, value) in m.dropFirst() where key != "o" { XCTAssertNotEqual(value, identity[key], key) }
            parts += keys.count - 1
        }
        XCTAssertGreaterThan(parts, 0)
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
            XCTAssertEqual(
                LottieTracks.value(both, at: t).c[0],
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
        let (_, doc, _) = try Self.export(Self.clipDefinition())
        let layers = array(doc["layers"])
        let names = layers.compactMap { v -> String? in if case .string(let s)? = v["nm"] { return s } else { return nil } }
        XCTAssertEqual(names, ["clip-of-video", "video", "player", "background"])
        XCTAssertEqual(layers[0]["shapes"].map { array(array($0).first?["it"]).first?["ty"] }, .string("rc"))
        XCTAssertEqual(layers[0]["td"], .number(1))
        XCTAssertEqual(layers[0]["parent"], layers[2]["ind"])
        XCTAssertEqual(layers[1]["tt"], .number(1))
        XCTAssertEqual(layers[1]["tp"], layers[0]["ind"])
        XCTAssertEqual(layers[2]["hasMask"], .bool(true))
        let mask = try XCTUnwrap(array(layers[2]["masksProperties"]).first)
        XCTAssertEqual(mask["mode"], .string("a"))
        XCTAssertEqual(mask["x"], LJ.staticNum(0, 0))
        XCTAssertEqual(array(firstShape(mask["pt"])?["v"]).count, 8)
    }

    func testNestedClipsMapOuterRectIntoInnerSpace() throws {
        let (_, doc, _) = try Self.export(Self.nestedClipDefinition())
        let matte = try XCTUnwrap(layer(named: "clip-of-leaf", in: doc))
        XCTAssertEqual(matte["parent"], layer(named: "inner", in: doc)?["ind"])
        let mask = try XCTUnwrap(array(matte["masksProperties"]).first)
        // outer's bounds (0,0,250,250) seen from inner's bounds (its origin is outer's (100,100)).
        XCTAssertEqual(array(firstShape(mask["pt"])?["v"]).map(numbers), [[-100, -100], [150, -100], [150, 150], [-100, 150]])
        XCTAssertEqual(mask["pt"]?["a"], .number(1), "inner moves, so the outer rect moves in its space")
    }

    func testSnapshotOfAClippingSourceIsMasked() throws {
        let (_, doc, _) = try Self.export(Self.clippedSnapshotDefinition())
        let snap = try XCTUnwrap(layer(named: "card-snapshot", in: doc))
        let masks = array(snap["masksProperties"])
        XCTAssertEqual(masks.map { $0["mode"] }, [.string("a"), .string("i")])
        XCTAssertEqual(masks[1]["nm"], .string("clip-card"))
        // The source's radius 16 stretched with the art: 16 · 390/200 across, 16 · 500/140 down at the end.
        let last = try XCTUnwrap(array(masks[1]["pt"]?["k"]).last)
        let v = array(array(last["s"]).first?["v"]).map(numbers)
        XCTAssertEqual(v[0][0], 16 * 390 / 200, accuracy: 1e-3)
        XCTAssertEqual(v[2][1], 16 * 500 / 140, accuracy: 1e-3)
        // Its static child became a layer (clipped by the snapshot's own bounds through a matte, not by the card's clip).
        XCTAssertNotNil(layer(named: "clip-of-layer-4", in: doc))
        XCTAssertEqual(layer(named: "layer-4", in: doc)?["parent"], snap["ind"])
    }

    func testClipInsideSnapshotArtThatCutsIsAnError() throws {
        var d = Self.clippedSnapshotDefinition()
        // Move the clip one level down: a clipping group inside the card, whose child sticks out.
        d.layers[0].clipsToBounds = false
        d.layers[0].children = [
            LayerDefinition(
                kind: .group, frame: Rect(0, 0, 100, 100), clipsToBounds: true,
                children: [LayerDefinition(kind: .rect, frame: Rect(50, 50, 100, 100), fill: .solid(.black))])
        ]
        XCTAssertThrowsError(try LottieWriter().lottie(try Self.keyframed(d))) { error in
            XCTAssertTrue("\(error)".contains("clipsToBounds"), "\(error)")
        }
        // The same clip cutting nothing is fine (and exports nothing for it).
        d.layers[0].children[0].children[0] = LayerDefinition(kind: .rect, frame: Rect(10, 10, 50, 50), fill: .solid(.black))
        XCTAssertNoThrow(try LottieWriter().lottie(try Self.keyframed(d)))
    }

    func testSnapshotStretchesSourceArt() throws {
        let (_, doc, _) = try Self.export(Self.snapshotDefinition())
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
}
