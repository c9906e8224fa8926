import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The projected-content fitter's parts: the one easing per interval, the greedy spans, the
/// player-side check; and the fit on a flip (fewer keys than a linear grid, every key exact to
/// the written 0.1 grid).
final class ProjectionFitterTests: XCTestCase {
    func testEasingFitRecoversAKnownCurve() {
        for c in [CubicBezier.easeOut, .easeInEaseOut, CubicBezier(0.2, 0.6, 0.4, 1)] {
            let u = (1...40).map { Double($0) / 41 }
            let fitted = EasingFit.rounded(EasingFit.curve(u: u, q: u.map(c.progress)), decimals: 3)
            let worst = u.map { abs(fitted.progress(at: $0) - c.progress(at: $0)) }.max()!
            XCTAssertLessThan(worst, 2e-3, "\(c) → \(fitted)")
            XCTAssertTrue(fitted.staysInUnitInterval, "SMIL plays only unit keySplines")
        }
    }

    func testEasingFitStaysInTheUnitSquareForOvershoot() {
        // A target beyond 1 (a spring's overshoot) cannot be met by a unit curve: the fit clamps.
        let u = (1...20).map { Double($0) / 21 }
        let c = EasingFit.curve(u: u, q: u.map { sin($0 * .pi * 0.6) / sin(.pi * 0.6) })
        XCTAssertTrue(c.staysInUnitInterval)
    }

    func testSpansAreTheLongestThatFit() {
        var calls = 0
        let spans = EasingFit.spans(count: 12) { i, j in
            calls += 1; return j - i <= 5 ? .linear : nil
        }
        XCTAssertEqual(spans.map(\.start), [0, 5, 10])
        XCTAssertLessThan(calls, 20)
        // A span that never fits still advances one step at a time.
        XCTAssertEqual(EasingFit.spans(count: 3) { _, j in nil }.map(\.start), [0, 1, 2])
        // Everything fits: one span.
        XCTAssertEqual(EasingFit.spans(count: 1000) { _, _ in .linear }.map(\.start), [0])
    }

    func testCheckSeesTheVisiblePartOnly() {
        let fitter = ProjectionFitter(visible: 0.5, outline: 0.5)
        let square = BezierPath.rect(Rect(0, 0, 100, 100))
        let layout = ProjectionFitter.Layout([square], outlines: [false])
        let a = layout.flat([square]), b = a
        // The exact shape 0.8 off at its right edge: drawn within 0.5 nowhere there.
        let exact = layout.flat([square.map { Point($0.x > 50 ? $0.x + 0.8 : $0.x, $0.y) }])
        XCTAssertFalse(fitter.within(layout, exact, a, b, 0.5, Rect(-2, -2, 200, 200)))
        // With the canvas left of x = 40 only the left edge shows, and it is exact.
        XCTAssertTrue(fitter.within(layout, exact, a, b, 0.5, Rect(-2, -2, 40, 200)))
        // As an outline its vertices count anywhere.
        let outlined = ProjectionFitter.Layout([square], outlines: [true])
        XCTAssertFalse(fitter.within(outlined, exact, a, b, 0.5, Rect(-2, -2, 40, 200)))
    }

