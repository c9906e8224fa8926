// The pipe into `ffmpeg` for MP4: uncompressed yuv420p frames, each with its own timestamp, in
// the smallest Matroska stream ffmpeg's demuxer reads from a pipe (EBML header, a Segment of
// unknown size, one video track `V_UNCOMPRESSED` with colour space `I420`, then one Cluster per
// frame holding one SimpleBlock; the element IDs are Matroska's, RFC 9559). ffmpeg's plain
// `rawvideo` input has no timestamps, so every frame of the grid had to be sent and encoded;
// with timestamps only the frames that differ are sent (a held frame is one longer sample), so
// x264 costs per drawn frame instead of per grid frame
// (BENCHMARKS.md#7-raster-files-gif-webp-mp4-png-issue-12).
import FoundationEssentials
import Glibc

struct RawVideoStream {
    let width: Int
    let height: Int
    let fps: Int

    /// Timestamps in microseconds: frame k of the grid at round(k·10^6/fps) µs, which ffmpeg
    /// (`-enc_time_base 1/fps`) rounds back to exactly k/fps.
    static let tickNanoseconds = 1000

    /// EBML header, Segment (size unknown: streamed), Info and Tracks.
    func header() -> [UInt8] {
        var bytes = element(
            [0x1A, 0x45, 0xDF, 0xA3],
            unsigned([0x42, 0x86], 1) + unsigned([0x42, 0xF7], 1) + unsigned([0x42, 0xF2], 4) + unsigned([0x42, 0xF3], 8)
                + element([0x42, 0x82], Array("matroska".utf8)) + unsigned([0x42, 0x87], 4) + unsigned([0x42, 0x85], 2))
        bytes += [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        bytes += element([0x15, 0x49, 0xA9, 0x66], unsigned([0x2A, 0xD7, 0xB1], Self.tickNanoseconds))
        let video = unsigned([0xB0], width) + unsigned([0xBA], height) + element([0x2E, 0xB5, 0x24], Array("I420".utf8))
        // DefaultDuration (ns): the last frame lasts one period of the grid.
        let track =
            unsigned([0xD7], 1) + unsigned([0x73, 0xC5], 1) + unsigned([0x83], 1) + element([0x86], Array("V_UNCOMPRESSED".utf8))
            + unsigned([0x23, 0xE3, 0x83], Int((1e9 / Double(fps)).rounded())) + element([0xE0], video)
        bytes += element([0x16, 0x54, 0xAE, 0x6B], element([0xAE], track))
        return bytes
    }

    /// What goes before a frame's `count` bytes of yuv420p shown from grid frame `k`: a Cluster
    /// at its time holding one SimpleBlock (track 1, relative time 0, key frame).
    func frameHeader(gridFrame k: Int, count: Int) -> [UInt8] {
        let ticks = Int((Double(k) * 1e9 / Double(Self.tickNanoseconds) / Double(fps)).rounded())
        let blockHead: [UInt8] = [0x81, 0x00, 0x00, 0x80]
        let block = [0xA3] + size(blockHead.count + count) + blockHead
        let time = unsigned([0xE7], ticks)
        return [0x1F, 0x43, 0xB6, 0x75] + size(time.count + block.count + count) + time + block
    }

    private func element(_ id: [UInt8], _ payload: [UInt8]) -> [UInt8] { id + size(payload.count) + payload }

    private func unsigned(_ id: [UInt8], _ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var v = UInt64(value)
        repeat {
            bytes.insert(UInt8(v & 0xFF), at: 0)
            v >>= 8
        } while v > 0
        return element(id, bytes)
    }

    /// An EBML size: 8 bytes, marker 0x01 (any size a frame has; all ones would mean unknown).
    private func size(_ n: Int) -> [UInt8] {
        [0x01] + (0..<7).map { UInt8((UInt64(n) >> (8 * (6 - UInt64($0)))) & 0xFF) }
    }
}
