// Our own GIF palette quantiser (libimagequant is GPL-3.0+, so it is not linked):
// a frame region with ≤ 256 colours keeps them exactly (flat UI art usually does); otherwise a
// median cut over a 6-bit-per-channel histogram picks 256 colours, each the weighted mean of
// the pixels it stands for, and Floyd–Steinberg error diffusion maps the pixels, so gradients
// and soft shadows dither instead of banding. Deterministic: no randomness, fixed tie-breaks.

/// A region of a frame as palette indices.
struct GIFIndexedImage: Sendable {
    var left: Int, top: Int, width: Int, height: Int
    /// Up to 256 colours as R, G, B; padded to a power of two when written.
    var palette: [UInt8]
    var indices: [UInt8]
}

enum GIFPalette {
    /// Quantises `image` inside the rectangle (left, top, width, height).
    static func indexed(_ image: RasterImage, left: Int, top: Int, width: Int, height: Int) -> GIFIndexedImage {
        var rgb = [Int32](repeating: 0, count: width * height * 3)
        image.bgra.withUnsafeBufferPointer { px in
            for y in 0..<height {
                var s = ((top + y) * image.width + left) * 4
                var d = y * width * 3
                for _ in 0..<width {
                    rgb[d] = Int32(px[s + 2]); rgb[d + 1] = Int32(px[s + 1]); rgb[d + 2] = Int32(px[s])
                    s += 4; d += 3
                }
            }
        }
        if let exact = exactPalette(rgb) {
            return GIFIndexedImage(left: left, top: top, width: width, height: height, palette: exact.palette, indices: exact.indices)
        }
        let palette = medianCut(rgb, colors: 256)
        let indices = diffuse(&rgb, width: width, height: height, palette: palette)
        return GIFIndexedImage(left: left, top: top, width: width, height: height, palette: palette.flatMap { $0.map(UInt8.init) }, indices: indices)
    }

    /// The pixels' own colours when there are at most 256, in order of first appearance.
    static func exactPalette(_ rgb: [Int32]) -> (palette: [UInt8], indices: [UInt8])? {
        var table: [Int32: UInt8] = [:]
        var palette: [UInt8] = []
        var indices = [UInt8](repeating: 0, count: rgb.count / 3)
        var lastKey: Int32 = -1, lastIndex: UInt8 = 0
        for p in 0..<indices.count {
            let key = rgb[3 * p] << 16 | rgb[3 * p + 1] << 8 | rgb[3 * p + 2]
            if key != lastKey {
                if let i = table[key] {
                    lastIndex = i
                } else {
                    guard table.count < 256 else { return nil }
                    lastIndex = UInt8(table.count)
                    table[key] = lastIndex
                    palette += [UInt8(rgb[3 * p]), UInt8(rgb[3 * p + 1]), UInt8(rgb[3 * p + 2])]
                }
                lastKey = key
            }
            indices[p] = lastIndex
        }
        return (palette, indices)
    }

    /// A histogram bin: pixel count and channel sums (for the mean colour).
    struct Bin { var count: Int; var r: Int; var g: Int; var b: Int; var key: Int }

