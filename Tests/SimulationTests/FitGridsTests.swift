import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The fits' grids kept for the other player (FitGrids): found only for the key and end value
/// they were made for, and a fit from a kept grid gives the same keyframes.
final class FitGridsTests: XCTestCase {
    /// Each part of the key, and the end value's bits, picks the grid: changing any one of them
    /// finds none (a key part left out would find the kept grid).
    func testAGridIsFoundOnlyForItsKeyAndEndValue() {
        let grids = FitGrids()
        let key = FitGrids.Key(layer: 2, track: .number(.opacity), piece: 1, rate: 240.0.bitPattern)
        let end = Point(3, 0.0)
        grids.keep(key, end: end, times: [0, 0.5, 1], values: [Point(0, 0), Point(1, 0), end])
        let kept = grids.grid(key, end: end)
        XCTAssertEqual(kept?.times, [0, 0.5, 1])
        XCTAssertEqual(kept?.values, [Point(0, 0), Point(1, 0), end])
        var other = key
        other.layer = 3
        XCTAssertNil(grids.grid(other, end: end), "layer")
        other = key
        other.track = .number(.cornerRadius)
        XCTAssertNil(grids.grid(other, end: end), "property")
        other.track = .maskNumber(.opacity)
        XCTAssertNil(grids.grid(other, end: end), "mask or layer number")
        other = key
        other.piece = 0
        XCTAssertNil(grids.grid(other, end: end), "piece")
        other = key
        other.rate = 120.0.bitPattern
        XCTAssertNil(grids.grid(other, end: end), "grid rate")
        XCTAssertNil(grids.grid(key, end: Point(3, 1e-12)), "end value")
        XCTAssertNil(grids.grid(key, end: Point(3, -0.0)), "end value's bits (-0)")
        XCTAssertNil(grids.grid(key, end: Size(3, 0)), "value type")
        // A grid made for another end value replaces the kept one: still one per key.
        grids.keep(key, end: Point(4, 0), times: [0, 1], values: [Point(0, 0), Point(4, 0)])
        XCTAssertEqual(grids.count, 1)
        XCTAssertNil(grids.grid(key, end: end))
        XCTAssertEqual(grids.grid(key, end: Point(4, 0))?.times, [0, 1])
    }

    /// The spring of douyin-present fitted by both players through one slot: the first makes and
    /// keeps the grid, the second finds it, and each player's keyframes are those of a fit that
    /// makes its own grid.
    func testBothPlayersFitTheSameKeyframesFromASharedGrid() throws {
        let sim = try Simulation(douyinPresent())
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let measure = LayerMeasures.all(sim, tolerance: .standard)[player].position
        let exact = ExactTrack(sim.layers[player].position, until: sim.timeline.duration, memo: ExactValueMemo())
        let grids = FitGrids()
        let slot = FitGridSlot(grids: grids, layer: player, track: .position)
        let lottie = FittingReducer(rules: .lottie), smil = FittingReducer(rules: .smil)
        let lottieShared = lottie.fitted(exact, measure: measure, grids: slot)
        let made = grids.count
        XCTAssertGreaterThan(made, 0)
        let smilShared = smil.fitted(exact, measure: measure, grids: slot)
        XCTAssertEqual(grids.count, made, "the second player makes no grid of its own")
        XCTAssertEqual(lottieShared, lottie.fitted(exact, measure: measure))
        XCTAssertEqual(smilShared, smil.fitted(exact, measure: measure))
        // The kept grid is the one a fitter makes.
        let moving = try XCTUnwrap(exact.pieces.firstIndex(of: .moving))
        let own = smil.fitter(exact, piece: moving, measure: measure).0
        let shared = smil.fitter(exact, piece: moving, measure: measure, grids: slot).0
        XCTAssertEqual(shared.times, own.times)
        XCTAssertEqual(shared.values, own.values)
    }
}
