import JSONText
import Keyframes
import Motion
import Simulation
// One track's bytes as each format writes it, for the benchmarks' "bytes per track": the SMIL
// element an SVG layer animates it with, and the Lottie property (compact JSON).
import TransitionModel

package enum TrackEncoding {
    /// `<animateTransform attributeName="transform" type="translate" …/>` for a track of lengths
    /// (the SVG writer's numbers: 4 decimals), looping over `duration` seconds.
    package static func smil(_ track: KeyframeTrack<[Double]>, duration: Double) -> String {
        let attributes =
            [("attributeName", "transform"), ("type", "translate")]
            + SMILAnimation(track.map(LVec.init), duration: duration) { $0.c.map(SVGNumber.length).joined(separator: " ") }.attributes
        return "<animateTransform " + attributes.map { "\($0.0)=\"\($0.1)\"" }.joined(separator: " ") + "/>"
    }

    /// The Lottie property `{"a":1,"k":[…]}` for a track of lengths (4 decimals), compact.
    package static func lottie(_ track: KeyframeTrack<[Double]>, frameRate: Double) -> String {
        JSONWriter(style: .compact, maxDecimals: LottieDecimals.easing)
            .string(LottieProperties(frameRate: frameRate).position(track.map(LVec.init)))
    }
}
