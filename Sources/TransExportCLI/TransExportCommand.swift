import Exporters
// The frontend: options → definitions → simulation → keyframes → files. Every failure becomes
// one line on stderr and an exit code; nothing here knows how motion or formats work.
import FoundationEssentials
import Glibc
import Keyframes
import Platform
import Simulation
import TransExport
import TransitionModel

package enum ExitCode {
    package static let success: Int32 = 0
    package static let exportFailed: Int32 = 1
    package static let badInput: Int32 = 2
}

package struct TransExportCommand {
    package static let version = "0.1.0"

    package var environment: [String: String]
    package var executable: URL
    package var standardOutput: (String) -> Void
    package var standardError: (String) -> Void
    /// The files of the current run, all made before the first is written (AtomicFile.swift).
    let outputs = OutputPlan()

    package init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "trans-export"),
        standardOutput: @escaping (String) -> Void = { print($0) },
        standardError: @escaping (String) -> Void = { StandardError.write($0 + "\n") }
    ) {
        self.environment = environment
        self.executable = executable
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    package func run(_ arguments: [String]) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments)
        } catch {
            standardError("trans-export: \(error)")
            return ExitCode.badInput
        }
        if options.help { standardOutput(CommandLineOptions.helpText); return ExitCode.success }
        if options.version { standardOutput("trans-export \(Self.version)"); return ExitCode.success }
        if options.listFormats { CommandLineOptions.formatList.forEach(standardOutput); return ExitCode.success }

        let catalog = TemplateCatalog.locate(environment: environment, executable: executable)
        if options.list {
            guard let catalog else { standardError("trans-export: no Templates folder found; see --help"); return ExitCode.badInput }
            if !options.templates.isEmpty { return listScreens(options.templates, catalog: catalog) }
            catalog.names.forEach(standardOutput)
            return ExitCode.success
        }

        // Load every definition first, so bad input stops the run before any file is written.
        var sources: [(url: URL, display: String, template: String?)] = []
        let names = options.templates.isEmpty && options.inputs.isEmpty ? (catalog?.names ?? []) : options.templates
        if !names.isEmpty {
            guard let catalog else { standardError("trans-export: no Templates folder found; see --help"); return ExitCode.badInput }
            for name in names {
                guard catalog.names.contains(name) else {
                    standardError("trans-export: unknown template \"\(name)\"; expected one of \(catalog.names.joined(separator: ", "))")
                    return ExitCode.badInput
                }
                sources.append((catalog.url(of: name), "Templates/\(name).json", name))
            }
        }
        for input in options.inputs { sources.append((URL(fileURLWithPath: input), input, nil)) }
        if sources.isEmpty { standardError("trans-export: nothing to export (no templates found and no --input)"); return ExitCode.badInput }

        var simulations: [(Simulation, String)] = []
        var clips: [ScrubClip?] = []  // each one's scrub clip (InteractiveOutput.swift)
        var urls: [String: URL] = [:]  // display name → file, to locate an export failure
        var failed = false
        // Definitions load and simulate on every core too (the near-eye check samples each timeline
        // at 240 Hz); diagnostics print afterwards in input order.
        let loaded = ParallelMap.map(sources.count) { n in
            Result { () throws -> (Simulation, ScrubClip?) in
                let s = sources[n]
                let definition = try ScreenOption.apply(
                    options.screens, to: DefinitionFile.load(s.url, displayPath: s.display, catalog: catalog),
                    display: s.display)
                if let t = s.template, definition.name != t {
                    throw DefinitionDiagnostic(
                        file: s.display, location: nil, path: "name",
                        message: "expected \"\(t)\" (the file's name), found \"\(definition.name)\"")
                }
                let clip = try Self.checkedBranches(definition, options: options)
                // Radial-gradient art under 3D becomes a picture (docs/artwork.md#radial-gradients-under-3d).
                let simulation = try ArtworkRadialFallback.applied(Simulation(definition))
                try ArtworkLayerChecks.refuseUnderPerspective(simulation)
                for format in options.resolvedFormats { try format.format?.preflight(simulation, file: s.display) }
                return (simulation, clip)
            }
        }
        for (s, result) in zip(sources, loaded) {
            switch result {
            case .success(let (simulation, clip)):
                if options.resolvedFormats.contains(.lottie) {
                    // Measured, not fixable in the file: docs/artwork.md#picture-cells-and-their-seams.
                    for i in ProjectedPicture.cellLayers(simulation) {
                        standardError(
                            "trans-export: warning: \(s.display): layer \"\(simulation.layers[i].definition.id ?? "#\(i)")\": a picture under 3D is "
                                + "over the conformance limit in rlottie and ThorVG 1.0 (both draw a scaled or rotated image 0.7-1.1 px off)")
                    }
                }
                simulations.append((simulation, s.display))
                clips.append(clip)
                urls[s.display] = s.url
            case .failure(let error):
                // A later stage may know only the JSON path: the file gives the line and column.
                standardError(DefinitionFile.located(error, url: s.url, displayPath: s.display).description)
                failed = true
            }
        }
        if failed { return ExitCode.badInput }

        // The gallery's template and player are read up front too (GalleryOutput.swift).
        var gallery: GalleryWriter?
        if options.at == nil, options.resolvedFormats.contains(.html) {
            do {
                gallery = try galleryWriter(options, catalog: catalog)
            } catch  where !options.formats.contains(.html) && options.lottiePlayer == nil {
                // Only implied by `all`: the other files are still worth writing.
                standardError("trans-export: warning: \(error); \(GalleryWriter.pageFileName) not written")
            } catch {
                standardError("trans-export: \(error)")
                return ExitCode.badInput
            }
        }

        let out = URL(fileURLWithPath: options.outputDirectory)
        outputs.removeAll()
        let started = Date()
        defer { if isatty(STDERR_FILENO) != 0 { RunSummary.line(in: out, since: started).map(standardError) } }
        var cards: [GalleryCard] = []
        // The page is made as the exports end (GalleryPageParts); in full after them if zlib fails to start.
        let parts = gallery.flatMap { try? GalleryPageParts($0, count: simulations.count, linkFiles: Self.linksFiles(options)) }
        // On every core, unless --report prints as it goes (its lines stay in input order).
        let results = exportAll(
            simulations.map(\.0), clips: clips, workers: options.report ? 1 : ProcessInfo.processInfo.activeProcessorCount,
            options: options, to: out, page: parts)
        for (result, (simulation, display)) in zip(results, simulations) {
            switch result {
            case .success(let card): if let card { cards.append(card) }
            case .failure(let error):
                standardError(Self.exportFailure(error, simulation, display: display, url: urls[display]))
                return ExitCode.exportFailed
            }
        }
        MemoryTrim.releaseFreePages()
        if let gallery {
            do {
                try writeGallery(gallery, parts: parts, cards: cards, options: options, to: out)
            } catch {
                standardError("trans-export: \(GalleryWriter.pageFileName): export failed: \(error)")
                return ExitCode.exportFailed
            }
        }
        do {
            try outputs.write()
        } catch {
            standardError("trans-export: \(error)")
            return ExitCode.exportFailed
        }
        return ExitCode.success
    }

    /// Writes one transition's files, one per format (ExportFormats.swift); returns its gallery
    /// card when the page (html) is wanted.
    func export(_ simulation: Simulation, options: CommandLineOptions, to dir: URL) throws -> GalleryCard? {
        let job = ExportJob(simulation, settings: options.exportSettings)
        let releasing = MemoryTrim.worthReleasing(simulation)
        var written: [String] = []
        for format in options.resolvedFormats.compactMap(\.format) {
            guard let ext = format.fileExtension else { continue }
            let file = "\(job.stem).\(ext)"
            let url = dir.appendingPathComponent(file)
            if let text = try format.text(job) {
                outputs.add(text, to: url)  // the String the card holds too: one buffer
                written.append(file)
            } else if let data = try withProgressBar(file, job: job, { try format.file(job) }) {
                outputs.add(data, to: url)
                written.append(file)
            }
            if releasing { MemoryTrim.releaseFreePages() }  // before the next format's fit
        }
        if options.at != nil { return nil }
        if options.report {
            // The animated files written, or every report when none was (the tracks dump lists them all).
            let reports = try job.players.reports()
            let shown = reports.filter { written.contains($0.file) }
            for r in shown.isEmpty ? reports : shown { standardOutput(r.text) }
        }
        guard options.resolvedFormats.contains(.html) else { return nil }
        // The page embeds the very bytes written to NAME.svg and NAME.json; its motion spec shows
        // each file's fit, the reports `--report` prints.
        return GalleryCard(simulation: simulation, svg: try job.players.svg(), lottie: try job.players.lottie(), fit: try job.players.reports())
    }
}

extension TransExportCommand {
    /// A format's limit met by one layer is reported at that layer's line (exit 1: the
    /// definition is valid, this format cannot carry it); anything else names the file.
    static func exportFailure(_ error: Error, _ simulation: Simulation, display: String, url: URL?) -> String {
        guard let e = error as? TransExportError, e.format == LottieFormat().name else { return "\(display): export failed: \(error)" }
        let message = "cannot export \(simulation.definition.name).json (Lottie): \(e.message)"
        if let i = e.layer, simulation.layers.indices.contains(i), let origin = simulation.layers[i].definition.origin {
            return origin.diagnostic(message).description
        }
        let d = DefinitionDiagnostic(file: display, location: nil, path: e.path, message: message)
        guard let url, !e.path.isEmpty else { return "\(display): export failed: \(e.message)" }
        return DefinitionFile.located(d, url: url, displayPath: display).description
    }

    /// The tracks dump's ceiling of layer states (TracksFormat.swift).
    package static let maxTrackStates = TracksFormat.maxStates
}
