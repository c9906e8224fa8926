import Foundation

/// Small pictures made byte by byte, so every hostile case is a few lines and no fixture.
enum ArtworkTestFiles {
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c = ~UInt32(0)
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    /// A PNG that declares `width` x `height` (8-bit RGBA); the IDAT is a token zlib stream,
    /// enough for the header walk, which never inflates.
    static func png(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
            + chunk("IEND", [])
    }

    /// A baseline JPEG skeleton: SOI, APP0, SOF0 with the size, SOS, two data bytes, EOI.
    static func jpeg(width: Int, height: Int) -> [UInt8] {
        let app0: [UInt8] = [0xFF, 0xE0] + be16(16) + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let sof0: [UInt8] = [0xFF, 0xC0] + be16(11) + [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
        let sos: [UInt8] = [0xFF, 0xDA] + be16(8) + [1, 1, 0, 0, 0x3F, 0]
        return [0xFF, 0xD8] + app0 + sof0 + sos + [0x12, 0x34] + [0xFF, 0xD9]
    }

    static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("artwork-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
