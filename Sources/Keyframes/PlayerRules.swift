// What a player accepts from keyframes, as data: the fitter, the reducer and the fit report
// read these values and never ask which player it is. SMIL's and Lottie's rules are the two
// values below (docs/smil.md, docs/lottie.md); a player with other rules is another value.
import FoundationEssentials
import Glibc
import Motion

package struct PlayerRules: Hashable, Sendable {
    /// How the file writes a keyframe's time; the fit report plays keyframes at these times.
    package enum KeyTimes: Hashable, Sendable {
        /// Fractions of the whole duration with this many decimals (SMIL `keyTimes`).
        case fractionOfDuration(decimals: Int)
        /// Frames at the definition's frame rate with this many decimals (Lottie `t`).
        case frames(decimals: Int)
    }

    /// Names the player in reports and the tracks dump (`smil`, `lottie`).
    package var name: String
    /// Easing handles must stay in the unit square, so a segment never passes its end values
    /// (SMIL `keySplines`): it ends at every extremum, and a timing curve that overshoots is fitted.
    package var handlesInUnitSquare: Bool
    /// The range the fitter searches the handles' y in (x is time: always [0, 1]).
    package var handleY: ClosedRange<Double>
    package var keyTimes: KeyTimes
    /// The fraction of the tolerance the fitter aims for (FittingReducer.swift says why SMIL's is lower).
    package var aim: Double

    package init(name: String, handlesInUnitSquare: Bool, handleY: ClosedRange<Double>, keyTimes: KeyTimes, aim: Double) {
        self.name = name
        self.handlesInUnitSquare = handlesInUnitSquare
        self.handleY = handleY
        self.keyTimes = keyTimes
        self.aim = aim
    }

    /// SVG SMIL: keySplines in [0, 1], keyTimes as fractions of the loop with 6 decimals.
    package static let smil = PlayerRules(
        name: "smil", handlesInUnitSquare: true, handleY: 0...1,
        keyTimes: .fractionOfDuration(decimals: 6), aim: 0.6)
    /// Lottie: handles may leave [0, 1] in y (one segment can hold a spring's lobe); times in
    /// frames with 6 decimals.
    package static let lottie = PlayerRules(
        name: "lottie", handlesInUnitSquare: false, handleY: -8...8,
        keyTimes: .frames(decimals: 6), aim: 1)
    /// The players the exporters fit for, in the order they are written.
    package static let players: [PlayerRules] = [.smil, .lottie]

    /// Whether the player plays this easing as written.
    package func plays(_ curve: CubicBezier) -> Bool { !handlesInUnitSquare || curve.staysInUnitInterval }

    /// The time a player reads for key time `t` (rounded as the file writes it).
    package func playedTime(_ t: Double, duration: Double, frameRate: Double) -> Double {
        switch keyTimes {
        case .fractionOfDuration(let decimals) where duration > 0:
            let scale = pow(10, Double(decimals))
            return (t / duration * scale).rounded() / scale * duration
        case .frames(let decimals) where frameRate > 0:
            let scale = pow(10, Double(decimals))
            return (t * frameRate * scale).rounded() / scale / frameRate
        case .fractionOfDuration, .frames: return t  // no duration or no frame rate: nothing to round to
        }
    }
}
