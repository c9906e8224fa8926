import CRsvg
// Frames for the raster exporters (GIF, WebP, MP4, PNG), made once here: each frame is the
// static SVG that `--at T` writes (the exact simulated state at T), drawn by librsvg into a
// cairo image. Frames are drawn and prepared for the encoder on every core, in batches, while
// the encoder (which is sequential) takes the previous batch in order.
import Dispatch
import FoundationEssentials
import Glibc
import Keyframes
import Platform
import Simulation

/// `--scale` and `--fps`: what every raster format is drawn with.
package struct RasterSettings: Equatable, Sendable {
    /// Device pixels per point: 1, 2 or 3 (retina). Default 2.
    package var scale: Int
    /// Frames per second asked for. Default 60; GIF plays at most 50 (GIFWriter).
    package var fps: Int
    /// `--webp-quality`: libwebp's lossy quality 0…99, or 100 for lossless (WebPWriter).
    package var webpQuality: Int
    package static let scales = 1...3
    package static let fpsRange = 1...120
    package init(scale: Int = 2, fps: Int = 60, webpQuality: Int = WebPWriter.defaultQuality) {
        self.scale = scale
        self.fps = fps
        self.webpQuality = webpQuality
    }
}

/// One frame's pixels: opaque, 4 bytes per pixel in cairo's order on a little-endian machine
/// (B, G, R, A), rows packed (stride = 4·width).
package struct RasterImage: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var bgra: [UInt8]
}

/// A frame of an animated file: shown from `start` for `length` ticks of the container's clock
/// (GIF: centiseconds, WebP: milliseconds), drawn at the time it is shown.
package struct FrameSlot: Equatable, Sendable {
    package var start: Int
    package var length: Int
    package var time: Double
}

package enum FrameClock {
    /// Frames every 1/fps s on a clock of `ticksPerSecond`: frame k starts at round(k·T/fps)
    /// ticks and shows the state at that tick, so no error builds up; there are
    /// ⌊duration·fps⌋ frames and the last one ends exactly at round(duration·T), the loop's
    /// length (it lasts between one and two frame periods).
    package static func slots(duration: Double, fps: Double, ticksPerSecond: Int) -> [FrameSlot] {
        let total = max(1, Int((duration * Double(ticksPerSecond)).rounded()))
        let count = max(1, Int((duration * fps + 1e-9).rounded(.down)))
        let starts = (0..<count).map { Int((Double($0) * Double(ticksPerSecond) / fps).rounded()) }
        return starts.indices.map { k in
            let end = k + 1 < count ? starts[k + 1] : total
            return FrameSlot(start: starts[k], length: max(1, end - starts[k]), time: Double(starts[k]) / Double(ticksPerSecond))
        }
    }
}

package enum RasterError: Error, CustomStringConvertible {
    case render(String)
    case encode(String)
    package var description: String {
        switch self {
        case .render(let m): return "drawing a frame with librsvg failed: \(m)"
        case .encode(let m): return m
        }
    }
}

package struct RasterFrames: Sendable {
    package let simulation: Simulation
    package let settings: RasterSettings
    package let width: Int
    package let height: Int
    /// Called on the caller's thread with (frames done, frames in all).
    package typealias Progress = (Int, Int) -> Void

    package init(_ simulation: Simulation, settings: RasterSettings) {
        self.simulation = simulation
        self.settings = settings
        let size = simulation.definition.canvas.size
        // Even sizes: H.264 in yuv420p needs them (every catalog canvas is whole points).
        width = Int((size.width * Double(settings.scale)).rounded()) & ~1
        height = Int((size.height * Double(settings.scale)).rounded()) & ~1
    }

    package var duration: Double { simulation.timeline.duration }

    /// The exact state at `time` as the static SVG `--at` writes, its opacities snapped to the
    /// 8-bit levels the frame can show (RasterOpacity).
    package func svg(at time: Double) throws -> String {
        RasterOpacity.snapped(try SVGWriter().svg(KeyframedTransition.still(simulation, at: time)))
    }

    /// The frame at `time`, drawn by librsvg.
    package func image(at time: Double) throws -> RasterImage {
        try SVGRasterizer.draw(svg(at: time), width: width, height: height)
    }

    /// Draws the distinct frames at `times` on every core, runs `prepare` on each (on the same
    /// core; it gets the distinct frame before it too), and hands the results to `consume` in
    /// order. A frame whose `--at` SVG is byte for byte the one before it is not drawn again:
    /// `consume` gets nil for it. The result does not depend on which core did what.
    package func produce<T>(
        times: [Double],
        prepare: @escaping @Sendable (_ image: RasterImage, _ previous: RasterImage?) throws -> T,
        consume: (Int, T?) throws -> Void,
        progress: Progress? = nil
    ) throws {
        guard !times.isEmpty else { return }
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let pipeline = FramePipeline<T>(frames: self, times: times, prepare: prepare, window: 4 * cores)
        for _ in 0..<cores {
            DispatchQueue.global().async { pipeline.work() }
        }
        defer { pipeline.cancel() }
        for k in times.indices {
            let value = try pipeline.take(k)
            try consume(k, value)
            progress?(k + 1, times.count)
        }
    }
}

