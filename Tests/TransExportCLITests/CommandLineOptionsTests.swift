// The command line's options as TransExportCLI parses them, in process: the formats and
// options it derives from the exporters' list, the help, and each usage error's one line. The
// process boundary (exit code and stderr of the built binary) is EndToEndTests/CommandLineTests.
import XCTest

@testable import Exporters
@testable import TransExportCLI

final class CommandLineOptionsTests: XCTestCase {
    /// `--list-formats`, which Conformance/suite.py reads.
    func testListFormats() {
        var out: [String] = []
        let command = TransExportCommand(environment: [:], standardOutput: { out.append($0) }, standardError: { _ in })
        XCTAssertEqual(command.run(["--list-formats"]), 0)
        XCTAssertEqual(
            out,
            [
                "svg\tNAME.svg\tall", "lottie\tNAME.json\tall", "tracks\tNAME.tracks.json\tall", "html\tindex.html\tall",
                "gif\tNAME.gif\tnamed", "webp\tNAME.webp\tnamed", "mp4\tNAME.mp4\tnamed", "png\tNAME.png\tnamed",
            ])
    }

    /// `--format` values, their order, and the options' parsing come from the list.
    func testCommandLineFromTheList() throws {
        XCTAssertEqual(OutputFormat.values.map(\.rawValue), ["svg", "lottie", "tracks", "html", "all", "gif", "webp", "mp4", "png"])
        XCTAssertEqual(try CommandLineOptions.parse(["--format", "gif,svg"]).resolvedFormats, [.svg, .gif], "list order, not the order named")
        XCTAssertEqual(try CommandLineOptions.parse(["--format", "all,webp"]).resolvedFormats, [.svg, .lottie, .tracks, .html, .webp])
        XCTAssertEqual(try CommandLineOptions.parse(["--at", "1"]).resolvedFormats, [.svg])
        XCTAssertEqual(try CommandLineOptions.parse(["--at", "1", "--format", "svg,png"]).resolvedFormats, [.svg, .png])
        XCTAssertEqual(try CommandLineOptions.parse(["--branch", "all"]).resolvedFormats, [.svg, .lottie, .tracks], "no page for branches")
        XCTAssertThrowsError(try CommandLineOptions.parse(["--format", "apng"])) {
            XCTAssertEqual("\($0)", "unknown format \"apng\"; expected svg, lottie, tracks, html, all, gif, webp, mp4 or png")
        }
        XCTAssertThrowsError(try CommandLineOptions.parse(["--fps", "121", "--format", "gif"])) {
            XCTAssertEqual("\($0)", "--fps expects a whole number of frames per second from 1 to 120, found \"121\"")
        }
        XCTAssertThrowsError(try CommandLineOptions.parse(["--fps", "30"])) {
            XCTAssertEqual("\($0)", "--scale and --fps are for the raster formats; use them with --format gif, webp, mp4 or png")
        }
        XCTAssertEqual(try CommandLineOptions.parse(["--fps", "30", "--format", "mp4"]).raster, RasterSettings(scale: 2, fps: 30))
        XCTAssertEqual(
            try CommandLineOptions.parse(["--webp-quality", "100", "--format", "gif,webp"]).raster, RasterSettings(scale: 2, fps: 60, webpQuality: 100))
        XCTAssertEqual(RasterSettings().webpQuality, 80)
        XCTAssertThrowsError(try CommandLineOptions.parse(["--webp-quality", "100", "--format", "gif"])) {
            XCTAssertEqual("\($0)", "--webp-quality is for --format webp only")
        }
        XCTAssertThrowsError(try CommandLineOptions.parse(["--webp-quality", "101", "--format", "webp"])) {
            XCTAssertEqual("\($0)", "--webp-quality expects a quality from 0 to 100 (100: lossless), found \"101\"")
        }
    }

    /// The help lists every format, its note and every format option.
    func testHelp() {
        let help = CommandLineOptions.helpText
        XCTAssertTrue(help.hasPrefix("USAGE: trans-export [--format svg|lottie|tracks|html|all|gif|webp|mp4|png] [--template NAME]…\n"))
        XCTAssertTrue(
            help.contains(
                "\n  --format F        svg, lottie, tracks, html or all (default: all); repeat or separate with commas;\n"
                    + "                    only when named (not in all): gif, webp (animated; lossy unless\n"
                    + "                    --webp-quality 100), mp4 (H.264, needs the ffmpeg program), png (a poster\n"
                    + "                    frame: at --at T, else the first phase caught visually halfway)\n"))
        XCTAssertTrue(help.contains("[--tolerance PX] [--report] [--scale 1|2|3] [--fps N] [--webp-quality 0-100]\n"))
        XCTAssertTrue(help.contains("\n  --scale N         raster formats: pixels per point, 1, 2 or 3 (default 2)\n"))
        XCTAssertTrue(help.contains("\n  --webp-quality N  webp: lossy quality 0-99, or 100 for lossless (default 80)\n"))
        XCTAssertTrue(
            help.contains(
                "FILES: NAME.svg, NAME.json (Lottie), NAME.tracks.json (120 Hz exact state), NAME.gif,\n"
                    + "NAME.webp, NAME.mp4, NAME.png (when asked for), index.html (the gallery: every transition's\n"))
        XCTAssertFalse(help.split(separator: "\n").contains { $0.count > 100 }, "lines fit a terminal")
    }

