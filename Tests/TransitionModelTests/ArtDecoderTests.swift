import TransitionModel
import XCTest

/// Art components: `{"use": NAME}` layers resolved from art files, and their located errors.
final class ArtDecoderTests: XCTestCase {
    let badge = """
        {
          "version": 1, "name": "badge", "description": "a dot with a label",
          "parameters": {
            "tint": {"type": "color", "default": "#FF0000"},
            "dot-id": {"type": "id", "default": null},
            "width": {"type": "number"}
          },
          "layer": {"type": "group", "frame": [0, 0, 40, 20], "fill": "$tint", "cornerRadius": 10, "children": [
            {"id": "$dot-id", "type": "ellipse", "frame": [4, 4, 12, 12], "fill": "#FFFFFF"},
            {"type": "text", "frame": [20, 6, "$width", 8], "fill": "#FFFFFF"}
          ]}
        }
        """
    let card = """
        {
          "version": 1, "name": "card", "description": "a card with two badges",
          "parameters": {"dot-id": {"type": "id", "default": null}},
          "layer": {"type": "group", "frame": [0, 0, 100, 60], "fill": "#333333", "children": [
            {"use": "badge", "frame": [10, 10, 40, 20], "with": {"width": 12, "dot-id": "$dot-id"}},
            {"use": "badge", "position": [70, 45], "size": [40, 20], "with": {"width": 8, "tint": "#00FF00"}}
          ]}
        }
        """

    func definition(_ layers: String, phases: String = ##"{"p": [{"duration": 1, "changes": [{"layer": "a", "property": "alpha", "value": 0}]}]}"##) -> String {
        """
        {
          "version": 1, "name": "t", "description": "d", "canvas": {"size": [390, 844]},
          "layers": \(layers),
          "phases": \(phases)
        }
        """
    }

    func library(_ extra: [String: String] = [:]) -> ArtLibrary {
        .inMemory(["badge": badge, "card": card].merging(extra) { $1 })
    }

    /// The shared decodeError (DecodeError.swift) with this file's art library.
    func decodeError(_ text: String, art: [String: String] = [:]) -> String {
        TransitionModelTests.decodeError(text, art: library(art))
    }

