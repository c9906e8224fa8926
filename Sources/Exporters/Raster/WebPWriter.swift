import CWebP
// Animated WebP (libwebp, BSD-3-Clause: WebPEncode for each frame, libwebpmux to put them in one
// file), lossy by default (`--webp-quality 0…99`, libwebp's quality) or lossless
// (`--webp-quality 100`: librsvg's exact pixels). README "Raster formats" says why lossy is the
// default: smaller than lossless on every template measured, mostly cheaper to encode, and the
// setting that meets python-lottie's bytes (BENCHMARKS.md#7-raster-files-gif-webp-mp4-png-issue-12).
// Each frame stores only the rectangle that changed since the picture before it, with the
// unchanged pixels inside it transparent and blended over that picture (what libwebp's own
// animation encoder does; in a lossy frame the transparency is an exact lossless alpha plane),
// so it is encoded on the core that drew it, in parallel with the others, and the muxer only
// concatenates. Timestamps are whole milliseconds: frame k starts at round(1000·k/fps) ms and
// shows the state at that time; the last frame ends at round(1000·D) ms, the loop's length. An
// unchanged frame lengthens the one before. Loops forever.
import FoundationEssentials
import Glibc

package enum WebPWriter {
    /// `--webp-quality`'s default, lossy.
    package static let defaultQuality = 80
    /// `--webp-quality` that means lossless.
    package static let lossless = 100
    package static let qualities = 0...100
    /// Lossless effort (0 fast … 9 smallest); 1 stores our art within a few per cent of 6 at a
    /// fraction of the time.
    package static let losslessLevel: Int32 = 1
    /// Lossy effort (libwebp's `method`, 0 fast … 6 smallest).
    package static let lossyMethod: Int32 = 2
    /// A lossy frame's unchanged pixels are made transparent in blocks of this size.
    static let blockSize = 8

    package static func slots(_ frames: RasterFrames) -> [FrameSlot] {
        FrameClock.slots(duration: frames.duration, fps: Double(frames.settings.fps), ticksPerSecond: 1000)
    }

    /// libwebp's settings for `--webp-quality` (100: lossless).
    static func config(quality: Int) throws -> WebPConfig {
        var config = WebPConfig()
        var ready = WebPConfigInit(&config) != 0  // lossy (lossless = 0) until told otherwise
        if quality >= lossless {
            ready = ready && WebPConfigLosslessPreset(&config, losslessLevel) != 0  // sets lossless = 1
        } else {
            config.quality = Float(quality)
            config.method = lossyMethod
        }
        guard ready, WebPValidateConfig(&config) != 0 else {
            throw RasterError.encode("WebP: libwebp rejected the encoder settings")
        }
        return config
    }

    /// One encoded frame: its rectangle's bitstream (VP8L lossless, or VP8 with an alpha plane)
    /// and where it goes.
    struct EncodedFrame: Sendable {
        var bitstream: [UInt8]
        var left: Int, top: Int
        var blend: Bool
    }

    package static func webp(_ frames: RasterFrames, progress: RasterFrames.Progress? = nil) throws -> Data {
        let slots = slots(frames)
        let settings = try config(quality: frames.settings.webpQuality)
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

    /// The changed rectangle of `image` (all of the first frame) encoded with `config`; nil when
    /// nothing changed. WebP offsets are even, so the rectangle starts on even coordinates.
    static func encode(_ image: RasterImage, _ previous: RasterImage?, config: WebPConfig) throws -> EncodedFrame? {
        guard let changed = GIFWriter.changedRectangle(image, previous) else { return nil }
        let left = changed.left & ~1, top = changed.top & ~1
        let width = changed.left + changed.width - left, height = changed.top + changed.height - top
        let argb = pixels(image, previous, left: left, top: top, width: width, height: height, blocks: config.lossless == 0)
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

    /// The rectangle's pixels as ARGB words; with a picture before it, the unchanged ones become
    /// transparent (0): each pixel for lossless, only whole unchanged 8×8 blocks of the rectangle
    /// for lossy (`blocks`; libwebp's animation encoder does the same), as scattered unchanged
    /// pixels in a shaded face would make a costly alpha plane and break the blocks the lossy
    /// coder predicts from (on stories-cube at 1x: 215 KB for all frames instead of 321 KB).
    static func pixels(_ image: RasterImage, _ previous: RasterImage?, left: Int, top: Int, width: Int, height: Int, blocks: Bool) -> [UInt32] {
        var argb = [UInt32](repeating: 0, count: width * height)
        image.bgra.withUnsafeBytes { a in
            let pa = a.bindMemory(to: UInt32.self)
            for y in 0..<height {
                for x in 0..<width {
                    argb[y * width + x] = pa[(top + y) * image.width + left + x]
                }
            }
        }
        guard let previous else { return argb }
        previous.bgra.withUnsafeBytes { b in
            let pb = b.bindMemory(to: UInt32.self)
            guard blocks else {
                for y in 0..<height {
                    for x in 0..<width where pb[(top + y) * image.width + left + x] == argb[y * width + x] { argb[y * width + x] = 0 }
                }
                return
            }
            let side = blockSize
            for by in stride(from: 0, to: height, by: side) {
                for bx in stride(from: 0, to: width, by: side) {
                    let ys = by..<min(by + side, height), xs = bx..<min(bx + side, width)
                    let same = ys.allSatisfy { y in xs.allSatisfy { x in pb[(top + y) * image.width + left + x] == argb[y * width + x] } }
                    guard same else { continue }
                    for y in ys { for x in xs { argb[y * width + x] = 0 } }
                }
            }
        }
        return argb
    }
}
