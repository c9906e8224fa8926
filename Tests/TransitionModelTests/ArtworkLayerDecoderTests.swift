import Artwork
import Foundation
import XCTest

@testable import TransitionModel

/// `image` and `svg` layers: the file is read while decoding, relative to the definition's folder.
final class ArtworkLayerDecoderTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("artwork-layers-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="39" height="84"><rect width="39" height="84"/></svg>"#.utf8)
            .write(to: folder.appendingPathComponent("screen.svg"))
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\">\n<text>Hi</text></svg>".utf8)
            .write(to: folder.appendingPathComponent("text.svg"))
    }

    func decode(_ layer: String) throws -> TransitionDefinition {
        let text = """
            {"version": 1, "name": "t", "description": "d", "canvas": {"size": [390, 844]},
             "layers": [\(layer)],
             "phases": {"p": [{"duration": 1, "changes": [{"layer": "a", "property": "alpha", "value": 0}]}]}}
            """
        var library = ArtLibrary.empty
        library.artworkDirectory = (folder, "defs")
        return try DefinitionDecoder.decode(text, file: "defs/t.json", art: library)
    }

    func error(_ layer: String) -> String {
        do { _ = try decode(layer); return "no error" } catch { return "\(error)" }
    }

    func testAnSVGLayerReadsItsFileWithItsContentMode() throws {
        let d = try decode(#"{"id": "a", "type": "svg", "file": "screen.svg", "contentMode": "scaleAspectFit", "frame": [0, 0, 390, 844]}"#)
        guard case .artwork(let art)? = d.layer(withID: "a")?.kind else { return XCTFail("an artwork layer") }
        XCTAssertEqual(art.path, "screen.svg")
        XCTAssertEqual(art.contentMode, .scaleAspectFit)
        XCTAssertEqual(art.naturalSize, Size(39, 84))
    }

    func testArtworkProblemsAreLocatedInTheDefinitionAndTheArtwork() {
        XCTAssertEqual(
            error(#"{"id": "a", "type": "svg", "file": "text.svg", "frame": [0, 0, 9, 9]}"#),
            "defs/t.json:2:48: layers[0].file: defs/text.svg:2: <text>: text is not carried; "
                + "convert text to outlines in the design tool before exporting")
        XCTAssertEqual(
            error(#"{"id": "a", "type": "image", "file": "screen.svg", "frame": [0, 0, 9, 9]}"#),
            "defs/t.json:2:50: layers[0].file: defs/screen.svg is SVG; use a layer of type \"svg\" for it")
        XCTAssertEqual(
            error(#"{"id": "a", "type": "svg", "file": "/etc/passwd", "frame": [0, 0, 9, 9]}"#),
            "defs/t.json:2:48: layers[0].file: expected a relative path to a file beside the definition, found \"/etc/passwd\"")
        XCTAssertEqual(
            error(#"{"id": "a", "type": "svg", "file": "screen.svg", "scale": 2, "frame": [0, 0, 9, 9]}"#),
            "defs/t.json:2:71: layers[0].scale: \"scale\" applies only to image layers (an SVG's units are points)")
        XCTAssertEqual(
            error(#"{"id": "a", "type": "rect", "contentMode": "center", "frame": [0, 0, 9, 9]}"#),
            "defs/t.json:2:56: layers[0].contentMode: \"contentMode\" applies only to image and svg layers")
        // A URL is refused whatever follows its `://` (a combining mark joins the `/` into one
        // Character, which a search on Characters would miss: docs/platform.md).
        XCTAssertTrue(
            error(#"{"id": "a", "type": "svg", "file": "https://\u0301evil/a.svg", "frame": [0, 0, 9, 9]}"#)
                .contains("layers[0].file: expected a relative path to a file beside the definition"))
        XCTAssertTrue(
            error(#"{"id": "a", "type": "svg", "file": "missing.svg", "frame": [0, 0, 9, 9]}"#)
                .hasSuffix("layers[0].file: defs/missing.svg: cannot be opened for reading (no such file or directory)"))
    }
}
