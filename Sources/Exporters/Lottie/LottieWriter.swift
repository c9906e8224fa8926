import JSONText
import Keyframes
import Motion
import Simulation
// Keyframes → Lottie JSON (bodymovin 5.7 shape layers), playable by rlottie, ThorVG,
// lottie-web and lottie-ios/android. Same layer semantics as the SVG exporter:
// - A simulated layer becomes a shape layer (ty 4, `ddd: 0` first) when it has an id, animates,
//   has Lottie-layer descendants, clips sublayers (a clip can only be a layer's mask), is a
//   root, or sits above a Lottie-layer sibling (else it would draw below it). Its parent is its
//   parent's layer; `ks` is its transform (a = anchor ⊙ size, p = position + translation, s, r,
//   o = opacity × the ancestors' opacities, since Lottie parenting does not pass opacity on;
//   the bottom layer's opacity may instead be an overlay above its subtree, see
//   LottieOpacityOverlay.swift).
//   Its own paint and its static descendants are shape groups inside it, wrapped in a group
//   whose opacity holds 100/0 from `visible` (its own AND its ancestors') when that ever
//   turns false.
// - Layers array: index 0 is on top, so the paint order reversed; a background layer last.
// - clipsToBounds: see LottieClip.swift.
import TransitionModel

extension TransExportError {
    /// What Lottie cannot carry (exit 1): at the simulation's layer `layer` (the frontend names
    /// its line), else at the definition's member `path` (`canvas.size`), else the whole file.
    static func lottie(_ message: String, layer: Int? = nil, path: String = "") -> TransExportError {
        var e = TransExportError(kind: .export, file: "", location: nil, path: path, expected: message)
        e.format = LottieFormat().name
        e.layer = layer
        return e
    }
}

package struct LottieWriter: Sendable {
    /// Whether planes whose T moves or that clip (the cube's faces) are drawn as planes too
    /// (LottieFactoredPlanes.swift); on unless TRANS_EXPORT_FACTORED_LOTTIE is 0 or `fixed`.
    let movingPlanes: Bool
    /// Where static groups made by earlier exports are kept (LottieStaticGroups.swift); nil: made anew.
    let staticGroups: LottieStaticGroups?
    package init(movingPlanes: Bool = FactoredProjection.isEnabledForMovingPlanesInLottie) {
        self.init(movingPlanes: movingPlanes, staticGroups: .shared)
    }
    init(movingPlanes: Bool = FactoredProjection.isEnabledForMovingPlanesInLottie, staticGroups: LottieStaticGroups?) {
        self.movingPlanes = movingPlanes
        self.staticGroups = staticGroups
    }

    /// The document as a tree to read (tests, tools): the parse of its text, since its
    /// properties are written straight to text (LottieJSON.swift).
    package func lottie(_ transition: KeyframedTransition) throws -> JSONValue {
        let text = Self.text(try lottie(transition, subtrees: true))
        return try JSONParser.parse(text).value
    }

    /// `subtrees`: whether a subtree retrace may be written.
    func lottie(_ transition: KeyframedTransition, subtrees: Bool) throws -> JSONValue {
        // A subtree (or a group) that cannot move as one: the file as without it (a subtree: its
        // own frame rate; a group: each layer's opacity times its ancestors'). Each retry drops
        // what was refused (one group at a time), so it ends.
        var (subtrees, dropped) = (subtrees, Set<Int>())
        var transition = transition
        while true {
            let document = LottieDocument(transition, subtrees: subtrees, droppingGroups: dropped, staticGroups: staticGroups)
            // A factored plane that Lottie cannot draw in its own space: today's keys (LottieFactoredPlanes.swift).
            if transition.hasPlanes, try !document.planesWritable(movingPlanes: movingPlanes) {
                transition = transition.withoutPlanes()
                continue
            }
            let json = try document.build()
            if document.subtreeRefused {
                subtrees = false
            } else if let g = document.refusedGroup {
                dropped.insert(g)
            } else {
                // A set split by groups pays a `tm` track per run: kept when the file is the smaller
                // for it (BENCHMARKS.md#a-retrace-split-by-a-group-2026-12-04).
                guard document.subtreeRuns > 1 else { return json }
                let without = try lottie(transition, subtrees: false)
                return Self.text(json).utf8.count < Self.text(without).utf8.count ? json : without
            }
        }
    }

    static func text(_ json: JSONValue) -> String { JSONWriter(style: .compact, maxDecimals: LottieDecimals.easing).string(json) }

    /// Compact JSON text; the same transition always gives the same bytes.
    package func data(_ transition: KeyframedTransition) throws -> String { Self.text(try lottie(transition, subtrees: true)) }
}

