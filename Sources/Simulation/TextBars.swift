// Placeholder text: one rounded bar per line, the last one shorter, as a designer sketches copy.
import TransitionModel

package enum TextBars {
    /// Bars in the layer's bounds space: each line takes `height / lines`, the bar 60 % of it
    /// (chosen), and a last line of several is 60 % wide (chosen).
    package static func bars(size: Size, lines: Int) -> [Rect] {
        guard lines > 0 else { return [] }
        let pitch = size.height / Double(lines)
        let thickness = pitch * 0.6
        return (0..<lines).map { k in
            let width = lines > 1 && k == lines - 1 ? size.width * 0.6 : size.width
            return Rect(0, Double(k) * pitch + (pitch - thickness) / 2, width, thickness)
        }
    }
}
