import JSONText
import XCTest

@testable import Exporters

/// A group member with several paints takes its opacity on them only where their areas never
/// overlap (LottiePaintsApart.swift): then per-paint opacity draws what the layer's does, and
/// rlottie has no `ks.o` below 100 to step the group's precomp down (docs/lottie.md#group-opacity).
final class LottiePaintsApartTests: XCTestCase, LottieReading {
    func parsed(_ text: String) throws -> JSONValue { try JSONParser.parse(text).value }

    func rect(_ x: Double, _ w: Double = 20) -> String {
        #"{"ty": "rc", "p": {"a": 0, "k": [\#(x + w / 2), 50]}, "s": {"a": 0, "k": [\#(w), 20]}, "r": {"a": 0, "k": 0}}"#
    }
    func fill(_ o: Double = 100) -> String { #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": \#(o)}, "r": 1}"# }
    func group(_ items: String..., tr: String = #"{"ty": "tr", "o": {"a": 0, "k": 100}}"#) -> String {
        #"{"ty": "gr", "it": [\#(items.joined(separator: ", ")), \#(tr)]}"#
    }
    func layer(_ groups: String..., o: String = #"{"a": 0, "k": 50}"#) throws -> JSONValue {
        try parsed(#"{"ty": 4, "nm": "m", "ind": 1, "ks": {"o": \#(o)}, "shapes": [\#(groups.joined(separator: ", "))]}"#)
    }
    func paints(_ layer: JSONValue) -> [JSONValue] {
        func walk(_ items: [JSONValue]) -> [JSONValue] {
            items.flatMap { item -> [JSONValue] in
                if item["ty"] == .string("gr") { return walk(array(item["it"])) }
                guard case .string(let ty)? = item["ty"], LottieDocument.paintKinds.contains(ty) else { return [] }
                return [item]
            }
        }
        return walk(array(layer["shapes"]))
    }

    func testPaintsApartEachTakeTheLayersOpacity() throws {
        let gradient =
            #"{"ty": "gf", "o": {"a": 0, "k": 100}, "s": {"a": 0, "k": [40, 0]}, "e": {"a": 0, "k": [60, 0]}, "t": 1, "#
            + #""g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}}"#
        let l = try layer(group(rect(0), fill(60)), group(rect(40), gradient), group(rect(80), fill()))
        XCTAssertTrue(LottieDocument.paintsApart(array(l["shapes"])))
        let out = LottieDocument.solePaintOpacity(l)
        XCTAssertEqual(out["ks"]?["o"], LJ.staticNum(100, 0))
        XCTAssertEqual(paints(out).map { number($0["o"]?["k"]) }, [30, 50, 50])
        XCTAssertEqual(paints(out).map { $0["ty"] }, paints(l).map { $0["ty"] }, "the same paints, in order")
    }

    func testOverlappingPaintsKeepTheLayersOpacity() throws {
        let overlapping = try layer(group(rect(0), fill()), group(rect(15), fill()))
        XCTAssertFalse(LottieDocument.paintsApart(array(overlapping["shapes"])))
        XCTAssertEqual(LottieDocument.solePaintOpacity(overlapping), overlapping)
        // A fill and its stroke share a path; an outer fill paints the paths of the groups before it.
        let stroked = try layer(group(rect(0), fill(), #"{"ty": "st", "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lj": 2}"#))
        XCTAssertFalse(LottieDocument.paintsApart(array(stroked["shapes"])))
        let outer = try layer(group(group(rect(0)), rect(30), fill(), group(rect(70), fill())))
        XCTAssertTrue(LottieDocument.paintsApart(array(outer["shapes"])))
        let outerOver = try layer(group(group(rect(60)), rect(0), fill(), group(rect(70), fill())))
        XCTAssertFalse(LottieDocument.paintsApart(array(outerOver["shapes"])), "the outer fill paints the nested rect at 60..80")
    }

    /// A stroke reaches half its width past its path, times the miter limit at a miter join.
    func testAStrokeReachesPastItsPath() throws {
        func stroke(_ w: Double, join: Int, limit: Double = 4) -> String {
            #"{"ty": "st", "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": \#(w)}, "lc": 1, "lj": \#(join), "ml": \#(limit)}"#
        }
        // Rects 5 apart (20..25).
        let shapes = { (s: String) in try self.layer(self.group(self.rect(0), s), self.group(self.rect(25), self.fill())) }
        XCTAssertTrue(LottieDocument.paintsApart(array(try shapes(stroke(4, join: 2))["shapes"])), "round: 2 past the path")
        XCTAssertFalse(LottieDocument.paintsApart(array(try shapes(stroke(12, join: 2))["shapes"])), "round: 6 past")
        XCTAssertFalse(LottieDocument.paintsApart(array(try shapes(stroke(4, join: 1))["shapes"])), "miter 4: 8 past")
    }

    /// Keyed paths: apart at every key, they may still meet between two (one moving past the
    /// other); an easing handle past 1 overshoots the key; each stretch between two key times
    /// is bounded on its own (one square leaves before the other comes).
    func testKeyedPathsAreBoundedBetweenTheirKeys() throws {
        func square(_ x: Double) -> String {
            #"{"c": true, "v": [[\#(x), 40], [\#(x + 10), 40], [\#(x + 10), 60], [\#(x), 60]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
        }
        func path(_ keys: [(Double, Double)], y: Double = 1) -> String {
            let written = keys.map { #"{"t": \#($0.0), "s": [\#(square($0.1))], "o": {"x": 0.4, "y": 0}, "i": {"x": 0.6, "y": \#(y)}}"# }
            return #"{"ty": "sh", "ks": {"a": 1, "k": [\#(written.joined(separator: ", "))]}}"#
        }
        let still = #"{"ty": "sh", "ks": {"a": 0, "k": \#(square(50))}}"#
        let passing = try layer(group(path([(0, 0), (10, 100)]), fill()), group(still, fill()))
        XCTAssertFalse(LottieDocument.paintsApart(array(passing["shapes"])), "apart at t 0 and 10, across at 5")
        XCTAssertEqual(LottieDocument.solePaintOpacity(passing), passing)
        let short = try layer(group(path([(0, 0), (10, 30)]), fill()), group(still, fill()))
        XCTAssertTrue(LottieDocument.paintsApart(array(short["shapes"])))
        let overshooting = try layer(group(path([(0, 0), (10, 30)], y: 1.5), fill()), group(still, fill()))
        XCTAssertFalse(LottieDocument.paintsApart(array(overshooting["shapes"])), "30 x 1.5 = 45: 45..55 reaches 50")
        // 0..20 then 10..40, while the other goes 25..60 then stays at 50..60.
        let following = try layer(group(path([(0, 0), (10, 10), (20, 30)]), fill()), group(path([(0, 25), (10, 50), (20, 50)]), fill()))
        XCTAssertTrue(LottieDocument.paintsApart(array(following["shapes"])))
        let early = try layer(group(path([(0, 0), (10, 20), (20, 30)]), fill()), group(path([(0, 25), (10, 50), (20, 50)]), fill()))
        XCTAssertFalse(LottieDocument.paintsApart(array(early["shapes"])), "0..30 meets 25..60 in the first stretch")
    }

    /// Group transforms move the boxes (static ones; keyed or skewed ones are not bounded);
    /// opacity keyed on the layer and on a paint cannot multiply, so nothing moves.
    func testTransformsAndKeyedOpacities() throws {
        func tr(p: [Double], a: [Double], r: Double) -> String {
            #"{"ty": "tr", "p": {"a": 0, "k": \#(p)}, "a": {"a": 0, "k": \#(a)}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": \#(r)}, "o": {"a": 0, "k": 100}}"#
        }
        let shifted = tr(p: [30, 0], a: [0, 0], r: 0)
        XCTAssertFalse(LottieDocument.paintsApart(array(try layer(group(rect(0), fill(), tr: shifted), group(rect(40), fill()))["shapes"])))
        XCTAssertTrue(LottieDocument.paintsApart(array(try layer(group(rect(0), fill(), tr: shifted), group(rect(60), fill()))["shapes"])))
        // A 40 x 20 rect turned upright about its centre (20, 50) spans x 10..30, clear of 32..52.
        let turned = tr(p: [20, 50], a: [20, 50], r: 90)
        XCTAssertTrue(LottieDocument.paintsApart(array(try layer(group(rect(0, 40), fill(), tr: turned), group(rect(32), fill()))["shapes"])))
        XCTAssertFalse(LottieDocument.paintsApart(array(try layer(group(rect(0, 40), fill()), group(rect(32), fill()))["shapes"])))
        let keyedTr = #"{"ty": "tr", "p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 9, "s": [1, 0]}]}, "o": {"a": 0, "k": 100}}"#
        XCTAssertFalse(LottieDocument.paintsApart(array(try layer(group(rect(0), fill(), tr: keyedTr), group(rect(60), fill()))["shapes"])))
        let keyedO = #"{"a": 1, "k": [{"t": 0, "s": [100]}, {"t": 9, "s": [50]}]}"#
        let keyedFill = #"{"ty": "fl", "o": \#(keyedO)}"#
        let both = try layer(group(rect(0), fill()), group(rect(60), keyedFill), o: keyedO)
        XCTAssertTrue(LottieDocument.paintsApart(array(both["shapes"])))
        XCTAssertEqual(LottieDocument.solePaintOpacity(both), both, "one paint cannot take it: none does")
    }
}
