import FoundationEssentials
import Glibc
import Motion
import Platform
// Today's (unfactored) keys are kept only when they are fewer characters than the factored ones
// (FactoredProjection.characters), and a Lottie writer that cannot draw a plane falls back to
// them (KeyframedTransition.withoutPlanes). So when the factored keys exist, today's fit runs
// against a budget of their characters: each key it settles adds what it must cost at least, and
// once that passes the budget today's keys can only lose: the fit gives up and today's keys are
// made again, whole, only if a writer asks for them (UnfactoredKeys). The catalog's flips and
// cube all keep the factored keys; their fit of today's keys was a third of their CPU.
//
// Why the count is a lower bound of `characters`: a track's keys end as
// `ProjectionSampler.simplified` leaves them, and that drops only keys whose value equals a
// neighbour's, so every run of equal values keeps at least one key, costing its numbers and, in
// a track with two runs or more (animated), `perKey`. Within one interval a group's keys come in
// time order and sit together in every member's track; a change between two of them starts a
// run of its own. An interval's first key starts a run where it changes a track from the key
// before (the hold key of a jump, or the last sample of the interval before, whose value that
// interval counted as its last run); its last sample is the next key after its fitted ones,
// so where it differs from the first key it is a run of its own, counted before any fit, and
// a later key of that value is not counted again. A track's first key has its entry too once
// the track is seen to change (ProjectionKeyBudget.animated). So the count is 98-100 % of
// today's characters in the catalog (it was 83-90 %), all counted before the fits of an
// interval but the fitted keys' (BENCHMARKS.md#todays-keys-not-fitted-where-they-lose-2026-12-04). A paint's gradient
// axis is a track of its own (its keys from GradientAxisFitter), counted the same way and before
// its group's paths: the cube's today's keys lose on their axes (17 against 5.5 KB factored).
import TransitionModel

/// The characters today's keys may spend before they cannot be the fewer; shared by the
/// intervals fitted on every core (ParallelMap), so its checks are locked.
final class ProjectionKeyBudget: @unchecked Sendable {
    let limit: Int
    private var spent = 0
    /// The estimated characters of the keys still to come (TrackKeyWindows), not yet fitted.
    private var promised = 0
    /// Once the spent characters pass the limit, or with the estimate `estimateMargin` times
    /// the limit, today's keys have lost for good (another interval's release cannot bring them back).
    private var lost = false
    /// Today's keys estimated at this many times the factored ones' characters are taken to lose.
    /// A give-up is wrong only where the estimate's peak (characters spent and promised) passes
    /// the final characters of today's keys by more than this: measured over 112 budgeted fits
    /// (the 432 3D variants, the catalog, every 3D Example, the cube with two @3x screens), the
    /// peak was at most 1.052 times the final characters (today's keys then cost 1.86-2.87 times
    /// the factored ones; where they won, 0.86-1.0 times, the peak was 0.33-0.66 of them). 1.5
    /// until stop 48 (BENCHMARKS.md, "Margin48"); `ProjectionKeyBudgetMarginTests` checks the peak
    /// against the margin on the catalog's 3D templates.
    static let estimateMargin = 1.25
    /// The tracks (GroupKeyCharacters.ids) seen to change: their first key's entry is counted.
    private var animated: Set<Int> = []
    private let lock = Lock()

    init(limit: Int) { self.limit = limit }

    private func check() -> Bool {
        if spent > limit || Double(spent + promised) > Self.estimateMargin * Double(limit) { lost = true }
        return !lost
    }

    /// Adds n characters, and a key's entry for each track in `changed` not seen to change
    /// before (its first key then has one too); false once the total is beyond the limit.
    func spend(_ n: Int, changed: [Int] = []) -> Bool {
        lock.withLock {
            spent += n
            for id in changed where animated.insert(id).inserted { spent += FactoredProjection.perKey }
            return check()
        }
    }

    /// Adds the estimated characters of keys still to be fitted (`release` takes them back as
    /// they are); false once today's keys are taken to lose.
    func promise(_ n: Int) -> Bool {
        lock.withLock {
            promised += n
            estimatePeak = max(estimatePeak, spent + promised)
            return check()
        }
    }

    /// The most the characters spent and estimated ever were (how close a choice came to the margin).
    var estimated: Int { lock.withLock { estimatePeak } }
    private var estimatePeak = 0

    func release(_ n: Int) { lock.withLock { promised -= n } }

    /// Whether the characters spent and promised were ever beyond the limit (today's keys cost
    /// more than the factored).
    var exceeded: Bool { lock.withLock { lost } }

    /// The characters spent so far (tests).
    var total: Int { lock.withLock { spent } }
}

