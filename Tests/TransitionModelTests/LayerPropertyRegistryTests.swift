import TransitionModel
import XCTest

/// The property registry (LayerProperties.swift) and the decoder must agree: every property the
/// registry lists decodes where it says (a change, a layer member, a mask member, a followed
/// property) and nothing the decoder accepts is missing from the registry.
final class LayerPropertyRegistryTests: XCTestCase {
    /// A layer's members that are not animatable properties (art, tree, artwork). A new member
    /// that is a property belongs in the registry instead; one that is not, here.
    let structuralLayerMembers: Set<String> = [
        "id", "type", "clipsToBounds", "fill", "lines", "of", "children", "sublayerTransform", "mask",
        "file", "contentMode", "scale",
    ]

    /// A JSON value of the property's kind that the decoder accepts, and the value it means.
    func sample(_ p: LayerProperty) -> (json: String, value: PropertyValue) {
        switch p.valueKind {
        case .number:
            let value: PropertyValue
            switch p {
            case .opacity: value = .opacity(0.5)
            case .zPosition: value = .zPosition(0.5)
            case .cornerRadius: value = .cornerRadius(0.5)
            case .maskCornerRadius: value = .maskCornerRadius(0.5)
            case .maskRadius: value = .maskRadius(0.5)
            case .position, .size, .frame, .transform, .hidden, .anchorPoint, .maskFrame, .maskCenter:
                XCTFail("\(p) is not a number"); value = .opacity(0)
            }
            return ("0.5", value)
        case .point:
            let pt = Point(0.25, 0.75)
            let value: PropertyValue = p == .position ? .position(pt) : p == .anchorPoint ? .anchorPoint(pt) : .maskCenter(pt)
            return ("[0.25, 0.75]", value)
        case .size: return ("[3, 4]", .size(Size(3, 4)))
        case .rect: return ("[1, 2, 3, 4]", p == .frame ? .frame(Rect(1, 2, 3, 4)) : .maskFrame(Rect(1, 2, 3, 4)))
        case .transform:
            var t = LayerTransform.identity
            t.translation = Point(5, 6)
            return ("{\"translate\": [5, 6]}", .transform(t))
        case .flag: return ("true", .hidden(true))
        }
    }

    func definition(layer: String = "", mask: String = "{\"shape\": \"rect\"}", change: String, animated: Bool) -> String {
        let block = animated ? "\"changes\": [\(change)]" : "\"before\": [\(change)], \"changes\": []"
        return """
            {"version": 1, "name": "t", "description": "t", "canvas": {"size": [100, 200]},
             "layers": [{"id": "a", "type": "rect", "frame": [0, 0, 10, 10], "mask": \(mask)\(layer)}],
             "phases": {"p": [{"duration": 0.5, \(block)}]}}
            """
    }

    func testEveryPropertyDecodesAsAChangeUnderItsNameAndAliases() throws {
        for p in LayerProperty.allCases {
            let s = sample(p)
            let mask = p == .maskCenter || p == .maskRadius ? "{\"shape\": \"circle\", \"center\": [1, 1], \"radius\": 1}" : "{\"shape\": \"rect\"}"
            for name in [p.rawValue] + p.aliases {
                let change = "{\"layer\": \"a\", \"property\": \"\(name)\", \"value\": \(s.json)}"
                let d = try DefinitionDecoder.decode(definition(mask: mask, change: change, animated: false), file: "t.json")
                let decoded = try XCTUnwrap(d.phases.first?.blocks.first?.before.first?.value, name)
                XCTAssertEqual(decoded, s.value, name)
                XCTAssertEqual(decoded.property, p, name)
                XCTAssertEqual(decoded.propertyName, p.rawValue, name)
                XCTAssertEqual(LayerProperty(named: name), p)
                // Inside an animation block: refused exactly for the properties that never animate.
                let animated = decodeError(definition(mask: mask, change: change, animated: true))
                if p.interpolation == .immediate {
                    XCTAssertTrue(animated.hasSuffix("\(p.rawValue) does not animate; set it in \"before\""), animated)
                } else {
                    XCTAssertEqual(animated, "no error", name)
                }
            }
        }
    }

    func testAnUnknownPropertyListsTheRegistry() {
        let change = "{\"layer\": \"a\", \"property\": \"borderWidth\", \"value\": 1}"
        let message = decodeError(definition(change: change, animated: false))
        let expected = "unknown property \"borderWidth\"; expected one of " + LayerProperty.allCases.map(\.rawValue).joined(separator: ", ")
        XCTAssertTrue(message.hasSuffix(expected), message)
        XCTAssertTrue(message.contains("mask.cornerRadius, mask.center, mask.radius"), message)
    }

