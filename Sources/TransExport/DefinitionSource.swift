// Where a definition came from (a file, or text handed to the library), kept beside it so that
// a problem found after decoding (simulating, exporting) is still reported at its line.
import FoundationEssentials
import Glibc
import Simulation
import TransitionModel

package struct DefinitionSource: Sendable {
    /// How errors name the definition.
    package var display: String
    package var url: URL?
    package var text: String?

    /// Any error of the pipeline as the one error type, located in the definition's text.
    package func located(_ error: Error) -> TransExportError {
        if let url { return DefinitionFile.located(error, url: url, displayPath: display) }
        return DefinitionFile.located(error, displayPath: display) { text }
    }

    /// A writer's refusal as the one error type: a format's limit at its layer's line (or at
    /// the definition's member), else the failure with the definition's name.
    package func exportError(_ error: Error, _ simulation: Simulation) -> TransExportError {
        guard var e = error as? TransExportError, !e.isArtworkRefusal else {
            return TransExportError(kind: .export, file: display, location: nil, path: "", expected: "export failed: \(error)")
        }
        if let i = e.layer, simulation.layers.indices.contains(i), let origin = simulation.layers[i].definition.origin {
            var located = origin.diagnostic(e.message)
            located.kind = .export
            located.format = e.format
            return located
        }
        if e.file.isEmpty { e.file = display }
        return e.path.isEmpty ? e : self.located(e)
    }
}
