import Foundation
import XCTest

/// Golden files live beside the tests in `Snapshots/`, named after the test:
/// `Snapshots/testCardSVG().svg`. A missing golden is recorded and the test fails; set
/// RECORD_SNAPSHOTS=1 to re-record on purpose.
func assertSnapshot(
    _ actual: String, extension ext: String, testName: String = #function,
    file: StaticString = #filePath, line: UInt = #line
) {
    let dir = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Snapshots")
    let url = dir.appendingPathComponent("\(testName).\(ext)")
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? actual.write(to: url, atomically: true, encoding: .utf8)
        XCTFail("Recorded a new golden at \(url.path); check it and run the tests again", file: file, line: line)
        return
    }
    guard actual != expected else { return }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let i = Array(zip(a, e)).firstIndex { $0 != $1 } ?? min(a.count, e.count)
    let got = i < a.count ? String(a[i]) : "<end of output>"
    let want = i < e.count ? String(e[i]) : "<end of golden>"
    XCTFail(
        "differs from \(url.lastPathComponent) at line \(i + 1):\n  golden: \(want.prefix(300))\n  actual: \(got.prefix(300))\nRe-record on purpose with RECORD_SNAPSHOTS=1 swift test",
        file: file, line: line)
}
