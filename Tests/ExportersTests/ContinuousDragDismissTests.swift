import Motion
import Simulation
import TransitionModel
import XCTest

/// douyin-drag-dismiss-continuous: at the finish's release the cell snapshot takes over from
/// the dragged player's centre and width; douyin-drag-dismiss keeps the seed's jump to the
/// screen centre at scale 390/194.
final class ContinuousDragDismissTests: XCTestCase {
    func releaseState(_ name: String) throws -> (player: [Point], snapshot: [Point]) {
        let sim = try Simulation(try ExportFixtures.template(name))
        let finish = try XCTUnwrap(sim.timeline.branches.first { $0.name == "finish" })
        let player = try XCTUnwrap(sim.index(ofLayer: "player")), snapshot = try XCTUnwrap(sim.index(ofLayer: "cell-snapshot"))
        let before = sim.state(at: finish.release - 1e-6), at = sim.state(at: finish.release)
        XCTAssertTrue(at.visible[snapshot])
        return (before.corners(of: player), at.corners(of: snapshot))
    }

    func testTheSnapshotStartsFromTheDraggedPlayer() throws {
        let (player, snapshot) = try releaseState("douyin-drag-dismiss-continuous")
        let playerCenter = (player[0] + player[2]).scaled(by: 0.5), snapshotCenter = (snapshot[0] + snapshot[2]).scaled(by: 0.5)
        XCTAssertEqual(snapshotCenter.x, playerCenter.x, accuracy: 1e-6)
        XCTAssertEqual(snapshotCenter.y, playerCenter.y, accuracy: 1e-6)
        XCTAssertEqual(snapshot[1].x - snapshot[0].x, player[1].x - player[0].x, accuracy: 1e-6)
        // The dragged player is narrower than the screen: p = 160/390, ratio = 1 − p/2.
        XCTAssertEqual(player[1].x - player[0].x, 390 * (1 - 160.0 / 390 / 2), accuracy: 1e-6)
    }

    func testTheSeedsJumpStaysTheDefault() throws {
        let (player, snapshot) = try releaseState("douyin-drag-dismiss")
        XCTAssertEqual((snapshot[0].x + snapshot[1].x) / 2, 195, accuracy: 1e-6)
        XCTAssertEqual(snapshot[1].x - snapshot[0].x, 390, accuracy: 1e-6)
        XCTAssertGreaterThan(abs((player[0].x + player[1].x) / 2 - 195), 50)
    }
}
