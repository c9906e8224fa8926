// A frame as H.264's `yuv420p` in BT.709 limited range (Y 16–235, Cb/Cr 16–240), the colours
// MP4Writer tags its files with. Converted here, on the core that drew the frame and once per
// drawn frame, instead of by ffmpeg's scaler for every frame of the grid: on douyin-present
// that scaler was a third of ffmpeg's CPU, and the pipe carries 1.5 bytes a pixel, not 4
// (BENCHMARKS.md#7-raster-files-gif-webp-mp4-png-issue-12). Chroma is the mean of each 2×2
// block (libyuv's ARGBToI420 does the same).
import FoundationEssentials
import Glibc

enum YUV420 {
    /// Fixed-point BT.709 coefficients, ×2^16, from Kr = 0.2126, Kb = 0.0722 and the limited
    /// ranges 219/255 (luma) and 224/255 (chroma).
    private static let one = 65536.0
    private static let kr = 0.2126, kb = 0.0722, kg = 1 - 0.2126 - 0.0722
    private static let range = (luma: 219.0 / 255, chroma: 224.0 / 255)
    static let yR = Int((kr * range.luma * one).rounded()), yG = Int((kg * range.luma * one).rounded()),
        yB = Int((kb * range.luma * one).rounded())
    static let uR = Int((-kr / (2 * (1 - kb)) * range.chroma * one).rounded()),
        uG = Int((-kg / (2 * (1 - kb)) * range.chroma * one).rounded()), uB = Int((0.5 * range.chroma * one).rounded())
    static let vR = Int((0.5 * range.chroma * one).rounded()), vG = Int((-kg / (2 * (1 - kr)) * range.chroma * one).rounded()),
        vB = Int((-kb / (2 * (1 - kr)) * range.chroma * one).rounded())

    /// Y plane (width·height), then Cb and Cr (each width/2 · height/2). `image` is opaque
    /// with even sides (RasterFrames makes them so).
    static func bt709(_ image: RasterImage) -> [UInt8] {
        let w = image.width, h = image.height, cw = w / 2, ch = h / 2
        var out = [UInt8](repeating: 0, count: w * h + 2 * cw * ch)
        image.bgra.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        let p = 4 * (y * w + x)
                        let b = Int(src[p]), g = Int(src[p + 1]), r = Int(src[p + 2])
                        dst[y * w + x] = UInt8(truncatingIfNeeded: (yR * r + yG * g + yB * b + (16 << 16) + (1 << 15)) >> 16)
                    }
                }
                let u = w * h, v = u + cw * ch
                for cy in 0..<ch {
                    for cx in 0..<cw {
                        let p = 4 * (2 * cy * w + 2 * cx), q = p + 4 * w
                        // Sums of the 2×2 block: 4× the mean, so the shift is 2 more.
                        let b = Int(src[p]) + Int(src[p + 4]) + Int(src[q]) + Int(src[q + 4])
                        let g = Int(src[p + 1]) + Int(src[p + 5]) + Int(src[q + 1]) + Int(src[q + 5])
                        let r = Int(src[p + 2]) + Int(src[p + 6]) + Int(src[q + 2]) + Int(src[q + 6])
                        dst[u + cy * cw + cx] = UInt8(truncatingIfNeeded: (uR * r + uG * g + uB * b + (128 << 18) + (1 << 17)) >> 18)
                        dst[v + cy * cw + cx] = UInt8(truncatingIfNeeded: (vR * r + vG * g + vB * b + (128 << 18) + (1 << 17)) >> 18)
                    }
                }
            }
        }
        return out
    }
}
