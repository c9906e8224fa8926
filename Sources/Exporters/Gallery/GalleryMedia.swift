import CZlib
// The gallery page's media block (every card's SVG and Lottie text, GalleryWriter.media) is
// most of the page: 5.3 MB of text that deflates to 0.7 MB. The page carries it deflated (zlib,
// level 9, the same bytes every run) and base64-encoded, and its script inflates it with the
// browser's DecompressionStream("deflate") before it builds the cards, so the page still opens
// from disk and plays the exact bytes of NAME.svg and NAME.json (README "The gallery").
import Foundation
import TransitionModel

package enum GalleryMedia {
    /// The `data-encoding` the page's script reads on the media block.
    package static let encoding = "deflate-base64"

    /// zlib-deflated (level 9) UTF-8 text, base64 with no line breaks.
    static func packed(_ text: String) throws(TransExportError) -> String {
        let input = Array(text.utf8)
        var stream = z_stream()
        guard deflateInit_(&stream, 9, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw TransExportError.gallery("zlib: deflateInit failed")
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))))
        let status = input.withUnsafeBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw TransExportError.gallery("zlib: deflate returned \(status)") }
        return Data(output[0..<Int(stream.total_out)]).base64EncodedString()
    }

    /// The text `packed` made, back (what the page's script does): for tests and readers of the page.
    package static func unpacked(_ packed: String) -> String? {
        guard let data = Data(base64Encoded: packed.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let input = [UInt8](data)
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status = Z_OK
        input.withUnsafeBufferPointer { inBuffer in
            stream.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
            stream.avail_in = uInt(inBuffer.count)
            while status == Z_OK {
                chunk.withUnsafeMutableBufferPointer { c in
                    stream.next_out = c.baseAddress
                    stream.avail_out = uInt(c.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    out += c[0..<(c.count - Int(stream.avail_out))]
                }
            }
        }
        return status == Z_STREAM_END ? String(decoding: out, as: UTF8.self) : nil
    }
}
