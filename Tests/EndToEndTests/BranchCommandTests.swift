import Foundation
import XCTest

/// Interactive templates from the command line: the combined file with its scrub clip, one file
/// per branch with `--branch`, and the diagnostics of a bad branch or a bad interaction.
final class BranchCommandTests: BinaryTestCase {
    func testCombinedFileWithBranchMarkersAndScrubClip() throws {
        let r = try ToolRunner.run(["--template", "douyin-drag-dismiss", "--format", "svg,lottie,tracks", "--output", tmp.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            files(in: tmp),
            [
                "douyin-drag-dismiss.json", "douyin-drag-dismiss.scrub.json", "douyin-drag-dismiss.scrub.svg",
                "douyin-drag-dismiss.scrub.tracks.json", "douyin-drag-dismiss.svg", "douyin-drag-dismiss.tracks.json",
            ])
        let lottie = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.appendingPathComponent("douyin-drag-dismiss.json"))) as! [String: Any]
        let markers = (lottie["markers"] as! [[String: Any]]).map { $0["cm"] as! String }
        XCTAssertEqual(markers, ["cancel", "finish"])
        let tracks = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp.appendingPathComponent("douyin-drag-dismiss.tracks.json"))) as! [String: Any]
        let branches = tracks["branches"] as! [[String: Any]]
        XCTAssertEqual(branches.map { $0["name"] as! String }, ["cancel", "finish"])
        XCTAssertEqual(branches[0]["progress"] as! Double, 0.153846)
        XCTAssertEqual(branches[1]["progress"] as! Double, 0.410256)
        let svg = try String(contentsOf: tmp.appendingPathComponent("douyin-drag-dismiss.svg"), encoding: .utf8)
        for id in ["player", "finger", "branch-label-cancel", "branch-label-finish"] { XCTAssertTrue(svg.contains("id=\"\(id)\""), id) }
    }

    func testBranchOptionWritesOneFilePerBranch() throws {
        let r = try ToolRunner.run(["--template", "douyin-drag-dismiss", "--branch", "cancel", "--branch", "scrub", "--output", tmp.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            files(in: tmp),
            [
                "douyin-drag-dismiss.cancel.json", "douyin-drag-dismiss.cancel.svg", "douyin-drag-dismiss.cancel.tracks.json",
                "douyin-drag-dismiss.scrub.json", "douyin-drag-dismiss.scrub.svg", "douyin-drag-dismiss.scrub.tracks.json",
            ])
        let still = try ToolRunner.run([
            "--template", "douyin-drag-dismiss", "--branch", "finish", "--at", "0.8", "--output", tmp.appendingPathComponent("at").path,
        ])
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertEqual(files(in: tmp.appendingPathComponent("at")), ["douyin-drag-dismiss.finish.svg"])
    }

    func testBadBranchesExitTwoBeforeWriting() throws {
        let unknown = try ToolRunner.run(["--template", "douyin-drag-dismiss", "--branch", "undo", "--output", tmp.path])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(
            unknown.stderr,
            "Templates/douyin-drag-dismiss.json: --branch: \"douyin-drag-dismiss\" has no branch \"undo\"; expected one of cancel, finish, scrub or all\n")
        let plain = try ToolRunner.run(["--template", "douyin-present", "--branch", "cancel", "--output", tmp.path])
        XCTAssertEqual(plain.status, 2)
        XCTAssertTrue(plain.stderr.contains("is not interactive"), plain.stderr)
        let html = try ToolRunner.run(["--template", "douyin-drag-dismiss", "--branch", "cancel", "--format", "html", "--output", tmp.path])
        XCTAssertEqual(html.status, 2)
        XCTAssertEqual(files(in: tmp), [])
    }

    func testAGestureThatNeverBeginsIsALocatedError() throws {
        let template = ToolRunner.repositoryRoot.appendingPathComponent("Templates/douyin-drag-dismiss.json")
        let text = try String(contentsOf: template, encoding: .utf8).replacingOccurrences(of: "\"tx >= 0\", \"ty >= 0\"", with: "\"tx <= -1\", \"ty >= 0\"")
        let file = tmp.appendingPathComponent("left.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let r = try ToolRunner.run(["--input", file.path, "--output", tmp.appendingPathComponent("out").path])
        XCTAssertEqual(r.status, 2)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"cancel\": {\"easing\"") }! + 1
        XCTAssertTrue(r.stderr.hasPrefix("\(file.path):\(line):"), r.stderr)
        XCTAssertTrue(r.stderr.contains("interaction.scripts.cancel: the gesture never begins"), r.stderr)
    }
}
