// Locating a TransExportError in a definition's JSON when a later stage knew only its path.
// The error type lives in Diagnostics; every stage above sees it through this module.
@_exported import Diagnostics
import JSONText

extension TransExportError {
    /// With a location found from the JSON path when a later stage knew only the path (the
    /// node itself, else its nearest ancestor that the file contains, e.g. above art).
    package func located(in root: LocatedJSON) -> TransExportError {
        guard location == nil else { return self }
        var copy = self
        copy.location = Self.node(at: path, in: root).location
        return copy
    }

    /// The deepest node along `path` (`a.b[2].c`) that exists under `root`.
    static func node(at path: String, in root: LocatedJSON) -> LocatedJSON {
        var node = root
        var key = ""
        var chars = Substring(path)
        func step() -> Bool {
            defer { key = "" }
            guard !key.isEmpty else { return true }
            guard let next = node.member(key) else { return false }
            node = next
            return true
        }
        while let c = chars.first {
            chars = chars.dropFirst()
            switch c {
            case ".":
                guard step() else { return node }
            case "[":
                guard step() else { return node }
                let digits = chars.prefix { $0 != "]" }
                chars = chars.dropFirst(digits.count + 1)
                guard let i = Int(digits), node.elements.indices.contains(i), case .array = node.value else { return node }
                node = node.elements[i]
            default: key.append(c)
            }
        }
        _ = step()
        return node
    }
}

/// A definition's problems: the decoder and the later stages throw TransExportError under this name.
package typealias DefinitionDiagnostic = TransExportError
