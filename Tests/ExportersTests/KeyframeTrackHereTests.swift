import Keyframes
import Motion
import Simulation
import XCTest

@testable import Exporters

/// Exporters' own copies of KeyframeTrack's members (KeyframeTrackHere.swift: compiled here so
/// they are specialized) give what the package members give, on every track of every catalog
/// template without 3D layers fitted for both players (the 3D ones take minutes in a debug
/// build): the same keys, times, easings and values.
final class KeyframeTrackHereTests: XCTestCase {
    func check<V>(_ t: KeyframeTrack<V>, _ name: String, counts: inout (tracks: Int, moving: Int)) {
        XCTAssertEqual(t.firstValue, t.initialValue, name)
        XCTAssertEqual(t.animates, t.isAnimated, name)
        XCTAssertEqual(t.mapped { $0 }, t.map { $0 }, name)
        XCTAssertEqual(t.mapped { "\($0)" }, t.map { "\($0)" }, name)
        XCTAssertEqual(t.constantLike(t.keyframes[t.keyframes.count - 1].value), .constant(t.keyframes[t.keyframes.count - 1].value), name)
        counts.tracks += 1
        if t.isAnimated { counts.moving += 1 }
    }

    func testSameAsThePackageMembersOverTheCatalog() throws {
        var counts = (tracks: 0, moving: 0)
        for name in ExportFixtures.templateNames {
            let sim = try Simulation(try ExportFixtures.template(name))
            guard !Projection.projectedLayers(sim).contains(true) else { continue }
            for rules in [PlayerRules.smil, .lottie] {
                let k = KeyframedTransition.fitted(sim, for: rules)
                for l in k.layers {
                    let at = "\(name) \(rules.name) layer \(l.layer)"
                    check(l.position, at + " position", counts: &counts)
                    check(l.size, at + " size", counts: &counts)
                    check(l.anchorPoint, at + " anchorPoint", counts: &counts)
                    check(l.translation, at + " translation", counts: &counts)
                    check(l.scale, at + " scale", counts: &counts)
                    check(l.rotation, at + " rotation", counts: &counts)
                    check(l.visible, at + " visible", counts: &counts)
                    for (p, t) in l.numbers.all { check(t, at + " " + p.rawValue, counts: &counts) }
                    // The Lottie writer's vectors, made through `mapped`.
                    XCTAssertEqual(l.position.lvec, l.position.map { LVec([$0.x, $0.y]) }, at)
                    XCTAssertEqual(l.size.lvec, l.size.map { LVec([$0.width, $0.height]) }, at)
                    XCTAssertEqual(l.rotation.lvec, l.rotation.map { LVec([$0]) }, at)
                }
            }
        }
        // Not a vacuous pass: many tracks, some of them moving with several keys.
        XCTAssertGreaterThan(counts.tracks, 1000)
        XCTAssertGreaterThan(counts.moving, 100)
    }

    /// A hand-made track with a jump, a hold and a bezier: each key's time and easing kept.
    func testMappedKeepsTimesAndEasings() {
        let t = KeyframeTrack([
            Keyframe(time: 0, value: 1.0, easing: .hold), Keyframe(time: 0.5, value: 2.0, easing: .bezier(CubicBezier(0.3, 0, 0.2, 1))),
            Keyframe(time: 0.5, value: 3.0), Keyframe(time: 1, value: 4.0),
        ])
        let m = t.mapped { $0 * 10 }
        XCTAssertEqual(m.keyframes.map(\.time), [0, 0.5, 0.5, 1])
        XCTAssertEqual(m.keyframes.map(\.value), [10, 20, 30, 40])
        XCTAssertEqual(m.keyframes.map(\.easing), [.hold, .bezier(CubicBezier(0.3, 0, 0.2, 1)), .linear, .linear])
        XCTAssertEqual(t.constantLike(7), .constant(7))
        XCTAssertTrue(t.animates)
        XCTAssertFalse(KeyframeTrack.constant(2.0).animates)
    }
}