    /// The members a layer object accepts are the registry's layer properties plus the structural ones.
    func testLayerMembersAreTheRegistrysLayerPropertiesAndNothingElse() throws {
        let message = decodeError(
            definition(layer: ", \"borderWidth\": 1", change: "{\"layer\": \"a\", \"property\": \"opacity\", \"value\": 1}", animated: false))
        let list = try XCTUnwrap(message.components(separatedBy: "expected one of ").last, message)
        let accepted = Set(list.components(separatedBy: ", "))
        let properties = Set(LayerProperty.allCases.filter(\.isLayerMember).map(\.rawValue))
        XCTAssertEqual(accepted.subtracting(structuralLayerMembers), properties)
        XCTAssertTrue(properties.isDisjoint(with: structuralLayerMembers))
    }

    /// A layer member sets the layer's initial value, and a member left out takes the registry's default.
    func testLayerMembersSetTheirValueAndDefaultsComeFromTheRegistry() throws {
        let plain = try DefinitionDecoder.decode(
            definition(change: "{\"layer\": \"a\", \"property\": \"opacity\", \"value\": 1}", animated: false), file: "t.json")
        for p in LayerProperty.allCases where p.isLayerMember {
            if let d = p.defaultValue { XCTAssertEqual(plain.layers[0].value(of: p), d, p.rawValue) }
            guard p != .frame, p != .position, p != .size else { continue }  // placement: given in every layer
            let s = sample(p)
            let text = definition(
                layer: ", \"\(p.rawValue)\": \(s.json)", change: "{\"layer\": \"a\", \"property\": \"opacity\", \"value\": 1}", animated: false)
            let layer = try DefinitionDecoder.decode(text, file: "t.json").layers[0]
            if p == .anchorPoint {
                XCTAssertEqual(layer.anchorPoint, Point(0.25, 0.75))  // the frame is placed about it
            } else {
                XCTAssertEqual(layer.value(of: p), s.value, p.rawValue)
            }
        }
        XCTAssertEqual(LayerProperty.allCases.filter { $0.defaultValue == nil }, [.position, .size, .frame])
        for p in LayerProperty.allCases { XCTAssertEqual(p.defaultValue.map(\.property) ?? p, p) }
    }

    /// Every mask property is a member of the mask object of a shape that has it.
    func testMaskMembersAreTheRegistrysMaskProperties() throws {
        let maskProperties = LayerProperty.allCases.filter { !$0.isLayerMember }
        XCTAssertEqual(maskProperties.map { $0.maskMember! }, ["frame", "cornerRadius", "center", "radius"])
        for shape in LayerMask.Shape.allCases {
            let members = LayerMask(shape: shape).animatableProperties
            XCTAssertFalse(members.isEmpty)
            XCTAssertTrue(members.allSatisfy(maskProperties.contains), "\(shape)")
            for p in members {
                var mask = LayerMask(shape: shape)
                mask.set(sample(p).value)
                var layer = LayerDefinition(position: .zero, size: Size(1, 1), mask: mask)
                XCTAssertEqual(layer.value(of: p), sample(p).value)
                layer.set(p.defaultValue!)
                XCTAssertEqual(layer.value(of: p), p.defaultValue)
            }
        }
        let message = decodeError(
            definition(
                mask: "{\"shape\": \"rect\", \"borderWidth\": 1}", change: "{\"layer\": \"a\", \"property\": \"opacity\", \"value\": 1}", animated: false))
        XCTAssertTrue(message.hasSuffix("expected one of shape, " + maskProperties.map { $0.maskMember! }.joined(separator: ", ")), message)
    }

    /// A gesture may follow exactly the properties the registry says move continuously.
    func testFollowedPropertiesAreTheRegistrys() {
        let interaction = dragInteraction.replacingOccurrences(
            of: "\"property\": \"transform\", \"value\": {\"scale\": \"ratio\"}", with: "\"property\": \"hidden\", \"value\": true")
        let message = decodeError(dragDefinition(interaction: interaction))
        let names = LayerProperty.allCases.filter(\.followsFinger).flatMap { [$0.rawValue] + $0.aliases }
        XCTAssertTrue(message.hasSuffix("\"hidden\" cannot follow the finger; expected one of " + names.joined(separator: ", ")), message)
        XCTAssertEqual(names, ["position", "center", "size", "transform", "opacity", "alpha", "cornerRadius"])
    }

    /// Expressions go only where a finger may lead; the refusal names those properties.
    func testExpressionsOnlyInFollowedProperties() {
        let interaction = dragInteraction.replacingOccurrences(
            of: "{\"layer\": \"player\", \"property\": \"transform\", \"value\": {\"scale\": 1}}",
            with: "{\"layer\": \"player\", \"property\": \"zPosition\", \"value\": \"p\"}")
        XCTAssertNotEqual(interaction, dragInteraction)
        let message = decodeError(dragDefinition(interaction: interaction))
        XCTAssertTrue(
            message.hasSuffix(
                "interaction.release[0].blocks[0].changes[1].value: zPosition takes numbers, not expressions; "
                    + "expressions go in position, center, size, transform, opacity and cornerRadius"), message)
        XCTAssertEqual(LayerProperty.cornerRadius.followedRange?.expected, "a corner radius ≥ 0")
        XCTAssertEqual(LayerProperty.opacity.followedRange?.range, 0...1)
        for p in LayerProperty.allCases where p.followedRange != nil { XCTAssertTrue(p.followsFinger, p.rawValue) }
    }

