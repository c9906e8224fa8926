import Exporters
// The gallery page (`--format html`): its template from the catalog, lottie-web from
// `--lottie-player`, and `index.html` written once every transition is exported.
import Foundation

extension TransExportCommand {
    /// Reads the page template and the player before any file is written (bad input stops the run).
    func galleryWriter(_ options: CommandLineOptions, catalog: TemplateCatalog?) throws -> GalleryWriter {
        let templateName = "Templates/\(GalleryWriter.templateFileName)"
        guard let catalog else {
            throw UsageError(message: "no Templates folder found, so no \(templateName) for the gallery page; see --help")
        }
        let url = catalog.directory.appendingPathComponent(GalleryWriter.templateFileName)
        guard let data = FileManager.default.contents(atPath: url.path), let template = String(data: data, encoding: .utf8) else {
            throw UsageError(message: "cannot read \(url.path); expected the gallery page template (\(templateName))")
        }
        return GalleryWriter(template: template, player: try Self.lottiePlayer(options.lottiePlayer))
    }

    /// A URL stays a `<script src>`; a file is inlined so the page plays offline.
    static func lottiePlayer(_ value: String?) throws -> LottiePlayer {
        guard let value else { return .default }
        if value.contains("://") || value.hasPrefix("//") || value.hasPrefix("data:") { return .url(value) }
        let url = URL(fileURLWithPath: value)
        guard let data = FileManager.default.contents(atPath: url.path), let source = String(data: data, encoding: .utf8) else {
            throw UsageError(message: "--lottie-player: cannot read \"\(value)\"; expected a URL or a lottie-web script file")
        }
        return .inline(source: source, name: url.lastPathComponent)
    }

    func writeGallery(_ gallery: GalleryWriter, cards: [GalleryCard], options: CommandLineOptions, to dir: URL) throws {
        let formats = options.resolvedFormats
        // Raster files are linked when they are there (written now or by an earlier run).
        let cards = cards.map { card -> GalleryCard in
            var card = card
            card.downloads = ExportFormats.all.filter(\.galleryDownload).compactMap(\.fileExtension)
                .map { "\(card.simulation.definition.name).\($0)" }
                .filter { FileManager.default.fileExists(atPath: dir.appendingPathComponent($0).path) }
            return card
        }
        let page = try gallery.page(cards, linkFiles: formats.contains(.svg) && formats.contains(.lottie))
        outputs.add(page, to: dir.appendingPathComponent(GalleryWriter.pageFileName))
    }
}
