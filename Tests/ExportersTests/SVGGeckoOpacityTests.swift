import Foundation
import XCTest

@testable import Exporters
@testable import Keyframes

/// Gecko draws a group opacity in [0.99, 1) as 1 unless will-change names opacity, so such a
/// group has class `gecko-opacity` and the file a style sheet for it that Gecko alone reads
/// (SVGLayerGroup.swift, docs/smil.md traps).
final class SVGGeckoOpacityTests: XCTestCase {
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
}
