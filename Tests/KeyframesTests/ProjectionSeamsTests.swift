import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The factored SVG keys a group plane by plane where the seam between the planes stays closed
/// (ProjectionSeams.swift), and an ellipse's image arcs are measured without the polylines' sag
/// (ProjectedEllipse.swift).
final class ProjectionSeamsTests: XCTestCase {
    /// Two faces of a cube as stories-cube turns them (each with a full-width header): one group
    /// over two planes. Keyed plane by plane, both faces keep their hinge at R's x = 0 under the
    /// same T, so the drawn seam is closed; moved 0.1 pt apart each way, the check sees 0.2 pt,
    /// though each face is only 0.1 pt from the exact edge.
    func testTheSeamCheckBoundsTheGapBetweenBothDrawnEdges() throws {
        let sim = try Simulation(Self.cube())
        let prep = try XCTUnwrap(ProjectionPreparation(sim))
        var sampler = prep.sampler
        sampler.imageArcs = true
        let end = prep.end
        let factors = sampler.planeFactors(times: prep.coarse, end: end, groups: prep.groups)
        let right = try XCTUnwrap(sim.index(ofLayer: "right")), left = try XCTUnwrap(sim.index(ofLayer: "left"))
        XCTAssertEqual(factors.planeOf[right], right)
        XCTAssertEqual(factors.planeOf[left], left)
        let parts = sampler.planeParts(prep.groups, factors)
        XCTAssertEqual(parts.count, prep.groups.count + 1, "the faces' group is split in two")
        let apart = try XCTUnwrap(sampler.factoredLayers(parts, factors, end: end, pictureCells: prep.pictureCells, interpolation: 0.5))
        XCTAssertLessThan(sampler.seamGap(apart, groups: prep.groups, parts: parts, end: end), 1e-9)
        var moved = apart
        moved[right]!.plane!.translation = apart[right]!.plane!.translation.map { $0 + Point(0.1, 0) }
        moved[left]!.plane!.translation = apart[left]!.plane!.translation.map { $0 - Point(0.1, 0) }
        XCTAssertEqual(sampler.seamGap(moved, groups: prep.groups, parts: parts, end: end), 0.2, accuracy: 1e-6)
        // Asked only whether the gap is within a limit, the check may stop at a gap over it.
        XCTAssertGreaterThan(sampler.seamGap(moved, groups: prep.groups, parts: parts, end: end, stopAbove: 0.15), 0.15)
        XCTAssertEqual(sampler.seamGap(moved, groups: prep.groups, parts: parts, end: end, stopAbove: 0.25), 0.2, accuracy: 1e-6)
        // Only one face moved: the face against the other face and its header.
        moved[left] = apart[left]
        XCTAssertEqual(sampler.seamGap(moved, groups: prep.groups, parts: parts, end: end), 0.1, accuracy: 1e-6)
        // The export takes the split fit: fewer keys than one group, the same seam.
        let chosen = try XCTUnwrap(sampler.factoredLayers(prep.groups, coarse: prep.coarse, end: end, pictureCells: prep.pictureCells))
        XCTAssertEqual(chosen[right]!.paint[0].shape, apart[right]!.paint[0].shape)
        let whole = try XCTUnwrap(sampler.factoredLayers(prep.groups, factors, end: end, pictureCells: prep.pictureCells, interpolation: 0.5))
        XCTAssertLessThan(apart[right]!.paint[0].shape.keyframes.count, whole[right]!.paint[0].shape.keyframes.count)
    }

    /// A side whose drawn vertices on the shared edge's line are one point (a bar's rounded end
    /// touching the edge, its vertex there drawn for its paint and for its clip) has that point
    /// for its edge: the other side's edge is measured from the line through it along the shared
    /// edge, not from the point (the other face's whole edge, hundreds of points away).
    func testASideMeetingTheEdgeAtOnePointIsMeasuredAlongTheEdge() {
        let tip = [Point(389.9749, 49.2), Point(389.9749, 49.2)]
        let face = [Point(389.9740, 0), Point(389.9740, 844), Point(389.9740, 0)]
        let edge = Point(0, 844)
        XCTAssertEqual(ProjectionSampler.farthest(face, fromLineThrough: tip, along: edge), 0.0009, accuracy: 1e-9)
        XCTAssertEqual(ProjectionSampler.farthest(tip, fromLineThrough: face, along: edge), 0.0009, accuracy: 1e-9)
        // A side with an edge of its own keeps its own line, tilted as drawn, whatever the shared edge's direction.
        let tilted = [Point(390, 0), Point(391, 844)]
        XCTAssertEqual(
            ProjectionSampler.farthest([Point(390, 844)], fromLineThrough: tilted, along: edge), 844 / (844.0 * 844 + 1).squareRoot(), accuracy: 1e-12)
    }

