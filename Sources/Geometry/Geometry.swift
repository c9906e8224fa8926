// Plain value types for 2D geometry in points (1 pt = 1 SVG user unit = 1 Lottie pixel): the
// base module every other one builds on (Package.swift states the graph).
//
// The types and their stored properties are `@usableFromInline` (not public) so that the
// `@inlinable` members are compiled into the calling modules: Swift 6.3 keeps an `@inlinable
// package` body out of the module's interface unless its type is usable from inline
// (BENCHMARKS.md#keyframe-types-usable-from-inline-same-bytes-2026-12-04).

@usableFromInline package struct Point: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline package var x: Double
    @usableFromInline package var y: Double
    @inlinable package init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable package init(x: Double, y: Double) { self.x = x; self.y = y }
    package static let zero = Point(0, 0)
    @usableFromInline package var description: String { "(\(x), \(y))" }

    @inlinable package static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable package static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable package static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
    @inlinable package func distance(to other: Point) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
}

@usableFromInline package struct Size: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline package var width: Double
    @usableFromInline package var height: Double
    @inlinable package init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    @inlinable package init(width: Double, height: Double) { self.width = width; self.height = height }
    package static let zero = Size(0, 0)
    @usableFromInline package var description: String { "\(width) x \(height)" }
}

@usableFromInline package struct Rect: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline package var origin: Point
    @usableFromInline package var size: Size
    @inlinable package init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    @inlinable package init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable package var minX: Double { origin.x }
    @inlinable package var minY: Double { origin.y }
    @inlinable package var maxX: Double { origin.x + size.width }
    @inlinable package var maxY: Double { origin.y + size.height }
    @inlinable package var midX: Double { origin.x + size.width / 2 }
    @inlinable package var midY: Double { origin.y + size.height / 2 }
    @inlinable package var center: Point { Point(midX, midY) }
    @usableFromInline package var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
