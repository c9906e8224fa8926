import Exporters
import Foundation
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

/// The pan handlers of "Copy as Swift", run as pasted: swiftc compiles the generated code with
/// UIKitDeclarations/UIKit.swift (views keep their model values; an animation sets its final
/// values at the call, as the model layer does) and a driver that calls each handler the way its
/// doc comment says, with each branch's events: began, changed and ended at the translation and
/// velocity of the release. After `changed` the views are where the simulation has them just
/// before the release; after `ended`, where it has them once the branch's motion has ended. A
/// percent-driven handler updates the transition to the released progress and finishes or cancels
/// it as the branch does. Catalog tier.
final class SwiftGestureRunTests: XCTestCase {
    func testHandlersLeaveTheViewsWhereTheSimulationDoes() throws {
        try CatalogTier.require()  // a compile and a run (~2 s here): the catalog tier's
        var program = Self.driverTypes
        var expected: [(label: String, value: Double)] = []
        for name in ["douyin-drag-dismiss", "douyin-drag-dismiss-continuous", "flip-edge-pan"] {
            try Self.drive(try Simulation(try ExportFixtures.template(name)), name, into: &program, &expected)
        }
        let output = try SwiftGestureCodeTests.run(program, with: [Self.declarations])
        XCTAssertGreaterThan(expected.count, 60)
        let worst = Self.assertShown(output, expected)
        XCTAssertLessThan(worst, 1e-6)
    }

    /// A drag of circle-reveal-push whose cancel changes the hole in its own block and whose finish
    /// runs the reveal, then the same with a reveal that leaves the hole alone (no phase run from
    /// the release touches it): after each branch the cover's mask is where the simulation has it.
    func testAHoleHandlerLeavesTheMaskWhereTheSimulationDoes() throws {
        let cancel: [String: Any] = [
            "duration": "0.5 * p", "timing": "easeOut",
            "changes": [["layer": "poster-snapshot", "property": "center", "value": [71, 380]], ["layer": "cover", "property": "mask.radius", "value": 50]],
        ]
        var program = Self.driverTypes
        var expected: [(label: String, value: Double)] = []
        try Self.drive(try Simulation(try SwiftGestureHoleTests.holeDrag(cancel: cancel)), "hole-drag", into: &program, &expected)
        try Self.drive(try Simulation(try SwiftGestureHoleTests.holeDrag(cancel: cancel, revealGrowsHole: false)), "hole-cancel", into: &program, &expected)
        XCTAssertEqual(expected.filter { $0.label.hasSuffix("mask.hole.radius") }.map(\.value), [50, 633, 50, 0.1])
        let output = try SwiftGestureCodeTests.run(program, with: [Self.declarations])
        XCTAssertLessThan(Self.assertShown(output, expected), 1e-6)
    }

