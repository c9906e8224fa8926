// Where a definition came from (a file, or text handed to the library), kept beside it so that
// a problem found after decoding (simulating, exporting) is still reported at its line.
import Foundation
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
}
