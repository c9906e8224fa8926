// trans-export-fuzz: mutates the shipped templates and runs the real binary on each case, with
// a limit of CPU time, and sorts what happened: exported, refused with one located line, crashed,
// hung, or refused without a location. A case is a pure function of (seed, number), so any
// finding reproduces with `--seed S --start N --cases 1`; findings are saved for the
// regression test (Tests/EndToEndTests/Inputs/fuzz, FuzzRegressionTests).
//
//   swift build -c release
//   .build/release/trans-export-fuzz --seed 1 --cases 100000 --jobs 2   # the documented 10^5 run
import Foundation
import JSONText

struct Options {
    var seed: UInt64 = 1
    var start = 0
    var cases = 1_000
    var jobs = 2
    var timeout = 10.0
    var binary = ".build/release/trans-export"
    var templates = "Templates"
    var save: String? = nil
    var verbose = false
    /// A fresh process per case instead of the persistent worker.
    var fresh = false
    var worker: String? = nil
    var workerPath: String { worker ?? ((binary as NSString).deletingLastPathComponent as NSString).appendingPathComponent("trans-export-fuzz-worker") }

    static func parse(_ args: [String]) -> Options {
        var o = Options()
        var i = 0
        func value() -> String {
            i += 1
            guard i < args.count else { fail("\(args[i - 1]) needs a value") }
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--seed": o.seed = UInt64(value()) ?? { fail("--seed takes a whole number") }()
            case "--start": o.start = Int(value()) ?? { fail("--start takes a whole number") }()
            case "--cases": o.cases = Int(value()) ?? { fail("--cases takes a whole number") }()
            case "--jobs": o.jobs = max(1, Int(value()) ?? { fail("--jobs takes a whole number") }())
            case "--timeout": o.timeout = Double(value()) ?? { fail("--timeout takes seconds") }()
            case "--binary": o.binary = value()
            case "--templates": o.templates = value()
            case "--save": o.save = value()
            case "--verbose": o.verbose = true
            case "--fresh": o.fresh = true
            case "--worker": o.worker = value()
            case "--help", "-h":
                print(
                    "usage: trans-export-fuzz [--seed N] [--start N] [--cases N] [--jobs N] [--timeout S] [--binary PATH] [--templates DIR] [--save DIR] [--verbose] [--fresh | --worker PATH]"
                )
                exit(0)
            default: fail("unknown option \(args[i])")
            }
            i += 1
        }
        return o
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("trans-export-fuzz: \(message)\n".utf8))
    exit(2)
}

enum Outcome: String, CaseIterable {
    case exported, located = "refused (located)", formatLimit = "format limit (exit 1)", unlocated, crash, hang
    var isFinding: Bool { self == .unlocated || self == .crash || self == .hang }
}

/// Case `n` of seed `s`: a template, 1–3 structural mutations, sometimes textual damage, and a format.
func makeCase(_ n: Int, seed: UInt64, templates: [(name: String, value: JSONValue)]) -> (bytes: [UInt8], format: String, template: String) {
    var m = Mutator(rng: SeededGenerator(seed: seed &* 0x1000_0000_01B3 ^ UInt64(n) &* 0x9E37_79B9))
    let t = templates[m.int(templates.count)]
    var v = t.value
    for _ in 0..<(1 + m.int(3)) {
        // Copies of copies can multiply past any file the tool would read (one case made 8.6 GB):
        // a mutation that takes the case over the ceiling is undone. 2M nodes and 64 MiB of text
        // are well past the tool's own 10 MiB and 10,000-layer ceilings, so those refusals are
        // still reached. The text bound is needed too: copies of a deep nest under 2M nodes
        // wrote 6.5 GB of indentation (seed 55, cases 2000..<20000: the driver's peak).
        let before = v
        m.mutate(&v)
        if nodeCount(v, limit: 2_000_000) > 2_000_000 || writtenSize(v, limit: 64 << 20) > 64 << 20 { v = before }
    }
    let text = JSONWriter(style: .readable).string(v)
    let bytes = m.chance(0.12) ? m.damage(text) : Array(text.utf8)
    let format = ["tracks", "tracks", "svg", "lottie", "svg,lottie,tracks"][m.int(5)]
    return (bytes, format, t.name)
}

/// The nodes of `v`, counted up to just past `limit`.
func nodeCount(_ v: JSONValue, limit: Int) -> Int {
    var count = 0
    var stack = [v]
    while let top = stack.popLast(), count <= limit {
        count += 1
        switch top {
        case .array(let a): stack.append(contentsOf: a)
        case .object(let m): stack.append(contentsOf: m.map(\.value))
        default: break
        }
    }
    return count
}

/// About how many bytes `v` takes written readably (a line per node, indented two spaces a
/// level, its key and string bytes), counted up to just past `limit`.
func writtenSize(_ v: JSONValue, limit: Int) -> Int {
    var size = 0
    var stack = [(v, 0)]
    while let (top, depth) = stack.popLast(), size <= limit {
        size += 2 * depth + 4
        switch top {
        case .string(let s): size += s.utf8.count
        case .number: size += 8
        case .array(let a): stack.append(contentsOf: a.map { ($0, depth + 1) })
        case .object(let m):
            for (key, value) in m {
                size += key.utf8.count + 4
                stack.append((value, depth + 1))
            }
        default: break
        }
    }
    return size
}

