import Foundation
import Motion
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
// run of its own. The first run of an interval after the first may continue the interval
// before's last, so it is not counted; the still keys are not counted at all. A paint's gradient
// axis is a track of its own (its keys from GradientAxisFitter), counted the same way and before
// its group's paths: the cube's today's keys lose on their axes (17 against 5.5 KB factored).
import TransitionModel

/// The characters today's keys may spend before they cannot be the fewer; shared by the
/// intervals fitted on every core (ParallelMap), so its checks are locked.
final class ProjectionKeyBudget: @unchecked Sendable {
    let limit: Int
    private var spent = 0
    private let lock = NSLock()

    init(limit: Int) { self.limit = limit }

    /// Adds n characters; false once the total is beyond the limit.
    func spend(_ n: Int) -> Bool {
        lock.withLock {
            spent += n; return spent <= limit
        }
    }

    /// Whether the characters spent are beyond the limit (today's keys cost more than the factored).
    var exceeded: Bool { lock.withLock { spent > limit } }
}

/// One group's keys in one interval, as `FactoredProjection.characters` counts them at least.
struct GroupKeyCharacters {
    /// The counted tracks (a paint with its further subpaths, a clip, an outline), as positions
    /// in the group's members.
    let tracks: [[Int]]
    /// Whether the interval is the first: its first key's numbers count (no run before it).
    let countsFirst: Bool
    private var previous: [BezierPath]? = nil

    init(tracks: [[Int]], countsFirst: Bool) {
        self.tracks = tracks
        self.countsFirst = countsFirst
    }

    /// The least the next key (the members' paths as written) adds to the characters.
    mutating func cost(_ paths: [BezierPath]) -> Int {
        defer { previous = paths }
        func numbers(_ track: [Int]) -> Int { track.reduce(0) { $0 + FactoredProjection.characters(of: paths[$1]) } }
        guard let previous else { return countsFirst ? tracks.reduce(0) { $0 + numbers($1) } : 0 }
        var n = 0
        for track in tracks where track.contains(where: { paths[$0] != previous[$0] }) { n += FactoredProjection.perKey + numbers(track) }
        return n
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
                tracks.append(Array(n..<r.paint.upperBound).prefix { $0 == n || specs[$0].continuesPaint }.map { $0 })
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