    /// What is drawn clamped, and that every property is drawn by some player.
    func testDrawnRangesAndPlayers() {
        XCTAssertEqual(LayerProperty.opacity.drawnRange, 0...1)
        XCTAssertEqual(LayerProperty.cornerRadius.drawnRange?.lowerBound, 0)
        XCTAssertEqual(LayerProperty.maskCornerRadius.drawnRange?.lowerBound, 0)
        XCTAssertNil(LayerProperty.position.drawnRange)
        for p in LayerProperty.allCases {
            XCTAssertFalse(p.players.isEmpty, p.rawValue)
            if p.drawnRange != nil { XCTAssertEqual(p.valueKind, .number, p.rawValue) }
        }
    }

    /// An opacity's SVG animation is active over the whole loop (Chromium draws a held group
    /// opacity on its 8-bit path); every other property's only while it changes.
    func testSMILActivity() {
        XCTAssertEqual(LayerProperty.allCases.filter { $0.smilActivity == .wholeLoop }, [.opacity])
        for p in LayerProperty.allCases {
            // Opacity-like: a share of the whole, what a group opacity draws.
            XCTAssertEqual(p.smilActivity == .wholeLoop, p.numberUnit == .fraction, p.rawValue)
        }
    }

    /// The number tracks every layer keeps (and its mask's), and the store keyed by them.
    func testAnimatedNumbersAndTheirStore() {
        XCTAssertEqual(LayerProperty.animatedLayerNumbers, [.opacity, .cornerRadius])
        XCTAssertEqual(LayerProperty.animatedMaskNumbers, [.maskCornerRadius, .maskRadius])
        for p in LayerProperty.allCases { XCTAssertEqual(p.numberUnit != nil, p.valueKind == .number, p.rawValue) }
        XCTAssertEqual(LayerProperty.opacity.numberUnit, .fraction)
        XCTAssertEqual(LayerProperty.maskRadius.numberUnit, .length)

        var store = NumberTracks(LayerProperty.animatedLayerNumbers) { $0.rawValue.count }
        XCTAssertEqual(store[.opacity], 7)
        store[.cornerRadius] = 1
        XCTAssertEqual(store.all.map(\.track), [7, 1])
        XCTAssertEqual(store.all.map(\.property), [.opacity, .cornerRadius])
        XCTAssertEqual(store.map { p, n in p == .opacity ? -n : n }[.opacity], -7)
    }

    /// A definition's and a mask's numbers: every number-valued property, keyed, defaults from the
    /// registry; the accessors, `value(of:)` and `set` read and write the same store.
    func testDefinitionAndMaskNumbers() {
        XCTAssertEqual(LayerProperty.layerNumbers, [.opacity, .zPosition, .cornerRadius])
        XCTAssertEqual(LayerProperty.maskNumbers, [.maskCornerRadius, .maskRadius])
        XCTAssertEqual(LayerProperty.opacity.defaultNumber, 1)
        XCTAssertEqual(LayerProperty.cornerRadius.defaultNumber, 0)
        XCTAssertEqual(LayerProperty.boundsRadius, .cornerRadius)

        var d = LayerDefinition(frame: Rect(0, 0, 10, 10), opacity: 0.5, zPosition: 3, numbers: [.cornerRadius: 4])
        XCTAssertEqual(d.numbers.all.map(\.track), [0.5, 3, 4])
        XCTAssertEqual(d.numbers.boundsRadius, 4)
        XCTAssertNil(d.numbers.value(of: .maskRadius))
        d.set(.cornerRadius(6))
        d.opacity = 0.25
        XCTAssertEqual(d.value(of: .cornerRadius), .cornerRadius(6))
        XCTAssertEqual(d.value(of: .opacity), .opacity(0.25))
        XCTAssertNil(d.value(of: .maskCornerRadius))

        d.mask = LayerMask(shape: .rect, numbers: [.maskCornerRadius: 2])
        XCTAssertEqual(d.mask?.numbers.all.map(\.track), [2, 0])
        d.set(.maskRadius(9))
        d.set(.maskCornerRadius(5))
        XCTAssertEqual(d.mask?.radius, 9)
        XCTAssertEqual(d.value(of: .maskCornerRadius), .maskCornerRadius(5))
        XCTAssertEqual(d.numbers.boundsRadius, 6, "a mask's corner radius is not the layer's")
    }
}
