import JSONText
import Keyframes
import Motion
import Simulation
// Keyframes → an animated SVG that plays by itself (SMIL, no script) inside <img> and on GitHub.
// Each layer is a <g id> holding opacity/display, then one nested <g> per transform part
// (position → translation → rotation → scale → −anchor), following docs/smil.md#transform-composition and #writer-rules.
// Base attributes equal the first frame, so static viewers show frame 0.
import TransitionModel

package struct SVGWriter: Sendable {
    /// Where static art's markup is kept across exports; nil writes every file from scratch.
    let staticArt: SVGStaticArtCache?

    package init(staticArt: SVGStaticArtCache? = .shared) { self.staticArt = staticArt }

    /// The document; throws only when libxml2 fails (XMLTextWriter checks each call).
    package func svg(_ transition: KeyframedTransition) throws -> String {
        let doc = SVGDocument(transition, staticArt: staticArt)
        return try doc.write()
    }
}

/// Number precision per unit: every rounding stays under 0.001 px on a phone-sized canvas.
enum SVGNumber {
    static func length(_ x: Double) -> String { NumberFormat.string(x, maxDecimals: 4) }
    static func factor(_ x: Double) -> String { NumberFormat.string(x, maxDecimals: 6) }
    static func degrees(_ radians: Double) -> String { NumberFormat.string(radians * 180 / .pi, maxDecimals: 5) }
    static func pair(_ p: Point) -> String { NumberFormat.pair(p.x, p.y, maxDecimals: 4) }
    /// "x y" (lengths) appended: no String per number, no interpolation (BENCHMARKS.md#svgtext35b-svg-attribute-text-same-bytes-2026-12-05).
    static func appendPair(_ p: Point, to s: inout String) {
        NumberFormat.append(p.x, maxDecimals: 4, to: &s)
        s.append(" ")
        NumberFormat.append(p.y, maxDecimals: 4, to: &s)
    }
    /// "sx sy", a scale's two factors.
    static func factors(_ p: Point) -> String { NumberFormat.pair(p.x, p.y, maxDecimals: 6) }
    /// `type(value)`, a transform function, as bytes and a NUL (`XMLTextWriter.attribute(_:cString:)`):
    /// one String grown by appends cost ~600 instructions a function.
    static func functionBytes(_ type: String, _ value: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(type.utf8.count + value.utf8.count + 3)
        bytes += type.utf8
        bytes.append(0x28)  // (
        bytes += value.utf8
        bytes.append(0x29)  // )
        bytes.append(0)
        return bytes
    }
}

final class SVGDocument {
    let transition: KeyframedTransition
    /// The file's writer; another while static art is recorded (`recording`).
    private(set) var xml = XMLTextWriter()
    let staticArt: SVGStaticArtCache?
    /// Where static art is recorded before it is kept (SVGStaticArt.swift): one per file.
    lazy var staticArtRecorder = XMLTextWriter(document: false)
    var simulation: Simulation { transition.simulation }
    var duration: Double { transition.timeline.duration }
    private var nextDefID = 1
    /// While static art is recorded: the prefix of each id it asked for, in order.
    private var recordedIDPrefixes: [String]?
    /// Whether an animation begins on the loop clock, written at the end (`writeLoopClock`).
    private var usesLoopClock = false
    /// Whether a group has the `gecko-opacity` class, whose style sheet is written at the end (SVGLayerGroup.swift).
    var usesGeckoOpacity = false
    /// `isFollowed` of each layer once asked: every level of a static subtree asked it of all
    /// below (BENCHMARKS.md#writers35-the-writers-same-bytes-2026-12-05). Unchecked exclusivity:
    /// a document is written by one thread, and each access's run-time check cost ~80
    /// instructions (three or four per layer).
    @exclusivity(unchecked) private var followed: [Bool?] = []
    /// Pictures already embedded, so each is written once per file (SVGArtworkMarkup.swift).
    let embeddedImages = SVGEmbeddedImages()

    init(_ transition: KeyframedTransition, staticArt: SVGStaticArtCache? = nil) {
        self.transition = transition
        self.staticArt = staticArt
    }

    /// The attributes of an animation of `track` over the timeline: active only while it changes,
    /// or over the whole loop (an opacity's, `animate`; LayerProperty.smilActivity).
    func smil<V: AnimatableValue>(
        _ track: KeyframeTrack<V>, _ format: (V) -> String, activity: LayerProperty.SMILActivity = .whileChanging
    ) -> [(String, String)] {
        let loop = activity == .whileChanging ? loopClock : nil
        let a = SMILAnimation(track, duration: duration, loop: loop, format: format).attributes
        if a.contains(where: { $0.0 == "begin" }) { usesLoopClock = true }
        return a
    }

