import Exporters
import Foundation
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

/// The animate functions of "Copy as Swift", run as pasted: swiftc compiles them with
/// UIKitDeclarations/UIKit.swift (views keep their model values, an animation sets its final values
/// at the call and runs its completion) and a driver whose DispatchQueue.main keeps a virtual
/// clock, so later phases run in their order at once. Each function is called on views set to
/// the simulation's state before the first phase; afterwards every view is where the simulation
/// has it once the last phase has ended: centre, size, transform (the matrix of a view turned in
/// 3D), alpha, hidden, and a hole mask's path (its rect and circle). Catalog tier.
final class SwiftAnimationRunTests: XCTestCase {
    func testEveryFunctionLeavesTheViewsWhereTheSimulationDoes() throws {
        // A compile and a run of every template's function: the catalog tier's (~3 s here, the
        // fast tier's budget has no room for it; the type-check runs in both).
        try CatalogTier.require()
        let names = ExportFixtures.templateNames
        var program = Self.virtualDispatch + SwiftGestureRunTests.driverTypes
        var expected: [(label: String, value: Double)] = []
        for name in names {
            var d = try ExportFixtures.template(name)
            d.interaction = nil  // the function is the phases as plain calls
            let sim = try Simulation(d)
            let code = SwiftAnimationCode(sim).text
            program += code + "\n"
            let header = try XCTUnwrap(code.split(separator: "\n").first { $0.hasPrefix("func animate") }, name)
            let parameters = header.split(separator: "(", maxSplits: 1)[1].dropLast(3).split(separator: ", ").map { String($0.split(separator: ":")[0]) }
            let ids = parameters.map { p in sim.layers.compactMap(\.id).first { SwiftAnimationCode.identifier($0) == p } }
            XCTAssertFalse(ids.contains(nil), "\(name): \(parameters)")
            let first = sim.timeline.phases.first?.start ?? 0, last = sim.timeline.phases.map(\.end).max() ?? 0
            let start = sim.state(at: max(0, first - 1e-6)), end = sim.state(at: last + 1e-6)
            program += "do {\n    Clock.reset()\n"
            for (p, id) in zip(parameters, ids) {
                let s = start.layers[sim.index(ofLayer: id!)!]
                program += SwiftGestureRunTests.setUp(p, s)
                if s.transform.rotationX != 0 || s.transform.rotationY != 0 || s.transform.m34 != 0 {
                    program += "    \(p).layer.transform = \(Self.matrixText(LayerState.matrix(s.transform)))\n"
                }
            }
            program += "    \(header.dropFirst(5).split(separator: "(")[0])(\(parameters.map { "\($0): \($0)" }.joined(separator: ", ")))\n"
            program += "    Clock.drain()\n"
            for (p, id) in zip(parameters, ids) {
                let s = end.layers[sim.index(ofLayer: id!)!]
                let label = "\(name)/\(p)"
                if code.contains("\(p).layer.transform = ") {
                    // Turned in 3D: the layer's matrix; the view's affine transform stays the identity.
                    let m = LayerState.matrix(s.transform)
                    for (k, v) in Self.entries(m).enumerated() {
                        program += "    show(\"\(label).m\(k)\", \(p).layer.transform.\(Self.fields[k]))\n"
                        expected.append(("\(label).m\(k)", v))
                    }
                    program += "    show(\"\(label).center.x\", \(p).center.x)\n    show(\"\(label).center.y\", \(p).center.y)\n"
                    program += "    show(\"\(label).alpha\", \(p).alpha)\n    show(\"\(label).hidden\", \(p).isHidden ? 1 : 0)\n"
                    expected += [
                        ("\(label).center.x", s.position.x), ("\(label).center.y", s.position.y), ("\(label).alpha", s.opacity),
                        ("\(label).hidden", s.hidden ? 1 : 0),
                    ]
                } else {
                    program += SwiftGestureRunTests.show(name, p)
                    expected += SwiftGestureRunTests.values("\(name)/\(p)", s)
                }
            }
            // A hole mask: its path's rect and circle (a CAShapeLayer's path, even-odd).
            for (p, id) in zip(parameters, ids) where code.contains("\(p).layer.mask = ") {
                let m = try XCTUnwrap(end.layers[sim.index(ofLayer: id!)!].mask, "\(name): \(p)'s mask")
                for (field, read, value) in SwiftGestureRunTests.holeValues(p, m) {
                    program += "    show(\"\(name)/\(p).mask.\(field)\", \(read) ?? -1)\n"
                    expected.append(("\(name)/\(p).mask.\(field)", value))
                }
            }
            program += "}\n"
        }
        let output = try SwiftGestureCodeTests.run(program, with: [SwiftGestureRunTests.declarations], importDispatch: false)
        XCTAssertGreaterThan(expected.count, names.count * 10)
        SwiftGestureRunTests.assertShown(output, expected)
    }

    static let fields = (1...4).flatMap { r in (1...4).map { "m\(r)\($0)" } }
    static func entries(_ m: Transform3D) -> [Double] {
        [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
    }
    static func matrixText(_ m: Transform3D) -> String {
        "CATransform3D(" + zip(fields, entries(m)).map { "\($0): \($1)" }.joined(separator: ", ") + ")"
    }

    /// DispatchQueue.main.asyncAfter on a virtual clock (declared in the program's module, these
    /// names shadow Dispatch's): the phases run in time order, at once.
    static let virtualDispatch = """
        struct DispatchTime {
            var seconds: Double
            static func now() -> DispatchTime { DispatchTime(seconds: Clock.now) }
            static func + (t: DispatchTime, s: Double) -> DispatchTime { DispatchTime(seconds: t.seconds + s) }
        }
        struct DispatchQueue {
            static let main = DispatchQueue()
            func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {
                Clock.queue.append((deadline.seconds, Clock.queue.count, work))
            }
        }
        enum Clock {
            nonisolated(unsafe) static var now = 0.0
            nonisolated(unsafe) static var queue: [(Double, Int, () -> Void)] = []
            static func reset() { now = 0; queue = [] }
            static func drain() {
                while let next = queue.indices.min(by: { (queue[$0].0, queue[$0].1) < (queue[$1].0, queue[$1].1) }) {
                    let (t, _, work) = queue.remove(at: next)
                    now = t
                    work()
                }
            }
        }

        """
}
