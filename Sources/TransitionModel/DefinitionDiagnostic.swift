// A problem found in a definition, as a value: where (file, line:column, JSON path) and what was expected.
import JSONText

public struct DefinitionDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation?
    /// A JSON path such as `phases.present[0].timing.damping`; empty for syntax errors.
    public var path: String
    public var message: String

    public init(file: String, location: SourceLocation?, path: String, message: String) {
        self.file = file; self.location = location; self.path = path; self.message = message
    }

    /// One line: `file:line:column: path: message`.
    public var description: String {
        var s = file
        if let location { s += ":\(location.line):\(location.column)" }
        s += ": "
        if !path.isEmpty { s += "\(path): " }
        return s + message
    }
}
