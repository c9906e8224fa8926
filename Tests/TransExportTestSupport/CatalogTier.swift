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

    /// How many cases a sweep checks: `whole` in the catalog tier, `fast` in the fast tier. A
    /// sweep that compares two implementations bit for bit over many inputs runs whole where the
    /// build is optimized, and a tenth of it on every `swift test` (its test is listed in
    /// Tests/catalog-tier.txt so that the catalog tier runs it).
    public static func cases(whole: Int, fast: Int) -> Int { isEnabled ? whole : fast }

    /// The templates a catalog-wide sweep runs over: all of `names` in the catalog tier; in the
    /// fast tier, those of `names` that are in `fast` (a few that cover the sweep's kinds).
    public static func templates(_ names: [String], fast: Set<String>) -> [String] { isEnabled ? names : names.filter(fast.contains) }

    /// Skips the calling test unless the catalog tier is on.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        guard isEnabled else {
            throw XCTSkip("catalog tier: run with \(variable)=1 (see README, \"Tests and checks\")", file: file, line: line)
        }
    }
}
