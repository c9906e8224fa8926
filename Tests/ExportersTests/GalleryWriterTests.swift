import Exporters
import Foundation
import JSONText
import Keyframes
import Motion
import Simulation
import TransExportCLI
import TransExportTestSupport
import TransitionModel
import XCTest

/// The gallery page (`index.html`): its data (cards, phases, the motion spec with the solved
/// spring numbers), the page's controls, escaping, determinism and a golden of a small page.
/// How it plays in a browser is checked by Conformance/gallery_check.py.
final class GalleryWriterTests: XCTestCase {
    static var template: String {
        get throws { try String(contentsOf: ExportFixtures.repositoryRoot.appendingPathComponent("Templates/gallery.html"), encoding: .utf8) }
    }

    /// Sampled keyframes (independent of the fitter), with the fit of those very files.
    static func card(_ d: TransitionDefinition) throws -> GalleryCard {
        let sim = try Simulation(d)
        let kt = KeyframedTransition(sim)
        let svg = try SVGWriter().svg(kt), lottie = try LottieWriter().data(kt)
        let fit = FitReport(kt)
        return GalleryCard(
            simulation: sim, svg: svg, lottie: lottie,
            fit: [
                OutputFitReport(file: "\(d.name).svg", bytes: svg.utf8.count, fit: fit),
                OutputFitReport(file: "\(d.name).json", bytes: lottie.utf8.count, fit: fit),
            ])
    }

    static func page(_ definitions: [TransitionDefinition], player: LottiePlayer = .default) throws -> String {
        try GalleryWriter(template: template, player: player).page(definitions.map(card), linkFiles: true)
    }

    /// Byte search: String's Unicode-aware `contains` takes minutes on a 1 MB page in a debug build.
    static func find(_ needle: String, in page: String, from: Int = 0) -> Range<Int>? {
        let h = Data(page.utf8)
        return h.range(of: Data(needle.utf8), in: from..<h.count)
    }

    static func has(_ page: String, _ needle: String) -> Bool { find(needle, in: page) != nil }

    static func count(_ needle: String, in page: String) -> Int {
        var n = 0, from = 0
        while let r = find(needle, in: page, from: from) { n += 1; from = r.upperBound }
        return n
    }

    /// The media block as the page's script reads it: base64, inflated (GalleryMedia).
    static func media(in page: String) throws -> String {
        let open = "<script type=\"application/octet-stream\" id=\"gallery-media\" data-encoding=\"\(GalleryMedia.encoding)\">"
        let start = try XCTUnwrap(find(open, in: page), "no media block")
        let end = try XCTUnwrap(find("</script>", in: page, from: start.upperBound))
        let packed = String(decoding: Data(page.utf8)[start.upperBound..<end.lowerBound], as: UTF8.self)
        XCTAssertFalse(packed.contains("<"))
        return try XCTUnwrap(GalleryMedia.unpacked(packed), "the media block does not inflate")
    }

    /// The text of `<script type="application/json" id="ID">`.
    static func script(_ id: String, in page: String) throws -> String {
        let start = try XCTUnwrap(find("<script type=\"application/json\" id=\"\(id)\">", in: page), "no \(id) block")
        let end = try XCTUnwrap(find("</script>", in: page, from: start.upperBound))
        return String(decoding: Data(page.utf8)[start.upperBound..<end.lowerBound], as: UTF8.self)
    }

    static func data(_ page: String) throws -> JSONValue { try JSONParser.parse(script("gallery-data", in: page)).value }

