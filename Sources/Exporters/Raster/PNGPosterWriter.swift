import CRsvg
// PNG poster: one frame, at `--at T` or at the default poster time, written by cairo's PNG
// writer (libpng inside cairo; deterministic bytes).
import FoundationEssentials
import Glibc
import Simulation

package enum PNGPosterWriter {
    /// The default poster time: within the first phase (an interactive definition: its first
    /// branch), the moment that looks most unlike both the phase's start and its end, i.e.
    /// the transition caught visually halfway (both screens, the motion's direction), judged
    /// on 16 quarter-size frames by mean pixel difference; ties go to the earliest.
    package static func defaultTime(_ frames: RasterFrames) throws -> Double {
        guard let first = frames.simulation.timeline.phases.first, first.duration > 0 else { return 0 }
        let w = max(2, frames.width / 4), h = max(2, frames.height / 4)
        func thumb(_ t: Double) throws -> [UInt8] { try SVGRasterizer.draw(frames.svg(at: t), width: w, height: h).bgra }
        func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
            var sum = 0
            for i in a.indices { sum += abs(Int(a[i]) - Int(b[i])) }
            return sum
        }
        let start = try thumb(first.start), end = try thumb(first.end)
        var best = first.start + first.duration / 2, bestScore = -1
        for i in 1...16 {
            let t = first.start + first.duration * Double(i) / 17
            let image = try thumb(t)
            let score = min(distance(image, start), distance(image, end))
            if score > bestScore { best = t; bestScore = score }
        }
        return best
    }

    package static func png(_ frames: RasterFrames, at time: Double) throws -> Data {
        try png(frames.image(at: time))
    }

    package static func png(_ image: RasterImage) throws -> Data {
        try png(image, alpha: false, what: "the poster")
    }

    /// cairo's PNG writer on the image's BGRA pixels: RGB24 (alpha dropped) or premultiplied
    /// ARGB32 (alpha kept, for art drawn as a picture: ArtworkRadialFallback.swift).
    static func png(_ image: RasterImage, alpha: Bool, what: String) throws -> Data {
        let lib = try RasterLibraries.load()
        var pixels = image.bgra
        let box = DataBox()
        let status: cairo_status_t = pixels.withUnsafeMutableBufferPointer { buffer in
            guard
                let surface = lib.cairo_image_surface_create_for_data(
                    buffer.baseAddress, alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(image.width),
                    Int32(image.height), Int32(image.width * 4))
            else {
                return CAIRO_STATUS_NO_MEMORY
            }
            defer { lib.cairo_surface_destroy(surface) }
            return lib.cairo_surface_write_to_png_stream(
                surface,
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<DataBox>.fromOpaque(closure).takeUnretainedValue().data.append(data, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(box).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = lib.cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
            throw RasterError.encode("PNG: cairo could not write \(what): \(reason)")
        }
        return box.data
    }
}

final class DataBox: @unchecked Sendable {
    var data = Data()
}
