// The closing line on a terminal: what was written where and what to open. Found by looking
// at the output folder (files changed since the run started), so no writer has to report.
import Foundation

enum RunSummary {
    static func line(in dir: URL, since start: Date) -> String? {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        guard let items = try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: keys) else { return nil }
        let written = items.compactMap { url -> (name: String, bytes: Int)? in
            guard let v = try? url.resourceValues(forKeys: Set(keys)), v.isRegularFile == true,
                let date = v.contentModificationDate, date >= start.addingTimeInterval(-1), !url.lastPathComponent.hasPrefix(".")
            else { return nil }
            return (url.lastPathComponent, v.fileSize ?? 0)
        }.sorted { $0.name < $1.name }
        guard !written.isEmpty else { return nil }
        let bytes = written.reduce(0) { $0 + $1.bytes }
        let size = ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
        let names = written.count <= 3 ? written.map(\.name).joined(separator: ", ") : "\(written.count) files"
        let folder = dir.path.hasSuffix("/") ? dir.path : dir.path + "/"
        let open =
            written.map(\.name).first { $0 == "index.html" }
            ?? written.map(\.name).first { $0.hasSuffix(".svg") || $0.hasSuffix(".gif") || $0.hasSuffix(".mp4") }
            ?? written[0].name
        return "trans-export: wrote \(names) (\(size)) to \(relative(folder)); open \(relative(folder))\(open)"
    }

    static func relative(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }
}
