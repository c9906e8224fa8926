import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The exact tracks that keep their values (ExactValueMemo): the same bits as the tracks that
/// compute every value, read once or again, and the same keys fitted from them.
final class ExactValueMemoTests: XCTestCase {
    func testAMemoizedTrackGivesTheSameBitsAtEveryTime() throws {
        let sim = try Simulation(douyinPresent())
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let end = sim.timeline.duration
        let track = sim.layers[player].transform
        let memo = ExactValueMemo<LayerTransform>()
        let plain = ExactTrack(track, until: end, component: { $0.scale })
        let kept = ExactTrack(track, until: end, component: { $0.scale }, memo: memo)
        let rotation = ExactTrack(track, until: end, component: { $0.rotation }, memo: memo)
        XCTAssertEqual(kept.breakpoints, plain.breakpoints)
        XCTAssertEqual(kept.pieces, plain.pieces)
        var moved = 0
        for pass in 0..<2 {  // computed, then read back
            for k in 0...900 {
                let t = end * Double(k) / 900
                let a = plain.value(t), b = kept.value(t)
                XCTAssertEqual(a.x.bitPattern, b.x.bitPattern, "\(t) pass \(pass)")
                XCTAssertEqual(a.y.bitPattern, b.y.bitPattern, "\(t) pass \(pass)")
                XCTAssertEqual(rotation.value(t).bitPattern, track.value(at: t).rotation.bitPattern)
                if a != plain.value(0) { moved += 1 }
            }
        }
        XCTAssertGreaterThan(moved, 100)  // the spring moves the scale
    }

    func testFitsFromTheLayersTracksEqualFitsFromPlainTracks() throws {
        let sim = try Simulation(douyinPresent())
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let end = sim.timeline.duration
        let all = ExactLayerTracks.all(sim)[player]
        let measures = LayerMeasures.all(sim, tolerance: .standard)[player]
        for rules in PlayerRules.players {
            let reducer = FittingReducer(rules: rules)
            let position = reducer.keyframes(for: all.position, measure: measures.position)
            XCTAssertEqual(position, reducer.keyframes(for: ExactTrack(sim.layers[player].position, until: end), measure: measures.position))
            XCTAssertGreaterThan(position.keyframes.count, 2)
            let scale = reducer.keyframes(for: all.scale, measure: measures.scale)
            let plainScale = ExactTrack(sim.layers[player].transform, until: end, component: { $0.scale })
            XCTAssertEqual(scale, reducer.keyframes(for: plainScale, measure: measures.scale))
        }
    }

    /// The memo's table keeps every key apart through its growths: keys that differ only in low
    /// bits (neighbouring times), the bits of 0 and −0, a key written again.
    func testTheTimeTableKeepsEveryKey() {
        var table = TimeTable<Int>()
        XCTAssertNil(table[0])
        var keys: [UInt64] = [0, (-0.0).bitPattern, UInt64.max]
        for k in 0..<3000 { keys.append((0.5 + Double(k) * 1e-12).bitPattern) }
        for k in 0..<3000 { keys.append((Double(k) / 240).bitPattern) }
        keys = Array(Set(keys))
        for (n, key) in keys.enumerated() { table[key] = n }
        table[keys[7]] = 7
        for (n, key) in keys.enumerated() { XCTAssertEqual(table[key], n) }
        XCTAssertNil(table[(0.25).bitPattern + 1])
        XCTAssertNil(table[(100.0).bitPattern])
    }

    /// A memo frees what it kept when it goes (its values too): a table's buffers outlived their
    /// memo in the release build (each fit's leaked, the default run's peak up 4 MB).
    func testAMemoFreesItsValues() {
        final class Kept: Sendable {}
        weak var kept: Kept?
        weak var keptAgain: Kept?
        do {
            let memo = ExactValueMemo<Kept>()
            for k in 0..<100 { _ = memo.value(Double(k) / 60) { _ in Kept() } }
            kept = memo.value(0.5) { _ in Kept() }
            keptAgain = memo.value(Double(99) / 60) { _ in Kept() }
            XCTAssertNotNil(kept)
            XCTAssertNotNil(keptAgain)
        }
        XCTAssertNil(kept)
        XCTAssertNil(keptAgain)
        var table = TimeTable<Kept>()
        table[1] = Kept()
        weak let inTable = table[1]
        table.release()
        XCTAssertNil(inTable)
        XCTAssertNil(table[1])
    }
}
