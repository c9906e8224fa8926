import Exporters
import Simulation
import TransitionModel
import XCTest

/// "Copy as Swift": the UIKit calls of a transition, in order, with their timing and delays.
/// Readable goldens beside the tests (Snapshots/*.swift); re-record on purpose only.
final class SwiftAnimationCodeTests: XCTestCase {
    func testShowcaseCode() throws {
        assertSnapshot(SwiftAnimationCode(try Simulation(ExportFixtures.showcase)).text, extension: "swift")
    }

    func testSmallCode() throws {
        assertSnapshot(SwiftAnimationCode(try Simulation(GalleryWriterTests.small)).text, extension: "swift")
    }

    /// Each timing kind becomes the call that runs it; a later phase starts where the timeline starts it.
    func testCallsCarryTheirTimingAndDelays() throws {
        let text = SwiftAnimationCode(try Simulation(ExportFixtures.showcase)).text
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines.first, "/// showcase: Every layer kind and timing the exporters write.")
        XCTAssertTrue(lines.contains("func animateShowcase(card: UIView, badge: UIView, cardSnapshot: UIView) {"), text)
        // Phase 1 at 0: the spring move (0.5 s, ζ 0.5), then the bezier fade 0.1 s later.
        let spring = try XCTUnwrap(
            lines.firstIndex(of: "UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: []) {"))
        XCTAssertEqual(lines[spring + 1], "card.center = CGPoint(x: 195, y: 300)")
        XCTAssertEqual(lines[spring + 2], "card.transform = CGAffineTransform(rotationAngle: 15 * .pi / 180).scaledBy(x: 1.5, y: 1.5)")
        let bezier = try XCTUnwrap(
            lines.firstIndex {
                $0.hasPrefix(
                    "let animator = UIViewPropertyAnimator(duration: 0.3, timingParameters: UICubicTimingParameters(controlPoint1: CGPoint(x: 0.34, y: 1.56)")
            })
        XCTAssertGreaterThan(bezier, spring)
        XCTAssertTrue(lines[bezier...].contains("animator.startAnimation(afterDelay: 0.1)"))
        // Phase 2 starts when phase 1 has ended plus the hold (0.6 s spring end, + 0.2 s hold).
        let sim = try Simulation(ExportFixtures.showcase)
        let gap = sim.timeline.phases[1].start - sim.timeline.phases[0].start
        XCTAssertTrue(lines.contains("DispatchQueue.main.asyncAfter(deadline: .now() + \(SwiftAnimationCodeTests.number(gap))) {"), text)
        let eased = try XCTUnwrap(lines.firstIndex(of: "UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseInOut]) {"))
        XCTAssertEqual(
            Array(lines[(eased - 2)...(eased + 1)]),
            [
                "card.isHidden = true", "cardSnapshot.isHidden = false",
                "UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseInOut]) {",
                "cardSnapshot.frame = CGRect(x: 150, y: 380, width: 90, height: 84)",
            ])
    }

    /// The function starts from the definition's state, so it can be pasted and run again: every
    /// property the calls assign, at its value before the first phase, except those the first
    /// phase sets itself at the call (douyin-present's player: shown, placed and scaled first).
    func testTheFunctionSetsItsStartingState() throws {
        let text = SwiftAnimationCode(try Simulation(ExportFixtures.template("douyin-present"))).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let first = try XCTUnwrap(lines.firstIndex(of: "// Starting state (the definition's), so the views start there and the function can run again"))
        let end = try XCTUnwrap(lines[first...].firstIndex(of: ""))
        XCTAssertEqual(
            Array(lines[(first + 1)..<end]),
            [
                "player.alpha = 1", "cellSnapshot.isHidden = true", "cellSnapshot.center = CGPoint(x: 293, y: 478.5)",
                "cellSnapshot.transform = .identity", "cellSnapshot.bounds.size = CGSize(width: 194, height: 259)",
            ], text)
        XCTAssertEqual(lines[end + 1], "// Phase \"present\" at 0 s")
        XCTAssertEqual(lines[end + 2], "player.isHidden = false")
    }

    /// A view turned in 3D has every transform written on its layer (flip-pop swings the page back
    /// to the identity: `CATransform3DIdentity`, not the affine `.identity`), and the container
    /// that gives it perspective is a parameter whose sublayerTransform the function sets first:
    /// without it the pasted turn draws flat.
    func testA3DTurnIsWrittenOnTheLayerUnderItsContainersPerspective() throws {
        let text = SwiftAnimationCode(try Simulation(ExportFixtures.template("flip-pop"))).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let header = try XCTUnwrap(lines.firstIndex(of: "func animateFlipPop(page: UIView, shadow: UIView, container: UIView) {"), text)
        XCTAssertEqual(
            Array(lines[(header + 1)...(header + 5)]),
            [
                "// Perspective (m34 = -1 / eye distance), as in the definition; without it a 3D turn looks flat",
                "var perspective = CATransform3DIdentity", "perspective.m34 = -0.002", "container.layer.sublayerTransform = perspective", "",
            ], text)
        XCTAssertTrue(lines.contains("page.layer.transform = CATransform3DMakeRotation(-90 * .pi / 180, 0, 1, 0)"), text)
        XCTAssertTrue(lines.contains("page.layer.transform = CATransform3DIdentity"), text)
        XCTAssertFalse(lines.contains { $0.hasPrefix("page.transform") }, text)
        // A perspective in the views' own transforms (the cube's faces) is declared once and named.
        let cube = SwiftAnimationCode(try Simulation(ExportFixtures.template("stories-cube"))).text
        XCTAssertTrue(cube.contains("    var perspective = CATransform3DIdentity\n    perspective.m34 = -0.00125\n"), cube)
        XCTAssertTrue(cube.contains("story2.layer.transform = CATransform3DConcat(CATransform3DMakeRotation(90 * .pi / 180, 0, 1, 0), perspective)\n"), cube)
        XCTAssertTrue(cube.contains("story1.layer.transform = perspective\n"), cube)
        XCTAssertFalse(cube.contains("sublayerTransform"), cube)
        // A view named like the perspective keeps its name; the perspective takes the next.
        var named = try ExportFixtures.template("flip-pop")
        func rename(_ layers: inout [LayerDefinition]) {
            for k in layers.indices {
                if layers[k].id == "shadow" { layers[k].id = "perspective" }
                rename(&layers[k].children)
            }
        }
        rename(&named.layers)
        for n in named.phases.indices {
            for b in named.phases[n].blocks.indices {
                for k in named.phases[n].blocks[b].changes.indices where named.phases[n].blocks[b].changes[k].layer == "shadow" {
                    named.phases[n].blocks[b].changes[k].layer = "perspective"
                }
            }
        }
        let renamed = SwiftAnimationCode(try Simulation(named)).text
        XCTAssertTrue(renamed.contains("func animateFlipPop(page: UIView, perspective: UIView, container: UIView) {"), renamed)
        XCTAssertTrue(renamed.contains("    var perspective2 = CATransform3DIdentity\n"), renamed)
        // A 2D template has no such parameter or line.
        let flat = SwiftAnimationCode(try Simulation(ExportFixtures.template("douyin-present"))).text
        XCTAssertFalse(flat.contains("sublayerTransform"))
        XCTAssertFalse(flat.contains("CATransform3D"))
    }

    static func number(_ x: Double) -> String {
        x.rounded() == x ? String(Int(x)) : String(format: "%g", (x * 1e6).rounded() / 1e6)
    }

    /// 3D transforms keep CA's factor order (the perspective inline where the function declares
    /// none); a circle mask is a mask view with half-size corners.
    func testTransformsMasksAndNames() {
        let flip = LayerTransform(rotationY: -.pi / 2, m34: -0.002)
        XCTAssertEqual(
            SwiftAnimationCode.assignment(PropertyChange(layer: "to-view", .transform(flip))),
            [
                "toView.layer.transform = CATransform3DConcat(CATransform3DMakeRotation(-90 * .pi / 180, 0, 1, 0), "
                    + "{ var p = CATransform3DIdentity; p.m34 = -0.002; return p }())"
            ])
        XCTAssertEqual(
            SwiftAnimationCode.assignment(PropertyChange(layer: "player", .transform(.scale(194.0 / 390, 259.0 / 844)))),
            ["player.transform = CGAffineTransform(scaleX: 0.497436, y: 0.306872)"])
        XCTAssertEqual(
            SwiftAnimationCode.assignment(PropertyChange(layer: "poster", .maskRadius(30))),
            ["poster.mask?.bounds.size = CGSize(width: 60, height: 60)", "poster.mask?.layer.cornerRadius = 30"])
        XCTAssertEqual(SwiftAnimationCode.identifier("2nd-card"), "view2ndCard")
        XCTAssertEqual(SwiftAnimationCode.identifier("default"), "`default`")
        XCTAssertEqual(
            SwiftAnimationCode.timingParameters(.caSpring(mass: 1, stiffness: 300, damping: 30, velocity: 0)),
            "UISpringTimingParameters(mass: 1, stiffness: 300, damping: 30, initialVelocity: CGVector(dx: 0, dy: 0))")
    }

    /// Rows that change nothing ("false → false") are not in the motion spec.
    func testSpecLeavesOutRowsThatChangeNothing() throws {
        var d = GalleryWriterTests.small
        d.phases[1].blocks[0].before = [PropertyChange(layer: "dot", .hidden(false))]
        let rows = MotionSpec(try Simulation(d)).groups[1].blocks[0].changes.map { "\($0.property): \($0.from ?? "?") → \($0.to)" }
        XCTAssertEqual(rows, ["opacity: 1 → 0"])
    }
}