final class LottieDocument {
    let transition: KeyframedTransition
    let props: LottieProperties
    var simulation: Simulation { transition.simulation }
    /// Whether simulated layer i becomes its own Lottie layer (else: shape groups in its parent's).
    private(set) var isLottieLayer: [Bool]
    /// `nm` of each layer: its id, or `layer-<index>`.
    let names: [String]
    /// Whether any layer is a snapshot (art is then not split into pieces or runs); once, not a
    /// scan of every layer each time a layer's art is asked about.
    let hasSnapshots: Bool
    private(set) var outPoint = 0
    /// The composition's `op`: the timeline's length in frames, fractional where it is not a whole
    /// number of frames (1.6375 s at 60 fps: 98.25, so each loop lasts the SVG's `dur`; the whole
    /// 99 made every loop 12.5 ms longer). Layers end at `outPoint`, the next whole frame
    /// (docs/lottie.md#composition-and-frames).
    private(set) var compositionOut: JSONValue = .null
    /// The bottom layer whose opacity is drawn as a background-coloured overlay
    /// (LottieOpacityOverlay.swift), if any.
    let opacityOverlay: Int?
    /// Later phases that replay an earlier one: the scene once, played by `tm` (LottieTimeRemap.swift).
    let retrace: Retrace?
    /// File frames per definition frame (LottieTimeRemap.swift: rlottie rounds remapped time to frames).
    let frameScale: Double
    /// Else: layers that replay one sweep, in a precomp of their own played by `tm` (LottieSubtreeRemap.swift).
    let subtreeRetrace: SubtreeRetrace?
    private(set) var subtreeRefused = false
    /// How many runs of the retraced set are precomps (more than one when groups split it).
    private(set) var subtreeRuns = 0
    /// The fading layers whose subtrees are precomps of their own (LottieGroupOpacity.swift).
    private(set) var groupOpacities: [Int] = []
    private(set) var refusedGroup: Int?
    /// Each flat SVG art layer's opacity runs, made once (`opacityRuns(of:)`): the check, the
    /// layer plan and the paint each asked for them again.
    var opacityRunsMade: [Int: Result<[LottieArtRun], any Error>] = [:]
    /// Each SVG art layer's shape items as `checkArtwork` made them, which its paint draws.
    var artItemsMade: [Int: [JSONValue]] = [:]
    /// Each layer's visibility with its ancestors' (`chainVisibility`), once asked.
    var chainVisibilityMade: [Int: KeyframeTrack<LVec>] = [:]
    /// Each layer's pictures (`pictures(over:)`) once asked, by layer: the layer plan, the
    /// check, the image assets and the build each asked for every layer's (a snapshot's walked
    /// its source's tree each time).
    var picturesMade: [Result<[LottiePicture], any Error>?] = []
    /// Static groups kept across exports (LottieStaticGroups.swift), if any.
    let staticGroupCache: LottieStaticGroups?

