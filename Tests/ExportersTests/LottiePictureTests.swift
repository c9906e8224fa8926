import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// PNG/JPEG pictures in Lottie: image layers (`ty: 2`) over embedded assets, each picture once.
final class LottiePictureTests: XCTestCase, LottieReading {
    /// 30 x 60 px at 3 px per point: a 10 x 20 pt picture.
    func picture(_ mode: ContentMode = .scaleToFill) throws -> LayerDefinition.Kind {
        let image = try RasterImage(bytes: PNGBytes.png(width: 30, height: 60), file: "shot.png")
        return .artwork(LayerArtwork(path: "shot.png", artwork: .raster(image), contentMode: mode, scale: 3))
    }

    func lottie(_ layers: [LayerDefinition], changes: [PropertyChange]) throws -> JSONValue {
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white),
            layers: layers,
            phases: [
                Phase(
                    name: "p",
                    blocks: [
                        AnimationBlock(duration: 0.3, timing: .named(.easeInOut), changes: changes)
                    ])
            ])
        return try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
    }

    func ind(_ name: String, _ doc: JSONValue) -> Double? { number(layer(named: name, in: doc)?["ind"]) }

    func testAPictureIsOneAssetShownByImageLayersAboveTheirHosts() throws {
        let badge = LayerDefinition(kind: .rect, frame: Rect(0, 0, 4, 4), fill: .solid(.white))
        let a = LayerDefinition(
            id: "a", kind: try picture(.scaleAspectFill), frame: Rect(0, 0, 40, 40), clipsToBounds: true,
            fill: .solid(.white), children: [badge])
        let b = LayerDefinition(id: "b", kind: try picture(), frame: Rect(100, 0, 20, 40))
        let c = LayerDefinition(id: "c", kind: try picture(.scaleAspectFill), frame: Rect(0, 100, 40, 40))
        let snap = LayerDefinition(id: "snap", kind: .snapshot(of: "c"), position: Point(200, 400), size: Size(80, 80))
        let doc = try lottie([a, b, c, snap], changes: [PropertyChange(layer: "b", .opacity(0.5))])
        let assets = array(doc["assets"])
        XCTAssertEqual(assets.count, 1)
        XCTAssertEqual(assets.first?["id"], .string("picture-1"))
        XCTAssertEqual(numbers(.array([assets[0]["w"]!, assets[0]["h"]!, assets[0]["e"]!])), [30, 60, 1])
        guard case .string(let uri)? = assets.first?["p"] else { return XCTFail("p") }
        XCTAssertTrue(uri.hasPrefix("data:image/png;base64,iVBORw0KGgo"), uri)

        let pictures = array(doc["layers"]).filter { $0["ty"] == .number(2) }
        XCTAssertEqual(pictures.compactMap { $0["nm"] }, [.string("snap.picture"), .string("c.picture"), .string("b.picture"), .string("a.picture")])
        XCTAssertEqual(Set(pictures.compactMap { $0["refId"] }), [.string("picture-1")])
        for host in ["a", "b", "c", "snap"] {
            let p = try XCTUnwrap(layer(named: host + ".picture", in: doc))
            // Parented to its host and directly above it (index 0 is the top).
            XCTAssertEqual(number(p["parent"]), ind(host, doc))
            XCTAssertEqual(number(p["ind"]).map { $0 + 1 }, ind(host, doc))
        }
        // The unnamed badge is a sublayer of a: it becomes a layer drawn above a's picture.
        XCTAssertLessThan(try XCTUnwrap(ind("layer-1", doc)), try XCTUnwrap(ind("a.picture", doc)))

        // a: 10 x 20 pt filled into 40 x 40: scale 4 → 40 x 80 pt from 30 x 60 px (133.33 %), 20 pt above.
        let pa = try XCTUnwrap(layer(named: "a.picture", in: doc))
        XCTAssertEqual(evaluate(pa["ks"]!["s"]!, atFrame: 0), [133.3333, 133.3333])
        XCTAssertEqual(evaluate(pa["ks"]!["p"]!, atFrame: 0), [0, -20])
        // Its clip (a's bounds) in pixel space: (0, 15) to (30, 45).
        let clip = array(pa["masksProperties"]).first?["pt"]?["k"]
        XCTAssertEqual(array(clip?["v"]).map(numbers), [[0, 15], [30, 15], [30, 45], [0, 45]])
        // b's opacity animates; its picture follows it.
        let pb = try XCTUnwrap(layer(named: "b.picture", in: doc))
        XCTAssertEqual(evaluate(pb["ks"]!["o"]!, atFrame: 60), [50])  // after the 0.6 s hold and the 0.3 s fade
        // The snapshot stretches c's 40 x 40 to 80 x 80 and cuts it to its bounds (c does not clip).
        let ps = try XCTUnwrap(layer(named: "snap.picture", in: doc))
        XCTAssertEqual(evaluate(ps["ks"]!["s"]!, atFrame: 0), [266.6667, 266.6667])
        XCTAssertEqual(evaluate(ps["ks"]!["p"]!, atFrame: 0), [0, -40])
        XCTAssertEqual(array(array(ps["masksProperties"]).first?["pt"]?["k"]?["v"]).map(numbers), [[0, 15], [30, 15], [30, 45], [0, 45]])
    }

    func testASnapshotWithArtAboveAPictureIsRefused() throws {
        let cover = LayerDefinition(kind: .rect, frame: Rect(0, 0, 4, 4), fill: .solid(.white))
        let a = LayerDefinition(
            id: "a", kind: .group, frame: Rect(0, 0, 40, 40),
            children: [
                LayerDefinition(kind: try picture(), frame: Rect(0, 0, 40, 40)), cover,
            ])
        let snap = LayerDefinition(id: "snap", kind: .snapshot(of: "a"), position: Point(200, 400), size: Size(40, 40))
        XCTAssertThrowsError(try lottie([a, snap], changes: [PropertyChange(layer: "snap", .opacity(0.5))])) {
            XCTAssertEqual(
                "\($0)",
                "layer \"snap\" is a snapshot of \"a\", where \"layer-2\" paints above a PNG/JPEG picture; "
                    + "a Lottie snapshot draws its pictures above the rest of its art. Move that picture to the top of the snapshot's source.")
        }
    }

    /// Vertex bounding box [minX, minY, maxX, maxY] of a mask's path at its first or last key.
    func maskBox(_ mask: JSONValue?, last: Bool = false) -> [Double] {
        let pt = mask?["pt"]
        let shape = pt?["a"] == .number(0) ? pt?["k"] : array(array(pt?["k"])[last ? array(pt?["k"]).count - 1 : 0]["s"]).first
        let v = array(shape?["v"]).map(numbers)
        return [v.map { $0[0] }.min()!, v.map { $0[1] }.min()!, v.map { $0[0] }.max()!, v.map { $0[1] }.max()!]
    }

    func testAMaskedPictureCarriesItsMaskInPixelSpaceFirst() throws {
        // 30 x 60 px shown in 20 x 40 pt: 1.5 px per point.
        var hole = LayerDefinition(id: "hole", kind: try picture(), frame: Rect(0, 0, 20, 40))
        hole.mask = LayerMask(shape: .hole, frame: Rect(0, 0, 20, 40), center: Point(10, 20), radius: 4)
        var round = LayerDefinition(id: "round", kind: try picture(), frame: Rect(100, 0, 20, 40), numbers: [.cornerRadius: 2], clipsToBounds: true)
        round.mask = LayerMask(shape: .circle, center: Point(10, 20), radius: 4)
        let doc = try lottie([hole, round], changes: [PropertyChange(layer: "round", .maskRadius(8))])

        let holeMasks = array(try XCTUnwrap(layer(named: "hole.picture", in: doc))["masksProperties"])
        XCTAssertEqual(holeMasks.map { $0["mode"] }, [.string("a"), .string("s")])
        XCTAssertEqual(maskBox(holeMasks[0]), [0, 0, 30, 60])
        XCTAssertEqual(maskBox(holeMasks[1]), [9, 24, 21, 36])
        // The animated mask first ("a"), the clip after it ("i"): lottie-web freezes an animated "i".
        let roundMasks = array(try XCTUnwrap(layer(named: "round.picture", in: doc))["masksProperties"])
        XCTAssertEqual(roundMasks.map { $0["mode"] }, [.string("a"), .string("i")])
        XCTAssertEqual(roundMasks.map { $0["nm"] }, [.string("mask"), .string("clip")])
        XCTAssertEqual(maskBox(roundMasks[0]), [9, 24, 21, 36])
        XCTAssertEqual(maskBox(roundMasks[0], last: true), [3, 18, 27, 42])
        XCTAssertEqual(maskBox(roundMasks[1]), [0, 0, 30, 60])
    }
}
