import XCTest

@testable import Artwork

/// What a well-behaved SVG becomes in the art model, value by value.
final class SVGArtReaderTests: XCTestCase {
    func read(_ body: String, root: String = #"width="100" height="50""#) throws -> ArtDocument {
        try SVGArtReader.read(bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" \(root)>\(body)</svg>".utf8), file: "t.svg")
    }

    func shape(_ node: ArtNode?) -> ArtShape? {
        if case .shape(let s)? = node?.content { return s }
        return nil
    }

    func assertPoint(_ p: ArtPoint, _ x: Double, _ y: Double, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: accuracy, file: file, line: line)
    }

    func testRectWithTransformFillAndInheritedStroke() throws {
        let doc = try read(
            ##"<g stroke="#ff0000" stroke-width="2"><rect x="1" y="2" width="10" height="20" fill="#0080ff" transform="translate(5 6)" opacity=".5"/></g>"##)
        XCTAssertEqual(doc.size, ArtRect(x: 0, y: 0, width: 100, height: 50))
        guard case .group(let children) = doc.nodes.first?.content else { return XCTFail("a group") }
        let rect = try XCTUnwrap(shape(children.first))
        XCTAssertEqual(children[0].transform, .translation(5, 6))
        XCTAssertEqual(children[0].opacity, 0.5)
        XCTAssertEqual(rect.fill, .color(ArtColor(red: 0, green: 128.0 / 255, blue: 1)))
        XCTAssertEqual(rect.stroke?.paint, .color(ArtColor(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(rect.stroke?.width, 2)
        XCTAssertEqual(rect.path.segments.first, .move(ArtPoint(1, 2)))
        XCTAssertEqual(rect.path.segments[2], .line(ArtPoint(11, 22)))
    }

    func testStyleAttributeOverridesPresentationAttributes() throws {
        let doc = try read(##"<rect width="4" height="4" fill="red" style="fill: rgb(0, 0, 255); fill-opacity: 50%"/>"##)
        XCTAssertEqual(shape(doc.nodes.first)?.fill, .color(ArtColor(red: 0, green: 0, blue: 1, alpha: 0.5)))
    }

    func testRelativePathCommandsAndAQuarterArc() throws {
        let doc = try read(##"<path d="M10 10 h10 v10 l-10 0 z m0 20 a10 10 0 0 1 10 10"/>"##)
        let segments = try XCTUnwrap(shape(doc.nodes.first)).path.segments
        XCTAssertEqual(
            Array(segments.prefix(5)),
            [
                .move(ArtPoint(10, 10)), .line(ArtPoint(20, 10)), .line(ArtPoint(20, 20)),
                .line(ArtPoint(10, 20)), .close,
            ])
        XCTAssertEqual(segments[5], .move(ArtPoint(10, 30)))
        guard case .cubic(let c1, let c2, let end) = segments[6] else { return XCTFail("the arc is one cubic") }
        // Centre (10, 40): the quarter arc's tangents are horizontal at the start and vertical at the end.
        assertPoint(end, 20, 40)
        assertPoint(c1, 10 + 10 * SVGBasicShapes.kappa, 30, accuracy: 1e-6)
        assertPoint(c2, 20, 40 - 10 * SVGBasicShapes.kappa, accuracy: 1e-6)
    }

    func testAHalfCircleArcIsTwoQuarterCubicsOnTheCircle() throws {
        // 180 degrees is 2 pieces of 90 (it was written as 1 cubic, 16 % of r off the circle).
        let doc = try read(##"<path d="M0 25 a25 25 0 1 0 50 0"/>"##)
        let segments = try XCTUnwrap(shape(doc.nodes.first)).path.segments
        XCTAssertEqual(segments.count, 3)
        var start = ArtPoint(0, 25)
        for case .cubic(let c1, let c2, let end) in segments.dropFirst() {
            for t in stride(from: 0.0, through: 1, by: 0.125) {
                let u = 1 - t
                let x = u * u * u * start.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * end.x
                let y = u * u * u * start.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * end.y
                XCTAssertEqual(((x - 25) * (x - 25) + (y - 25) * (y - 25)).squareRoot(), 25, accuracy: 25 * 3e-4)
            }
            start = end
        }
        assertPoint(start, 50, 25, accuracy: 1e-9)
    }

    func testBrokenPathDataIsRefusedNotDrawnHalfway() {
        XCTAssertThrowsError(try read(##"<path d="M0 0 L10 10 L 5"/>"##)) {
            XCTAssertEqual("\($0)", "t.svg:1: <path>: path data d=\"M0 0 L10 10 L 5…\" breaks the SVG grammar")
        }
    }

    func testBoundingBoxGradientIsResolvedToUserSpace() throws {
        let doc = try read(
            ##"<defs><linearGradient id="g" x2="0%" y2="100%"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient></defs><rect x="10" y="20" width="30" height="40" fill="url(#g)"/>"##
        )
        guard case .linear(let start, let end, let transform, let stops)? = shape(doc.nodes.first)?.fill else {
            return XCTFail("a linear gradient")
        }
        assertPoint(transform.apply(start), 10, 20)
        assertPoint(transform.apply(end), 10, 60)
        XCTAssertEqual(stops.map(\.offset), [0, 1])
        XCTAssertEqual(stops[1].color, ArtColor(red: 0, green: 0, blue: 0, alpha: 0.25))
    }

    func testRadialGradientInheritsStopsThroughHref() throws {
        let doc = try read(
            ##"<linearGradient id="base"><stop offset="0.2" stop-color="red"/><stop offset="0.1" stop-color="blue"/></linearGradient><radialGradient id="r" href="#base" gradientUnits="userSpaceOnUse" cx="5" cy="6" r="7"/><circle r="3" fill="url(#r)"/>"##
        )
        guard case .radial(let center, let radius, let focus, _, let stops)? = shape(doc.nodes.first)?.fill else {
            return XCTFail("a radial gradient")
        }
        XCTAssertEqual([center, focus], [ArtPoint(5, 6), ArtPoint(5, 6)])
        XCTAssertEqual(radius, 7)
        XCTAssertEqual(stops.map(\.offset), [0.2, 0.2], "offsets never go backwards")
    }

    func testClipPathBakesItsTransformsIntoUserSpace() throws {
        let doc = try read(
            ##"<clipPath id="c" transform="translate(10 0)"><rect width="5" height="5" transform="scale(2)"/></clipPath><g clip-path="url(#c)"><rect width="100" height="50"/></g>"##
        )
        let clip = try XCTUnwrap(doc.nodes.first?.clip)
        XCTAssertEqual(clip.paths.count, 1)
        XCTAssertEqual(clip.paths[0].segments[2], .line(ArtPoint(20, 10)))
    }

    func testViewBoxAndPreserveAspectRatio() throws {
        let meet = try read("", root: #"width="200" height="100" viewBox="0 0 50 50""#)
        let t = meet.viewportTransform(width: 200, height: 100)
        assertPoint(t.apply(ArtPoint(0, 0)), 50, 0)
        assertPoint(t.apply(ArtPoint(50, 50)), 150, 100)
        let slice = try read("", root: #"viewBox="10 10 50 50" preserveAspectRatio="xMinYMax slice""#)
        XCTAssertEqual(slice.size, ArtRect(x: 0, y: 0, width: 50, height: 50))
        let s = slice.viewportTransform(width: 200, height: 100)
        assertPoint(s.apply(ArtPoint(10, 60)), 0, 100)
        assertPoint(s.apply(ArtPoint(60, 10)), 200, -100)
        let none = try read("", root: #"viewBox="0 0 10 10" preserveAspectRatio="none""#)
        assertPoint(none.viewportTransform(width: 40, height: 20).apply(ArtPoint(10, 10)), 40, 20)
    }

    func testMetadataAndForeignNamespacesAreSkippedButDisplayNoneHides() throws {
        let doc = try read(##"<title>x</title><desc>y</desc><metadata/><n:view xmlns:n="urn:x"/><rect width="1" height="1" display="none"/><circle r="2"/>"##)
        XCTAssertEqual(doc.nodes.count, 1)
        XCTAssertEqual(shape(doc.nodes.first)?.fill, .color(ArtColor(red: 0, green: 0, blue: 0)))
    }

    func testUnitsAndMissingSize() throws {
        XCTAssertEqual(try read("", root: #"width="1in" height="72pt""#).size, ArtRect(x: 0, y: 0, width: 96, height: 96))
        XCTAssertThrowsError(try read("", root: "")) {
            XCTAssertEqual("\($0)", "t.svg:1: <svg>: has no size: give width and height, or a viewBox")
        }
    }
}
