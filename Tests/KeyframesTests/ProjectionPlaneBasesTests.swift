import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The factored planes' tolerance-free numbers kept by the SVG's fit for Lottie's moving planes
/// (ProjectionPlaneBases.swift): keyed by everything they depend on, bounded, the same keys with
/// them as without, and freed when no fit reads them any more.
final class ProjectionPlaneBasesTests: XCTestCase {
    static func base(times: Int) -> PlaneBase {
        PlaneBase(
            scaleX: Array(repeating: 0.5, count: times), translation: Array(repeating: 3, count: 2 * times),
            inverse: Array(repeating: .identity, count: times), edgeOn: Array(repeating: false, count: times), width: 7, pointCount: 12)
    }

    /// A base is found under its own key only: each key part changed misses it.
    func testEachKeyPartTellsBasesApart() {
        let bases = ProjectionPlaneBases()
        let key = ProjectionPlaneBases.Key(start: 0.6, count: 227, plane: 3, members: [4, 5, 6], imageArcs: true)
        bases.keep(key, Self.base(times: 227))
        XCTAssertEqual(bases.base(key)?.width, 7)
        var changed: [ProjectionPlaneBases.Key] = []
        var k = key
        k.start = 0.95; changed.append(k)
        k = key; k.count = 226; changed.append(k)
        k = key; k.plane = 4; changed.append(k)
        k = key; k.members = [4, 5]; changed.append(k)
        k = key; k.imageArcs = false; changed.append(k)
        for other in changed { XCTAssertNil(bases.base(other), "\(other)") }
        bases.drop()
        XCTAssertNil(bases.base(key))
        XCTAssertEqual(bases.count, 0)
    }

    /// Bases are kept while their bytes stay within the budget; the first kept under a key stays.
    func testBasesStayWithinTheBudget() {
        let one = Self.base(times: 100)
        let bases = ProjectionPlaneBases(budget: 2 * one.byteCount)
        for plane in 0..<3 { bases.keep(ProjectionPlaneBases.Key(start: 0, count: 100, plane: plane, members: [plane], imageArcs: true), one) }
        XCTAssertEqual(bases.count, 2)
        var other = one
        other.width = 9
        let key = ProjectionPlaneBases.Key(start: 0, count: 100, plane: 0, members: [0], imageArcs: true)
        bases.keep(key, other)
        XCTAssertEqual(bases.base(key)?.width, 7)
    }

    /// The cube's faces: Lottie's fit of the moving planes after the SVG's reads the bases the
    /// SVG's kept, and its layers are those of a fit that found every number itself.
    func testLottiesFitWithTheSVGsBasesIsTheSame() throws {
        let sim = try Simulation(ProjectionSeamsTests.cube())
        let shared = try XCTUnwrap(ProjectionPreparation(sim)), alone = try XCTUnwrap(ProjectionPreparation(sim))
        let bases = try XCTUnwrap(shared.sampler.planeBases)
        XCTAssertNotNil(shared.factoredLayers())
        XCTAssertGreaterThan(bases.count, 0, "kept by the SVG's fit")
        let found = bases.found
        let lottie = shared.factoredLayers(interpolation: ProjectionTolerance.lottieMovingPlanes, perLayer: true)
        XCTAssertGreaterThan(bases.found, found, "read by Lottie's fit")
        alone.dropPlaneBases()
        let fresh = alone.factoredLayers(interpolation: ProjectionTolerance.lottieMovingPlanes, perLayer: true)
        XCTAssertNotNil(fresh)
        XCTAssertEqual(lottie, fresh)
        XCTAssertEqual(try XCTUnwrap(alone.sampler.planeBases).found, 0)
    }

    /// ReductionInputs keeps the bases only while Lottie's own fit is still to come: the cube's
    /// until `lottieFactored`, a flip's (T fixed: Lottie takes the SVG's layers) not at all, nor
    /// does the SVG's fit keep them.
    func testBasesAreFreedWhenNoFitReadsThem() throws {
        let cube = ReductionInputs(try Simulation(ProjectionSeamsTests.cube()))
        XCTAssertTrue(cube.lottieRefits)
        let cubeBases = try XCTUnwrap(cube.preparation?.sampler.planeBases)
        XCTAssertGreaterThan(cubeBases.count, 0)
        XCTAssertNotNil(cube.lottieFactored())
        XCTAssertEqual(cubeBases.count, 0)
        let flip = ReductionInputs(try Simulation(Self.flip()))
        XCTAssertFalse(flip.lottieRefits)
        XCTAssertEqual(try XCTUnwrap(flip.preparation?.sampler.planeBases).count, 0)
        // Nor kept at all where the plane's T holds still (no Lottie fit of its own reads them).
        let hinge = try XCTUnwrap(ProjectionPreparation(try Simulation(Self.flip())))
        XCTAssertNotNil(hinge.factoredLayers())
        XCTAssertEqual(try XCTUnwrap(hinge.sampler.planeBases).count, 0, "a fixed hinge's plane is not kept")
    }

    /// A page hinged at its left edge, which stays put, turning to -60 degrees in perspective.
    static func flip() -> TransitionDefinition {
        var page = LayerDefinition(
            id: "page", kind: .rect, position: Point(0, 422), size: Size(390, 844), anchorPoint: Point(0, 0.5),
            transform: LayerTransform(m34: -1.0 / 800), fill: .solid(.white))
        page.children = [LayerDefinition(id: "header", kind: .rect, position: Point(195, 75), size: Size(390, 150), fill: .solid(.black))]
        let turn = AnimationBlock(
            duration: 0.35, timing: .named(.easeInOut),
            changes: [PropertyChange(layer: "page", .transform(LayerTransform(rotationY: -.pi / 3, m34: -1.0 / 800)))])
        return TransitionDefinition(
            name: "flip", description: "test", canvas: Canvas(size: Size(390, 844)),
            timeline: TimelineSettings(holdBefore: 0.3, holdBetween: 0.3, holdAfter: 0.3), layers: [page],
            phases: [Phase(name: "turn", blocks: [turn])])
    }
}
