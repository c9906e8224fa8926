/// UIKit's `UIView.ContentMode` for a picture in a layer's bounds (UIImageView's layout).
/// `redraw` is left out: it redraws through `draw(_:)`, which a picture layer does not have.
package enum ContentMode: String, CaseIterable, Hashable, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// The picture's frame in the bounds' space, for a picture of `content` size (points) in
    /// bounds of `bounds` size. Unscaled modes keep the picture's size and may overflow the
    /// bounds, as in UIKit (clipsToBounds decides whether the overflow shows).
    package func frame(content: (width: Double, height: Double), bounds: (width: Double, height: Double)) -> ArtRect {
        let (cw, ch) = content, (bw, bh) = bounds
        switch self {
        case .scaleToFill:
            return ArtRect(x: 0, y: 0, width: bw, height: bh)
        case .scaleAspectFit, .scaleAspectFill:
            guard cw > 0, ch > 0 else { return ArtRect(x: bw / 2, y: bh / 2, width: 0, height: 0) }
            let s = self == .scaleAspectFit ? min(bw / cw, bh / ch) : max(bw / cw, bh / ch)
            return ArtRect(x: (bw - cw * s) / 2, y: (bh - ch * s) / 2, width: cw * s, height: ch * s)
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            let name = rawValue.lowercased()
            let x = name.contains("left") ? 0 : name.contains("right") ? bw - cw : (bw - cw) / 2
            let y = name.hasPrefix("top") ? 0 : name.hasPrefix("bottom") ? bh - ch : (bh - ch) / 2
            return ArtRect(x: x, y: y, width: cw, height: ch)
        }
    }
}
