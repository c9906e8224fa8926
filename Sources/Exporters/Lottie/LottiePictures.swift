import Artwork
// PNG/JPEG pictures in the Lottie export. A picture cannot be a shape item, so each one is an
// image layer (`ty: 2`, `refId` to an asset embedded once per file: `e: 1`, `p` a data URI)
// directly above the content layer of its host, parented to it:
// - an image layer's host is itself; its sublayers become Lottie layers (they draw above);
// - a snapshot hosts the pictures of its source's tree (static), which must be drawn last in
//   that tree (shape groups cannot sit above a layer), else the file is refused by name.
// The image layer's own space is the picture's pixels: `ks` places them in the host's bounds
// (contentMode frame, then the host's stretch to its current size); the host's clip masks and
// its layer.mask are mapped into that space, its clipping ancestors' matte is repeated above it,
// its opacity is the host's (with visibility) times the static opacities between host and picture.
import FoundationEssentials
import Glibc
import JSONText
import Keyframes
import Simulation
import TransitionModel

/// One picture drawn over a host layer.
struct LottiePicture {
    let host: Int
    let image: Artwork.Picture
    /// Picture pixels → the host's bounds at `base` size (before the host's stretch).
    let place: Affine2D
    /// The host's size that `place` is laid out in; the host's current size stretches it.
    let base: Size
    /// Static opacity of the layers between the host's content and the picture.
    let opacity: Double
}

extension LottieDocument {
    /// The pictures drawn over Lottie layer `host`, bottom first; throws what cannot be drawn.
    func pictures(over host: Int) throws -> [LottiePicture] {
        // Most layers hold no picture: answered in place, not through the memo (its Result and
        // the class's access checks cost ~800 instructions a layer; planLayers asks of every one).
        if noPictures(over: host) { return [] }
        if picturesMade.isEmpty { picturesMade = Array(repeating: nil, count: simulation.layers.count) }
        if let made = picturesMade[host] { return try made.get() }
        let made = Result { try findPictures(over: host) }
        picturesMade[host] = made
        return try made.get()
    }

    /// Whether the layer can host no picture: one drawn as cells (LottiePictureCells.swift), else
    /// one that is neither PNG/JPEG art nor a snapshot. `findPictures` is asked only of the others.
    private func noPictures(over host: Int) -> Bool {
        if isProjected(host) { return true }
        return Self.read(simulation.layers, host) { l in
            if case .artwork(let art) = l.pointee.definition.kind, case .raster = art.artwork { return false }
            return l.pointee.snapshotSource == nil
        }
    }

    /// `pictures(over:)` made.
    private func findPictures(over host: Int) throws -> [LottiePicture] {
        // Read in place (LottieDocument.read): a bound copy of the layer retained every track.
        // Only a picture's art bound out of the kind: copying every layer's kind retained its art.
        let (picture, size, snapshotSource) = Self.read(simulation.layers, host) { l -> ((LayerArtwork, Artwork.Picture)?, Size, Int?) in
            guard case .artwork(let art) = l.pointee.definition.kind, case .raster(let image) = art.artwork else {
                return (nil, l.pointee.definition.size, l.pointee.snapshotSource)
            }
            return ((art, image), l.pointee.definition.size, l.pointee.snapshotSource)
        }
        if let (art, image) = picture {
            return [LottiePicture(host: host, image: image, place: placement(art, image, in: size), base: size, opacity: 1)]
        }
        guard let source = snapshotSource else { return [] }
        var found: [LottiePicture] = []
        var paintedAfter: Int?
        /// Static art of layer j (source bounds ← j bounds by m), in paint order.
        func visit(_ j: Int, _ m: Affine2D, _ opacity: Double) {
            let dj = simulation.layers[j].definition
            if j != source, dj.hidden { return }
            if case .artwork(let art) = dj.kind, case .raster(let image) = art.artwork {
                if dj.fill != nil, !found.isEmpty { paintedAfter = paintedAfter ?? j }
                found.append(
                    LottiePicture(
                        host: host, image: image, place: m.after(placement(art, image, in: dj.size)),
                        base: simulation.layers[source].definition.size, opacity: opacity))
            } else if !found.isEmpty, dj.fill != nil || dj.kind.isArtwork {
                paintedAfter = paintedAfter ?? j
            }
            for c in simulation.layers[j].children {
                let dc = simulation.layers[c].definition
                visit(c, m.after(staticAffine(dc)), opacity * dc.opacity)
            }
        }
        visit(source, .identity, 1)
        if let j = paintedAfter {
            throw TransExportError.lottie(
                "layer \"\(names[host])\" is a snapshot of \"\(names[source])\", where \"\(names[j])\" paints above "
                    + "a PNG/JPEG picture; a Lottie snapshot draws its pictures above the rest of its art. "
                    + "Move that picture to the top of the snapshot's source.")
        }
        return found
    }

