import Foundation
import Keyframes
import Simulation
import TransExport
import TransExportCLI
import TransExportTestSupport
import TransitionModel

enum ExportFixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func template(_ name: String) throws -> TransitionDefinition {
        // As the command line reads it, so art in Templates/art/ resolves.
        try DefinitionFile.load(repositoryRoot.appendingPathComponent("Templates/\(name).json"), displayPath: "Templates/\(name).json")
    }

    static var templateNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Templates").path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The templates with layers under a 3D transform (projected paths).
    static let templatesUnder3D = ["flip-push", "flip-pop", "flip-edge-pan", "stories-cube"]

    /// The templates a catalog-wide sweep runs over (CatalogTier.templates): every one in the
    /// catalog tier; in the fast tier a spring and a gesture with its branches (douyin-drag-dismiss),
    /// a snapshot's cross-dissolve (shared-element-push) and a cube under perspective (stories-cube).
    static var sweepTemplateNames: [String] {
        CatalogTier.templates(templateNames, fast: ["douyin-drag-dismiss", "shared-element-push", "stories-cube"])
    }

    /// A small transition that exercises every kind of layer and timing the exporters write:
    /// a spring move, an eased fade with an overshooting curve, a jump, a gradient, text, an
    /// ellipse, a clipped group and a snapshot whose content stretches.
    static var showcase: TransitionDefinition {
        let gradient = Fill.linearGradient(
            LinearGradient(
                start: Point(0, 0), end: Point(0, 1),
                stops: [
                    .init(offset: 0, color: Color(red: 1, green: 0.4, blue: 0.5)), .init(offset: 1, color: Color(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.5)),
                ]))
        let card = LayerDefinition(
            id: "card", kind: .group, frame: Rect(20, 500, 160, 200), numbers: [.cornerRadius: 16], clipsToBounds: true, fill: gradient,
            children: [
                LayerDefinition(kind: .ellipse, frame: Rect(12, 12, 40, 40), fill: .solid(.white)),
                LayerDefinition(kind: .text(lines: 2), frame: Rect(12, 150, 120, 30), fill: .solid(Color(red: 1, green: 1, blue: 1, alpha: 0.8))),
            ])
        let badge = LayerDefinition(id: "badge", kind: .ellipse, frame: Rect(300, 80, 60, 60), fill: .solid(Color(red: 1, green: 0.17, blue: 0.33)))
        let snapshot = LayerDefinition(
            id: "card-snapshot", kind: .snapshot(of: "card"), position: Point(195, 422), size: Size(160, 200),
            hidden: true, zPosition: 10)
        let move = AnimationBlock(
            duration: 0.5, timing: .uikitSpring(dampingRatio: 0.5, velocity: 0),
            changes: [
                PropertyChange(layer: "card", .position(Point(195, 300))),
                PropertyChange(layer: "card", .transform(LayerTransform(scale: Point(1.5, 1.5), rotation: .pi / 12))),
            ])
        let fade = AnimationBlock(
            duration: 0.3, delay: 0.1, timing: .cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1),
            changes: [
                PropertyChange(layer: "badge", .opacity(0.2))
            ])
        let snap = AnimationBlock(
            duration: 0.25, timing: .named(.easeInOut),
            before: [PropertyChange(layer: "card", .hidden(true)), PropertyChange(layer: "card-snapshot", .hidden(false))],
            changes: [PropertyChange(layer: "card-snapshot", .frame(Rect(150, 380, 90, 84)))])
        return TransitionDefinition(
            name: "showcase", description: "Every layer kind and timing the exporters write.",
            canvas: Canvas(size: Size(390, 844), background: Color(red: 0.95, green: 0.95, blue: 0.97)),
            timeline: TimelineSettings(holdBefore: 0.2, holdBetween: 0.2, holdAfter: 0.2),
            layers: [card, badge, snapshot],
            phases: [Phase(name: "present", blocks: [move, fade]), Phase(name: "collapse", blocks: [snap])])
    }

    /// Fitted for SMIL, as the SVG files are written (PlayerFiles).
    static func keyframes(_ d: TransitionDefinition) throws -> KeyframedTransition {
        KeyframedTransition.fitted(try Simulation(d), for: .smil)
    }
}
