import CZlib
// The gallery page's media block (every card's SVG and Lottie text, GalleryWriter.media) is
// most of the page: 5.3 MB of text that deflates to 0.7 MB. The page carries it deflated (zlib,
// level 6, the same bytes every run) and base64-encoded, and its script inflates it with the
// browser's DecompressionStream("deflate") before it builds the cards, so the page still opens
// from disk and plays the exact bytes of NAME.svg and NAME.json (README "The gallery").
import FoundationEssentials
import Glibc
import Platform
import TransitionModel

package enum GalleryMedia {
    /// The `data-encoding` the page's script reads on the media block.
    package static let encoding = "deflate-base64"

    /// zlib's level. The deflate is the default run's one serial stage after the exports: level 6
    /// takes 2.4x less time than 9 for 3 % more bytes (BENCHMARKS.md#malloc-arenas-per-core).
    static let level: Int32 = 6

    /// zlib-deflated (`level`) UTF-8 text, base64 with no line breaks.
    static func packed(_ text: String) throws(TransExportError) -> String { try packed { $0(text) } }

    /// The same for text given in pieces, each deflated as it comes, never joined: the media
    /// block is 5 MB, and its text, its bytes and a buffer the size of both were the default
    /// run's memory peak (BENCHMARKS.md#memory-and-time-pass). Without flushes zlib's
    /// output does not depend on how its input is split, so the bytes are the same.
    static func packed(_ pieces: ((String) -> Void) -> Void) throws(TransExportError) -> String {
        let deflater = try Deflater()
        pieces(deflater.add)
        return try deflater.finish()
    }

    /// One zlib stream fed a piece at a time, in order, as the pieces are made (the gallery's
    /// cards as their exports end: GalleryPageParts). Not thread-safe: one feeder at a time.
    final class Deflater {
        // zlib keeps a pointer back to its stream: it must not move.
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        private var output: [UInt8] = []
        private var chunk = [UInt8](repeating: 0, count: 1 << 16)
        private var failure: Int32?

        init() throws(TransExportError) {
            stream.initialize(to: z_stream())
            guard deflateInit_(stream, GalleryMedia.level, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                stream.deinitialize(count: 1)
                stream.deallocate()
                throw TransExportError.gallery("zlib: deflateInit failed")
            }
        }

        deinit {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }

        /// Deflates `piece`'s UTF-8 bytes after the pieces before it.
        func add(_ piece: String) {
            var piece = piece
            piece.withUTF8 { run($0, Z_NO_FLUSH) }
        }

        /// The stream ended: every piece's bytes deflated, base64 with no line breaks.
        func finish() throws(TransExportError) -> String {
            run(UnsafeBufferPointer(start: nil, count: 0), Z_FINISH)
            if let failure { throw TransExportError.gallery("zlib: deflate returned \(failure)") }
            return Data(output).base64EncodedString()
        }

        private func run(_ input: UnsafeBufferPointer<UInt8>, _ flush: Int32) {
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            while failure == nil {
                let status = chunk.withUnsafeMutableBufferPointer { c in
                    stream.pointee.next_out = c.baseAddress
                    stream.pointee.avail_out = uInt(c.count)
                    return deflate(stream, flush)
                }
                output += chunk[0..<(chunk.count - Int(stream.pointee.avail_out))]
                if flush == Z_FINISH {
                    if status == Z_STREAM_END { return }
                    if status != Z_OK { failure = status }
                } else {
                    if status != Z_OK, status != Z_BUF_ERROR { failure = status }
                    if stream.pointee.avail_in == 0, stream.pointee.avail_out != 0 { return }
                }
            }
        }
    }

    /// The text `packed` made, back (what the page's script does): for tests and readers of the page.
    package static func unpacked(_ packed: String) -> String? {
        guard let data = Data(base64Encoded: packed.trimmingWhitespaceAndNewlines) else { return nil }
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
