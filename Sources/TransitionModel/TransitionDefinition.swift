// The definition format (v1) as Swift values. A template file, a user's file and code that
// builds a transition with this API all end up as the same `TransitionDefinition`.

package struct TransitionDefinition: Hashable, Sendable {
    package static let formatVersion = 1

    package var name: String
    package var description: String
    /// Where the numbers come from (a seed article), free text.
    package var source: String?
    /// Values that were chosen rather than taken from the source, with the reason.
    package var chosen: [ChosenValue]
    package var canvas: Canvas
    /// Frame rate of the Lottie export (and of sampled keyframes).
    package var frameRate: Double
    package var timeline: TimelineSettings
    /// Root layers, bottom to top (like `subviews`).
    package var layers: [LayerDefinition]
    package var phases: [Phase]
    /// A finger-driven transition (Interaction.swift): then the timeline is its branches, and
    /// phases run from it.
    package var interaction: Interaction? = nil

    package init(
        name: String, description: String, source: String? = nil, chosen: [ChosenValue] = [],
        canvas: Canvas, frameRate: Double = 60, timeline: TimelineSettings = TimelineSettings(),
        layers: [LayerDefinition], phases: [Phase]
    ) {
        self.name = name; self.description = description; self.source = source; self.chosen = chosen
        self.canvas = canvas; self.frameRate = frameRate; self.timeline = timeline
        self.layers = layers; self.phases = phases
    }

    /// Every layer in the tree, depth first, parents before children.
    package var allLayers: [LayerDefinition] {
        var out: [LayerDefinition] = []
        func visit(_ l: LayerDefinition) { out.append(l); l.children.forEach(visit) }
        layers.forEach(visit)
        return out
    }

    package func layer(withID id: String) -> LayerDefinition? { allLayers.first { $0.id == id } }
}

package struct ChosenValue: Hashable, Sendable {
    package var what: String
    package var why: String
    package init(what: String, why: String) { self.what = what; self.why = why }
}

package struct Canvas: Hashable, Sendable {
    package var size: Size
    package var background: Color
    package init(size: Size, background: Color = .white) { self.size = size; self.background = background }
}

/// The exported timeline: hold → phase 1 → hold → phase 2 … → hold, then it loops.
package struct TimelineSettings: Hashable, Sendable {
    package var holdBefore: Double
    package var holdBetween: Double
    package var holdAfter: Double
    package init(holdBefore: Double = 0.6, holdBetween: Double = 0.6, holdAfter: Double = 0.6) {
        self.holdBefore = holdBefore; self.holdBetween = holdBetween; self.holdAfter = holdAfter
    }
}

/// A UIView/CALayer with its initial model values. Coordinates are in the superlayer's bounds space.
package struct LayerDefinition: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// A container ("screen"); draws its fill (backgroundColor) if it has one.
        case group
        case rect
        case ellipse
        /// Placeholder bars standing for `lines` lines of text.
        case text(lines: Int)
        /// `snapshotView(afterScreenUpdates:)` of another layer: a frozen copy of its art at its
        /// initial state, stretched to this layer's bounds.
        case snapshot(of: String)
        /// A user's picture (`image`: PNG/JPEG) or vector art (`svg`), laid out by its content mode (LayerArtwork.swift).
        case artwork(LayerArtwork)
    }

    package var id: String?
    package var kind: Kind
    package var position: Point
    package var size: Size
    package var anchorPoint: Point
    package var transform: LayerTransform
    package var hidden: Bool
    /// Initial values of the number-valued properties (`LayerProperty.layerNumbers`: opacity,
    /// zPosition, the bounds' corner radius, ...), keyed by the registry.
    package var numbers: PropertyNumbers
    package var opacity: Double {
        get { numbers[.opacity] }
        set { numbers[.opacity] = newValue }
    }
    package var zPosition: Double {
        get { numbers[.zPosition] }
        set { numbers[.zPosition] = newValue }
    }
    package var clipsToBounds: Bool
    package var fill: Fill?
    package var children: [LayerDefinition]
    /// `layer.sublayerTransform`, applied to the sublayers about this layer's anchor (docs/uikit-motion.md#layer-geometry).
    package var sublayerTransform: LayerTransform = .identity
    /// `layer.mask`: a shape in this layer's bounds space; it cuts the layer and its sublayers.
    package var mask: LayerMask?
    /// Where the layer was written (the `use` site for art), so that a problem found after
    /// decoding (an exporter's limit) is reported at its line and column; nil for code-built layers.
    package var origin: SourceOrigin? {
        get { written.origin }
        set { written.origin = newValue }
    }
    var written = WhereWritten()

    package init(
        id: String? = nil, kind: Kind = .group, position: Point, size: Size,
        anchorPoint: Point = Point(0.5, 0.5), transform: LayerTransform = .identity,
        opacity: Double = 1, hidden: Bool = false, zPosition: Double = 0,
        numbers: [LayerProperty: Double] = [:], clipsToBounds: Bool = false, fill: Fill? = nil,
        children: [LayerDefinition] = [], sublayerTransform: LayerTransform = .identity, mask: LayerMask? = nil
    ) {
        self.id = id; self.kind = kind; self.position = position; self.size = size
        self.anchorPoint = anchorPoint; self.transform = transform
        self.numbers = PropertyNumbers(LayerProperty.layerNumbers, values: numbers)
        self.hidden = hidden
        self.clipsToBounds = clipsToBounds; self.fill = fill; self.children = children
        self.sublayerTransform = sublayerTransform; self.mask = mask
        self.opacity = opacity; self.zPosition = zPosition
    }

    /// A layer placed by its frame, as `UIView(frame:)` does (identity transform).
    package init(
        id: String? = nil, kind: Kind = .group, frame: Rect, anchorPoint: Point = Point(0.5, 0.5),
        opacity: Double = 1, hidden: Bool = false, zPosition: Double = 0, numbers: [LayerProperty: Double] = [:],
        clipsToBounds: Bool = false, fill: Fill? = nil, children: [LayerDefinition] = []
    ) {
        self.init(
            id: id, kind: kind,
            position: Point(frame.minX + anchorPoint.x * frame.size.width, frame.minY + anchorPoint.y * frame.size.height),
            size: frame.size, anchorPoint: anchorPoint, opacity: opacity, hidden: hidden,
            zPosition: zPosition, numbers: numbers, clipsToBounds: clipsToBounds,
            fill: fill, children: children)
    }
}