    /// Every option the help describes is in its usage lines, and every description line under
    /// OPTIONS starts at the description column (20) or names an option at column 2.
    func testHelpLayout() {
        let lines = CommandLineOptions.helpText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let usage = lines.prefix { !$0.isEmpty }.joined(separator: " ")
        let start = lines.firstIndex(of: "OPTIONS:")! + 1
        let options = lines[start...].prefix { !$0.isEmpty }
        XCTAssertGreaterThan(options.count, 20)
        var named: [String] = []
        for line in options {
            let indent = line.prefix { $0 == " " }.count
            if indent == 2 {
                named.append(String(line.dropFirst(2).prefix { $0 != " " }))
            } else {
                XCTAssertEqual(indent, 20, "a description line off its column: \"\(line)\"")
            }
        }
        XCTAssertEqual(named.count, 17)
        for option in named { XCTAssertTrue(usage.contains("[" + option), "\(option) is not in the usage lines") }
    }

    /// `--screen` names a template's layer: refused without a template or an input, but not on a
    /// listing or the help, which export nothing (the conformance suite asks `--list-formats`
    /// with the options it exports with).
    func testScreensNeedATemplateToExport() throws {
        for args in [["--list-formats"], ["--list"], ["--help"], ["--version"], ["--template", "douyin-present"], ["--input", "mine.json"]] {
            XCTAssertEqual(try CommandLineOptions.parse(args + ["--screen", "feed=feed.png"]).screens.count, 1, "\(args)")
        }
        XCTAssertThrowsError(try CommandLineOptions.parse(["--format", "svg", "--screen", "feed=feed.png"]))
    }

    /// Bad usage: exit 2 and one line naming the argument, nothing written (run in process).
    func testBadUsageExitsTwoWithOneLine() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cli-usage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        var listed: [String] = []
        XCTAssertEqual(TransExportCommand(environment: [:], standardOutput: { listed.append($0) }, standardError: { _ in }).run(["--list"]), 0)
        let catalog = listed.joined(separator: "\n").split(separator: "\n").joined(separator: ", ")
        XCTAssertTrue(catalog.hasPrefix("douyin-present, "), catalog)
        for (args, message) in [
            (["--frmat", "svg"], "trans-export: unknown argument \"--frmat\"; see trans-export --help"),
            (["--format", "jpeg"], "trans-export: unknown format \"jpeg\"; expected svg, lottie, tracks, html, all, gif, webp, mp4 or png"),
            (["--at", "-1"], "trans-export: --at expects a time in seconds ≥ 0, found \"-1\""),
            (
                ["--at", "0.5", "--format", "lottie"],
                "trans-export: --at writes a static SVG (or, with --format png, a PNG poster); use it with --format svg or png"
            ),
            (["--format", "gif", "--scale", "4"], "trans-export: --scale expects 1, 2 or 3, found \"4\""),
            (["--format", "webp", "--fps", "0"], "trans-export: --fps expects a whole number of frames per second from 1 to 120, found \"0\""),
            (
                ["--format", "svg", "--scale", "1"],
                "trans-export: --scale and --fps are for the raster formats; use them with --format gif, webp, mp4 or png"
            ),
            (["--format", "gif", "--webp-quality", "90"], "trans-export: --webp-quality is for --format webp only"),
            (["--template", "nope"], "trans-export: unknown template \"nope\"; expected one of \(catalog)"),
            (
                ["--screen", "feed=feed.png"],
                "trans-export: --screen replaces a layer of the templates named; use it with --template NAME or --input FILE "
                    + "(--list --template NAME shows the ids)"
            ),
            // The id is refused before the file is read (this one does not exist).
            (
                ["--template", "douyin-present", "--screen", "nope=missing.png"],
                "Templates/douyin-present.json:27:13: layers: --screen nope: no layer with that id; replaceable: feed, cell, player"
            ),
        ] {
            var errors: [String] = []
            let command = TransExportCommand(environment: [:], standardOutput: { _ in }, standardError: { errors.append($0) })
            XCTAssertEqual(command.run(args + ["--output", out.path]), 2, "\(args)")
            XCTAssertEqual(errors, [message], "\(args)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "\(args)")
        }
    }
}
