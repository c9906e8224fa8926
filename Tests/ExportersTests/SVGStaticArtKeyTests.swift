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

    /// A stored property added to LayerTransform fails this until `sameTransform` compares it.
    func testTheTransformCompareReadsEveryFieldOfATransform() {
        let labels = Set(Mirror(reflecting: LayerTransform()).children.compactMap(\.label))
        XCTAssertEqual(labels, SVGStaticArtCache.Key.transformFields)
    }

    /// A stored property added to Color fails this until `sameFill` compares it.
    func testTheFillCompareReadsEveryFieldOfAColor() {
        let labels = Set(Mirror(reflecting: Color.black).children.compactMap(\.label))
        XCTAssertEqual(labels, SVGStaticArtCache.Key.colorFields)
    }

    /// `sameTransform` answers as `==`: each field changed alone differs, the same transform does not.
    func testSameTransformIsTransformEquality() {
        let base = LayerTransform(translation: Point(1, 2), scale: Point(3, 4), rotation: 0.5, rotationX: 0.25, rotationY: 0.125, m34: -0.002)
        var variants = [base]
        func with(_ change: (inout LayerTransform) -> Void) {
            var v = base
            change(&v)
            variants.append(v)
        }
        with { $0.translation.x += 1 }
        with { $0.translation.y += 1 }
        with { $0.scale.x += 1 }
        with { $0.scale.y += 1 }
        with { $0.rotation += 1 }
        with { $0.rotationX += 1 }
        with { $0.rotationY += 1 }
        with { $0.m34 = 0 }
        for a in variants {
            for b in variants { XCTAssertEqual(SVGStaticArtCache.Key.sameTransform(a, b), a == b, "\(a) vs \(b)") }
        }
        XCTAssertEqual(variants.filter { SVGStaticArtCache.Key.sameTransform($0, base) }.count, 1)
    }

    /// `sameFill` answers as `==` for solid colours (each component), gradients and no fill.
    func testSameFillIsFillEquality() throws {
        let gradient = LinearGradient(start: Point(0, 0), end: Point(0, 1), stops: [LinearGradient.Stop(offset: 0, color: .black)])
        let fills: [Fill?] = [
            nil, .solid(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)), .solid(Color(red: 0.5, green: 0.2, blue: 0.3, alpha: 0.4)),
            .solid(Color(red: 0.1, green: 0.5, blue: 0.3, alpha: 0.4)), .solid(Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 0.4)),
            .solid(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)), .linearGradient(gradient),
        ]
        for simulatedFill in fills {
            var d = SVGStaticArtTests.definition()
            d.layers[0].fill = simulatedFill
            let simulation = try Simulation(d)
            for keptFill in fills {
                var definition = simulation.layers[0].definition
                definition.fill = keptFill
                let kept = SVGStaticArtCache.Key.Layer(definition: definition, sublayers: 0, followed: false)
                let same = withUnsafePointer(to: kept) { k in
                    simulation.layers.withUnsafeBufferPointer { SVGStaticArtCache.Key.sameFill(k, $0.baseAddress!) }
                }
                XCTAssertEqual(same, keptFill == simulatedFill, "\(String(describing: keptFill)) vs \(String(describing: simulatedFill))")
            }
        }
    }
}
