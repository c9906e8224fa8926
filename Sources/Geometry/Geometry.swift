// Plain value types for 2D geometry in points (1 pt = 1 SVG user unit = 1 Lottie pixel): the
// base module every other one builds on (Package.swift states the graph).

package struct Point: Hashable, Sendable, CustomStringConvertible {
    package var x: Double
    package var y: Double
    @inlinable package init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable package init(x: Double, y: Double) { self.x = x; self.y = y }
    package static let zero = Point(0, 0)
    package var description: String { "(\(x), \(y))" }

    package static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    package static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    package static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
    package func distance(to other: Point) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
}

package struct Size: Hashable, Sendable, CustomStringConvertible {
    package var width: Double
    package var height: Double
    package init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    package init(width: Double, height: Double) { self.width = width; self.height = height }
    package static let zero = Size(0, 0)
    package var description: String { "\(width) x \(height)" }
}

package struct Rect: Hashable, Sendable, CustomStringConvertible {
    package var origin: Point
    package var size: Size
    package init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    package init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    package var minX: Double { origin.x }
    package var minY: Double { origin.y }
    package var maxX: Double { origin.x + size.width }
    package var maxY: Double { origin.y + size.height }
    package var midX: Double { origin.x + size.width / 2 }
    package var midY: Double { origin.y + size.height / 2 }
    package var center: Point { Point(midX, midY) }
    package var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
