// SVG art under a 3D transform whose opacity sits over shapes that overlap
// (ProjectedArtworkOpacity.swift): the SVG export composites them once in `<g opacity>`. A
// Lottie shape group's opacity is multiplied into each item by rlottie, ThorVG and lottie-web,
// so the lower shape would show through the upper: refused with the art's file and line.
import Keyframes
import TransitionModel

extension LottieDocument {
    func checkArtOpacityGroups() throws {
        for p in transition.projected.compactMap({ $0 }) {
            guard let g = p.opacityGroups.first, case .artwork(let art) = simulation.layers[p.layer].definition.kind else { continue }
            throw TransExportError.artwork(
                file: art.path, line: g.line,
                "layer \"\(names[p.layer])\": opacity over overlapping shapes under a 3D transform is not carried in Lottie yet "
                    + "(the SVG export carries it; set the opacity on each shape, or keep the shapes 2 pt apart)")
        }
    }
}
