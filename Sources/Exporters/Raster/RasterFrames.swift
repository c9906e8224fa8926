// Frames for the raster exporters (GIF, WebP, MP4, PNG), made once here: each frame is the
// static SVG that `--at T` writes (the exact simulated state at T), drawn by librsvg into a
// cairo image. Frames are drawn and prepared for the encoder on every core, in batches, while
// the encoder (which is sequential) takes the previous batch in order.
import Foundation
import CRsvg
import Simulation
import Keyframes

/// `--scale` and `--fps`: what every raster format is drawn with.
public struct RasterSettings: Equatable, Sendable {
    /// Device pixels per point: 1, 2 or 3 (retina). Default 2.
    public var scale: Int
    /// Frames per second asked for. Default 60; GIF plays at most 50 (GIFWriter).
    public var fps: Int
    public static let scales = 1...3
    public static let fpsRange = 1...120
    public init(scale: Int = 2, fps: Int = 60) {
        self.scale = scale
        self.fps = fps
    }
}

/// One frame's pixels: opaque, 4 bytes per pixel in cairo's order on a little-endian machine
/// (B, G, R, A), rows packed (stride = 4·width).
public struct RasterImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var bgra: [UInt8]
}

/// A frame of an animated file: shown from `start` for `length` ticks of the container's clock
/// (GIF: centiseconds, WebP: milliseconds), drawn at the time it is shown.
public struct FrameSlot: Equatable, Sendable {
    public var start: Int
    public var length: Int
    public var time: Double
}

public enum FrameClock {
    /// Frames every 1/fps s on a clock of `ticksPerSecond`: frame k starts at round(k·T/fps)
    /// ticks and shows the state at that tick, so no error builds up; there are
    /// ⌊duration·fps⌋ frames and the last one ends exactly at round(duration·T), the loop's
    /// length (it lasts between one and two frame periods).
    public static func slots(duration: Double, fps: Double, ticksPerSecond: Int) -> [FrameSlot] {
        let total = max(1, Int((duration * Double(ticksPerSecond)).rounded()))
        let count = max(1, Int((duration * fps + 1e-9).rounded(.down)))
        let starts = (0..<count).map { Int((Double($0) * Double(ticksPerSecond) / fps).rounded()) }
        return starts.indices.map { k in
            let end = k + 1 < count ? starts[k + 1] : total
            return FrameSlot(start: starts[k], length: max(1, end - starts[k]), time: Double(starts[k]) / Double(ticksPerSecond))
        }
    }
}

public enum RasterError: Error, CustomStringConvertible {
    case render(String)
    case encode(String)
    public var description: String {
        switch self {
        case .render(let m): return "drawing a frame with librsvg failed: \(m)"
        case .encode(let m): return m
        }
    }
}

public struct RasterFrames: Sendable {
    public let simulation: Simulation
    public let settings: RasterSettings
    public let width: Int
    public let height: Int
    /// Called on the caller's thread with (frames done, frames in all).
    public typealias Progress = (Int, Int) -> Void

    public init(_ simulation: Simulation, settings: RasterSettings) {
        self.simulation = simulation
        self.settings = settings
        let size = simulation.definition.canvas.size
        // Even sizes: H.264 in yuv420p needs them (every catalog canvas is whole points).
        width = Int((size.width * Double(settings.scale)).rounded()) & ~1
        height = Int((size.height * Double(settings.scale)).rounded()) & ~1
    }

    public var duration: Double { simulation.timeline.duration }

    /// The exact state at `time` as the static SVG `--at` writes.
    public func svg(at time: Double) -> String { SVGWriter().svg(KeyframedTransition.still(simulation, at: time)) }

    /// The frame at `time`, drawn by librsvg.
    public func image(at time: Double) throws -> RasterImage {
        try SVGRasterizer.draw(svg(at: time), width: width, height: height)
    }

    /// Draws the frames at `times` on every core, runs `prepare` on each (also in parallel; it
    /// gets the frame before it too), and hands the results to `consume` in order.
    public func produce<T>(times: [Double],
                           prepare: @escaping @Sendable (_ image: RasterImage, _ previous: RasterImage?) throws -> T,
                           consume: (Int, T) throws -> Void,
                           progress: Progress? = nil) throws {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let batch = max(2, 2 * cores)
        let batches = stride(from: 0, to: times.count, by: batch).map { $0..<min($0 + batch, times.count) }
        let frames = self
        // One batch is drawn in the background while the previous one is consumed.
        func start(_ b: Int, after previous: RasterImage?) -> BatchJob<T> {
            let job = BatchJob<T>(range: batches[b])
            DispatchQueue.global().async {
                job.run(frames: frames, times: times, previous: previous, prepare: prepare)
            }
            return job
        }
        guard !batches.isEmpty else { return }
        var job = start(0, after: nil)
        for b in batches.indices {
            let results = try job.wait()
            if b + 1 < batches.count { job = start(b + 1, after: results.lastImage) }
            for (offset, value) in results.values.enumerated() {
                try consume(batches[b].lowerBound + offset, value)
            }
            progress?(batches[b].upperBound, times.count)
        }
    }
}

/// One batch of frames: drawn, then prepared, each step on all cores.
final class BatchJob<T>: @unchecked Sendable {
    let range: Range<Int>
    private let done = DispatchSemaphore(value: 0)
    private var values: [T?] = []
    private var lastImage: RasterImage?
    private var failure: Error?
    private let lock = NSLock()

    init(range: Range<Int>) { self.range = range }

    func run(frames: RasterFrames, times: [Double], previous: RasterImage?,
             prepare: @Sendable (RasterImage, RasterImage?) throws -> T) {
        defer { done.signal() }
        var images = [RasterImage?](repeating: nil, count: range.count)
        DispatchQueue.concurrentPerform(iterations: range.count) { i in
            do {
                let image = try frames.image(at: times[range.lowerBound + i])
                lock.withLock { images[i] = image }
            } catch {
                lock.withLock { failure = failure ?? error }
            }
        }
        guard failure == nil else { return }
        values = [T?](repeating: nil, count: range.count)
        DispatchQueue.concurrentPerform(iterations: range.count) { i in
            do {
                let value = try prepare(images[i]!, i > 0 ? images[i - 1] : previous)
                lock.withLock { values[i] = value }
            } catch {
                lock.withLock { failure = failure ?? error }
            }
        }
        lastImage = images.last!
    }

    func wait() throws -> (values: [T], lastImage: RasterImage?) {
        done.wait()
        if let failure { throw failure }
        return (values.map { $0! }, lastImage)
    }
}

/// librsvg 2.54's current API: new_from_data (no base URL: nothing external loads) and
/// render_document into a cairo ARGB32 surface, which is premultiplied B,G,R,A in memory.
enum SVGRasterizer {
    static func draw(_ svg: String, width: Int, height: Int) throws -> RasterImage {
        let bytes = Array(svg.utf8)
        var gerror: UnsafeMutablePointer<GError>?
        guard let handle = bytes.withUnsafeBufferPointer({ rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &gerror) }) else {
            throw RasterError.render(takeMessage(gerror))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RasterError.render("no cairo surface")
        }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard rsvg_handle_render_document(handle, cr, &viewport, &gerror) != 0 else {
            throw RasterError.render(takeMessage(gerror))
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { throw RasterError.render("no pixels") }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { out in
            for y in 0..<height {
                memcpy(out.baseAddress! + y * width * 4, data + y * stride, width * 4)
            }
        }
        return RasterImage(width: width, height: height, bgra: pixels)
    }

    static func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}
