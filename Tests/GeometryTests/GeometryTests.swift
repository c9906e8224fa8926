// Point, Size and Rect: the base module's arithmetic and the text they print as.
import Geometry
import XCTest

final class GeometryTests: XCTestCase {
    func testPointArithmetic() {
        let a = Point(3, 4), b = Point(x: 1, y: -2)
        XCTAssertEqual(a + b, Point(4, 2))
        XCTAssertEqual(a - b, Point(2, 6))
        XCTAssertEqual(a * 0.5, Point(1.5, 2))
        XCTAssertEqual(a.distance(to: .zero), 5)
        XCTAssertEqual(Point.zero, Point(0, 0))
        XCTAssertEqual(a.description, "(3.0, 4.0)")
    }

    func testSize() {
        XCTAssertEqual(Size(width: 390, height: 844), Size(390, 844))
        XCTAssertEqual(Size.zero, Size(0, 0))
        XCTAssertEqual(Size(390, 844).description, "390.0 x 844.0")
    }

    func testRectEdgesAndCentre() {
        let r = Rect(20, 600, 120, 160)
        XCTAssertEqual(r, Rect(origin: Point(20, 600), size: Size(120, 160)))
        XCTAssertEqual([r.minX, r.minY, r.maxX, r.maxY], [20, 600, 140, 760])
        XCTAssertEqual([r.midX, r.midY], [80, 680])
        XCTAssertEqual(r.center, Point(80, 680))
        XCTAssertEqual(r.description, "(20.0, 600.0, 120.0, 160.0)")
        let flipped = Rect(10, 10, -4, 6)  // a negative width keeps its origin
        XCTAssertEqual([flipped.minX, flipped.maxX], [10, 6])
    }
}
