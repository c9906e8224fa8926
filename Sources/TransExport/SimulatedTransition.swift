// A simulated transition, and the two steps after it: fitting keyframes for the players, and
// writing the files of any registered format (the command line writes the same bytes).
import Exporters
import FoundationEssentials
import Glibc
import Platform
import Simulation

/// A transition evaluated with UIKit / Core Animation's exact semantics, ready to be fitted and
/// exported. Made by ``Transition/simulate()``.
public struct SimulatedTransition: Sendable {
    package let simulation: Simulation
    package let source: DefinitionSource

    package init(simulation: Simulation, source: DefinitionSource) {
        self.simulation = simulation
        self.source = source
    }

    /// The stem of the files it exports: the definition's name, or `NAME.BRANCH` for a branch.
    public var name: String { simulation.definition.name }

    /// Seconds from the first frame to the last of the exported (looping) timeline.
    public var duration: Double { simulation.timeline.duration }

    /// The names of the phases, in play order (`present`, `dismiss`, …).
    public var phaseNames: [String] { simulation.timeline.phases.map(\.name) }

    /// An interactive definition's branches (`cancel`, `finish`, …) in play order, then
    /// `scrub` (the drag alone); empty for a definition without interaction.
    public var branchNames: [String] {
        simulation.definition.interaction.map { $0.scripts.map(\.name) + [Self.scrub] } ?? []
    }

    /// The pseudo-branch naming the scrub clip: time t shows the drag's progress t / duration.
    public static let scrub = "scrub"

    /// One branch of an interactive definition on its own (the command line's `--branch NAME`),
    /// named `NAME.BRANCH`; `scrub` gives the scrub clip.
    public func branch(_ name: String) throws(TransExportError) -> SimulatedTransition {
        guard let interaction = simulation.definition.interaction else {
            throw TransExportError(file: source.display, location: nil, path: "", expected: "--branch: \"\(self.name)\" is not interactive; it has no branches")
        }
        guard name == Self.scrub || interaction.scripts.contains(where: { $0.name == name }) else {
            let known = interaction.scripts.map(\.name) + [Self.scrub]
            throw TransExportError(
                file: source.display, location: nil, path: "",
                expected: "--branch: \"\(self.name)\" has no branch \"\(name)\"; expected one of \(known.joined(separator: ", ")) or all")
        }
        var d = simulation.definition
        d.name = "\(d.name).\(name)"
        do {
            let branch = name == Self.scrub ? try ScrubClip(d).simulation : try Simulation(d, branch: name)
            return SimulatedTransition(simulation: branch, source: source)
        } catch {
            throw source.located(error)
        }
    }

    /// Fits keyframes for the two kinds of player (SMIL and Lottie) within `tolerance` pixels on
    /// screen (the command line's `--tolerance`; opacity and rotation scale with it).
    public func fit(tolerance: Double = ExportOptions.standardTolerance) -> FittedTransition {
        FittedTransition(files: PlayerFiles(simulation, tolerance: .screen(tolerance)), source: source)
    }

    /// The bytes of the file `format` writes for this transition (`NAME.` + its file extension),
    /// the very bytes the command line writes; nil for a format that writes one file per run
    /// instead (the gallery page: see ``Catalog/galleryPage(_:options:)``).
    public func export(_ format: Format, options: ExportOptions = ExportOptions()) throws(TransExportError) -> Data? {
        let job = ExportJob(simulation, settings: try options.checked())
        do {
            try format.format.preflight(simulation, file: source.display)
        } catch {
            throw source.located(error)
        }
        do {
            return try format.format.file(job)
        } catch {
            throw source.exportError(error, simulation)
        }
    }
}

/// A transition's fitted keyframes and the animated files written from them. Made by
/// ``SimulatedTransition/fit(tolerance:)``.
public final class FittedTransition: @unchecked Sendable {
    // PlayerFiles fits on first use; the lock keeps that to one thread.
    private let lock = Lock()
    package let files: PlayerFiles
    package let source: DefinitionSource

    package init(files: PlayerFiles, source: DefinitionSource) {
        self.files = files
        self.source = source
    }

    /// The animated SVG (SMIL, no script): `NAME.svg`.
    public func svg() throws(TransExportError) -> String {
        do {
            return try lock.withLock { try files.svg() }
        } catch {
            throw source.exportError(error, files.simulation)
        }
    }

    /// The Lottie JSON: `NAME.json`. Throws when Lottie cannot carry a layer.
    public func lottie() throws(TransExportError) -> String {
        do {
            return try lock.withLock { try files.lottie() }
        } catch {
            throw source.exportError(error, files.simulation)
        }
    }

    /// Per animated file, the lines `--report` prints: tracks, keyframes, bytes and each
    /// track's largest error against the exact motion.
    public func report() throws(TransExportError) -> [String] {
        do {
            return try lock.withLock { try files.reports().map(\.text) }
        } catch {
            throw source.exportError(error, files.simulation)
        }
    }
}