    init(_ transition: KeyframedTransition, subtrees: Bool = true, droppingGroups: Set<Int> = [], staticGroups: LottieStaticGroups? = nil) {
        self.transition = transition
        staticGroupCache = staticGroups
        let fr = transition.definition.frameRate
        let (rules, screen) = (transition.player ?? .lottie, transition.tolerance.screen)
        // Both detections start their samplers from one at the loop's start (MovingStateSamplers).
        let samplers = MovingStateSamplers(transition.simulation)
        retrace = fr > 0 ? Retrace.detect(transition.simulation, rules: rules, screenTolerance: screen, samplers: samplers) : nil
        subtreeRetrace =
            fr > 0 && retrace == nil && subtrees
            ? SubtreeRetrace.detect(transition.simulation, rules: rules, screenTolerance: screen, samplers: samplers) : nil
        frameScale = Self.frameScale(maxSpeed: retrace?.maxSpeed ?? subtreeRetrace?.maxSpeed, frameRate: fr, screenTolerance: screen)
        props = LottieProperties(frameRate: fr * frameScale)
        (names, hasSnapshots) = transition.simulation.layers.withUnsafeBufferPointer { layers in
            (layers.indices.map { layers[$0].id ?? "layer-\(layers[$0].index)" }, layers.indices.contains { layers[$0].snapshotSource != nil })
        }
        isLottieLayer = Array(repeating: false, count: transition.simulation.layers.count)
        opacityOverlay = Self.opacityOverlayLayer(transition)
        planLayers()
        lottieLayersInPaintOrder = simulation.paintOrder.filter { isLottieLayer[$0] }
        groupOpacities = groupOpacityLayers(dropping: droppingGroups)
    }

    // MARK: Which layers are Lottie layers

    private func planLayers() {
        func plan(_ i: Int) -> Bool {
            let (layers, keyframes) = (simulation.layers, transition.layers)
            // A mask can only cut a layer (shape groups cannot be masked).
            // Read in place: `mask != nil` copied the mask, `isAnimated` on the pointee every track.
            var isLayer =
                Self.read(layers, i) { l in
                    if case .some = l.pointee.definition.mask { return true }
                    return l.pointee.id != nil
                } || Self.read(keyframes, i) { LayerKeyframes.isAnimated(in: $0) }
            // A clip can only be a mask on a layer (shape groups cannot clip).
            let clips = Self.read(layers, i) { l in
                l.pointee.definition.clipsToBounds
                    && (!l.pointee.children.isEmpty || l.pointee.snapshotSource != nil || l.pointee.definition.kind.isArtwork)
            }
            if clips { isLayer = true }
            // A snapshot carrying its source's clip as a mask: that mask must not cut its children;
            // a picture is an image layer above its host: the host's sublayers must draw above it;
            // so are SVG art's parts under 3D (LottieArtParts.swift) and runs of flat SVG art drawn
            // as layers of their own (LottieArtPieces.swift, LottieArtOpacityRuns.swift).
            // Art pieces and opacity runs are SVG art's only (their own first test, read here in
            // place: the two calls cost ~450 instructions a layer of a file).
            let vectorArt = Self.read(layers, i) { l -> Bool in
                if case .artwork(let art) = l.pointee.definition.kind, case .vector = art.artwork { return true }
                return false
            }
            let sublayersAsLayers =
                snapshotClipSource(i) != nil || hostsPictures(i) || hasArtParts(i)
                || vectorArt && (!artPieces(i).isEmpty || !artOpacityRuns(i).isEmpty)
            if sublayersAsLayers { isLayer = true }
            isLayer = plan(children: Self.read(layers, i) { $0.pointee.children }, all: sublayersAsLayers) || isLayer
            isLottieLayer[i] = isLayer
            return isLayer
        }
        /// A static child above a Lottie-layer sibling must be a layer too, or it would draw
        /// under that sibling (it would live in the parent's layer).
        func plan(children: [Int], all: Bool = false) -> Bool {
            var any = all
            for c in children {
                let own = plan(c)
                if any { isLottieLayer[c] = true }
                any = any || own
            }
            return any
        }
        _ = plan(children: simulation.roots)
        // Roots have no parent layer to be drawn into.
        for r in simulation.roots { isLottieLayer[r] = true }
    }

