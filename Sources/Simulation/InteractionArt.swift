// Layers an interactive simulation adds on top of the definition's: the finger (a translucent
// circle that follows the gesture script) and one label per branch, its name drawn in a 5 × 7
// pixel font made of rectangles so that every exporter and player shows it the same (no fonts).
import TransitionModel

enum Finger {
    static let id = "finger"
    /// 44 pt: the size of a fingertip's touch (Apple's minimum hit target); chosen.
    static let diameter = 44.0

    /// Hidden until a touch-down; a dark halo and a light disc read on light and dark art alike (chosen).
    static func layer(at touch: Point) -> LayerDefinition {
        let d = diameter, inner = 32.0, inset = (diameter - inner) / 2
        return LayerDefinition(
            id: id, kind: .group, position: touch, size: Size(d, d), hidden: true, zPosition: 1000,
            children: [
                LayerDefinition(kind: .ellipse, frame: Rect(0, 0, d, d), fill: .solid(Color(red: 0, green: 0, blue: 0, alpha: 0.18))),
                LayerDefinition(kind: .ellipse, frame: Rect(inset, inset, inner, inner), fill: .solid(Color(red: 1, green: 1, blue: 1, alpha: 0.75))),
            ])
    }
}

enum BranchLabel {
    static let id = "branch-label"
    static func id(_ branch: String) -> String { "\(id)-\(branch)" }
    static let pixel = 2.0

    /// A root group at the top centre with one hidden pill per branch.
    static func layer(branches: [String], canvas: Size) -> LayerDefinition {
        let pills = branches.map { pill($0, canvas: canvas) }
        return LayerDefinition(id: id, kind: .group, frame: Rect(0, 0, canvas.width, canvas.height), zPosition: 1000, children: pills)
    }

    static func color(_ branch: String) -> Color {
        switch branch {
        case "cancel": return Color(red: 1, green: 0.231, blue: 0.188, alpha: 0.85)  // systemRed
        case "finish": return Color(red: 0.204, green: 0.78, blue: 0.349, alpha: 0.85)  // systemGreen
        default: return Color(red: 0, green: 0, blue: 0, alpha: 0.65)
        }
    }

    static func pill(_ branch: String, canvas: Size) -> LayerDefinition {
        let text = Array(branch.uppercased())
        let glyphW = 5 * pixel, glyphH = 7 * pixel, gap = pixel
        let textW = Double(text.count) * glyphW + Double(max(0, text.count - 1)) * gap
        let padX = 12.0, padY = 10.0
        let w = textW + 2 * padX, h = glyphH + 2 * padY
        var bars: [LayerDefinition] = []
        for (n, ch) in text.enumerated() {
            let x0 = padX + Double(n) * (glyphW + gap)
            for (row, bits) in (PixelFont.glyphs[ch] ?? PixelFont.glyphs["?"]!).enumerated() {
                var col = 0
                let cells = Array(bits)
                while col < 5 {
                    guard cells[col] == "#" else { col += 1; continue }
                    var end = col
                    while end < 5, cells[end] == "#" { end += 1 }
                    bars.append(
                        LayerDefinition(
                            kind: .rect,
                            frame: Rect(
                                x0 + Double(col) * pixel, padY + Double(row) * pixel,
                                Double(end - col) * pixel, pixel), fill: .solid(.white)))
                    col = end
                }
            }
        }
        return LayerDefinition(
            id: id(branch), kind: .rect, frame: Rect((canvas.width - w) / 2, 56, w, h), hidden: true,
            numbers: [.cornerRadius: h / 2], fill: .solid(color(branch)), children: bars)
    }
}

/// Upper-case letters, digits and a few signs, 5 × 7, "#" = ink.
enum PixelFont {
    static let glyphs: [Character: [String]] = [
        "A": [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
        "B": ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
        "C": [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
        "D": ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
        "E": ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
        "F": ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
        "G": [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"],
        "H": ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
        "I": [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
        "J": ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
        "K": ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
        "L": ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
        "M": ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
        "N": ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
        "O": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
        "P": ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
        "Q": [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"],
        "R": ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
        "S": [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
        "T": ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
        "U": ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
        "V": ["#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
        "W": ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
        "X": ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
        "Y": ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
        "Z": ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
        "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
        "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
        "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
        "3": ["####.", "....#", "....#", ".###.", "....#", "....#", "####."],
        "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
        "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
        "6": [".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."],
        "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
        "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
        "9": [".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."],
        "-": [".....", ".....", ".....", "#####", ".....", ".....", "....."],
        "_": [".....", ".....", ".....", ".....", ".....", ".....", "#####"],
        " ": [".....", ".....", ".....", ".....", ".....", ".....", "....."],
        "?": [".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."],
    ]
}
