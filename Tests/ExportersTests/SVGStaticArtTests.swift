import Exporters
import Foundation
import Keyframes
import Simulation
import Synchronization
import TransitionModel
import XCTest

/// Static art is written by libxml2 once per process and replayed (docs/smil.md#static-art-written-once):
/// a replayed file is byte for byte the file written from scratch.
final class SVGStaticArtTests: XCTestCase {
    /// A static card (clipped, a gradient, sublayers) beside a moving badge; `holder` puts the
    /// card inside a followed layer that clips (one level deeper, and a clip id before the card's).
    static func definition(dotColor: Color = .white, holder: Bool = false) -> TransitionDefinition {
        let stops: [LinearGradient.Stop] = [.init(offset: 0, color: .white), .init(offset: 1, color: Color(red: 0.2, green: 0.3, blue: 0.9))]
        let gradient = Fill.linearGradient(LinearGradient(start: Point(0, 0), end: Point(1, 1), stops: stops))
        let card = LayerDefinition(
            kind: .group, frame: Rect(20, 100, 200, 120), numbers: [.cornerRadius: 12], clipsToBounds: true, fill: gradient,
            children: [
                LayerDefinition(
                    kind: .group, frame: Rect(10, 10, 80, 80), opacity: 0.5, clipsToBounds: true,
                    children: [LayerDefinition(kind: .ellipse, frame: Rect(4, 4, 20, 20), fill: .solid(dotColor))]),
                LayerDefinition(kind: .text(lines: 2), frame: Rect(10, 90, 120, 20), fill: gradient),
            ])
        let placed =
            holder
            ? LayerDefinition(id: "holder", kind: .group, frame: Rect(0, 0, 390, 400), clipsToBounds: true, children: [card]) : card
        let badge = LayerDefinition(id: "badge", kind: .ellipse, frame: Rect(300, 80, 60, 60), fill: .solid(Color(red: 1, green: 0.17, blue: 0.33)))
        let move = AnimationBlock(duration: 0.4, timing: .named(.easeInOut), changes: [PropertyChange(layer: "badge", .position(Point(330, 600)))])
        return TransitionDefinition(
            name: "static-art", description: "A static card beside a moving badge.",
            canvas: Canvas(size: Size(390, 844), background: .white), timeline: TimelineSettings(),
            layers: [placed, badge], phases: [Phase(name: "move", blocks: [move])])
    }

    static func svg(_ d: TransitionDefinition, _ cache: SVGStaticArtCache?) throws -> String {
        try SVGWriter(staticArt: cache).svg(KeyframedTransition.fitted(try Simulation(d), for: .smil))
    }

    func testReplayedFilesAreTheWrittenFiles() throws {
        for d in [Self.definition(), Self.definition(holder: true), ExportFixtures.showcase, try ExportFixtures.template("douyin-drag-dismiss")] {
            let written = try Self.svg(d, nil)
            let cache = SVGStaticArtCache()
            XCTAssertEqual(try Self.svg(d, cache), written, "\(d.name), recorded")
            XCTAssertGreaterThan(cache.count, 0, d.name)
            XCTAssertEqual(try Self.svg(d, cache), written, "\(d.name), replayed")
        }
    }

    /// Each part of the key changes the markup: a key without it would replay the first file's
    /// card into the second, and the second would differ from its written self.
    func testEveryPartOfTheKeyDecides() throws {
        let first = Self.definition()
        let seconds = [
            ("a sublayer's colour (the definition)", Self.definition(dotColor: Color(red: 0, green: 0.5, blue: 0))),
            ("the depth, and ids after another clip's", Self.definition(holder: true)),
        ]
        for (part, second) in seconds {
            let cache = SVGStaticArtCache()
            let firstSVG = try Self.svg(first, cache)
            XCTAssertEqual(firstSVG, try Self.svg(first, nil))
            let written = try Self.svg(second, nil)
            XCTAssertEqual(try Self.svg(second, cache), written, part)
            XCTAssertNotEqual(Self.card(firstSVG), Self.card(written), "\(part): the card's markup differs")
        }
    }

    /// Two workers sharing one cache write the files they would write alone.
    func testWorkersShareTheCache() throws {
        let definitions = [Self.definition(), Self.definition(holder: true), Self.definition(dotColor: .black)]
        let written = try definitions.map { try Self.svg($0, nil) }
        let cache = SVGStaticArtCache()
        let results = Mutex(Array(repeating: [String](), count: definitions.count))
        DispatchQueue.concurrentPerform(iterations: 12) { n in
            let svg = (try? Self.svg(definitions[n % definitions.count], cache)) ?? ""
            results.withLock { $0[n % definitions.count].append(svg) }
        }
        for (k, svgs) in results.withLock({ $0 }).enumerated() {
            XCTAssertEqual(svgs.count, 4)
            for svg in svgs { XCTAssertEqual(svg, written[k]) }
        }
    }

    /// The card's lines: from its clip path to the moving badge's group.
    static func card(_ svg: String) -> String {
        let lines = svg.split(separator: "\n")
        let start = lines.firstIndex { $0.contains("<clipPath") } ?? 0
        let end = lines.firstIndex { $0.contains("id=\"badge\"") } ?? lines.count
        return lines[start..<end].joined(separator: "\n")
    }
}
