import JSONText
import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Exporters

/// A clipping layer's clip becomes a Lottie track matte on each Lottie-layer sublayer, but only
/// where it can cut: a sublayer that stays inside the clip's bounds gets none (a matte costs
/// rlottie accuracy along the edges).
final class ClipReachTests: XCTestCase {
    func definition(childMoves: Bool) -> TransitionDefinition {
        let shade = LayerDefinition(id: "shade", kind: .rect, frame: Rect(0, 0, 200, 300), opacity: 0, fill: .solid(.white))
        let card = LayerDefinition(
            id: "card", kind: .group, frame: Rect(95, 272, 200, 300), clipsToBounds: true,
            fill: .solid(Color(red: 0.2, green: 0.4, blue: 0.9)), children: [shade])
        var changes = [PropertyChange(layer: "shade", .opacity(0.5))]
        if childMoves { changes.append(PropertyChange(layer: "shade", .position(Point(180, 150)))) }
        return TransitionDefinition(
            name: "clip-reach", description: "", canvas: Canvas(size: Size(390, 844)), layers: [card],
            phases: [Phase(name: "shade", blocks: [AnimationBlock(duration: 0.3, changes: changes)])])
    }

    /// The matte layers' names, then "LAYER/MASK" for each ancestor outline a layer takes as a mask.
    func clips(_ d: TransitionDefinition) throws -> [String] {
        let doc = try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
        guard case .array(let layers)? = doc["layers"] else { return [] }
        func name(_ v: JSONValue) -> String { if case .string(let s)? = v["nm"] { s } else { "?" } }
        let mattes = layers.compactMap { l in l["td"] == .number(1) ? name(l) : nil }
        let masks = layers.flatMap { l -> [String] in
            guard case .array(let m)? = l["masksProperties"] else { return [] }
            return m.map(name).filter { $0.hasPrefix("clip-") }.map { name(l) + "/" + $0 }
        }
        return mattes + masks
    }

    func testNoMatteWhereTheClipNeverCuts() throws {
        XCTAssertEqual(try clips(definition(childMoves: false)), [])
    }

    /// The plain rect moving out of the card is cut by the card's outline as a keyed mask
    /// (rlottie draws a layer under a matte darker: docs/lottie.md).
    func testAClipWhereTheSublayerMovesOutOfTheBounds() throws {
        XCTAssertEqual(try clips(definition(childMoves: true)), ["shade/clip-card"])
    }
}