func classify(_ r: RunResult, file: String) -> Outcome {
    if r.timedOut { return .hang }
    if r.signalled { return .crash }
    let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: true)
    // FILE:LINE:COLUMN: then the message; FILE is the case, or an art file it uses (the message
    // then names the use site). A format's limit (exit 1) names its layer's line too.
    func located(_ line: Substring) -> Bool {
        let prefix = line.hasPrefix(file + ":") ? file : String(line.prefix { $0 != ":" })
        let rest = line.dropFirst(prefix.count + 1).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        return rest.count == 3 && Int(rest[0]) != nil && Int(rest[1]) != nil
    }
    switch r.status {
    case 0: return .exported
    case 1: return lines.count == 1 && located(lines[0]) ? .formatLimit : .unlocated
    case 2: return lines.count == 1 && located(lines[0]) ? .located : .unlocated
    default: return .crash
    }
}

setvbuf(stdout, nil, _IOLBF, 0)  // findings appear as they happen, also when piped
let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
guard FileManager.default.isExecutableFile(atPath: options.binary) else { fail("no binary at \(options.binary); build it first (swift build -c release)") }
guard options.fresh || FileManager.default.isExecutableFile(atPath: options.workerPath) else {
    fail("no worker at \(options.workerPath); build it (swift build -c release --product trans-export-fuzz-worker) or pass --fresh")
}
signal(SIGPIPE, SIG_IGN)  // a worker that dies mid-request is noticed by its reply, not by a signal here
let templateNames = ((try? FileManager.default.contentsOfDirectory(atPath: options.templates)) ?? [])
    .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
guard !templateNames.isEmpty else { fail("no templates in \(options.templates)") }
let templates: [(name: String, value: JSONValue)] = templateNames.map { name in
    let url = URL(fileURLWithPath: options.templates).appendingPathComponent(name)
    guard let text = try? String(contentsOf: url, encoding: .utf8), let v = try? JSONParser.parse(text).value else { fail("cannot read \(url.path)") }
    return (String(name.dropLast(5)), v)
}

let work = FileManager.default.temporaryDirectory.appendingPathComponent("trans-export-fuzz-\(getpid())")
try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
// Art referenced by templates resolves through the catalog the binary finds from the working directory.
let lock = NSLock()
var counts: [Outcome: Int] = [:]
var slowest = (seconds: 0.0, caseNumber: -1)
var caseCPU = 0.0
var workerMismatches = 0
let started = Date()

DispatchQueue.concurrentPerform(iterations: options.jobs) { job in
    let dir = work.appendingPathComponent("job\(job)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let worker = options.fresh ? nil : Worker(path: options.workerPath)
    defer { worker?.stop() }
    var n = options.start + job
    while n < options.start + options.cases {
        let c = makeCase(n, seed: options.seed, templates: templates)
        let file = dir.appendingPathComponent("case.json")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(c.bytes))
        let out = dir.appendingPathComponent("out")
        let args = ["--input", file.path, "--format", c.format, "--output", out.path]
        let errFile = dir.appendingPathComponent("stderr.txt").path
        try? FileManager.default.removeItem(at: out)
        var r =
            worker?.run(args, timeout: options.timeout, errFile: errFile)
            ?? runFresh(options.binary, args, timeout: options.timeout, errFile: errFile)
        var outcome = classify(r, file: file.path)
        var cpuUsed = r.cpu
        var note = ""
        if worker != nil, outcome.isFinding {
            // The real binary in a fresh process decides; a difference is a finding of its own.
            try? FileManager.default.removeItem(at: out)
            let fresh = runFresh(options.binary, args, timeout: options.timeout, errFile: errFile)
            let freshOutcome = classify(fresh, file: file.path)
            if freshOutcome != outcome { note = " (the worker said \(outcome.rawValue))" }
            outcome = freshOutcome; r = fresh; cpuUsed += fresh.cpu
        }
        lock.lock()
        counts[outcome, default: 0] += 1
        caseCPU += cpuUsed
        if !note.isEmpty { workerMismatches += 1 }
        if r.cpu > slowest.seconds { slowest = (r.cpu, n) }
        if outcome.isFinding || !note.isEmpty || options.verbose {
            let first = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
            print(
                "case \(n) (\(c.template), --format \(c.format)): \(outcome.rawValue)\(note), exit \(r.status), \(String(format: "%.3f", r.cpu)) s CPU: \(first.prefix(300))"
            )
        }
        if outcome.isFinding || !note.isEmpty, let save = options.save {
            try? FileManager.default.createDirectory(atPath: save, withIntermediateDirectories: true)
            let name = "seed\(options.seed)-case\(n)-\(c.format.replacingOccurrences(of: ",", with: "+")).json"
            _ = FileManager.default.createFile(atPath: "\(save)/\(name)", contents: Data(c.bytes))
        }
        lock.unlock()
        n += options.jobs
    }
}
try? FileManager.default.removeItem(at: work)

let elapsed = Date().timeIntervalSince(started)
let summary = Outcome.allCases.map { "\($0.rawValue) \(counts[$0, default: 0])" }.joined(separator: ", ")
var own = rusage()
getrusage(RUSAGE_SELF.rawValue, &own)
// CPU figures do not depend on what else the machine runs; wall time does.
print(
    "seed \(options.seed), cases \(options.start)..<\(options.start + options.cases), \(options.jobs) jobs, \(options.fresh ? "a fresh process per case" : "persistent workers"), "
        + "\(String(format: "%.1f", elapsed)) s wall, CPU \(String(format: "%.1f", caseCPU)) s in cases + \(String(format: "%.1f", cpu(own))) s making them: \(summary); "
        + "worker/fresh disagreements \(workerMismatches); slowest case \(slowest.caseNumber) \(String(format: "%.1f", slowest.seconds)) s CPU")
exit(Outcome.allCases.contains { $0.isFinding && counts[$0, default: 0] > 0 } || workerMismatches > 0 ? 1 : 0)