/// A layer `transform` as its components, relative to the anchor point. Applied to a point in
/// this order: scale, rotation (z), rotationY, rotationX, translation, then perspective; as a
/// CATransform3D (row vectors) S·Rz·Ry·Rx·T·P. So `{"rotationY": θ, "perspective": d}` is
/// `t.m34 = −1/d; t = CATransform3DRotate(t, θ, 0, 1, 0)` = R_y·P (docs/uikit-motion.md#perspective).
package struct LayerTransform: Hashable, Sendable {
    package var translation: Point
    package var scale: Point
    /// Radians, positive = clockwise on screen (y points down), as `CGAffineTransform(rotationAngle:)`.
    package var rotation: Double
    /// Radians about the x / y axis, as `CATransform3DMakeRotation(θ, 1, 0, 0)` / `(θ, 0, 1, 0)`.
    package var rotationX: Double
    package var rotationY: Double
    /// The perspective entry m34 = −1/d for an eye distance d; 0 = none. It animates linearly
    /// (CA interpolates the decomposed perspective component).
    package var m34: Double
    package init(
        translation: Point = .zero, scale: Point = Point(1, 1), rotation: Double = 0,
        rotationX: Double = 0, rotationY: Double = 0, m34: Double = 0
    ) {
        self.translation = translation; self.scale = scale; self.rotation = rotation
        self.rotationX = rotationX; self.rotationY = rotationY; self.m34 = m34
    }
    package static let identity = LayerTransform()
    package static func scale(_ sx: Double, _ sy: Double) -> LayerTransform { LayerTransform(scale: Point(sx, sy)) }
    /// Field by field, as `== .identity` (that read the static and compared through the
    /// synthesized ==: ~135 instructions, per layer per sampled state).
    package var isIdentity: Bool {
        translation.x == 0 && translation.y == 0 && scale.x == 1 && scale.y == 1 && rotation == 0 && rotationX == 0
            && rotationY == 0 && m34 == 0
    }
    /// Rotates out of the screen plane (gives points a z), so perspective can act on it.
    package var is3D: Bool { rotationX != 0 || rotationY != 0 }
    /// Only perspective (or nothing): it leaves every point of the z = 0 plane where it is.
    package var isPerspectiveOnly: Bool { LayerTransform(m34: m34) == self }
}

package enum Fill: Hashable, Sendable {
    case solid(Color)
    case linearGradient(LinearGradient)
}

/// A gradient across the layer's bounds; `start`/`end` in unit coordinates (like CAGradientLayer).
package struct LinearGradient: Hashable, Sendable {
    package struct Stop: Hashable, Sendable {
        package var offset: Double
        package var color: Color
        package init(offset: Double, color: Color) { self.offset = offset; self.color = color }
    }
    package var start: Point
    package var end: Point
    package var stops: [Stop]
    package init(start: Point = Point(0, 0.5), end: Point = Point(1, 0.5), stops: [Stop]) {
        self.start = start; self.end = end; self.stops = stops
    }
}

/// A value's place in the file, carried for diagnostics only: it takes no part in equality or
/// hashing, so a decoded definition equals the same definition built in code.
struct WhereWritten: Hashable, Sendable {
    var origin: SourceOrigin?
    static func == (a: WhereWritten, b: WhereWritten) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
