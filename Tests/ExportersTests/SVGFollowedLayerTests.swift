import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Exporters

/// `SVGDocument.animatedOrMasked` (and `LayerKeyframes.isAnimated(in:)`, the Lottie layer plan's)
/// reads a layer's keyframes in place: it must answer what `isAnimated || mask != nil` (and
/// `isAnimated`) answers, for each track that moves alone.
final class SVGFollowedLayerTests: XCTestCase {
    /// A track added to LayerKeyframes fails this until `animatedOrMasked` reads it (or is
    /// told it does not count) and the test below moves it.
    func testTheTracksReadAreLayerKeyframesStoredProperties() throws {
        let kt = KeyframedTransition(try Simulation(SVGStaticArtTests.definition()))
        let labels = Set(Mirror(reflecting: kt.layers[0]).children.compactMap(\.label))
        XCTAssertEqual(
            labels, ["layer", "position", "size", "anchorPoint", "translation", "scale", "rotation", "numbers", "visible", "mask"])
    }

    func testAnimatedOrMaskedIsTheKeyframesOwnAnswer() throws {
        let kt = KeyframedTransition(try Simulation(SVGStaticArtTests.definition()))
        var still = kt.layers[0]
        // A still layer to start from: every track constant at its first value, no mask.
        func constant<V>(_ t: KeyframeTrack<V>) -> KeyframeTrack<V> { .constant(t.initialValue) }
        still.position = constant(still.position)
        still.size = constant(still.size)
        still.anchorPoint = constant(still.anchorPoint)
        still.translation = constant(still.translation)
        still.scale = constant(still.scale)
        still.rotation = constant(still.rotation)
        still.numbers = still.numbers.map { constant($1) }
        still.visible = constant(still.visible)
        still.mask = nil
        func moving<V: AnimatableValue>(_ t: KeyframeTrack<V>, _ other: V) -> KeyframeTrack<V> {
            KeyframeTrack([Keyframe(time: 0, value: t.initialValue), Keyframe(time: 1, value: other)])
        }
        var variants: [(String, LayerKeyframes)] = [("still", still)]
        func with(_ name: String, _ change: (inout LayerKeyframes) -> Void) {
            var k = still
            change(&k)
            variants.append((name, k))
        }
        with("position") { $0.position = moving($0.position, Point(5, 5)) }
        with("size") { $0.size = moving($0.size, Size(3, 3)) }
        with("anchorPoint") { $0.anchorPoint = moving($0.anchorPoint, Point(0, 0)) }
        with("translation") { $0.translation = moving($0.translation, Point(1, 2)) }
        with("scale") { $0.scale = moving($0.scale, Point(2, 2)) }
        with("rotation") { $0.rotation = moving($0.rotation, 0.5) }
        with("opacity") { $0.opacity = moving($0.opacity, 0.5) }
        with("cornerRadius") { $0.numbers[.cornerRadius] = moving($0.numbers[.cornerRadius], 3) }
        with("visible") { $0.visible = KeyframeTrack([Keyframe(time: 0, value: true), Keyframe(time: 1, value: false)]) }
        var masked = SVGStaticArtTests.definition()
        masked.layers[0].mask = LayerMask(shape: .rect, frame: Rect(0, 0, 10, 10))
        let mask = try XCTUnwrap(KeyframedTransition(try Simulation(masked)).layers[0].mask)
        with("mask") { $0.mask = mask }
        for (name, k) in variants {
            let answer = withUnsafePointer(to: k) { SVGDocument.animatedOrMasked($0) }
            XCTAssertEqual(answer, k.isAnimated || k.mask != nil, name)
            XCTAssertEqual(withUnsafePointer(to: k) { LayerKeyframes.isAnimated(in: $0) }, k.isAnimated, name)
            XCTAssertEqual(answer, name != "still", name)
        }
    }
}
