import Simulation
import TransitionModel
import XCTest

@testable import Exporters

/// The static-art key compares a kept definition with a simulated one field by field, in place
/// (SVGStaticArtCache.Key.sameDefinition): it must answer what `==` answers.
final class SVGStaticArtKeyTests: XCTestCase {
    /// A stored property added to LayerDefinition fails this until `sameDefinition` compares it.
    func testTheKeyComparesEveryFieldOfADefinition() {
        let labels = Set(Mirror(reflecting: LayerDefinition(position: .zero, size: Size(1, 1))).children.compactMap(\.label))
        XCTAssertEqual(labels, SVGStaticArtCache.Key.comparedFields)
    }

    /// Each field changed alone makes the definitions differ; the simulated definition itself is the same.
    func testSameDefinitionIsEqualityFieldByField() throws {
        let simulation = try Simulation(SVGStaticArtTests.definition())
        let simulated = simulation.layers[0].definition
        var variants: [(String, LayerDefinition)] = [("itself", simulated)]
        func with(_ name: String, _ change: (inout LayerDefinition) -> Void) {
            var v = simulated
            change(&v)
            variants.append((name, v))
        }
        with("id") { $0.id = "other" }
        with("kind") { $0.kind = .ellipse }
        with("position") { $0.position.x += 1 }
        with("size") { $0.size.height += 1 }
        with("anchorPoint") { $0.anchorPoint = Point(0, 0) }
        with("transform") { $0.transform = LayerTransform(rotation: 0.1) }
        with("hidden") { $0.hidden.toggle() }
        with("numbers") { $0.opacity = 0.25 }
        with("clipsToBounds") { $0.clipsToBounds.toggle() }
        with("fill") { $0.fill = .solid(.black) }
        with("children") { $0.children = [LayerDefinition(position: .zero, size: Size(1, 1))] }
        with("sublayerTransform") { $0.sublayerTransform = LayerTransform(scale: Point(2, 2)) }
        with("mask") { $0.mask = LayerMask(shape: .rect, frame: Rect(0, 0, 10, 10)) }
        XCTAssertEqual(variants.count, SVGStaticArtCache.Key.comparedFields.count)  // itself + every field but `written`
        for (name, v) in variants {
            let kept = SVGStaticArtCache.Key.Layer(definition: v, sublayers: 0, followed: false)
            let same = withUnsafePointer(to: kept) { k in
                simulation.layers.withUnsafeBufferPointer { SVGStaticArtCache.Key.sameDefinition(k, $0.baseAddress!) }
            }
            XCTAssertEqual(same, v == simulated, name)
            XCTAssertEqual(same, name == "itself", name)
        }
    }

    /// `sameKind` tells the kinds without a reference in place and leaves the others to `==`:
    /// every pair of kinds answers as `==` does (text bars by their line count too).
    func testSameKindIsKindEquality() throws {
        let kinds: [LayerDefinition.Kind] = [.group, .rect, .ellipse, .text(lines: 2), .text(lines: 3), .snapshot(of: "badge"), .snapshot(of: "other")]
        for simulatedKind in kinds {
            var d = SVGStaticArtTests.definition()
            d.layers[0].kind = simulatedKind
            let simulation = try Simulation(d)
            for keptKind in kinds {
                var definition = simulation.layers[0].definition
                definition.kind = keptKind
                let kept = SVGStaticArtCache.Key.Layer(definition: definition, sublayers: 0, followed: false)
                let same = withUnsafePointer(to: kept) { k in
                    simulation.layers.withUnsafeBufferPointer { SVGStaticArtCache.Key.sameKind(k, $0.baseAddress!) }
                }
                XCTAssertEqual(same, keptKind == simulatedKind, "\(keptKind) vs \(simulatedKind)")
            }
        }
    }
}
