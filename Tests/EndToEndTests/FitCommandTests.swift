import Foundation
import XCTest

/// `--tolerance` and `--report` (error-bounded keyframes, issue 5), as a user runs them.
final class FitCommandTests: BinaryTestCase {
    func testReportListsEachFileAndTrackWithinTolerance() throws {
        let r = try ToolRunner.run(["--template", "douyin-present", "--format", "svg,lottie", "--report", "--output", tmp.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let svgBytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: tmp.appendingPathComponent("douyin-present.svg").path)[.size] as? Int)
        XCTAssertTrue(lines.contains { $0.hasPrefix("douyin-present.svg: smil, ") && $0.contains(" \(svgBytes) bytes") }, r.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("douyin-present.json: lottie, ") }, r.stdout)
        let position = lines.filter { $0.contains("player.position") }
        XCTAssertEqual(position.count, 2)  // once per file
        for line in position {
            XCTAssertTrue(line.contains("≤ 0.25 px") && line.hasSuffix("fitted"), line)
            let max = try XCTUnwrap(line.components(separatedBy: "max ").last?.split(separator: " ").first.flatMap { Double($0) })
            XCTAssertLessThanOrEqual(max, 0.25)
        }
    }

    func testLooserToleranceWritesSmallerFiles() throws {
        let tight = tmp.appendingPathComponent("tight"), loose = tmp.appendingPathComponent("loose")
        XCTAssertEqual(try ToolRunner.run(["--template", "slide-up-segue", "--format", "svg,lottie", "--output", tight.path]).status, 0)
        let r = try ToolRunner.run(["--template", "slide-up-segue", "--format", "svg,lottie", "--tolerance", "2", "--report", "--output", loose.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("≤ 2 px"), r.stdout)
        for file in ["slide-up-segue.svg", "slide-up-segue.json"] {
            let a = try Data(contentsOf: tight.appendingPathComponent(file)).count, b = try Data(contentsOf: loose.appendingPathComponent(file)).count
            XCTAssertLessThan(b, a, file)
        }
    }

    func testBadToleranceAndReportWithAtAreUsageErrors() throws {
        for (args, message) in [
            (["--tolerance", "0"], "trans-export: --tolerance expects pixels > 0, found \"0\"\n"),
            (["--tolerance", "px"], "trans-export: --tolerance expects pixels > 0, found \"px\"\n"),
            (["--at", "0.5", "--report"], "trans-export: --report describes the animated files; --at writes a static SVG\n"),
        ] {
            let r = try ToolRunner.run(args + ["--output", tmp.path])
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertEqual(r.stderr, message)
        }
    }
}
