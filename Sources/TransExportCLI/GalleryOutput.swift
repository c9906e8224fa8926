import Exporters
// The gallery page (`--format html`): its template from the catalog, lottie-web from
// `--lottie-player` (TransExport's GalleryPageSource), and `index.html` written once every
// transition is exported.
import Foundation
import TransExport

extension TransExportCommand {
    /// Reads the page template and the player before any file is written (bad input stops the run).
    func galleryWriter(_ options: CommandLineOptions, catalog: TemplateCatalog?) throws -> GalleryWriter {
        try GalleryPageSource.writer(catalog: catalog, lottiePlayer: options.lottiePlayer)
    }

    func writeGallery(_ gallery: GalleryWriter, cards: [GalleryCard], options: CommandLineOptions, to dir: URL) throws {
        let formats = options.resolvedFormats
        // Raster files are linked when they are there: written by this run (still in the plan:
        // every file is written after the page is made) or by an earlier one.
        let planned = Set(outputs.urls.map(\.standardizedFileURL.path))
        let cards = cards.map { card -> GalleryCard in
            var card = card
            card.downloads = ExportFormats.all.filter(\.galleryDownload).compactMap(\.fileExtension)
                .map { "\(card.simulation.definition.name).\($0)" }
                .filter {
                    let path = dir.appendingPathComponent($0).standardizedFileURL.path
                    return planned.contains(path) || FileManager.default.fileExists(atPath: path)
                }
            return card
        }
        let page = try gallery.page(cards, linkFiles: formats.contains(.svg) && formats.contains(.lottie))
        outputs.add(page, to: dir.appendingPathComponent(GalleryWriter.pageFileName))
    }
}
