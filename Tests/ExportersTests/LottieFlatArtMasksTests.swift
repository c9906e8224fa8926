import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// Plain flat SVG art (no clip paths, no opacity groups) inside a clipping window: the window's
/// outline is a mask of the art's own layer, keyed with its move, not a track matte, which
/// rlottie 0.2 draws about 1.3/255 darker (docs/artwork.md#svg-art-in-the-flat-lottie-export).
final class LottieFlatArtMasksTests: XCTestCase, LottieReading {
    enum Change { case move, scale, none }

    func lottie(svg: Bool = true, change: Change = .move, ownMask: Bool = false, body: String = ##"<rect width="20" height="10" fill="#f00"/>"##)
        throws -> JSONValue
    {
        let art = try SVGArtReader.read(
            bytes: Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">"##.utf8) + Array(body.utf8) + Array("</svg>".utf8),
            file: "art.svg")
        let kind: LayerDefinition.Kind = svg ? .artwork(LayerArtwork(path: "art.svg", artwork: .vector(art))) : .rect
        var card = LayerDefinition(id: "card", kind: kind, frame: Rect(10, 10, 20, 10), fill: svg ? nil : .solid(.black))
        if ownMask { card.mask = LayerMask(shape: .circle, center: Point(5, 5), radius: 4) }
        let window = LayerDefinition(
            id: "window", kind: .group, frame: Rect(0, 0, 15, 15), numbers: [.cornerRadius: 4], clipsToBounds: true, children: [card])
        let changes: [PropertyChange] =
            switch change {
            case .move: [PropertyChange(layer: "card", .position(Point(25, 15)))]
            case .scale: [PropertyChange(layer: "card", .transform(LayerTransform(scale: Point(2, 2))))]
            case .none: [PropertyChange(layer: "card", .opacity(0.6))]
            }
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white), layers: [window],
            phases: [Phase(name: "p", blocks: [AnimationBlock(duration: 0.3, timing: .named(.easeInOut), changes: changes)])])
        return try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
    }

    func layerNames(_ doc: JSONValue) -> [String] {
        array(doc["layers"]).compactMap { if case .string(let s)? = $0["nm"] { return s } else { return nil } }
    }

    func testTheWindowIsAKeyedMaskOfTheArtLayerNotAMatte() throws {
        let doc = try lottie()
        XCTAssertEqual(layerNames(doc), ["card", "window", "background"], "no matte layer")
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        XCTAssertNil(card["tt"])
        XCTAssertNil(card["tp"])
        XCTAssertEqual(card["hasMask"], .bool(true))
        let masks = array(card["masksProperties"])
        XCTAssertEqual(masks.compactMap { $0["nm"] }, [.string("clip-window")])
        XCTAssertEqual(masks.compactMap { $0["mode"] }, [.string("a")])
        // Two keys with the move's easing; the window (0, 0, 15, 15), radius 4, seen from the
        // card at (10, 10) then at (15, 10) (position 25, 15 of a 20 x 10 card).
        let keys = array(masks[0]["pt"]?["k"])
        XCTAssertEqual(keys.count, 2)
        XCTAssertEqual(numbers(keys[0]["o"]?["x"]), [0.42])
        let start = JSONWriter().string(try XCTUnwrap(keys[0]["s"]))
        XCTAssertTrue(start.contains(#""v":[[-6,-10],[1,-10],[5,-6],[5,1],[1,5],[-6,5],[-10,1],[-10,-6]]"#), start)
        let end = JSONWriter().string(try XCTUnwrap(keys[1]["s"]))
        XCTAssertTrue(end.contains(#""v":[[-11,-10],[-4,-10],[0,-6],[0,1],[-4,5],[-11,5],[-15,1],[-15,-6]]"#), end)
        // A static card takes the window as a static mask.
        let still = try XCTUnwrap(layer(named: "card", in: try lottie(change: .none)))
        XCTAssertNil(still["tt"])
        XCTAssertEqual(array(still["masksProperties"]).first?["pt"]?["a"], .number(0))
    }

    /// What a keyed mask cannot carry stays under the window's matte: an outline that would be
    /// sampled (the card scales), a layer with a mask of its own, and art with a filled shape
    /// stroking an open subpath that encloses area (ThorVG leaves that stroke out under a mask).
    /// A plus of two open lines (its fill paints nothing and is left out) and a plain rect card
    /// take the mask.
    func testWhatAMaskCannotCarryKeepsTheMatte() throws {
        let plus = ##"<path d="M0 5H20M10 0V10" stroke="#000" stroke-width="2"/>"##
        let unfilled = ##"<path d="M0 5H20M10 0V10" fill="none" stroke="#000" stroke-width="2"/>"##
        let corner = ##"<path d="M0 0H20V10" stroke="#000" stroke-width="2"/>"##
        for (doc, what) in [
            (try lottie(body: unfilled), "an unfilled open stroke"), (try lottie(body: "<g>" + plus + "</g>"), "a plus"),
            (try lottie(svg: false), "a rect card"),
        ] {
            let card = try XCTUnwrap(layer(named: "card", in: doc))
            XCTAssertEqual(layerNames(doc), ["card", "window", "background"], what)
            XCTAssertNil(card["tt"], what)
            XCTAssertEqual(array(card["masksProperties"]).compactMap { $0["nm"] }, [.string("clip-window")], what)
        }
        for doc in [try lottie(change: .scale), try lottie(ownMask: true), try lottie(body: "<g>" + corner + "</g>")] {
            XCTAssertEqual(layerNames(doc), ["clip-of-card", "card", "window", "background"])
            let card = try XCTUnwrap(layer(named: "card", in: doc))
            XCTAssertEqual(card["tt"], .number(1))
            XCTAssertFalse(array(card["masksProperties"]).contains { $0["nm"] == .string("clip-window") })
        }
    }
}