/// Frames flowing from the cores to the (sequential) consumer: each worker takes the next
/// frame, writes its SVG, draws it unless it repeats the frame before, waits for the frame
/// before to be drawn and prepares it against that. At most `window` frames are ahead of the
/// consumer, so memory stays bounded. Frames are handed out in order, so the frame before is
/// always taken (and its drawing under way) before anyone waits for it.
final class FramePipeline<T>: @unchecked Sendable {
    private let frames: RasterFrames
    private let times: [Double]
    private let prepare: @Sendable (RasterImage, RasterImage?) throws -> T
    private let condition = Condition()
    private let window: Int
    private var next = 0
    private var consumed = 0
    private var cancelled = false
    private var failure: Error?
    private var svgs: [Int: String] = [:]
    /// The picture each frame shows: its own, or (a repeat) the same as the frame before.
    private var images: [Int: RasterImage] = [:]
    private var values: [Int: T] = [:]
    private var done: Set<Int> = []

    init(frames: RasterFrames, times: [Double], prepare: @escaping @Sendable (RasterImage, RasterImage?) throws -> T, window: Int) {
        self.frames = frames
        self.times = times
        self.prepare = prepare
        self.window = window
    }

    func work() {
        while true {
            condition.lock()
            while !cancelled && failure == nil && next < times.count && next >= consumed + window { condition.wait() }
            guard !cancelled, failure == nil, next < times.count else { condition.unlock(); return }
            let k = next
            next += 1
            condition.unlock()
            do {
                try run(k)
            } catch {
                condition.lock()
                failure = failure ?? error
                condition.broadcast()
                condition.unlock()
                return
            }
        }
    }

    private func run(_ k: Int) throws {
        let svg = try frames.svg(at: times[k])
        condition.lock()
        svgs[k] = svg
        condition.broadcast()
        while k > 0 && svgs[k - 1] == nil && failure == nil && !cancelled { condition.wait() }
        let repeated = k > 0 && svgs[k - 1] == svg
        condition.unlock()
        if repeated {
            // The same picture: wait for the frame before, then show it again.
            condition.lock()
            while images[k - 1] == nil && failure == nil && !cancelled { condition.wait() }
            if let previous = images[k - 1] { images[k] = previous }
            done.insert(k)
            condition.broadcast()
            condition.unlock()
            return
        }
        let image = try SVGRasterizer.draw(svg, width: frames.width, height: frames.height)
        condition.lock()
        images[k] = image
        condition.broadcast()
        while k > 0 && images[k - 1] == nil && failure == nil && !cancelled { condition.wait() }
        let previous = k > 0 ? images[k - 1] : nil
        condition.unlock()
        let value = try prepare(image, previous)
        condition.lock()
        values[k] = value
        done.insert(k)
        condition.broadcast()
        condition.unlock()
    }

    /// Frame k's prepared value (nil for a repeat), once it is ready.
    func take(_ k: Int) throws -> T? {
        condition.lock()
        defer { condition.unlock() }
        while !done.contains(k) && failure == nil { condition.wait() }
        if let failure { throw failure }
        let value = values.removeValue(forKey: k)
        done.remove(k)
        // Frame k-1 is no longer needed by anyone: k has been prepared against it.
        images.removeValue(forKey: k - 1)
        svgs.removeValue(forKey: k - 1)
        consumed = k + 1
        condition.broadcast()
        return value
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}

/// librsvg 2.54's current API: new_from_data (no base URL: nothing external loads) and
/// render_document into a cairo ARGB32 surface, which is premultiplied B,G,R,A in memory.
enum SVGRasterizer {
    static func draw(_ svg: String, width: Int, height: Int) throws -> RasterImage {
        let lib = try RasterLibraries.load()
        let bytes = Array(svg.utf8)
        var gerror: UnsafeMutablePointer<GError>?
        guard let handle = bytes.withUnsafeBufferPointer({ lib.rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &gerror) }) else {
            throw RasterError.render(takeMessage(gerror, lib))
        }
        defer { lib.g_object_unref(UnsafeMutableRawPointer(handle)) }
        // Drawn straight into our buffer (cairo's ARGB32 stride for any width is 4·width).
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try pixels.withUnsafeMutableBufferPointer { buffer in
            guard
                let surface = lib.cairo_image_surface_create_for_data(
                    buffer.baseAddress, CAIRO_FORMAT_ARGB32, Int32(width),
                    Int32(height), Int32(width * 4))
            else {
                throw RasterError.render("no cairo surface")
            }
            defer { lib.cairo_surface_destroy(surface) }
            let cr = lib.cairo_create(surface)
            defer { lib.cairo_destroy(cr) }
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
            guard lib.rsvg_handle_render_document(handle, cr, &viewport, &gerror) != 0 else {
                throw RasterError.render(takeMessage(gerror, lib))
            }
            lib.cairo_surface_flush(surface)
        }
        return RasterImage(width: width, height: height, bgra: pixels)
    }

    static func takeMessage(_ error: UnsafeMutablePointer<GError>?, _ lib: RasterLibraries) -> String {
        guard let error else { return "unknown error" }
        defer { lib.g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}
