import Foundation
import JSONText
import Keyframes
import Simulation
import TransExport
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Exporters

/// Group opacity where the first pass kept per-layer opacity (docs/lottie.md#group-opacity): a
/// fading group inside a fading group (a precomp inside the outer one), a group under a moving
/// parent (the parent copied as a null layer in the precomp), one group dropped alone, and a
/// single layer whose SVG art is split into opacity runs (a one-layer precomp).
final class LottieGroupNestTests: XCTestCase, LottieReading, SVGArtFixture {
    func transition(_ layers: [LayerDefinition], moving: [String], fading: [String: Double]) throws -> KeyframedTransition {
        let changes =
            moving.map { PropertyChange(layer: $0, .position(Point(325, 422))) } + fading.keys.sorted().map { PropertyChange(layer: $0, .opacity(fading[$0]!)) }
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white), layers: layers,
            phases: [Phase(name: "p", blocks: [AnimationBlock(duration: 0.6, timing: .named(.easeInOut), changes: changes)])])
        return KeyframedTransition.fitted(try Simulation(d), for: .lottie)
    }

    func pane(_ id: String, _ frame: Rect, children: [LayerDefinition] = []) -> LayerDefinition {
        LayerDefinition(id: id, kind: .rect, frame: frame, fill: .solid(.white), children: children)
    }

    /// Layers by name: at the top (`nil`) or in the asset `id`.
    func layers(_ id: String?, in doc: JSONValue) throws -> [String: JSONValue] {
        let list = try id.map { id in array(try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string(id) }, "no asset \(id)")["layers"]) }
        return Dictionary(
            (list ?? array(doc["layers"])).compactMap { l in if case .string(let s)? = l["nm"] { (s, l) } else { nil } }, uniquingKeysWith: { a, _ in a })
    }

    func fades(_ layer: JSONValue?) -> [[Double]] { array(layer?["ks"]?["o"]?["k"]).map { numbers($0["s"]) } }

    /// A fading card inside a fading group, over a dot: the card's subtree is a precomp ("group",
    /// nested first) whose layer sits in the outer group's precomp ("group-2") with the card's
    /// fade alone; the moving outer group is a null layer in the card's precomp, its parent.
    func testANestedFadingGroupIsAPrecompInsideTheOuterOne() throws {
        let card = pane("card", Rect(40, 160, 300, 400), children: [pane("dot", Rect(20, 20, 100, 100))])
        let outer = LayerDefinition(id: "group", kind: .group, frame: Rect(0, 0, 390, 844), fill: .solid(.black), children: [card])
        let doc = try LottieWriter().lottie(try transition([outer], moving: ["group", "card"], fading: ["group": 0.5, "card": 0.6]))
        XCTAssertEqual(array(doc["assets"]).compactMap { $0["id"] }, [.string("group"), .string("group-2")])
        let top = try layers(nil, in: doc), outside = try layers("group-2", in: doc), inside = try layers("group", in: doc)
        XCTAssertEqual(Set(top.keys), ["group-of-group", "background"])
        XCTAssertEqual(top["group-of-group"]?["refId"], .string("group-2"))
        XCTAssertEqual(fades(top["group-of-group"]), [[100], [50]])
        XCTAssertEqual(Set(outside.keys), ["group", "group-of-card"])
        XCTAssertEqual(outside["group"]?["ks"]?["o"]?["k"], .number(100))
        let precomp = try XCTUnwrap(outside["group-of-card"])
        XCTAssertEqual(precomp["refId"], .string("group"))
        XCTAssertEqual(fades(precomp), [[100], [60]], "the card's factor, not the outer group's again")
        XCTAssertNil(precomp["parent"], "unparented: its w x h box stays the canvas")
        XCTAssertEqual(numbers(precomp["ks"]?["p"]?["k"]), [0, 0])
        XCTAssertEqual(Set(inside.keys), ["card", "dot", "group.place"])
        for name in ["card", "dot"] { XCTAssertEqual(inside[name]?["ks"]?["o"]?["k"], .number(100), name) }
        let place = try XCTUnwrap(inside["group.place"])
        XCTAssertEqual(place["ty"], .number(3))
        XCTAssertEqual(place["ind"], outside["group"]?["ind"])
        XCTAssertEqual(place["ks"], outside["group"]?["ks"], "the outer group's moving transform")
        XCTAssertEqual(inside["card"]?["parent"], place["ind"])
    }

    /// A fading card in a moving container that does not fade, beside a fading card at the root:
    /// both are precomps (the first pass refused the first, and then every group of the file).
    func testAGroupUnderAMovingParentKeepsItsPrecomp() throws {
        let container = LayerDefinition(
            id: "container", kind: .group, frame: Rect(0, 0, 390, 420),
            children: [pane("card", Rect(30, 60, 240, 300), children: [pane("dot", Rect(120, 160, 160, 160))])])
        let other = pane("other", Rect(60, 480, 270, 300), children: [pane("other-dot", Rect(150, 150, 160, 120))])
        let doc = try LottieWriter().lottie(try transition([container, other], moving: ["container"], fading: ["card": 0.5, "other": 0.4]))
        let top = try layers(nil, in: doc)
        XCTAssertEqual(Set(top.keys), ["container", "group-of-card", "group-of-other", "background"])
        XCTAssertEqual(fades(top["group-of-card"]), [[100], [50]])
        XCTAssertEqual(fades(top["group-of-other"]), [[100], [40]])
        XCTAssertNil(top["group-of-card"]?["parent"])
        let inside = try layers(top["group-of-card"]?["refId"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "", in: doc)
        XCTAssertEqual(Set(inside.keys), ["card", "dot", "container.place"])
        XCTAssertEqual(inside["container.place"]?["ks"], top["container"]?["ks"])
        XCTAssertTrue(LottieDocument.isAnimated(inside["container.place"]?["ks"]))
        XCTAssertEqual(inside["card"]?["parent"], top["container"]?["ind"])
        XCTAssertEqual(inside["card"]?["ks"]?["o"]?["k"], .number(100))
    }

    /// A group dropped (its run could not move) is per-layer alone; the others keep their precomps.
    func testADroppedGroupLeavesTheOthers() throws {
        let left = pane("left", Rect(0, 0, 190, 844), children: [pane("left-dot", Rect(20, 20, 100, 100))])
        let right = pane("right", Rect(200, 0, 190, 844), children: [pane("right-dot", Rect(20, 20, 100, 100))])
        let t = try transition([left, right], moving: [], fading: ["left": 0.4, "right": 0.7])
        let all = LottieDocument(t)
        XCTAssertEqual(all.groupOpacities.count, 2)
        let leftIndex = try XCTUnwrap(t.simulation.layers.firstIndex { $0.id == "left" })
        let document = LottieDocument(t, droppingGroups: [leftIndex])
        XCTAssertEqual(document.groupOpacities.map { t.simulation.layers[$0].id }, ["right"])
        let doc = try document.build()
        let top = try layers(nil, in: doc)
        XCTAssertEqual(Set(top.keys), ["left", "left-dot", "group-of-right", "background"])
        XCTAssertEqual(fades(top["left-dot"]).last, [40], "per-layer: the left card's factor in its dot")
        XCTAssertEqual(fades(top["group-of-right"]).last, [70])
        // A run with a layer outside parented inside cannot move: the refusal names its group.
        let owners = [Int?](repeating: leftIndex, count: 1) + [nil]
        let layersJSON: [JSONValue] = [LJ.obj([("ind", LJ.int(1))]), LJ.obj([("ind", LJ.int(2)), ("parent", LJ.int(1))])]
        guard case .failure(let refusal) = all.grouped(layersJSON, owners: owners, groups: [leftIndex]) else { return XCTFail("moved") }
        XCTAssertEqual(refusal.group, leftIndex)
    }

    /// No group Example drops a group: every layer the writer makes points (`parent`, `tp`) at
    /// its own layer's entries or its ancestors' content layers, in the tree's paint order, so a
    /// fading layer's run moves as one (the fallback above is for a writer that breaks this).
    /// group-fade-picture-flip (384 cells, slow in a debug build) is left out; the rest take
    /// 24 s in a debug build under load: catalog tier.
    func testNoGroupExampleDropsAGroup() throws {
        try CatalogTier.require()
        let dir = ExportFixtures.repositoryRoot.appendingPathComponent("Examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("group-fade-") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 18)
        for file in files where file != "group-fade-picture-flip.json" {
            let t = KeyframedTransition.fitted(try Simulation(try DefinitionFile.load(dir.appendingPathComponent(file), displayPath: file)), for: .lottie)
            for subtrees in [true, false] {
                let document = LottieDocument(t, subtrees: subtrees)
                _ = try document.build()
                XCTAssertNil(document.refusedGroup, file)
                if !document.subtreeRefused {
                    XCTAssertFalse(document.groupOpacities.isEmpty, file)
                    break
                }
            }
        }
    }

    /// One fading layer of SVG art with opacity over overlapping shapes (runs of its own, refused
    /// before): a one-layer group precomp fades; inside, the runs keep their own opacity.
    func testASingleLayerWithArtOpacityRunsIsAOneLayerPrecomp() throws {
        let body = """
            <rect width="20" height="10" fill="#ffffff"/>
            <g opacity="0.5"><rect width="8" height="8" fill="#ff0000"/><rect x="4" width="8" height="8" fill="#0000ff"/></g>
            """
        let card = LayerDefinition(id: "card", kind: .artwork(try art(body)), frame: Rect(10, 10, 20, 10))
        let doc = try LottieWriter().lottie(try transition([card], moving: ["card"], fading: ["card": 0.8]))
        let top = try layers(nil, in: doc), inside = try layers("group", in: doc)
        XCTAssertEqual(Set(top.keys), ["group-of-card", "background"])
        XCTAssertEqual(fades(top["group-of-card"]), [[100], [80]])
        XCTAssertEqual(Set(inside.keys), ["card", "card.art-1"])
        XCTAssertEqual(inside["card"]?["ks"]?["o"]?["k"], .number(100))
        XCTAssertEqual(inside["card.art-1"]?["ks"]?["o"]?["k"], .number(50))
    }

    /// A fading card holding a snapshot of a layer outside it, over a label: the snapshot's layer
    /// (the copied art in its shapes) moves into the card's precomp with the rest.
    func testASnapshotInAFadingCardMovesIntoItsPrecomp() throws {
        let photo = pane("photo", Rect(40, 40, 200, 140), children: [LayerDefinition(kind: .rect, frame: Rect(0, 90, 200, 30), fill: .solid(.black))])
        let copy = LayerDefinition(id: "copy", kind: .snapshot(of: "photo"), frame: Rect(60, 140, 200, 140))
        let card = pane("card", Rect(20, 240, 350, 520), children: [pane("label", Rect(40, 200, 270, 120)), copy])
        let doc = try LottieWriter().lottie(try transition([photo, card], moving: ["card"], fading: ["card": 0.5]))
        let top = try layers(nil, in: doc), inside = try layers("group", in: doc)
        XCTAssertEqual(Set(top.keys), ["group-of-card", "photo", "background"])
        XCTAssertEqual(fades(top["group-of-card"]), [[100], [50]])
        XCTAssertEqual(Set(inside.keys), ["card", "label", "copy"])
        for name in ["card", "label", "copy"] { XCTAssertEqual(inside[name]?["ks"]?["o"]?["k"], .number(100), name) }
        XCTAssertEqual(array(inside["copy"]?["shapes"]).isEmpty, false, "the copied art")
    }

    /// Under the bottom layer's overlay (its fade as a fill above its subtree) a fading card over
    /// a dot is a precomp as elsewhere: the precomp layer carries the card's fade alone, the
    /// overlay stays above it, parented to the screen.
    func testAGroupUnderTheBottomLayersOverlayIsAPrecomp() throws {
        let card = pane("card", Rect(30, 160, 280, 360), children: [pane("dot", Rect(120, 180, 180, 180))])
        let screen = LayerDefinition(id: "screen", kind: .rect, frame: Rect(0, 0, 390, 844), fill: .solid(.black), children: [card])
        let doc = try LottieWriter().lottie(try transition([screen], moving: ["card"], fading: ["screen": 0.4, "card": 0.6]))
        let order = array(doc["layers"]).compactMap { l -> String? in if case .string(let s)? = l["nm"] { s } else { nil } }
        XCTAssertEqual(order, ["opacity-of-screen", "group-of-card", "screen", "background"])
        let top = try layers(nil, in: doc), inside = try layers("group", in: doc)
        XCTAssertEqual(fades(top["group-of-card"]), [[100], [60]], "the card's fade, not the screen's")
        XCTAssertEqual(top["group-of-card"]?["parent"], top["screen"]?["ind"])
        XCTAssertEqual(top["screen"]?["ks"]?["o"]?["k"], .number(100))
        XCTAssertEqual(Set(inside.keys), ["card", "dot"])
        for name in ["card", "dot"] { XCTAssertEqual(inside[name]?["ks"]?["o"]?["k"], .number(100), name) }
    }
}
