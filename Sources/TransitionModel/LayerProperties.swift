// Every animatable layer property, described once: its JSON name (and the UIKit alias a user may
// write), the kind of value it holds, how Core Animation moves it, its default, the range values
// are checked against where they enter, the range it is drawn in, and which players draw it. The
// decoder reads a change's value through this table, the simulation clamps what it draws with it,
// and number-valued properties are stored and travel keyed by it (`PropertyValue.number`; a
// definition's and mask's `PropertyNumbers` over `layerNumbers` / `maskNumbers`;
// `NumberTracks` over `animatedLayerNumbers` / `animatedMaskNumbers`), so the initial values,
// drawn values, exact tracks, keyframes, error measures, fit report and motion spec iterate the lists. Adding a property is one case here plus the
// places the compiler then points at (README "How it is built" counts them).

/// A property a phase's change, an interaction's change or a layer's own member can set.
/// The raw value is the name a definition writes (`"mask.cornerRadius"`).
@usableFromInline package enum LayerProperty: String, CaseIterable, Hashable, Sendable {
    case position, size, frame, transform, opacity, hidden, zPosition, cornerRadius, anchorPoint
    case maskFrame = "mask.frame"
    case maskCornerRadius = "mask.cornerRadius"
    case maskCenter = "mask.center"
    case maskRadius = "mask.radius"

    /// The property a definition's name means, aliases (`center`, `alpha`) included.
    package init?(named name: String) {
        guard let p = Self.allCases.first(where: { $0.rawValue == name || $0.aliases.contains(name) }) else { return nil }
        self = p
    }

    /// The value a property holds.
    package enum ValueKind: Sendable {
        case number, point, size, rect, transform, flag
    }

    /// How a change to the property reaches the screen.
    package enum Interpolation: Sendable {
        /// Core Animation interpolates it (a basic or spring animation, or a finger following it).
        case animated
        /// It takes its new value at once and never animates (`isHidden`, `zPosition`, `anchorPoint`).
        case immediate
        /// It animates by setting other properties (`frame`: position and bounds size).
        case derived
    }

    /// The exported players that draw the property, and how.
    package struct Players: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Animated SVG (SMIL).
        package static let smil = Players(rawValue: 1)
        /// Lottie JSON.
        package static let lottie = Players(rawValue: 2)
        package static let all: Players = [.smil, .lottie]
    }

    /// Other names a definition may write for it: UIKit's (`center` for position, `alpha` for opacity).
    package var aliases: [String] {
        switch self {
        case .position: return ["center"]
        case .opacity: return ["alpha"]
        case .size, .frame, .transform, .hidden, .zPosition, .cornerRadius, .anchorPoint,
            .maskFrame, .maskCornerRadius, .maskCenter, .maskRadius:
            return []
        }
    }

    package var valueKind: ValueKind {
        switch self {
        case .position, .anchorPoint, .maskCenter: return .point
        case .size: return .size
        case .frame, .maskFrame: return .rect
        case .transform: return .transform
        case .opacity, .zPosition, .cornerRadius, .maskCornerRadius, .maskRadius: return .number
        case .hidden: return .flag
        }
    }

    package var interpolation: Interpolation {
        switch self {
        case .position, .size, .transform, .opacity, .cornerRadius, .maskFrame, .maskCornerRadius, .maskCenter, .maskRadius:
            return .animated
        case .hidden, .zPosition, .anchorPoint: return .immediate
        case .frame: return .derived
        }
    }

    /// Whether a gesture may make it follow the finger (assigned on every touch event, so it must
    /// move continuously), and so whether its numbers may be expressions.
    package var followsFinger: Bool {
        switch self {
        case .position, .size, .transform, .opacity, .cornerRadius: return true
        case .frame, .hidden, .zPosition, .anchorPoint, .maskFrame, .maskCornerRadius, .maskCenter, .maskRadius: return false
        }
    }

    /// A member of a layer's own object (`{"cornerRadius": 16}`); the mask's live in `mask`.
    package var isLayerMember: Bool { maskMember == nil }

    /// The member's name inside a layer's `mask` object (`cornerRadius` for `mask.cornerRadius`);
    /// nil for the layer's own properties.
    package var maskMember: String? { rawValue.hasPrefix("mask.") ? String(rawValue.dropFirst("mask.".count)) : nil }

    /// The value a layer has when its definition does not say; nil when the definition must say
    /// (position and size, or a frame).
    package var defaultValue: PropertyValue? {
        switch self {
        case .position, .size, .frame: return nil
        case .transform: return .transform(.identity)
        case .opacity: return .opacity(1)
        case .hidden: return .hidden(false)
        case .zPosition: return .zPosition(0)
        case .cornerRadius: return .cornerRadius(0)
        case .anchorPoint: return .anchorPoint(Point(0.5, 0.5))
        case .maskFrame: return .maskFrame(Rect(0, 0, 0, 0))
        case .maskCornerRadius: return .maskCornerRadius(0)
        case .maskCenter: return .maskCenter(.zero)
        case .maskRadius: return .maskRadius(0)
        }
    }

    /// The range Core Animation draws a number in: a spring may carry the value past it, but the
    /// drawn value is clamped (opacity in [0, 1]; a negative corner radius draws square corners).
    /// nil: drawn as it is.
    package var drawnRange: ClosedRange<Double>? {
        switch self {
        case .opacity: return 0...1
        case .cornerRadius, .maskCornerRadius: return 0...Double.greatestFiniteMagnitude
        case .position, .size, .frame, .transform, .hidden, .zPosition, .anchorPoint, .maskFrame, .maskCenter, .maskRadius:
            return nil
        }
    }

    /// Which players draw it (ExportersTests/LayerPropertyPlayersTests checks each named player's
    /// file changes with it). Every property today is drawn by both; the 3D part of a transform and
    /// zPosition under a perspective reach them as projected outlines (ProjectedContent).
    package var players: Players {
        switch self {
        case .position, .size, .frame, .transform, .opacity, .hidden, .zPosition, .cornerRadius, .anchorPoint,
            .maskFrame, .maskCornerRadius, .maskCenter, .maskRadius:
            return .all
        }
    }

    /// How long an animated SVG's animation of the property is active (docs/smil.md#active-only-while-changing).
    package enum SMILActivity: Sendable {
        /// From its first change to its last: Chromium redraws the element of every active
        /// animation on every frame, changed or not.
        case whileChanging
        /// The whole loop, held values included: Chromium draws a held or frozen group opacity on
        /// its 8-bit path, an active one exactly (group-fade-art, group-fade-pair were over their limits).
        case wholeLoop
    }

    /// How the SVG writer times an animation that draws this property (an opacity's, and the
    /// stop opacities that carry it on a projected gradient, over the whole loop).
    package var smilActivity: SMILActivity {
        switch self {
        case .opacity: return .wholeLoop
        case .position, .size, .frame, .transform, .hidden, .zPosition, .cornerRadius, .anchorPoint,
            .maskFrame, .maskCornerRadius, .maskCenter, .maskRadius:
            return .whileChanging
        }
    }
}

