import JSONText
// The cost and accuracy of a card's exported files, for the motion spec: per file (SVG, Lottie,
// and an interactive card's scrub clip), its tracks, keyframes, bytes, the largest error as a
// share of its tolerance and in its units, and how many tracks each method wrote. Every figure
// is read from the file's `OutputFitReport` (the one `--report` prints), never recomputed.
import Keyframes

extension GalleryWriter {
    /// `[{"file", "player", "bytes", "tracks", "keyframes", "worstPercent", "worst"?, "unmeasured"?, "methods"}, …]`.
    func fitData(_ reports: [OutputFitReport], scrub: Bool) -> [JSONValue] {
        reports.map { r in
            let f = r.fit
            var members: [(String, JSONValue)] = [
                ("file", .string(r.file)),
                ("player", .string((r.file.hasSuffix("." + SVGFormat.fileExtension) ? "SVG" : "Lottie") + (scrub ? " · scrub clip" : ""))),
                ("bytes", .number(Double(r.bytes))),
                ("tracks", .number(Double(f.tracks.count))),
                ("keyframes", .number(Double(f.keyframes))),
                // As `--report` writes it: "57.6 %".
                ("worstPercent", .string(OutputFitReport.number(f.worstRatio * 100, 1) + " %")),
            ]
            if let w = f.worstTrack {
                let unit = w.unit.suffix
                members.append(
                    (
                        "worst",
                        Self.obj([
                            ("track", .string("\(w.layer).\(w.property)")),
                            ("maxError", .number(NumberFormat.round(w.maxError, decimals: 6))),
                            ("tolerance", .number(NumberFormat.round(w.tolerance, decimals: 6))),
                            ("text", .string(OutputFitReport.number(w.maxError, 4) + unit + " of " + OutputFitReport.number(w.tolerance, 4) + unit)),
                        ])
                    ))
            }
            // Projected paths: their sampler bounds their error, the report does not measure it.
            let unmeasured = f.tracks.filter { !$0.measured }
            if let bound = unmeasured.map(\.tolerance).max() {
                let unit = unmeasured.first { $0.tolerance == bound }!.unit.suffix
                members.append(
                    (
                        "unmeasured",
                        Self.obj([
                            ("tracks", .number(Double(unmeasured.count))),
                            ("text", .string("≤ " + OutputFitReport.number(bound, 4) + unit)),
                        ])
                    ))
            }
            members.append(
                (
                    "methods",
                    .array(
                        Self.methodCounts(f).map {
                            Self.obj([("method", .string($0.method)), ("tracks", .number(Double($0.tracks)))])
                        })
                ))
            return Self.obj(members)
        }
    }

    /// Tracks per method, in a fixed order (reducers' methods, then exact, then projected paths).
    static func methodCounts(_ f: FitReport) -> [(method: String, tracks: Int)] {
        let order = ["fitted", "reduced", "sampled", "exact", "sampled (projection)"]
        var counts: [String: Int] = [:]
        for t in f.tracks { counts[t.method, default: 0] += 1 }
        return counts.sorted { a, b in
            let i = order.firstIndex(of: a.key) ?? order.count, j = order.firstIndex(of: b.key) ?? order.count
            return (i, a.key) < (j, b.key)
        }.map { ($0.key, $0.value) }
    }
}
