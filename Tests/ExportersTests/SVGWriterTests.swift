import Exporters
import Foundation
import Keyframes
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

final class SVGWriterTests: XCTestCase {
    func testShowcaseSVG() throws {
        assertSnapshot(try SVGWriter().svg(try ExportFixtures.keyframes(ExportFixtures.showcase)), extension: "svg")
    }

    func testShowcaseStillAtTheSpringsOvershoot() throws {
        let sim = try Simulation(ExportFixtures.showcase)
        assertSnapshot(try SVGWriter().svg(.still(sim, at: 0.35)), extension: "svg")
    }

    /// Every SVG the catalog and the showcase produce obeys docs/smil.md#writer-rules.
    func testSMILRules() throws {
        try CatalogTier.require()
        let definitions = try ExportFixtures.templateNames.map(ExportFixtures.template) + [ExportFixtures.showcase]
        for d in definitions {
            let kt = try ExportFixtures.keyframes(d)
            let svg = try SVGWriter().svg(kt)
            let doc = try XMLDocument(xmlString: svg, options: [])
            let animations = try doc.nodes(forXPath: "//*[local-name()='animate' or local-name()='animateTransform']").compactMap { $0 as? XMLElement }
            XCTAssertFalse(animations.isEmpty, d.name)
            let duration = kt.timeline.duration
            for a in animations {
                let attr = { (n: String) in a.value(of: n) ?? "" }
                let dur = Double(attr("dur").dropLast()) ?? -1
                // The loop clock: restarts at its own end, every `duration` seconds.
                if attr("id") == "loop" {
                    XCTAssertEqual(attr("begin"), "0s;loop.end", d.name)
                    XCTAssertEqual(dur, duration, accuracy: 1e-6, d.name)
                    continue
                }
                // Loops by itself: on one clock over the whole loop, or only while it changes,
                // at an offset from the loop clock's begin, inside the loop.
                if attr("begin").isEmpty {
                    XCTAssertEqual(attr("repeatCount"), "indefinite", d.name)
                    XCTAssertEqual(dur, duration, accuracy: 1e-6, d.name)
                } else {
                    let begin = attr("begin")
                    XCTAssertTrue(begin == "loop.begin" || begin.hasPrefix("loop.begin+") && begin.hasSuffix("s"), "\(d.name): \(begin)")
                    let offset = begin == "loop.begin" ? 0 : Double(begin.dropFirst("loop.begin+".count).dropLast()) ?? -1
                    XCTAssertGreaterThanOrEqual(offset, 0, d.name)
                    XCTAssertGreaterThan(dur, 0, d.name)
                    XCTAssertLessThanOrEqual(offset + dur, duration + 1e-6, d.name)
                    XCTAssertTrue(attr("repeatCount").isEmpty, d.name)
                    // Frozen only when the loop ends on another value than frame 0's.
                    let values = attr("values").split(separator: ";")
                    XCTAssertTrue(attr("fill").isEmpty || attr("fill") == "freeze" && offset == 0, d.name)
                    if attr("fill").isEmpty { XCTAssertEqual(values.first, values.last, d.name) }
                }
                // values + keyTimes, no spaces, same count, 0 … 1 non-decreasing.
                let times = attr("keyTimes").split(separator: ";").map { Double($0)! }
                XCTAssertFalse(attr("keyTimes").contains(" "), d.name)
                XCTAssertEqual(times.count, attr("values").split(separator: ";").count, d.name)
                XCTAssertEqual(times.first, 0, d.name)
                if attr("calcMode") != "discrete" { XCTAssertEqual(times.last, 1, d.name) }
                XCTAssertEqual(times, times.sorted(), d.name)
                XCTAssertTrue(attr("to").isEmpty && attr("by").isEmpty && attr("accumulate").isEmpty, d.name)
                // Something moves: an animation whose values all read the same is left out.
                XCTAssertGreaterThan(Set(attr("values").split(separator: ";")).count, 1, "\(d.name): \(attr("attributeName"))")
                // Key times and splines are written without a leading zero.
                XCTAssertFalse((attr("keyTimes") + ";" + attr("keySplines")).contains("0."), d.name)
                // keySplines only inside [0, 1].
                if attr("calcMode") == "spline" {
                    let splines = attr("keySplines").split(separator: ";")
                    XCTAssertEqual(splines.count, times.count - 1, d.name)
                    for n in splines.flatMap({ $0.split(separator: " ") }) {
                        XCTAssertTrue((0...1).contains(Double(n)!), "\(d.name): keySpline \(n)")
                    }
                }
                // Static viewers show frame 0: the base value equals the first value.
                let parent = try XCTUnwrap(a.parent as? XMLElement)
                let first = String(attr("values").split(separator: ";").first!)
                let name = attr("attributeName")
                if a.name == "animateTransform" {
                    XCTAssertEqual(parent.value(of: "transform"), "\(attr("type"))(\(first))", d.name)
                } else if name == "display" {
                    XCTAssertEqual(parent.value(of: "display") ?? "inline", first, d.name)
                } else {
                    XCTAssertEqual(parent.value(of: name), first, "\(d.name) \(name)")
                }
            }
            // No script, no event handlers, no external references: it plays inside <img>.
            XCTAssertFalse(svg.contains("<script"), d.name)
            let attributes = try doc.nodes(forXPath: "//@*").map { $0.name ?? "" }
            XCTAssertFalse(attributes.contains { $0.hasPrefix("on") }, d.name)
            for ref in try doc.nodes(forXPath: "//@*[local-name()='href']") {
                XCTAssertTrue(ref.stringValue?.hasPrefix("#") ?? false, d.name)
            }
            // Every id is unique; every layer with an id has its group and its bounds: a group, or
            // for a layer under a perspective projection (drawn as projected paths, no affine
            // bounds space) an unpainted outline path.
            let ids = try doc.nodes(forXPath: "//@id").compactMap(\.stringValue)
            XCTAssertEqual(ids.count, Set(ids).count, d.name)
            let sim = kt.simulation
            for (i, layer) in sim.layers.enumerated() {
                guard let id = layer.id else { continue }
                XCTAssertTrue(ids.contains(id), "\(d.name): \(id)")
                let bounds = try doc.nodes(forXPath: "//*[@id='\(id).bounds']").compactMap { $0 as? XMLElement }
                XCTAssertEqual(bounds.count, 1, "\(d.name): \(id).bounds")
                XCTAssertEqual(bounds.first?.localName, kt.projected[i] == nil ? "g" : "path", "\(d.name): \(id).bounds")
            }
        }
    }