    static func strings(_ v: JSONValue?) -> [String] {
        guard case .array(let items)? = v else { return [] }
        return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    func testTemplatesPageHasACardPerTransitionAndTheSolvedSprings() throws {
        try CatalogTier.require()
        let names = ExportFixtures.templateNames
        XCTAssertFalse(names.contains("gallery"), "the page template must not be listed as a transition")
        let page = try Self.page(names.map(ExportFixtures.template))
        let data = try Self.data(page)
        guard case .array(let transitions)? = data["transitions"] else { return XCTFail("no transitions") }
        XCTAssertEqual(transitions.compactMap { if case .string(let s)? = $0["name"] { return s } else { return nil } }, names)
        // (The 5 MB media block is not parsed here: the located parser is slow on it in a debug build.)
        let media = try Self.media(in: page)
        XCTAssertEqual(Self.count("{\"svg\":", in: media), names.count)

        // douyin-present: UIView.animate(withDuration: 0.3, usingSpringWithDamping: 0.8, initialSpringVelocity: 1).
        let present = try XCTUnwrap(transitions.first { $0["name"] == .string("douyin-present") })
        guard case .array(let groups)? = present["spec"], case .array(let blocks)? = groups.first?["blocks"], let first = blocks.first else {
            return XCTFail("no blocks")
        }
        XCTAssertEqual(groups.map { $0["phase"] }, [.string("present"), .string("dismiss")])
        XCTAssertEqual(groups.first?["note"], .string("called at 0.6 s · runs 0.3 s"))
        XCTAssertEqual(first["duration"], .string("0.3"))
        XCTAssertEqual(first["timing"]?["title"], .string("UIKit spring"))
        XCTAssertEqual(first["timing"]?["summary"], .string("damping ratio 0.8 · velocity 1 · 0.3 s"))
        guard case .array(let equivalents)? = first["timing"]?["equivalents"] else { return XCTFail() }
        let code = Dictionary(
            uniqueKeysWithValues: equivalents.compactMap { e -> (String, String)? in
                guard case .string(let l)? = e["label"], case .string(let c)? = e["code"] else { return nil }
                return (l, c)
            })
        XCTAssertEqual(code["CASpringAnimation"], "mass 1, stiffness 888.186, damping 47.684, initialVelocity 1, duration 0.3")
        XCTAssertEqual(code["SwiftUI"], "Spring(duration: 0.211, bounce: 0.2)")
        XCTAssertEqual(code["UIKit"], "UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 1)")
        XCTAssertEqual(code["Physics"], "ζ 0.8 · ω₀ 29.802 rad/s · settles in 0.324 s, cut at 0.3 s")
        // The spring's samples overshoot (ζ < 1) and end on 1.
        guard case .array(let curve)? = first["curve"] else { return XCTFail() }
        XCTAssertEqual(curve.count, MotionSpec.sampleCount + 1)
        XCTAssertEqual(curve.last, .number(1))
        XCTAssertTrue(curve.contains { if case .number(let p) = $0 { return p > 1.01 } else { return false } })
        // Phases on the loop's timeline, for the buttons.
        guard case .array(let phases)? = present["phases"] else { return XCTFail() }
        XCTAssertEqual(phases.map { $0["name"] }, [.string("present"), .string("dismiss")])
        XCTAssertEqual(
            phases[0]["end"], .number(NumberFormat.round(try Simulation(ExportFixtures.template("douyin-present")).timeline.phases[0].end, decimals: 6)))

        // The controls are in the page: one scrubber seeking both players, phase buttons.
        for needle in ["'scrubber'", "setCurrentTime(", "pauseAnimations()", "goToAndStop(", "playPhase(", "phaseButtons", "attachShadow("] {
            XCTAssertTrue(Self.has(page, needle), needle)
        }
        // lottie-web never blocks the page: no <script src>; the page's script loads it async from the data's URL.
        XCTAssertFalse(Self.has(page, "<script src"))
        XCTAssertEqual(try Self.data(page)["lottiePlayer"]?["src"], .string(LottiePlayer.defaultURL))
        for needle in ["tag.async = true", "PLAYER_LATE_MS", "'lottie-web is late'"] { XCTAssertTrue(Self.has(page, needle), needle) }
    }

    /// From values are the simulation's model values before each change, `before` assignments included.
    func testShowcaseSpecRows() throws {
        let spec = MotionSpec(try Simulation(ExportFixtures.showcase))
        XCTAssertEqual(spec.blocks.map(\.phase), ["present", "present", "collapse"])
        let rows = spec.blocks.map { $0.changes.map { "\($0.kind == .animated ? "" : "set ")\($0.layer).\($0.property): \($0.from ?? "?") → \($0.to)" } }
        XCTAssertEqual(
            rows,
            [
                ["card.position: (100, 600) → (195, 300)", "card.transform: identity → scale(1.5) rotate(15°)"],
                ["badge.opacity: 1 → 0.2"],
                [
                    "set card.hidden: false → true", "set card-snapshot.hidden: true → false",
                    "card-snapshot.frame: (115, 322, 160, 200) → (150, 380, 90, 84)",
                ],
            ])
        XCTAssertEqual(spec.blocks.map(\.delay), [0, 0.1, 0])
        XCTAssertEqual(spec.blocks[1].timing.equivalents.first { $0.label == "CSS" }?.code, "cubic-bezier(0.34, 1.56, 0.64, 1)")
        XCTAssertEqual(spec.blocks[2].timing.equivalents.first { $0.label == "CSS" }?.code, "ease-in-out = cubic-bezier(0.42, 0, 0.58, 1)")
        XCTAssertEqual(
            spec.blocks[2].timing.equivalents.first { $0.label == "UIKit" }?.code,
            "UIView.animate(withDuration: 0.25, delay: 0, options: .curveEaseInOut)")
        // ζ 0.5, v 0, T 0.5: UIKit's solver (12 Newton steps) gives these CASpringAnimation numbers.
        let spring = UIKitSpring.parameters(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0)
        XCTAssertEqual(
            spec.blocks[0].timing.equivalents.first { $0.label == "CASpringAnimation" }?.code,
            "mass 1, stiffness \(SpecText.number(spring.stiffness)), damping \(SpecText.number(spring.damping)), initialVelocity 0, duration 0.5")
        XCTAssertEqual(
            spec.blocks[0].timing.equivalents.first { $0.label == "SwiftUI" }?.code,
            "Spring(duration: \(SpecText.number(spring.perceptualDuration)), bounce: 0.5)")
    }

    func testSwiftUIAndCASpringsShowTheirEquivalents() {
        let swiftUI = TimingSpec(.swiftUISpring(duration: 0.5, bounce: 0.3), duration: nil)
        let s = SwiftUISpring.parameters(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(
            swiftUI.equivalents.first { $0.label == "CASpringAnimation" }?.code,
            "mass 1, stiffness 157.914, damping 17.593, initialVelocity 0, duration = settlingDuration \(SpecText.number(s.settlingDuration()))")
        XCTAssertEqual(swiftUI.equivalents.first { $0.label == "SwiftUI" }?.code, "Spring(duration: 0.5, bounce: 0.3)")
        let ca = TimingSpec(.caSpring(mass: 1, stiffness: 100, damping: 10, velocity: 0), duration: nil)
        XCTAssertEqual(ca.equivalents.first { $0.label == "SwiftUI" }?.code, "Spring(duration: 0.628, bounce: 0.5)")
        XCTAssertEqual(
            ca.equivalents.first { $0.label == "CASpringAnimation" }?.code,
            "mass 1, stiffness 100, damping 10, initialVelocity 0, duration = settlingDuration 1.473")
        // ζ 1.5: CA runs it critically damped (no overdamping outside the bounce APIs), so bounce 0.
        let stiff = TimingSpec(.caSpring(mass: 1, stiffness: 100, damping: 30, velocity: 0), duration: 1)
        XCTAssertEqual(stiff.equivalents.first { $0.label == "SwiftUI" }?.code, "Spring(duration: 0.628, bounce: 0)")
        XCTAssertTrue(stiff.equivalents.first { $0.label == "Physics" }!.code.hasPrefix("ζ 1.5 (run as 1) · ω₀ 10 rad/s"))
    }

    func testTextIsEscapedAndTheInlinedPlayerCannotCloseItsScript() throws {
        var d = Self.small
        d.description = "Ends </script><img src=x onerror=alert(1)> & \"quotes\" <!-- here"
        let player = LottiePlayer.inline(source: "var s = '</script>'; var t = '<!--';", name: "evil</script>.js")
        let page = try Self.page([d], player: player)
        XCTAssertEqual(
            page.components(separatedBy: "</script>").count - 1, page.components(separatedBy: "<script").count - 1,
            "every script element ends where it should")
        XCTAssertFalse(Self.has(page, "<img src=x"))
        XCTAssertTrue(Self.has(page, "var s = '<\\/script>'; var t = '<\\!--';"))
        XCTAssertEqual(
            try Self.data(page)["transitions"].flatMap { if case .array(let a) = $0 { return a.first?["description"] } else { return nil } },
            .string(d.description))
        XCTAssertThrowsError(try GalleryWriter(template: "<html>{{GALLERY_DATA}}</html>").page([]))
        XCTAssertThrowsError(try GalleryWriter(template: "{{GALLERY_DATA}}{{GALLERY_MEDIA}}{{LOTTIE_PLAYER}}{{OTHER}}").page([]))
    }

    /// The page embeds exactly the exported files' bytes, and two runs give the same bytes.
    func testPageEmbedsTheExportedFilesAndIsDeterministic() throws {
        let a = try Self.page([ExportFixtures.showcase, try ExportFixtures.template("douyin-present")])
        let b = try Self.page([ExportFixtures.showcase, try ExportFixtures.template("douyin-present")])
        XCTAssertEqual(Data(a.utf8), Data(b.utf8))
        let card = try Self.card(ExportFixtures.showcase)
        let media = try Self.media(in: a)
        let svg = JSONWriter().string(.string(card.svg))
        XCTAssertTrue(media.hasPrefix("[\n{\"svg\":" + svg + ",\"lottie\":" + card.lottie + "},\n{\"svg\":"))
        // The SVG string decodes to the exported text.
        XCTAssertEqual(try JSONParser.parse(svg).value, .string(card.svg))
    }

    /// The command line: `--format html` writes only index.html; a player file is inlined; the
    /// same run twice gives the same bytes; `--lottie-player` needs the page.
    func testCommandLineWritesThePage() throws {
        try CatalogTier.require()
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let player = tmp.appendingPathComponent("player.js")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        try "window.lottie = {loadAnimation: function () {}};".write(to: player, atomically: true, encoding: .utf8)
        var errors: [String] = []
        let command = TransExportCommand(
            environment: ["TRANS_EXPORT_TEMPLATES": ExportFixtures.repositoryRoot.appendingPathComponent("Templates").path],
            standardOutput: { _ in }, standardError: { errors.append($0) })
        var pages: [Data] = []
        for run in ["a", "b"] {
            let out = tmp.appendingPathComponent(run)
            XCTAssertEqual(
                command.run(["--format", "html", "--template", "douyin-present", "--lottie-player", player.path, "--output", out.path]), 0, "\(errors)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["index.html"])
            pages.append(try Data(contentsOf: out.appendingPathComponent("index.html")))
        }
        XCTAssertEqual(pages[0], pages[1])
        let page = String(decoding: pages[0], as: UTF8.self)
        XCTAssertTrue(
            Self.has(page, "/* lottie-web, inlined from player.js by --lottie-player */\nwindow.lottie = {loadAnimation: function () {}};\n</script>"))
        XCTAssertFalse(Self.has(page, "cdnjs"))
        XCTAssertNil(
            try Self.data(page)["transitions"].flatMap { if case .array(let a) = $0 { return a.first?["files"] } else { return nil } },
            "no links to files that were not written")

        XCTAssertEqual(command.run(["--format", "svg", "--lottie-player", player.path, "--output", tmp.path]), 2)
        XCTAssertEqual(errors.last, "trans-export: --lottie-player is for the gallery page; use it with --format html or all")
        XCTAssertEqual(command.run(["--format", "html", "--lottie-player", "/nonexistent/lottie.js", "--output", tmp.appendingPathComponent("c").path]), 2)
        XCTAssertEqual(errors.last, "trans-export: --lottie-player: cannot read \"/nonexistent/lottie.js\"; expected a URL or a lottie-web script file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("c").path))
        XCTAssertEqual(try CommandLineOptions.parse([]).resolvedFormats, [.svg, .lottie, .tracks, .html])
    }

    /// A readable golden of a whole small page (template filled, data, media).
    func testSmallPage() throws {
        assertSnapshot(try Self.page([Self.small], player: .url("lottie.min.js")), extension: "html")
    }

    /// One layer: a spring move, then an eased fade after a hold.
    static var small: TransitionDefinition {
        let dot = LayerDefinition(id: "dot", kind: .ellipse, frame: Rect(20, 20, 40, 40), fill: .solid(Color(red: 0.37, green: 0.36, blue: 0.9)))
        return TransitionDefinition(
            name: "small", description: "A dot springs to the corner, then fades.",
            canvas: Canvas(size: Size(120, 120), background: .white), frameRate: 30,
            timeline: TimelineSettings(holdBefore: 0.2, holdBetween: 0.1, holdAfter: 0.2),
            layers: [dot],
            phases: [
                Phase(
                    name: "move",
                    blocks: [
                        AnimationBlock(
                            duration: 0.4, timing: .uikitSpring(dampingRatio: 0.7, velocity: 0),
                            changes: [PropertyChange(layer: "dot", .position(Point(80, 80)))])
                    ]),
                Phase(
                    name: "fade",
                    blocks: [
                        AnimationBlock(
                            duration: 0.2, delay: 0.05, timing: .named(.easeOut),
                            changes: [PropertyChange(layer: "dot", .opacity(0))])
                    ]),
            ])
    }
}

extension GalleryWriterTests {
    /// Completion handlers' assignments are listed after the block's, with the value they replace;
    /// an interactive transition's spec shows the gesture, the release and its phases' calls.
    func testCompletionAndInteractionRows() throws {
        var d = Self.small
        d.phases[1].blocks[0].completion = [PropertyChange(layer: "dot", .hidden(true))]
        let spec = MotionSpec(try Simulation(d))
        XCTAssertEqual(spec.groups.map(\.note), ["called at 0.2 s · runs 0.4 s", "called at 0.7 s · runs 0.25 s"])
        XCTAssertEqual(
            spec.groups[1].blocks[0].changes.map { "\($0.kind.rawValue) \($0.property): \($0.from ?? "?") → \($0.to)" },
            ["animated opacity: 1 → 0", "completion hidden: false → true"])

        guard ExportFixtures.templateNames.contains("douyin-drag-dismiss") else { return }
        let drag = MotionSpec(try Simulation(ExportFixtures.template("douyin-drag-dismiss")))
        let rows = try XCTUnwrap(drag.interaction?.rows)
        XCTAssertTrue(rows.contains { $0.label == "Progress" && $0.code.hasPrefix("p = ") }, "\(rows)")
        XCTAssertTrue(rows.contains { $0.label == "Release" }, "\(rows)")
        XCTAssertTrue(rows.contains { $0.label.hasPrefix("Branch ") }, "\(rows)")
        XCTAssertFalse(drag.blocks.isEmpty)
        XCTAssertTrue(drag.blocks.allSatisfy { $0.changes.allSatisfy { $0.from != nil } }, "from values come from the phases played plainly")
    }
}

extension GalleryWriterTests {
    /// An interactive card carries its scrub clip for the progress slider: D as the clip has it
    /// (to the page's 6 decimals, = the clip's Lottie marker), where each branch releases, and the
    /// exact bytes of NAME.scrub.svg / NAME.scrub.json; a plain card has none. `--format html`
    /// alone embeds the same bytes without writing the files.
    func testInteractiveCardsCarryTheirScrubClip() throws {
        let name = "douyin-drag-dismiss"
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-scrub-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: tmp) }
        var errors: [String] = []
        let command = TransExportCommand(
            environment: ["TRANS_EXPORT_TEMPLATES": ExportFixtures.repositoryRoot.appendingPathComponent("Templates").path],
            standardOutput: { _ in }, standardError: { errors.append($0) })
        let all = tmp.appendingPathComponent("all"), html = tmp.appendingPathComponent("html")
        XCTAssertEqual(command.run(["--format", "all", "--template", name, "--template", "douyin-present", "--output", all.path]), 0, "\(errors)")
        XCTAssertEqual(command.run(["--format", "html", "--template", name, "--template", "douyin-present", "--output", html.path]), 0, "\(errors)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: html.path), ["index.html"])
        func text(_ dir: URL, _ file: String) throws -> String { try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8) }
        let page = try text(all, "index.html")

        guard case .array(let transitions)? = try Self.data(page)["transitions"] else { return XCTFail("no transitions") }
        XCTAssertEqual(transitions.map { $0["name"] }, [.string(name), .string("douyin-present")])
        XCTAssertNil(transitions[1]["scrub"], "a plain transition has no scrub clip, so no slider")
        let scrub = try XCTUnwrap(transitions[0]["scrub"])
        let definition = try ExportFixtures.template(name)
        let clip = try XCTUnwrap(InteractiveFiles.scrubClip(definition))
        XCTAssertEqual(scrub["duration"], .number(NumberFormat.round(clip.duration, decimals: 6)))
        XCTAssertEqual(scrub["loop"], .number(NumberFormat.round(clip.simulation.timeline.duration, decimals: 6)))
        XCTAssertEqual(scrub["frameRate"], .number(definition.frameRate))
        XCTAssertEqual(scrub["files"]?["svg"], .string("\(name).scrub.svg"))
        XCTAssertEqual(scrub["files"]?["lottie"], .string("\(name).scrub.json"))
        // The seed's rule is p < 0.2 → cancel: the scripts release on either side of it.
        let spans = try Simulation(definition).timeline.branches
        guard case .array(let releases)? = scrub["releases"] else { return XCTFail("no releases") }
        XCTAssertEqual(releases.map { $0["branch"] }, [.string("cancel"), .string("finish")])
        XCTAssertEqual(releases.map { $0["progress"] }, spans.map { .number(NumberFormat.round($0.progress, decimals: 6)) })
        XCTAssertLessThan(spans[0].progress, 0.2)
        XCTAssertGreaterThanOrEqual(spans[1].progress, 0.2)

        // D is the exported clip's: its Lottie marker spans D·fr frames.
        let scrubLottie = try text(all, "\(name).scrub.json")
        let markers = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(scrubLottie.utf8)) as? [String: Any])?["markers"] as? [[String: Any]])
        XCTAssertEqual(markers.count, 1)
        XCTAssertEqual(markers.first?["dr"] as? Double ?? -1, clip.duration * definition.frameRate, accuracy: 1e-6)