extension LayerProperty {
    /// What a number-valued property measures.
    package enum NumberUnit: Sendable {
        /// A share of the whole (opacity).
        case fraction
        /// A length in the layer's bounds space, in points.
        case length
    }

    /// What the property's number measures; nil when its value is not a number.
    package var numberUnit: NumberUnit? {
        switch self {
        case .opacity: return .fraction
        case .zPosition, .cornerRadius, .maskCornerRadius, .maskRadius: return .length
        case .position, .size, .frame, .transform, .hidden, .anchorPoint, .maskFrame, .maskCenter: return nil
        }
    }

    /// The range a finger's expression must keep a number in, and how a refusal words it; nil
    /// for properties that do not follow a finger or take any number.
    package var followedRange: (range: ClosedRange<Double>, expected: String)? {
        switch self {
        case .opacity: return (0...1, "an opacity from 0 to 1")
        case .cornerRadius: return (0...Double.greatestFiniteMagnitude, "a corner radius ≥ 0")
        case .position, .size, .frame, .transform, .hidden, .zPosition, .anchorPoint, .maskFrame, .maskCornerRadius, .maskCenter, .maskRadius:
            return nil
        }
    }

    /// The layer's own number-valued properties that animate, each its own track, in registry
    /// order (the tracks, keyframes, measures and fit report iterate this list).
    package static let animatedLayerNumbers = allCases.filter { $0.numberUnit != nil && $0.interpolation == .animated && $0.isLayerMember }
    /// The same for the layer's mask.
    package static let animatedMaskNumbers = allCases.filter { $0.numberUnit != nil && $0.interpolation == .animated && !$0.isLayerMember }
    /// Every number-valued property of the layer's own, animated or not: what a definition and a
    /// state hold in `numbers`.
    package static let layerNumbers = allCases.filter { $0.numberUnit != nil && $0.isLayerMember }
    /// The same for the mask.
    package static let maskNumbers = allCases.filter { $0.numberUnit != nil && !$0.isLayerMember }

    /// A number-valued property's default (`defaultValue`).
    @usableFromInline package var defaultNumber: Double {
        guard case .number(_, let x)? = defaultValue else { preconditionFailure("\(rawValue) has no default number") }
        return x
    }
}

