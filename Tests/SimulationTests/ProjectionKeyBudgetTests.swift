import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// Today's projection keys fitted against a budget of characters (ProjectionKeyBudget.swift): the
/// count it keeps is a lower bound of FactoredProjection.characters, so a budget of exactly
/// today's characters is never exceeded and the keys come out the same; the lazy keys equal the
/// eager ones.
final class ProjectionKeyBudgetTests: XCTestCase {
    /// A flip turned about its hinge, and a card turned about its centre (not a flip's A: today's keys).
    func definitions() -> [TransitionDefinition] {
        var centred = flipDefinition(to: -60)
        centred.layers[0].children[0].anchorPoint = Point(0.5, 0.5)
        centred.layers[0].children[0].position = Point(195, 422)
        var barred = flipDefinition(to: -75)
        barred.layers[0].children[0].children = [
            LayerDefinition(
                id: "bar", kind: .rect, position: Point(195, 100), size: Size(200, 40), numbers: [.cornerRadius: 20], fill: .solid(.black))
        ]
        // A gradient page: its axis keys count too (ProjectionSampler.axisCharacters).
        var shaded = flipDefinition(to: -80)
        shaded.layers[0].children[0].fill = .linearGradient(
            LinearGradient(
                start: Point(0, 0), end: Point(1, 0),
                stops: [.init(offset: 0, color: .black), .init(offset: 1, color: Color(red: 0, green: 0, blue: 0, alpha: 0))]))
        return [flipDefinition(to: -60), barred, centred, shaded]
    }

    func testBudgetOfTodaysCharactersIsNotExceededAndKeepsTheKeys() throws {
        for def in definitions() {
            let sim = try Simulation(def)
            let prepared = try XCTUnwrap(ProjectionPreparation(sim))
            let (sampler, end, groups) = (prepared.sampler, prepared.end, prepared.groups)
            let eager = try XCTUnwrap(sampler.keyframes(groups, end: end))
            let today = sampler.assemble(Array(zip(groups, eager.frames)), axes: eager.axes)
            let characters = FactoredProjection.characters(today)
            XCTAssertGreaterThan(characters, 0)
            let budget = ProjectionKeyBudget(limit: characters)
            let kept = try XCTUnwrap(sampler.keyframes(groups, end: end, budget: budget), "a budget of today's characters gave up")
            XCTAssertFalse(budget.exceeded)
            XCTAssertEqual(sampler.assemble(Array(zip(groups, kept.frames)), axes: kept.axes), today)
            // Nothing to spend: the first key's numbers are already beyond it.
            XCTAssertNil(sampler.keyframes(groups, end: end, budget: ProjectionKeyBudget(limit: 0)))
        }
    }

    /// With the factored keys, today's are either made (then as without them, and the choice is
    /// the characters') or given up (then the factored keys are the fewer for sure), and the
    /// transition's `withoutPlanes` gives the eager keys either way.
    func testLazyTodaysKeysEqualTheEagerOnes() throws {
        var gaveUp = 0
        for def in definitions() {
            let sim = try Simulation(def)
            let eager = try XCTUnwrap(ProjectionSampler.projectedLayers(sim, factored: false).today)
            let (today, factored) = ProjectionSampler.projectedLayers(sim, factored: true)
            if let today {
                XCTAssertEqual(today, eager)
            } else {
                let factored = try XCTUnwrap(factored)
                XCTAssertLessThan(FactoredProjection.characters(factored), FactoredProjection.characters(eager))
                gaveUp += 1
            }
            let inputs = ReductionInputs(sim)
            XCTAssertEqual(inputs.projected.isMade, today != nil)
            let svg = KeyframedTransition(inputs, reducer: FittingReducer(rules: .smil))
            XCTAssertEqual(svg.withoutPlanes().projected, eager)
            XCTAssertTrue(inputs.projected.isMade)
            if svg.hasPlanes { XCTAssertNotEqual(svg.projected, eager) }
        }
        // The flips turned about their hinge keep the factored keys without today's.
        XCTAssertGreaterThanOrEqual(gaveUp, 1)
    }