        // The media block holds the written files' exact bytes: the card's, then its scrub clip's.
        let scrubSVG = try text(all, "\(name).scrub.svg")
        let expected =
            "{\"svg\":" + JSONWriter().string(.string(try text(all, "\(name).svg"))) + ",\"lottie\":" + (try text(all, "\(name).json"))
            + ",\"scrub\":{\"svg\":" + JSONWriter().string(.string(scrubSVG)) + ",\"lottie\":" + scrubLottie + "}},\n{\"svg\":"
        let media = try Self.media(in: page)
        XCTAssertTrue(media.hasPrefix("[\n" + expected))
        XCTAssertEqual(Self.count(",\"scrub\":{\"svg\":", in: media), 1)
        XCTAssertEqual(try JSONParser.parse(JSONWriter().string(.string(scrubSVG))).value, .string(scrubSVG))
        XCTAssertEqual(Data(try Self.media(in: text(html, "index.html")).utf8), Data(media.utf8))

        // The page's progress slider: seeks both players to t = p·D, labelled with p.
        for needle in [
            "'progress-slider", "'progress p = '", "this.t = this.p * this.duration", "this.svg.setCurrentTime(this.t)",
            "this.anim.goToAndStop(this.t * this.anim.frameRate, true)", "dataset.view", "setView(",
        ] {
            XCTAssertTrue(Self.has(page, needle), needle)
        }
    }
}

