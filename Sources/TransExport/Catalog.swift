// The built-in catalog of transitions (Templates/), and the gallery page made from exported
// transitions with the catalog's page template.
import Exporters
import FoundationEssentials
import Glibc

/// The catalog of templates: a folder of definitions (`NAME.json`), their art (`art/`), the
/// order they are listed in (`catalog.txt`) and the gallery page's template (`gallery.html`).
public struct Catalog: Sendable {
    package let templates: TemplateCatalog

    /// The catalog in `directory` (a `Templates` folder), or nil when it holds no template.
    public init?(directory: URL) {
        templates = TemplateCatalog(directory: directory)
        if templates.names.isEmpty { return nil }
    }

    package init(_ templates: TemplateCatalog) { self.templates = templates }

    /// The catalog the command line uses: `./Templates`, else `$TRANS_EXPORT_TEMPLATES`, else a
    /// `Templates` folder above the executable, else `<prefix>/share/trans-export/Templates`.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "trans-export")
    ) -> Catalog? {
        TemplateCatalog.locate(environment: environment, executable: executable).map(Catalog.init)
    }

    /// The folder the catalog was read from.
    public var directory: URL { templates.directory }

    /// The templates' names, in the catalog's order (what `--list` prints).
    public var names: [String] { templates.names }

    /// The template `name`, decoded; errors name it `Templates/NAME.json`, as the command line does.
    public func transition(named name: String) throws(TransExportError) -> Transition {
        guard names.contains(name) else {
            throw TransExportError(
                file: "", location: nil, path: "", expected: "unknown template \"\(name)\"; expected one of \(names.joined(separator: ", "))")
        }
        let display = "Templates/\(name).json"
        let transition = try Transition(contentsOf: templates.url(of: name), displayPath: display, catalog: templates)
        guard transition.name == name else {
            throw TransExportError(file: display, location: nil, path: "name", expected: "expected \"\(name)\" (the file's name), found \"\(transition.name)\"")
        }
        return transition
    }

    /// Reads a definition file of your own (`--input FILE`); its art comes from `art/` beside
    /// it, then from the catalog's `art/`.
    public func transition(contentsOf url: URL, displayPath: String? = nil) throws(TransExportError) -> Transition {
        try Transition(contentsOf: url, displayPath: displayPath ?? url.path, catalog: templates)
    }

    /// The gallery page (`index.html`) showing `transitions`, each with its animated SVG and
    /// Lottie side by side (fitted with `options.tolerance`) and, for an interactive one, its
    /// scrub clip. The page links to `NAME.svg` and `NAME.json` beside it.
    public func galleryPage(_ transitions: [SimulatedTransition], options: ExportOptions = ExportOptions()) throws(TransExportError) -> Data {
        let settings = try options.checked()
        do {
            let writer = try GalleryPageSource.writer(catalog: templates, lottiePlayer: options.lottiePlayer)
            let cards = try transitions.map { t -> GalleryCard in
                try GalleryPageSource.card(t.simulation, tolerance: settings.tolerance)
            }
            return Data(try writer.page(cards, linkFiles: true).utf8)
        } catch let error as TransExportError where !error.isArtworkRefusal {
            throw error
        } catch {
            throw TransExportError(kind: .export, file: GalleryWriter.pageFileName, location: nil, path: "", expected: "\(error)")
        }
    }
}
