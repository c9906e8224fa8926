import JSONText
import XCTest

@testable import TransitionModel

/// Numbers are checked where they enter, each against its stated range (DefinitionLimits), and
/// every refusal is one located line. The reproductions of issue 15 are here as values.
final class DefinitionLimitsTests: XCTestCase {
    func replacing(_ a: String, _ b: String) -> String {
        XCTAssertTrue(minimalDefinition.contains(a), a)
        return minimalDefinition.replacingOccurrences(of: a, with: b)
    }

    func testHugeScaleIsRefusedWhereItIsWritten() {
        // douyin-present with scale 1e300 trapped in NumberFormat; a one-number scale skipped the check.
        let text = replacing("\"property\": \"position\", \"value\": [50, 100]", "\"property\": \"transform\", \"value\": {\"scale\": 1e300}")
        XCTAssertEqual(decodeError(text), "t.json:12:82: phases.present[0].changes[0].value.scale: expected a scale from -1000 to 1000, found 1e+300")
        let pair = replacing("\"property\": \"position\", \"value\": [50, 100]", "\"property\": \"transform\", \"value\": {\"scale\": [1, -1001]}")
        XCTAssertEqual(decodeError(pair), "t.json:12:86: phases.present[0].changes[0].value.scale[1]: expected a scale from -1000 to 1000, found -1001")
    }

    func testLongDurationsAreRefused() {
        // slide-up-segue with 1e9 s aborted on allocation; circle-reveal-pop with 3600 s hung.
        XCTAssertEqual(
            decodeError(replacing("\"duration\": 0.5", "\"duration\": 1e9")),
            "t.json:11:20: phases.present[0].duration: expected a duration from 0 to 60 s, found 1000000000")
        XCTAssertEqual(
            decodeError(replacing("\"duration\": 0.5", "\"duration\": 3600")),
            "t.json:11:20: phases.present[0].duration: expected a duration from 0 to 60 s, found 3600")
        XCTAssertEqual(
            decodeError(replacing("\"duration\": 0.5", "\"duration\": 60, \"delay\": 60.5")),
            "t.json:11:33: phases.present[0].delay: expected a delay from 0 to 60 s, found 60.5")
        XCTAssertEqual(
            decodeError(replacing("\"canvas\"", "\"timeline\": {\"holdAfter\": 61}, \"canvas\"")),
            "t.json:5:29: timeline.holdAfter: expected a hold from 0 to 60 s, found 61")
    }

    func testSpringsPerspectiveAndLengthsHaveRanges() {
        XCTAssertEqual(
            decodeError(replacing("\"damping\": 0.8", "\"damping\": 1e-9")),
            "t.json:11:63: phases.present[0].timing.uikitSpring.damping: expected a damping ratio from 0.001 to 1000, found 0.000000001")
        XCTAssertEqual(
            decodeError(replacing("\"velocity\": 1}", "\"velocity\": 1e4}")),
            "t.json:11:80: phases.present[0].timing.uikitSpring.velocity: expected a velocity from -1000 to 1000, found 10000")
        XCTAssertEqual(
            decodeError(replacing("\"fill\"", "\"sublayerTransform\": {\"perspective\": 1e-300}, \"fill\"")),
            "t.json:7:100: layers[0].sublayerTransform.perspective: expected an eye distance from 1 to 100000 points (m34 = −1/d), found 1e-300")
        XCTAssertEqual(
            decodeError(replacing("[10, 20, 30, 40]", "[10, 20, 1e9, 40]")),
            "t.json:7:54: layers[0].frame[2]: expected a number from -100000 to 100000, found 1000000000")
        XCTAssertEqual(
            decodeError(replacing("[10, 20, 30, 40]", "[10, 20, 30, 40], \"transform\": {\"rotation\": 1e6}")),
            "t.json:7:89: layers[0].transform.rotation: expected an angle from -36000 to 36000 degrees, found 1000000")
    }

