import Foundation
import Simulation
import TransitionModel
import XCTest

@testable import Exporters
@testable import Keyframes

/// Gecko draws a group opacity in [0.99, 1) as 1 unless will-change names opacity, so such a
/// group has class `gecko-opacity` and the file a style sheet for it that Gecko alone reads
/// (SVGLayerGroup.swift, docs/smil.md traps).
final class SVGGeckoOpacityTests: XCTestCase, SVGArtFixture {
    func track(_ keys: [(Double, Double, KeyframeEasing)]) -> KeyframeTrack<Double> {
        KeyframeTrack(keys.map { Keyframe(time: $0.0, value: $0.1, easing: $0.2) })
    }

    func testWhichOpacitiesReachTheBand() {
        let reaches = SVGDocument.reachesGeckoOpaqueBand
        XCTAssertTrue(reaches(track([(0, 1, .linear), (1, 0.5, .linear)])), "a fade from 1")
        XCTAssertTrue(reaches(track([(0, 0, .linear), (1, 1, .linear)])), "a fade to 1")
        XCTAssertTrue(reaches(track([(0, 0.995, .linear)])), "a still value in the band")
        XCTAssertFalse(reaches(track([(0, 1, .linear)])), "opaque")
        XCTAssertFalse(reaches(track([(0, 0.98, .linear), (1, 0.2, .linear)])), "below the band")
        XCTAssertFalse(reaches(track([(0, 1, .linear), (1, 1, .linear), (1, 0, .linear), (2, 0, .linear)])), "a jump")
        XCTAssertFalse(reaches(track([(0, 1, .hold), (1, 0, .linear)])), "a hold, then the new value")
    }

    func testAFadingGroupHasTheClassAndTheFileItsStyle() throws {
        let svg = try SVGWriter().svg(try ExportFixtures.keyframes(ExportFixtures.template("shared-element-push")))
        XCTAssertTrue(svg.contains("<g id=\"from-screen\" opacity=\"1\" class=\"gecko-opacity\">"))
        XCTAssertTrue(svg.hasSuffix("<style>@supports (-moz-appearance:none){.gecko-opacity{will-change:opacity}}</style>\n</svg>\n"))
        let still = try SVGWriter().svg(try ExportFixtures.keyframes(ExportFixtures.template("flip-push")))
        XCTAssertFalse(still.contains("gecko-opacity"))
    }

    func testStillOpacitiesAreJudgedAsWritten() {
        let band = SVGDocument.inGeckoOpaqueBand
        XCTAssertTrue(band(0.995, 4))
        XCTAssertTrue(band(0.99, 6))
        XCTAssertTrue(band(0.98996, 4), "written 0.99")
        XCTAssertTrue(band(0.9999, 4))
        XCTAssertFalse(band(0.99996, 4), "written 1")
        XCTAssertFalse(band(0.989, 6))
        XCTAssertFalse(band(1, 6))
    }

    /// Still opacities that are not a layer's: a user's SVG art (a group, and a leaf with a fill
    /// and a stroke, which Firefox also drew opaque) and a static sublayer drawn inside its
    /// parent's static art. The art is static, so the second export replays it from the cache:
    /// that file needs the style as much as the first.
    func testStillArtAndStaticSublayersInTheBandHaveTheClass() throws {
        let body = """
            <g opacity="0.995"><rect width="8" height="8" fill="#ff0000"/></g>
            <rect x="10" width="8" height="8" fill="#00ff00" stroke="#0000ff" opacity="0.992"/>
            <rect y="8" width="2" height="2" fill="#000000" opacity="0.5"/>
            """
        var layers = try artCard(body, windowed: false)
        layers[0].children.append(LayerDefinition(id: "dim", kind: .rect, frame: Rect(2, 2, 6, 6), opacity: 0.996, fill: .solid(.black)))
        layers.append(LayerDefinition(id: "mover", kind: .rect, frame: Rect(100, 100, 40, 40), fill: .solid(.black)))
        let move = AnimationBlock(duration: 0.3, timing: .named(.easeInOut), changes: [PropertyChange(layer: "mover", .position(Point(200, 300)))])
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white), layers: layers,
            phases: [Phase(name: "p", blocks: [move])])
        let keyframes = KeyframedTransition.fitted(try Simulation(d), for: .smil)
        let cache = SVGStaticArtCache()
        let first = try SVGWriter(staticArt: cache).svg(keyframes)
        XCTAssertGreaterThan(cache.count, 0, "the card is static art")
        let second = try SVGWriter(staticArt: cache).svg(keyframes)
        XCTAssertEqual(second, first)
        for svg in [first, second, try SVGWriter(staticArt: nil).svg(keyframes)] {
            XCTAssertTrue(svg.contains(#"<g opacity="0.995" class="gecko-opacity">"#), svg)
            XCTAssertTrue(svg.contains(#"opacity="0.992" class="gecko-opacity""#), svg)
            XCTAssertTrue(svg.contains(#"opacity="0.996" class="gecko-opacity""#), svg)
            XCTAssertFalse(svg.contains(#"opacity="0.5" class"#), svg)
            XCTAssertTrue(svg.hasSuffix("<style>@supports (-moz-appearance:none){.gecko-opacity{will-change:opacity}}</style>\n</svg>\n"))
        }
    }
}