    /// Median cut over 6-bit bins: split the box with the most (pixels × widest channel range)
    /// at the pixel-weighted median of that channel, until there are `colors` boxes.
    static func medianCut(_ rgb: [Int32], colors: Int) -> [[Int32]] {
        // UInt32 is enough: a region has at most 8192² pixels of 255 (counted by the sums' bins).
        var counts = [UInt32](repeating: 0, count: 1 << 18)
        var sums = [UInt32](repeating: 0, count: 3 << 18)
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                rgb.withUnsafeBufferPointer { rgb in
                    for p in 0..<(rgb.count / 3) {
                        let r = rgb[3 * p], g = rgb[3 * p + 1], b = rgb[3 * p + 2]
                        let k = Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
                        counts[k] &+= 1
                        sums[3 * k] &+= UInt32(r); sums[3 * k + 1] &+= UInt32(g); sums[3 * k + 2] &+= UInt32(b)
                    }
                }
            }
        }
        var bins: [Bin] = []
        for k in 0..<counts.count where counts[k] > 0 {
            bins.append(Bin(count: Int(counts[k]), r: Int(sums[3 * k]), g: Int(sums[3 * k + 1]), b: Int(sums[3 * k + 2]), key: k))
        }
        func channel(_ bin: Bin, _ c: Int) -> Int { (bin.key >> (12 - 6 * c)) & 63 }
        /// A box's score and the channel it would be cut along (kept per box: only the two
        /// halves of a cut need it again).
        func score(_ box: ArraySlice<Bin>) -> (score: Int, channel: Int) {
            guard box.count > 1 else { return (0, 0) }
            var best = (score: 0, channel: 0)
            let n = box.reduce(0) { $0 + $1.count }
            for c in 0..<3 {
                var lo = 63, hi = 0
                for bin in box { lo = min(lo, channel(bin, c)); hi = max(hi, channel(bin, c)) }
                if (hi - lo) * n > best.score { best = ((hi - lo) * n, c) }
            }
            return best
        }
        var boxes: [ArraySlice<Bin>] = [bins[...]]
        var scores = [score(bins[...])]
        while boxes.count < colors {
            var best = -1, bestScore = 0
            for i in scores.indices where scores[i].score > bestScore { best = i; bestScore = scores[i].score }
            guard best >= 0 else { break }
            let bestChannel = scores[best].channel
            let sorted = boxes[best].sorted { (channel($0, bestChannel), $0.key) < (channel($1, bestChannel), $1.key) }
            let total = sorted.reduce(0) { $0 + $1.count }
            var running = 0, cut = 1
            for (i, bin) in sorted.enumerated() {
                running += bin.count
                if 2 * running >= total { cut = min(max(i + 1, 1), sorted.count - 1); break }
            }
            let all = Array(sorted)
            boxes[best] = all[..<cut]
            boxes.append(all[cut...])
            scores[best] = score(boxes[best])
            scores.append(score(boxes[boxes.count - 1]))
        }
        return boxes.map { box in
            let n = box.reduce(0) { $0 + $1.count }
            let r = box.reduce(0) { $0 + $1.r }, g = box.reduce(0) { $0 + $1.g }, b = box.reduce(0) { $0 + $1.b }
            return [Int32((r + n / 2) / n), Int32((g + n / 2) / n), Int32((b + n / 2) / n)]
        }
    }

    /// Floyd–Steinberg: each pixel takes the palette colour nearest to its 6-bit bin's centre
    /// (a 3D lookup table filled on first use: a miss costs one pass over the palette) and
    /// passes 7/16, 3/16, 5/16, 1/16 of its error on, so what the bin rounding loses is
    /// diffused too.
    static func diffuse(_ rgb: inout [Int32], width: Int, height: Int, palette: [[Int32]]) -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: width * height)
        var cache = [Int16](repeating: -1, count: 1 << 18)
        let flat = palette.flatMap { $0 }
        let colors = palette.count
        flat.withUnsafeBufferPointer { pal in
            cache.withUnsafeMutableBufferPointer { cache in
                rgb.withUnsafeMutableBufferPointer { rgb in
                    indices.withUnsafeMutableBufferPointer { indices in
                        func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> Int {
                            let k = Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
                            if cache[k] >= 0 { return Int(cache[k]) }
                            let cr = (r & ~3) + 2, cg = (g & ~3) + 2, cb = (b & ~3) + 2
                            var best = 0, bestDistance = Int32.max
                            for i in 0..<colors {
                                let dr = pal[3 * i] - cr, dg = pal[3 * i + 1] - cg, db = pal[3 * i + 2] - cb
                                let d = dr * dr + dg * dg + db * db
                                if d < bestDistance { best = i; bestDistance = d }
                            }
                            cache[k] = Int16(best)
                            return best
                        }
                        for y in 0..<height {
                            for x in 0..<width {
                                let p = (y * width + x) * 3
                                let r = min(255, max(0, rgb[p])), g = min(255, max(0, rgb[p + 1])), b = min(255, max(0, rgb[p + 2]))
                                let i = nearest(r, g, b)
                                indices[y * width + x] = UInt8(i)
                                let er = r - pal[3 * i], eg = g - pal[3 * i + 1], eb = b - pal[3 * i + 2]
                                if er == 0 && eg == 0 && eb == 0 { continue }
                                func spread(_ q: Int, _ w: Int32) {
                                    rgb[q] += er * w / 16; rgb[q + 1] += eg * w / 16; rgb[q + 2] += eb * w / 16
                                }
                                if x + 1 < width { spread(p + 3, 7) }
                                if y + 1 < height {
                                    if x > 0 { spread(p + 3 * width - 3, 3) }
                                    spread(p + 3 * width, 5)
                                    if x + 1 < width { spread(p + 3 * width + 3, 1) }
                                }
                            }
                        }
                    }
                }
            }
        }
        return indices
    }
}
