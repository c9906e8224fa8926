import XCTest

@testable import Simulation

// InstantMemo keeps one value per slot; `kept`/`keep` are `value(at:_:)` split in two (a gesture
// read calls them without a closure): the same answers, the same replacement, no keeping of the
// reserved NaN instant.
final class InstantMemoTests: XCTestCase {
    func testKeptIsWhatValueKeeps() {
        let memo = InstantMemo<Double>(slots: 4)
        XCTAssertNil(memo.kept(at: 0.5))
        var made = 0
        XCTAssertEqual(
            memo.value(at: 0.5) {
                made += 1; return 7
            }, 7)
        XCTAssertEqual(memo.kept(at: 0.5), 7)
        XCTAssertEqual(
            memo.value(at: 0.5) {
                made += 1; return 8
            }, 7)
        XCTAssertEqual(made, 1)
        memo.keep(9, at: 0.25)
        XCTAssertEqual(memo.value(at: 0.25) { 10 }, 9)
        XCTAssertNil(memo.kept(at: 0.75 + 1e-9))
    }

    func testReservedInstantIsNeverKept() {
        let memo = InstantMemo<Double>(slots: 1)
        let reserved = Double(bitPattern: .max)
        memo.keep(3, at: reserved)
        XCTAssertNil(memo.kept(at: reserved))
        var made = 0
        XCTAssertEqual(
            memo.value(at: reserved) {
                made += 1; return 4
            }, 4)
        XCTAssertEqual(
            memo.value(at: reserved) {
                made += 1; return 5
            }, 5)
        XCTAssertEqual(made, 2)
    }

    func testOneSlotIsReplaced() {
        let memo = InstantMemo<Double>(slots: 1)
        memo.keep(1, at: 1)
        memo.keep(2, at: 2)
        XCTAssertNil(memo.kept(at: 1))
        XCTAssertEqual(memo.kept(at: 2), 2)
    }
}
