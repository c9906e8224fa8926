import Exporters
import Foundation
import Simulation
import TransExport
import TransitionModel
import XCTest

/// "Copy as Swift" of an interactive definition: the pan handler after the animate function,
/// with the definition's own expressions. Readable goldens beside the tests (Snapshots/*.swift).
final class SwiftGestureCodeTests: XCTestCase {
    /// A drag: begin rules, views following the finger, a release into blocks or into a phase
    /// whose start values come from the finger.
    func testDragCode() throws {
        assertSnapshot(SwiftAnimationCode(try Simulation(try ExportFixtures.template("douyin-drag-dismiss-continuous"))).text, extension: "swift")
    }

    /// A percent-driven edge pan: UIPercentDrivenInteractiveTransition set up, updated and
    /// finished or cancelled by the release rule.
    func testEdgePanCode() throws {
        assertSnapshot(SwiftAnimationCode(try Simulation(try ExportFixtures.template("flip-edge-pan"))).text, extension: "swift")
    }

    /// The release into a phase: each start assignment replaces the phase's `before` assignment
    /// to the same property, in place; the others stay.
    func testStartValuesReplaceThePhasesBeforeAssignments() throws {
        let text = SwiftAnimationCode(try Simulation(try ExportFixtures.template("douyin-drag-dismiss-continuous"))).text
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let finish = try XCTUnwrap(lines.firstIndex(of: "// finish: phase \"dismiss\" from the release"))
        XCTAssertEqual(
            Array(lines[(finish + 1)...(finish + 4)]),
            [
                "player.alpha = 0", "cellSnapshot.isHidden = false", "cellSnapshot.center = CGPoint(x: 195 + tx * ratio, y: 422 + ty * ratio)",
                "cellSnapshot.transform = CGAffineTransform(scaleX: 390 * ratio / 194, y: 390 * ratio / 194)",
            ])
        // The plain drag's finish keeps the phase's own values.
        let plain = SwiftAnimationCode(try Simulation(try ExportFixtures.template("douyin-drag-dismiss"))).text
        XCTAssertTrue(plain.contains("        cellSnapshot.center = CGPoint(x: 195, y: 422)\n"), plain)
    }

