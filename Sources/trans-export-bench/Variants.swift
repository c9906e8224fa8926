// Parameter sweeps of the catalog (benchmark 4 and the spread rows of 1 and 2): every variant
// is a catalog template with its blocks' durations scaled, its springs' damping ratio and
// velocity replaced, and the frames and positions it animates to moved.
import Foundation
import Simulation
import TransitionModel

enum Variants {
    static let durationScales = [0.6, 0.8, 1.0, 1.25, 1.6, 2.0]
    static let dampings = [0.35, 0.5, 0.65, 0.8, 0.9, 1.0]
    static let velocities = [0.0, 0.5, 1.0]
    static let offsets: [Point] = [.zero, Point(-40, 30), Point(35, -60), Point(12, 90)]

    /// Variant n of the catalog (deterministic; n ≥ 0).
    static func variant(_ n: Int, of catalog: [TransitionDefinition]) -> TransitionDefinition {
        var k = n
        func pick<T>(_ xs: [T]) -> T { defer { k /= xs.count }; return xs[k % xs.count] }
        var d = catalog[pick(Array(catalog.indices))]
        let scale = pick(durationScales), damping = pick(dampings), velocity = pick(velocities), offset = pick(offsets)
        d.name += "-v\(n)"
        d.phases = d.phases.map { phase in
            var p = phase
            p.blocks = phase.blocks.map { block in
                var b = block
                b.duration = block.duration.map { $0 * scale }
                b.delay *= scale
                if case .uikitSpring = block.timing { b.timing = .uikitSpring(dampingRatio: damping, velocity: velocity) }
                b.changes = block.changes.map { c in
                    var c = c
                    switch c.value {
                    case .frame(let f): c.value = .frame(Rect(origin: f.origin + offset, size: f.size))
                    case .position(let p): c.value = .position(p + offset)
                    default: break
                    }
                    return c
                }
                return b
            }
            return p
        }
        return d
    }

    /// The first `count` variants that simulate (a moved frame can make a definition invalid).
    static func simulations(_ count: Int, of catalog: [TransitionDefinition], stride: Int = 1) -> [Simulation] {
        var out: [Simulation] = []
        var n = 0
        while out.count < count && n < count * 4 * stride {
            if let s = try? Simulation(variant(n, of: catalog)) { out.append(s) }
            n += stride
        }
        return out
    }
}
