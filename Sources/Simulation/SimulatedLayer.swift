import Motion
// A layer of the simulated tree: its definition (art, initial values) and one track per property.
import TransitionModel

package struct SimulatedLayer: Hashable, Sendable {
    package let index: Int
    package let id: String?
    /// Initial values and art. `children` of the definition are represented by `children` indices instead.
    package let definition: LayerDefinition
    package let parent: Int?
    /// Children in paint order, bottom to top (sorted by zPosition, then by order of addition).
    package internal(set) var children: [Int]
    /// For a snapshot layer: the layer whose initial art it shows, stretched to this layer's bounds.
    package internal(set) var snapshotSource: Int?

    package internal(set) var position: PropertyTrack<Point>
    package internal(set) var size: PropertyTrack<Size>
    package internal(set) var transform: PropertyTrack<LayerTransform>
    /// The animated number-valued properties' tracks (`LayerProperty.animatedLayerNumbers`, then
    /// `animatedMaskNumbers`; the mask's are constant, unused, when the layer has no mask).
    package internal(set) var numbers: NumberTracks<PropertyTrack<Double>>
    package internal(set) var hidden: DiscreteTrack<Bool>
    package internal(set) var zPosition: DiscreteTrack<Double>
    package internal(set) var anchorPoint: DiscreteTrack<Point>
    /// The mask's geometry (constant, unused, when the layer has no mask).
    package internal(set) var maskFrame: PropertyTrack<Rect>
    package internal(set) var maskCenter: PropertyTrack<Point>

    /// `definition` is taken: kept without its children, the caller's copy moved in, not copied
    /// again (flatten makes one per layer): stored first and read in place (assigned last, it was
    /// copied and the taken one destroyed, ~580 instructions a layer). `shared`: number tracks of
    /// layers made before, reused when this one's start from the same values (`numberTracks`).
    init(
        index: Int, definition art: consuming LayerDefinition, parent: Int?, snapshotSource: Int?,
        sharing shared: inout [NumberTracks<PropertyTrack<Double>>]
    ) {
        art.children = []
        // Moved in (`consume`): a plain assignment copied the taken definition (every field
        // retained) and destroyed it at the end, ~500 instructions a layer made.
        self.definition = consume art
        self.index = index
        self.id = definition.id
        self.parent = parent
        self.children = []
        self.snapshotSource = snapshotSource
        position = PropertyTrack(initial: definition.position)
        size = PropertyTrack(initial: definition.size)
        transform = PropertyTrack(initial: definition.transform)
        // The mask's values read in place: `definition.mask ?? Self.noMask` copied the mask (its
        // numbers retained, then released) for every layer made.
        if case .some = definition.mask {
            numbers = Self.numberTracks(definition.numbers, definition.mask!.numbers, sharing: &shared)
            maskFrame = PropertyTrack(initial: definition.mask!.frame)
            maskCenter = PropertyTrack(initial: definition.mask!.center)
        } else {
            numbers = Self.numberTracks(definition.numbers, Self.noMask.numbers, sharing: &shared)
            maskFrame = PropertyTrack(initial: Self.noMask.frame)
            maskCenter = PropertyTrack(initial: Self.noMask.center)
        }
        hidden = DiscreteTrack(initial: definition.hidden)
        // `numbers[.zPosition]`, not the `zPosition` getter (another module's, called on a copy of the definition).
        zPosition = DiscreteTrack(initial: definition.numbers[.zPosition])
        anchorPoint = DiscreteTrack(initial: definition.anchorPoint)
    }

    /// A new layer's number tracks: each starts at the layer's (or its mask's) initial value. Most
    /// layers start from one of a few sets of values (opacity 1, no corner, no mask): the tracks
    /// of a layer made before from the same bits are reused, one array shared (a track that later
    /// gets an event is copied then, as any value), not one allocated per layer.
    static func numberTracks(
        _ initial: borrowing PropertyNumbers, _ maskNumbers: borrowing PropertyNumbers, sharing shared: inout [NumberTracks<PropertyTrack<Double>>]
    ) -> NumberTracks<PropertyTrack<Double>> {
        let properties = numberProperties
        // The layer's own come first (`numberProperties`): an index test, not a search of them.
        let layerCount = layerNumberProperties.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: properties.count) { values in
            for k in properties.indices {
                let p = properties[k]
                values[k] = k < layerCount ? initial[p] : maskNumbers[p]
            }
            for kept in shared where startsAt(kept, values) { return kept }
            var k = 0
            let made = NumberTracks(properties) { _ in
                defer { k += 1 }
                return PropertyTrack(initial: values[k])
            }
            // A few sets kept: the last ones made.
            if shared.count == sharedNumberTracks { shared.removeFirst() }
            shared.append(made)
            return made
        }
    }

    /// Whether `tracks` are new tracks starting at `values`: made from the same bits (-0 and 0
    /// differ here) and still without events.
    private static func startsAt(_ tracks: NumberTracks<PropertyTrack<Double>>, _ values: UnsafeMutableBufferPointer<Double>) -> Bool {
        guard tracks.tracks.count == values.count else { return false }
        for k in values.indices where tracks.tracks[k].initial.bitPattern != values[k].bitPattern || !tracks.tracks[k].events.isEmpty {
            return false
        }
        return true
    }

    /// How many sets of number tracks `numberTracks` keeps for reuse.
    static let sharedNumberTracks = 4

    /// The layer's presentation values at time t, as drawn (opacity and corner radii clamped: DrawnRange).
    package func state(at t: Double) -> LayerState {
        withUnsafePointer(to: self) { Self.state(of: $0, at: t) }
    }

    /// The state of the layer at `layer`, reading each track in place: `Simulation.state(at:)`
    /// calls this for every layer at every sampled time, where passing the layer by value made
    /// Swift copy it whole (every track retained and released; BENCHMARKS.md#6-light-3d-projected-content-fitted-issue-13, speed pass).
    @inline(__always)
    static func state(of layer: UnsafePointer<SimulatedLayer>, at t: Double) -> LayerState {
        LayerState(
            position: layer.pointee.position.value(at: t), size: layer.pointee.size.value(at: t),
            anchorPoint: layer.pointee.anchorPoint.value(at: t), transform: layer.pointee.transform.value(at: t),
            opacity: opacity(of: layer, at: t), hidden: layer.pointee.hidden.value(at: t), zPosition: layer.pointee.zPosition.value(at: t),
            cornerRadius: cornerRadius(of: layer, at: t), mask: mask(of: layer, at: t))
    }

    // The drawn values read from more than one track or clamped, written once for `state(of:at:)`
    // and for MovingStateSampler.update (which reads only the fields that can have changed).
    @inline(__always)
    static func opacity(of layer: UnsafePointer<SimulatedLayer>, at t: Double) -> Double {
        DrawnRange.clamp(layer.pointee.numbers.tracks[opacityIndex].value(at: t), as: .opacity)
    }

    @inline(__always)
    static func cornerRadius(of layer: UnsafePointer<SimulatedLayer>, at t: Double) -> Double {
        DrawnRange.clamp(layer.pointee.numbers.tracks[cornerRadiusIndex].value(at: t), as: .cornerRadius)
    }

    @inline(__always)
    static func mask(of layer: UnsafePointer<SimulatedLayer>, at t: Double) -> LayerMask? {
        guard var m = layer.pointee.definition.mask else { return nil }
        m.frame = layer.pointee.maskFrame.value(at: t)
        m.center = layer.pointee.maskCenter.value(at: t)
        for p in LayerProperty.maskNumbers { m.numbers[p] = DrawnRange.clamp(layer.pointee.numbers.tracks[numberIndex(p)].value(at: t), as: p) }
        return m
    }

    // `numbers[p]` is NumberTracks' generic subscript, which the compiler left unspecialized
    // here: each read fetched PropertyTrack<Double>'s metadata and copied the track.
    static let numberProperties = LayerProperty.animatedLayerNumbers + LayerProperty.animatedMaskNumbers
    /// The layer's own among them (`isLayerMember` tests the property's name: ~750 instructions
    /// a call, four per layer made), and the mask a layer without one reads its initial values from.
    static let layerNumberProperties = LayerProperty.animatedLayerNumbers
    static let noMask = LayerMask(shape: .rect)
    static let opacityIndex = numberIndex(.opacity)
    static let cornerRadiusIndex = numberIndex(.cornerRadius)
    @inline(__always)
    static func numberIndex(_ p: LayerProperty) -> Int {
        guard let i = numberProperties.firstIndex(of: p) else { preconditionFailure("no \(p.rawValue) track") }
        return i
    }
}

