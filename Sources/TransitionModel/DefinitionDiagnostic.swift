// The project's error as a value: its kind, where (file, line:column, JSON path) and what was
// expected. The command line prints it as one line, `file:line:column: path: expected`.
import JSONText

public struct TransExportError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// A definition, or a file it names, that cannot be read or simulated (exit 2).
        case input
        /// A file that could not be made from good input (exit 1).
        case export
    }

    public var kind: Kind
    public var file: String
    public var location: SourceLocation?
    /// A JSON path such as `phases.present[0].timing.damping`; empty for syntax errors.
    public var path: String
    /// What was expected (and, usually, what was found instead).
    public var message: String
    public var expected: String { message }

    public init(kind: Kind = .input, file: String, location: SourceLocation?, path: String, expected: String) {
        self.kind = kind; self.file = file; self.location = location; self.path = path; self.message = expected
    }

    public init(file: String, location: SourceLocation?, path: String, message: String) {
        self.init(file: file, location: location, path: path, expected: message)
    }

    /// One line: `file:line:column: path: message`. Control characters are escaped (a newline
    /// in a quoted value must not split the line) and a very long message is cut in the middle.
    public var description: String {
        var s = Self.oneLine(file, limit: 300)
        if let location { s += ":\(location.line):\(location.column)" }
        s += ": "
        if !path.isEmpty { s += "\(Self.oneLine(path, limit: 300)): " }
        return s + Self.oneLine(message, limit: 600)
    }

    static func oneLine(_ text: String, limit: Int) -> String {
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u == "\u{2028}" || u == "\u{2029}":
                out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(u)
            }
        }
        guard out.count > limit else { return out }
        return String(out.prefix(limit * 2 / 3)) + " … " + String(out.suffix(limit / 3))
    }

    /// With a location found from the JSON path when a later stage knew only the path (the
    /// node itself, else its nearest ancestor that the file contains, e.g. above art).
    public func located(in root: LocatedJSON) -> TransExportError {
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
public typealias DefinitionDiagnostic = TransExportError
