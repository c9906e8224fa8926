// Where in a text a problem is: the base every stage's errors share (TransExportError.swift).

/// 1-based line and column of a value's first character in the source text; column 0 when only
/// the line is known (libxml2 gives an SVG element's line, not its column).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1; 0 when only the line is known.
    public var column: Int
    /// The place at `line`, `column`.
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    /// `line:column`, or `line` when the column is not known.
    public var description: String { column > 0 ? "\(line):\(column)" : "\(line)" }
}
