// Shared pieces of the benchmarks: the machine, the catalog, markdown tables, timing, memory.
import Foundation
import Keyframes
import Simulation
import TransExport
import TransExportCLI
import TransitionModel

enum Machine {
    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `lscpu`'s model name, read from /proc/cpuinfo.
    static var model: String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line.map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }

    /// Peak resident set size of this process so far, in MB (getrusage: KB on Linux).
    static var peakRSSMegabytes: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// CPU seconds (user + system) this process has used so far, over all its threads. On a
    /// shared machine wall time includes waiting for a core; CPU time does not.
    static var cpuSeconds: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return s(usage.ru_utime) + s(usage.ru_stime)
    }

    static var summary: String {
        #if DEBUG
            let build = "debug build (numbers are for release: swift run -c release trans-export-bench)"
        #else
            let build = "release build"
        #endif
        return "machine: \(cores) cores (nproc), \(model); \(build); load average at start \(loadAverage)"
    }

    /// Other work on the machine slows every figure: the load average says how much there was.
    static var loadAverage: String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    }
}

struct Catalog {
    let names: [String]
    let definitions: [TransitionDefinition]
    let directory: URL

    static func load() throws -> Catalog {
        guard
            let catalog = TemplateCatalog.locate(
                environment: ProcessInfo.processInfo.environment,
                executable: URL(fileURLWithPath: CommandLine.arguments[0]))
        else {
            throw BenchError("no Templates folder found; run from the repository root")
        }
        let names = catalog.names
        let defs = try names.map { try DefinitionFile.load(catalog.url(of: $0), displayPath: "Templates/\($0).json", catalog: catalog) }
        return Catalog(names: names, definitions: defs, directory: catalog.directory)
    }

    /// The templates without 3D layers (the 2D batch's), in catalog order.
    var flat: Catalog {
        let kept = definitions.indices.filter { i in
            (try? Simulation(definitions[i])).map { !Projection.projectedLayers($0).contains(true) } ?? false
        }
        return Catalog(names: kept.map { names[$0] }, definitions: kept.map { definitions[$0] }, directory: directory)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// Seconds of wall time and of CPU time (all threads) of `body`.
func wallAndCPUTime(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
    let cpu = Machine.cpuSeconds
    let wall = try wallTime(body)
    return (wall, Machine.cpuSeconds - cpu)
}

/// Seconds of wall time of `body`.
func wallTime(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// A markdown table, columns right-aligned except the first.
func table(_ header: [String], _ rows: [[String]]) -> String {
    let widths = header.indices.map { c in ([header] + rows).map { $0[c].count }.max()! }
    func line(_ cells: [String]) -> String {
        "| "
            + cells.enumerated().map { c, s in
                let pad = String(repeating: " ", count: widths[c] - s.count)
                return c == 0 ? s + pad : pad + s
            }.joined(separator: " | ") + " |"
    }
    let rule =
        "|"
        + widths.enumerated().map { c, w in c == 0 ? " " + String(repeating: "-", count: w) + " " : " " + String(repeating: "-", count: w - 1) + ": " }.joined(
            separator: "|") + "|"
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
}

func fixed(_ x: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", x) }