    /// The cheap bound before the easing fit: a vertex off its chord (a rotating corner) rules a
    /// span out for every easing; where the bound says a span may fit it does not claim more
    /// (the output stays what the fit alone gives: `fits` is the judge).
    func testChordBoundRejectsOnlyWhatNoEasingFits() {
        let fitter = ProjectionFitter(visible: 0.5, outline: 0.5)
        let square = BezierPath.rect(Rect(0, 0, 100, 100))
        let canvas = Rect(-2, -2, 400, 400)
        for outlines in [[false], [true]] {
            let layout = ProjectionFitter.Layout([square], outlines: outlines)
            // The square turning 30° about its centre over 31 samples (exact), keys on the 0.1 grid.
            let samples = (0...30).map { k -> [Point] in
                let angle = Double(k) / 30 * .pi / 6
                return layout.flat([
                    square.map { p in
                        let x = p.x - 50, y = p.y - 50
                        return Point(50 + x * cos(angle) - y * sin(angle), 50 + x * sin(angle) + y * cos(angle))
                    }
                ])
            }
            let keys = samples.map { $0.map(ProjectionFitter.onGrid) }
            let times = (0...30).map { Double($0) / 30 }, boxes = [Rect](repeating: canvas, count: 31)
            var rejected = 0
            for j in 2...30 {
                let order = ProjectionFitter.checkOrder(0, j)
                let mayFit = fitter.someEasingMayFit(layout, samples, keys[0], keys[j], boxes, 0, j, order)
                let easings: [KeyframeEasing] = [
                    .linear, .bezier(.easeInEaseOut), .bezier(.easeIn), .bezier(.easeOut), .bezier(CubicBezier(0.3, 0.2, 0.7, 0.8)),
                ]
                let anyFits = easings.contains { fitter.fits(layout, times, samples, keys[0], keys[j], boxes, 0, j, $0, order) }
                // Up to 10°, the corners stay within 0.27 pt of their chords (plus the 0.1 grid).
                if j <= 10 { XCTAssertTrue(mayFit, "span 0…\(j)") }
                if !mayFit {
                    rejected += 1
                    XCTAssertFalse(anyFits, "span 0…\(j) rejected by the bound but an easing fits")
                }
            }
            // Past ~14° a corner 70.7 pt from the centre leaves its chord by over 0.5 pt: 17 spans.
            XCTAssertGreaterThanOrEqual(rejected, 15)
        }
    }

    /// A text bar (radius half its height) drops its two zero-length sides and draws the same outline.
    func testStadiumLosesItsEmptySides() {
        let bar = BezierPath.roundedRect(Rect(0, 0, 40, 10), radius: 5), short = bar.withoutEmptyLines
        XCTAssertEqual(bar.segmentCount, 8)
        XCTAssertEqual(short.isLine, [true, false, false, true, false, false])
        for (new, old) in [(0, 0), (1, 1), (2, 3), (3, 4), (4, 5), (5, 7)] {
            for u in [0.0, 0.3, 0.7, 1.0] {
                XCTAssertEqual(short.point(segment: new, at: u).distance(to: bar.point(segment: old, at: u)), 0, accuracy: 1e-9)
            }
        }
        // A rounded rect with straight sides keeps all eight segments.
        XCTAssertEqual(BezierPath.roundedRect(Rect(0, 0, 40, 10), radius: 3).withoutEmptyLines.segmentCount, 8)
    }

    /// A page turning to −60° in 0.6 s, easeOut: its outline (bounds corners, bounded anywhere) in
    /// few keys, each on the written grid, and as played (KeyframeTrack.value, easing solved)
    /// within 0.5 px of the exact corners, on the canvas or off it.
    func testFlipIsFittedWithFewKeysWithinHalfAPixel() throws {
        let def = flipDefinition(to: -60)
        let sim = try Simulation(def)
        let i = try XCTUnwrap(sim.index(ofLayer: "page"))
        let path = try XCTUnwrap(KeyframedTransition(sim).projected[i]?.outline)
        XCTAssertLessThanOrEqual(path.keyframes.count, 20, "17 when written: one key per ~35 ms of the turn")
        for k in path.keyframes {
            for p in k.value.vertices { XCTAssertEqual(p.x * 10, (p.x * 10).rounded(), accuracy: 1e-6) }
        }
        var worst = 0.0
        for step in 0...Int(sim.timeline.duration * 1000) - 1 {
            let t = Double(step) / 1000
            for (a, b) in zip(path.value(at: t).vertices, sim.state(at: t).corners(of: i)) { worst = max(worst, a.distance(to: b)) }
        }
        XCTAssertLessThanOrEqual(worst, 0.5)
    }

