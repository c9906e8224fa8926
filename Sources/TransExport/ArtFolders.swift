// Art files on disk: `art/NAME.json` beside the definition, then in the catalog (so a user's
// `--input` file can use the built-in art, and an installed binary finds it with its catalog).
import FoundationEssentials
import Glibc
import TransitionModel

extension ArtLibrary {
    /// Looks in each folder in order; `display` is how diagnostics name the folder.
    package static func folders(_ folders: [(url: URL, display: String)]) -> ArtLibrary {
        var unique: [(url: URL, display: String)] = []
        for f in folders where !unique.contains(where: { $0.url.standardizedFileURL == f.url.standardizedFileURL }) { unique.append(f) }
        let found = unique
        return ArtLibrary(
            names: {
                let all = found.flatMap { f in
                    ((try? FileManager.default.contentsOfDirectory(atPath: f.url.path)) ?? [])
                        .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.map { String($0.dropLast(5)) }
                }
                return Array(Set(all)).sorted()
            },
            source: { name in
                for f in found {
                    let url = f.url.appendingPathComponent(name + ".json")
                    if let data = FileManager.default.contents(atPath: url.path) {
                        // A file that is not UTF-8 still reaches the parser, which reports it located.
                        return ArtSource(text: String(decoding: data, as: UTF8.self), file: f.display.isEmpty ? "\(name).json" : "\(f.display)/\(name).json")
                    }
                }
                return nil
            })
    }
}
