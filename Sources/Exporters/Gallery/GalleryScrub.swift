import JSONText
// An interactive transition's scrub clip on its gallery card: the clip's exported files and D,
// so the page's progress slider can seek both players to t = p·D (NAME.scrub.svg / .json).
import Simulation

/// The scrub clip of one card: seeking its files to t shows the exact state at progress p = t / D.
package struct GalleryScrub: Sendable {
    /// Seconds for p from 0 to 1 (`ScrubClip.duration`); the clip's loop is one frame longer.
    package var duration: Double
    /// The clip's own timeline (frame rate, loop length).
    package var simulation: Simulation
    /// `NAME.scrub.svg` and `NAME.scrub.json` exactly as exported.
    package var svg: String
    package var lottie: String
    /// The fit of the clip's two files, shown under the card's in the motion spec.
    package var fit: [OutputFitReport]

    package init(clip: ScrubClip, svg: String, lottie: String, fit: [OutputFitReport] = []) {
        self.init(duration: clip.duration, simulation: clip.simulation, svg: svg, lottie: lottie, fit: fit)
    }

    package init(duration: Double, simulation: Simulation, svg: String, lottie: String, fit: [OutputFitReport] = []) {
        self.duration = duration; self.simulation = simulation; self.svg = svg; self.lottie = lottie; self.fit = fit
    }
}

extension GalleryWriter {
    /// `{"duration": D, "loop", "frameRate", "releases": [{branch, progress}], "files"?}`: the
    /// releases are where each scripted branch lifts the finger, marked on the slider.
    func scrubData(_ scrub: GalleryScrub, branches: [BranchSpan], linkFiles: Bool) -> JSONValue {
        let name = scrub.simulation.definition.name
        var members: [(String, JSONValue)] = [
            ("duration", .number(scrub.duration)),
            ("loop", .number(scrub.simulation.timeline.duration)),
            ("frameRate", .number(scrub.simulation.definition.frameRate)),
            (
                "releases",
                .array(
                    branches.map {
                        Self.obj([("branch", .string($0.name)), ("progress", .number($0.progress))])
                    })
            ),
        ]
        if linkFiles { members.append(("files", Self.playerFiles(name))) }
        return Self.obj(members)
    }

    /// `,"scrub":{"svg": "<svg…", "lottie": {…}}` (the exported texts, as in `media`), or nothing.
    func scrubMedia(_ scrub: GalleryScrub?) -> String {
        guard let scrub else { return "" }
        return ",\"scrub\":{\"svg\":" + JSONWriter().string(.string(scrub.svg)) + ",\"lottie\":" + scrub.lottie + "}"
    }
}