    /// The gradient-axis check: where each colour sample's drawn iso-line lies from the exact
    /// one, along the exact one's stretch across the area where the paint shows.
    func testAxisCheckMeasuresIsoLinesAcrossTheArea() {
        let exact = GradientAxis(start: Point(0, 50), end: Point(100, 50), offsets: [0, 0.5, 1])
        let area = Rect(0, 0, 100, 100)
        func moved(_ d: Point) -> GradientAxis { GradientAxis(start: exact.start + d, end: exact.end + d, offsets: exact.offsets) }
        XCTAssertTrue(GradientAxisFitter.isoLinesWithin(moved(Point(0.3, 0)), exact, area, 0.5))
        XCTAssertFalse(GradientAxisFitter.isoLinesWithin(moved(Point(0.8, 0)), exact, area, 0.5))
        // Along the iso-lines the colours are the same.
        XCTAssertTrue(GradientAxisFitter.isoLinesWithin(moved(Point(0, 10)), exact, area, 0.5))
        // One offset 1 % off: 1 px on a 100 px axis.
        XCTAssertFalse(GradientAxisFitter.isoLinesWithin(GradientAxis(start: exact.start, end: exact.end, offsets: [0, 0.51, 1]), exact, area, 0.5))
        // Tilted 0.012 rad about its middle: 0.6 px off 50 px up or down, 0.12 px 10 px away.
        let tilt = 0.012, mid = Point(50, 50), half = Point(50 * cos(tilt), 50 * sin(tilt))
        let tilted = GradientAxis(start: mid - half, end: mid + half, offsets: exact.offsets)
        XCTAssertFalse(GradientAxisFitter.isoLinesWithin(tilted, exact, area, 0.5))
        XCTAssertTrue(GradientAxisFitter.isoLinesWithin(tilted, exact, Rect(0, 40, 100, 20), 0.5))
        // A gentle gradient (5.1 levels over 100 pt) may stray 4.9 pt (a quarter level); a steep one 0.5.
        let grey = [Color(red: 0.5, green: 0.5, blue: 0.5), Color(red: 0.52, green: 0.52, blue: 0.52)]
        let gentle = GradientAxisFitter(distance: 0.5, levels: 0.25, colors: grey)
        let axis = GradientAxis(start: Point(0, 50), end: Point(100, 50), offsets: [0, 1])
        XCTAssertEqual(gentle.allowed(axis)[0], 0.25 / (255 * 0.02 / 100), accuracy: 1e-9)
        XCTAssertEqual(GradientAxisFitter(distance: 0.5, levels: 0.25, colors: [.black, .white]).allowed(axis), [0.5, 0.5])
    }

    /// A page with a gradient (the flips' shadow) turning to −60°: its right edge leaves the
    /// canvas, so the path group's check does not bound it there, but the axis ends there. As
    /// played (its own keys and easings), every colour sample's iso-line stays within 0.5 px of
    /// the exact one (or where the colour is within a quarter level), wherever the page shows,
    /// every millisecond.
    func testGradientAxisAsPlayedStaysWithinHalfAPixel() throws {
        var def = flipDefinition(to: -60)
        let gradient = LinearGradient(stops: [LinearGradient.Stop(offset: 0, color: .black), LinearGradient.Stop(offset: 1, color: .white)])
        def.layers[0].children[0].fill = .linearGradient(gradient)
        let sim = try Simulation(def)
        let i = try XCTUnwrap(sim.index(ofLayer: "page"))
        let played = try XCTUnwrap(KeyframedTransition(sim).projected[i]?.paint.first?.gradient)
        XCTAssertGreaterThan(played.keyframes.count, 2)
        XCTAssertLessThanOrEqual(played.keyframes.count, 40)
        let colors = PathSpec.gradientSamples(gradient).map { PathSpec.color(of: gradient, at: $0) }
        let measure = GradientAxisFitter(distance: 0.5, levels: ProjectionTolerance.gradientLevels, colors: colors)
        let canvas = Rect(-2, -2, 394, 848)
        var checked = 0
        for step in 0..<Int(sim.timeline.duration * 1000) {
            let t = Double(step) / 1000
            let exact = try XCTUnwrap(ProjectionSampler.projectedLayers(sim, at: t)[i]?.paint.first)
            guard let area = GradientAxisFitter.visibleArea(exact.path.initialValue, canvas) else { continue }
            let axis = try XCTUnwrap(exact.gradient?.initialValue)
            // At rest black to white over 390 pt: a quarter level is 0.38 pt, under the 0.5.
            if step == 0 { XCTAssertEqual(measure.allowed(axis)[0], 0.5, accuracy: 1e-9) }
            XCTAssertTrue(GradientAxisFitter.isoLinesWithin(played.value(at: t), axis, area, measure.allowed(axis)), "t = \(t)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 1000)
    }
}