    /// Swift reads each expression as the definition's tree: the same operations in the same
    /// order, so the same Double. Compiled and run by the toolchain's swiftc, every expression of
    /// the catalog's interactive templates and a set that needs parentheses, at several fingers.
    func testSwiftEvaluatesEveryExpressionBitForBit() throws {
        let lets = ["k", "m"]
        let scope = ExpressionScope(names: ExpressionName.builtins + [("k", .let(0)), ("m", .let(1))])
        let sources = [
            "tx - (ty - 3)", "tx * (ty / 7)", "tx / (ty * 3)", "-(tx + ty)", "-tx * -3", "--tx", "tx - -2.5",
            "clamp(tx / W, 0, 1) * (1 - p)", "min(tx, ty, -vx, 3) - max(1, vy)", "abs(tx - ty) / (H - 1) - -(p)", "1 - 0.5 * p",
            "(tx + ty) * (vx - vy) / (W + H)", "0.1 + 0.2 - tx", "k * m - (k - m)", "2.0103092783505154 * tx",
        ]
        var nodes = try sources.map { try ExpressionParser.expression($0, scope: scope) }
        // The templates' own trees (their first let reads as `k` here).
        for name in ["douyin-drag-dismiss", "douyin-drag-dismiss-continuous", "flip-edge-pan"] {
            let i = try XCTUnwrap(try ExportFixtures.template(name).interaction)
            var expressions = [i.progress] + i.lets.map(\.expression)
            if case .directManipulation(let changes) = i.kind { expressions += changes.flatMap(\.value.expressions) }
            for rule in i.release {
                if case .blocks(let blocks) = rule.action { expressions += blocks.flatMap { $0.changes.flatMap(\.value.expressions) } }
                if case .phase(_, let starts) = rule.action { expressions += starts.flatMap(\.value.expressions) }
            }
            XCTAssertGreaterThanOrEqual(expressions.count, name == "flip-edge-pan" ? 1 : 8, name)
            nodes += expressions.map(\.root)
        }
        XCTAssertGreaterThan(nodes.count, 30)
        let text = SwiftGestureCode.Text(lets: lets)
        let fingers: [(Double, Double, Double, Double, Double)] = [
            (120.5, 37.25, 900, -40, 0.3), (-60, 200, -1200.75, 3, 0.9), (0.1, 0.2, 0.3, 1e-7, 1 / 3),
        ]
        var program = "typealias CGFloat = Double\nfunc show(_ x: CGFloat) { print(x.bitPattern) }\n"
        var expected: [String] = []
        for (tx, ty, vx, vy, p) in fingers {
            var env = ExpressionEnvironment(canvas: Size(390, 844))
            env.tx = tx; env.ty = ty; env.vx = vx; env.vy = vy; env.p = p
            env.lets = [tx / 3, p - 2]
            program += "do {\n"
            program += "let W: CGFloat = 390, H: CGFloat = 844\n"
            program += "let tx: CGFloat = \(tx), ty: CGFloat = \(ty), vx: CGFloat = \(vx), vy: CGFloat = \(vy), p: CGFloat = \(p)\n"
            program += "let k: CGFloat = \(env.lets[0]), m: CGFloat = \(env.lets[1])\n"
            program += "_ = (W, H, tx, ty, vx, vy, p, k, m)\n"
            for node in nodes {
                program += "show(\(text.expression(node)))\n"
                expected.append(String(node.evaluate(env).bitPattern))
            }
            program += "}\n"
        }
        let output = try Self.run(program)
        XCTAssertEqual(output.split(separator: "\n").map(String.init), expected, program)
        XCTAssertEqual(text.expression(nodes[0]), "tx - (ty - 3)")
    }

    /// Texts where precedence alone would regroup, and negative numbers.
    func testParenthesesWhereTheTreeNeedsThem() throws {
        let scope = ExpressionScope(names: ExpressionName.builtins)
        let text = SwiftGestureCode.Text(lets: [])
        let cases: [(String, String)] = [
            ("tx - (ty - 3)", "tx - (ty - 3)"), ("(tx - ty) - 3", "tx - ty - 3"), ("tx * (ty / 7)", "tx * (ty / 7)"),
            ("-(tx + ty)", "-(tx + ty)"), ("tx - -2.5", "tx - -2.5"), ("clamp(tx / W, 0, 1)", "min(max(tx / W, 0), 1)"),
            ("-3", "-3"), ("--tx", "-(-tx)"), ("abs(tx) / W", "abs(tx) / W"), ("(tx + 1) * 2", "(tx + 1) * 2"),
        ]
        for (source, swift) in cases {
            XCTAssertEqual(text.expression(try ExpressionParser.expression(source, scope: scope)), swift, source)
        }
    }

