import Foundation
import XCTest

/// `--screen ID=FILE` and `--list --template NAME` through the binary: pictures in, one located
/// line and exit 2 for what is refused, nothing written then.
final class ScreenCommandTests: BinaryTestCase {
    let feed = "Templates/art/screens/feed.svg", player = "Templates/art/screens/player.svg"

    func testListTemplateNamesTheReplaceableLayers() throws {
        let r = try ToolRunner.run(["--list", "--template", "douyin-present"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "feed  390 x 844 pt\ncell  194 x 259 pt\nplayer  390 x 844 pt\n")
    }

    func testScreensReplaceTheTemplatesArtInBothFormats() throws {
        let r = try ToolRunner.run([
            "--template", "douyin-present", "--format", "svg,lottie", "--output", tmp.path,
            "--screen", "feed=\(feed)", "--screen", "player=\(player)",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(files(in: tmp), ["douyin-present.json", "douyin-present.svg"])
        let svg = try String(contentsOf: tmp.appendingPathComponent("douyin-present.svg"), encoding: .utf8)
        // player.svg's sun: a userSpaceOnUse radial gradient, re-emitted by the tool.
        XCTAssertTrue(svg.contains(#"<radialGradient id="art-gradient-"#), "the player's art is drawn")
        XCTAssertFalse(svg.contains("<script"))
    }

    func testRefusedScreensExitTwoWithOneLineAndWriteNothing() throws {
        let text = tmp.appendingPathComponent("text.svg")
        try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\">\n<text>Hi</text></svg>".write(to: text, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")
        let r = try ToolRunner.run(["--template", "douyin-present", "--format", "svg", "--output", out.path, "--screen", "feed=\(text.path)"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(
            r.stderr,
            "Templates/douyin-present.json: \(text.path):2: <text>: text is not carried; "
                + "convert text to outlines in the design tool before exporting\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        let bad = try ToolRunner.run(["--template", "douyin-present", "--screen", "feed"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--screen expects ID=FILE"), bad.stderr)
    }
}