    /// The id of the clock that restarts every `duration` seconds; animations begin at offsets
    /// from its begin, so between their changes none is active and Chromium redraws nothing
    /// (docs/smil.md#active-only-while-changing).
    /// "loop", unless a layer id (or its ".bounds" group) is already that. The candidates never
    /// end in ".bounds", so only the ids themselves can take one; they are read in place (a Set
    /// of every id and its ".bounds" cost ~14,000 instructions a document).
    private(set) lazy var loopClock: String = {
        var id = "loop"
        while simulation.layers.withUnsafeBufferPointer({ l in l.indices.contains { l[$0].id == id } }) { id += "-clock" }
        return id
    }()

    /// An animation of an attribute nothing draws (a rect in <defs>), restarting at its own end.
    func writeLoopClock() {
        guard usesLoopClock else { return }
        let id = loopClock
        xml.start("defs", [])
        xml.start("rect", [])
        xml.empty(
            "animate",
            [
                ("id", id), ("attributeName", "x"), ("values", "0;0"), ("keyTimes", "0;1"),
                ("begin", "0s;\(id).end"), ("dur", NumberFormat.string(duration, maxDecimals: 6) + "s"),
            ])
        xml.end()
        xml.end()
    }

    func newID(_ prefix: String) -> String {
        defer { nextDefID += 1 }
        recordedIDPrefixes?.append(prefix)
        return "\(prefix)-\(nextDefID)"
    }

    /// Runs `body` writing into `writer`, its ids numbered from `firstID`; then the file's writer
    /// and numbering are back as they were. Returns the prefixes of the ids it asked for.
    func recording(into writer: XMLTextWriter, firstID: Int, _ body: () -> Void) -> [String] {
        let (fileWriter, fileID) = (xml, nextDefID)
        (xml, nextDefID, recordedIDPrefixes) = (writer, firstID, [])
        body()
        let prefixes = recordedIDPrefixes ?? []
        (xml, nextDefID, recordedIDPrefixes) = (fileWriter, fileID, nil)
        return prefixes
    }

