import Keyframes
import XCTest

@testable import Exporters

/// A projected capsule (a rounded rect whose radius is half its height) has zero-length sides:
/// vertex r + 1 repeats vertex r over a straight segment. The Lottie writer drops such a vertex
/// when it repeats in every key as written, its out-tangent going to the vertex kept before it.
final class LottieRepeatedVerticesTests: XCTestCase {
    /// LVec path layout: vertices, in-tangents, out-tangents, (x, y) each.
    func path(_ v: [[Double]], _ i: [[Double]], _ o: [[Double]]) -> LVec { LVec((v + i + o).flatMap { $0 }) }

    /// A capsule from (0, 0) to (40, 10), right end first, as the projection writes it (8 vertices).
    func capsule(dx: Double = 0) -> LVec {
        path(
            [[35 + dx, 0], [40 + dx, 5], [40 + dx, 5], [35 + dx, 10], [5, 10], [0, 5], [0, 5], [5, 0]],
            [[0, 0], [0, -3], [0, 0], [3, 0], [0, 0], [0, 3], [0, 0], [-3, 0]],
            [[3, 0], [0, 0], [0, 3], [0, 0], [-3, 0], [0, 0], [0, -3], [0, 0]])
    }

    func testACapsulesRepeatedVerticesGoAndTheirTangentsStay() {
        let keys = [capsule(), capsule(dx: 7)]
        XCTAssertEqual(LottieDocument.repeatedVertices(keys), [2, 6])
        let merged = LottieDocument.merged(keys[1], [2, 6])
        XCTAssertEqual(
            merged,
            path(
                [[42, 0], [47, 5], [42, 10], [5, 10], [0, 5], [5, 0]],
                [[0, 0], [0, -3], [3, 0], [0, 0], [0, 3], [-3, 0]],
                [[3, 0], [0, 3], [0, 0], [-3, 0], [0, -3], [0, 0]]))
    }

    func testAVertexThatPartsInOneKeyStays() {
        var apart = capsule()
        apart.c[2 * 2] += 1  // vertex 2 one unit right of vertex 1 in this key only
        XCTAssertEqual(LottieDocument.repeatedVertices([capsule(), apart]), [6])
    }

    func testARepeatAcrossTheFirstVertexGoesAndTheRestTurns() {
        // Vertex 0 repeats vertex 3 (the path's last): vertex 0 goes, vertex 3 takes its out-tangent.
        let square = path([[5, 5], [10, 0], [10, 10], [5, 5]], [[0, 0], [1, 0], [0, 1], [2, 2]], [[0, 0], [0, 0], [0, 0], [0, 0]])
        var withOut = square
        withOut.c[4 * 4] = 4  // vertex 0's out-tangent (4, 0)
        XCTAssertEqual(LottieDocument.repeatedVertices([withOut]), [0])
        XCTAssertEqual(
            LottieDocument.merged(withOut, [0]), path([[10, 0], [10, 10], [5, 5]], [[1, 0], [0, 1], [2, 2]], [[0, 0], [0, 0], [4, 0]]))
    }

    func testNothingRepeatsInAPathOfPointsAllAlike() {
        let dot = path([[1, 1], [1, 1], [1, 1]], [[0, 0], [0, 0], [0, 0]], [[0, 0], [0, 0], [0, 0]])
        XCTAssertEqual(LottieDocument.repeatedVertices([dot]), [])
    }

    /// A track's keys turned in place (`rotate`) are each key `rotated`: every start, paths of
    /// other lengths (a start past a key's vertex count wraps), and an empty path.
    func testKeysRotatedInPlaceAreTheRotatedKeys() {
        let keys = [capsule(), capsule(dx: 7), path([[1, 2], [3, 4], [5, 6]], [[0, 1], [1, 0], [2, 2]], [[3, 3], [4, 4], [5, 5]]), LVec([])]
        for start in 0..<10 {
            var track = KeyframeTrack(keys.enumerated().map { Keyframe(time: Double($0.offset), value: $0.element) })
            LottieDocument.rotate(&track, toStartAt: start)
            XCTAssertEqual(track.keyframes.map(\.value), keys.map { LottieDocument.rotated($0, toStartAt: start) }, "start \(start)")
        }
        XCTAssertEqual(LottieDocument.rotated(capsule(), toStartAt: 2).c[0..<2], [40, 5])
    }
}
