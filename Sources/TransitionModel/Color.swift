// A definition's colours.

/// sRGB colour with straight (not premultiplied) alpha, components in 0...1.
package struct Color: Hashable, Sendable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    package static let black = Color(red: 0, green: 0, blue: 0)
    package static let white = Color(red: 1, green: 1, blue: 1)
    package static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