    func testOvershootingBezierIsFittedForSMIL() throws {
        let kt = try ExportFixtures.keyframes(ExportFixtures.showcase)
        let svg = try SVGWriter().svg(kt)
        // The badge fades with (0.34, 1.56, 0.64, 1), which SMIL cannot take as a keySpline:
        // it is fitted with in-range keySplines, one per monotone piece, overshooting below 0.2.
        let line = try XCTUnwrap(svg.split(separator: "\n").first { $0.contains("attributeName=\"opacity\"") && $0.contains("0.2") })
        let values = try XCTUnwrap(line.split(separator: "\"").dropFirst(3).first).split(separator: ";").compactMap { Double($0) }
        XCTAssertLessThan(values.count, 10)
        XCTAssertLessThan(values.min()!, 0.2 - 0.05)  // y peaks near 1.1: 1 − 0.8·1.098 ≈ 0.122
        XCTAssertTrue(line.contains("keySplines"))
        XCTAssertTrue(svg.contains(".42 0 .58 1"))  // the easeInOut block stays exact (keySplines without leading zeros)
    }

    func testCanvasAndTitle() throws {
        let svg = try SVGWriter().svg(try ExportFixtures.keyframes(ExportFixtures.template("douyin-present")))
        XCTAssertTrue(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"390\" height=\"844\" viewBox=\"0 0 390 844\">"))
        XCTAssertTrue(svg.contains("<title>douyin-present</title>"))
    }
}

extension XMLElement {
    /// `attribute(forName:)` misses unprefixed attributes under a default namespace on Linux.
    func value(of name: String) -> String? {
        attributes?.first { $0.name == name }?.stringValue
    }
}

/// Static opaque rects of one colour drawn in turn are one `<path>` (SVGPaint.sublayers): the
/// branch label's pixel font, one subpath per bar, at the bars' own places.
final class SVGStaticRectRunTests: XCTestCase {
    func testABranchLabelsBarsAreOnePath() throws {
        let definition = try ExportFixtures.template("douyin-drag-dismiss")
        let sim = try Simulation(definition)
        let label = try XCTUnwrap(sim.index(ofLayer: "branch-label-cancel"))
        let bars = sim.layers[label].children.map { sim.layers[$0].definition }
        XCTAssertGreaterThan(bars.count, 20)
        let svg = try SVGWriter().svg(try ExportFixtures.keyframes(definition))
        let doc = try XMLDocument(xmlString: svg, options: [])
        let bounds = try XCTUnwrap(try doc.nodes(forXPath: "//*[@id='branch-label-cancel.bounds']").first as? XMLElement)
        let paths = (bounds.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.name == "path" }
        XCTAssertEqual(paths.count, 1)
        XCTAssertEqual(paths.first?.value(of: "fill"), "#ffffff")
        let d = try XCTUnwrap(paths.first?.value(of: "d"))
        func n(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }  // the font's bars sit on whole points
        let expected = bars.map { b in
            "M\(n(b.position.x - b.anchorPoint.x * b.size.width)) "
                + "\(n(b.position.y - b.anchorPoint.y * b.size.height))"
                + "h\(n(b.size.width))v\(n(b.size.height))"
                + "h-\(n(b.size.width))z"
        }
        XCTAssertEqual(d, expected.joined())
        XCTAssertEqual((bounds.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.name == "rect" }.count, 1, "the pill alone")
    }
}