    /// The driver of one template's handler: each branch's began, changed and ended on views set to
    /// the touch-down's state (a hole mask made as the animate function makes it), then the views
    /// (and the holes) shown and expected where the simulation has them.
    static func drive(_ sim: Simulation, _ name: String, into program: inout String, _ expected: inout [(label: String, value: Double)]) throws {
        let code = SwiftAnimationCode(sim).text
        program += code + "\n"
        let call = try XCTUnwrap(Self.documentedCall(code), name)
        let views =
            sim.definition.interaction.map { i -> [String] in
                guard case .directManipulation = i.kind else { return [] }
                return sim.layers.compactMap(\.id).filter { call.contains(SwiftAnimationCode.identifier($0) + ": ") }
            } ?? []
        let holes = views.filter { sim.layers[sim.index(ofLayer: $0)!].definition.mask?.shape == .hole }
        XCTAssertEqual(sim.timeline.branches.map(\.name), ["cancel", "finish"], name)
        for b in sim.timeline.branches {
            let label = "\(name)/\(b.name)"
            program += "do {\n"
            program += "    let pan = ScriptedPan()\n    var isInteracting = false\n    let interaction = RecordingTransition()\n"
            program += "    _ = (isInteracting, interaction)\n"
            let start = sim.state(at: b.touchDown)
            for id in views { program += Self.setUp(SwiftAnimationCode.identifier(id), start.layers[sim.index(ofLayer: id)!]) }
            for id in holes { program += Self.setUpHole(SwiftAnimationCode.identifier(id), try XCTUnwrap(start.layers[sim.index(ofLayer: id)!].mask)) }
            program += "    pan.t = CGPoint(x: \(b.translation.x), y: \(b.translation.y))\n"
            program += "    pan.v = CGPoint(x: \(b.velocity.x), y: \(b.velocity.y))\n"
            program += "    pan.s = .began\n    \(call)\n    pan.s = .changed\n    \(call)\n"
            let before = sim.state(at: b.release - 1e-9), after = sim.state(at: b.motionEnd + 1e-6)
            for id in views {
                program += Self.show("\(label)/changed", SwiftAnimationCode.identifier(id))
                expected += Self.values("\(label)/changed/\(SwiftAnimationCode.identifier(id))", before.layers[sim.index(ofLayer: id)!])
            }
            program += "    pan.s = .ended\n    \(call)\n"
            for id in views {
                program += Self.show("\(label)/ended", SwiftAnimationCode.identifier(id))
                expected += Self.values("\(label)/ended/\(SwiftAnimationCode.identifier(id))", after.layers[sim.index(ofLayer: id)!])
            }
            for id in holes {
                let v = SwiftAnimationCode.identifier(id)
                for (field, read, value) in Self.holeValues(v, try XCTUnwrap(after.layers[sim.index(ofLayer: id)!].mask)) {
                    program += "    show(\"\(label)/ended/\(v).mask.\(field)\", \(read) ?? -1)\n"
                    expected.append(("\(label)/ended/\(v).mask.\(field)", value))
                }
            }
            if views.isEmpty {
                // Percent-driven: the transition is updated to p and finished or cancelled.
                program += "    show(\"\(label)/updates\", CGFloat(interaction.updates.count))\n"
                program += "    show(\"\(label)/p\", interaction.updates.last ?? -1)\n"
                program += "    show(\"\(label)/finished\", CGFloat(interaction.finished))\n"
                program += "    show(\"\(label)/cancelled\", CGFloat(interaction.cancelled))\n"
                program += "    show(\"\(label)/completionSpeed\", interaction.completionSpeed)\n"
                program += "    show(\"\(label)/completionCurve\", CGFloat(interaction.completionCurve.rawValue))\n"
                expected += [
                    ("\(label)/updates", 1), ("\(label)/p", b.progress), ("\(label)/finished", b.name == "finish" ? 1 : 0),
                    ("\(label)/cancelled", b.name == "cancel" ? 1 : 0), ("\(label)/completionSpeed", 1), ("\(label)/completionCurve", 0),
                ]
            }
            program += "}\n"
        }
    }

    /// A hole mask as the animate function sets it up: a CAShapeLayer whose path is the rect and a
    /// counter-wound circle, even-odd.
    static func setUpHole(_ v: String, _ m: LayerMask) -> String {
        """
            let \(v)HoleMask = CAShapeLayer()
            \(v)HoleMask.fillRule = .evenOdd
            let \(v)HolePath = UIBezierPath(rect: CGRect(x: \(m.frame.minX), y: \(m.frame.minY), width: \(m.frame.size.width), height: \(m.frame.size.height)))
            \(v)HolePath.append(UIBezierPath(arcCenter: CGPoint(x: \(m.center.x), y: \(m.center.y)), radius: \(m.radius), startAngle: 0, endAngle: 2 * .pi, clockwise: false))
            \(v)HoleMask.path = \(v)HolePath.cgPath
            \(v).layer.mask = \(v)HoleMask

        """
    }

    /// A hole mask's path read back (its rect and circle) against the simulation's mask.
    static func holeValues(_ v: String, _ m: LayerMask) -> [(field: String, read: String, value: Double)] {
        let path = "(\(v).layer.mask as? CAShapeLayer)?.path"
        return [
            ("rect.x", "\(path)?.rects.first?.origin.x", m.frame.minX), ("rect.y", "\(path)?.rects.first?.origin.y", m.frame.minY),
            ("rect.width", "\(path)?.rects.first?.size.width", m.frame.size.width),
            ("rect.height", "\(path)?.rects.first?.size.height", m.frame.size.height),
            ("hole.x", "\(path)?.arcs.first?.center.x", m.center.x), ("hole.y", "\(path)?.arcs.first?.center.y", m.center.y),
            ("hole.radius", "\(path)?.arcs.first?.radius", m.radius),
            ("evenOdd", "(\(v).layer.mask as? CAShapeLayer)?.fillRule == .evenOdd ? 1 : 0", 1),
        ]
    }

