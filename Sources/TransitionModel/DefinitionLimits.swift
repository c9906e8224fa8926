// The ranges a definition's numbers must fall in, and the ceilings on its size. Checked where
// values enter (the decoder), so nothing later (springs, sampling, number printing) meets an
// infinity, a NaN or an amount of work that grows without bound. README "Limits" lists them;
// Templates/transition.schema.json states the same minimum/maximum.

package enum DefinitionLimits {
    /// Any length or coordinate in points (positions, sizes, translations, radii, zPosition):
    /// 100 screens across, far beyond any transition, small enough that products stay exact.
    package static let coordinate = 100_000.0
    /// Any time in seconds (durations, delays, holds, gesture times); also the whole timeline's
    /// ceiling, springs included: the tracks dump samples it at 120 Hz, Lottie at 240 Hz.
    package static let seconds = 60.0
    /// A transform's scale factor, either sign.
    package static let scale = 1_000.0
    /// Rotation in degrees, either sign (100 turns).
    package static let degrees = 36_000.0
    /// The perspective eye distance d (m34 = −1/d), in points; how close a layer may come to
    /// the eye is checked after simulating (Simulation.checkNearEye).
    package static let eyeDistance = 1.0...coordinate
    /// A projected layer's corner may come no closer to the eye than this fraction of the eye
    /// distance: its near edge is then drawn at most 10× its size.
    package static let nearestDepthFraction = 0.1
    /// UIKit spring damping ratio, and spring velocities (UIKit's unit: the whole change per second).
    package static let dampingRatio = 0.001...1_000.0
    package static let springVelocity = 1_000.0
    /// CASpringAnimation's mass, stiffness and damping.
    package static let springMass = 0.001...1_000.0
    package static let springStiffness = 0.001...100_000.0
    package static let springDamping = 0.001...100_000.0
    /// SwiftUI perceptual spring duration.
    package static let perceptualDuration = 0.01...seconds

    /// The transition's name, in characters (letters, digits, '-', '_': one byte each). It names
    /// the files written, and the longest, `.NAME.scrub.tracks.json.tmp-PID` while it is renamed
    /// (AtomicFile), must stay under the file systems' 255 bytes (a 5,000-character name failed
    /// as "cannot write": seed 56, case 6127).
    package static let nameLength = 200

    /// Work ceilings: a definition larger than this is refused before any simulation.
    package static let fileBytes = 10 * 1_024 * 1_024
    package static let layers = 10_000
    package static let nestingDepth = 64
    package static let phases = 1_000
    package static let changes = 5_000
    /// Animations of one layer's property: every sample of a track sums its animations (UIKit's
    /// additive animations), so this bounds the cost per sample (BENCHMARKS.md#8-limits-and-cost-issue-15).
    package static let animationsPerProperty = 100
}
