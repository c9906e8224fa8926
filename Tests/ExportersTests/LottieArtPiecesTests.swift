import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// Clip paths inside flat SVG art: the art split into runs, shape layers in a precomp above its
/// layer, the clipped run with its clip's paths as masks (a shape item cannot be clipped).
final class LottieArtPiecesTests: XCTestCase, LottieReading, SVGArtFixture {
    func lottie(_ body: String, snapshot: Bool = false, windowed: Bool = false, move: Bool = false) throws -> JSONValue {
        var layers = try artCard(body, windowed: windowed)
        if snapshot { layers.append(LayerDefinition(id: "snap", kind: .snapshot(of: "card"), position: Point(200, 400), size: Size(40, 20))) }
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white), layers: layers,
            phases: [
                Phase(
                    name: "p",
                    blocks: [
                        AnimationBlock(
                            duration: 0.3, timing: .named(.easeInOut),
                            changes: [move ? PropertyChange(layer: "card", .position(Point(25, 15))) : PropertyChange(layer: "card", .opacity(0.8))])
                    ])
            ])
        return try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
    }

    static let body = """
        <rect width="20" height="10" fill="#ffffff"/>
        <clipPath id="c"><circle cx="5" cy="5" r="4"/></clipPath>
        <g clip-path="url(#c)" transform="translate(1 0)"><rect width="20" height="10" fill="#ff0000"/></g>
        <rect x="18" width="2" height="2" fill="#00ff00"/>
        """

    func names(_ layers: [JSONValue]) -> [String] { layers.compactMap { if case .string(let s)? = $0["nm"] { return s } else { return nil } } }

    func testAClippedRunIsAMaskedLayerInAPrecomp() throws {
        let doc = try lottie(Self.body)
        // The card fades over its badge: its subtree in a group precomp (docs/lottie.md#group-opacity).
        XCTAssertEqual(names(array(doc["layers"])), ["group-of-card", "background"])
        // Inside, top first: the sublayer (the card's clip its mask, no matte), the art's precomp, the card's content.
        let inner = array(array(doc["assets"]).first { $0["id"] == .string("group") }?["layers"])
        XCTAssertEqual(names(inner), ["layer-1", "card.art", "card"])
        let badge = try XCTUnwrap(layer(named: "layer-1", in: doc))
        XCTAssertNil(badge["tt"])
        XCTAssertEqual(array(badge["masksProperties"]).compactMap { $0["nm"] }, [.string("clip-card")])
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        let art = try XCTUnwrap(layer(named: "card.art", in: doc))
        XCTAssertEqual(number(art["ty"]), 0)
        XCTAssertEqual(number(art["parent"]), number(card["ind"]))
        // The card's rounded clip repeated as the precomp layer's mask, moved by the margin (20, 10)
        // into the precomp layer's own space (copied unmoved it cut the art 20 x 10 pt off:
        // 63.8/255 in all three players with a rounded clip).
        XCTAssertEqual(array(card["masksProperties"]).count, 1)
        let cardClip = JSONWriter().string(try XCTUnwrap(array(card["masksProperties"])[0]["pt"]))
        let artClip = JSONWriter().string(try XCTUnwrap(array(art["masksProperties"])[0]["pt"]))
        XCTAssertTrue(cardClip.contains(#""v":[[3,0],[17,0],[20,3],[20,7],[17,10],[3,10],[0,7],[0,3]]"#), cardClip)
        XCTAssertTrue(artClip.contains(#""v":[[23,10],[37,10],[40,13],[40,17],[37,20],[23,20],[20,17],[20,13]]"#), artClip)
        // The card's opacity (1 → 0.8) composites its whole subtree, the art with it, once: the
        // group precomp layer's, the art's precomp layer inside at 100; the margin (the card's
        // size on each side) moved by the anchor and undone inside.
        let fade = try XCTUnwrap(layer(named: "group-of-card", in: doc)?["ks"]?["o"])
        XCTAssertEqual(evaluate(fade, atFrame: 0), [100])
        XCTAssertEqual(evaluate(fade, atFrame: 100).first ?? 0, 80, accuracy: 1e-9)
        XCTAssertEqual(art["ks"]?["o"]?["k"], .number(100))
        XCTAssertEqual(numbers(art["ks"]?["a"]?["k"]), [20, 10])
        XCTAssertEqual(numbers(.array([art["w"]!, art["h"]!])), [60, 30])
        XCTAssertFalse(JSONWriter().string(card).contains("[1,0,0]"))  // the card's shapes no longer draw the art

        let asset = try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string("art-1") })
        let runs = array(asset["layers"])
        XCTAssertEqual(names(runs), ["card.art-1", "card.art-2", "card.art-3"])  // green; the clipped red; white
        XCTAssertEqual(runs.map { numbers($0["ks"]?["p"]?["k"]) }, [[20, 10], [20, 10], [20, 10]])
        XCTAssertEqual(runs.map { array($0["masksProperties"]).count }, [0, 1, 0])
        // The clip shape is a mask "a" in the clipped node's space: the circle centred at (6, 5).
        let masks = array(runs[1]["masksProperties"])
        XCTAssertEqual(masks.compactMap { $0["mode"] }, [.string("a")])
        let circle = JSONWriter().string(masks[0]["pt"]!)
        XCTAssertTrue(circle.contains("[6,1]") && circle.contains("[10,5]") && circle.contains("[6,9]") && circle.contains("[2,5]"), circle)
        XCTAssertTrue(JSONWriter().string(runs[1]["shapes"]!).contains(#""v":[[1,0],[21,0],[21,10],[1,10]]"#))
    }

    func testWhatTheSplitCannotCarryIsRefused() throws {
        XCTAssertThrowsError(try lottie(Self.body + #"<rect x="45" width="2" height="2"/>"#)) {
            XCTAssertTrue("\($0)".contains("art.svg:5: with a clip path elsewhere in the art, a shape reaching"), "\($0)")
        }
        XCTAssertThrowsError(try lottie(Self.body, snapshot: true)) {
            XCTAssertTrue("\($0)".contains("art.svg:4: a clip path inside SVG art is not carried in Lottie yet"), "\($0)")
        }
        // Subpaths that cross, or a hole holding an island: refused (one contour cannot say).
        for d in ["M0 0H6V6H0ZM3 3H9V9H3Z", "M0 0H9V9H0ZM1 1V8H8V1ZM3 3H5V5H3Z"] {
            let body = #"<clipPath id="h"><path d=""# + d + #""/></clipPath><rect width="9" height="9" clip-path="url(#h)"/>"#
            XCTAssertThrowsError(try lottie(body)) {
                XCTAssertTrue("\($0)".contains("art.svg:2: a clip path whose subpaths cross or nest more than one deep"), "\($0)")
            }
        }
        // ThorVG 1.0 leaves an open stroked line out of a clipped run in the masked precomp layer
        // (the card clips to its rounded bounds); a closed stroked shape there is drawn.
        let line = "<clipPath id=\"c\"><circle cx=\"5\" cy=\"5\" r=\"4\"/></clipPath>\n"
        XCTAssertThrowsError(try lottie(line + ##"<path d="M0 5H20" stroke="#000" clip-path="url(#c)"/>"##)) {
            XCTAssertTrue("\($0)".contains("art.svg:3: a clip path over an open stroked path, in a layer that clips"), "\($0)")
        }
        XCTAssertNoThrow(try lottie(line + ##"<path d="M1 1H19V9Z" stroke="#000" fill="none" clip-path="url(#c)"/>"##))
    }

    /// Under a clipping ancestor the precomp layer gets no matte (rlottie 0.2 draws a precomp
    /// under a track matte ~3/255 darker): the ancestor's outline is its mask, after the layer's
    /// own clip, mapped into the precomp layer's space.
    func testAClippingAncestorIsAMaskOfThePrecompLayer() throws {
        let doc = try lottie(Self.body, windowed: true)
        let art = try XCTUnwrap(layer(named: "card.art", in: doc))
        XCTAssertNil(art["tt"])
        XCTAssertNil(art["tp"])
        // The card's own content takes the same outline as a mask (unmoved) instead of the matte.
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        XCTAssertNil(card["tt"])
        XCTAssertFalse(names(array(doc["layers"])).contains("clip-of-card"))
        let cardMasks = array(card["masksProperties"])
        XCTAssertEqual(cardMasks.compactMap { $0["nm"] }, [.string("clip"), .string("clip-window")])
        let cardWindow = JSONWriter().string(try XCTUnwrap(cardMasks[1]["pt"]))
        XCTAssertTrue(cardWindow.contains(#""v":[[-10,-10],[5,-10],[5,5],[-10,5]]"#), cardWindow)
        let masks = array(art["masksProperties"])
        XCTAssertEqual(masks.compactMap { $0["nm"] }, [.string("clip"), .string("clip-window")])
        XCTAssertEqual(masks.compactMap { $0["mode"] }, [.string("a"), .string("i")])
        // The window (0, 0, 15, 15) seen from the card at (10, 10) is (-10, -10, 15, 15); moved
        // by the margin (20, 10).
        let window = JSONWriter().string(try XCTUnwrap(masks[1]["pt"]))
        XCTAssertTrue(window.contains(#""v":[[10,0],[25,0],[25,15],[10,15]]"#), window)
        // An open stroked line in a clipped run stays refused there (ThorVG leaves it out).
        let line = "<clipPath id=\"c\"><circle cx=\"5\" cy=\"5\" r=\"4\"/></clipPath>\n"
        XCTAssertThrowsError(try lottie(line + ##"<path d="M0 5H20" stroke="#000" clip-path="url(#c)"/>"##, windowed: true)) {
            XCTAssertTrue("\($0)".contains("art.svg:3: a clip path over an open stroked path"), "\($0)")
        }
    }

    /// A moving layer's ancestor outline is keyed with the move's easing, not sampled: the path is
    /// jointly affine in positions when only they animate.
    func testAMovingLayersAncestorOutlineKeepsItsKeyframes() throws {
        let doc = try lottie(Self.body, windowed: true, move: true)
        let art = try XCTUnwrap(layer(named: "card.art", in: doc))
        let window = try XCTUnwrap(array(art["masksProperties"]).last?["pt"])
        let keys = array(window["k"])
        XCTAssertEqual(keys.count, 2)
        XCTAssertEqual(numbers(keys[0]["o"]?["x"]), [0.42])
        // The card moved right by 5: the window drawn 5 further left in its space.
        let end = JSONWriter().string(try XCTUnwrap(keys[1]["s"]))
        XCTAssertTrue(end.contains(#""v":[[5,0],[20,0],[20,15],[5,15]]"#), end)
    }

    /// A clip inside a clipped group cuts its run with both clips: the outer as mask "a", the
    /// inner "i" (intersected), each in its own node's space; the group's other shapes are a run
    /// under the outer clip alone.
    func testANestedClipIsASecondIntersectingMask() throws {
        let nested = """
            <clipPath id="o"><rect width="10" height="10"/></clipPath><clipPath id="i"><circle cx="5" cy="5" r="4"/></clipPath>
            <g clip-path="url(#o)" transform="translate(2 0)"><rect width="20" height="10" fill="#ff0000"/><rect width="20" height="10" fill="#0000ff" clip-path="url(#i)"/><rect width="3" height="3" fill="#00ff00"/></g>
            """
        let doc = try lottie(nested)
        let asset = try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string("art-1") })
        let runs = array(asset["layers"])
        XCTAssertEqual(runs.count, 3)  // green; the blue under both clips; red
        let masks = runs.map { array($0["masksProperties"]) }
        XCTAssertEqual(masks.map { $0.compactMap { $0["mode"] } }, [[.string("a")], [.string("a"), .string("i")], [.string("a")]])
        // The outer rect and the inner circle both moved by the group's translate(2 0).
        for run in masks {
            let outer = JSONWriter().string(try XCTUnwrap(run[0]["pt"]))
            XCTAssertTrue(outer.contains(#""v":[[2,0],[12,0],[12,10],[2,10]]"#), outer)
        }
        let circle = JSONWriter().string(try XCTUnwrap(masks[1][1]["pt"]))
        XCTAssertTrue(circle.contains("[7,1]") && circle.contains("[11,5]") && circle.contains("[7,9]") && circle.contains("[3,5]"), circle)
        XCTAssertTrue(JSONWriter().string(runs[1]["shapes"]!).contains("[0,0,1]"))
        // Opacity on a group holding clips would composite runs under different clips apart.
        let faded =
            #"<clipPath id="i"><circle cx="5" cy="5" r="4"/></clipPath>"#
            + #"<g opacity=".5"><rect width="9" height="9"/><rect width="9" height="9" clip-path="url(#i)"/></g>"#
        XCTAssertThrowsError(try lottie(faded)) {
            XCTAssertTrue("\($0)".contains("art.svg:2: opacity on a group holding clip paths is not carried in Lottie yet"), "\($0)")
        }
    }

    /// A clip path of several subpaths that unite (wound alike under nonzero, or apart) is their
    /// union, one contour as for several shapes.
    func testAClipPathOfSubpathsThatUniteIsOneContour() throws {
        for d in ["M0 0H9V9H0ZM2 2H4V4H2Z", "M0 0H3V3H0ZM5 0V3H8V0Z"] {
            let body = #"<clipPath id="h"><path d=""# + d + #""/></clipPath><rect width="9" height="9" clip-path="url(#h)"/>"#
            let asset = try XCTUnwrap(array(try lottie(body)["assets"]).first { $0["id"] == .string("art-1") })
            let masks = array(array(asset["layers"])[0]["masksProperties"])
            XCTAssertEqual(masks.compactMap { $0["mode"] }, [.string("a")])
            let path = JSONWriter().string(try XCTUnwrap(masks[0]["pt"]))
            // Nested, same winding: the inner square after the outer, joined by a bridge from (0,0).
            let expected =
                d.hasPrefix("M0 0H9")
                ? #""v":[[0,0],[9,0],[9,9],[0,9],[0,0],[2,2],[4,2],[4,4],[2,4],[2,2]]"#
                : #""v":[[0,0],[3,0],[3,3],[0,3],[0,0],[5,0],[8,0],[8,3],[5,3],[5,0]]"#
            XCTAssertTrue(path.contains(expected), path)
        }
    }

    /// A hole (a subpath inside another, wound the other way, or any under evenodd) is wound
    /// against the shape around it in the one contour, so nonzero filling leaves it out.
    func testAClipPathWithAHoleIsOneContourWithTheHoleReversed() throws {
        for (d, rule) in [("M0 0H9V9H0ZM2 2V4H4V2Z", "nonzero"), ("M0 0H9V9H0ZM2 2H4V4H2Z", "evenodd")] {
            let body = #"<clipPath id="h"><path d=""# + d + #"" clip-rule=""# + rule + #""/></clipPath><rect width="9" height="9" clip-path="url(#h)"/>"#
            let asset = try XCTUnwrap(array(try lottie(body)["assets"]).first { $0["id"] == .string("art-1") })
            let masks = array(array(asset["layers"])[0]["masksProperties"])
            XCTAssertEqual(masks.compactMap { $0["mode"] }, [.string("a")])
            let path = JSONWriter().string(try XCTUnwrap(masks[0]["pt"]))
            XCTAssertTrue(path.contains(#""v":[[0,0],[9,0],[9,9],[0,9],[0,0],[2,2],[2,4],[4,4],[4,2],[2,2]]"#), rule + path)
        }
    }

    /// rlottie 0.2 loses one of two "a" masks side by side, so a clip of several shapes is one
    /// mask contour: each shape wound like the first (the path drawn counter-clockwise is
    /// reversed), joined by a bridge from the first's start to the second's, walked back by the
    /// closing segment (docs/artwork.md#svg-art-in-the-flat-lottie-export).
    func testAClipOfSeveralShapesIsOneMaskContour() throws {
        let pair = #"<clipPath id="p"><rect width="3" height="3"/><path d="M5 0V3H8V0Z"/></clipPath><rect width="9" height="9" clip-path="url(#p)"/>"#
        let doc = try lottie(pair)
        let asset = try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string("art-1") })
        let masks = array(array(asset["layers"])[0]["masksProperties"])
        XCTAssertEqual(masks.compactMap { $0["mode"] }, [.string("a")])
        let path = JSONWriter().string(try XCTUnwrap(masks[0]["pt"]))
        XCTAssertTrue(path.contains(#""c":true,"v":[[0,0],[3,0],[3,3],[0,3],[0,0],[5,0],[8,0],[8,3],[5,3],[5,0]]"#), path)
    }

    /// The same in Lottie form (tangents relative to their vertex), as written for the
    /// projected clip shapes under 3D: the start twice, a reversed shape's tangents swapped.
    func testOneContourOfLottiePaths() {
        let square = LVec([0, 0, 2, 0, 2, 2, 0, 2] + [Double](repeating: 0, count: 16))
        // Counter-clockwise on screen (y down), with a curved side (5,0) → (5,2).
        let curved = LVec([5, 0, 5, 2, 7, 2, 7, 0] + [0, 0, 1, -1, 0, 0, 0, 0] + [1, 1, 0, 0, 0, 0, 0, 0])
        let one = ClipUnion.oneContour([square, curved])
        let n = one.c.count / 6
        XCTAssertEqual(n, 10)
        XCTAssertEqual(Array(one.c[0..<(2 * n)]), [0, 0, 2, 0, 2, 2, 0, 2, 0, 0, 5, 0, 7, 0, 7, 2, 5, 2, 5, 0])
        // Reversed: (5,2)'s old in-tangent is now its out-tangent, (5,0)'s old out-tangent the
        // second (5,0)'s in-tangent, so the curve is the same one walked backwards.
        XCTAssertEqual(Array(one.c[(2 * n)..<(4 * n)]), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1])
        XCTAssertEqual(Array(one.c[(4 * n)..<(6 * n)]), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, -1, 0, 0])
    }
}
