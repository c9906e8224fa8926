// The order the default run starts its export tasks in (TransExportCommand.startOrder): 3D
// first, then the 2D cards the page's deflate waits on, then the rest heaviest first.
import XCTest

@testable import TransExportCLI

final class ExportScheduleTests: XCTestCase {
    func testProjectedFirstThenCardsBeforeThemThenHeaviestFirst() {
        // Transitions 0-5; 2 and 3 are 3D; 1 and 4 have scrub clips.
        let tasks = [(0, false), (1, false), (1, true), (2, false), (3, false), (4, false), (4, true), (5, false)]
        let heavy = [false, false, true, true, false, false]
        let weights: [Int: Double] = [0: 5, 1: 1, 4: 2, 5: 9]
        let order = TransExportCommand.startOrder(tasks, heavy: heavy) { n, scrub in scrub ? 7 : weights[n]! }
        let expected = [(2, false), (3, false), (0, false), (1, false), (1, true), (5, false), (4, true), (4, false)]
        XCTAssertEqual(order.map(\.0), expected.map(\.0))
        XCTAssertEqual(order.map(\.1), expected.map(\.1))
        // Equal weights keep input order; no 3D transition: every task by weight.
        let flat = TransExportCommand.startOrder(tasks, heavy: Array(repeating: false, count: 6)) { n, _ in n == 3 ? 2 : 1 }
        XCTAssertEqual(flat.map(\.0), [3, 0, 1, 1, 2, 4, 4, 5])
        XCTAssertEqual(flat.map(\.1), [false, false, false, true, false, false, true, false])
    }
}
