import XCTest

@testable import TransExportCLI

final class MallocSettingsTests: XCTestCase {
    /// Every setting is one glibc accepts (mallopt returns 1 for each), each parameter set once.
    func testGlibcTakesEverySetting() {
        XCTAssertTrue(MallocSettings.apply())
        let parameters = MallocSettings.values.map(\.parameter)
        XCTAssertEqual(Set(parameters).count, parameters.count)
        XCTAssertEqual(MallocSettings.values.first { $0.parameter == MallocSettings.topPad }?.value, 4 << 20)
    }
}