    /// Element i of `layers` (simulated layers, keyframes) read in place, through a pointer:
    /// binding `layers[i]` copied the whole element, every track retained and released, and so
    /// did passing it to a closure (BENCHMARKS.md#lottie36-the-2d-lottie-document-same-bytes-2026-12-05).
    @inline(__always)
    static func read<Element, R>(_ layers: [Element], _ i: Int, _ body: (UnsafePointer<Element>) throws -> R) rethrows -> R {
        precondition(layers.indices.contains(i))
        return try layers.withUnsafeBufferPointer { try body($0.baseAddress! + i) }
    }

    /// Whether layer i is drawn projected (`transition.projected[i]` is not nil), its tag read in
    /// place: `projected[i] == nil` copied the element and took Optional's Equatable `==`, which
    /// copies both sides into a tuple (each layer of a file asks several times).
    @inline(__always)
    func isProjected(_ i: Int) -> Bool {
        Self.read(transition.projected, i) { p in
            if case .none = p.pointee { return false }
            return true
        }
    }

    /// Lottie layers in paint order, bottom to top (parents before their children). Made once,
    /// by `init` as soon as `planLayers` has decided them (the build, the masked-ancestor check and
    /// the image assets each walked the whole tree for it).
    private(set) var lottieLayersInPaintOrder: [Int] = []

    // MARK: Document

