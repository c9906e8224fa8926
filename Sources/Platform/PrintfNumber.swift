// `%.Nf` as C's printf writes it (what Foundation's String(format:) gave), for reports and
// benchmark tables; exported files use JSONText's own number writer instead.
import Glibc

package enum PrintfNumber {
    /// `x` with `decimals` digits after the point (0...17), rounded as printf rounds.
    package static func fixed(_ x: Double, decimals: Int) -> String {
        let d = Int32(min(max(decimals, 0), 17))
        var buffer = [CChar](repeating: 0, count: 400)
        let n = withVaList([d, x]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        guard n >= 0 else { return "\(x)" }
        return String(decoding: buffer.prefix(min(Int(n), buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
