// Where the built-in catalog lives on disk, and reading definition files.
import FoundationEssentials
import Glibc
import JSONText
import Platform
import Simulation
import TransitionModel

package struct TemplateCatalog: Sendable {
    package let directory: URL

    /// ./Templates, $TRANS_EXPORT_TEMPLATES, a Templates folder above the executable (a build
    /// inside the repo), or <prefix>/share/trans-export/Templates (an installed binary).
    package static func locate(environment: [String: String], executable: URL) -> TemplateCatalog? {
        var candidates: [URL] = []
        if let env = environment["TRANS_EXPORT_TEMPLATES"], !env.isEmpty { candidates.append(URL(fileURLWithPath: env)) }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Templates"))
        var dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("Templates"))
            candidates.append(dir.appendingPathComponent("share/trans-export/Templates"))
            dir = dir.deletingLastPathComponent()
        }
        for c in candidates where !TemplateCatalog(directory: c).names.isEmpty {
            return TemplateCatalog(directory: c)
        }
        return nil
    }

    /// Template names (file stems) in the catalog's order (`catalog.txt`: by source article,
    /// present before dismiss), then any template it does not list, by name. The schema files
    /// are not templates, and art components live in the `art/` subfolder, which this does not list.
    package var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let found = Set(files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.map { String($0.dropLast(5)) })
        let listed = Self.order(catalogText).filter(found.contains)
        return listed + found.subtracting(listed).sorted()
    }

    package static let orderFileName = "catalog.txt"

    var catalogText: String {
        FileManager.default.contents(atPath: directory.appendingPathComponent(Self.orderFileName).path)
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The names of an order file: one a line, `#` comments and blank lines skipped, first mention kept.
    package static func order(_ text: String) -> [String] {
        var names: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let name = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingSpacesAndTabs
            if !name.isEmpty, !names.contains(name) { names.append(name) }
        }
        return names
    }

    package func url(of name: String) -> URL { directory.appendingPathComponent(name + ".json") }

    /// Art components used by templates (and by `--input` files): `Templates/art/NAME.json`.
    package var artDirectory: URL { directory.appendingPathComponent("art") }
}

package enum DefinitionFile {
    /// Reads and decodes one file; `displayPath` is how diagnostics name it. Art it uses comes
    /// from `art/` beside it, then from the catalog's `art/`.
    package static func load(_ url: URL, displayPath: String, catalog: TemplateCatalog? = nil) throws -> TransitionDefinition {
        // At most one byte past the ceiling is read: a huge file (or an endless pipe) is refused
        // without reading it into memory.
        let data: [UInt8]
        do {
            data = try InputFile.bytes(atPath: url.path, limit: DefinitionLimits.fileBytes)
        } catch {
            // The system's reason (no such file, a folder, no permission) in the line.
            throw DefinitionDiagnostic(
                file: displayPath, location: nil, path: "", message: "cannot read the file (\(error.reason)); expected a readable JSON definition")
        }
        guard data.count <= DefinitionLimits.fileBytes else {
            // A regular file's size; a device or a pipe (st_size 0) only reads past the ceiling.
            var info = stat()
            let regular = stat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) > DefinitionLimits.fileBytes
            throw DefinitionDiagnostic(
                file: displayPath, location: SourceLocation(line: 1, column: 1), path: "",
                message: "the file has \(regular ? "\(info.st_size)" : "more than \(DefinitionLimits.fileBytes)") bytes; "
                    + "expected at most \(DefinitionLimits.fileBytes) (10 MiB)")
        }
        let text = try DefinitionText.utf8(data, file: displayPath)
        let displayDir = PathText.folder(of: displayPath)
        var folders = [
            (
                url: url.deletingLastPathComponent().appendingPathComponent("art"),
                display: displayDir.isEmpty ? "art" : "\(displayDir)/art"
            )
        ]
        if let catalog { folders.append((catalog.artDirectory, "Templates/art")) }
        var library = ArtLibrary.folders(folders)
        library.artworkDirectory = (url.deletingLastPathComponent(), displayDir)
        return try DefinitionDecoder.decode(text, file: displayPath, art: library)
    }
}

extension DefinitionFile {
    /// Any failure to load or simulate a definition as one located diagnostic: a path-only one
    /// gets its line and column from the file (the node, or its nearest ancestor in the file).
    package static func located(_ error: Error, url: URL, displayPath: String) -> DefinitionDiagnostic {
        located(error, displayPath: displayPath) {
            FileManager.default.contents(atPath: url.path).flatMap { try? DefinitionText.utf8(Array($0), file: displayPath) }
        }
    }

    /// The same, with the definition's text from `text` (read only when a line is wanted).
    package static func located(_ error: Error, displayPath: String, text: () -> String?) -> DefinitionDiagnostic {
        var d: DefinitionDiagnostic
        var aboutTheRun = false
        switch error {
        case let e as DefinitionDiagnostic where !e.isArtworkRefusal:
            d = e
            // Found past decoding (the simulation knows the JSON path, not the file).
            if d.file.isEmpty { d.file = displayPath; aboutTheRun = d.path.isEmpty }
        default:  // an artwork refusal is quoted whole after the definition's name
            d = DefinitionDiagnostic(file: displayPath, location: nil, path: "", message: "\(error)")
            aboutTheRun = true
        }
        // A message about the run rather than a node (an unknown --branch) stays `file: message`.
        guard d.location == nil, !aboutTheRun else { return d }
        // Art files report under their own name; their text is found beside the definition or in the catalog.
        if d.file == displayPath, let text = text(), let root = try? JSONParser.parse(text) {
            return d.located(in: root)
        }
        d.location = SourceLocation(line: 1, column: 1)
        return d
    }
}
