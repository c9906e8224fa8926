// What decides a static subtree's markup (SVGStaticArt.swift), and how a lookup reads it from the
// simulation in place: a subtree that is found copies no definition
// (docs/smil.md#static-art-written-once).
import Simulation
import TransitionModel

extension SVGStaticArtCache {
    struct Key: Sendable {
        /// The subtree in drawing order, each layer's definition (kept without its children by
        /// the simulation) with how many sublayers follow it (that order and count are the
        /// tree) and whether it is followed (a followed layer is not merged into a run of rects).
        var layers: [Layer]
        /// How deep the subtree is nested: libxml2 indents by depth.
        var depth: Int
        var part: Part

        struct Layer: Sendable {
            var definition: LayerDefinition
            var sublayers: Int
            var followed: Bool
        }

        /// What is written of the subtree's top layer: all of it (`SVGPaint.staticLayer`), or
        /// its paint and sublayers in its bounds space (`staticContent`, a snapshot's source).
        enum Part: Hashable, Sendable {
            case layer, content
        }

        /// The key of the subtree at layer i of the document's simulation.
        init(_ i: Int, _ part: Part, of document: SVGDocument) {
            layers = []
            depth = document.xml.depth
            self.part = part
            let simulation = document.simulation
            func add(_ j: Int) {
                let children = simulation.layers[j].children
                layers.append(Layer(definition: simulation.layers[j].definition, sublayers: children.count, followed: document.isFollowed(j)))
                for child in children { add(child) }
            }
            add(i)
        }

        /// The hash of the subtree at layer i's key: its depth, part and shape and its layers'
        /// places only (SipHash over every field of every definition was 16,000 instructions a
        /// lookup in the 2D batch); `matches` compares every field.
        /// Mixed by multiply and xor-shift, not SipHash (`Hasher` cost ~730 instructions a
        /// lookup): it only picks a bucket of this process's table, so it needs no seed, and a
        /// collision costs one more `matches`, never a wrong markup.
        static func hash(_ i: Int, _ part: Part, of document: SVGDocument) -> Int {
            var h = UInt64(truncatingIfNeeded: document.xml.depth) &* 0x9E37_79B9_7F4A_7C15 ^ (part == .layer ? 1 : 2)
            // Read through a pointer: `layers[j].definition` copied the definition for each field.
            document.simulation.layers.withUnsafeBufferPointer { layers in addHash(i, layers, &h) }
            return Int(truncatingIfNeeded: h ^ h >> 29)
        }

        /// Layer j's places and its sublayers', depth first. A static function with the state
        /// passed inout: a nested one capturing it boxed it on the heap per lookup and checked
        /// exclusive access at each layer.
        private static func addHash(_ j: Int, _ layers: UnsafeBufferPointer<SimulatedLayer>, _ h: inout UInt64) {
            let l = layers.baseAddress! + j
            func mix(_ bits: UInt64) { h = (h ^ bits ^ h >> 32) &* 0x100_0000_01B3 &+ 0x9E37_79B9 }
            mix(l.pointee.definition.position.x.bitPattern)
            mix(l.pointee.definition.position.y.bitPattern)
            mix(l.pointee.definition.size.width.bitPattern)
            mix(l.pointee.definition.size.height.bitPattern)
            mix(UInt64(truncatingIfNeeded: l.pointee.children.count))
            for child in l.pointee.children { addHash(child, layers, &h) }
        }

        /// Whether this is the key of the subtree at layer i: every field of every layer
        /// compared, read in place.
        func matches(_ i: Int, _ part: Part, of document: SVGDocument) -> Bool {
            guard self.part == part, depth == document.xml.depth else { return false }
            // Both sides read through pointers: subscripting copied each definition to compare it.
            return document.simulation.layers.withUnsafeBufferPointer { simulated in
                layers.withUnsafeBufferPointer { kept in
                    var n = 0
                    func same(_ j: Int) -> Bool {
                        guard n < kept.count else { return false }
                        let (k, l) = (kept.baseAddress! + n, simulated.baseAddress! + j)
                        n += 1
                        guard k.pointee.sublayers == l.pointee.children.count, k.pointee.followed == document.isFollowed(j),
                            Self.sameDefinition(k, l)
                        else { return false }
                        for child in l.pointee.children where !same(child) { return false }
                        return true
                    }
                    return same(i) && n == kept.count
                }
            }
        }

