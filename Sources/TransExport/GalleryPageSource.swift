// What the gallery page needs besides the transitions: its template from the catalog and
// lottie-web from `--lottie-player`, both read before any file is written (bad input stops
// the run); and a transition's card, the bytes of its animated files.
import Exporters
import FoundationEssentials
import Glibc
import Platform
import Simulation

package enum GalleryPageSource {
    /// The page writer with the catalog's template and the player asked for.
    package static func writer(catalog: TemplateCatalog?, lottiePlayer: String?) throws(TransExportError) -> GalleryWriter {
        let templateName = "Templates/\(GalleryWriter.templateFileName)"
        guard let catalog else {
            throw refusal("no Templates folder found, so no \(templateName) for the gallery page; see --help")
        }
        let url = catalog.directory.appendingPathComponent(GalleryWriter.templateFileName)
        guard let data = FileManager.default.contents(atPath: url.path), let template = String(data: data, encoding: .utf8) else {
            throw refusal("cannot read \(url.path); expected the gallery page template (\(templateName))")
        }
        return GalleryWriter(template: template, player: try player(lottiePlayer))
    }

    /// A URL stays a `<script src>`; a file is inlined so the page plays offline.
    package static func player(_ value: String?) throws(TransExportError) -> LottiePlayer {
        guard let value else { return .default }
        if value.containsLiterally("://") || value.hasPrefix("//") || value.hasPrefix("data:") { return .url(value) }
        let url = URL(fileURLWithPath: value)
        guard let data = FileManager.default.contents(atPath: url.path), let source = String(data: data, encoding: .utf8) else {
            throw refusal("--lottie-player: cannot read \"\(value)\"; expected a URL or a lottie-web script file")
        }
        return .inline(source: source, name: url.lastPathComponent)
    }

    /// A transition's card: its SVG, Lottie and fit reports, and its scrub clip's when interactive.
    package static func card(_ simulation: Simulation, tolerance: Double) throws -> GalleryCard {
        let players = PlayerFiles(simulation, tolerance: .screen(tolerance))
        var card = GalleryCard(simulation: simulation, svg: try players.svg(), lottie: try players.lottie(), fit: try players.reports())
        if simulation.definition.interaction != nil {
            var d = simulation.definition
            d.name = "\(d.name).\(SimulatedTransition.scrub)"
            let clip = try ScrubClip(d)
            let scrub = PlayerFiles(clip.simulation, tolerance: .screen(tolerance))
            card.scrub = GalleryScrub(clip: clip, svg: try scrub.svg(), lottie: try scrub.lottie(), fit: try scrub.reports())
        }
        return card
    }

    /// A refusal about the run, not a file: printed as its message alone.
    static func refusal(_ message: String) -> TransExportError {
        TransExportError(file: "", location: nil, path: "", expected: message)
    }
}