    /// A paint's axis keys: the first counts only in the first interval (its 4 numbers and 3
    /// entries), each change adds a key's entry more; an unchanged key adds nothing.
    func testAxisCharactersCountsChangedAxes() throws {
        let shaded = try XCTUnwrap(definitions().last)
        let sampler = try XCTUnwrap(ProjectionPreparation(try Simulation(shaded))).sampler
        let n = try XCTUnwrap(sampler.specs.indices.first { sampler.specs[$0].gradient != nil })
        let a = GradientAxis(start: Point(0, 0), end: Point(12.3, 0), offsets: [0, 1])
        let b = GradientAxis(start: Point(0, 0), end: Point(4.5, 6), offsets: [0, 1])
        func key(_ v: GradientAxis) -> (Int, Keyframe<GradientAxis>) { (n, Keyframe(time: 0, value: v, easing: .linear)) }
        let perKey = FactoredProjection.perKey
        // 0, 0, 123, 0 in tenths; then 0, 0, 45, 60.
        let na = 1 + 1 + 3 + 1 + 3 * perKey, nb = 1 + 1 + 2 + 2 + 3 * perKey
        XCTAssertEqual(sampler.axisCharacters([key(a), key(a), key(b)], countsFirst: true), na + perKey + nb)
        XCTAssertEqual(sampler.axisCharacters([key(a), key(a), key(b)], countsFirst: false), perKey + nb)
        XCTAssertEqual(sampler.axisCharacters([key(a), key(b), key(a)], countsFirst: false), 2 * perKey + nb + na)
        // A spec without a paint gradient counts nothing.
        let plain = try XCTUnwrap(sampler.specs.indices.first { sampler.specs[$0].gradient == nil })
        XCTAssertEqual(sampler.axisCharacters([(plain, Keyframe(time: 0, value: a, easing: .linear))], countsFirst: true), 0)
    }

    /// The count per key: a change in any path of a track adds its numbers and a key's entry;
    /// the first key counts only in the first interval, and without the entry; after a jump
    /// (`before`), the tracks it changes count.
    func testGroupKeyCharactersCountsChangedTracks() {
        let a = BezierPath.rect(Rect(0, 0, 10, 10)), b = BezierPath.rect(Rect(0, 0, 20, 10))
        let na = FactoredProjection.characters(of: a), nb = FactoredProjection.characters(of: b)
        let perKey = FactoredProjection.perKey
        var first = GroupKeyCharacters(tracks: [[0, 1], [2]], before: nil)
        XCTAssertEqual(first.first([a, a, a]).characters, 3 * na)
        XCTAssertEqual(first.cost([a, a, a]).characters, 0)
        XCTAssertEqual(first.cost([a, b, a]).characters, perKey + na + nb)
        XCTAssertEqual(first.cost([a, b, b]).characters, perKey + nb)
        XCTAssertEqual(first.cost([a, b, b]).changed, [])
        var later = GroupKeyCharacters(tracks: [[0]], before: [a])
        XCTAssertEqual(later.first([a]).characters, 0)
        XCTAssertEqual(later.cost([b]).characters, perKey + nb)
        var jump = GroupKeyCharacters(tracks: [[0], [1]], ids: [7, 9], before: [a, a])
        let (characters, changed) = jump.first([b, a])
        XCTAssertEqual(characters, perKey + nb)
        XCTAssertEqual(changed, [7])
    }