        /// `kept.definition == simulated.definition`, field by field in place: `==` on the two
        /// pointees copied both definitions (each String and array retained, then released) for
        /// every layer of every lookup. The fields are LayerDefinition's stored properties but
        /// `written` (where it was written, which `==` ignores); trivial ones first. `numbers` as
        /// its synthesized `==` compares it (keys, then values), but specialized: NumberTracks'
        /// generic `==` cost ~240 instructions a layer.
        /// `testTheKeyComparesEveryFieldOfADefinition` fails when a stored property is added.
        static func sameDefinition(_ kept: UnsafePointer<Layer>, _ simulated: UnsafePointer<SimulatedLayer>) -> Bool {
            kept.pointee.definition.position == simulated.pointee.definition.position
                && kept.pointee.definition.size == simulated.pointee.definition.size
                && kept.pointee.definition.anchorPoint == simulated.pointee.definition.anchorPoint
                && kept.pointee.definition.hidden == simulated.pointee.definition.hidden
                && kept.pointee.definition.clipsToBounds == simulated.pointee.definition.clipsToBounds
                && sameTransform(kept.pointee.definition.transform, simulated.pointee.definition.transform)
                && sameTransform(kept.pointee.definition.sublayerTransform, simulated.pointee.definition.sublayerTransform)
                && kept.pointee.definition.numbers.properties == simulated.pointee.definition.numbers.properties
                && kept.pointee.definition.numbers.tracks == simulated.pointee.definition.numbers.tracks
                && sameKind(kept, simulated)
                && sameFill(kept, simulated)
                && kept.pointee.definition.id == simulated.pointee.definition.id
                && sameMask(kept, simulated)
                && kept.pointee.definition.children == simulated.pointee.definition.children
        }

        /// `==` of the two kinds. Kinds without a reference (group, rect, ellipse, text bars:
        /// most layers) are told by their case and number in place; `==` copied both kinds first.
        static func sameKind(_ kept: UnsafePointer<Layer>, _ simulated: UnsafePointer<SimulatedLayer>) -> Bool {
            switch (plainKind(kept.pointee.definition.kind), plainKind(simulated.pointee.definition.kind)) {
            case let (k?, s?): return k == s
            case (nil, nil): return kept.pointee.definition.kind == simulated.pointee.definition.kind
            default: return false
            }
        }

        /// A kind that holds no reference as its case and line count, nil for a snapshot or artwork.
        @inline(__always)
        private static func plainKind(_ kind: borrowing LayerDefinition.Kind) -> (Int, Int)? {
            switch kind {
            case .group: return (0, 0)
            case .rect: return (1, 0)
            case .ellipse: return (2, 0)
            case .text(let lines): return (3, lines)
            case .snapshot, .artwork: return nil
            }
        }

        /// LayerTransform's `==` (its synthesized one: every stored property, `transformFields`),
        /// field by field: `==` went through Equatable's dispatch thunk (~65 instructions).
        @inline(__always)
        static func sameTransform(_ a: LayerTransform, _ b: LayerTransform) -> Bool {
            a.translation.x == b.translation.x && a.translation.y == b.translation.y && a.scale.x == b.scale.x && a.scale.y == b.scale.y
                && a.rotation == b.rotation && a.rotationX == b.rotationX && a.rotationY == b.rotationY && a.m34 == b.m34
        }

        /// LayerTransform's stored properties, which `sameTransform` compares.
        static let transformFields: Set<String> = ["translation", "scale", "rotation", "rotationX", "rotationY", "m34"]

        /// Color's stored properties, which `sameFill` compares.
        static let colorFields: Set<String> = ["red", "green", "blue", "alpha"]

        /// `==` of the two fills; two solid colours (most fills) compared in place, component by
        /// component (Color's synthesized `==`, `colorFields`).
        static func sameFill(_ kept: UnsafePointer<Layer>, _ simulated: UnsafePointer<SimulatedLayer>) -> Bool {
            if case .solid(let a)? = kept.pointee.definition.fill, case .solid(let b)? = simulated.pointee.definition.fill {
                return a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
            }
            return kept.pointee.definition.fill == simulated.pointee.definition.fill
        }

        /// `==` of the two masks; two layers without a mask (most) told in place.
        static func sameMask(_ kept: UnsafePointer<Layer>, _ simulated: UnsafePointer<SimulatedLayer>) -> Bool {
            if case .none = kept.pointee.definition.mask, case .none = simulated.pointee.definition.mask { return true }
            return kept.pointee.definition.mask == simulated.pointee.definition.mask
        }

        /// The stored properties `sameDefinition` compares, and `written`, which it leaves out.
        static let comparedFields: Set<String> = [
            "id", "kind", "position", "size", "anchorPoint", "transform", "hidden", "numbers", "clipsToBounds", "fill", "children",
            "sublayerTransform", "mask", "written",
        ]

        /// Whether the subtree draws a picture: it is embedded once per file (SVGEmbeddedImages),
        /// so its markup depends on what the file wrote before; such art is not kept.
        var drawsPicture: Bool {
            layers.contains { layer in
                if case .artwork(let art) = layer.definition.kind, case .raster = art.artwork { return true }
                return false
            }
        }
    }
}
