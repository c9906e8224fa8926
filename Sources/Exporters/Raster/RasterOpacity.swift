// Opacities of a raster frame's SVG, snapped to the nearest of the 256 levels an 8-bit
// compositor can draw before librsvg sees them. Skia (Chromium) turns an opacity a into the
// alpha round(255·a); cairo (under librsvg) takes ⌊(65535·a + ½) / 256⌋, about ⌊256·a⌋, so a
// layer fading in or out below 1/256 vanished in our frames while Chromium still drew it one
// level dark (stories-cube's shade at 0.002277: 1.004/255 over the whole face, Conformance/README.md
// "Raster files"). Written as n/255, every opacity reaches cairo as exactly n (257·n ≫ 8 = n),
// the level nearest the exact value. The `--at` SVG itself keeps the exact values.
import FoundationEssentials
import Glibc
import JSONText

enum RasterOpacity {
    /// `svg` with every `…opacity="v"` attribute (opacity, fill-, stroke-, stop-opacity) written
    /// as round(255·v)/255; other text unchanged.
    static func snapped(_ svg: String) -> String {
        let key = Array("opacity=\"".utf8)
        let bytes = Array(svg.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == key[0], bytes.count - i > key.count, bytes[i..<(i + key.count)].elementsEqual(key) else {
                out.append(bytes[i])
                i += 1
                continue
            }
            let start = i + key.count
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")),
                let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)), (0...1).contains(value)
            else {
                out.append(bytes[i])
                i += 1
                continue
            }
            out += key
            out += Array(level(value).utf8)
            i = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` as the nearest n/255, in SVG's number form (`0.003922`).
    static func level(_ value: Double) -> String {
        NumberFormat.string((value * 255).rounded() / 255, maxDecimals: 6)
    }
}
