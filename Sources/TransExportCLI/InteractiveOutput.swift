import Exporters
// The files of an interactive definition beyond NAME.*: its scrub clip (NAME.scrub.*, always),
// and with `--branch NAME` each branch on its own (NAME.BRANCH.*) instead of the combined file.
import FoundationEssentials
import Glibc
import Keyframes
import Platform
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
    /// Checked while definitions load, before any file is written; returns the scrub clip that
    /// the default files include (kept for the export: the clip is not simulated twice).
    static func checkedBranches(_ definition: TransitionDefinition, options: CommandLineOptions) throws -> ScrubClip? {
        if !options.branches.isEmpty {
            _ = try InteractiveFiles.simulations(definition, names: options.branches)
        } else if options.at == nil {
            return try InteractiveFiles.scrubClip(definition)
        }
        return nil
    }

    /// Every transition's files on up to `workers` threads. Without `--branch`, a transition and
    /// its scrub clip are two tasks (flip-edge-pan's two clips are over a third of the default
    /// run: on two cores they run side by side), started in `startOrder`. Results come back per
    /// transition in input order, so the bytes never depend on the schedule. With `page`, each
    /// card goes to the page's parts as its transition's last task ends (GalleryPageParts: the
    /// page is made during the exports).
    func exportAll(
        _ simulations: [Simulation], clips: [ScrubClip?], workers: Int, options: CommandLineOptions, to dir: URL, page: GalleryPageParts? = nil
    ) -> [Result<GalleryCard?, Error>] {
        guard options.branches.isEmpty, options.at == nil else {
            return ParallelMap.map(simulations.count, workers: workers) { n in
                Result { try exportWithBranches(simulations[n], options: options, to: dir) }
            }
        }
        let tasks = simulations.indices.flatMap { n in clips[n] == nil ? [(n, false)] : [(n, false), (n, true)] }
        let heavy = simulations.map(MemoryTrim.worthReleasing)
        // One worker (--report) keeps input order: its lines print as it goes.
        let order =
            workers > 1
            ? Self.startOrder(tasks, heavy: heavy) { n, isScrub in Self.weight(isScrub ? clips[n]!.simulation : simulations[n]) } : tasks
        let lock = Lock()
        var main = [Result<GalleryCard?, Error>?](repeating: nil, count: simulations.count), scrub = main
        _ = ParallelMap.map(order.count, workers: workers) { k in
            let (n, isScrub) = order[k]
            defer { if heavy[n] { MemoryTrim.releaseFreePages() } }  // MemoryTrim.swift
            let result = Result { try export(isScrub ? clips[n]!.simulation : simulations[n], options: options, to: dir) }
            let both = lock.withLock { () -> (Result<GalleryCard?, Error>, Result<GalleryCard?, Error>?)? in
                if isScrub { scrub[n] = result } else { main[n] = result }
                guard let m = main[n], clips[n] == nil || scrub[n] != nil else { return nil }
                return (m, scrub[n])
            }
            if let page, let (m, s) = both, case .success(var card?) = Self.card(m, scrub: s, clip: clips[n]) {
                card.downloads = downloads(card, in: dir)
                page.add(card, at: n)
            }
        }
        return simulations.indices.map { n in Self.card(main[n]!, scrub: scrub[n], clip: clips[n]) }
    }

    /// The order export tasks start in on several workers: those with projected (3D) layers
    /// first, in input order (they take longest); then the 2D ones whose cards come before the
    /// last 3D card, in input order (the page's media is deflated card by card in input order,
    /// and the 3D cards, most of it, wait for them); then the other 2D ones, the heaviest
    /// (`weight`) first, so that the last task to end is a short one
    /// (BENCHMARKS.md#the-default-runs-tail-2026-12-04).
    static func startOrder(_ tasks: [(Int, Bool)], heavy: [Bool], weight: (Int, Bool) -> Double) -> [(Int, Bool)] {
        let lastHeavy = heavy.lastIndex(of: true) ?? -1
        let light = tasks.filter { !heavy[$0.0] }
        let rest = light.filter { $0.0 > lastHeavy }.enumerated().map { ($0.element, weight($0.element.0, $0.element.1), $0.offset) }
        return tasks.filter { heavy[$0.0] } + light.filter { $0.0 < lastHeavy }
            + rest.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.map(\.0)
    }

    /// A 2D export's cost, roughly: its length times its layers whose geometry moves (the fits
    /// and the tracks dump grow with both).
    static func weight(_ simulation: Simulation) -> Double {
        let moving = simulation.layers.filter { !$0.position.events.isEmpty || !$0.size.events.isEmpty || !$0.transform.events.isEmpty }
        return simulation.timeline.duration * Double(moving.count)
    }

    /// A transition's card with its scrub clip's files, from the results of its two tasks.
    static func card(_ main: Result<GalleryCard?, Error>, scrub: Result<GalleryCard?, Error>?, clip: ScrubClip?) -> Result<GalleryCard?, Error> {
        Result {
            var card = try main.get()
            // `html` writes no file of its own: export returns the bytes NAME.scrub.* has (or would have).
            if let clip, let scrubCard = try scrub!.get() {
                card?.scrub = GalleryScrub(clip: clip, svg: scrubCard.svg, lottie: scrubCard.lottie, fit: scrubCard.fit)
            }
            return card
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
