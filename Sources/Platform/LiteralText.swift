// Text searches on code points, as a browser's or a shell's parser sees them: `"url("` is found
// even when a combining mark follows it (a search on Characters would join the two and miss it,
// and that miss would let an external reference through; Artwork/SVGActiveContent.swift).

extension StringProtocol {
    /// The first range of `needle`'s UTF-8 bytes in this text (on scalar boundaries, since UTF-8
    /// is self-synchronizing), or nil. Walks the text's bytes in place and stops at the first
    /// match: a loop over every `url(` of a large style text stays linear (no copy per search).
    package func literalRange(of needle: String) -> Range<Index>? {
        let pin = Array(needle.utf8)
        guard let first = pin.first else { return nil }
        let hay = utf8
        var i = hay.startIndex
        while i != hay.endIndex {
            if hay[i] == first {
                var j = hay.index(after: i), k = 1
                while k < pin.count, j != hay.endIndex, hay[j] == pin[k] {
                    j = hay.index(after: j)
                    k += 1
                }
                if k == pin.count { return i..<j }
            }
            i = hay.index(after: i)
        }
        return nil
    }

    /// The last range of `needle`'s UTF-8 bytes in this text, or nil.
    package func lastLiteralRange(of needle: String) -> Range<Index>? {
        var found: Range<Index>? = nil, rest = self[...]
        while let r = rest.literalRange(of: needle) {
            found = r
            rest = rest[r.upperBound...]
        }
        return found
    }

    /// This text cut or padded with spaces to `width` UTF-16 units (as NSString's padding did).
    package func padded(toUTF16Width width: Int) -> String {
        let units = Array(utf16)
        if units.count >= width { return String(decoding: units.prefix(width), as: UTF16.self) }
        return String(self) + String(repeating: " ", count: width - units.count)
    }

    /// Whether `needle`'s UTF-8 bytes occur in this text.
    package func containsLiterally(_ needle: String) -> Bool { literalRange(of: needle) != nil }

    /// This text with every occurrence of `needle` removed, searched left to right.
    package func removingLiterally(_ needle: String) -> String {
        var out = "", rest = self[...]
        while let r = rest.literalRange(of: needle) {
            out += rest[rest.startIndex..<r.lowerBound]
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    /// This text without the leading and trailing scalars `drop` says to drop.
    package func trimmingScalars(where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !drop($0) })!
        return String(Substring(scalars[first...last]))
    }

    /// Trimmed of spaces and tabs: Unicode's space separators (Zs) and U+0009, the set
    /// Foundation calls `whitespaces`.
    package var trimmingSpacesAndTabs: String { trimmingScalars(where: \.isSpaceOrTab) }

    /// Trimmed of Foundation's `whitespacesAndNewlines`: Z*, U+0009-U+000D and U+0085.
    package var trimmingWhitespaceAndNewlines: String { trimmingScalars(where: \.isWhitespaceOrNewline) }
}

extension Unicode.Scalar {
    var isSpaceOrTab: Bool { self == "\t" || properties.generalCategory == .spaceSeparator }
    var isWhitespaceOrNewline: Bool {
        switch properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return (0x09...0x0D).contains(value) || value == 0x85
        }
    }
}
