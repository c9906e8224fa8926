import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// Round 2's shortcuts of the 3D sampling, each the very numbers of the code it replaced: the
/// paths-only samples (no axis nor box made) and the bounds made in one pass (PointBounds).
final class ProjectionPathsOnlyTests: XCTestCase {
    /// samplePaths gives sample's paths, from a grid time and from a whole state, on a flip whose
    /// page carries a rounded bar (a gradient-free group and a moving projection).
    func testSamplePathsEqualsTheSamplesPaths() throws {
        var def = flipDefinition(to: -60)
        def.layers[0].children[0].children = [
            LayerDefinition(
                id: "bar", kind: .rect, position: Point(195, 100), size: Size(200, 40), numbers: [.cornerRadius: 20], fill: .solid(.black))
        ]
        let prepared = try XCTUnwrap(ProjectionPreparation(try Simulation(def)))
        let sampler = prepared.sampler, end = prepared.end, cuts = sampler.breakpoints(end: end)
        var compared = 0
        for n in cuts.indices {
            let grid = sampler.intervalGrid(n, cuts, end: end)
            for k in stride(from: 0, to: grid.times.count, by: 7) {
                let state = sampler.state(grid.times[k], end: end)
                for members in prepared.groups {
                    XCTAssertEqual(sampler.samplePaths(grid.states, k, members), sampler.sample(grid.states, k, members).paths)
                    XCTAssertEqual(sampler.samplePaths(state, members), sampler.sample(state, members).paths)
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 40)
    }

    /// PointBounds keeps each bound as the arrays' min() and max() do, bit for bit: signed zeros
    /// in either order, ties, NaN first and later, infinities, random points.
    func testPointBoundsEqualsTheArraysMinAndMax() {
        var sets: [[Point]] = [
            [Point(0, -0.0), Point(-0.0, 0)], [Point(-0.0, 0), Point(0, -0.0)], [Point(1, 1)],
            [Point(.nan, 1), Point(2, .nan), Point(-3, 4)], [Point(2, 3), Point(.nan, .nan), Point(-1, 9)],
            [Point(.infinity, -.infinity), Point(5, 5), Point(-.infinity, .infinity)],
        ]
        var seed: UInt64 = 7
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(seed >> 11) / Double(1 << 53) - 0.5) * 1000
        }
        for n in 1...40 { sets.append((0..<n).map { _ in Point(next().rounded(), next()) }) }
        func same(_ a: Double, _ b: Double) -> Bool { a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern }
        for points in sets {
            var b = PointBounds()
            for p in points { b.add(p) }
            let xs = points.map(\.x), ys = points.map(\.y)
            XCTAssertTrue(same(b.minX, xs.min()!) && same(b.maxX, xs.max()!), "\(points)")
            XCTAssertTrue(same(b.minY, ys.min()!) && same(b.maxY, ys.max()!), "\(points)")
        }
    }

    /// The canvas box in a host's space (one pass) equals the arrays' version of it (a verbatim
    /// copy below), bit for bit, under tilted, flipped and plain maps.
    func testBoxEqualsTheArraysBox() throws {
        let sampler = ProjectionSampler(try Simulation(flipDefinition(to: -60)))
        func arraysBox(_ hostToScreen: Transform3D?) -> Rect {
            let size = sampler.simulation.definition.canvas.size
            let back = hostToScreen.flatMap { PlaneProjection($0).inverse } ?? .identity
            let corners = BezierPath.rect(Rect(-2, -2, size.width + 4, size.height + 4)).vertices.map(back.apply)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        }
        var maps: [Transform3D?] = [nil, .identity]
        for angle in stride(from: -170.0, through: 170, by: 17) {
            let m = Transform3D.perspective(eyeDistance: 500)
            maps.append(m.rotated(angle: angle * .pi / 180, x: 0, y: 1, z: 0).translated(20, -7))
            maps.append(m.rotated(angle: angle * .pi / 180, x: 1, y: 0, z: 0))
        }
        for map in maps {
            let a = sampler.box(hostToScreen: map), b = arraysBox(map)
            for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.size.width, b.size.width), (a.size.height, b.size.height)] {
                XCTAssertTrue(x.isNaN ? y.isNaN : x.bitPattern == y.bitPattern, "\(String(describing: map))")
            }
        }
    }

    /// planeFactors reads the coarse times from a grid: each projected layer's projection and
    /// state there are the whole state's, bit for bit (a flip and a flip with a 3D bar).
    func testCoarseGridEqualsWholeStates() throws {
        var bar = flipDefinition(to: -60)
        bar.layers[0].children[0].children = [
            LayerDefinition(
                id: "bar", kind: .rect, position: Point(195, 100), size: Size(200, 40), numbers: [.cornerRadius: 20], fill: .solid(.black))
        ]
        var compared = 0
        for def in [flipDefinition(to: -90), bar] {
            let prepared = try XCTUnwrap(ProjectionPreparation(try Simulation(def)))
            let sampler = prepared.sampler, end = prepared.end
            let grid = sampler.grid(prepared.coarse, end: end)
            XCTAssertEqual(grid.count, prepared.coarse.count)
            for (k, t) in prepared.coarse.enumerated() {
                let state = sampler.state(t, end: end)
                for (i, host) in sampler.layers {
                    let a = grid.projection(k, i).h, b = sampler.projection(state, i, host: host).h
                    XCTAssertTrue((0..<9).allSatisfy { a[$0].bitPattern == b[$0].bitPattern }, "layer \(i) at \(t)")
                    XCTAssertEqual(grid.layerState(k, i), state.layers[i])
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 40)
    }

    /// seamGap reads each check time from a LayerSubsetSampler: the corners, projections and
    /// exact paths it makes there are the whole state's, bit for bit (times at 240 a second).
    func testSeamSamplesEqualWholeStates() throws {
        let prepared = try XCTUnwrap(ProjectionPreparation(try Simulation(flipDefinition(to: -60))))
        let sampler = prepared.sampler, end = prepared.end
        var subset = LayerSubsetSampler(sampler.simulation, sampler.gridLayers, at: 0)
        var compared = 0
        for k in 0...Int((end * 240).rounded(.up)) {
            let t = min(end, Double(k) / 240)
            if k > 0 { subset.advance(to: min(t, end.nextDown)) }
            let state = sampler.state(t, end: end)
            for (i, host) in sampler.layers {
                let a = sampler.seamProjection(subset.state, i, host: host).h, b = sampler.projection(state, i, host: host).h
                XCTAssertTrue((0..<9).allSatisfy { a[$0].bitPattern == b[$0].bitPattern }, "layer \(i) at \(t)")
                XCTAssertEqual(sampler.seamCorners(subset.state, i), sampler.corners(state, i))
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 200)
    }
}
