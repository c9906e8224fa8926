import Foundation
import TransExport
import TransExportCLI
import XCTest

/// The library's front door gives the bytes and the error lines the command line gives (the
/// command runs in-process here: these check logic, not the process boundary).
final class FrontDoorTests: XCTestCase {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let templates = repositoryRoot.appendingPathComponent("Templates")

    /// Runs the command in-process with the repository's catalog; returns (exit code, stderr lines).
    func runCommand(_ arguments: [String]) -> (Int32, [String]) {
        var errors: [String] = []
        let command = TransExportCommand(
            environment: ["TRANS_EXPORT_TEMPLATES": Self.templates.path],
            executable: Self.repositoryRoot.appendingPathComponent("trans-export"),
            standardOutput: { _ in }, standardError: { errors.append($0) })
        return (command.run(arguments), errors)
    }

    func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("front-door-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testTemplateExportsTheBytesTheCommandLineWrites() throws {
        let name = "slide-up-segue"
        let catalog = try XCTUnwrap(Catalog(directory: Self.templates))
        XCTAssertTrue(catalog.names.contains(name))
        let simulated = try catalog.transition(named: name).simulate()
        XCTAssertEqual(simulated.name, name)
        XCTAssertEqual(simulated.branchNames, [])
        let svg = try XCTUnwrap(simulated.export(.svg))
        let lottie = try XCTUnwrap(simulated.export(.lottie))

        let dir = try temporaryDirectory()
        let (code, errors) = runCommand(["--template", name, "--format", "svg,lottie", "--output", dir.path])
        XCTAssertEqual(code, 0, errors.joined(separator: "\n"))
        XCTAssertEqual(svg, try Data(contentsOf: dir.appendingPathComponent("\(name).svg")))
        XCTAssertEqual(lottie, try Data(contentsOf: dir.appendingPathComponent("\(name).json")))
        // Fitting on its own gives the same files.
        let fitted = simulated.fit()
        XCTAssertEqual(Data(try fitted.svg().utf8), svg)
        XCTAssertEqual(Data(try fitted.lottie().utf8), lottie)
        XCTAssertEqual(try fitted.report().count, 2)
    }

    func testEveryRegisteredFormatIsNamed() {
        XCTAssertEqual(Format.all.map(\.name), ["svg", "lottie", "tracks", "html", "gif", "webp", "mp4", "png"])
        XCTAssertEqual(Format(named: "lottie"), .lottie)
        XCTAssertNil(Format(named: "pdf"))
        XCTAssertEqual(Format.tracks.fileExtension, "tracks.json")
        XCTAssertNil(Format.html.fileExtension)
    }

    func testBadDefinitionIsTheLineTheCommandLinePrints() throws {
        let good = try String(contentsOf: Self.templates.appendingPathComponent("slide-up-segue.json"), encoding: .utf8)
        let bad = good.replacingOccurrences(of: "\"duration\": 0.5", with: "\"duration\": -1")
        XCTAssertNotEqual(bad, good)
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("bad.json")
        try Data(bad.utf8).write(to: file)

        var thrown: TransExportError?
        do {
            _ = try Transition(json: bad, file: file.path, artDirectory: Self.templates)
        } catch {
            thrown = error
        }
        let error = try XCTUnwrap(thrown)
        XCTAssertEqual(error.kind, .input)
        XCTAssertEqual(error.file, file.path)
        XCTAssertEqual(error.location, SourceLocation(line: 35, column: 21))
        XCTAssertEqual(error.path, "phases.segue[0].duration")
        XCTAssertEqual(error.expected, "expected a duration from 0 to 60 s, found -1")

        let (code, errors) = runCommand(["--input", file.path, "--format", "svg", "--output", dir.path])
        XCTAssertEqual(code, 2)
        XCTAssertEqual(errors, ["\(error)"])
    }

    func testOptionsOutsideTheCommandLinesRangesAreRefused() throws {
        let simulated = try XCTUnwrap(Catalog(directory: Self.templates)).transition(named: "slide-up-segue").simulate()
        XCTAssertThrowsError(try simulated.export(.svg, options: ExportOptions(tolerance: 0))) {
            XCTAssertEqual("\($0)", "--tolerance expects pixels > 0, found 0.0")
        }
        XCTAssertThrowsError(try simulated.export(.svg, options: ExportOptions(scale: 4))) {
            XCTAssertEqual("\($0)", "--scale expects 1, 2 or 3, found 4")
        }
    }

    /// `screenTakesPicture` answers what an export with a picture there does: the page flips' turning
    /// page (and the shadow over it) refuse a PNG past the cell limit, the flat layers and the cube's
    /// faces take one (the answer from a stand-in; the export from the Examples' 780 x 1688 px PNG).
    func testScreenTakesPictureSaysWhetherAnExportWithOneIsRefused() throws {
        let catalog = try XCTUnwrap(Catalog(directory: Self.templates))
        let png = Self.repositoryRoot.appendingPathComponent("Examples/art/feed@2x.png").path
        var answers: [String: Bool] = [:]
        for name in ["flip-push", "stories-cube"] {
            let t = try catalog.transition(named: name)
            for screen in t.replaceableScreens {
                let takes = try t.screenTakesPicture(id: screen.id)
                answers["\(name) \(screen.id)"] = takes
                let exported = Result { try t.replacingScreen(id: screen.id, file: png).simulate() }
                if case .failure(let error) = exported {
                    XCTAssertFalse(takes, "\(name) \(screen.id): \(error)")
                    XCTAssertTrue("\(error)".contains("would take more than 1024 affinely mapped cells"), "\(error)")
                } else {
                    XCTAssertTrue(takes, "\(name) \(screen.id)")
                }
            }
        }
        XCTAssertEqual(
            answers,
            [
                "flip-push container": true, "flip-push next": true, "flip-push page": false, "flip-push shadow": false,
                "stories-cube story-1": true, "stories-cube story-1-shade": true, "stories-cube story-2": true,
            ])
        XCTAssertThrowsError(try catalog.transition(named: "flip-push").screenTakesPicture(id: "nope")) {
            XCTAssertEqual("\($0)", "Templates/flip-push.json:31:13: layers: --screen nope: no layer with that id; replaceable: container, next, page, shadow")
        }
    }
}
