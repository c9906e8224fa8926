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
}