extension SimulatedLayer {
    /// The placing fields of `state(of:at:)` alone (position, size, anchor, transform, zPosition),
    /// read the same way; opacity 1, not hidden, no corner or mask (Simulation.geometryState).
    @inline(__always)
    static func geometryState(of layer: UnsafePointer<SimulatedLayer>, at t: Double) -> LayerState {
        LayerState(
            position: layer.pointee.position.value(at: t), size: layer.pointee.size.value(at: t),
            anchorPoint: layer.pointee.anchorPoint.value(at: t), transform: layer.pointee.transform.value(at: t),
            opacity: 1, hidden: false, zPosition: layer.pointee.zPosition.value(at: t), cornerRadius: 0)
    }

    /// Visits each registry property's track in registry order (LayerTracks.swift), beside the
    /// same track of `was` when given; `frame` has none (it sets position and size). A change
    /// the visitor returns is made to the track here. The tracks are passed in place: through
    /// key paths, each visit cost ~2,000 instructions of run-time key path projection and a copy
    /// of the track (BENCHMARKS.md#fit35-tracks-read-without-copies-same-bytes-2026-12-05).
    static func forEachTrack(_ layer: inout SimulatedLayer, was: SimulatedLayer? = nil, _ visitor: inout some LayerTrackVisitor) {
        // `was` read through a pointer: `was?.position` on the optional layer copied the whole
        // optional (~1 KB) at each property, nil or not (~1,700 instructions a layer visited).
        guard let was else { return forEachTrack(&layer, wasAt: nil, &visitor) }
        withUnsafePointer(to: was) { forEachTrack(&layer, wasAt: $0, &visitor) }
    }

