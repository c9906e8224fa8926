import JSONText
import Keyframes
import Motion
import XCTest

@testable import Exporters

/// A retrace's cut of written keys (LottieKeyText.swift) gives the text of the same cut made on
/// the tree of that text, for every cut frame and start; a `"k"` list of objects that are not
/// keys is left to the tree.
final class LottieKeyTextTests: XCTestCase {
    let props = LottieProperties(frameRate: 60)

    /// A transform whose position and opacity have keys (bezier with an `n`, linear, hold) and
    /// a path property with keys, as the writer makes them (written text).
    func written() -> JSONValue {
        let v = { (x: Double) in LVec([x, 2 * x]) }
        let position = KeyframeTrack([
            Keyframe(time: 0, value: v(0), easing: .bezier(CubicBezier(0.3049, 0.0049, 0.6951, 0.99512345))),
            Keyframe(time: 0.5, value: v(10), easing: .linear), Keyframe(time: 1, value: v(20), easing: .hold),
            Keyframe(time: 1.5, value: v(30)), Keyframe(time: 2, value: v(15)),
        ])
        let opacity = KeyframeTrack([Keyframe(time: 0.25, value: LVec([100])), Keyframe(time: 1.25, value: LVec([40]))])
        let square = { (s: Double) in LVec([0, 0, s, 0, s, s, 0, s] + Array(repeating: 0, count: 16)) }
        let path = KeyframeTrack([Keyframe(time: 0, value: square(10)), Keyframe(time: 1, value: square(20)), Keyframe(time: 2, value: square(5))])
        return LJ.built { b in
            b.beginArray()
            b.beginObject()
            b.key("p")
            b.value(props.position(position))
            b.key("o")
            b.value(props.opacity(opacity))
            b.endObject()
            b.value(props.property(path, decimals: 4, kind: .path))
            b.value(LJ.staticNum(7, 0))
            b.endArray()
        }
    }

    func text(_ v: JSONValue) -> String { LottieWriter.text(v) }

    func testTheCutOfTheTree() throws {
        let value = written()
        guard case .written(let w) = value else { return XCTFail("not written") }
        let tree = try JSONParser.parse(text(value)).value
        var cuts = 0
        for frame in stride(from: -10.0, through: 130, by: 7.5) {
            for from in [-Double.infinity, 0, 14.9, 15, 45, 61, 90] {
                let expected = text(LottieDocument.truncated(tree, after: frame, from: from))
                switch LottieKeyText.truncated(w.bytes, after: frame, from: from) {
                case .unchanged?: XCTAssertEqual(text(value), expected, "frame \(frame) from \(from)")
                case .cut(let bytes)?:
                    cuts += 1
                    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected, "frame \(frame) from \(from)")
                case nil: XCTFail("a key list not read")
                }
                XCTAssertEqual(text(LottieDocument.truncated(value, after: frame, from: from)), expected)
            }
        }
        XCTAssertGreaterThan(cuts, 50)
    }

    func testAListOfOtherObjectsIsLeftToTheTree() {
        let other = JSONValue.built(maxDecimals: 6) { b in
            b.beginObject()
            b.key("a")
            b.int(1)
            b.key("k")
            b.beginArray()
            b.value(.object([(key: "s", value: .number(1)), (key: "t", value: .number(5))]))
            b.endArray()
            b.endObject()
        }
        guard case .written(let w) = other else { return XCTFail("not written") }
        XCTAssertNil(LottieKeyText.truncated(w.bytes, after: 1, from: -.infinity))
        // Not a key list of numbers either way: nothing cut.
        guard case .written(let still) = LJ.staticArr([1, 2], 0) else { return XCTFail("not written") }
        guard case .unchanged? = LottieKeyText.truncated(still.bytes, after: 1, from: -.infinity) else { return XCTFail("cut") }
    }

    /// A key's time read from its text without a String: Double(String)'s value, bits and all,
    /// for the writer's numbers and for texts it leaves to the parse.
    func testTimesReadAsTheParseReadsThem() {
        var texts = [
            "0", "-0", "7", "007", "12.5", "-12.5", "0.000001", "123456789012345", "1234567890123456", "1.5e3", ".5", "5.", "-", "", "1..2",
            "-.5", "--1", "+1", "12a", "999999999999999", "0.1", "0.3", "2.675", "1e-7",
        ]
        var state: UInt64 = 45
        for n in 0..<50_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let x = (Double(state >> 11) / Double(1 << 53) * 2 - 1) * [1e6, 1e3, 1, 1e-3][n % 4]
            texts.append(NumberFormat.string(x, maxDecimals: Int(state >> 60) % 10))
        }
        for t in texts {
            let bytes = Array(t.utf8)
            let read = bytes.withUnsafeBufferPointer { LottieKeyText.number($0) }
            XCTAssertEqual(read?.bitPattern, Double(t)?.bitPattern, t)
        }
    }
}
