import JSONText
import Keyframes
import Motion
import Simulation
// Group opacity of the bottom layer as a fill opacity. rlottie draws any layer opacity (`ks.o`)
// about 1.5/255 darker than exact (Conformance/README.md, "Known failures"); a single shape's
// fill `o` it draws within 0.5/255, like ThorVG and lottie-web. When a layer L is painted first
// (nothing beneath it but the opaque canvas background B), its own paint is opaque over its
// bounds and those bounds cover the whole canvas (no edge of L falls inside a pixel of the
// canvas), then L's subtree at opacity α over B is, per pixel,
//     α·S + (1 − α)·B  =  S drawn at opacity 1, then B at opacity 1 − α on top,
// where S (the subtree composited at opacity 1) is opaque everywhere on the canvas. So L is
// written at `ks.o` 100, its Lottie-layer descendants without L's factor in theirs (which is
// UIKit's group opacity, exactly), and a layer parented to L, right above L's subtree, fills
// L's bounds with B at fill `o` = 100 − 100·α, α's keyframes (and easing) mapped one to one.
import TransitionModel

extension LottieDocument {
    /// The layer whose opacity is written as a background-coloured overlay, when every
    /// condition holds over the whole timeline (see the file comment); nil otherwise.
    static func opacityOverlayLayer(_ transition: KeyframedTransition) -> Int? {
        let simulation = transition.simulation
        let canvas = transition.definition.canvas
        // B must be opaque: the identity needs (1 − α)·B over an opaque base to be what shows.
        guard canvas.background.alpha >= 1, let l = simulation.roots.first, transition.projected[l] == nil else { return nil }
        let layer = simulation.layers[l]
        let d = layer.definition
        let k = transition.layers[l]
        // Only worth it when the layer is ever translucent; an opacity outside [0, 1] is not a blend.
        let alphas = k.opacity.keyframes.map(\.value)
        guard alphas.contains(where: { $0 < 1 }), alphas.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return nil }
        // Its own paint: opaque over its whole bounds, square corners, no mask.
        guard d.mask == nil, k.mask == nil else { return nil }
        switch d.kind {
        case .group, .rect: break
        case .ellipse, .text, .snapshot, .artwork: return nil
        }
        switch d.fill {
        case .solid(let c)?: guard c.alpha >= 1 else { return nil }
        case .linearGradient(let g)?: guard !g.stops.isEmpty, g.stops.allSatisfy({ $0.color.alpha >= 1 }) else { return nil }
        case nil: return nil
        }
        guard k.hasSquareCorners else { return nil }
        // Its bounds cover the canvas at every time: a static placement that contains the canvas.
        guard !k.placementIsAnimated else { return nil }
        let size = k.size.initialValue, anchor = k.anchorPoint.initialValue, scale = k.scale.initialValue
        let toCanvas = Affine2D.layer(
            position: k.position.initialValue + k.translation.initialValue, scale: scale,
            rotation: k.rotation.initialValue,
            anchor: Point(anchor.x * size.width, anchor.y * size.height))
        guard let toBounds = toCanvas.inverse else { return nil }
        let w = canvas.size.width, h = canvas.size.height
        let eps = 1e-6
        for (x, y) in [(0, 0), (w, 0), (w, h), (0, h)] {
            let (bx, by) = toBounds.apply(x, y)
            guard bx >= -eps, by >= -eps, bx <= size.width + eps, by <= size.height + eps else { return nil }
        }
        return l
    }

    /// Layers whose opacities multiply into Lottie layer i's `ks.o` (Lottie parenting does not
    /// pass opacity on): i and its ancestors, except the overlaid layer (its overlay dims them all).
    /// In the group's precomp, the group layer's factor and its ancestors' are the precomp
    /// layer's (LottieGroupOpacity.swift).
    func opacityChain(_ i: Int) -> [Int] {
        // i and its ancestors, nearest first, in one array (`[i] + ancestors(i)` filtered made three).
        var chain: [Int] = []
        var p: Int? = i
        while let j = p {
            if j != opacityOverlay { chain.append(j) }
            p = Self.read(simulation.layers, j) { $0.pointee.parent }
        }
        guard let g = group(of: i) else { return chain }
        let outside = Set([g] + ancestors(g))
        return chain.filter { !outside.contains($0) }
    }

    /// The product of `opacityChain(i)`'s opacities, in percent.
    func combinedOpacity(_ i: Int) -> KeyframeTrack<LVec> { opacityProduct(opacityChain(i)) }

    /// `props.opacity(combinedOpacity(i))`; from the values when every opacity of the chain holds
    /// still (`opacityProduct` would give the track that holds their product, in the same order).
    func combinedOpacityJSON(_ i: Int) -> JSONValue {
        let chain = opacityChain(i)
        guard chain.allSatisfy({ l in !Self.read(transition.layers, l) { $0.pointee.numbers[.opacity].isAnimated } }) else {
            return props.opacity(opacityProduct(chain))
        }
        let product = chain.reduce(100.0) { p, l in p * Self.read(transition.layers, l) { $0.pointee.numbers[.opacity].initialValue } }
        return props.still(scalar: product, decimals: LottieDecimals.opacity)
    }

    /// The product of the layers' opacities, in percent.
    func opacityProduct(_ layers: [Int]) -> KeyframeTrack<LVec> {
        // Each opacity read in place (`transition.layers[$0].opacity` copied the layer's tracks).
        let chain = layers.map { l in Self.read(transition.layers, l) { $0.pointee.numbers[.opacity] }.lvec }
        guard !chain.isEmpty else { return .constant(LVec([100])) }
        return LottieTracks.combine(chain, .affineInEach) { v in LVec([v.reduce(100) { $0 * $1.c[0] }]) }
    }

    /// The topmost Lottie layer of layer l's subtree (the overlay goes right above it).
    func topOfSubtree(_ l: Int) -> Int {
        var top = l
        func visit(_ i: Int) {
            if isLottieLayer[i] { top = i }
            simulation.layers[i].children.forEach(visit)
        }
        visit(l)
        return top
    }

    /// The overlay for layer l: parented to it, its bounds rect filled with the canvas background
    /// at fill opacity 100 − 100·α.
    func opacityOverlayLayer(for l: Int, ind: Int, parentInd: Int) -> JSONValue {
        let k = transition.layers[l]
        let background = transition.definition.canvas.background
        let o = k.opacity.map { LVec([100 - 100 * $0]) }
        let fill = LJ.obj([
            ("ty", LJ.str("fl")),
            (
                "c",
                LJ.staticArr(
                    [background.red, background.green, background.blue].map { min(max($0, 0), 1) },
                    LottieDecimals.color)
            ),
            ("o", props.opacity(o)), ("r", LJ.int(1)),
        ])
        let shape = group([rect(size: k.size.lvec, radius: .constant(LVec([0]))), fill], name: "opacity")
        var members = layerHeader(name: "opacity-of-\(names[l])", ind: ind)
        members += [
            ("parent", LJ.int(parentInd)), ("sr", LJ.int(1)), ("ks", identityTransform(layer: true)),
            ("shapes", .array([shape])),
        ]
        appendTiming(to: &members)
        return LJ.obj(members)
    }
}
