import JSONText
import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Exporters

/// Core Animation draws opacity within [0, 1] and a negative corner radius as square corners:
/// a spring's overshoot is clamped in the drawn state and in every exported keyframe.
final class DrawnRangeTests: XCTestCase {
    /// A card that springs (damping 0.5) from alpha 0 to 1 and from cornerRadius 20 to 0.
    static var overshootingCard: TransitionDefinition {
        let card = LayerDefinition(
            id: "card", kind: .rect, frame: Rect(95, 322, 200, 200), opacity: 0, numbers: [.cornerRadius: 20],
            fill: .solid(Color(red: 0.2, green: 0.4, blue: 0.9)))
        let spring = AnimationBlock(
            duration: 0.8, timing: .uikitSpring(dampingRatio: 0.5, velocity: 0),
            changes: [
                PropertyChange(layer: "card", .opacity(1)), PropertyChange(layer: "card", .cornerRadius(0)),
            ])
        return TransitionDefinition(
            name: "overshoot", description: "", canvas: Canvas(size: Size(390, 844)),
            layers: [card], phases: [Phase(name: "spring", blocks: [spring])])
    }

    func testTheSpringOvershootsButTheDrawnStateIsClamped() throws {
        let sim = try Simulation(Self.overshootingCard)
        let i = try XCTUnwrap(sim.index(ofLayer: "card"))
        var rawMax = -Double.infinity, rawMin = Double.infinity
        var t = 0.0
        while t < sim.timeline.duration {
            rawMax = max(rawMax, sim.layers[i].numbers[.opacity].value(at: t))
            rawMin = min(rawMin, sim.layers[i].numbers[.cornerRadius].value(at: t))
            let s = sim.state(at: t).layers[i]
            XCTAssert((0...1).contains(s.opacity), "opacity \(s.opacity) at \(t)")
            XCTAssertGreaterThanOrEqual(s.cornerRadius, 0, "cornerRadius at \(t)")
            t += 1.0 / 240
        }
        // The model overshoots (so the clamps are exercised): alpha past 1, the radius below 0.
        XCTAssertGreaterThan(rawMax, 1.1)
        XCTAssertLessThan(rawMin, -1)
    }

    func testNoLottieKeyframeLeavesItsRange() throws {
        let k = KeyframedTransition.fitted(try Simulation(Self.overshootingCard), for: .lottie)
        let doc = try LottieWriter().lottie(k)
        var opacities: [Double] = [], radii: [Double] = []
        func values(_ prop: JSONValue?) -> [Double] {
            guard let prop else { return [] }
            if prop["a"] == .number(1), case .array(let keys)? = prop["k"] {
                return keys.flatMap { key -> [Double] in
                    if let s = key["s"]?.arrayItems { return s.compactMap { if case .number(let d) = $0 { d } else { nil } } }
                    return []
                }
            }
            if case .number(let d)? = prop["k"] { return [d] }
            if let a = prop["k"]?.arrayItems { return a.compactMap { if case .number(let d) = $0 { d } else { nil } } }
            return []
        }
        func walk(_ v: JSONValue) {
            switch v {
            case .object(let members):
                if v["ty"] == .string("rc") { radii += values(v["r"]) }
                // Every opacity in Lottie (layer, group transform, fill, mask) is 0...100.
                if case .object? = v["o"], v["o"]?["k"] != nil { opacities += values(v["o"]) }
                members.forEach { walk($0.value) }
            case .array(let a): a.forEach(walk)
            default: break
            }
        }
        walk(doc)
        XCTAssertFalse(opacities.isEmpty)
        XCTAssertFalse(radii.isEmpty)
        XCTAssert(opacities.allSatisfy { (0...100).contains($0) }, "o out of 0...100: \(opacities.filter { !(0...100).contains($0) })")
        XCTAssert(radii.allSatisfy { $0 >= 0 }, "r below 0: \(radii.filter { $0 < 0 })")
        XCTAssertEqual(opacities.max() ?? 0, 100, accuracy: 1e-9)
    }
}
