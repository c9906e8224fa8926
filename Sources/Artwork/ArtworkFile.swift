import Diagnostics
import FoundationEssentials
import Glibc
import Platform

/// A user's picture, decided by its bytes: PNG or JPEG (embedded as they are) or SVG (read into the art model).
package enum Artwork: Hashable, Sendable {
    case raster(RasterImage)
    case vector(ArtDocument)

    /// Reads at most the larger size limit plus one byte, so a huge or endless file (a FIFO,
    /// /dev/zero) costs nothing before it is refused. `label` names the file in messages.
    package static func load(path: String, label: String? = nil) throws -> Artwork {
        let name = label ?? path
        let limit = max(ArtworkLimits.imageBytes, ArtworkLimits.svgBytes)
        let bytes: [UInt8]
        do { bytes = try InputFile.bytes(atPath: path, limit: limit) } catch {
            switch error {
            // The system's reason (no such file, permission, a directory) in the line.
            case .cannotOpen: throw TransExportError.artwork(file: name, "cannot be opened for reading (\(error.reason))")
            case .cannotRead: throw TransExportError.artwork(file: name, "cannot be read (\(error.reason))")
            }
        }
        guard bytes.count <= limit else { throw TransExportError.artwork(file: name, "is over the size limit of \(limit) bytes") }
        return try decode(bytes: bytes, file: name)
    }

    package static func decode(bytes: [UInt8], file: String) throws -> Artwork {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) || bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return .raster(try RasterImage(bytes: bytes, file: file))
        }
        if bytes.starts(with: [0x1F, 0x8B]) {
            throw TransExportError.artwork(file: file, "is gzip-compressed (.svgz); give the plain SVG (compressed input is never unpacked)")
        }
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        while let b = text.first, [0x20, 0x09, 0x0A, 0x0D].contains(b) { text = text.dropFirst() }
        guard text.first == UInt8(ascii: "<") else {
            throw TransExportError.artwork(file: file, "is neither PNG, JPEG nor SVG (decided from its first bytes, not its name)")
        }
        return .vector(try SVGArtReader.read(bytes: bytes, file: file))
    }

    /// The picture's own size in points for a given pixels-per-point scale (SVG: its user units).
    package func size(scale: Double = 1) -> (width: Double, height: Double) {
        switch self {
        case .raster(let image): return (Double(image.pixelWidth) / scale, Double(image.pixelHeight) / scale)
        case .vector(let document): return (document.size.width, document.size.height)
        }
    }
}

extension Artwork {
    /// RasterImage as seen from modules that have a RasterImage of their own (Exporters' frames).
    package typealias Picture = RasterImage
}
