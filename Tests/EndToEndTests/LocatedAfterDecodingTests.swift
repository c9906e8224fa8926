import Foundation
import XCTest

/// Issue 15: problems found after decoding (the simulation, a format's limit) still name the
/// node's line and column: `file:line:column: json.path: message`, one line.
final class LocatedAfterDecodingTests: BinaryTestCase {
    /// Two sibling rects; `phase` is the JSON of one phase's blocks.
    func definition(phase: String, mask: Bool = false) -> String {
        """
        {"version": 1, "name": "two", "description": "d", "canvas": {"size": [100, 100]},
         "layers": [
          {"id": "a", "type": "rect", "frame": [0, 0, 50, 50]\(mask ? ", \"mask\": {\"shape\": \"rect\", \"frame\": [0, 0, 20, 20]}" : ""),
           "children": [{"id": "inner", "type": "rect", "frame": [0, 0, 10, 10]}]},
          {"id": "b", "type": "rect", "frame": [10, 10, 50, 50]}
         ],
         "phases": {"p": \(phase)}}
        """
    }

    func testAZPositionChangeThatReordersSiblingsNamesTheChange() throws {
        let text = definition(
            phase: """
                [{"duration": 0.5,
                  "before": [{"layer": "b", "property": "opacity", "value": 0.5},
                             {"layer": "a", "property": "zPosition", "value": 5}],
                  "changes": [{"layer": "b", "property": "opacity", "value": 1}]}]
                """)
        try text.write(to: tmp.appendingPathComponent("z.json"), atomically: true, encoding: .utf8)
        let r = try ToolRunner.run(["--input", "z.json", "--format", "tracks", "--output", "out"], in: tmp)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(
            r.stderr,
            "z.json:9:14: phases.p[0].before[1]: a zPosition change at 0.6 s reorders sibling layers "
                + "(\"a\" would move above \"b\"); the exported formats draw in one fixed order\n")
    }

    /// A mask over a named, animated sublayer is a Lottie limit: exit 1 at the sublayer's line,
    /// nothing written, and the other formats are not blocked by it.
    func testALottieLimitNamesTheLayerAndDoesNotBlockOtherFormats() throws {
        let text = definition(
            phase: """
                [{"duration": 0.5, "changes": [{"layer": "inner", "property": "opacity", "value": 0.5}]}]
                """, mask: true)
        try text.write(to: tmp.appendingPathComponent("mask.json"), atomically: true, encoding: .utf8)
        let r = try ToolRunner.run(["--input", "mask.json", "--format", "svg,lottie", "--output", "out"], in: tmp)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(
            r.stderr.hasPrefix(
                "mask.json:4:17: layers[0].children[0]: cannot export two.json (Lottie): layer \"inner\" is its own Lottie layer inside \"a\", which has a mask"
            ),
            r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1)
        XCTAssertEqual(files(in: tmp), ["mask.json"], "nothing is written when one file cannot be made")
        XCTAssertEqual(try ToolRunner.run(["--input", "mask.json", "--format", "svg,tracks", "--output", "out"], in: tmp).status, 0)
        XCTAssertEqual(files(in: tmp.appendingPathComponent("out")), ["two.svg", "two.tracks.json"])
    }

    /// Lottie's frame grid needs a timeline longer than zero: named at `phases`.
    func testAnEmptyTimelineIsALocatedLottieLimit() throws {
        let text = definition(
            phase: """
                [{"duration": 0, "changes": [{"layer": "b", "property": "opacity", "value": 0.5}]}]
                """
        ).replacingOccurrences(of: "\"canvas\"", with: "\"timeline\": {\"holdBefore\": 0, \"holdBetween\": 0, \"holdAfter\": 0}, \"canvas\"")
        try text.write(to: tmp.appendingPathComponent("empty.json"), atomically: true, encoding: .utf8)
        let r = try ToolRunner.run(["--input", "empty.json", "--format", "lottie", "--output", "out"], in: tmp)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("empty.json:7:12: phases: cannot export two.json (Lottie): the timeline is empty"), r.stderr)
    }
}
