import JSONText
import Keyframes
import Motion
import Platform
import Simulation
// One transition's animated files, each from keyframes fitted for its own player: the SVG from
// SMIL-fitted tracks (keySplines in [0, 1]), the Lottie from Lottie-fitted ones (overshooting
// handles allowed), both within one `FitTolerance`. Made on first use, so a run that writes one
// format fits for that one only.
import TransitionModel

package final class PlayerFiles {
    package let simulation: Simulation
    package let tolerance: FitTolerance

    package init(_ simulation: Simulation, tolerance: FitTolerance = .standard) {
        self.simulation = simulation
        self.tolerance = tolerance
    }

    /// Measures, exact tracks and projected layers: computed once for both players.
    package private(set) lazy var inputs = ReductionInputs(simulation, tolerance: tolerance)
    package private(set) lazy var svgKeyframes = KeyframedTransition(inputs, reducer: FittingReducer(rules: .smil))
    package private(set) lazy var lottieKeyframes = KeyframedTransition(inputs, reducer: FittingReducer(rules: .lottie))
    private var svgText: String?
    private var lottieText: String?
    private var madeReports: [OutputFitReport]?

    /// `NAME.svg` (SVGFormat).
    package func svg() throws -> String {
        if let svgText { return svgText }
        let text = try SVGWriter().svg(svgKeyframes)
        svgText = text
        return text
    }

    /// `NAME.json` (LottieFormat).
    package func lottie() throws -> String {
        if let lottieText { return lottieText }
        let text = try LottieWriter().data(lottieKeyframes)
        lottieText = text
        return text
    }

    /// What each file costs and how close it plays to the exact motion (`--report`, the tracks
    /// dump's `fit` section, the gallery).
    package func reports() throws -> [OutputFitReport] {
        let name = simulation.definition.name
        if let madeReports { return madeReports }
        let svgBytes = try svg().utf8.count
        // A transition Lottie cannot express still has its SVG report (and its tracks dump).
        let lottie = try? lottie()
        // Both reports in one pass: the exact motion read once per measured time.
        let fits = FitReport.all(lottie == nil ? [svgKeyframes] : [svgKeyframes, lottieKeyframes], inputs: inputs)
        var made = [OutputFitReport(file: "\(name).\(SVGFormat.fileExtension)", bytes: svgBytes, fit: fits[0])]
        if let lottie {
            made.append(OutputFitReport(file: "\(name).\(LottieFormat.fileExtension)", bytes: lottie.utf8.count, fit: fits[1]))
        }
        madeReports = made
        return made
    }
}

/// One output file: its name, size and the fit of its tracks.
package struct OutputFitReport: Hashable, Sendable {
    package var file: String
    package var bytes: Int
    package var fit: FitReport
    package init(file: String, bytes: Int, fit: FitReport) { self.file = file; self.bytes = bytes; self.fit = fit }

    /// For `--report`: a heading line, then one line per animated track.
    package var text: String {
        let f = fit
        var lines = [
            "\(file): \(f.player?.name ?? f.method), \(f.tracks.count) animated tracks, \(f.keyframes) keyframes, "
                + "\(bytes) bytes; worst error \(Self.number(f.worstRatio * 100, 1)) % of its tolerance"
        ]
        let width = max(5, f.tracks.map { $0.layer.count + 1 + $0.property.count }.max() ?? 0)
        for t in f.tracks {
            let name = "\(t.layer).\(t.property)"
            let unit = t.unit.suffix
            lines.append(
                "  " + name.padded(toUTF16Width: width)
                    + "  " + String(repeating: " ", count: max(0, 4 - String(t.keyframes).count)) + "\(t.keyframes) keyframes"
                    + "  max \(t.measured ? Self.number(t.maxError, 4) + unit : "—") ≤ \(Self.number(t.tolerance, 4))\(unit)  \(t.method)")
        }
        return lines.joined(separator: "\n")
    }

    /// As JSON, for the tracks dump.
    package var json: JSONValue {
        func num(_ x: Double, _ d: Int) -> JSONValue { .number(NumberFormat.round(x, decimals: d)) }
        return .object([
            ("file", .string(file)), ("format", fit.player.map { .string($0.name) } ?? .null),
            ("method", .string(fit.method)), ("bytes", .number(Double(bytes))),
            ("keyframes", .number(Double(fit.keyframes))),
            (
                "tracks",
                .array(
                    fit.tracks.map { t in
                        .object([
                            ("layer", .string(t.layer)), ("property", .string(t.property)), ("keyframes", .number(Double(t.keyframes))),
                            ("maxError", t.measured ? num(t.maxError, 6) : .null), ("tolerance", num(t.tolerance, 6)), ("unit", .string(t.unit.rawValue)),
                            ("method", .string(t.method)),
                        ])
                    })
            ),
        ])
    }

    static func number(_ x: Double, _ decimals: Int) -> String { NumberFormat.string(x, maxDecimals: decimals) }
}