/// One group's keys in one interval, as `FactoredProjection.characters` counts them at least:
/// each key that changes a track starts a run of its own there, which keeps one key at least.
/// The interval's keys are its first (after the hold key of a jump), the fitted ones, and then
/// the next interval's, whose value is the interval's last sample (`end`): when a track's first
/// and last values differ, its last run is counted with the first key, and a later key of that
/// value is not (it may be the same run).
struct GroupKeyCharacters {
    /// The counted tracks (a paint with its further subpaths, a clip, an outline), as positions
    /// in the group's members.
    let tracks: [[Int]]
    /// Per track, its name for the budget (its first path's index in `specs`).
    let ids: [Int]
    private var previous: [BezierPath]?
    private let end: [BezierPath]?
    /// Per track: whether its last run was counted with the first key (its last window's key
    /// may be of that run).
    private(set) var endCounted: [Bool]

    /// `before`: the key before the interval's first (the hold key's value, the state just
    /// before it); nil in the first interval: then the first key's numbers count.
    init(tracks: [[Int]], ids: [Int]? = nil, before: [BezierPath]?, end: [BezierPath]? = nil) {
        self.tracks = tracks
        self.ids = ids ?? Array(tracks.indices)
        previous = before
        self.end = end
        endCounted = Array(repeating: false, count: tracks.count)
    }

    private func numbers(_ track: [Int], _ paths: [BezierPath]) -> Int {
        track.reduce(0) { $0 + FactoredProjection.characters(of: paths[$1]) }
    }

    /// The least the interval's first key (the members' paths as written) adds to the
    /// characters, with the last run of each track it does not end on, and the tracks (`ids`)
    /// it shows to be animated.
    mutating func first(_ paths: [BezierPath]) -> (characters: Int, changed: [Int]) {
        var (n, changed) = previous == nil ? (tracks.reduce(0) { $0 + numbers($1, paths) }, []) : cost(paths)
        previous = paths
        guard let end else { return (n, changed) }
        for (x, track) in tracks.enumerated() where track.contains(where: { paths[$0] != end[$0] }) {
            endCounted[x] = true
            if !changed.contains(ids[x]) { changed.append(ids[x]) }
            n += FactoredProjection.perKey + numbers(track, end)
        }
        return (n, changed)
    }

    /// The least a later key adds (after `first`): each track it changes starts a run, unless
    /// the run is of the track's last value, counted already.
    mutating func cost(_ paths: [BezierPath]) -> (characters: Int, changed: [Int]) {
        defer { previous = paths }
        guard let previous else { return first(paths) }
        var n = 0, changed: [Int] = []
        for (x, track) in tracks.enumerated() where track.contains(where: { paths[$0] != previous[$0] }) {
            changed.append(ids[x])
            if endCounted[x], let end, track.allSatisfy({ paths[$0] == end[$0] }) { continue }
            n += FactoredProjection.perKey + numbers(track, paths)
        }
        return (n, changed)
    }
}

extension ProjectionSampler {
    /// The least one interval's gradient axis keys (with their index in `specs`, each axis's in
    /// time order, as `axisKeys` makes them) add to `FactoredProjection.characters`: only a
    /// paint's axis is counted there; each change starts a run (4 numbers and 3 stops' entries,
    /// plus a key's entry); the first key counts only in the first interval, without the entry.
    func axisCharacters(_ keys: [(Int, Keyframe<GradientAxis>)], countsFirst: Bool) -> Int {
        func numbers(_ a: GradientAxis) -> Int {
            [a.start.x, a.start.y, a.end.x, a.end.y].reduce(3 * FactoredProjection.perKey) { $0 + FactoredProjection.digits($1) }
        }
        var n = 0
        for (x, (spec, key)) in keys.enumerated() {
            guard specs[spec].gradient != nil, !specs[spec].continuesPaint, ranges[specs[spec].layer]!.paint.contains(spec) else { continue }
            let previous = x > 0 && keys[x - 1].0 == spec ? keys[x - 1].1.value : nil
            if let previous {
                if previous != key.value { n += FactoredProjection.perKey + numbers(key.value) }
            } else if countsFirst {
                n += numbers(key.value)
            }
        }
        return n
    }

    /// The tracks `FactoredProjection.characters` counts whose paths are all among `members`
    /// (indices in `specs`), as positions in `members`: each paint with its further subpaths, the
    /// clip and the outline (not the masks or art clips).
    func characterTracks(_ members: [Int]) -> [[Int]] {
        let position = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($0.element, $0.offset) })
        var tracks: [[Int]] = []
        for i in Set(members.map { specs[$0].layer }).sorted() {
            let r = ranges[i]!
            for n in r.paint where !specs[n].continuesPaint {
                // n and the further subpaths after it (an array of the rest of the range per paint
                // was quadratic in a layer's paints).
                var end = n + 1
                while end < r.paint.upperBound, specs[end].continuesPaint { end += 1 }
                tracks.append(Array(n..<end))
            }
            if let c = r.clip { tracks.append([c]) }
            if let o = r.outline { tracks.append([o]) }
        }
        return tracks.compactMap { t in
            let p = t.compactMap { position[$0] }
            return p.count == t.count ? p : nil
        }
    }
}
