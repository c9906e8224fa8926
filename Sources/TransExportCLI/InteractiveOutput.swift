import Exporters
// The files of an interactive definition beyond NAME.*: its scrub clip (NAME.scrub.*, always),
// and with `--branch NAME` each branch on its own (NAME.BRANCH.*) instead of the combined file.
import Foundation
import Simulation
import TransitionModel

package enum InteractiveFiles {
    /// The pseudo-branch naming the scrub clip in `--branch` and in file names.
    package static let scrub = "scrub"

    /// The file stem of a branch's or of the scrub clip's files: `NAME.BRANCH`.
    package static func stem(_ definition: TransitionDefinition, _ branch: String) -> String { "\(definition.name).\(branch)" }

    /// The scrub clip as the simulation its files are written from (its definition named by its stem).
    package static func scrubClip(_ definition: TransitionDefinition) throws -> ScrubClip? {
        guard definition.interaction != nil else { return nil }
        var d = definition
        d.name = stem(definition, scrub)
        return try ScrubClip(d)
    }

    /// Each of `names` (branch names, `scrub`, or `all`) as the simulation its files are written from.
    package static func simulations(_ definition: TransitionDefinition, names: [String]) throws -> [Simulation] {
        guard let interaction = definition.interaction else {
            throw TransExportError.usage("--branch: \"\(definition.name)\" is not interactive; it has no branches")
        }
        let known = interaction.scripts.map(\.name) + [scrub]
        let wanted = names.contains("all") ? known : names
        return try wanted.map { name in
            guard known.contains(name) else {
                throw TransExportError.usage(
                    "--branch: \"\(definition.name)\" has no branch \"\(name)\"; expected one of \(known.joined(separator: ", ")) or all")
            }
            var d = definition
            d.name = stem(definition, name)
            return name == scrub ? try ScrubClip(d).simulation : try Simulation(d, branch: name)
        }
    }
}

extension TransExportCommand {
    /// Checked while definitions load, before any file is written.
    static func checkBranches(_ definition: TransitionDefinition, options: CommandLineOptions) throws {
        if !options.branches.isEmpty {
            _ = try InteractiveFiles.simulations(definition, names: options.branches)
        } else if options.at == nil {
            _ = try InteractiveFiles.scrubClip(definition)
        }
    }

    /// A transition's files: with `--branch`, only the named branches' (no gallery card); else
    /// NAME.* and, for an interactive definition, its scrub clip NAME.scrub.* (in the same
    /// formats; with the page, the card carries the clip's bytes for its progress slider).
    func exportWithBranches(_ simulation: Simulation, options: CommandLineOptions, to dir: URL) throws -> GalleryCard? {
        if !options.branches.isEmpty {
            for branch in try InteractiveFiles.simulations(simulation.definition, names: options.branches) {
                _ = try export(branch, options: options, to: dir)
            }
            return nil
        }
        var card = try export(simulation, options: options, to: dir)
        if options.at == nil, let clip = try InteractiveFiles.scrubClip(simulation.definition) {
            // `html` writes no file of its own: export returns the bytes NAME.scrub.* has (or would have).
            if let scrubCard = try export(clip.simulation, options: options, to: dir) {
                card?.scrub = GalleryScrub(clip: clip, svg: scrubCard.svg, lottie: scrubCard.lottie, fit: scrubCard.fit)
            }
        }
        return card
    }
}
