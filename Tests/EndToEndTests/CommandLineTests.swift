import Foundation
import TransExport
import TransExportCLI
import TransExportTestSupport
import XCTest

final class CommandLineTests: BinaryTestCase {
    func testVersionAndHelp() throws {
        let v = try ToolRunner.run(["--version"])
        XCTAssertEqual(v.status, 0)
        XCTAssertEqual(v.stdout, "trans-export 0.1.0\n")
        let h = try ToolRunner.run(["--help"])
        XCTAssertEqual(h.status, 0)
        XCTAssertTrue(h.stdout.hasPrefix("USAGE: trans-export [--format svg|lottie|tracks|html|all|gif|webp|mp4|png]"))
    }

    func testListNamesTheCatalog() throws {
        let r = try ToolRunner.run(["--list"])
        XCTAssertEqual(r.status, 0)
        let names = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(names.contains("douyin-present"))
        XCTAssertTrue(names.contains("douyin-dismiss"))
        XCTAssertTrue(names.contains("douyin-dismiss-to-center"))
        XCTAssertFalse(names.contains { $0.contains("schema") })
    }

    /// --list (and so the default export and the gallery's cards) follows Templates/catalog.txt:
    /// by source article, present before dismiss; every template of the catalog is listed there.
    func testListFollowsTheCatalogOrder() throws {
        let names = try ToolRunner.run(["--list"]).stdout.split(separator: "\n").map(String.init)
        let text = try String(contentsOf: ToolRunner.repositoryRoot.appendingPathComponent("Templates/catalog.txt"), encoding: .utf8)
        XCTAssertEqual(names, TemplateCatalog.order(text), "every template is in Templates/catalog.txt, once")
        XCTAssertEqual(Array(names.prefix(3)), ["douyin-present", "douyin-dismiss", "douyin-dismiss-to-center"])
        for (before, after) in [
            ("stories-open", "stories-close"), ("flip-push", "flip-pop"), ("circle-reveal-push", "circle-reveal-pop"),
            ("douyin-drag-dismiss", "stories-open"), ("shared-element-push", "shared-element-pop"),
        ] {
            XCTAssertLessThan(try XCTUnwrap(names.firstIndex(of: before)), try XCTUnwrap(names.firstIndex(of: after)), "\(before) before \(after)")
        }
        XCTAssertEqual(TemplateCatalog.order("# comment\n b \n\na # why\nb\n"), ["b", "a"])
    }

    /// The process boundary of bad usage: exit 2, one line on stderr, nothing written (every
    /// usage error's text: TransExportCLITests/CommandLineOptionsTests, in process).
    func testBadUsageExitsTwoWithOneLine() throws {
        let r = try ToolRunner.run(["--format", "jpeg", "--output", tmp.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "trans-export: unknown format \"jpeg\"; expected svg, lottie, tracks, html, all, gif, webp, mp4 or png\n")
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(files(in: tmp), [])
    }

    /// Each malformed definition: exit 2, one located line on stderr, nothing written.
    func testMalformedDefinitionsAreLocated() throws {
        let valid = try String(contentsOf: ToolRunner.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Inputs/card.json"), encoding: .utf8)
        let cases: [(String, String, String)] = [
            (
                "bad JSON", valid.replacingOccurrences(of: "\"layers\": [", with: "\"layers\": [}"),
                "bad.json:6:14: expected a value, found '}'"
            ),
            (
                "wrong type", valid.replacingOccurrences(of: "\"damping\": 0.8", with: "\"damping\": \"soft\""),
                "bad.json:11:63: phases.present[0].timing.uikitSpring.damping: expected a number, found a string"
            ),
            (
                "unknown layer",
                valid.replacingOccurrences(of: "{\"layer\": \"card\", \"property\": \"position\"", with: "{\"layer\": \"cart\", \"property\": \"position\""),
                "bad.json:12:30: phases.present[0].changes[0].layer: unknown layer \"cart\" (known: card)"
            ),
            (
                "negative duration", valid.replacingOccurrences(of: "\"duration\": 0.4", with: "\"duration\": -1"),
                "bad.json:11:20: phases.present[0].duration: expected a duration from 0 to 60 s, found -1"
            ),
            (
                "NaN", valid.replacingOccurrences(of: "[200, 400]", with: "[NaN, 400]"),
                "bad.json:12:72: NaN and Infinity are not JSON numbers; expected a finite number"
            ),
        ]
        for (what, text, line) in cases {
            let input = tmp.appendingPathComponent("bad.json")
            try text.write(to: input, atomically: true, encoding: .utf8)
            let out = tmp.appendingPathComponent("out")
            let r = try ToolRunner.run(["--input", "bad.json", "--output", out.path], in: tmp)
            XCTAssertEqual(r.status, 2, what)
            XCTAssertEqual(r.stderr, line + "\n", what)
            XCTAssertFalse(r.stderr.contains("Fatal") || r.stderr.contains("at /"), what)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), what)
        }
    }

