// The closing line's size, as Foundation's ByteCountFormatter (`.file`) wrote it before the
// binary dropped Foundation (docs/platform.md); the expected texts are that formatter's output.
import XCTest

@testable import TransExportCLI

final class RunSummaryTests: XCTestCase {
    func testSizesReadAsByteCountFormatterWroteThem() {
        let cases: [(Int, String)] = [
            (0, "Zero KB"), (1, "1 byte"), (2, "2 bytes"), (999, "999 bytes"), (1000, "1 KB"), (1001, "1 KB"),
            (1499, "1 KB"), (1500, "2 KB"), (1501, "2 KB"), (2500, "2 KB"), (9999, "10 KB"), (10_000, "10 KB"),
            (32_768, "33 KB"), (99_999, "100 KB"), (999_499, "999 KB"), (999_500, "1,000 KB"), (999_999, "1,000 KB"),
            (1_000_000, "1 MB"), (1_049_999, "1 MB"), (1_050_000, "1 MB"), (1_563_409, "1.6 MB"), (9_950_000, "10 MB"),
            (17_792_487, "17.8 MB"), (999_999_999, "1,000 MB"), (1_000_000_000, "1 GB"), (1_234_567_890, "1.23 GB"),
            (12_345_678_901, "12.35 GB"), (1_000_000_000_000, "1 TB"), (1_500_000_000_000, "1.5 TB"),
        ]
        for (bytes, text) in cases { XCTAssertEqual(RunSummary.byteCount(bytes), text, "\(bytes)") }
    }
}
