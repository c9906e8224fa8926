import Exporters
import Foundation
import Keyframes
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

/// The fitted keyframes as the players play the exported files (issue 5): within tolerance,
/// keySplines in [0, 1], bezier-timed changes exact.
final class FittedExportTests: XCTestCase {
    /// Every catalog template fitted once for both players (the 3D templates' projection
    /// sampling is slow in a debug build): its SVG text and both reports.
    static let catalog: [(name: String, svg: String, smil: FitReport, lottie: FitReport)] = ExportFixtures.templateNames.map { name in
        let files = PlayerFiles(try! Simulation(try! ExportFixtures.template(name)))
        return (name, try! files.svg(), FitReport(files.svgKeyframes), FitReport(files.lottieKeyframes))
    }

    /// douyin-present's player springs in (ζ 0.8, 0.3 s from 0.6 s): its position and scale, read
    /// back from NAME.svg and NAME.json and played at 1,000 points, stay within 0.25 px of the
    /// exact simulation (measured as the fitter measures: screen px after every transform).
    func testFittedSpringPlaysWithinToleranceInSMILAndLottie() throws {
        let sim = try Simulation(try ExportFixtures.template("douyin-present"))
        let files = PlayerFiles(sim)
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let measure = LayerMeasures.all(sim, tolerance: .standard)[player]
        let exact = sim.layers[player]

        let svg = try files.svg()
        let layerStart = try XCTUnwrap(svg.range(of: "<g id=\"player\""))
        let transforms = elements("animateTransform", in: String(svg[layerStart.lowerBound...]))
        let smilPosition = try SMILPlayer(attributes: try XCTUnwrap(transforms.first { $0["type"] == "translate" }))
        let smilScale = try SMILPlayer(attributes: try XCTUnwrap(transforms.first { $0["type"] == "scale" }))

        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try files.lottie().utf8)) as? [String: Any])
        let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
        let ks = try XCTUnwrap(layers.first { $0["nm"] as? String == "player" }?["ks"] as? [String: Any])
        let fr = sim.definition.frameRate
        let lottiePosition = try LottiePlayerModel(property: ks["p"]!, frameRate: fr)
        let lottieScale = try LottiePlayerModel(property: ks["s"]!, frameRate: fr)

        var worst = (smil: 0.0, lottie: 0.0)
        for k in 0..<1000 {
            let t = 0.6 + 1e-5 + (0.3 - 2e-5) * Double(k) / 999
            let p = exact.position.value(at: t), s = exact.transform.value(at: t).scale
            func point(_ v: [Double], _ f: Double = 1) -> Point { Point(v[0] / f, v[1] / f) }
            let smil = max(
                measure.position.error(point(smilPosition.value(at: t)), p),
                measure.scale.error(point(smilScale.value(at: t)), s))
            let lottie = max(
                measure.position.error(point(lottiePosition.value(at: t)), p),
                measure.scale.error(point(lottieScale.value(at: t), 100), s))
            worst = (max(worst.smil, smil), max(worst.lottie, lottie))
        }
        XCTAssertLessThanOrEqual(worst.smil, 0.25)
        XCTAssertLessThanOrEqual(worst.lottie, 0.25)
        XCTAssertGreaterThan(worst.smil, 0.01)  // fitted, not exact: the check has teeth
        // And few keyframes: a 0.3 s spring baked at 60 fps has 19.
        XCTAssertLessThanOrEqual(smilPosition.keyTimes.filter { $0 > 0.6 / 2.35 && $0 < 0.9 / 2.35 }.count, 4)
        XCTAssertLessThanOrEqual(lottiePosition.keys.filter { $0.t > 36 && $0.t < 54 }.count, 3)
    }

    /// SMIL drops an animation whose keySplines leave [0, 1]: none in any catalog file, nor in the
    /// showcase, whose badge fades with an overshooting curve (0.34, 1.56, 0.64, 1).
    func testNoSMILKeySplineLeavesTheUnitInterval() throws {
        try CatalogTier.require()
        var splines = 0
        let showcase = try PlayerFiles(Simulation(ExportFixtures.showcase)).svg()
        for (name, svg) in Self.catalog.map({ ($0.name, $0.svg) }) + [("showcase", showcase)] {
            for e in elements("animate", in: svg) + elements("animateTransform", in: svg) {
                guard let s = e["keySplines"] else { continue }
                for n in s.split(whereSeparator: { $0 == ";" || $0 == " " }) {
                    let x = try XCTUnwrap(Double(n))
                    XCTAssert(x >= 0 && x <= 1, "\(name): keySpline value \(x)")
                    splines += 1
                }
            }
        }
        XCTAssertGreaterThan(splines, 100)
    }

    /// A change timed by a cubic bezier stays 2 keyframes with its own control points in both
    /// formats; one whose curve overshoots is exact in Lottie and fitted (in range) for SMIL.
    func testBezierTimedChangesAreTwoKeyframes() throws {
        let sim = try Simulation(ExportFixtures.showcase)
        let card = try XCTUnwrap(sim.index(ofLayer: "card-snapshot")), badge = try XCTUnwrap(sim.index(ofLayer: "badge"))
        for format in PlayerRules.players {
            let kt = KeyframedTransition.fitted(sim, for: format)
            // easeInOut frame change of the snapshot (its centre stays): the size, 2 keyframes.
            let size = kt.layers[card].size.keyframes
            XCTAssertEqual(size.count, 2, "\(format.name)")
            XCTAssertEqual(size.first?.easing, .bezier(.easeInEaseOut), "\(format.name)")
            XCTAssertEqual(size.last?.value, Size(90, 84), "\(format.name)")
            XCTAssertFalse(kt.layers[card].position.isAnimated)
            let fade = kt.layers[badge].opacity.keyframes
            if format.handlesInUnitSquare {
                XCTAssertGreaterThan(fade.count, 2)
                for k in fade { if case .bezier(let c) = k.easing { XCTAssertTrue(c.staysInUnitInterval, "\(c)") } }
            } else {
                XCTAssertEqual(fade.count, 2)
                XCTAssertEqual(fade[0].easing, .bezier(CubicBezier(0.34, 1.56, 0.64, 1)))
            }
            XCTAssertTrue(FitReport(kt).withinTolerance, "\(format.name)")
        }
    }

    /// Every catalog template, in both formats: every animated track plays within its tolerance
    /// (checked at 4 kHz by FitReport, key times and handles rounded as the files write them).
    func testEveryCatalogTemplateIsWithinTolerance() throws {
        try CatalogTier.require()
        for t in Self.catalog {
            for (format, report) in [(PlayerRules.smil, t.smil), (.lottie, t.lottie)] {
                let name = t.name
                XCTAssertEqual(report.player, format)
                for t in report.tracks where !t.withinTolerance {
                    XCTFail("\(name) \(format.name): \(t.layer).\(t.property) max \(t.maxError) \(t.unit) > \(t.tolerance)")
                }
            }
        }
    }

    /// `--tolerance`: a looser tolerance never needs more keyframes (here: fewer lobes of the
    /// ζ 0.5 slide need their own keys), and is still met.
    func testLooserToleranceNeverNeedsMoreKeyframes() throws {
        for name in ["douyin-present", "slide-up-segue"] {
            let sim = try Simulation(try ExportFixtures.template(name))
            for format in PlayerRules.players {
                let tight = FitReport(KeyframedTransition.fitted(sim, for: format))
                let loose = FitReport(KeyframedTransition.fitted(sim, for: format, tolerance: .screen(2)))
                XCTAssertLessThanOrEqual(loose.keyframes, tight.keyframes, "\(name) \(format.name)")
                if name == "slide-up-segue" { XCTAssertLessThan(loose.keyframes, tight.keyframes, "\(name) \(format.name)") }
                XCTAssertTrue(loose.withinTolerance)
                XCTAssertEqual(loose.tracks.first { $0.unit == .px }?.tolerance, 2)
                if let opacity = loose.tracks.first(where: { $0.unit == .opacity }) { XCTAssertEqual(opacity.tolerance, 0.016, accuracy: 1e-12) }
            }
        }
    }

    /// The tracks dump carries the animated files' reports.
    func testTracksDumpHasTheFitSection() throws {
        let sim = try Simulation(try ExportFixtures.template("douyin-dismiss"))
        let files = PlayerFiles(sim)
        let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(TracksWriter().text(sim, fit: try files.reports()).utf8)) as? [String: Any])
        let fit = try XCTUnwrap(doc["fit"] as? [[String: Any]])
        XCTAssertEqual(fit.map { $0["file"] as? String }, ["douyin-dismiss.svg", "douyin-dismiss.json"])
        XCTAssertEqual(fit[0]["bytes"] as? Int, try files.svg().utf8.count)
        let tracks = try XCTUnwrap(fit[1]["tracks"] as? [[String: Any]])
        XCTAssertTrue(
            tracks.contains { $0["layer"] as? String == "cell-snapshot" && $0["property"] as? String == "position" && $0["method"] as? String == "fitted" })
    }
}