    /// The same in a whole fit: a stadium bar on the outgoing face ending at the shared edge
    /// (its rounded end touches the edge at one point) leaves the faces' seam closed, so the
    /// faces are keyed apart. Measured from the bar's tip as a point, the gap was the distance
    /// from the tip to the far end of the other face's edge.
    func testABarEndingAtTheSharedEdgeLeavesTheSeamClosed() throws {
        var definition = Self.cube()
        let bar = LayerDefinition(
            id: "bar", kind: .rect, frame: Rect(290, 40, 100, 8), numbers: [.cornerRadius: 4], fill: .solid(.white))
        definition.layers[1].children.append(bar)
        let sim = try Simulation(definition)
        let prep = try XCTUnwrap(ProjectionPreparation(sim))
        var sampler = prep.sampler
        sampler.imageArcs = true
        let factors = sampler.planeFactors(times: prep.coarse, end: prep.end, groups: prep.groups)
        let parts = sampler.planeParts(prep.groups, factors)
        XCTAssertGreaterThan(parts.count, prep.groups.count, "the faces' group is split in two")
        let apart = try XCTUnwrap(sampler.factoredLayers(parts, factors, end: prep.end, pictureCells: prep.pictureCells, interpolation: 0.5))
        XCTAssertLessThan(sampler.seamGap(apart, groups: prep.groups, parts: parts, end: prep.end), ProjectionTolerance.seam)
    }

    /// Quads whose bounds are more than 0.01 apart share no edge either way, so the seam check
    /// skips sharedEdge for them (ProjectionSampler.boundsMeet): on quads of a small grid, many
    /// of them abutting, nudged by less than sharedEdge's 1e-3.
    func testQuadsWhoseBoundsAreApartShareNoEdge() {
        var seed: UInt64 = 47
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        func quad() -> [Point] {
            let x = Double(next(4)), y = Double(next(4)), w = Double(1 + next(2)), h = Double(1 + next(2))
            func nudge() -> Double { Double(next(3) - 1) * 4e-4 }
            return [Point(x + nudge(), y), Point(x + w, y + nudge()), Point(x + w + nudge(), y + h), Point(x, y + h + nudge())]
        }
        var shared = 0, apart = 0
        for _ in 0..<4000 {
            let p = quad(), q = quad()
            let edge = ProjectionSampler.sharedEdge(p, q) ?? ProjectionSampler.sharedEdge(q, p)
            if edge != nil { shared += 1; XCTAssertTrue(ProjectionSampler.boundsMeet(p, q)) }
            if !ProjectionSampler.boundsMeet(p, q) { apart += 1 }
        }
        XCTAssertGreaterThan(shared, 100)
        XCTAssertGreaterThan(apart, 100)
    }

    /// A 460 x 320 ellipse (the cube's first hill) under a perspective: its 4 image arcs and its
    /// projected kappa cubics are 0.06 pt apart, but on 64-piece polylines the chords' sag (0.28
    /// pt at radius 230) made it over 0.2 pt, the curve tolerance, so the hills kept 16 cubics.
    func testAnEllipsesImageArcsAreMeasuredWithoutTheChordsSag() throws {
        let path = BezierPath.ellipse(Rect(-140, 560, 460, 320))
        let h = PlaneProjection([1, 0, 0.0006, 0, 1, 0, 0, 0, 1])
        let arcs = try XCTUnwrap(BezierPath.projectedEllipse(try XCTUnwrap(path.quarterArcs), h, count: 4))
        let everywhere = Rect(-1e4, -1e4, 2e4, 2e4)
        XCTAssertGreaterThan(path.ellipseImageError(arcs, h, box: everywhere, pieces: 64), ProjectionTolerance.curve)
        let fine = path.ellipseImageError(arcs, h, box: everywhere)
        XCTAssertLessThan(fine, ProjectionTolerance.curve / 2)
        XCTAssertEqual(fine, path.ellipseImageError(arcs, h, box: everywhere, pieces: 2048), accuracy: 0.005)
        // From a largest distance so far (arcsMeet passes the tolerance): the larger of the two.
        for atLeast in [0, fine / 2, fine, ProjectionTolerance.curve] {
            XCTAssertEqual(path.ellipseImageError(arcs, h, box: everywhere, atLeast: atLeast), max(atLeast, fine))
        }
    }

    /// stories-cube's motion on two plain faces: "right" hinged at its left edge turns in from
    /// 90 degrees, "left" hinged at its right edge turns out to -90, the edge travels 390 -> 0.
    static func cube() -> TransitionDefinition {
        func face(_ id: String, anchor: Double, turn: Double) -> LayerDefinition {
            var f = LayerDefinition(
                id: id, kind: .rect, position: Point(390, 422), size: Size(390, 844), anchorPoint: Point(anchor, 0.5),
                transform: LayerTransform(rotationY: turn, m34: -1.0 / 800), fill: .solid(.white))
            f.children = [LayerDefinition(id: id + "-header", kind: .rect, position: Point(195, 75), size: Size(390, 150), fill: .solid(.black))]
            return f
        }
        let swipe = AnimationBlock(
            duration: 0.35, timing: .named(.easeInOut),
            changes: [
                PropertyChange(layer: "left", .position(Point(0, 422))),
                PropertyChange(layer: "left", .transform(LayerTransform(rotationY: -.pi / 2, m34: -1.0 / 800))),
                PropertyChange(layer: "right", .position(Point(0, 422))),
                PropertyChange(layer: "right", .transform(LayerTransform(m34: -1.0 / 800))),
            ])
        return TransitionDefinition(
            name: "two-faces", description: "test", canvas: Canvas(size: Size(390, 844)),
            timeline: TimelineSettings(holdBefore: 0.3, holdBetween: 0.3, holdAfter: 0.3),
            layers: [face("right", anchor: 0, turn: .pi / 2), face("left", anchor: 1, turn: 0)], phases: [Phase(name: "swipe", blocks: [swipe])])
    }
}