    private static func forEachTrack(_ layer: inout SimulatedLayer, wasAt was: UnsafePointer<SimulatedLayer>?, _ visitor: inout some LayerTrackVisitor) {
        func animated<V>(_ p: LayerProperty, _ track: inout PropertyTrack<V>, _ was: PropertyTrack<V>?) {
            if let e = visitor.visit(p, track, was: was) { track.append(e) }
        }
        func discrete<V>(_ p: LayerProperty, _ track: inout DiscreteTrack<V>, _ was: DiscreteTrack<V>?) {
            if let c = visitor.visit(p, track, was: was) { track.set(c.value, at: c.time) }
        }
        for p in LayerProperty.allCases {
            switch p {
            case .position: animated(p, &layer.position, was?.pointee.position)
            case .size: animated(p, &layer.size, was?.pointee.size)
            case .transform: animated(p, &layer.transform, was?.pointee.transform)
            case .opacity, .cornerRadius, .maskCornerRadius, .maskRadius:
                // Read from `tracks` (a stored array); written through the subscript only on a change.
                let k = numberIndex(p)
                if let e = visitor.visit(p, layer.numbers.tracks[k], was: was?.pointee.numbers.tracks[k]) { layer.numbers[p].append(e) }
            case .hidden: discrete(p, &layer.hidden, was?.pointee.hidden)
            case .zPosition: discrete(p, &layer.zPosition, was?.pointee.zPosition)
            case .anchorPoint: discrete(p, &layer.anchorPoint, was?.pointee.anchorPoint)
            case .maskFrame: animated(p, &layer.maskFrame, was?.pointee.maskFrame)
            case .maskCenter: animated(p, &layer.maskCenter, was?.pointee.maskCenter)
            case .frame: break
            }
        }
    }
}