    /// Pixels → bounds of `size`: the contentMode frame.
    func placement(_ art: LayerArtwork, _ image: Artwork.Picture, in size: Size) -> Affine2D {
        let f = art.frame(in: size)
        return Affine2D(
            a: f.size.width / Double(image.pixelWidth), d: f.size.height / Double(image.pixelHeight),
            tx: f.origin.x, ty: f.origin.y)
    }

    /// Whether layer i hosts a picture or its cells (its sublayers must then be Lottie layers,
    /// above it).
    func hostsPictures(_ i: Int) -> Bool { !pictureCells(i).isEmpty || ((try? pictures(over: i)).map { !$0.isEmpty } ?? true) }

    /// Pictures of every host, checked before anything is written.
    func checkPictures() throws {
        // A mask or clipping ancestors cut the cells' precomp (cellsInPrecomp); it cannot when a
        // projected clipping ancestor lies in another host's space.
        for i in simulation.layers.indices where !pictureCells(i).isEmpty && !cellsInPrecomp(i) {
            guard transition.layers[i].mask != nil || !clippingAncestors(i).isEmpty else { continue }
            throw TransExportError.lottie(
                "layer \"\(names[i])\" draws a PNG/JPEG picture under a 3D transform inside a layer that clips it from "
                    + "another 3D space; not carried in Lottie yet (the SVG export carries it)",
                layer: i)
        }
        for i in simulation.layers.indices {
            let found = try pictures(over: i)
            guard !found.isEmpty else { continue }
            for p in found { _ = try pictureTransform(p) }
        }
    }

    // MARK: Assets

    /// One image asset per distinct picture, in order of first use, and, for a picture under 3D,
    /// one per distinct tile its cells show (LottiePictureTiles.swift): `picture-N` embeds picture N
    /// as it is, `picture-N.tile-K` a part of it. Ids by tile (a picture shown whole: its whole
    /// tile); each projected layer's cells' tiles, in cell order.
    func imageAssets() throws -> (assets: [JSONValue], ids: [PictureTile: String], cellTiles: [Int: [PictureTile]]) {
        var ids: [PictureTile: String] = [:], cellTiles: [Int: [PictureTile]] = [:]
        var assets: [JSONValue] = []
        var numbers: [Artwork.Picture: Int] = [:], tileCounts: [Artwork.Picture: Int] = [:]
        // Each picture's pixels, read once; nil when cairo cannot read them (a picture's chunks
        // are checked on input, not its pixels): that picture is then embedded whole, as before tiles.
        var decoded: [Artwork.Picture: DecodedPicture?] = [:]
        func pixels(_ picture: Artwork.Picture) -> DecodedPicture? {
            if let made = decoded[picture] { return made }
            let made = try? DecodedPicture(picture)
            decoded[picture] = .some(made)
            return made
        }
        for i in lottieLayersInPaintOrder {
            var found = ((try? pictures(over: i)) ?? []).map { PictureTile.whole($0.image) }
            var tiles = self.cellTiles(i)
            if tiles.contains(where: { !$0.isWhole }), pixels(tiles[0].picture) == nil { tiles = tiles.map { .whole($0.picture) } }
            if !tiles.isEmpty { cellTiles[i] = tiles }
            found += tiles
            for tile in found where ids[tile] == nil {
                let n = numbers[tile.picture] ?? numbers.count + 1
                numbers[tile.picture] = n
                var (id, mime, bytes) = ("picture-\(n)", tile.picture.mimeType, tile.picture.bytes)
                if !tile.isWhole {
                    let k = (tileCounts[tile.picture] ?? 0) + 1
                    tileCounts[tile.picture] = k
                    (id, mime, bytes) = ("picture-\(n).tile-\(k)", "image/png", try pixels(tile.picture)!.png(tile))
                }
                ids[tile] = id
                assets.append(
                    LJ.obj([
                        ("id", LJ.str(id)), ("w", LJ.int(tile.x1 - tile.x0)), ("h", LJ.int(tile.y1 - tile.y0)),
                        ("u", LJ.str("")), ("e", LJ.int(1)),
                        ("p", LJ.str("data:\(mime);base64," + Data(bytes).base64EncodedString())),
                    ]))
            }
        }
        return (assets, ids, cellTiles)
    }