extension GalleryWriterTests {
    /// The motion spec's "Exported files": each card carries, per file (the scrub clip's after the
    /// card's), exactly the numbers of the `FitReport` that `--report` prints for it.
    func testCardsCarryTheFitOfTheirFiles() throws {
        try CatalogTier.require()
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-fit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: tmp) }
        var errors: [String] = []
        let command = TransExportCommand(
            environment: ["TRANS_EXPORT_TEMPLATES": ExportFixtures.repositoryRoot.appendingPathComponent("Templates").path],
            standardOutput: { _ in }, standardError: { errors.append($0) })
        let names = ["douyin-present", "douyin-drag-dismiss"]
        XCTAssertEqual(command.run(["--format", "html", "--output", tmp.path] + names.flatMap { ["--template", $0] }), 0, "\(errors)")
        let page = try String(contentsOf: tmp.appendingPathComponent("index.html"), encoding: .utf8)
        guard case .array(let transitions)? = try Self.data(page)["transitions"] else { return XCTFail("no transitions") }
        let tolerance = FitTolerance.screen(try CommandLineOptions.parse([]).tolerance)

        for (name, card) in zip(names, transitions) {
            let definition = try ExportFixtures.template(name)
            var reports = try PlayerFiles(try Simulation(definition), tolerance: tolerance).reports()
            if let clip = try InteractiveFiles.scrubClip(definition) {
                reports += try PlayerFiles(clip.simulation, tolerance: tolerance).reports()
            }
            guard case .array(let files)? = card["fit"] else { return XCTFail("\(name): no fit") }
            XCTAssertEqual(files.map { $0["file"] }, reports.map { .string($0.file) }, name)
            for (f, r) in zip(files, reports) {
                XCTAssertEqual(f["keyframes"], .number(Double(r.fit.keyframes)), r.file)
                XCTAssertEqual(f["tracks"], .number(Double(r.fit.tracks.count)), r.file)
                XCTAssertEqual(f["bytes"], .number(Double(r.bytes)), r.file)
                let percent = NumberFormat.string(r.fit.worstRatio * 100, maxDecimals: 1) + " %"
                XCTAssertEqual(f["worstPercent"], .string(percent), r.file)
                XCTAssertTrue(r.text.contains("worst error \(percent) of its tolerance"), r.file)
                // The worst track is the one the worst ratio is read from, its error as the report has it.
                let measured = r.fit.tracks.filter(\.measured)
                let worst = try XCTUnwrap(measured.first { $0.maxError / $0.tolerance == r.fit.worstRatio }, r.file)
                XCTAssertEqual(f["worst"]?["track"], .string("\(worst.layer).\(worst.property)"), r.file)
                XCTAssertEqual(f["worst"]?["maxError"], .number(NumberFormat.round(worst.maxError, decimals: 6)), r.file)
                XCTAssertEqual(f["worst"]?["tolerance"], .number(NumberFormat.round(worst.tolerance, decimals: 6)), r.file)
                XCTAssertTrue(r.text.contains("max \(NumberFormat.string(worst.maxError, maxDecimals: 4))"), r.file)
                guard case .array(let methods)? = f["methods"] else { return XCTFail("\(r.file): no methods") }
                let counted = methods.reduce(0) { n, m in if case .number(let k)? = m["tracks"] { return n + Int(k) } else { return n } }
                XCTAssertEqual(counted, r.fit.tracks.count, r.file)
                for m in methods {
                    guard case .string(let method)? = m["method"] else { return XCTFail() }
                    XCTAssertEqual(m["tracks"], .number(Double(r.fit.tracks.filter { $0.method == method }.count)), "\(r.file) \(method)")
                }
            }
        }
        // douyin-present: one file per player, every track measured (no projected paths).
        guard case .array(let present)? = transitions[0]["fit"] else { return XCTFail() }
        XCTAssertEqual(present.map { $0["player"] }, [.string("SVG"), .string("Lottie")])
        XCTAssertTrue(present.allSatisfy { $0["unmeasured"] == nil })
        guard case .array(let drag)? = transitions[1]["fit"] else { return XCTFail() }
        XCTAssertEqual(drag.map { $0["player"] }, [.string("SVG"), .string("Lottie"), .string("SVG · scrub clip"), .string("Lottie · scrub clip")])
        XCTAssertTrue(Self.has(page, "fitTable(t.fit)"))
    }

    /// Projected paths are listed as not measured, with the bound their sampler keeps.
    func testProjectedPathsAreShownAsBoundedBySampler() throws {
        try CatalogTier.require()
        guard ExportFixtures.templateNames.contains("flip-push") else { return }
        let sim = try Simulation(ExportFixtures.template("flip-push"))
        let files = PlayerFiles(sim)
        let reports = try files.reports()
        let page = try GalleryWriter(template: Self.template).page([
            GalleryCard(simulation: sim, svg: try files.svg(), lottie: try files.lottie(), fit: reports)
        ])
        guard case .array(let transitions)? = try Self.data(page)["transitions"], case .array(let data)? = transitions.first?["fit"] else {
            return XCTFail("no fit")
        }
        XCTAssertEqual(data.count, 2)
        for (f, r) in zip(data, reports) {
            let projected = r.fit.tracks.filter { !$0.measured }
            XCTAssertFalse(projected.isEmpty)
            XCTAssertEqual(f["unmeasured"]?["tracks"], .number(Double(projected.count)))
            XCTAssertEqual(f["unmeasured"]?["text"], .string("≤ \(NumberFormat.string(ProjectionTolerance.interpolation, maxDecimals: 4)) px"))
        }
    }
}

extension GalleryWriterTests {
    /// Each card carries its Swift (what "Copy as Swift" copies); the page has the keys, the
    /// NAME@SECONDS links, dark mode, the phone layout and a per-card downloads spot.
    func testCardsCarryTheirSwiftAndThePageItsControls() throws {
        let page = try Self.page([Self.small], player: .url("lottie.min.js"))
        guard case .array(let cards)? = try Self.data(page)["transitions"] else { return XCTFail("no transitions") }
        XCTAssertEqual(cards.first?["swift"], .string(SwiftAnimationCode(try Simulation(Self.small)).text))
        for needle in [
            "'btn copy-swift'", "case 'ArrowLeft': c.step(-1)", "case 'Home':", "case 'End':", "'hashchange'",
            "@media (prefers-color-scheme: dark)", "@media (max-width: 600px)", "'downloads'",
        ] {
            XCTAssertTrue(Self.has(page, needle), needle)
        }
    }
}
