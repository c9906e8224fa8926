import Exporters
import Foundation
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

/// "Copy as Swift" must compile as pasted: every function the gallery shows, type-checked by the
/// toolchain's `swiftc -typecheck` against UIKit's and Core Animation's declarations as the SDK
/// spells them (UIKitDeclarations/UIKit.swift; UIKit is not on Linux). The catalog tier checks
/// every template; the fast tier the showcase (every timing kind), a spring with snapshots, a
/// mask, a flip under its container's perspective, the cube, and the pan handlers of a drag
/// (begin rules, a release into a phase with start values) and of a percent-driven edge pan.
final class SwiftAnimationCodeCompileTests: XCTestCase {
    func testEveryFunctionTypeChecksAgainstUIKit() throws {
        let names = CatalogTier.templates(
            ExportFixtures.templateNames,
            fast: ["douyin-present", "circle-reveal-push", "flip-pop", "stories-cube", "douyin-drag-dismiss-continuous", "flip-edge-pan"])
        var functions = [SwiftAnimationCode(try Simulation(ExportFixtures.showcase)).text]
        for name in names { functions.append(SwiftAnimationCode(try Simulation(try ExportFixtures.template(name))).text) }
        XCTAssertGreaterThanOrEqual(functions.count, 7)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swift-code-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let code = dir.appendingPathComponent("Transitions.swift")
        // `import UIKit` brings Dispatch in an app; here the declarations file stands for UIKit.
        try ("import Dispatch\n\n" + functions.joined(separator: "\n")).write(to: code, atomically: true, encoding: .utf8)
        let declarations = ExportFixtures.repositoryRoot.appendingPathComponent("Tests/ExportersTests/UIKitDeclarations/UIKit.swift")

        let (status, output) = try Self.swiftc(["-typecheck", "-swift-version", "5", declarations.path, code.path])
        XCTAssertEqual(status, 0, "swiftc -typecheck of the generated functions:\n\(output)")
        XCTAssertFalse(output.contains("warning:"), output)
    }

    /// A wrong assignment is caught: the check is not vacuous.
    func testAMistypedAssignmentFailsTheCheck() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("swift-code-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let code = dir.appendingPathComponent("Wrong.swift")
        // A 3D transform given to a view's affine `transform`.
        try "func wrong(page: UIView) { page.transform = CATransform3DIdentity }\n".write(to: code, atomically: true, encoding: .utf8)
        let declarations = ExportFixtures.repositoryRoot.appendingPathComponent("Tests/ExportersTests/UIKitDeclarations/UIKit.swift")
        let (status, output) = try Self.swiftc(["-typecheck", declarations.path, code.path])
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(output.contains("Wrong.swift:1:"), output)
    }

    /// The toolchain's swiftc (beside the `swift` running the tests, else on PATH).
    static func swiftc(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
