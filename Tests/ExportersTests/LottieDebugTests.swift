import XCTest
import Foundation
import TransitionModel
import Simulation
import Keyframes
@testable import Exporters

final class LottieDebugTests: XCTestCase {
    func testDebug() throws {
        let text = try String(contentsOfFile: "/work/main/Templates/douyin-present.json", encoding: .utf8)
        let d = try DefinitionDecoder.decode(text, file: "x")
        let k = KeyframedTransition(try Simulation(d))
        let i = k.simulation.index(ofLayer: "player")!
        print("OPACITY", k.layers[i].opacity.keyframes)
        print("EVENTS", k.simulation.layers[i].opacity.events)
    }
}