extension LayerProperty {
    /// The property's value as a change or a layer member writes it, checked where it enters.
    func value(from v: JSONNode) throws -> PropertyValue {
        switch self {
        case .position: return .position(try v.point())
        case .size: return .size(try v.size())
        case .frame: return .frame(try v.rect())
        case .transform: return .transform(try DefinitionDecoder.decodeTransform(v))
        case .opacity: return .opacity(try v.number(0...1, "an opacity from 0 to 1"))
        case .hidden: return .hidden(try v.bool())
        case .zPosition: return .zPosition(try v.number())
        case .cornerRadius: return .cornerRadius(try v.nonNegative())
        case .anchorPoint: return .anchorPoint(try v.point("an anchor point [x, y] in unit coordinates"))
        case .maskFrame: return .maskFrame(try v.rect())
        case .maskCornerRadius: return .maskCornerRadius(try v.nonNegative())
        case .maskCenter: return .maskCenter(try v.point())
        case .maskRadius: return .maskRadius(try v.nonNegative())
        }
    }
}

extension PropertyValue {
    /// `alpha` / `layer.opacity`.
    package static func opacity(_ x: Double) -> PropertyValue { .number(.opacity, x) }
    /// `layer.zPosition`: never animates, takes effect at once.
    package static func zPosition(_ x: Double) -> PropertyValue { .number(.zPosition, x) }
    /// `layer.cornerRadius`.
    package static func cornerRadius(_ x: Double) -> PropertyValue { .number(.cornerRadius, x) }
    /// The mask's corner radius (a rect mask).
    package static func maskCornerRadius(_ x: Double) -> PropertyValue { .number(.maskCornerRadius, x) }
    /// The mask's radius (a circle or hole mask).
    package static func maskRadius(_ x: Double) -> PropertyValue { .number(.maskRadius, x) }

    /// The property this value is for.
    package var property: LayerProperty {
        switch self {
        case .position: return .position
        case .size: return .size
        case .frame: return .frame
        case .transform: return .transform
        case .number(let p, _): return p
        case .hidden: return .hidden
        case .anchorPoint: return .anchorPoint
        case .maskFrame: return .maskFrame
        case .maskCenter: return .maskCenter
        }
    }

    /// The property's name as a definition writes it (`"mask.cornerRadius"`).
    package var propertyName: String { property.rawValue }
}

extension LayerDefinition {
    /// The layer's initial value of a property; nil for a mask property when it has no mask.
    package func value(of property: LayerProperty) -> PropertyValue? {
        switch property {
        case .position: return .position(position)
        case .size: return .size(size)
        case .frame:
            return .frame(Rect(position.x - anchorPoint.x * size.width, position.y - anchorPoint.y * size.height, size.width, size.height))
        case .transform: return .transform(transform)
        case .opacity, .zPosition, .cornerRadius: return .number(property, numbers[property])
        case .hidden: return .hidden(hidden)
        case .anchorPoint: return .anchorPoint(anchorPoint)
        case .maskFrame: return mask.map { .maskFrame($0.frame) }
        case .maskCenter: return mask.map { .maskCenter($0.center) }
        case .maskCornerRadius, .maskRadius: return mask.map { .number(property, $0.numbers[property]) }
        }
    }

    /// Sets a property's initial value, as a plain assignment before any animation would: a frame
    /// places the layer about its anchor point (identity transform assumed, as UIView(frame:));
    /// a mask property changes nothing on a layer without a mask.
    package mutating func set(_ value: PropertyValue) {
        switch value {
        case .position(let p): position = p
        case .size(let s): size = s
        case .frame(let f):
            position = Point(f.minX + anchorPoint.x * f.size.width, f.minY + anchorPoint.y * f.size.height)
            size = f.size
        case .transform(let t): transform = t
        case .number(let p, let x):
            if p.isLayerMember { numbers[p] = x } else { mask?.set(value) }
        case .hidden(let h): hidden = h
        case .anchorPoint(let a): anchorPoint = a
        case .maskFrame, .maskCenter: mask?.set(value)
        }
    }
}

extension LayerMask {
    /// Sets one of the mask's properties; a layer's own property is not the mask's and changes nothing.
    package mutating func set(_ value: PropertyValue) {
        switch value {
        case .maskFrame(let f): frame = f
        case .maskCenter(let c): center = c
        case .number(let p, let x) where !p.isLayerMember: numbers[p] = x
        case .position, .size, .frame, .transform, .number, .hidden, .anchorPoint: break
        }
    }
}