    func write() throws -> String {
        let d = transition.definition
        let size = d.canvas.size
        xml.start(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"),
                ("width", SVGNumber.length(size.width)), ("height", SVGNumber.length(size.height)),
                ("viewBox", "0 0 \(SVGNumber.length(size.width)) \(SVGNumber.length(size.height))"),
            ])
        xml.text("title", d.name)
        xml.text("desc", d.description)
        xml.empty(
            "rect",
            [("width", SVGNumber.length(size.width)), ("height", SVGNumber.length(size.height))]
                + SVGPaint.fillAttributes(.solid(d.canvas.background)))
        for root in simulation.roots { writeLayer(root) }
        writeLoopClock()
        if usesGeckoOpacity { xml.text("style", Self.geckoOpacityStyle) }
        xml.end()
        return try xml.finish()
    }

    // MARK: Animated layers

    func writeLayer(_ i: Int) {
        // The layer's parts read apart: binding the whole layer copied every track.
        if let projected = transition.projected[i] {
            SVGProjected(document: self).write(i, projected)
            return
        }
        // Art that never moves and that no checker follows is written compactly: one transform attribute.
        if !isFollowed(i) {
            writeStaticArt(i)
            return
        }
        // Copied only now: most layers are static art, which reads neither.
        let (id, clipped, children) = (simulation.layers[i].id, simulation.layers[i].definition.clipsToBounds, simulation.layers[i].children)
        let k = transition.layers[i]
        let layerGroups = openLayerGroup(id: id, k)
        transformGroup("translate", k.position, SVGNumber.pair, always: true)
        let translated = transformGroup("translate", k.translation, SVGNumber.pair, identity: .zero)
        let rotated = transformGroup("rotate", k.rotation, SVGNumber.degrees, identity: 0)
        let scaled = transformGroup("scale", k.scale, SVGNumber.factors, identity: Point(1, 1))
        // The bounds group: its user space is the layer's bounds (origin at the top-left corner).
        let anchorOffset = AnchorOffset(size: k.size, anchor: k.anchorPoint)
        // Attributes written in turn (the libxml2 calls `start(_:_:)` makes), no arrays.
        xml.start("g")
        if let id { xml.attribute("id", id + ".bounds") }
        xml.attribute("transform", cString: SVGNumber.functionBytes("translate", SVGNumber.pair(anchorOffset.initial)))
        if let track = anchorOffset.track { animateTransform("translate", track, SVGNumber.pair) }
        if clipped {
            let clipID = newID("clip")
            xml.start("clipPath", [("id", clipID)])
            SVGPaint(document: self).boundsRect(k, fill: nil)
            xml.end()
            xml.start("g", [("clip-path", "url(#\(clipID))")])
        }
        // layer.mask cuts the layer and its sublayers, in its bounds space.
        let masked = k.mask.map { SVGProjected(document: self).clipGroup(MaskPaths.track($0), evenOdd: $0.shape == .hole) } ?? false
        SVGPaint(document: self).paint(layer: i, k)
        SVGPaint(document: self).sublayers(children, writeLayer)
        if masked { xml.end() }
        if clipped { xml.end() }
        xml.end()  // bounds
        for open in [scaled, rotated, translated] where open { xml.end() }
        xml.end()  // position
        for _ in 0..<layerGroups { xml.end() }  // layer (and its opacity group)
    }

    /// Whether the layer or a descendant has an id or changes over the timeline.
    func isFollowed(_ i: Int) -> Bool {
        if followed.isEmpty { followed = Array(repeating: nil, count: simulation.layers.count) }
        if let known = followed[i] { return known }
        // Read in place: `transition.layers[i]` copied the layer's every track, for each layer of the file.
        let animated = transition.layers.withUnsafeBufferPointer { Self.animatedOrMasked($0.baseAddress! + i) }
        let projected = transition.projected.withUnsafeBufferPointer { p in
            if case .some = p[i] { return true }
            return false
        }
        let (id, children) = simulation.layers.withUnsafeBufferPointer { ($0[i].id, $0[i].children) }
        let answer = id != nil || animated || projected || children.contains(where: isFollowed)
        followed[i] = answer
        return answer
    }

    /// `k.isAnimated || k.mask != nil`, each track read in place: calling `isAnimated` on the
    /// pointee copied the whole layer first (every track retained and released, 17,000 times in
    /// the 2D batch). The same tracks as `LayerKeyframes.isAnimated` (placement, numbers,
    /// visibility); `SVGFollowedLayerTests` compares the two.
    static func animatedOrMasked(_ k: UnsafePointer<LayerKeyframes>) -> Bool {
        if case .some = k.pointee.mask { return true }
        return LayerKeyframes.isAnimated(in: k)
    }

    /// Opens `<g transform="type(first)">` with its animation; skipped (returns false) when the
    /// part is the identity throughout.
    @discardableResult
    func transformGroup<V: AnimatableValue>(
        _ type: String, _ track: KeyframeTrack<V>, _ format: @escaping (V) -> String,
        identity: V? = nil, always: Bool = false
    ) -> Bool {
        if !always, !track.isAnimated, track.initialValue == identity { return false }
        xml.start("g")
        xml.attribute("transform", cString: SVGNumber.functionBytes(type, format(track.initialValue)))
        if track.isAnimated { animateTransform(type, track, format) }
        return true
    }

    /// `<animateTransform attributeName="transform" type=...>` of `track`, its attributes
    /// written in turn (no array made and joined per animation).
    func animateTransform<V: AnimatableValue>(_ type: String, _ track: KeyframeTrack<V>, _ format: (V) -> String) {
        let timing = smil(track, format)
        xml.start("animateTransform")
        xml.attribute("attributeName", "transform")
        xml.attribute("type", type)
        for (k, v) in timing { xml.attribute(k, v) }
        xml.end()
    }

    func staticOrFirst<V: AnimatableValue>(_ track: KeyframeTrack<V>, _ name: String, _ format: (V) -> String, skipIf: V? = nil) -> [(String, String)] {
        if !track.isAnimated, track.initialValue == skipIf { return [] }
        return [(name, format(track.initialValue))]
    }

    /// `<animate>` of attribute `name`, which draws `property`: active over the span the
    /// property's SMIL activity says (LayerProperty.smilActivity). Nothing when every key is
    /// written as the same text as the first (the static attribute already says it):
    /// stories-cube's 61 gradient-stop offsets moved by 1e-16 and cost 67 KB.
    func animate<V: AnimatableValue>(_ track: KeyframeTrack<V>, _ name: String, drawing property: LayerProperty, _ format: (V) -> String) {
        guard track.isAnimated else { return }
        let first = format(track.initialValue)
        guard track.keyframes.contains(where: { format($0.value) != first }) else { return }
        let timing = smil(track, format, activity: property.smilActivity)
        xml.start("animate")
        xml.attribute("attributeName", name)
        for (k, v) in timing { xml.attribute(k, v) }
        xml.end()
    }
}

/// −(anchor ⊙ size): moves the bounds origin so the anchor sits at the layer's position.
struct AnchorOffset {
    var initial: Point
    var track: KeyframeTrack<Point>?

    init(size: KeyframeTrack<Size>, anchor: KeyframeTrack<Point>) {
        let a0 = anchor.initialValue, s0 = size.initialValue
        initial = Point(-a0.x * s0.width, -a0.y * s0.height)
        if anchor.isAnimated {
            // Anchor steps: sample both at the union of their times (steps stay steps).
            let times = Set(size.keyframes.map(\.time) + anchor.keyframes.map(\.time)).sorted()
            let kfs = times.map { t -> Keyframe<Point> in
                let a = anchor.keyframes.last { $0.time <= t }?.value ?? a0
                let s = size.value(at: t)
                return Keyframe(time: t, value: Point(-a.x * s.width, -a.y * s.height))
            }
            track = KeyframeTrack(kfs)
        } else if size.isAnimated {
            // Linear in size, so it shares the size track's keyframes and easings exactly.
            track = size.map { Point(-a0.x * $0.width, -a0.y * $0.height) }
        }
    }
}
