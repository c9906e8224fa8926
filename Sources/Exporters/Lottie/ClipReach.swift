import Keyframes
import Motion
import Simulation
// Whether a clipping ancestor's clip can ever cut a Lottie layer below it. When nothing on
// the way down moves or resizes, the ancestor's bounds do not change, and the layer's bounds
// and its static art lie inside the ancestor's rounded bounds, the clip removes nothing at
// any time, and the layer is written without a matte (stories-cube's shade fills its face
// exactly: a matte there only made rlottie's edges worse).
import TransitionModel

extension LottieDocument {
    func clipNeverCuts(_ ancestor: Int, _ i: Int) -> Bool {
        let a = transition.layers[ancestor]
        guard !a.size.isAnimated, !a.boundsRadius.isAnimated else { return false }
        var chain: [Int] = []  // i, its parent, … up to the child of `ancestor`
        var p: Int? = i
        while let j = p, j != ancestor { chain.append(j); p = simulation.layers[j].parent }
        guard p == ancestor else { return false }
        var toAncestor = Affine2D.identity
        for j in chain {
            let k = transition.layers[j]
            guard !k.position.isAnimated, !k.size.isAnimated, !k.translation.isAnimated, !k.scale.isAnimated,
                !k.rotation.isAnimated, !k.anchorPoint.isAnimated
            else { return false }
            let size = k.size.initialValue, an = k.anchorPoint.initialValue
            let local = Affine2D.layer(
                position: k.position.initialValue + k.translation.initialValue, scale: k.scale.initialValue,
                rotation: k.rotation.initialValue, anchor: Point(an.x * size.width, an.y * size.height))
            toAncestor = local.after(toAncestor)
        }
        let bounds = a.size.initialValue, radius = a.boundsRadius.initialValue
        func inside(_ m: Affine2D, _ s: Size) -> Bool {
            [(0, 0), (s.width, 0), (s.width, s.height), (0, s.height)].allSatisfy {
                ClipPath.contains(m.apply($0.0, $0.1), width: bounds.width, height: bounds.height, radius: radius)
            }
        }
        // The layer's own bounds, then the art drawn inside its Lottie layer (sublayers that
        // are not Lottie layers themselves; those decide their own matte).
        var fits = inside(toAncestor, transition.layers[i].size.initialValue)
        func visit(_ j: Int, _ m: Affine2D) {
            for c in simulation.layers[j].children where fits && !isLottieLayer[c] {
                let d = simulation.layers[c].definition
                let mc = m.after(staticAffine(d))
                if !d.hidden, !inside(mc, d.size) { fits = false }
                visit(c, mc)
            }
        }
        visit(i, toAncestor)
        return fits
    }
}
