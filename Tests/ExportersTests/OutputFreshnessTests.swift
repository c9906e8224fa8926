import XCTest
import Foundation
import TransitionModel
import Simulation
import Keyframes
import Exporters

/// `output/` is committed and must be what the current code exports from `Templates/`.
final class OutputFreshnessTests: XCTestCase {
    func testOutputMatchesAFreshExport() throws {
        let output = ExportFixtures.repositoryRoot.appendingPathComponent("output")
        let refresh = "run `swift run trans-export` from the repository root to refresh output/"
        var expected: Set<String> = []
        for name in ExportFixtures.templateNames {
            let sim = try Simulation(try ExportFixtures.template(name))
            let kt = KeyframedTransition(sim)
            let files: [(String, String)] = [("\(name).svg", SVGWriter().svg(kt)),
                                              ("\(name).json", try LottieWriter().data(kt)),
                                              ("\(name).tracks.json", TracksWriter().text(sim))]
            for (file, text) in files {
                expected.insert(file)
                let committed = FileManager.default.contents(atPath: output.appendingPathComponent(file).path)
                XCTAssertNotNil(committed, "output/\(file) is missing; \(refresh)")
                if let committed { XCTAssertTrue(committed == Data(text.utf8), "output/\(file) is stale; \(refresh)") }
            }
        }
        let present = try FileManager.default.contentsOfDirectory(atPath: output.path)
        let exported = present.filter { $0.hasSuffix(".svg") || $0.hasSuffix(".json") }
        XCTAssertEqual(Set(exported).subtracting(expected), [], "files in output/ that no template exports; \(refresh) after deleting them")
    }
}