    func build() throws -> JSONValue {
        if subtreeRefused { return .null }
        let d = transition.definition
        let fr = d.frameRate
        guard fr > 0, fr.isFinite else { throw TransExportError.lottie("frame rate must be > 0 (got \(fr))", path: "frameRate") }
        let duration = transition.timeline.duration
        guard duration > 0, duration.isFinite else {
            throw TransExportError.lottie("the timeline is empty (duration \(duration) s); Lottie needs op > ip", path: "phases")
        }
        let frames = duration * props.frameRate
        outPoint = Int((frames - 1e-6).rounded(.up))
        compositionOut = abs(frames - frames.rounded()) <= 1e-6 ? LJ.int(outPoint) : LJ.num(frames, LottieDecimals.frames)
        try checkSnapshotArtClips()
        try checkMaskedAncestors()
        try checkArtwork()
        try checkPictures()
        try checkArtParts()
        let w = d.canvas.size.width, h = d.canvas.size.height
        guard w >= 0, h >= 0, w.rounded() == w, h.rounded() == h else {
            throw TransExportError.lottie("Lottie canvas w/h must be whole numbers (got \(w) x \(h))", path: "canvas.size")
        }

        // Array order: top first. A matte sits directly above the layer it clips.
        // A host's pictures (image layers) sit right above its content, each with its own matte.
        enum Entry {
            case content(Int), matte(Int), overlay(Int), picture(LottiePicture, Int), cellImage(Int, Int), cellNull(Int, Int), cellsPrecomp(Int)
            case artPart(LottieArtPart, Int, Int)
            case artPrecomp(Int)
            case artRun(LottieArtRun, Int, Int)
            case background

            /// The simulated layer the entry draws.
            var owner: Int? {
                switch self {
                case .content(let i), .matte(let i), .overlay(let i), .cellImage(let i, _), .cellNull(let i, _), .cellsPrecomp(let i), .artPrecomp(let i): i
                case .picture(let p, _): p.host
                case .artPart(_, let i, _), .artRun(_, let i, _): i
                case .background: nil
                }
            }
        }
        var entries: [Entry] = []
        let overlayBelow = opacityOverlay.map(topOfSubtree)
        let paintOrder = lottieLayersInPaintOrder
        for i in paintOrder.reversed() {
            if i == overlayBelow, let l = opacityOverlay { entries.append(.overlay(l)) }
            let clipped = !clippingAncestors(i).isEmpty
            for (n, p) in try pictures(over: i).enumerated().reversed() {
                if clipped { entries.append(.matte(i)) }
                entries.append(.picture(p, n))
            }
            // Under a clipping ancestor its outline is a mask of these layers, not a matte
            // (LottieArtPieces.swift, LottieArtOpacityRuns.swift).
            if !artPieces(i).isEmpty { entries.append(.artPrecomp(i)) }
            for (k, run) in artOpacityRuns(i).enumerated() { entries.append(.artRun(run, i, k)) }
            if cellsInPrecomp(i) {
                entries.append(.cellsPrecomp(i))
            } else {
                for k in pictureCells(i).indices { entries += [.cellImage(i, k), .cellNull(i, k)] }
            }
            // A projected layer's clipping ancestors may be masks of its own (LottieAncestorClips.swift).
            let matted = needsClipMatte(i) && !flatArtTakesAncestorMasks(i)
            for (k, part) in try artParts(i).enumerated().reversed() {
                if matted { entries.append(.matte(i)) }
                entries.append(.artPart(part, i, k))
            }
            if matted { entries.append(.matte(i)) }
            entries.append(.content(i))
        }
        entries.append(.background)
        var contentInd: [Int: Int] = [:], matteInd: [Int: Int] = [:]
        for (n, e) in entries.enumerated() {
            switch e {
            case .content(let i): contentInd[i] = n + 1
            case .matte(let i): matteInd[i] = n + 1
            case .overlay, .picture, .cellImage, .cellNull, .cellsPrecomp, .artPart, .artPrecomp, .artRun, .background: break
            }
        }
        let images = try imageAssets()
        var layers: [JSONValue] = []
        for (n, e) in entries.enumerated() {
            switch e {
            case .content(let i):
                let parent = simulation.layers[i].parent.map { contentInd[$0]! }
                layers.append(contentLayer(i, ind: n + 1, parent: parent, matte: matteInd[i]))
            case .matte(let i):
                let nearest = clippingAncestors(i)[0]
                layers.append(matteLayer(for: i, ind: n + 1, parentInd: contentInd[nearest]!)!)
            case .overlay(let l):
                layers.append(opacityOverlayLayer(for: l, ind: n + 1, parentInd: contentInd[l]!))
            case .picture(let p, let k):
                let matte: Int? = n > 0 ? { if case .matte = entries[n - 1] { return n } else { return nil } }() : nil
                layers.append(
                    pictureLayer(
                        p, refId: images.ids[.whole(p.image)]!, name: "\(names[p.host]).picture\(k == 0 ? "" : "-\(k + 1)")",
                        ind: n + 1, hostInd: contentInd[p.host]!, matte: matte))
            case .artPrecomp(let i):
                let matte: Int? = n > 0 ? { if case .matte = entries[n - 1] { return n } else { return nil } }() : nil
                layers.append(artPrecompLayer(i, ind: n + 1, hostInd: contentInd[i]!, matte: matte))
            case .artRun(let run, let i, let k):
                layers.append(artRunLayer(i, run, name: "\(names[i]).art-\(k + 1)", ind: n + 1, parentInd: contentInd[i]!))
            case .cellImage(let i, let k):
                guard let tile = images.cellTiles[i]?[k] else { continue }
                layers.append(
                    cellImageLayer(
                        i, k, pad: PictureCellPadding.pixels(pictureCells(i)), tile: tile, refId: images.ids[tile]!,
                        name: "\(names[i]).cell-\(k + 1)", ind: n + 1, nullInd: n + 2))
            case .cellsPrecomp(let i):
                layers.append(cellsPrecompLayer(i, ind: n + 1, parentInd: contentInd[i]!))
            case .cellNull(let i, let k):
                layers.append(cellNullLayer(pictureCells(i)[k], name: "\(names[i]).cell-\(k + 1).place", ind: n + 1, parentInd: contentInd[i]!))
            case .artPart(let part, let i, let k):
                let matte: Int? = n > 0 ? { if case .matte = entries[n - 1] { return n } else { return nil } }() : nil
                layers.append(artPartLayer(i, part, name: "\(names[i]).art-\(k + 1)", ind: n + 1, parentInd: contentInd[i]!, matte: matte))
            case .background:
                layers.append(backgroundLayer(ind: n + 1))
            }
        }

        let precomps = paintOrder.filter(cellsInPrecomp).compactMap { i -> JSONValue? in
            guard let tiles = images.cellTiles[i] else { return nil }
            return cellsPrecompAsset(i, tiles: tiles, ids: images.ids)
        }
        let artPrecomps = paintOrder.filter { !artPieces($0).isEmpty }.map(artPrecompAsset)
        let markers: [JSONValue] = transition.timeline.phases.map { p in
            LJ.obj([("cm", LJ.str(p.name)), ("tm", props.frames(p.start)), ("dr", props.frames(p.duration))])
        }
        var assets = images.assets + precomps + artPrecomps
        var owners = entries.map(\.owner)
        // Group precomps first, so that a retrace's precomp plays them (LottieGroupOpacity.swift:
        // their layers are keyed in the scene's own time, as the remapped layers are).
        var (groupAssets, groupOwners) = ([JSONValue](), [[Int?]]())
        if !groupOpacities.isEmpty {
            switch grouped(layers, owners: owners, groups: groupOpacities) {
            case .success(let g): (groupAssets, groupOwners, layers, owners) = (g.assets, g.assetOwners, g.layers, g.owners)
            case .failure(let refusal):
                refusedGroup = refusal.group
                return .null
            }
        }
        if let retrace {
            let (scene, root) = remapped(layers, retrace: retrace)
            assets += groupAssets.map { Self.truncated($0, after: retrace.sourceEnd * props.frameRate) }
            assets.append(scene)
            layers = [root]
        } else if let sub = subtreeRetrace {
            // A run at the root and one in each group asset holding part of the set (or all of it
            // and more), each its own precomp played by the set's remap (LottieSubtreeRemap.swift).
            var runs: [JSONValue] = []
            for h in [nil] + groupOpacities.indices.map(Optional.some) where h.map({ !groupInRetrace(groupOpacities[$0], sub) }) ?? true {
                let host = h.map { groupOpacities[$0] }
                let (list, listOwners) = h.map { (Self.layers(of: groupAssets[$0]), groupOwners[$0]) } ?? (layers, owners)
                guard listOwners.contains(where: { $0.map { retraces($0, host: host, sub) } ?? false }) else { continue }
                let id = runs.isEmpty ? Self.subtreeAsset : "\(Self.subtreeAsset)-\(runs.count + 1)"
                guard let (asset, remapped) = subtreeRemapped(list, owners: listOwners, host: host, retrace: sub, id: id) else {
                    subtreeRefused = true
                    return .null
                }
                runs.append(asset)
                if let h { groupAssets[h] = LJ.obj([("id", groupAssets[h]["id"] ?? .null), ("layers", .array(remapped))]) } else { layers = remapped }
            }
            if runs.isEmpty {
                subtreeRefused = true
                return .null
            }
            // A group inside the retraced set is keyed over the sweep only, as the set is.
            let (from, to) = (sub.sourceStart * props.frameRate, sub.sourceEnd * props.frameRate)
            assets += zip(groupOpacities, groupAssets).map { g, a in groupInRetrace(g, sub) ? Self.truncated(a, after: to, from: from) : a }
            assets += runs
            subtreeRuns = runs.count
        } else {
            assets += groupAssets
        }
        return LJ.obj([
            ("v", LJ.str("5.7.0")), ("fr", LJ.num(props.frameRate, LottieDecimals.frames)), ("ip", LJ.int(0)), ("op", compositionOut),
            ("w", LJ.num(w, 0)), ("h", LJ.num(h, 0)), ("nm", LJ.str(d.name)), ("ddd", LJ.int(0)),
            ("assets", .array(assets)), ("layers", .array(layers)), ("markers", .array(markers)),
        ])
    }
}