/// What a layer presents at one instant.
package struct LayerState: Hashable, Sendable {
    package var position: Point
    package var size: Size
    package var anchorPoint: Point
    package var transform: LayerTransform
    // The drawn numbers are plain fields, not PropertyNumbers: a state is made and copied for
    // every sampled frame, and keyed storage there cost ~20 % of the default export's CPU.
    package var opacity: Double
    package var hidden: Bool
    package var zPosition: Double
    package var cornerRadius: Double
    /// The mask's current geometry (bounds space), when the layer has a mask.
    package var mask: LayerMask?

    package init(
        position: Point, size: Size, anchorPoint: Point, transform: LayerTransform, opacity: Double,
        hidden: Bool, zPosition: Double, cornerRadius: Double, mask: LayerMask? = nil
    ) {
        self.position = position; self.size = size; self.anchorPoint = anchorPoint; self.transform = transform
        self.opacity = opacity; self.hidden = hidden; self.zPosition = zPosition; self.cornerRadius = cornerRadius
        self.mask = mask
    }

    /// `a[i] == b[j]` read in place: the synthesized comparison's fields (the transform's and the
    /// mask's too) in declaration order, so the same answers. `a[i] == b[j]` copied both states,
    /// then reached LayerTransform's and LayerMask's == through Equatable's witnesses
    /// (ProjectionGrid.append compares one per projected layer and grid time).
    package static func equal(_ a: [LayerState], _ i: Int, _ b: [LayerState], _ j: Int) -> Bool {
        a[i].position == b[j].position && a[i].size == b[j].size && a[i].anchorPoint == b[j].anchorPoint
            && a[i].transform.translation == b[j].transform.translation && a[i].transform.scale == b[j].transform.scale
            && a[i].transform.rotation == b[j].transform.rotation && a[i].transform.rotationX == b[j].transform.rotationX
            && a[i].transform.rotationY == b[j].transform.rotationY && a[i].transform.m34 == b[j].transform.m34
            && a[i].opacity == b[j].opacity && a[i].hidden == b[j].hidden && a[i].zPosition == b[j].zPosition
            && a[i].cornerRadius == b[j].cornerRadius && a[i].mask?.shape == b[j].mask?.shape
            && a[i].mask?.frame == b[j].mask?.frame && a[i].mask?.center == b[j].mask?.center
            && a[i].mask?.numbers == b[j].mask?.numbers
    }

    /// Whether a and b have the same bits in every field `Simulation.placed` reads (position,
    /// size, anchor point, transform, zPosition): then they give the same matrix.
    @inline(__always)
    static func samePlacing(_ a: LayerState, _ b: LayerState) -> Bool {
        func same(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern }
        return same(a.position.x, b.position.x) && same(a.position.y, b.position.y) && same(a.size.width, b.size.width)
            && same(a.size.height, b.size.height) && same(a.anchorPoint.x, b.anchorPoint.x) && same(a.anchorPoint.y, b.anchorPoint.y)
            && same(a.zPosition, b.zPosition) && same(a.transform.translation.x, b.transform.translation.x)
            && same(a.transform.translation.y, b.transform.translation.y) && same(a.transform.scale.x, b.transform.scale.x)
            && same(a.transform.scale.y, b.transform.scale.y) && same(a.transform.rotation, b.transform.rotation)
            && same(a.transform.rotationX, b.transform.rotationX) && same(a.transform.rotationY, b.transform.rotationY)
            && same(a.transform.m34, b.transform.m34)
    }

    /// The drawn value of a number-valued property (`LayerProperty.numberUnit`), the layer's own
    /// or its mask's; nil for a mask property without a mask, and for other properties.
    package func number(_ property: LayerProperty) -> Double? {
        switch property {
        case .opacity: return opacity
        case .zPosition: return zPosition
        case .cornerRadius: return cornerRadius
        case .maskCornerRadius, .maskRadius: return mask?.numbers[property]
        case .position, .size, .frame, .transform, .hidden, .anchorPoint, .maskFrame, .maskCenter: return nil
        }
    }

    /// The radius of the bounds' rounded corners as drawn (TransitionModel/RoundedBounds.swift).
    package var boundsRadius: Double { cornerRadius }

    /// A state at a definition's initial values (unclamped).
    package init(initialOf d: LayerDefinition) {
        self.init(
            position: d.position, size: d.size, anchorPoint: d.anchorPoint, transform: d.transform, opacity: d.opacity,
            hidden: d.hidden, zPosition: d.zPosition, cornerRadius: d.numbers.boundsRadius)
    }

    /// The transform as a CATransform3D, applied to points relative to the anchor.
    package var transform3D: Transform3D { Self.matrix(transform) }

    /// S·Rz·Ry·Rx·T·P (row vectors: scale first, perspective last; see LayerTransform).
    package static func matrix(_ t: LayerTransform) -> Transform3D {
        // A zero angle's rotation is the identity to the bit (cos ±0 = 1 and sin ±0 = ±0, and
        // each other entry sums products by the axis' +0 components to +0): no cos and sin.
        var m = Transform3D.scale(t.scale.x, t.scale.y)
            .concatenating(t.rotation == 0 ? .identity : .rotation(angle: t.rotation, x: 0, y: 0, z: 1))
        // Skipped when zero, so 2D transforms stay bit-for-bit what they were.
        if t.rotationY != 0 { m = m.concatenating(.rotation(angle: t.rotationY, x: 0, y: 1, z: 0)) }
        if t.rotationX != 0 { m = m.concatenating(.rotation(angle: t.rotationX, x: 1, y: 0, z: 0)) }
        m = m.concatenating(.translation(t.translation.x, t.translation.y))
        if t.m34 != 0 { m = m.concatenating(.perspective(eyeDistance: -1 / t.m34)) }
        return m
    }

    /// `geometry.anchorInBounds` without the transform's matrix: all a sublayer's placing reads of
    /// its superlayer (Simulation.placed), which built the superlayer's whole geometry, its
    /// rotations' sines and cosines included, per sublayer and time.
    /// LayerGeometry.anchorInBounds's sums with its zero bounds origin (the same bits).
    @inline(__always)
    package var anchorInBounds: Point { Point(0 + anchorPoint.x * size.width, 0 + anchorPoint.y * size.height) }

    /// zPosition is the layer's z in its superlayer: it only shows through a perspective above.
    @inline(__always)
    package var geometry: LayerGeometry {
        LayerGeometry(position: position, boundsSize: size, anchorPoint: anchorPoint, zPosition: zPosition, transform: transform3D)
    }
}
