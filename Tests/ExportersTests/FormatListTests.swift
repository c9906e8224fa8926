// The one list of output formats (ExportFormats.swift) and what the command line derives from
// it (the command line's side: TransExportCLITests/CommandLineOptionsTests). These tests name
// every format on purpose: a new format edits them once.
import XCTest

@testable import Exporters

final class FormatListTests: XCTestCase {
    func testTheList() {
        XCTAssertEqual(ExportFormats.all.map(\.name), ["svg", "lottie", "tracks", "html", "gif", "webp", "mp4", "png"])
        XCTAssertEqual(ExportFormats.all.map(\.fileExtension), ["svg", "json", "tracks.json", nil, "gif", "webp", "mp4", "png"])
        XCTAssertEqual(ExportFormats.all.filter(\.inAll).map(\.name), ["svg", "lottie", "tracks", "html"])
        XCTAssertEqual(ExportFormats.all.filter(\.writesStill).map(\.name), ["svg", "png"])
        XCTAssertEqual(ExportFormats.all.filter(\.galleryDownload).map(\.name), ["gif", "webp", "mp4", "png"])
        XCTAssertEqual(ExportFormats.options.map(\.flag), ["--scale", "--fps", "--webp-quality"])
        XCTAssertEqual(Set(ExportFormats.all.map(\.name)).count, ExportFormats.all.count, "names are unique")
    }
}
