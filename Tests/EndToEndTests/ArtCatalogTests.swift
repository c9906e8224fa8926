import Foundation
import XCTest

/// Art components as the command line finds them: beside the definition, in the catalog, and in
/// an installed catalog; never listed as templates.
final class ArtCatalogTests: BinaryTestCase {
    func write(_ text: String, _ path: String) throws {
        let url = tmp.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func definition(_ layers: String) -> String {
        """
        {"version": 1, "name": "badge", "description": "d", "canvas": {"size": [100, 100]},
         "layers": \(layers),
         "phases": {"p": [{"duration": 0.2, "changes": [{"layer": "a", "property": "alpha", "value": 0}]}]}}
        """
    }

    func testArtIsNotATemplate() throws {
        let names = try ToolRunner.run(["--list"]).stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(names.contains("douyin-present"))
        XCTAssertFalse(names.contains("douyin-feed"))
        XCTAssertFalse(names.contains("heart"))
    }

    func testAnInputFileUsesArtBesideItAndFromTheCatalog() throws {
        try write(
            ##"{"version": 1, "name": "dot", "description": "d", "parameters": {"c": {"type": "color"}}, "layer": {"type": "ellipse", "frame": [0, 0, 10, 10], "fill": "$c"}}"##,
            "in/art/dot.json")
        try write(
            definition(##"[{"use": "dot", "id": "a", "with": {"c": "#FF0000"}}, {"use": "heart", "id": "h", "frame": [50, 50, 24, 24]}]"##), "in/badge.json")
        let r = try ToolRunner.run(["--input", tmp.appendingPathComponent("in/badge.json").path, "--format", "svg", "--output", tmp.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("badge.svg").path))
    }

    func testABadParameterIsLocatedAtTheUseSite() throws {
        try write(definition(#"[{"use": "heart", "id": "a", "with": {"color": "pink"}}]"#), "badge.json")
        let r = try ToolRunner.run(["--input", "badge.json", "--format", "svg", "--output", tmp.path], in: tmp)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "badge.json:2:59: layers[0].with.color: expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", found \"pink\"\n")
    }

    /// <prefix>/bin/trans-export finds <prefix>/share/trans-export/Templates and its art/.
    func testAnInstalledBinaryFindsTheArt() throws {
        let prefix = tmp.appendingPathComponent("prefix")
        let fm = FileManager.default
        try fm.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try fm.createDirectory(at: prefix.appendingPathComponent("share/trans-export"), withIntermediateDirectories: true)
        try fm.copyItem(at: ToolRunner.binary, to: prefix.appendingPathComponent("bin/trans-export"))
        try fm.copyItem(at: ToolRunner.repositoryRoot.appendingPathComponent("Templates"), to: prefix.appendingPathComponent("share/trans-export/Templates"))
        let work = tmp.appendingPathComponent("work")
        try fm.createDirectory(at: work, withIntermediateDirectories: true)

        let process = Process()
        process.executableURL = prefix.appendingPathComponent("bin/trans-export")
        process.arguments = ["--template", "douyin-present", "--format", "svg", "--output", work.path]
        process.currentDirectoryURL = work
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "TRANS_EXPORT_TEMPLATES" }
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        XCTAssertTrue(fm.fileExists(atPath: work.appendingPathComponent("douyin-present.svg").path))
    }
}
