import Artwork
// `--screen ID=FILE` and `--list --template NAME`: the user's pictures in a template's layers.
import FoundationEssentials
import Glibc
import JSONText
import TransExport
import TransitionModel

package struct ScreenOption: Equatable, Sendable {
    package var id: String
    package var file: String

    init(parsing text: String) throws {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex, text.index(after: eq) != text.endIndex else {
            throw TransExportError.usage("--screen expects ID=FILE (a layer id of the template and a PNG, JPEG or SVG file), found \"\(text)\"")
        }
        id = String(text[..<eq]); file = String(text[text.index(after: eq)...])
    }

    /// The definition with every screen shown; a file or an id that does not fit is a located refusal.
    static func apply(_ screens: [ScreenOption], to definition: TransitionDefinition, display: String) throws -> TransitionDefinition {
        var d = definition
        for screen in screens {
            // The id first: a wrong id is refused before the file is read.
            let ids = d.replaceableLayers.map(\.id)
            guard ids.contains(screen.id) else { throw noLayer(screen, ids: ids, display: display) }
            let artwork = try Artwork.load(path: screen.file)  // an artwork refusal: "FILE:LINE: …" quoted as is
            guard let replaced = d.replacingScreen(id: screen.id, path: screen.file, artwork: artwork) else {
                throw noLayer(screen, ids: ids, display: display)
            }
            d = replaced
        }
        return d
    }

    private static func noLayer(_ screen: ScreenOption, ids: [String], display: String) -> DefinitionDiagnostic {
        DefinitionDiagnostic(
            file: display, location: nil, path: "layers",
            message: "--screen \(screen.id): no layer with that id; replaceable: \(ids.joined(separator: ", "))")
    }
}

extension TransExportCommand {
    /// `--list --template NAME`: one line per replaceable layer, `id  width x height pt`, and
    /// where a PNG/JPEG cannot be drawn (a layer turning under too strong a perspective), why.
    func listScreens(_ names: [String], catalog: TemplateCatalog) -> Int32 {
        for name in names {
            guard catalog.names.contains(name) else {
                standardError("trans-export: unknown template \"\(name)\"; see --list")
                return ExitCode.badInput
            }
            do {
                let t = try Transition(contentsOf: catalog.url(of: name), displayPath: "Templates/\(name).json", catalog: catalog)
                if names.count > 1 { standardOutput("\(name):") }
                for layer in t.replaceableScreens {
                    let w = NumberFormat.string(layer.width), h = NumberFormat.string(layer.height)
                    let note = try t.screenTakesPicture(id: layer.id) ? "" : "  (turns in 3D: SVG art only, a PNG or JPEG would take over 1024 cells)"
                    standardOutput("\(layer.id)  \(w) x \(h) pt\(note)")
                }
            } catch {
                standardError("\(error)")
                return ExitCode.badInput
            }
        }
        return ExitCode.success
    }
}