    /// Each expected value against the program's `show(label, value)` line (1e-6); the worst difference.
    @discardableResult
    static func assertShown(_ output: String, _ expected: [(label: String, value: Double)], file: StaticString = #filePath, line: UInt = #line)
        -> Double
    {
        var got: [String: Double] = [:]
        for row in output.split(separator: "\n") {
            let parts = row.split(separator: " ")
            if parts.count == 2, let v = Double(parts[1]) { got[String(parts[0])] = v }
        }
        var worst = 0.0
        for (label, value) in expected {
            guard let v = got[label] else {
                XCTFail("no \(label) in the output", file: file, line: line)
                continue
            }
            worst = max(worst, abs(v - value))
            XCTAssertEqual(v, value, accuracy: 1e-6, label, file: file, line: line)
        }
        return worst
    }

    static let declarations = ExportFixtures.repositoryRoot.appendingPathComponent("Tests/ExportersTests/UIKitDeclarations/UIKit.swift")

    /// The call in the handler's doc comment (`@objc func panned(…) { CALL }`).
    static func documentedCall(_ code: String) -> String? {
        let marker = "@objc func panned(_ pan: UIPanGestureRecognizer) { "
        guard let line = code.split(separator: "\n").first(where: { $0.contains(marker) }), line.hasSuffix(" }") else { return nil }
        let call = line[line.range(of: marker)!.upperBound...].dropLast(2)
        return String(call)
    }

    /// A view set to the simulation's state (a 3D transform is the caller's to set on the layer).
    static func setUp(_ v: String, _ s: LayerState) -> String {
        let t = affine(s.transform).map { $0.isNaN ? 0 : $0 }
        return """
                let \(v) = UIView()
                \(v).layer.anchorPoint = CGPoint(x: \(s.anchorPoint.x), y: \(s.anchorPoint.y))
                \(v).center = CGPoint(x: \(s.position.x), y: \(s.position.y))
                \(v).bounds.size = CGSize(width: \(s.size.width), height: \(s.size.height))
                \(v).transform = CGAffineTransform(scaleX: \(t[0]), y: \(t[3]))
                \(v).transform.b = \(t[1]); \(v).transform.c = \(t[2]); \(v).transform.tx = \(t[4]); \(v).transform.ty = \(t[5])
                \(v).alpha = \(s.opacity)
                \(v).isHidden = \(s.hidden)

            """
    }

    /// A LayerTransform (scale, then rotation, then translation) as CGAffineTransform's a b c d tx ty
    /// (NaN for a 3D one, which no affine transform holds: compared, it fails).
    static func affine(_ t: LayerTransform) -> [Double] {
        guard t.rotationX == 0 && t.rotationY == 0 && t.m34 == 0 else { return Array(repeating: .nan, count: 6) }
        let c = cos(t.rotation), s = sin(t.rotation)
        return [t.scale.x * c, t.scale.x * s, -t.scale.y * s, t.scale.y * c, t.translation.x, t.translation.y]
    }

    static func values(_ prefix: String, _ s: LayerState) -> [(label: String, value: Double)] {
        let t = affine(s.transform)
        return [
            ("\(prefix).center.x", s.position.x), ("\(prefix).center.y", s.position.y),
            ("\(prefix).width", s.size.width), ("\(prefix).height", s.size.height),
            ("\(prefix).a", t[0]), ("\(prefix).b", t[1]), ("\(prefix).c", t[2]), ("\(prefix).d", t[3]),
            ("\(prefix).tx", t[4]), ("\(prefix).ty", t[5]), ("\(prefix).alpha", s.opacity), ("\(prefix).hidden", s.hidden ? 1 : 0),
        ]
    }

    static func show(_ prefix: String, _ v: String) -> String {
        [
            ("center.x", "\(v).center.x"), ("center.y", "\(v).center.y"), ("width", "\(v).bounds.size.width"),
            ("height", "\(v).bounds.size.height"), ("a", "\(v).transform.a"), ("b", "\(v).transform.b"), ("c", "\(v).transform.c"),
            ("d", "\(v).transform.d"), ("tx", "\(v).transform.tx"), ("ty", "\(v).transform.ty"), ("alpha", "\(v).alpha"),
            ("hidden", "\(v).isHidden ? 1 : 0"),
        ].map { "    show(\"\(prefix)/\(v).\($0.0)\", \($0.1))\n" }.joined()
    }

    /// A recognizer that reports what the driver sets, and a transition that records its calls.
    static let driverTypes = """
        final class ScriptedPan: UIPanGestureRecognizer {
            var t = CGPoint(x: 0, y: 0), v = CGPoint(x: 0, y: 0), s = UIGestureRecognizer.State.possible
            override var state: UIGestureRecognizer.State { s }
            override func translation(in view: UIView?) -> CGPoint { t }
            override func velocity(in view: UIView?) -> CGPoint { v }
        }
        final class RecordingTransition: UIPercentDrivenInteractiveTransition {
            var updates: [CGFloat] = [], finished = 0, cancelled = 0
            override func update(_ percentComplete: CGFloat) { updates.append(percentComplete) }
            override func finish() { finished += 1 }
            override func cancel() { cancelled += 1 }
        }
        func show(_ label: String, _ x: CGFloat) { print(label, x) }

        """
}
