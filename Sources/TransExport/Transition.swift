import Artwork
import Exporters
import FoundationEssentials
import Glibc
import Simulation
import TransitionModel

// The library's front door: the few types a client needs to turn a transition definition into
// files, with the command line's options. Everything below it (the model, the simulation, the
// fitter, the writers) is at `package` access, so this small API is what the library promises.
// Each stage hands the next a value: Transition → SimulatedTransition → FittedTransition / bytes.
@_exported import struct Diagnostics.SourceLocation
@_exported import struct Diagnostics.TransExportError

/// A transition definition, decoded and checked: a catalog template, a JSON file or JSON text.
///
/// Decoding refuses bad input with a ``TransExportError`` naming the file, the line and column,
/// the JSON path and what was expected, the same line the command line prints.
public struct Transition: Sendable {
    package var definition: TransitionDefinition
    /// Where the definition came from, so an error found later (simulating) gets its line.
    package let source: DefinitionSource

    package init(definition: TransitionDefinition, source: DefinitionSource) {
        self.definition = definition
        self.source = source
    }

    /// Decodes a definition from its JSON text (format v1).
    ///
    /// - Parameters:
    ///   - json: the definition's text.
    ///   - file: how errors name it, e.g. `my-transition.json`.
    ///   - artDirectory: where art components (`art/NAME.json`) and picture files the definition
    ///     names are found; none when nil.
    public init(json: String, file: String = "definition.json", artDirectory: URL? = nil) throws(TransExportError) {
        let source = DefinitionSource(display: file, url: nil, text: json)
        var library = ArtLibrary.empty
        if let artDirectory {
            library = ArtLibrary.folders([(artDirectory.appendingPathComponent("art"), "art")])
            library.artworkDirectory = (artDirectory, "")
        }
        do {
            self.init(definition: try DefinitionDecoder.decode(json, file: file, art: library), source: source)
        } catch {
            throw source.located(error)
        }
    }

    /// Reads and decodes a definition file; art it uses comes from `art/` beside it.
    ///
    /// - Parameters:
    ///   - url: the file.
    ///   - displayPath: how errors name the file (default: its path).
    public init(contentsOf url: URL, displayPath: String? = nil) throws(TransExportError) {
        try self.init(contentsOf: url, displayPath: displayPath ?? url.path, catalog: nil)
    }

    package init(contentsOf url: URL, displayPath: String, catalog: TemplateCatalog?) throws(TransExportError) {
        let source = DefinitionSource(display: displayPath, url: url, text: nil)
        do {
            self.init(definition: try DefinitionFile.load(url, displayPath: displayPath, catalog: catalog), source: source)
        } catch {
            throw source.located(error)
        }
    }

    /// The definition's name: the stem of the files it exports (`NAME.svg`, `NAME.json`).
    public var name: String { definition.name }

    /// The ids of the layers a picture can replace (``replacingScreen(id:file:)``), with their
    /// sizes in points, as `--list --template NAME` prints them.
    public var replaceableScreens: [(id: String, width: Double, height: Double)] {
        definition.replaceableLayers.map { ($0.id, $0.size.width, $0.size.height) }
    }

    /// Whether a PNG or JPEG can be shown in layer `id` (``replacingScreen(id:file:)``): false
    /// where the layer turns in 3D under a perspective that would take more than 1,024 affinely
    /// mapped cells to draw a picture within 0.5 px, as the page flips' `page` does; SVG art
    /// without a radial gradient turns there as projected paths. Checked with a stand-in picture
    /// of the layer's size at 3 px/pt (a 0.1-0.5 s simulation for a layer under 3D).
    public func screenTakesPicture(id: String) throws(TransExportError) -> Bool {
        let fits: Bool?
        do {
            fits = try ArtworkLayerChecks.pictureFits(definition, id: id)
        } catch {
            throw source.located(error)
        }
        guard let fits else { throw noScreen(id) }
        return fits
    }

    /// This transition with a PNG, JPEG or SVG file shown in layer `id` (the command line's
    /// `--screen ID=FILE`); the layer keeps its animations and its placeholder art gives way.
    public func replacingScreen(id: String, file: String) throws(TransExportError) -> Transition {
        let artwork: Artwork
        do {
            artwork = try Artwork.load(path: file)
        } catch {
            throw source.located(error)  // the artwork's own `FILE:LINE: <element>: …` after the definition's name
        }
        guard let replaced = definition.replacingScreen(id: id, path: file, artwork: artwork) else { throw noScreen(id) }
        return Transition(definition: replaced, source: source)
    }

    /// No replaceable layer has that id: the ids there are, at the definition's `layers`.
    private func noScreen(_ id: String) -> TransExportError {
        let ids = definition.replaceableLayers.map(\.id).joined(separator: ", ")
        return source.located(
            TransExportError(file: source.display, location: nil, path: "layers", expected: "--screen \(id): no layer with that id; replaceable: \(ids)"))
    }

    /// Simulates the transition with UIKit / Core Animation's semantics: every layer's exact
    /// state at any time. Refuses what cannot be simulated or exported (e.g. a picture under 3D).
    public func simulate() throws(TransExportError) -> SimulatedTransition {
        do {
            // Radial-gradient art under 3D becomes a picture (docs/artwork.md#radial-gradients-under-3d).
            let simulation = try ArtworkRadialFallback.applied(Simulation(definition))
            try ArtworkLayerChecks.refuseUnderPerspective(simulation)
            return SimulatedTransition(simulation: simulation, source: source)
        } catch {
            throw source.located(error)
        }
    }
}
