// A path's folder, on the text the user typed (diagnostics name files as given). Foundation's
// NSString.deletingLastPathComponent did this, and trapped on a one-character file name
// (`--input a`); the binary no longer links Foundation (docs/platform.md#foundation-essentials-only).

package enum PathText {
    /// `path` without its last component and the slashes before it: "a/b.json" → "a",
    /// "b.json" → "", "/b" → "/", "a/b/" → "a", "a//b" → "a".
    package static func folder(of path: String) -> String {
        var s = Substring(path)
        while s.count > 1, s.last == "/" { s.removeLast() }
        guard let slash = s.lastIndex(of: "/") else { return "" }
        var folder = s[..<slash]
        while folder.last == "/" { folder.removeLast() }
        return folder.isEmpty && path.hasPrefix("/") ? "/" : String(folder)
    }
}
