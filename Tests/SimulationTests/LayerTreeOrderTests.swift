import Motion
import TransitionModel
import XCTest

@testable import Simulation

/// The layer tree as flatten makes it and `descendants(of:)` walks it: the shortcuts of the
/// sim44 pass (a stack walk, siblings already in order kept, a mask read in place) give what
/// the plain forms give (BENCHMARKS.md#sim44-the-layers-made-and-walked-same-bytes-2026-12-06).
final class LayerTreeOrderTests: XCTestCase {
    private func layer(_ id: String, z: Double = 0, mask: LayerMask? = nil, _ children: [LayerDefinition] = []) -> LayerDefinition {
        LayerDefinition(id: id, position: Point(10, 20), size: Size(30, 40), zPosition: z, children: children, mask: mask)
    }

    private func simulation(_ layers: [LayerDefinition]) throws -> Simulation {
        try Simulation(
            TransitionDefinition(
                name: "tree", description: "test", canvas: Canvas(size: Size(390, 844)), layers: layers,
                phases: [Phase(name: "p", blocks: [AnimationBlock(duration: 0.2, changes: [PropertyChange(layer: "a", .position(Point(50, 60)))])])]))
    }

    /// Sibling z orders: all equal, already increasing, one out of place, ties out of place.
    private func tree() -> [LayerDefinition] {
        [
            layer("a", z: 1, [layer("a0"), layer("a1", [layer("a10", z: 2), layer("a11", z: -1), layer("a12", z: 2)]), layer("a2")]),
            layer("b", z: 0, [layer("b0", z: -0.0), layer("b1", z: 0), layer("b2", z: 3, [layer("b20")])]),
            layer("c", z: 1, [layer("c0", z: 5), layer("c1", z: 5), layer("c2", z: 4)]),
        ]
    }

    func testDescendantsAreTheRecursiveDepthFirstOrder() throws {
        let sim = try simulation(tree())
        func reference(_ i: Int) -> [Int] { sim.layers[i].children.flatMap { [$0] + reference($0) } }
        var nonEmpty = 0
        for i in sim.layers.indices {
            XCTAssertEqual(sim.descendants(of: i), reference(i), "layer \(sim.layers[i].id ?? "?")")
            if !reference(i).isEmpty { nonEmpty += 1 }
        }
        XCTAssertGreaterThan(nonEmpty, 3)
        // A root's descendants follow it in paint order.
        let a = try XCTUnwrap(sim.index(ofLayer: "a")), order = sim.paintOrder
        let start = try XCTUnwrap(order.firstIndex(of: a))
        XCTAssertEqual(Array(order[(start + 1)...].prefix(sim.descendants(of: a).count)), sim.descendants(of: a))
    }

    /// Siblings in a stable sort by zPosition: the ids in the order a stable sort of the
    /// definitions' zPositions gives (ties, -0 and 0 among them, keep their definition order).
    func testSiblingsAreAStableSortByZPosition() throws {
        let definitions = tree()
        let sim = try simulation(definitions)
        func ids(_ indices: [Int]) -> [String] { indices.map { sim.layers[$0].id ?? "?" } }
        func stable(_ d: [LayerDefinition]) -> [String] {
            d.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map { $0.element.id ?? "?" }
        }
        XCTAssertEqual(ids(sim.roots), stable(definitions))
        XCTAssertEqual(ids(sim.roots), ["b", "a", "c"])
        func check(_ d: LayerDefinition) throws {
            let i = try XCTUnwrap(sim.index(ofLayer: d.id!))
            XCTAssertEqual(ids(sim.layers[i].children), stable(d.children), d.id!)
            for c in d.children { try check(c) }
        }
        for d in definitions { try check(d) }
        XCTAssertEqual(ids(sim.layers[try XCTUnwrap(sim.index(ofLayer: "a1"))].children), ["a11", "a10", "a12"])
        XCTAssertEqual(ids(sim.layers[try XCTUnwrap(sim.index(ofLayer: "b"))].children), ["b0", "b1", "b2"])
        XCTAssertEqual(ids(sim.layers[try XCTUnwrap(sim.index(ofLayer: "c"))].children), ["c2", "c0", "c1"])
    }

    /// A layer keeps its definition without its sublayers; its mask tracks start at its mask's
    /// values, a layer without a mask's at `noMask`'s.
    func testALayerKeepsItsDefinitionAndStartsAtItsMask() throws {
        let mask = LayerMask(shape: .hole, frame: Rect(1, 2, 3, 4), center: Point(5, 6), radius: 7, numbers: [.maskCornerRadius: 8])
        let definitions = [layer("a", [layer("m", mask: mask)])]
        let sim = try simulation(definitions)
        let a = try XCTUnwrap(sim.index(ofLayer: "a")), m = try XCTUnwrap(sim.index(ofLayer: "m"))
        var withoutChildren = definitions[0]
        withoutChildren.children = []
        XCTAssertEqual(sim.layers[a].definition, withoutChildren)
        XCTAssertEqual(sim.layers[m].definition, definitions[0].children[0])
        XCTAssertEqual(sim.layers[m].maskFrame.initial, mask.frame)
        XCTAssertEqual(sim.layers[m].maskCenter.initial, mask.center)
        XCTAssertEqual(sim.layers[m].numbers[.maskRadius].initial, 7)
        XCTAssertEqual(sim.layers[m].numbers[.maskCornerRadius].initial, 8)
        XCTAssertEqual(sim.layers[a].maskFrame.initial, SimulatedLayer.noMask.frame)
        XCTAssertEqual(sim.layers[a].maskCenter.initial, SimulatedLayer.noMask.center)
        XCTAssertEqual(sim.layers[a].numbers[.maskRadius].initial, SimulatedLayer.noMask.numbers[.maskRadius])
    }

    /// `numberTracks` tells a layer's own numbers from its mask's by index: they come first.
    func testTheLayersOwnNumbersComeFirst() {
        let own = SimulatedLayer.layerNumberProperties
        XCTAssertEqual(Array(SimulatedLayer.numberProperties.prefix(own.count)), own)
        XCTAssertTrue(SimulatedLayer.numberProperties.dropFirst(own.count).allSatisfy { !own.contains($0) })
    }
}