    func testNestingAndCountCeilings() {
        var layer = "{\"type\": \"rect\", \"frame\": [0, 0, 1, 1]}"
        for _ in 0..<70 { layer = "{\"type\": \"group\", \"frame\": [0, 0, 1, 1], \"children\": [\(layer)]}" }
        let deep = replacing("{\"id\": \"card\"", "\(layer), {\"id\": \"card\"")
        XCTAssertTrue(decodeError(deep).hasSuffix(": layers nest more than 64 deep; expected a flatter tree"), decodeError(deep))
        let many = Array(repeating: "{\"type\": \"rect\", \"frame\": [0, 0, 1, 1]}", count: 10_001).joined(separator: ", ")
        let e = decodeError(replacing("{\"id\": \"card\"", "\(many), {\"id\": \"card\""))
        XCTAssertTrue(e.hasPrefix("t.json:7:") && e.hasSuffix(": layers[10000]: more than 10000 layers (art included); expected at most 10000"), e)
    }

    /// 1,000 phases (the cost is linear in phases since tracks skip finished animations); one more is refused.
    func testPhaseCeiling() {
        func phases(_ n: Int) -> String {
            // Assignments (`before`): animations of one property have their own ceiling of 100.
            let block = "[{\"duration\": 0.01, \"before\": [{\"layer\": \"card\", \"property\": \"opacity\", \"value\": 0.5}], \"changes\": []}]"
            return replacing("\"present\": [", (0..<n).map { "\"p\($0)\": \(block), " }.joined() + "\"present\": [")
        }
        XCTAssertEqual(decodeError(phases(999)), "no error")
        XCTAssertEqual(decodeError(phases(1_000)), "t.json:9:13: phases: 1001 phases; expected at most 1000")
    }

    /// The name names the files: 200 characters are taken, 201 refused where the name is written
    /// (a 5,000-character one failed as "cannot write ...: the name is too long", exit 1).
    func testNameLengthIsBoundedWhereItIsWritten() {
        XCTAssertEqual(decodeError(replacing("\"name\": \"mini\"", "\"name\": \"m\(String(repeating: "i", count: 199))\"")), "no error")
        XCTAssertEqual(
            decodeError(replacing("\"name\": \"mini\"", "\"name\": \"m\(String(repeating: "i", count: 200))\"")),
            "t.json:3:11: name: expected a name of at most 200 characters (it names the files written), found 201")
    }

    func testMessagesStayOnOneLine() {
        let text = replacing("\"name\": \"mini\"", "\"name\": \"two\\nlines\\u0007\"")
        XCTAssertEqual(decodeError(text), "t.json:3:11: name: expected a name of letters, digits, '-' or '_', found \"two\\nlines\\u{7}\"")
        let long = replacing("\"name\": \"mini\"", "\"name\": \"\(String(repeating: "é", count: 2000))\"")
        let line = decodeError(long)
        XCTAssertLessThan(line.count, 700)
        XCTAssertTrue(line.contains(" … "), line)
        XCTAssertFalse(line.contains("\n"))
    }

    func testNonUTF8NamesTheFirstBadByte() {
        let bytes = Array("{\n  \"name\": \"ab".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        XCTAssertThrowsError(try DefinitionText.utf8(bytes, file: "t.json")) {
            XCTAssertEqual("\($0)", "t.json:2:14: byte 0xC3 at offset 15 is not UTF-8; expected UTF-8 text")
        }
        XCTAssertEqual(try DefinitionText.utf8(Array("{}".utf8), file: "t.json"), "{}")
    }

    func testPathOnlyDiagnosticsAreLocatedFromTheFile() throws {
        let root = try JSONParser.parse(minimalDefinition)
        let d = DefinitionDiagnostic(file: "t.json", location: nil, path: "phases.present[0].changes[0]", message: "m")
        XCTAssertEqual(d.located(in: root).description, "t.json:12:20: phases.present[0].changes[0]: m")
        // A path into art (not in the file) points at the nearest node the file has.
        let art = DefinitionDiagnostic(file: "t.json", location: nil, path: "layers[0].children[3].frame", message: "m")
        XCTAssertEqual(art.located(in: root).description, "t.json:7:5: layers[0].children[3].frame: m")
    }
}
