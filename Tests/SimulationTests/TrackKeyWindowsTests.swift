import Motion
import TransitionModel
import XCTest

@testable import Keyframes

/// The estimate of today's keys before their fit (TrackKeyWindows.swift) and the budget's
/// margin over it (ProjectionKeyBudget.estimateMargin).
final class TrackKeyWindowsTests: XCTestCase {
    /// One path of one line segment whose vertex is at `points[k]` at grid time k (its controls on it).
    func samples(_ tracks: [[Point]]) -> (ProjectionFitter.Layout, [[Point]]) {
        let paths = tracks.map { t in point(t[0]) }
        let layout = ProjectionFitter.Layout(paths, outlines: paths.map { _ in false })
        let flat = tracks[0].indices.map { k in layout.flat(tracks.map { t in point(t[k]) }) }
        return (layout, flat)
    }

    /// A one-segment path at p (its controls on it).
    func point(_ p: Point) -> BezierPath {
        BezierPath(vertices: [p], outControls: [p], inControls: [p], isLine: [true])
    }

    func windows(_ tracks: [[Point]], visible: Double = 0.5) -> [(start: Int, end: Int, characters: Int)] {
        let (layout, flat) = samples(tracks)
        return TrackKeyWindows.find(layout, paths: Array(tracks.indices), samples: flat, visible: visible, outline: visible)
    }

    func testStraightRunsNeedNoKeyAndTurnsDo() {
        let line = (0...40).map { Point(3 * Double($0), 2 * Double($0)) }
        XCTAssertTrue(windows([line]).isEmpty)
        // Eased along a straight line (one progress may do that): still none.
        let eased = (0...40).map { Point(300 * pow(Double($0) / 40, 2), 0) }
        XCTAssertTrue(windows([eased]).isEmpty)
        // There and back: the drawn value cannot turn between two keys, so a key inside.
        let back = (0...40).map { Point(100 - abs(Double($0) - 20) * 5, 0) }
        let turned = windows([back])
        XCTAssertEqual(turned.count, 1)
        XCTAssertTrue(turned[0].start < 20 && turned[0].end > 20, "\(turned)")
        // Along a half circle of radius 100: a window wherever a chord's sagitta passes twice 2E.
        let arc = (0...40).map { Point(100 * cos(Double.pi * Double($0) / 40), 100 * sin(Double.pi * Double($0) / 40)) }
        let around = windows([arc])
        XCTAssertGreaterThanOrEqual(around.count, 3)
        for (w, next) in zip(around, around.dropFirst()) { XCTAssertEqual(w.end, next.start) }
        // A key's characters: an entry and the vertex and its controls as written at the middle.
        let middle = ProjectionFitter.onGrid(arc[(around[0].start + around[0].end) / 2])
        XCTAssertEqual(around[0].characters, FactoredProjection.perKey + FactoredProjection.characters(of: point(middle)))
        // A looser tolerance, fewer windows.
        XCTAssertLessThan(windows([arc], visible: 3).count, around.count)
    }

    /// Two points each on a straight line, one linear and one eased: each alone needs no key,
    /// together they do (one progress for the whole track).
    func testOneProgressForTheTrack() {
        let linear = (0...40).map { Point(5 * Double($0), 0) }
        let eased = (0...40).map { Point(0, 200 * pow(Double($0) / 40, 2)) }
        XCTAssertTrue(windows([linear]).isEmpty)
        XCTAssertTrue(windows([eased]).isEmpty)
        XCTAssertFalse(windows([linear, eased]).isEmpty)
    }

    /// Released windows leave the promise; the estimate gives up past its margin, for good.
    func testBudgetGivesUpPastTheEstimatesMargin() {
        var track = TrackKeyWindows(windows: [(0, 4, 30), (4, 9, 40), (9, 12, 50)])
        XCTAssertEqual(track.total, 120)
        XCTAssertEqual(track.release(before: 4), 30)
        XCTAssertEqual(track.release(before: 5), 40)
        XCTAssertEqual(track.release(before: .max), 50)
        XCTAssertEqual(track.release(before: .max), 0)

        XCTAssertEqual(ProjectionKeyBudget.estimateMargin, 1.25)
        let budget = ProjectionKeyBudget(limit: 100)
        XCTAssertTrue(budget.promise(120))
        budget.release(120)
        XCTAssertTrue(budget.spend(90))
        XCTAssertTrue(budget.promise(35))  // 125: at the margin
        XCTAssertFalse(budget.promise(1))
        XCTAssertTrue(budget.exceeded)
        budget.release(36)
        XCTAssertTrue(budget.exceeded)
        XCTAssertEqual(budget.estimated, 126)
    }
}
