// The closing line on a terminal: what was written where and what to open. Found by looking
// at the output folder (files changed since the run started), so no writer has to report.
import FoundationEssentials
import Glibc
import Platform

enum RunSummary {
    static func line(in dir: URL, since start: Date) -> String? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return nil }
        let since = start.timeIntervalSince1970 - 1
        let written = entries.compactMap { name -> (name: String, bytes: Int)? in
            var info = stat()
            guard !name.hasPrefix("."), stat(dir.appendingPathComponent(name).path, &info) == 0,
                info.st_mode & S_IFMT == S_IFREG,
                Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 >= since
            else { return nil }
            return (name, Int(info.st_size))
        }.sorted { $0.name < $1.name }
        guard !written.isEmpty else { return nil }
        let size = byteCount(written.reduce(0) { $0 + $1.bytes })
        let names = written.count <= 3 ? written.map(\.name).joined(separator: ", ") : "\(written.count) files"
        let folder = dir.path.hasSuffix("/") ? dir.path : dir.path + "/"
        let open =
            written.map(\.name).first { $0 == "index.html" }
            ?? written.map(\.name).first { $0.hasSuffix(".svg") || $0.hasSuffix(".gif") || $0.hasSuffix(".mp4") }
            ?? written[0].name
        return "trans-export: wrote \(names) (\(size)) to \(relative(folder)); open \(relative(folder))\(open)"
    }

    /// A size as Foundation's ByteCountFormatter (`.file` style) wrote it: decimal units, whole
    /// KB, MB to one decimal, GB and above to two, halves to even, trailing zeros dropped.
    static func byteCount(_ bytes: Int) -> String {
        if bytes == 0 { return "Zero KB" }
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var value = Double(bytes) / 1000, unit = 0
        let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
        while unit < units.count - 1, value >= 1000 {
            value /= 1000
            unit += 1
        }
        let decimals = unit == 0 ? 0 : unit == 1 ? 1 : 2
        let scale = [1.0, 10, 100][decimals]
        let rounded = (value * scale).rounded(.toNearestOrEven) / scale
        var text = PrintfNumber.fixed(rounded, decimals: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        let whole = text.split(separator: ".", maxSplits: 1)
        var digits = Array(whole[0]), grouped = ""
        while digits.count > 3 {
            grouped = "," + String(digits.suffix(3)) + grouped
            digits.removeLast(3)
        }
        return String(digits) + grouped + (whole.count > 1 ? "." + whole[1] : "") + " " + units[unit]
    }

    static func relative(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }
}