    func testUsePlacesTheArtWithTheSitesMembersAndChildren() throws {
        let d = try DefinitionDecoder.decode(
            definition(
                """
                [{"use": "card", "id": "a", "frame": [20, 30, 100, 60], "opacity": 0.5, "with": {"dot-id": "dot"},
                  "children": [{"id": "extra", "type": "rect", "frame": [0, 0, 5, 5], "fill": "#000000"}]}]
                """), file: "t.json", art: library())
        let a = try XCTUnwrap(d.layer(withID: "a"))
        XCTAssertEqual(a.position, Point(70, 60))
        XCTAssertEqual(a.size, Size(100, 60))
        XCTAssertEqual(a.opacity, 0.5)
        XCTAssertEqual(a.fill, .solid(Color(red: 0.2, green: 0.2, blue: 0.2)))
        XCTAssertEqual(a.children.map(\.id), [nil, nil, "extra"], "the art's children, then the site's")
        // Nested art: the first badge takes the default tint and the forwarded id; the second its own.
        let first = a.children[0], second = a.children[1]
        XCTAssertEqual(first.fill, .solid(Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(first.numbers[.cornerRadius], 10)
        XCTAssertEqual(first.children.map(\.id), ["dot", nil])
        XCTAssertEqual(first.children[1].size, Size(12, 8))
        XCTAssertEqual(second.position, Point(70, 45))
        XCTAssertEqual(second.fill, .solid(Color(red: 0, green: 1, blue: 0)))
        XCTAssertEqual(second.children.map(\.id), [nil, nil], "an optional id that is not given is left out")
        XCTAssertNotNil(d.layer(withID: "dot"))
    }

    func testWithoutPlacementTheArtKeepsItsFrame() throws {
        let d = try DefinitionDecoder.decode(definition(##"[{"use": "badge", "id": "a", "with": {"width": 3}}]"##), file: "t.json", art: library())
        XCTAssertEqual(d.layers[0].position, Point(20, 10))
        XCTAssertEqual(d.layers[0].size, Size(40, 20))
    }

    func testSnapshotOfAnIdGivenToArt() throws {
        let d = try DefinitionDecoder.decode(
            definition(
                """
                [{"use": "card", "id": "a", "with": {"dot-id": "dot"}},
                 {"id": "s", "type": "snapshot", "of": "dot", "frame": [0, 0, 24, 24]}]
                """), file: "t.json", art: library())
        XCTAssertEqual(d.layer(withID: "s")?.kind, .snapshot(of: "dot"))
    }

    /// An unknown "of" is found after every id is known, in the site's file or the art's
    /// (with its use note); a known one passes (the second walk is skipped then).
    func testSnapshotOfAnUnknownId() {
        XCTAssertEqual(
            decodeError(
                definition(
                    """
                    [{"use": "card", "id": "a", "with": {"dot-id": "dot"}},
                     {"id": "s", "type": "snapshot", "of": "dott", "frame": [0, 0, 24, 24]}]
                    """)),
            "t.json:4:40: layers[1].of: unknown layer \"dott\" (known: a, dot, s)")
        let snap = ##"{"version": 1, "name": "snap", "description": "d", "layer": {"id": "s", "type": "snapshot", "of": "b", "frame": [0, 0, 1, 1]}}"##
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "snap"}, {"id": "a", "type": "rect", "frame": [0, 0, 1, 1]}]"##), art: ["snap": snap]),
            "art/snap.json:1:99: layer.of: unknown layer \"b\" (known: s, a) (in art \"snap\" used at t.json:3:14 layers[0])")
    }

    func testUnknownArt() {
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "crad", "id": "a"}]"##)),
            "t.json:3:22: layers[0].use: unknown art \"crad\"; expected one of badge, card")
    }

    func testNoArtLibrary() throws {
        XCTAssertThrowsError(try DefinitionDecoder.decode(definition(##"[{"use": "card", "id": "a"}]"##), file: "t.json")) { error in
            XCTAssertEqual(
                "\(error)",
                "t.json:3:22: layers[0].use: unknown art \"card\"; no art found (art lives in art/NAME.json beside the definition or in the catalog)")
        }
    }

    func testArtThatUsesItselfIsACycle() {
        let loop = ##"{"version": 1, "name": "loop", "description": "d", "layer": {"type": "group", "frame": [0, 0, 1, 1], "children": [{"use": "loop2"}]}}"##
        let loop2 = ##"{"version": 1, "name": "loop2", "description": "d", "layer": {"type": "group", "frame": [0, 0, 1, 1], "children": [{"use": "loop"}]}}"##
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "loop", "id": "a"}]"##), art: ["loop": loop, "loop2": loop2]),
            "art/loop2.json:1:124: layer.children[0].use: art \"loop\" uses itself: loop → loop2 → loop"
                + " (in art \"loop2\" used at art/loop.json:1:115 layer.children[0])"
                + " (in art \"loop\" used at t.json:3:14 layers[0])")
    }

    func testABadParameterValueIsReportedAtTheUseSite() {
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "badge", "id": "a", "with": {"width": 3, "tint": "red"}}]"##)),
            "t.json:3:71: layers[0].with.tint: expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", found \"red\"")
    }

    func testUnknownAndMissingParameters() {
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "badge", "id": "a", "with": {"width": 3, "colour": "#000000"}}]"##)),
            "t.json:3:63: layers[0].with.colour: unknown parameter \"colour\" of art \"badge\"; it takes tint, dot-id, width")
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "badge", "id": "a"}]"##)),
            "t.json:3:22: layers[0].use: missing parameter \"width\" (number) of art \"badge\"")
    }

    func testPlacementIsAFrameOrPositionAndSize() {
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "badge", "id": "a", "position": [5, 5], "with": {"width": 3}}]"##)),
            "t.json:3:54: layers[0].position: give \"position\" and \"size\" together, or a \"frame\", or neither (the art's own placement)")
    }

    func testTypeIsNotAUseSiteMember() {
        let message = decodeError(definition(##"[{"use": "badge", "id": "a", "type": "rect", "with": {"width": 3}}]"##))
        XCTAssertTrue(message.hasPrefix("t.json:3:42: layers[0].type: unknown member \"type\"; expected one of id, frame, position, size,"), message)
        XCTAssertTrue(message.hasSuffix(", use, with"), message)
    }

    func testAnUndeclaredParameterIsReportedInTheArtFile() {
        let bad = ##"{"version": 1, "name": "bad", "description": "d", "layer": {"type": "rect", "frame": [0, 0, 1, 1], "fill": "$tnt"}}"##
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "bad", "id": "a"}]"##), art: ["bad": bad]),
            "art/bad.json:1:108: layer.fill: unknown parameter \"$tnt\"; the art declares none (in art \"bad\" used at t.json:3:14 layers[0])")
    }

    /// A reference deep in arrays and objects is found too (the quick scan of the parsed tree
    /// must not pass what the located check rejects).
    func testAnUndeclaredParameterDeepInTheLayerIsReported() {
        let bad =
            ##"{"version": 1, "name": "bad", "description": "d", "parameters": {"w": {"type": "number", "default": 1}}, "layer": "##
            + ##"{"type": "rect", "frame": [0, 0, "$w", {"x": ["$h"]}], "fill": "#000000"}}"##
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "bad", "id": "a"}]"##), art: ["bad": bad]),
            "art/bad.json:1:161: layer.frame[3].x[0]: unknown parameter \"$h\"; declared: w (in art \"bad\" used at t.json:3:14 layers[0])")
    }

    func testAnErrorInsideArtNamesTheUseSite() {
        let bad = ##"{"version": 1, "name": "bad", "description": "d", "layer": {"type": "rect", "frame": [0, 0, 1], "fill": "#000000"}}"##
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "bad", "id": "a"}]"##), art: ["bad": bad]),
            "art/bad.json:1:86: layer.frame: expected a frame [x, y, width, height] (an array of 4 numbers) (in art \"bad\" used at t.json:3:14 layers[0])")
    }

    func testArtNameMustBeItsFileName() {
        let named = ##"{"version": 1, "name": "other", "description": "d", "layer": {"type": "rect", "frame": [0, 0, 1, 1]}}"##
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "named", "id": "a"}]"##), art: ["named": named]),
            "art/named.json:1:24: name: expected \"named\" (the file's name) (in art \"named\" used at t.json:3:14 layers[0])")
    }

    func testALiteralIdInArtUsedTwiceIsADuplicate() {
        let dot =
            ##"{"version": 1, "name": "dot", "description": "d", "layer": {"type": "group", "frame": [0, 0, 1, 1], "children": [{"id": "dot", "type": "ellipse", "frame": [0, 0, 1, 1]}]}}"##
        XCTAssertEqual(
            decodeError(definition(##"[{"use": "dot", "id": "a"}, {"use": "dot"}]"##), art: ["dot": dot]),
            "art/dot.json:1:121: layer.children[0].id: duplicate layer id \"dot\" (in art \"dot\" used at t.json:3:41 layers[1])")
    }
}