    /// The interval's last value (the next interval's first key) is a run of its own when the
    /// first key differs: counted with the first key, and a later key of that value is not
    /// counted again (it may be that run); a key of another value is.
    func testGroupKeyCharactersCountsTheLastRunFirst() {
        let a = BezierPath.rect(Rect(0, 0, 10, 10)), b = BezierPath.rect(Rect(0, 0, 20, 10)), c = BezierPath.rect(Rect(0, 0, 30, 10))
        let na = FactoredProjection.characters(of: a), nb = FactoredProjection.characters(of: b), nc = FactoredProjection.characters(of: c)
        let perKey = FactoredProjection.perKey
        var count = GroupKeyCharacters(tracks: [[0], [1]], ids: [3, 4], before: nil, end: [c, a])
        let first = count.first([a, a])
        XCTAssertEqual(first.characters, 2 * na + perKey + nc)
        XCTAssertEqual(first.changed, [3])
        XCTAssertEqual(count.cost([b, a]).characters, perKey + nb)
        XCTAssertEqual(count.cost([c, a]).characters, 0)
        // The second track ends where it began: a run of its last value met later counts.
        XCTAssertEqual(count.cost([c, b]).characters, perKey + nb)
        XCTAssertEqual(count.cost([c, a]).characters, perKey + na)
    }

    /// A track's first key has a key's entry once the track is seen to change anywhere: the
    /// budget adds it once per track, whichever interval sees the change.
    func testBudgetCountsTheFirstKeysEntryOnce() {
        let budget = ProjectionKeyBudget(limit: 100)
        XCTAssertTrue(budget.spend(10, changed: [1, 2]))
        XCTAssertEqual(budget.total, 10 + 2 * FactoredProjection.perKey)
        XCTAssertTrue(budget.spend(5, changed: [2]))
        XCTAssertEqual(budget.total, 15 + 2 * FactoredProjection.perKey)
        XCTAssertFalse(budget.spend(60 - 2 * FactoredProjection.perKey + 26, changed: []))
        XCTAssertTrue(budget.exceeded)
    }

    /// The count is a lower bound of today's characters, and within 5 % of them (97-100 % here;
    /// it was 83-90 % of the catalog's: the still keys, each interval's first and last run and
    /// the first key's entry were not counted, so the fit went on further before it gave up).
    func testCountIsATightLowerBound() throws {
        for def in definitions() {
            let sim = try Simulation(def)
            let prepared = try XCTUnwrap(ProjectionPreparation(sim))
            let (sampler, end, groups) = (prepared.sampler, prepared.end, prepared.groups)
            let eager = try XCTUnwrap(sampler.keyframes(groups, end: end))
            let characters = FactoredProjection.characters(sampler.assemble(Array(zip(groups, eager.frames)), axes: eager.axes))
            let budget = ProjectionKeyBudget(limit: Int.max / 2)
            _ = try XCTUnwrap(sampler.keyframes(groups, end: end, budget: budget))
            XCTAssertLessThanOrEqual(budget.total, characters)
            XCTAssertGreaterThanOrEqual(Double(budget.total), 0.95 * Double(characters), "\(budget.total) of \(characters)")
        }
    }
    /// A number's characters counted without its string: the string's count for zero, signs,
    /// roundings and every power of ten's neighbours; a path's characters as its joined points'.
    func testDigitsAreTheStringsCount() {
        var values: [Double] = [0, -0.0, 0.04, -0.04, 0.05, -0.05, 0.06, -0.06, 0.95, -0.95, 1e15, -1e15]
        var p = 1.0
        for _ in 0..<17 {
            values += [p, -p, p - 0.1, -(p - 0.1), (p - 0.05), -(p - 0.05), p / 10 - 0.01, p / 10 + 0.01]
            p *= 10
        }
        for k in 0..<2_000 { values.append(sin(Double(k)) * pow(10, Double(k % 8))) }
        for x in values {
            XCTAssertEqual(FactoredProjection.digits(x), String(Int((x * 10).rounded())).count, "x = \(x)")
        }
        let path = BezierPath.rect(Rect(-12.34, 5.6, 300.05, -0.04))
        var at = Point(0, 0), joined = 0
        for q in path.allPoints {
            joined += String(Int(((q.x - at.x) * 10).rounded())).count + String(Int(((q.y - at.y) * 10).rounded())).count
            at = q
        }
        XCTAssertEqual(FactoredProjection.characters(of: path), joined)
    }
}