    /// The tile each of projected layer i's cells shows, in cell order (none for other layers).
    func cellTiles(_ i: Int) -> [PictureTile] {
        let cells = pictureCells(i)
        guard !cells.isEmpty, case .artwork(let art) = simulation.layers[i].definition.kind, case .raster(let image) = art.artwork else {
            return []
        }
        guard PictureTiling.cuts(image) else { return cells.map { _ in .whole(image) } }
        let pad = PictureCellPadding.pixels(cells)
        // Only the times the cells are drawn decide their tiles (a cube's face turned away holds
        // any map): the visibility the cells' image layers carry (cellImageLayer).
        let visible = chainVisibility(i)
        func shown(_ t: Double) -> Bool { (visible.keyframes.last { $0.time <= t } ?? visible.keyframes[0]).value.c[0] > 0 }
        let own = cells.indices.map { k in
            PictureTiling.tile(cells[k], padded: PictureCellPadding.rect(k, pad, in: cells, over: <), of: image, shown: shown)
        }
        return PictureTiling.shared(own)
    }

    // MARK: Image layers

    /// The image layer drawing picture p, parented to its host's content layer.
    func pictureLayer(_ p: LottiePicture, refId: String, name: String, ind: Int, hostInd: Int, matte: Int?) -> JSONValue {
        var members: LJ.Members = [
            ("ddd", LJ.int(0)), ("ty", LJ.int(2)), ("nm", LJ.str(name)), ("ind", LJ.int(ind)),
            ("parent", LJ.int(hostInd)),
        ]
        if let matte { members += [("tt", LJ.int(1)), ("tp", LJ.int(matte))] }
        let toPixels =
            (try? pictureTransform(p)) ?? (
                position: .constant(LVec([0, 0])), scale: .constant(LVec([100, 100])),
                rotation: .constant(LVec([0])), inverse: { _ in nil }
            )
        let size = transition.layers[p.host].size.lvec
        var masks: [JSONValue] = []
        // The host's layer.mask, as on its own content (clipMasks), mapped into picture space:
        // exact per keyframe while the host's size holds (the map is then one fixed affine).
        // It comes first ("a"): lottie-web 5.7.5 draws an animated intersect ("i") mask on an
        // image layer frozen at its first frame (measured: 4.8/255 on Examples/picture-reveal.json).
        if let m = transition.layers[p.host].mask {
            let rounded = MaskPaths.rounded(m)
            let pixels = (0..<(m.shape == .hole ? 2 : 1)).map { sub in
                LottieTracks.combine([MaskPaths.parameters(m), size], size.isAnimated ? .nonlinear : .affineInEach) { v in
                    let path = MaskPaths.subpaths(v[0], shape: m.shape, rounded: rounded).subpaths[sub].lottie
                    return toPixels.inverse(v[1]).map { ClipPath.transformed(path, by: $0) } ?? path
                }
            }
            masks.append(mask(pixels[0], mode: "a", name: "mask"))
            if m.shape == .hole { masks.append(mask(pixels[1], mode: "s", name: "mask-hole")) }
        }
        for clip in clipPaths(p.host) {
            let mapped = LottieTracks.combine([clip.0, size], .nonlinear) { v in
                toPixels.inverse(v[1]).map { ClipPath.transformed(v[0], by: $0) } ?? v[0]
            }
            masks.append(mask(mapped, mode: masks.isEmpty ? "a" : "i", name: clip.1))
        }
        if !masks.isEmpty { members += [("hasMask", .bool(true)), ("masksProperties", .array(masks))] }
        let visible = LottieTracks.visibility(([p.host] + ancestors(p.host)).map { transition.layers[$0].visible })
        let opacity = LottieTracks.combine([combinedOpacity(p.host), visible], .affineInEach) { v in
            LVec([v[0].c[0] * v[1].c[0] / 100 * p.opacity])
        }
        members += [
            ("sr", LJ.int(1)),
            (
                "ks",
                transformJSON(
                    position: props.position(toPixels.position),
                    scale: props.property(toPixels.scale, decimals: LottieDecimals.scalePercent, kind: .vector),
                    rotation: props.property(toPixels.rotation, decimals: LottieDecimals.degrees, kind: .scalar),
                    opacity: props.opacity(opacity), layer: true)
            ),
            ("refId", LJ.str(refId)),
        ]
        appendTiming(to: &members)
        return LJ.obj(members)
    }

