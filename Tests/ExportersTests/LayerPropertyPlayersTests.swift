import Exporters
import Simulation
import TransitionModel
import XCTest

/// The registry says which players draw each property (LayerProperty.players); each such player's
/// file must change when the property does. A property added to the registry that a writer
/// ignores fails here.
final class LayerPropertyPlayersTests: XCTestCase {
    /// A value of the property that differs from the test layer's own (frame [20, 20, 100, 100],
    /// rect mask, or circle mask at [50, 50] r 40 for the circle's properties).
    func changed(_ p: LayerProperty) -> PropertyValue {
        switch p {
        case .position: return .position(Point(150, 160))
        case .size: return .size(Size(60, 40))
        case .frame: return .frame(Rect(40, 50, 60, 40))
        case .transform: return .transform(LayerTransform(scale: Point(0.5, 0.5), rotation: .pi / 8))
        case .opacity: return .opacity(0.4)
        case .hidden: return .hidden(true)
        case .zPosition: return .zPosition(-40)  // further away under the parent's perspective, still below `b`
        case .cornerRadius: return .cornerRadius(24)
        case .anchorPoint: return .anchorPoint(Point(0, 0))
        case .maskFrame: return .maskFrame(Rect(10, 10, 50, 50))
        case .maskCornerRadius: return .maskCornerRadius(20)
        case .maskCenter: return .maskCenter(Point(30, 30))
        case .maskRadius: return .maskRadius(20)
        }
    }

    /// Two overlapping layers; `a` gets the change (in a block, or before it when the property
    /// never animates) or, with `change` nil, nothing. For zPosition they sit in a group with a
    /// perspective, the only place a z that keeps the paint order shows.
    func transition(_ p: LayerProperty, change: PropertyValue?) -> TransitionDefinition {
        let circle = p == .maskCenter || p == .maskRadius
        let mask = circle ? LayerMask(shape: .circle, center: Point(50, 50), radius: 40) : LayerMask(shape: .rect, frame: Rect(0, 0, 100, 100))
        var a = LayerDefinition(id: "a", kind: .rect, frame: Rect(20, 20, 100, 100), fill: .solid(Color(red: 1, green: 0.2, blue: 0.2)))
        if p.maskMember != nil { a.mask = mask }
        let b = LayerDefinition(id: "b", kind: .rect, frame: Rect(60, 60, 100, 100), fill: .solid(Color(red: 0.2, green: 0.2, blue: 1)))
        let changes = change.map { [PropertyChange(layer: "a", $0)] } ?? []
        let block =
            p.interpolation == .immediate
            ? AnimationBlock(duration: 0.5, before: changes, changes: [])
            : AnimationBlock(duration: 0.5, changes: changes)
        var perspective = LayerTransform.identity
        perspective.m34 = -1.0 / 500
        let layers =
            p == .zPosition
            ? [LayerDefinition(id: "g", position: Point(100, 100), size: Size(200, 200), children: [a, b], sublayerTransform: perspective)]
            : [a, b]
        return TransitionDefinition(
            name: "p", description: "one property", canvas: Canvas(size: Size(200, 200)),
            timeline: TimelineSettings(holdBefore: 0.1, holdBetween: 0.1, holdAfter: 0.1),
            layers: layers, phases: [Phase(name: "change", blocks: [block])])
    }

    func testEveryPlayerTheRegistryNamesDrawsTheProperty() throws {
        for p in LayerProperty.allCases {
            let own = transition(p, change: nil).allLayers.first { $0.id == "a" }!
            XCTAssertNotEqual(own.value(of: p), changed(p), "\(p.rawValue): the test's value is the layer's own")
            let still = PlayerFiles(try Simulation(transition(p, change: nil)))
            let moved = PlayerFiles(try Simulation(transition(p, change: changed(p))))
            if p.players.contains(.smil) { XCTAssertNotEqual(try moved.svg(), try still.svg(), "\(p.rawValue): the SVG does not show it") }
            if p.players.contains(.lottie) { XCTAssertNotEqual(try moved.lottie(), try still.lottie(), "\(p.rawValue): the Lottie does not show it") }
        }
    }
}
