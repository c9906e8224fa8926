import Foundation
import XCTest

/// Runs the built `trans-export` binary, as a user would.
struct ToolResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum ToolRunner {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary sits beside the test bundle in SwiftPM's products directory.
    static var binary: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("trans-export")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return repositoryRoot.appendingPathComponent(".build/debug/trans-export")
    }

    static func run(_ arguments: [String], in directory: URL = repositoryRoot) throws -> ToolResult {
        try run(executable: binary, arguments, in: directory)
    }

    /// Any program, its output captured as `run` captures the tool's.
    static func run(executable: URL, _ arguments: [String], in directory: URL = repositoryRoot) throws -> ToolResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolResult(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trans-export-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A test that runs the binary with a fresh output folder, removed afterwards.
class BinaryTestCase: XCTestCase {
    var tmp: URL!

    override func setUpWithError() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: ToolRunner.binary.path), "build the binary first: swift build")
        tmp = try ToolRunner.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: tmp)
    }

    /// The names in a folder, sorted.
    func files(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }
}
