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

    /// A layer that turns under too strong a perspective for a picture says so (the check runs a
    /// stand-in picture through the simulation: FrontDoorTests compares it with real exports).
    func testListTemplateSaysWhichLayersTakeSVGArtOnly() throws {
        let r = try ToolRunner.run(["--list", "--template", "flip-push"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let svgOnly = "  (turns in 3D: SVG art only, a PNG or JPEG would take over 1024 cells)"
        XCTAssertEqual(r.stdout, "container  390 x 844 pt\nnext  390 x 844 pt\npage  390 x 844 pt\(svgOnly)\nshadow  390 x 844 pt\(svgOnly)\n")
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
        // The issue's untrusted-input cases through the command: each one line naming the file, exit 2,
        // nothing written (the cases one by one: HostileSVGTests, RasterImageTests).
        let secret = tmp.appendingPathComponent("secret.txt")
        try "TOP-SECRET-42".write(to: secret, atomically: true, encoding: .utf8)
        // A decompression bomb: a well-formed PNG whose header declares 65536 x 65536 px.
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc = ~UInt32(0)
            for b in body {
                crc ^= UInt32(b)
                for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            return [24, 16, 8, 0].map { UInt8(data.count >> $0 & 0xFF) } + body + [24, 16, 8, 0].map { UInt8(~crc >> $0 & 0xFF) }
        }
        let bomb: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 1, 0, 0, 0, 1, 0, 0, 8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        let hostile: [(String, [UInt8], String)] = [
            (
                "xxe.svg",
                Array("<!DOCTYPE svg [<!ENTITY x SYSTEM \"file://\(secret.path)\">]>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><desc>&x;</desc></svg>".utf8),
                ":1: <!DOCTYPE>: declares entities"
            ),
            (
                "script.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\">\n<script>alert(1)</script></svg>".utf8),
                ":2: <script>: active content is refused"
            ),
            ("bomb.png", bomb, ": declares 65536 x 65536 px"),
            ("fake.png", Array("GIF89a not a png".utf8), ":"),
        ]
        for (name, bytes, expected) in hostile {
            let file = tmp.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            let r = try ToolRunner.run(["--template", "douyin-present", "--format", "svg,lottie", "--output", out.path, "--screen", "feed=\(file.path)"])
            XCTAssertEqual(r.status, 2, name)
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("Templates/douyin-present.json: \(file.path)\(expected)"), r.stderr)
            XCTAssertFalse(r.stderr.contains("TOP-SECRET"))
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), name)
        }
        let bad = try ToolRunner.run(["--template", "douyin-present", "--screen", "feed"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--screen expects ID=FILE"), bad.stderr)
    }

    /// feed.svg paints 25 pt past its viewBox (its last row of covers): the screen's clip must
    /// cut that in Lottie as in SVG; slide-up-segue's overshoot showed it over `first` (issue 11).
    /// player.svg stays inside: no mask (a mask costs ThorVG stroked open paths).
    func testSVGArtPastItsViewBoxKeepsTheScreensClipInLottie() throws {
        func masks(_ second: String) throws -> [[String: Any]]? {
            let out = tmp.appendingPathComponent(UUID().uuidString)
            let r = try ToolRunner.run([
                "--template", "slide-up-segue", "--format", "lottie", "--output", out.path,
                "--screen", "first=\(feed)", "--screen", "second=\(second)",
            ])
            XCTAssertEqual(r.status, 0, r.stderr)
            let data = try Data(contentsOf: out.appendingPathComponent("slide-up-segue.json"))
            let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
            let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]])
            let layer = try XCTUnwrap(layers.first { $0["nm"] as? String == "second" })
            XCTAssertEqual(layer["hasMask"] as? Bool, layer["masksProperties"] == nil ? nil : true)
            return layer["masksProperties"] as? [[String: Any]]
        }
        let cut = try XCTUnwrap(try masks(feed))
        XCTAssertEqual(cut.count, 1)
        XCTAssertEqual(cut[0]["nm"] as? String, "clip")
        XCTAssertEqual(cut[0]["mode"] as? String, "a")
        let path = try XCTUnwrap((cut[0]["pt"] as? [String: Any])?["k"] as? [String: Any])
        XCTAssertEqual(path["v"] as? [[Double]], [[0, 0], [390, 0], [390, 844], [0, 844]])
        XCTAssertNil(try masks(player))
    }
}
