import CWebP
// Animated WebP, lossless (libwebp, BSD-3-Clause: WebPEncode for each frame, libwebpmux to put
// them in one file). Lossless: our frames are flat UI art, which lossless stores smaller than
// lossy at 2× (README "Raster formats"), and it decodes to the exact pixels librsvg drew.
// Each frame stores only the rectangle that changed since the picture before it, with the
// unchanged pixels inside it transparent and blended over that picture (what libwebp's own
// animation encoder does), so it is encoded on the core that drew it, in parallel with the
// others, and the muxer only concatenates. Timestamps are whole milliseconds: frame k starts
// at round(1000·k/fps) ms and shows the state at that time; the last frame ends at
// round(1000·D) ms, the loop's length. An unchanged frame lengthens the one before. Loops forever.
import Foundation

package enum WebPWriter {
    /// Lossless effort (0 fast … 9 smallest); 1 stores our art within a few per cent of 6 at a
    /// fraction of the time.
    package static let losslessLevel: Int32 = 1

    package static func slots(_ frames: RasterFrames) -> [FrameSlot] {
        FrameClock.slots(duration: frames.duration, fps: Double(frames.settings.fps), ticksPerSecond: 1000)
    }

    static func config() throws -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0, WebPConfigLosslessPreset(&config, losslessLevel) != 0,
            WebPValidateConfig(&config) != 0
        else {
            throw RasterError.encode("WebP: libwebp rejected the encoder settings")
        }
        return config
    }

    /// One encoded frame: its rectangle's VP8L bitstream and where it goes.
    struct EncodedFrame: Sendable {
        var bitstream: [UInt8]
        var left: Int, top: Int
        var blend: Bool
    }

    package static func webp(_ frames: RasterFrames, progress: RasterFrames.Progress? = nil) throws -> Data {
        let slots = slots(frames)
        let settings = try config()
        guard let mux = WebPMuxNew() else { throw RasterError.encode("WebP: libwebpmux could not start") }
        defer { WebPMuxDelete(mux) }
        var pending: (frame: EncodedFrame, duration: Int)?
        func push(_ frame: EncodedFrame, duration: Int) throws {
            let status: WebPMuxError = frame.bitstream.withUnsafeBufferPointer { bytes in
                var info = WebPMuxFrameInfo()
                info.bitstream = WebPData(bytes: bytes.baseAddress, size: bytes.count)
                info.x_offset = Int32(frame.left)
                info.y_offset = Int32(frame.top)
                info.duration = Int32(duration)
                info.id = WEBP_CHUNK_ANMF
                info.dispose_method = WEBP_MUX_DISPOSE_NONE
                info.blend_method = frame.blend ? WEBP_MUX_BLEND : WEBP_MUX_NO_BLEND
                return WebPMuxPushFrame(mux, &info, 1)
            }
            guard status == WEBP_MUX_OK else { throw RasterError.encode("WebP: libwebpmux refused a frame (\(status.rawValue))") }
        }
        try frames.produce(
            times: slots.map(\.time),
            prepare: { image, previous in
                try encode(image, previous, config: settings)
            },
            consume: { k, value in
                if let frame = value ?? nil {
                    if let p = pending { try push(p.frame, duration: p.duration) }
                    pending = (frame, slots[k].length)
                } else {
                    pending?.duration += slots[k].length
                }
            }, progress: progress)
        if let p = pending { try push(p.frame, duration: p.duration) }
        var canvas = WebPMuxAnimParams(bgcolor: 0xFFFF_FFFF, loop_count: 0)  // loop forever
        guard WebPMuxSetCanvasSize(mux, Int32(frames.width), Int32(frames.height)) == WEBP_MUX_OK,
            WebPMuxSetAnimationParams(mux, &canvas) == WEBP_MUX_OK
        else {
            throw RasterError.encode("WebP: libwebpmux refused the canvas")
        }
        var data = WebPData()
        guard WebPMuxAssemble(mux, &data) == WEBP_MUX_OK else { throw RasterError.encode("WebP: libwebpmux could not assemble the file") }
        defer { WebPDataClear(&data) }
        return Data(bytes: data.bytes, count: data.size)
    }

    /// The changed rectangle of `image` (all of the first frame) encoded lossless; nil when
    /// nothing changed. WebP offsets are even, so the rectangle starts on even coordinates.
    static func encode(_ image: RasterImage, _ previous: RasterImage?, config: WebPConfig) throws -> EncodedFrame? {
        guard let changed = GIFWriter.changedRectangle(image, previous) else { return nil }
        let left = changed.left & ~1, top = changed.top & ~1
        let width = changed.left + changed.width - left, height = changed.top + changed.height - top
        // The rectangle's pixels; with a picture before it, the unchanged ones become transparent.
        var argb = [UInt32](repeating: 0, count: width * height)
        image.bgra.withUnsafeBytes { a in
            let pa = a.bindMemory(to: UInt32.self)
            for y in 0..<height {
                for x in 0..<width {
                    argb[y * width + x] = pa[(top + y) * image.width + left + x]
                }
            }
            if let previous {
                previous.bgra.withUnsafeBytes { b in
                    let pb = b.bindMemory(to: UInt32.self)
                    for y in 0..<height {
                        for x in 0..<width where pb[(top + y) * image.width + left + x] == argb[y * width + x] {
                            argb[y * width + x] = 0
                        }
                    }
                }
            }
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw RasterError.encode("WebP: libwebp version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        // Cairo's B,G,R,A bytes are one little-endian 0xAARRGGBB word: libwebp's ARGB.
        let imported = argb.withUnsafeBytes {
            WebPPictureImportBGRA(&picture, $0.bindMemory(to: UInt8.self).baseAddress, Int32(width * 4))
        }
        guard imported != 0 else { throw RasterError.encode("WebP: out of memory importing a frame") }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        picture.writer = WebPMemoryWrite
        var config = config
        let encoded = withUnsafeMutablePointer(to: &writer) { w -> Int32 in
            picture.custom_ptr = UnsafeMutableRawPointer(w)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0 else { throw RasterError.encode("WebP: libwebp could not encode a frame (error \(picture.error_code.rawValue))") }
        return EncodedFrame(
            bitstream: Array(UnsafeBufferPointer(start: writer.mem, count: writer.size)),
            left: left, top: top, blend: previous != nil)
    }
}