    /// Compiles `program` (as main.swift, beside `sources`) with swiftc and runs it; its standard output.
    static func run(_ program: String, with sources: [URL] = [], importDispatch: Bool = true) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swift-gesture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("main.swift"), binary = dir.appendingPathComponent("main")
        try ((importDispatch ? "import Dispatch\n" : "") + program).write(to: source, atomically: true, encoding: .utf8)
        let (status, output) = try SwiftAnimationCodeCompileTests.swiftc(["-Onone"] + sources.map(\.path) + [source.path, "-o", binary.path])
        guard status == 0 else {
            XCTFail("swiftc:\n\(output)")
            return ""
        }
        let process = Process()
        process.executableURL = binary
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A release into a phase that grows a hole mask (circle-reveal-push's reveal, after a drag of
/// the poster's snapshot): the handler takes the CAShapeLayer the animate function made and
/// animates its path as the phase does.
final class SwiftGestureHoleTests: XCTestCase {
    func testAReleaseIntoAHolePhaseAnimatesTheAnimateFunctionsMask() throws {
        let code = SwiftAnimationCode(try Simulation(try Self.holeDrag())).text
        let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let handler = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("func handleHoleDragPan(") })
        XCTAssertTrue(lines[..<handler].contains("let coverMask = CAShapeLayer()"), code)
        XCTAssertTrue(
            lines[handler...].contains("guard let coverMask = cover.layer.mask as? CAShapeLayer else { return }  // set up by the animate function"),
            code)
        let finish = try XCTUnwrap(lines[handler...].firstIndex(of: "// finish: phase \"reveal\" from the release"))
        XCTAssertEqual(
            Array(lines[(finish + 3)...(finish + 10)]),
            [
                "let pathAnimation = CABasicAnimation(keyPath: \"path\")",
                "pathAnimation.timingFunction = CAMediaTimingFunction(name: .easeOut)", "pathAnimation.duration = 0.2",
                "pathAnimation.fromValue = holePath(CGRect(x: 0, y: 0, width: 390, height: 844), CGPoint(x: 79, y: 200), 0.1)",
                "pathAnimation.toValue = holePath(CGRect(x: 0, y: 0, width: 390, height: 844), CGPoint(x: 79, y: 200), 633)",
                "coverMask.path = holePath(CGRect(x: 0, y: 0, width: 390, height: 844), CGPoint(x: 79, y: 200), 633)",
                "coverMask.add(pathAnimation, forKey: \"path\")", "UIView.animate(withDuration: 0.2, delay: 0, options: [.curveEaseInOut]) {",
            ], code)
        XCTAssertFalse(code.contains("cover.mask?"), code)
        // And it type-checks against UIKit's declarations.
        try Self.assertTypeChecks([code])
    }

    /// Each code type-checks against UIKit's declarations, without a warning (one swiftc run each).
    static func assertTypeChecks(_ codes: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swift-hole-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (k, code) in codes.enumerated() {
            let source = dir.appendingPathComponent("HoleDrag\(k).swift")
            try ("import Dispatch\n\n" + code).write(to: source, atomically: true, encoding: .utf8)
            let (status, output) = try SwiftAnimationCodeCompileTests.swiftc(
                ["-typecheck", "-swift-version", "5", SwiftGestureRunTests.declarations.path, source.path])
            XCTAssertEqual(status, 0, output, file: file, line: line)
            XCTAssertFalse(output.contains("warning:"), output, file: file, line: line)
        }
    }

