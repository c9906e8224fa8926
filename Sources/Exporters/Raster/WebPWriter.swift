// Animated WebP with libwebp's animation encoder (BSD-3-Clause; libwebpmux). Lossless: our
// frames are flat UI art, which lossless stores smaller than lossy at 2× (README "Raster
// formats" has the figures), and it decodes to the exact pixels librsvg drew. Timestamps are
// whole milliseconds: frame k starts at round(1000·k/fps) ms and shows the state at that time;
// the last frame ends at round(1000·D) ms, the loop's length. Loops forever. The encoder keeps
// only changed rectangles and merges identical consecutive frames (their time adds up).
import Foundation
import CWebP

public enum WebPWriter {
    /// Lossless effort (0 fast … 9 smallest); 1 stores our art within a few per cent of 6 at a
    /// fraction of the time.
    public static let losslessLevel: Int32 = 1

    public static func slots(_ frames: RasterFrames) -> [FrameSlot] {
        FrameClock.slots(duration: frames.duration, fps: Double(frames.settings.fps), ticksPerSecond: 1000)
    }

    public static func webp(_ frames: RasterFrames, progress: RasterFrames.Progress? = nil) throws -> Data {
        let slots = slots(frames)
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw RasterError.encode("WebP: libwebp version mismatch") }
        options.anim_params.loop_count = 0  // forever
        options.anim_params.bgcolor = 0xFFFF_FFFF
        guard let encoder = WebPAnimEncoderNew(Int32(frames.width), Int32(frames.height), &options) else {
            throw RasterError.encode("WebP: libwebp could not start the animation encoder")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0, WebPConfigLosslessPreset(&config, losslessLevel) != 0,
              WebPValidateConfig(&config) != 0 else {
            throw RasterError.encode("WebP: libwebp rejected the encoder settings")
        }
        func failure(_ what: String) -> RasterError {
            RasterError.encode("WebP: \(what): \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        try frames.produce(times: slots.map(\.time), prepare: { image, _ in image }, consume: { k, image in
            var picture = WebPPicture()
            guard WebPPictureInit(&picture) != 0 else { throw RasterError.encode("WebP: libwebp version mismatch") }
            defer { WebPPictureFree(&picture) }
            picture.use_argb = 1
            picture.width = Int32(image.width)
            picture.height = Int32(image.height)
            let imported = image.bgra.withUnsafeBufferPointer {
                WebPPictureImportBGRA(&picture, $0.baseAddress, Int32(image.width * 4))
            }
            guard imported != 0 else { throw RasterError.encode("WebP: out of memory importing frame \(k)") }
            guard WebPAnimEncoderAdd(encoder, &picture, Int32(slots[k].start), &config) != 0 else { throw failure("frame \(k)") }
        }, progress: progress)
        let end = slots.last.map { $0.start + $0.length } ?? 0
        guard WebPAnimEncoderAdd(encoder, nil, Int32(end), nil) != 0 else { throw failure("the last frame's end") }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw failure("assembling") }
        defer { WebPDataClear(&data) }
        return Data(bytes: data.bytes, count: data.size)
    }
}
