import Foundation
import XCTest

/// The test tiers (README, "Tests and checks").
///
/// `swift test` is the fast tier: it runs often, so it stays under 90 s on two cores. Checks that
/// export the whole catalog (or a 3D template checked every millisecond) are just as strict but
/// belong to the catalog tier, which `.ci/run` runs on a release build:
///
///     TRANS_EXPORT_CATALOG_TIER=1 swift test -c release --filter "$(cat Tests/catalog-tier.txt)"
///
/// A catalog-tier test starts with `try CatalogTier.require()`; in the fast tier it is skipped
/// with a message that says how to run it.
public enum CatalogTier {
    /// The environment variable that turns the catalog tier on.
    public static let variable = "TRANS_EXPORT_CATALOG_TIER"

    /// Whether this test process runs the catalog tier.
    public static var isEnabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// Skips the calling test unless the catalog tier is on.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        guard isEnabled else {
            throw XCTSkip("catalog tier: run with \(variable)=1 (see README, \"Tests and checks\")", file: file, line: line)
        }
    }
}
