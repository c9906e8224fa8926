// The project's error as a value: its kind, where (file, line:column, JSON path) and what was
// expected. The command line prints it as one line, `file:line:column: path: expected`. It sits
// in this base module so that every stage, the JSON parser and the artwork reader included,
// throws it.

/// The library's one error type: a definition (or a file it names) refused, or a file that could
/// not be made, with where (file, line:column, JSON path) and what was expected.
public struct TransExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Bad input or a failed export: the command line exits 2 or 1.
    public enum Kind: String, Hashable, Sendable {
        /// A definition, or a file it names, that cannot be read or simulated (exit 2).
        case input
        /// A file that could not be made from good input (exit 1).
        case export
    }

    /// Bad input or a failed export.
    public var kind: Kind
    /// The file at fault as the user named it (`Templates/NAME.json`); empty for a refusal about
    /// the run rather than a file (then the line starts with the path or the message).
    public var file: String
    /// Line and column in `file`; nil when the problem is the file as a whole.
    public var location: SourceLocation?
    /// A JSON path such as `phases.present[0].timing.damping`; empty for syntax errors.
    public var path: String
    /// What was expected (and, usually, what was found instead).
    public var message: String
    /// A writer's refusal: the format (`Lottie`) that cannot carry the transition, and the
    /// simulation's index of the layer at fault, so the command line can name that layer's line.
    package var format: String?
    package var layer: Int?
    /// A refusal of a file another file names (a picture or SVG art, `TransExportError.artwork`):
    /// whoever reports it quotes its line after the naming file's name instead of locating it there.
    package var isArtworkRefusal = false
    /// What was expected: the same text as `message`.
    public var expected: String { message }

    /// An error at `file`'s `location`, JSON `path`, saying what was `expected`.
    public init(kind: Kind = .input, file: String, location: SourceLocation?, path: String, expected: String) {
        self.kind = kind; self.file = file; self.location = location; self.path = path; self.message = expected
    }

    /// A bad-input error; `message` says what was expected.
    public init(file: String, location: SourceLocation?, path: String, message: String) {
        self.init(file: file, location: location, path: path, expected: message)
    }

    /// One line: `file:line:column: path: message`. Control characters are escaped (a newline
    /// in a quoted value must not split the line) and a very long message is cut in the middle.
    /// Without a file (a refusal about the run, not about a file) the line starts at the path.
    public var description: String {
        // An artwork refusal is quoted whole inside another line, which cuts it there.
        let limit = isArtworkRefusal ? Int.max : 300
        var s = Self.oneLine(file, limit: limit)
        if let location { s += "\(s.isEmpty ? "" : ":")\(location)" }
        if !s.isEmpty { s += ": " }
        if !path.isEmpty { s += "\(Self.oneLine(path, limit: limit)): " }
        return s + Self.oneLine(message, limit: isArtworkRefusal ? Int.max : 600)
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
}

extension TransExportError {
    /// A refused artwork file (a PNG/JPEG picture or SVG art): one line `file:line: <element>:
    /// what is wrong`, `line` 0 when the problem is the file as a whole. Control characters in
    /// the message become spaces (it quotes the file's own text).
    package static func artwork(file: String, line: Int = 0, element: String? = nil, _ message: String) -> TransExportError {
        let clean = String(message.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? " " : Character($0) })
        var e = TransExportError(
            file: file, location: line > 0 ? SourceLocation(line: line, column: 0) : nil, path: element.map { "<\($0)>" } ?? "",
            message: clean)
        e.isArtworkRefusal = true
        return e
    }
}