    func testSemanticErrorFromTheSimulationIsLocatedByPath() throws {
        let valid = try String(contentsOf: ToolRunner.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Inputs/card.json"), encoding: .utf8)
        let text = valid.replacingOccurrences(
            of: "\"property\": \"position\", \"value\": [200, 400]", with: "\"property\": \"frame\", \"value\": [0, 0, 10, 10]"
        )
        .replacingOccurrences(
            of: "\"changes\": [", with: "\"before\": [{\"layer\": \"card\", \"property\": \"transform\", \"value\": {\"scale\": 2}}], \"changes\": [")
        try text.write(to: tmp.appendingPathComponent("f.json"), atomically: true, encoding: .utf8)
        let r = try ToolRunner.run(["--input", "f.json", "--output", "out"], in: tmp)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(
            r.stderr,
            "f.json:12:99: phases.present[0].changes[0]: frame is undefined while the layer's transform is not identity; set transform to identity before frame\n"
        )
    }

    func testExportWritesEveryFormatAndNoTemporaryFiles() throws {
        let r = try ToolRunner.run([
            "--input", ToolRunner.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Inputs/card.json").path, "--output", tmp.path,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(files(in: tmp), ["card.json", "card.svg", "card.tracks.json", "index.html"])
        let svg = try String(contentsOf: tmp.appendingPathComponent("card.svg"), encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"390\" height=\"844\""))
        // Loops by itself: one clock over the loop, or animations on the loop clock.
        XCTAssertTrue(svg.contains("repeatCount=\"indefinite\"") || svg.contains("begin=\"0s;loop.end\""))
        XCTAssertFalse(svg.contains("<script"))
    }

    /// The gallery links a raster file written by the same run (every file is written after
    /// the page is made) and offers it for download, with the embed snippet.
    func testGalleryLinksRasterFilesOfTheSameRun() throws {
        let card = ToolRunner.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Inputs/card.json").path
        let r = try ToolRunner.run(["--input", card, "--format", "svg,lottie,html,png", "--scale", "1", "--output", tmp.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(files(in: tmp), ["card.json", "card.png", "card.svg", "index.html"])
        let page = try String(contentsOf: tmp.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains(#""downloads": ["card.png"]"#), "the PNG of this run is offered")
    }

    func testAtWritesAStaticSVG() throws {
        let r = try ToolRunner.run(["--template", "douyin-present", "--at", "0.7", "--output", tmp.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(files(in: tmp), ["douyin-present.svg"])
        let svg = try String(contentsOf: tmp.appendingPathComponent("douyin-present.svg"), encoding: .utf8)
        XCTAssertFalse(svg.contains("<animate"))
        XCTAssertFalse(svg.contains("<set"))
        XCTAssertTrue(svg.contains("id=\"player\""))
    }

    func testOutputThatCannotBeWrittenExitsOne() throws {
        let blocker = tmp.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let r = try ToolRunner.run(["--template", "douyin-present", "--format", "svg", "--output", blocker.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "trans-export: cannot write into \(blocker.path): it is a file, not a folder\n")
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1)
    }

    /// A second run of two templates (an interactive one and a masked one, the orders most likely to
    /// depend on hashing) gives the same bytes as the full default run; OutputFreshnessTests
    /// compares every template with the committed output/.
    func testSameInputGivesSameBytes() throws {
        try CatalogTier.require()
        let a = tmp.appendingPathComponent("a"), b = tmp.appendingPathComponent("b")
        XCTAssertEqual(try ToolRunner.run(["--output", a.path]).status, 0)
        let again = ["douyin-drag-dismiss", "circle-reveal-push"]
        XCTAssertEqual(try ToolRunner.run(again.flatMap { ["--template", $0] } + ["--output", b.path]).status, 0)
        let names = files(in: a)
        // At least svg, json and tracks per template, and the gallery page.
        for t in try ToolRunner.run(["--list"]).stdout.split(separator: "\n") {
            for ext in ["svg", "json", "tracks.json"] { XCTAssertTrue(names.contains("\(t).\(ext)"), "\(t).\(ext)") }
        }
        XCTAssertTrue(names.contains("index.html"))
        let repeated = files(in: b).filter { $0 != "index.html" }
        XCTAssertEqual(repeated, names.filter { n in again.contains { n.hasPrefix($0 + ".") } })
        for n in repeated {
            XCTAssertEqual(
                FileManager.default.contents(atPath: a.appendingPathComponent(n).path),
                FileManager.default.contents(atPath: b.appendingPathComponent(n).path), n)
        }
    }
}
