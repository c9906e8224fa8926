import CGif
// Animated GIF with giflib (MIT) and our own quantiser (GIFPalette). GIF delays are whole
// centiseconds and browsers play 1 cs delays at ~100 ms, so a GIF plays at most 50 fps (2 cs):
// `--fps 60` (the default) gives 50 fps. Frame k starts at round(100·k/fps) cs and shows the
// state at that time; the last frame ends at round(100·D) cs, so the delays add up to the loop
// exactly and nothing drifts. Each frame stores only the rectangle that changed since the one
// before (disposal: keep), with its own palette; an unchanged frame lengthens the previous delay.
import FoundationEssentials
import Glibc

package enum GIFWriter {
    package static let maxFPS = 50

    package static func slots(_ frames: RasterFrames) -> [FrameSlot] {
        FrameClock.slots(duration: frames.duration, fps: Double(min(frames.settings.fps, maxFPS)), ticksPerSecond: 100)
    }

    package static func gif(_ frames: RasterFrames, progress: RasterFrames.Progress? = nil) throws -> Data {
        let slots = slots(frames)
        let encoder = try GIFEncoder(width: frames.width, height: frames.height)
        var pending: (image: GIFIndexedImage, delay: Int)?
        try frames.produce(
            times: slots.map(\.time),
            prepare: { image, previous in
                changedRectangle(image, previous).map { GIFPalette.indexed(image, left: $0.left, top: $0.top, width: $0.width, height: $0.height) }
            },
            consume: { k, value in
                if let indexed = value ?? nil {
                    if let p = pending { try encoder.put(p.image, delay: p.delay) }
                    pending = (indexed, slots[k].length)
                } else {
                    pending?.delay += slots[k].length
                }
            }, progress: progress)
        if let p = pending { try encoder.put(p.image, delay: p.delay) }
        return try encoder.finish()
    }

    /// The smallest rectangle holding every pixel that differs from `previous` (all of the first
    /// frame); nil when nothing changed.
    static func changedRectangle(_ image: RasterImage, _ previous: RasterImage?) -> (left: Int, top: Int, width: Int, height: Int)? {
        guard let previous else { return (0, 0, image.width, image.height) }
        let w = image.width, h = image.height
        var top = h, bottom = -1, left = w, right = -1
        image.bgra.withUnsafeBytes { a in
            previous.bgra.withUnsafeBytes { b in
                let pa = a.bindMemory(to: UInt32.self), pb = b.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    let row = y * w
                    var x0 = 0
                    while x0 < w && pa[row + x0] == pb[row + x0] { x0 += 1 }
                    guard x0 < w else { continue }
                    var x1 = w - 1
                    while pa[row + x1] == pb[row + x1] { x1 -= 1 }
                    top = min(top, y); bottom = y
                    left = min(left, x0); right = max(right, x1)
                }
            }
        }
        guard bottom >= 0 else { return nil }
        return (left, top, right - left + 1, bottom - top + 1)
    }
}

/// giflib's encoder writing into memory (EGifOpen with a write callback: no file, so the
/// result goes through the atomic file writer like every other format).
final class GIFEncoder {
    private let box = DataBox()
    private var gif: UnsafeMutablePointer<GifFileType>?

    init(width: Int, height: Int) throws {
        var error: Int32 = 0
        gif = EGifOpen(
            Unmanaged.passUnretained(box).toOpaque(),
            { file, bytes, count in
                guard let file, let bytes, let user = file.pointee.UserData else { return 0 }
                Unmanaged<DataBox>.fromOpaque(user).takeUnretainedValue().data.append(bytes, count: Int(count))
                return count
            }, &error)
        guard let gif else { throw RasterError.encode("GIF: giflib could not start (error \(error))") }
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        // NETSCAPE2.0 application extension: loop count 0 = forever.
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        var id = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, 11, &id))
        var loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionBlock(gif, 3, &loop))
        try check(EGifPutExtensionTrailer(gif))
    }

    deinit {
        if let gif { var e: Int32 = 0; EGifCloseFile(gif, &e) }
    }

    func put(_ image: GIFIndexedImage, delay centiseconds: Int) throws {
        guard let gif else { return }
        var gcb = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
            DelayTime: Int32(min(centiseconds, 65535)), TransparentColor: NO_TRANSPARENT_COLOR)
        var ext = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&gcb, &ext)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &ext))
        let count = image.palette.count / 3
        var size = 2
        while size < count { size *= 2 }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for i in 0..<count {
            colors[i] = GifColorType(Red: image.palette[3 * i], Green: image.palette[3 * i + 1], Blue: image.palette[3 * i + 2])
        }
        guard let map = GifMakeMapObject(Int32(size), &colors) else { throw RasterError.encode("GIF: no colour map") }
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(gif, Int32(image.left), Int32(image.top), Int32(image.width), Int32(image.height), false, map))
        var indices = image.indices
        try indices.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<image.height {
                try check(EGifPutLine(gif, buffer.baseAddress! + y * image.width, Int32(image.width)))
            }
        }
    }

    func finish() throws -> Data {
        var error: Int32 = 0
        let result = EGifCloseFile(gif, &error)
        gif = nil
        guard result == GIF_OK else { throw RasterError.encode("GIF: giflib could not finish the file (error \(error))") }
        return box.data
    }

    private func check(_ result: Int32) throws {
        guard result == GIF_OK else { throw RasterError.encode("GIF: giflib error \(gif?.pointee.Error ?? -1)") }
    }
}
