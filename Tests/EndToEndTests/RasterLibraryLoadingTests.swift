import Foundation
import XCTest

/// librsvg and cairo (with glib, pango, freetype, X11, …) are opened when a raster format first
/// draws, not linked: a run without raster formats never maps them (RasterLibraries.swift).
/// glibc's loader names every library it maps when LD_DEBUG=files is set.
final class RasterLibraryLoadingTests: BinaryTestCase {
    func loadedLibraries(_ arguments: [String]) throws -> (status: Int32, log: String) {
        let process = Process()
        process.executableURL = ToolRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = ToolRunner.repositoryRoot
        process.environment = ProcessInfo.processInfo.environment.merging(["LD_DEBUG": "files"]) { $1 }
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, log)
    }

    func testNoRasterFormatMapsNeitherLibrary() throws {
        let run = try loadedLibraries(["--template", "slide-up-segue", "--format", "svg,lottie", "--output", tmp.path])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.log.contains("file=libswiftCore.so"), "LD_DEBUG=files names the linked libraries")
        XCTAssertTrue(run.log.contains("file=libxml2.so.2"))
        XCTAssertFalse(run.log.contains("librsvg-2.so"))
        XCTAssertFalse(run.log.contains("libcairo.so"))
        XCTAssertFalse(run.log.contains("libpango"))
    }

    func testAPosterOpensThemWhenItDraws() throws {
        let run = try loadedLibraries(["--template", "slide-up-segue", "--format", "png", "--scale", "1", "--output", tmp.path])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.log.contains("file=librsvg-2.so.2 [0];  dynamically loaded by"), "opened by dlopen, not at startup")
        XCTAssertTrue(run.log.contains("file=libcairo.so.2"))
        let png = try Data(contentsOf: tmp.appendingPathComponent("slide-up-segue.png"))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
