// PNG and JPEG checked from their bytes alone: the signature decides the type (never the file
// name), then a walk over the PNG chunks (with CRCs) or the JPEG segments finds the declared
// size and proves the file is whole. Pixels are never decoded here: the picture is embedded as
// it is, so the limits protect the players that will decode it.
import Diagnostics

package struct RasterImage: Hashable, Sendable {
    package enum Kind: String, Sendable { case png, jpeg }
    package var kind: Kind
    package var pixelWidth: Int
    package var pixelHeight: Int
    package var bytes: [UInt8]

    /// FNV-1a of the bytes, computed once: definitions holding a picture are hashed and
    /// compared often (simulation, keyframes), and a screenshot is hundreds of kilobytes.
    private var digest: UInt64 = 0

    package var mimeType: String { kind == .png ? "image/png" : "image/jpeg" }

    /// Whether a PNG names a colour space of its own (gAMA, cHRM, iCCP: browsers draw it in those
    /// colours); a JPEG: false.
    package var namesColourSpace: Bool {
        kind == .png && PNGWalk.typesBeforeData(bytes).contains { ["gAMA", "cHRM", "iCCP"].contains($0) }
    }

    package static func == (l: RasterImage, r: RasterImage) -> Bool {
        l.digest == r.digest && l.kind == r.kind && l.pixelWidth == r.pixelWidth && l.bytes == r.bytes
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(digest); hasher.combine(bytes.count)
    }

    /// Checks `bytes` read from `file` (the name only labels messages).
    package init(bytes: [UInt8], file: String) throws {
        func refuse(_ why: String) -> TransExportError { TransExportError.artwork(file: file, why) }
        guard bytes.count <= ArtworkLimits.imageBytes else {
            throw refuse("image of \(bytes.count) bytes is over the limit of \(ArtworkLimits.imageBytes) bytes")
        }
        let (kind, width, height): (Kind, Int, Int)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            (width, height) = try PNGWalk.size(bytes, refuse)
            kind = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            (width, height) = try JPEGWalk.size(bytes, refuse)
            kind = .jpeg
        } else {
            throw refuse("not a PNG or JPEG file (its first bytes are neither signature)")
        }
        guard width > 0, height > 0 else { throw refuse("declares an empty picture (\(width) x \(height) px)") }
        guard width <= ArtworkLimits.imageSide, height <= ArtworkLimits.imageSide,
            width * height <= ArtworkLimits.imagePixels
        else {
            throw refuse(
                "declares \(width) x \(height) px, over the limit of \(ArtworkLimits.imageSide) px a side "
                    + "and \(ArtworkLimits.imagePixels) px in all")
        }
        self.kind = kind; pixelWidth = width; pixelHeight = height; self.bytes = bytes
        digest = fnv1a(bytes)
    }

    /// A picture of that size with no pixels, for asking whether a picture of it could be drawn
    /// somewhere (`--list --template NAME`); it is never embedded in a file.
    package init(standInWidth width: Int, height: Int) {
        kind = .png; pixelWidth = width; pixelHeight = height; bytes = []
    }
}

private func bigEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
    (at..<at + count).reduce(0) { $0 << 8 | Int(b[$1]) }
}

enum PNGWalk {
    /// IHDR's size, after every chunk's length and CRC up to IEND was checked.
    static func size(_ b: [UInt8], _ refuse: (String) -> TransExportError) throws -> (Int, Int) {
        var at = 8, size: (Int, Int)?, sawData = false
        while true {
            guard at + 12 <= b.count else { throw refuse("truncated PNG: chunk header at byte \(at) is cut off") }
            let length = bigEndian(b, at, 4)
            let type = String(decoding: b[at + 4..<at + 8], as: UTF8.self)
            guard length <= 0x7FFF_FFFF, at + 12 + length <= b.count else {
                throw refuse("truncated PNG: chunk \(type) at byte \(at) declares \(length) bytes past the end")
            }
            guard crc32(b[at + 4..<at + 8 + length]) == UInt32(bigEndian(b, at + 8 + length, 4)) else {
                throw refuse("corrupt PNG: chunk \(type) at byte \(at) fails its CRC")
            }
            if size == nil {
                guard type == "IHDR", length == 13 else { throw refuse("corrupt PNG: the first chunk is not a 13-byte IHDR") }
                size = (bigEndian(b, at + 8, 4), bigEndian(b, at + 12, 4))
            }
            if type == "IDAT" { sawData = true }
            at += 12 + length
            if type == "IEND" { break }
        }
        guard sawData, let size else { throw refuse("corrupt PNG: no image data (IDAT)") }
        return size
    }

    /// The types of the chunks before the image data (IDAT), in order: a checked PNG's header
    /// chunks (its colour space among them).
    static func typesBeforeData(_ b: [UInt8]) -> [String] {
        var at = 8, types: [String] = []
        while at + 8 <= b.count {
            let type = String(decoding: b[at + 4..<at + 8], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { break }
            types.append(type)
            at += 12 + bigEndian(b, at, 4)
        }
        return types
    }

    static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}

enum JPEGWalk {
    /// The frame header's size, after the segments up to the scan and an end-of-image marker were found.
    static func size(_ b: [UInt8], _ refuse: (String) -> TransExportError) throws -> (Int, Int) {
        var at = 2, size: (Int, Int)?
        while true {
            guard at + 4 <= b.count else { throw refuse("truncated JPEG: segment at byte \(at) is cut off") }
            guard b[at] == 0xFF else { throw refuse("corrupt JPEG: no marker at byte \(at)") }
            let marker = b[at + 1]
            if marker == 0xFF { at += 1; continue }  // fill byte
            let length = bigEndian(b, at + 2, 2)
            guard length >= 2, at + 2 + length <= b.count else {
                throw refuse("truncated JPEG: segment FF\(hex(marker)) at byte \(at) runs past the end")
            }
            // SOF0...SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7 else { throw refuse("corrupt JPEG: short frame header at byte \(at)") }
                size = (bigEndian(b, at + 7, 2), bigEndian(b, at + 5, 2))
            }
            at += 2 + length
            if marker == 0xDA { break }  // start of scan: entropy-coded data follows
        }
        guard let size else { throw refuse("corrupt JPEG: no frame header before the scan") }
        // The entropy-coded data ends with EOI (FF D9); tolerate trailing padding after it.
        var end = b.count - 1
        while end > at, !(b[end - 1] == 0xFF && b[end] == 0xD9) { end -= 1 }
        guard end > at else { throw refuse("truncated JPEG: no end-of-image marker after the scan") }
        return size
    }

    static func hex(_ v: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
    }
}

/// 64-bit FNV-1a: a cheap fingerprint for hashing, not a security measure.
func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { buffer in
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in buffer { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return h
    }
}