    /// `ks` parts placing picture p (pixels) in its host's bounds at the host's current size, and
    /// the inverse map for a host size. Throws when the map skews (a rotated picture in a host
    /// stretched unevenly): `ks` has no skew that every player draws alike.
    func pictureTransform(_ p: LottiePicture) throws -> (
        position: KeyframeTrack<LVec>, scale: KeyframeTrack<LVec>,
        rotation: KeyframeTrack<LVec>, inverse: (LVec) -> Affine2D?
    ) {
        let size = transition.layers[p.host].size.lvec
        func map(_ s: LVec) -> Affine2D {
            let fx = p.base.width > 0 ? s.c[0] / p.base.width : 0, fy = p.base.height > 0 ? s.c[1] / p.base.height : 0
            return Affine2D(a: fx, d: fy).after(p.place)
        }
        for s in [size.initialValue] + size.keyframes.map(\.value) {
            let m = map(s)
            let scale = max(abs(m.a) + abs(m.b), abs(m.c) + abs(m.d), 1e-12)
            guard abs(m.a * m.c + m.b * m.d) <= 1e-9 * scale * scale else {
                throw TransExportError.lottie(
                    "layer \"\(names[p.host])\" draws a rotated PNG/JPEG picture stretched unevenly; "
                        + "Lottie cannot draw that skew (keep the stretch uniform or the picture upright)")
            }
        }
        let rotates = p.place.b != 0 || p.place.c != 0
        let dependence: Dependence = rotates ? .nonlinear : .affineInEach
        let position = LottieTracks.combine([size], .jointlyAffine) { v in
            let m = map(v[0]); return LVec([m.tx, m.ty])
        }
        let scale = LottieTracks.combine([size], dependence) { v in
            let m = map(v[0])
            let sx = (m.a * m.a + m.b * m.b).squareRoot()
            let θ = atan2(m.b, m.a)
            return LVec([sx * 100, (-m.c * sin(θ) + m.d * cos(θ)) * 100])
        }
        let rotation = LottieTracks.combine([size], .nonlinear) { v in
            let m = map(v[0]); return LVec([atan2(m.b, m.a) * 180 / .pi])
        }
        return (position, scale, rotation, { map($0).inverse })
    }
}
