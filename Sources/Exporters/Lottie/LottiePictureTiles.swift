import Artwork
import CRsvg
// The part of a picture each cell of a picture under 3D shows, as an asset of its own (Lottie
// only). A cell's image layer draws its asset whole under the cell's map and its mask cuts the
// cell out: ThorVG 1.0 maps every pixel of the asset for every cell, so the Instagram cube with
// two @3x screens took 4-7 s a frame there (288 cells a face, each the whole 1170 x 2532 picture),
// too slow for a player built on ThorVG (dotLottie). A tile is the cell's padded rect plus a
// margin (`screenMargin` host units at the least spacing the cell's map gives the picture's
// columns or rows, at least 16 px), out to multiples of 16 px: a player that smooths a shrunk
// picture (lottie-web's browser, ThorVG) reads the same pixels inside the mask as from the whole
// picture. Along an axis whose lines the map squeezes closer than `leastScale` (a cube face
// turning edge-on) the tile spans the picture (the cube: a strip per row of cells, shared by the
// row). Measured, with the thresholds: docs/artwork.md#picture-tiles-in-lottie.
import FoundationEssentials
import Glibc
import Keyframes
import TransitionModel

/// Pixels [x0, x1) x [y0, y1) of a picture.
struct PictureTile: Hashable {
    let picture: Artwork.Picture
    let x0: Int, y0: Int, x1: Int, y1: Int

    static func whole(_ picture: Artwork.Picture) -> PictureTile {
        PictureTile(picture: picture, x0: 0, y0: 0, x1: picture.pixelWidth, y1: picture.pixelHeight)
    }

    var isWhole: Bool { x0 == 0 && y0 == 0 && x1 == picture.pixelWidth && y1 == picture.pixelHeight }
}

enum PictureTiling {
    /// The margin around a cell's padded rect, in host units (canvas pixels at 1x) at the least
    /// spacing of the picture's lines along each axis, and at least `alignment` pixels.
    static let screenMargin = 4.0
    /// Tiles start and end on multiples of this many pixels, so a player's shrunk copies of a
    /// tile (mipmaps) hold the same pixels as the whole picture's (unaligned: lottie-web 1.470
    /// with 13 solid px on the cube, 1.243 whole).
    static let alignment = 16
    /// Host units per picture pixel below which an axis is not cut (the margin would pass 64 px).
    static let leastScale = 1.0 / 16
    /// A key at which the picture is squeezed under this many host units across does not decide
    /// its tiles (leastAxisScales): measured on the cube, 16 left 236 of its 576 cells whole
    /// (ThorVG 2.4-2.7 s a frame), 64 none, every player's frames as with the whole picture.
    static let sliver = 64.0

    /// Whether `picture` is cut into tiles: a PNG (cut and written again without loss) that names
    /// no colour space of its own (gAMA, cHRM, iCCP: a tile would lose it and a browser would draw
    /// it in other colours). A JPEG is embedded whole, as before (cutting it would encode it again).
    static func cuts(_ picture: Artwork.Picture) -> Bool { picture.kind == .png && !picture.namesColourSpace }

