import Foundation
import TransExportCLI
import TransExportTestSupport
import XCTest

/// `output/` is committed and must be what the current code exports from `Templates/`: the
/// command's default run (every template, every format) in-process, compared byte for byte, so
/// the test cannot drift from what the command writes.
final class OutputFreshnessTests: XCTestCase {
    func testOutputMatchesAFreshExport() throws {
        try CatalogTier.require()
        let root = ExportFixtures.repositoryRoot
        let output = root.appendingPathComponent("output")
        let refresh = "run `swift run trans-export` from the repository root to refresh output/"
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("trans-export-fresh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: fresh) }

        var errors: [String] = []
        let command = TransExportCommand(
            environment: ["TRANS_EXPORT_TEMPLATES": root.appendingPathComponent("Templates").path],
            executable: root.appendingPathComponent(".build/none/trans-export"),
            standardOutput: { _ in }, standardError: { errors.append($0) })
        XCTAssertEqual(command.run(["--output", fresh.path]), ExitCode.success, errors.joined(separator: "\n"))

        let written = try FileManager.default.contentsOfDirectory(atPath: fresh.path).sorted()
        XCTAssertGreaterThan(written.count, 3 * ExportFixtures.templateNames.count)
        for file in written {
            let committed = FileManager.default.contents(atPath: output.appendingPathComponent(file).path)
            XCTAssertNotNil(committed, "output/\(file) is missing; \(refresh)")
            if let committed {
                XCTAssertTrue(
                    committed == FileManager.default.contents(atPath: fresh.appendingPathComponent(file).path),
                    "output/\(file) is stale; \(refresh)")
            }
        }
        // conformance.md is the suite's report, not an export.
        let present = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0 != "conformance.md" }
        XCTAssertEqual(Set(present).subtracting(written), [], "files in output/ that no template exports; \(refresh) after deleting them")
    }
}
