import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// `keyframes(_:end:budget:)` spends every interval's first keys and estimate before any
/// interval's gradient axes (budgetStartPaths, then budgetAxes): the budget start only adds
/// characters, so it must give up exactly where the one-pass `budgetStart`, interval by interval,
/// gives up, and otherwise leave the same axes and the same characters spent.
final class ProjectionBudgetAxesTests: XCTestCase {
    /// Gradient pages (their axes are keyed) turned to two angles, one with a bar on it.
    func definitions() -> [TransitionDefinition] {
        func shaded(_ def: TransitionDefinition) -> TransitionDefinition {
            var def = def
            def.layers[0].children[0].fill = .linearGradient(
                LinearGradient(
                    start: Point(0, 0), end: Point(1, 0),
                    stops: [.init(offset: 0, color: .black), .init(offset: 1, color: Color(red: 0, green: 0, blue: 0, alpha: 0))]))
            return def
        }
        var barred = shaded(flipDefinition(to: -75))
        barred.layers[0].children[0].children = [
            LayerDefinition(
                id: "bar", kind: .rect, position: Point(195, 100), size: Size(200, 40), numbers: [.cornerRadius: 20], fill: .solid(.black))
        ]
        return [shaded(flipDefinition(to: -80)), barred]
    }

    func testTwoPassesGiveUpWhereOnePassDoesAndKeepTheSameAxes() throws {
        var axisKeys = 0, limits = 0
        for def in definitions() {
            let prepared = try XCTUnwrap(ProjectionPreparation(try Simulation(def)))
            let (sampler, end, groups) = (prepared.sampler, prepared.end, prepared.groups)
            let cuts = sampler.breakpoints(end: end)
            // With no limit to speak of: the same axes and the same characters spent.
            let onePass = ProjectionKeyBudget(limit: .max / 4), twoPasses = ProjectionKeyBudget(limit: .max / 4)
            let one = cuts.indices.map { sampler.budgetStart($0, cuts, groups, end: end, budget: onePass) }
            let paths = cuts.indices.map { sampler.budgetStartPaths($0, cuts, groups, end: end, budget: twoPasses) }
            let two = cuts.indices.map { n in paths[n].flatMap { sampler.budgetAxes(n, groups, $0, budget: twoPasses) } }
            XCTAssertEqual(onePass.total, twoPasses.total)
            for n in cuts.indices {
                let a = try XCTUnwrap(one[n]?.axes ?? [] as [[(Int, Keyframe<GradientAxis>)]?]?)
                let b = try XCTUnwrap(two[n]?.axes ?? [] as [[(Int, Keyframe<GradientAxis>)]?]?)
                XCTAssertEqual(a.count, b.count)
                for (x, y) in zip(a, b) {
                    XCTAssertEqual(x?.map(\.0), y?.map(\.0))
                    XCTAssertEqual(x?.map(\.1), y?.map(\.1))
                    axisKeys += x?.count ?? 0
                }
            }
            // Every limit up to the total: given up by both or by neither.
            let total = onePass.total
            for limit in stride(from: 0, through: total + 10, by: max(1, total / 40)) {
                let a = ProjectionKeyBudget(limit: limit), b = ProjectionKeyBudget(limit: limit)
                for n in cuts.indices { _ = sampler.budgetStart(n, cuts, groups, end: end, budget: a) }
                let p = cuts.indices.map { sampler.budgetStartPaths($0, cuts, groups, end: end, budget: b) }
                if !b.exceeded { for n in cuts.indices { _ = p[n].flatMap { sampler.budgetAxes(n, groups, $0, budget: b) } } }
                XCTAssertEqual(a.exceeded, b.exceeded, "limit \(limit) of \(total)")
                limits += 1
            }
        }
        XCTAssertGreaterThan(axisKeys, 0)  // the gradients' axes were keyed and compared
        XCTAssertGreaterThan(limits, 40)
    }
}