    func testAReleaseBlockThatChangesAHoleAnimatesItsPathWithTheBlocksTiming() throws {
        let hole = "holePath(CGRect(x: 0, y: 0, width: 390, height: 844), CGPoint(x: 79, y: 200), "
        // A number for the duration; then an expression of the finger, a bezier curve stretched to it.
        var codes: [String] = []
        for (duration, written) in [(0.3 as Any, "0.3"), ("0.5 * p" as Any, "TimeInterval(0.5 * p)")] {
            let cancel: [String: Any] = [
                "duration": duration, "timing": "easeOut",
                "changes": [
                    ["layer": "poster-snapshot", "property": "center", "value": [71, 380]], ["layer": "cover", "property": "mask.radius", "value": 50],
                ],
            ]
            let code = SwiftAnimationCode(try Simulation(try Self.holeDrag(cancel: cancel))).text
            codes.append(code)
            let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let handler = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("func handleHoleDragPan(") })
            let branch = try XCTUnwrap(lines[handler...].firstIndex(of: "// cancel"))
            XCTAssertEqual(
                Array(lines[(branch + 1)...(branch + 10)]),
                [
                    "UIView.animate(withDuration: \(written), delay: 0, options: [.curveEaseOut]) {", "posterSnapshot.center = CGPoint(x: 71, y: 380)", "}",
                    "let pathAnimation = CABasicAnimation(keyPath: \"path\")",
                    "pathAnimation.timingFunction = CAMediaTimingFunction(name: .easeOut)", "pathAnimation.duration = \(written)",
                    "pathAnimation.fromValue = \(hole)0.1)", "pathAnimation.toValue = \(hole)50)", "coverMask.path = \(hole)50)",
                    "coverMask.add(pathAnimation, forKey: \"path\")",
                ], code)
            // The finish branch's phase starts from the hole at the release, not from the cancel's 50.
            let finish = try XCTUnwrap(lines[handler...].firstIndex(of: "// finish: phase \"reveal\" from the release"))
            XCTAssertEqual(lines[finish + 6], "pathAnimation2.fromValue = \(hole)0.1)", code)
            XCTAssertFalse(code.contains("cover.mask?"), code)
        }
        // A UIKit spring of a duration known only at the release: set, with a comment saying so.
        let spring: [String: Any] = [
            "duration": "0.5 * p", "timing": ["uikitSpring": ["damping": 0.8, "velocity": 0]],
            "changes": [["layer": "cover", "property": "mask.radius", "value": 50]],
        ]
        let code = SwiftAnimationCode(try Simulation(try Self.holeDrag(cancel: spring))).text
        XCTAssertTrue(
            code.contains(
                "// The hole's path is set, not animated: a spring's parameters need its duration, known only at the release\n"
                    + "            coverMask.path = \(hole)50)"), code)
        // The expression's duration and the spring's set path type-check as well.
        try Self.assertTypeChecks([codes[1], code])
    }

    /// circle-reveal-push with its reveal run from the release of a drag of the poster's snapshot;
    /// `cancel`: the cancel rule's block (the snapshot flying back, by default); `revealGrowsHole`
    /// false: the reveal leaves the hole alone (only the cancel's block may change it).
    static func holeDrag(cancel: [String: Any]? = nil, revealGrowsHole: Bool = true) throws -> TransitionDefinition {
        let source = ExportFixtures.repositoryRoot.appendingPathComponent("Templates/circle-reveal-push.json")
        var d = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        d["name"] = revealGrowsHole ? "hole-drag" : "hole-cancel"
        var phases = try XCTUnwrap(d["phases"] as? [String: Any])
        var reveal = try XCTUnwrap(phases["reveal"] as? [String: Any])
        var blocks = try XCTUnwrap(reveal["blocks"] as? [[String: Any]])
        blocks[0]["before"] = [
            ["layer": "detail", "property": "hidden", "value": false], ["layer": "cover", "property": "hidden", "value": false],
        ]
        if !revealGrowsHole {
            blocks = blocks.map { b in
                var b = b
                b["changes"] = (b["changes"] as? [[String: Any]] ?? []).filter { $0["property"] as? String != "mask.radius" }
                return b
            }
        }
        reveal["blocks"] = blocks
        phases = ["reveal": reveal]
        d["phases"] = phases
        d["interaction"] = [
            "touch": [79, 380], "progress": "clamp(-ty / 180, 0, 1)",
            "follow": [["layer": "poster-snapshot", "property": "center", "value": ["71", "380 + ty"]]],
            "release": [
                [
                    "when": "p < 0.5", "outcome": "cancel",
                    "blocks": [
                        cancel ?? ["duration": 0.3, "timing": "easeOut", "changes": [["layer": "poster-snapshot", "property": "center", "value": [71, 380]]]]
                    ],
                ],
                ["outcome": "finish", "phase": "reveal"],
            ],
            "scripts": [
                "cancel": ["easing": "easeOut", "points": [["time": 0.3, "translation": [0, -40]]]],
                "finish": ["easing": "easeOut", "points": [["time": 0.4, "translation": [0, -150]]]],
            ],
            "scrub": ["translation": [0, "-p * 180"]],
        ]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hole-drag-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The art it uses lives beside the definition.
        try FileManager.default.createSymbolicLink(
            at: dir.appendingPathComponent("art"), withDestinationURL: ExportFixtures.repositoryRoot.appendingPathComponent("Templates/art"))
        let file = dir.appendingPathComponent("hole-drag.json")
        try JSONSerialization.data(withJSONObject: d, options: [.sortedKeys]).write(to: file)
        return try DefinitionFile.load(file, displayPath: "hole-drag.json")
    }
}
