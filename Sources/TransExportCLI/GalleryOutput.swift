import Exporters
// The gallery page (`--format html`): its template from the catalog, lottie-web from
// `--lottie-player` (TransExport's GalleryPageSource), and `index.html` written once every
// transition is exported.
import FoundationEssentials
import Glibc
import TransExport

extension TransExportCommand {
    /// Reads the page template and the player before any file is written (bad input stops the run).
    func galleryWriter(_ options: CommandLineOptions, catalog: TemplateCatalog?) throws -> GalleryWriter {
        try GalleryPageSource.writer(catalog: catalog, lottiePlayer: options.lottiePlayer)
    }

    func writeGallery(_ gallery: GalleryWriter, parts: GalleryPageParts?, cards: [GalleryCard], options: CommandLineOptions, to dir: URL) throws {
        let cards = cards.map { card -> GalleryCard in
            var card = card
            card.downloads = downloads(card, in: dir)
            return card
        }
        let page = try parts?.page(cards) ?? gallery.page(cards, linkFiles: Self.linksFiles(options))
        outputs.add(page, to: dir.appendingPathComponent(GalleryWriter.pageFileName))
    }

    /// The page links NAME.svg and NAME.json when they are written beside it.
    static func linksFiles(_ options: CommandLineOptions) -> Bool {
        options.resolvedFormats.contains(.svg) && options.resolvedFormats.contains(.lottie)
    }

    /// The card's raster files, linked when they are there: written by this run (in the plan:
    /// every file is written after the page is made) or by an earlier one.
    func downloads(_ card: GalleryCard, in dir: URL) -> [String] {
        let names = ExportFormats.all.filter(\.galleryDownload).compactMap(\.fileExtension).map { "\(card.simulation.definition.name).\($0)" }
        // Planned files are named `dir/NAME.EXT`: only those with one of these names can be one.
        let planned = Set(outputs.urls.filter { names.contains($0.lastPathComponent) }.map(\.standardizedFileURL.path))
        return names.filter {
            let path = dir.appendingPathComponent($0).standardizedFileURL.path
            return planned.contains(path) || FileManager.default.fileExists(atPath: path)
        }
    }
}
