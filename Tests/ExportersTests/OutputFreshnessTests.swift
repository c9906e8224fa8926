import XCTest
import Foundation
import TransitionModel
import Simulation
import Keyframes
import Exporters
import TransExportCLI

/// `output/` is committed and must be what the current code exports from `Templates/`.
final class OutputFreshnessTests: XCTestCase {
    func testOutputMatchesAFreshExport() throws {
        let output = ExportFixtures.repositoryRoot.appendingPathComponent("output")
        let refresh = "run `swift run trans-export` from the repository root to refresh output/"
        var expected: Set<String> = []
        var cards: [GalleryCard] = []
        func check(_ file: String, _ text: String) {
            expected.insert(file)
            let committed = FileManager.default.contents(atPath: output.appendingPathComponent(file).path)
            XCTAssertNotNil(committed, "output/\(file) is missing; \(refresh)")
            if let committed { XCTAssertTrue(committed == Data(text.utf8), "output/\(file) is stale; \(refresh)") }
        }
        for name in ExportFixtures.templateNames {
            let sim = try Simulation(try ExportFixtures.template(name))
            // Each animated file fitted for its own player, as the command line writes them.
            let player = PlayerFiles(sim)
            let files: [(String, String)] = [("\(name).svg", player.svg),
                                              ("\(name).json", try player.lottie()),
                                              ("\(name).tracks.json", TracksWriter().text(sim, fit: try player.reports()))]
            files.forEach(check)
            cards.append(GalleryCard(simulation: sim, svg: files[0].1, lottie: files[1].1))
            // An interactive template's scrub clip: NAME.scrub.* (InteractiveOutput.swift).
            if let clip = try InteractiveFiles.scrubClip(sim.definition) {
                let stem = clip.simulation.definition.name, ks = PlayerFiles(clip.simulation)
                check("\(stem).svg", ks.svg)
                check("\(stem).json", try ks.lottie())
                check("\(stem).tracks.json", TracksWriter().text(clip.simulation, fit: try ks.reports()))
            }
        }
        // The gallery page, with the default (CDN) lottie-web.
        let template = try String(contentsOf: ExportFixtures.repositoryRoot.appendingPathComponent("Templates/\(GalleryWriter.templateFileName)"), encoding: .utf8)
        check(GalleryWriter.pageFileName, try GalleryWriter(template: template).page(cards, linkFiles: true))
        let present = try FileManager.default.contentsOfDirectory(atPath: output.path)
        let exported = present.filter { $0.hasSuffix(".svg") || $0.hasSuffix(".json") || $0.hasSuffix(".html") }
        XCTAssertEqual(Set(exported).subtracting(expected), [], "files in output/ that no template exports; \(refresh) after deleting them")
    }
}
