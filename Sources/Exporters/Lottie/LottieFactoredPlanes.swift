import JSONText
import Keyframes
import Motion
import Simulation
// A factored flip's plane in Lottie (ProjectedLayer.plane, one fit with the SVG's): the plane's
// A = translate(T) · scale(sx, 1) about the hinge is the `ks` of its top layer (a = 0, p = T,
// s = [sx × 100, 100]) and its sublayers in the same plane inherit it by parenting; the `sh`
// keys are R's. rlottie, ThorVG and lottie-web mirror a layer at a negative x-scale and draw
// nothing at 0 (BENCHMARKS.md#the-factored-projection-written-lottie). A moving T (the cube's
// edge) is a keyed `p` and a clip R's outline as the layer's own mask, with `movingPlanes` (on
// by default; their R fitted for Lottie alone, ReductionInputs.lottieFactored)
// (BENCHMARKS.md#the-cube-in-lottie-as-planes). Anything else drawn in a plane layer's space
// that is not in the plane (masks, pictures, art parts, another space's sublayer) makes the
// writer take today's keys (KeyframedTransition.withoutPlanes).
import TransitionModel

extension LottieDocument {
    /// The plane whose A layer i's `ks` carries: its own, unless its parent already carries it.
    func writtenPlane(_ i: Int) -> ProjectedPlane? {
        guard isLottieLayer[i], let plane = transition.projected[i]?.plane else { return nil }
        if let p = simulation.layers[i].parent, transition.projected[p]?.plane?.reference == plane.reference { return nil }
        return plane
    }

    /// A plane's top layer's `ks`: A, with the layer's opacity × its ancestors'.
    func planeTransform(_ i: Int, _ plane: ProjectedPlane) -> JSONValue {
        transformJSON(
            position: plane.translation.isAnimated
                ? props.property(plane.translation.map { LVec([$0.x, $0.y]) }, decimals: LottieDecimals.length, kind: .vector)
                : LJ.staticArr([plane.translation.initialValue.x, plane.translation.initialValue.y], LottieDecimals.length),
            scale: props.property(plane.scaleX.map { LVec([$0 * 100, 100]) }, decimals: LottieDecimals.scalePercent, kind: .vector),
            opacity: props.opacity(combinedOpacity(i)), layer: true)
    }

    /// Whether every factored layer can be drawn in its plane's space: all of its descendants are
    /// in the same plane, and nothing host-space hangs on its Lottie layer (masks, pictures, art
    /// parts, runs or pieces, picture cells, the opacity overlay). A track matte is a layer of
    /// its own, in its clipping ancestor's space: allowed.
    func planesWritable(movingPlanes: Bool) throws -> Bool {
        for i in simulation.layers.indices {
            guard let plane = transition.projected[i]?.plane else { continue }
            guard movingPlanes || !plane.translation.isAnimated else { return false }
            let inPlane = simulation.descendants(of: i).allSatisfy { transition.projected[$0]?.plane?.reference == plane.reference }
            guard inPlane else { return false }
            if !isLottieLayer[i] {
                // Drawn as items of its parent's layer: that must be in the same plane.
                guard let p = simulation.layers[i].parent, transition.projected[p]?.plane?.reference == plane.reference else { return false }
                continue
            }
            // With movingPlanes its own clip is R's outline, a mask in the layer's space (the
            // plane's), and a clipping ancestor in the same plane cuts it through a matte
            // parented to that ancestor, also in R.
            let masksInPlane =
                movingPlanes
                ? clippingAncestors(i).allSatisfy { transition.projected[$0]?.plane?.reference == plane.reference }
                    && transition.projected[i]?.mask == nil && !flatArtTakesAncestorMasks(i)
                : (flatArtTakesAncestorMasks(i) ? ancestorClipMasks(i, after: clipMasks(i)) : clipMasks(i)).isEmpty
            guard masksInPlane, opacityOverlay != i, pictureCells(i).isEmpty, artPieces(i).isEmpty, artOpacityRuns(i).isEmpty,
                try artParts(i).isEmpty, try pictures(over: i).isEmpty
            else { return false }
        }
        return true
    }
}
