import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Exporters

/// Static groups kept across exports (LottieStaticGroups.swift) give the bytes made without them.
final class LottieStaticGroupsTests: XCTestCase {
    private func text(_ d: TransitionDefinition, _ cache: LottieStaticGroups?) throws -> String {
        try LottieWriter(staticGroups: cache).data(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
    }

    /// The sample's card (a Lottie layer) holds two static sublayers, an ellipse and text bars.
    private func changingStaticChild(_ k: Int, _ change: (inout LayerDefinition) -> Void) -> TransitionDefinition {
        var d = LottieWriterTests.sampleDefinition()
        change(&d.layers[0].children[0].children[k])
        return d
    }

    func testAKeptExportIsTheExportMadeAnew() throws {
        let d = LottieWriterTests.sampleDefinition()
        let cache = LottieStaticGroups()
        let fresh = try text(d, nil)
        XCTAssertEqual(try text(d, cache), fresh)
        let kept = cache.count
        XCTAssertEqual(kept, 4, "the card's static groups, the container's, card's and sheet's paints")
        XCTAssertEqual(try text(d, cache), fresh)
        XCTAssertEqual(cache.count, kept, "the second export found them")
    }

    /// Each change reaches the output, and an export after the unchanged one (its groups kept)
    /// gives the changed bytes: a field the key left out would give the unchanged groups back.
    func testEveryFieldTheGroupsReadIsInTheKey() throws {
        let base = LottieWriterTests.sampleDefinition()
        var renumbered = base
        renumbered.layers.insert(LayerDefinition(kind: .rect, frame: Rect(0, 0, 10, 10), fill: .solid(.white)), at: 0)
        let changed: [(String, TransitionDefinition)] = [
            ("name (layer index)", renumbered),
            ("visible", changingStaticChild(0) { $0.hidden = true }),
            ("kind", changingStaticChild(0) { $0.kind = .rect }),
            ("fill", changingStaticChild(0) { $0.fill = .solid(Color(red: 0.5, green: 0.5, blue: 0.5)) }),
            ("text lines", changingStaticChild(1) { $0.kind = .text(lines: 3) }),
            ("size", changingStaticChild(0) { $0.size = Size(44, 40) }),
            ("anchor", changingStaticChild(0) { $0.anchorPoint = Point(0.25, 0.5) }),
            ("position", changingStaticChild(0) { $0.position = Point(31, 32) }),
            ("translation", changingStaticChild(0) { $0.transform.translation = Point(3, 4) }),
            ("scale", changingStaticChild(0) { $0.transform.scale = Point(2, 1) }),
            ("rotation", changingStaticChild(0) { $0.transform.rotation = 0.3 }),
            ("opacity", changingStaticChild(0) { $0.opacity = 0.5 }),
            (
                "corner radius",
                changingStaticChild(0) {
                    $0.kind = .rect; $0.numbers[.cornerRadius] = 7
                }
            ),
            ("children", changingStaticChild(0) { $0.children = [LayerDefinition(kind: .rect, frame: Rect(1, 1, 5, 5), fill: .solid(.white))] }),
        ]
        let unchanged = try text(base, nil)
        let cornerless = try text(changingStaticChild(0) { $0.kind = .rect }, nil)
        for (field, d) in changed {
            let cache = LottieStaticGroups()
            XCTAssertEqual(try text(base, cache), unchanged)
            let fresh = try text(d, nil)
            XCTAssertNotEqual(fresh, field == "corner radius" ? cornerless : unchanged, "\(field) changes the file")
            XCTAssertEqual(try text(d, cache), fresh, field)
        }
    }

    /// The card's own paint (it moves; its size and corner radius hold still) changed one value at a time.
    func testEveryValueTheKeptPaintReadsIsInTheKey() throws {
        func changingCard(_ change: (inout LayerDefinition) -> Void) -> TransitionDefinition {
            var d = LottieWriterTests.sampleDefinition()
            change(&d.layers[0].children[0])
            return d
        }
        let changed: [(String, TransitionDefinition)] = [
            ("kind", changingCard { $0.kind = .ellipse }),
            ("text lines", changingCard { $0.kind = .text(lines: 2) }),
            ("fill", changingCard { $0.fill = .solid(Color(red: 0.5, green: 0.5, blue: 0.5)) }),
            ("size", changingCard { $0.size = Size(210, 120) }),
            ("corner radius", changingCard { $0.numbers[.cornerRadius] = 5 }),
        ]
        let unchanged = try text(LottieWriterTests.sampleDefinition(), nil)
        for (field, d) in changed {
            let cache = LottieStaticGroups()
            XCTAssertEqual(try text(LottieWriterTests.sampleDefinition(), cache), unchanged)
            let fresh = try text(d, nil)
            XCTAssertNotEqual(fresh, unchanged, "\(field) changes the file")
            XCTAssertEqual(try text(d, cache), fresh, field)
        }
    }

    /// A key hashes the mix of its words (not the words): keys of the same words are equal and
    /// hash alike; a word changed, or one more, is another key that hashes apart.
    func testKeysOfTheSameWordsHashAlike() {
        func key(_ kept: LottieStaticGroupsKey.Kept, _ words: [Double]) -> LottieStaticGroupsKey {
            var k = LottieStaticGroupsKey(kept)
            for w in words { k.append(w) }
            return k
        }
        XCTAssertEqual(key(.sublayers, [1, 2, 3]), key(.sublayers, [1, 2, 3]))
        XCTAssertEqual(key(.sublayers, [1, 2, 3]).hashValue, key(.sublayers, [1, 2, 3]).hashValue)
        for other in [key(.sublayers, [1, 2, 4]), key(.sublayers, [1, 2, 3, 0]), key(.sublayers, [2, 1, 3]), key(.paint, [1, 2, 3])] {
            XCTAssertNotEqual(other, key(.sublayers, [1, 2, 3]))
            XCTAssertNotEqual(other.hashValue, key(.sublayers, [1, 2, 3]).hashValue)
        }
    }

    /// A subtree with art of its own is made anew each time (its key would not describe it); the
    /// snapshot's source art is kept on its own.
    func testSnapshotsAreNotKept() throws {
        let cache = LottieStaticGroups()
        let d = changingStaticChild(0) { $0.kind = .snapshot(of: "sheet") }
        XCTAssertEqual(try text(d, cache), try text(d, nil))
        XCTAssertEqual(cache.count, 4, "the three layers' paints and the sheet's art, not the card's sublayers")
    }

    /// A snapshot of the sheet, which holds a static sublayer: each value its art reads changed
    /// in turn (the sheet's own paint, its sublayer's placement and paint), and an export after
    /// the unchanged one (its art kept) gives the changed bytes.
    func testEveryFieldASnapshotsArtReadsIsInTheKey() throws {
        func snapshotting(_ change: (inout LayerDefinition, inout LayerDefinition) -> Void) -> TransitionDefinition {
            var d = changingStaticChild(0) { $0.kind = .snapshot(of: "sheet") }
            var sheet = d.layers[0].children[1]
            var child = LayerDefinition(kind: .rect, frame: Rect(20, 30, 100, 40), fill: .solid(.white))
            change(&sheet, &child)
            sheet.children = [child]
            d.layers[0].children[1] = sheet
            return d
        }
        let changed: [(String, TransitionDefinition)] = [
            ("source kind", snapshotting { s, _ in s.kind = .ellipse }),
            ("source fill", snapshotting { s, _ in s.fill = .solid(.white) }),
            ("source size", snapshotting { s, _ in s.size = Size(300, 800) }),
            ("source corner radius", snapshotting { s, _ in s.numbers[.cornerRadius] = 9 }),
            ("hidden", snapshotting { _, c in c.hidden = true }),
            ("kind", snapshotting { _, c in c.kind = .ellipse }),
            ("text lines", snapshotting { _, c in c.kind = .text(lines: 2) }),
            ("fill", snapshotting { _, c in c.fill = .solid(Color(red: 0.5, green: 0.5, blue: 0.5)) }),
            ("size", snapshotting { _, c in c.size = Size(44, 40) }),
            ("corner radius", snapshotting { _, c in c.numbers[.cornerRadius] = 7 }),
            ("anchor", snapshotting { _, c in c.anchorPoint = Point(0.25, 0.5) }),
            ("position", snapshotting { _, c in c.position = Point(31, 32) }),
            ("translation", snapshotting { _, c in c.transform.translation = Point(3, 4) }),
            ("scale", snapshotting { _, c in c.transform.scale = Point(2, 1) }),
            ("rotation", snapshotting { _, c in c.transform.rotation = 0.3 }),
            ("opacity", snapshotting { _, c in c.opacity = 0.5 }),
            ("children", snapshotting { _, c in c.children = [LayerDefinition(kind: .rect, frame: Rect(1, 1, 5, 5), fill: .solid(.white))] }),
        ]
        let base = snapshotting { _, _ in }
        let unchanged = try text(base, nil)
        for (field, d) in changed {
            let cache = LottieStaticGroups()
            XCTAssertEqual(try text(base, cache), unchanged)
            let fresh = try text(d, nil)
            XCTAssertNotEqual(fresh, unchanged, "\(field) changes the file")
            XCTAssertEqual(try text(d, cache), fresh, field)
        }
    }
}
