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

/// SVG that animation importers (Glaxnimate's SVG import) read as the players draw it, where it
/// costs no fidelity: display and opacity never animate on one element, axis-aligned gradients
/// on a fixed-size shape in userSpaceOnUse, an animated `d` with one subpath unless it is a hole.
final class ImporterFriendlySVGTests: XCTestCase {
    static func elements(_ svg: String, _ xpath: String) throws -> [XMLElement] {
        try XMLDocument(xmlString: svg, options: []).nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    /// The showcase's card-snapshot shows (display) while a badge fades: a layer with both gets an inner opacity group.
    func testDisplayAndOpacityAnimateOnDifferentElements() throws {
        var d = ExportFixtures.showcase
        d.phases[1].blocks[0].changes.append(PropertyChange(layer: "card-snapshot", .opacity(0.5)))
        let svg = try SVGWriter().svg(try ExportFixtures.keyframes(d))
        let groups = try Self.elements(svg, "//*[local-name()='g']")
        var split = 0
        for g in groups {
            let animated = Set((g.children ?? []).compactMap { ($0 as? XMLElement)?.value(of: "attributeName") })
            XCTAssertFalse(animated.contains("display") && animated.contains("opacity"), "both on <g id=\(g.value(of: "id") ?? "")>")
            XCTAssertFalse(animated.contains("display") && g.value(of: "opacity") != nil)
            if g.value(of: "id") == "card-snapshot" {
                XCTAssertTrue(animated.contains("display"))
                let inner = try XCTUnwrap((g.children ?? []).compactMap { $0 as? XMLElement }.first { $0.name == "g" })
                XCTAssertEqual(inner.value(of: "opacity"), "1")
                XCTAssertEqual((inner.children ?? []).compactMap { ($0 as? XMLElement)?.value(of: "attributeName") }.first, "opacity")
                split += 1
            }
        }
        XCTAssertEqual(split, 1)
    }

    /// The showcase card's vertical gradient on a 160 × 200 box: userSpaceOnUse, in points.
    func testAxisGradientsOnFixedShapesUseUserSpace() throws {
        let svg = try SVGWriter().svg(try ExportFixtures.keyframes(ExportFixtures.showcase))
        let gradients = try Self.elements(svg, "//*[local-name()='linearGradient']")
        XCTAssertFalse(gradients.isEmpty)
        let attrs = gradients.map { g in ["gradientUnits", "x1", "y1", "x2", "y2"].map { g.value(of: $0) ?? "-" } }
        XCTAssertTrue(attrs.contains(["userSpaceOnUse", "0", "0", "0", "200"]), "\(attrs)")
        // A diagonal gradient keeps the box's units (its isolines would turn in user space).
        var d = ExportFixtures.showcase
        d.layers[0].fill = .linearGradient(
            LinearGradient(start: Point(0, 0), end: Point(1, 1), stops: [.init(offset: 0, color: .white), .init(offset: 1, color: .black)]))
        let diagonal = try Self.elements(try SVGWriter().svg(try ExportFixtures.keyframes(d)), "//*[local-name()='linearGradient']")
        XCTAssertTrue(diagonal.contains { $0.value(of: "gradientUnits") == nil && $0.value(of: "x2") == "1" })
    }

    /// Only the circle reveal's hole (rect + counter-wound circle) animates a `d` with two subpaths,
    /// besides solid shapes merged into one path (the cube's text bars).
    func testAnimatedPathsHaveOneSubpathExceptHoles() throws {
        try CatalogTier.require()
        for name in ["circle-reveal-push", "stories-cube"] where ExportFixtures.templateNames.contains(name) {
            let svg = try SVGWriter().svg(try ExportFixtures.keyframes(ExportFixtures.template(name)))
            let paths = try Self.elements(svg, "//*[local-name()='animate'][@attributeName='d']")
            XCTAssertFalse(paths.isEmpty, name)
            for a in paths {
                let values = (a.value(of: "values") ?? "").split(separator: ";")
                let subpaths = values.map { $0.filter { $0 == "M" || $0 == "m" }.count }.max() ?? 0
                let parent = a.parent as? XMLElement
                let hole = parent?.value(of: "clip-rule") == "evenodd"
                // Neighbouring solid paints apart at every time share one path (SVGMergedPaths):
                // a subpath each, filled nonzero.
                if !hole, parent?.value(of: "fill")?.hasPrefix("#") == true, parent?.value(of: "fill-rule") == nil {
                    XCTAssertGreaterThanOrEqual(subpaths, 1, "\(name): solid shapes")
                    continue
                }
                XCTAssertEqual(subpaths, hole ? 2 : 1, "\(name): \(hole ? "a hole" : "a shape")")
            }
        }
    }
}