    /// The tile cell `cell` shows, its mask being `padded` (picture pixels), of a picture that `cuts`.
    static func tile(_ cell: PictureCell, padded: Rect, of picture: Artwork.Picture, shown: (Double) -> Bool) -> PictureTile {
        let (sx, sy) = leastAxisScales(cell, pictureSize: (Double(picture.pixelWidth), Double(picture.pixelHeight)), shown: shown)
        func span(_ lo: Double, _ hi: Double, _ size: Int, scale: Double) -> (Int, Int) {
            // (A bound that is not a finite number, which no fit gives, spans the picture.)
            guard scale >= leastScale, lo.isFinite, hi.isFinite, abs(lo) + abs(hi) < 1e9 else { return (0, size) }
            let margin = max(Double(alignment), (screenMargin / scale).rounded(.up))
            let a = Int(((lo - margin) / Double(alignment)).rounded(.down)) * alignment
            let b = Int(((hi + margin) / Double(alignment)).rounded(.up)) * alignment
            return (min(max(0, a), size), max(min(size, b), 0))
        }
        let (x0, x1) = span(padded.minX, padded.maxX, picture.pixelWidth, scale: sx)
        let (y0, y1) = span(padded.minY, padded.maxY, picture.pixelHeight, scale: sy)
        guard x1 > x0, y1 > y0 else { return .whole(picture) }
        return PictureTile(picture: picture, x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// Each tile, or the largest of the tiles that hold it (the first such in order): a larger
    /// tile keeps a cell's margin and alignment, and the cells of a row whose strips differ by
    /// their padding then share one (the cube with two @3x screens: 216 tiles -> 67, 4.18 -> 3.63 MB).
    static func shared(_ tiles: [PictureTile]) -> [PictureTile] {
        func area(_ t: PictureTile) -> Int { (t.x1 - t.x0) * (t.y1 - t.y0) }
        func holds(_ a: PictureTile, _ b: PictureTile) -> Bool { a.x0 <= b.x0 && a.y0 <= b.y0 && a.x1 >= b.x1 && a.y1 >= b.y1 }
        var seen = Set<PictureTile>()
        let distinct = tiles.filter { seen.insert($0).inserted }
        return tiles.map { t in
            var best = t
            for c in distinct where c.picture == t.picture && area(c) > area(best) && holds(c, t) { best = c }
            return best
        }
    }

    /// The least host units, over the cell's keys, between two picture columns one pixel apart
    /// (x) and between two rows (y): the map rotates by β, scales by (s1, s2), then rotates and
    /// moves (AffineParts.apply), so columns lie |s1 s2| / |A e_y| apart. A map that squeezes the
    /// picture along any direction (a cube face turning edge-on, in cells rotated by β) brings
    /// the lines across it together, whatever its scale along the picture's own axes. A key at
    /// which the whole picture is squeezed under `sliver` host units across is passed: the face
    /// is then a line of blended pixels, whatever the tiles.
    static func leastAxisScales(_ cell: PictureCell, pictureSize: (w: Double, h: Double), shown: (Double) -> Bool) -> (x: Double, y: Double) {
        var sx = Double.infinity, sy = Double.infinity
        for key in cell.transform.keyframes where shown(key.time) {
            let v = key.value, c = cos(v.beta), s = sin(v.beta), det = abs(v.s1 * v.s2)
            // The picture's extent across its most squeezed direction: R(−β) times the axis of
            // the smaller of s1 and s2.
            let across = abs(v.s1) <= abs(v.s2) ? pictureSize.w * abs(c) + pictureSize.h * abs(s) : pictureSize.w * abs(s) + pictureSize.h * abs(c)
            guard min(abs(v.s1), abs(v.s2)) * across >= sliver else { continue }
            let ax = ((v.s1 * c) * (v.s1 * c) + (v.s2 * s) * (v.s2 * s)).squareRoot()
            let ay = ((v.s1 * s) * (v.s1 * s) + (v.s2 * c) * (v.s2 * c)).squareRoot()
            sx = min(sx, ay > 0 ? det / ay : 0)
            sy = min(sy, ax > 0 ? det / ax : 0)
        }
        return (sx, sy)
    }
}

/// A picture's pixels, decoded once for all of its tiles: cairo's image surface (libpng), B, G, R, A
/// premultiplied, or opaque (A unused) when the PNG has no alpha.
struct DecodedPicture {
    let width: Int, height: Int
    let bgra: [UInt8]
    let alpha: Bool

    init(_ picture: Artwork.Picture) throws {
        let lib = try RasterLibraries.load()
        final class Reader { let bytes: [UInt8]; var at = 0; init(_ b: [UInt8]) { bytes = b } }
        let reader = Reader(picture.bytes)
        let surface = lib.cairo_image_surface_create_from_png_stream(
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let r = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                let n = Int(length)
                guard r.at + n <= r.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                r.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + r.at, count: n) }
                r.at += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        guard let surface else { throw RasterError.encode("PNG: cairo could not read the picture") }
        defer { lib.cairo_surface_destroy(surface) }
        let status = lib.cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = lib.cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
            throw RasterError.encode("PNG: cairo could not read the picture: \(reason)")
        }
        let format = lib.cairo_image_surface_get_format(surface)
        let w = Int(lib.cairo_image_surface_get_width(surface)), h = Int(lib.cairo_image_surface_get_height(surface))
        let stride = Int(lib.cairo_image_surface_get_stride(surface))
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24, w == picture.pixelWidth, h == picture.pixelHeight,
            stride >= 4 * w, let data = lib.cairo_image_surface_get_data(surface)
        else { throw RasterError.encode("PNG: cairo read the picture as an unexpected image (\(w) x \(h), format \(format.rawValue))") }
        var pixels = [UInt8](repeating: 0, count: 4 * w * h)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<h { (out.baseAddress! + 4 * w * y).update(from: data + stride * y, count: 4 * w) }
        }
        (width, height, bgra, alpha) = (w, h, pixels, format == CAIRO_FORMAT_ARGB32)
    }

    /// The tile's pixels as a PNG (cairo's writer: the same pixels, losslessly).
    func png(_ t: PictureTile) throws -> [UInt8] {
        let w = t.x1 - t.x0, h = t.y1 - t.y0
        var pixels = [UInt8](repeating: 0, count: 4 * w * h)
        pixels.withUnsafeMutableBufferPointer { out in
            bgra.withUnsafeBufferPointer { all in
                for y in 0..<h {
                    (out.baseAddress! + 4 * w * y).update(from: all.baseAddress! + 4 * (width * (t.y0 + y) + t.x0), count: 4 * w)
                }
            }
        }
        return [UInt8](try PNGPosterWriter.png(RasterImage(width: w, height: h, bgra: pixels), alpha: alpha, what: "a picture's tile"))
    }
}
