// swift-tools-version:5.9
// trans-export: screen-transition definitions → UIKit-exact simulation → keyframes → SVG (SMIL) / Lottie.
// The module graph; every dependency points down this list, never up (Scripts/check_module_graph.py
// checks it against the targets and every import, in .ci/run):
//   Geometry, Diagnostics       no dependencies (Point, Size, Rect; TransExportError, SourceLocation)
//   Platform                    no dependencies (bounded file reads, a lock, code-point text search)
//   JSONText                    Diagnostics (re-exports it)
//   Artwork                     CLibXML2, Diagnostics, Platform
//   TransitionModel             Geometry, JSONText, Artwork (re-exports Geometry)
//   Motion                      Geometry
//   Simulation                  TransitionModel, Motion
//   Keyframes                   Simulation
//   Exporters                   Keyframes, JSONText, Artwork, CLibXML2, CRsvg, CWebP, CGif, CZlib
//   TransExport                 Exporters (the library's front door: its only public API)
//   TransExportCLI              TransExport
//   trans-export                TransExportCLI (a thin shell); trans-export-bench, trans-export-fuzz: tools
import PackageDescription

// The numeric stages are compiled with optimization in debug builds too: `swift test` spends
// most of its time in their sweeps, and -O runs them in half the time for about a minute more of
// a clean build (BENCHMARKS.md, "The fast tier's time"). Asserts stay on (-assert-config Debug).
// TRANS_EXPORT_ONONE=1 builds them unoptimized, for stepping through them in a debugger. Never
// when another package depends on this one (its checkout lies in a .build or SourcePackages
// folder): SwiftPM refuses a versioned dependency whose targets carry unsafe flags.
let builtAsDependency = Context.packageDirectory.split(separator: "/").contains { $0 == ".build" || $0 == "SourcePackages" }
let optimizedWhenTesting: [SwiftSetting] =
    builtAsDependency || Context.environment["TRANS_EXPORT_ONONE"] == "1"
    ? [] : [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))]

let package = Package(
    name: "trans-export",
    products: [
        // The library: one module, TransExport; the stages below it are at `package` access.
        .library(name: "TransExport", targets: ["TransExport"]),
        .executable(name: "trans-export", targets: ["trans-export"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The raster exporters' C libraries (README "Raster formats"): librsvg + cairo draw frames,
        // libwebp encodes animated WebP, giflib writes GIF. MP4 runs the ffmpeg program (GPL, not linked).
        // Headers of its own, not linked: librsvg and cairo are opened on first use (RasterLibraries.swift).
        .systemLibrary(name: "CRsvg"),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        // zlib deflates the gallery page's media block (the page inflates it with DecompressionStream).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Ordered JSON values with source locations, and a deterministic writer.
        .target(name: "JSONText", dependencies: ["Diagnostics"]),
        // The one error type every stage throws, and where in a text it is (the base of JSONText and Artwork).
        .target(name: "Diagnostics"),
        // What the binary takes from the system instead of Foundation, which it does not link
        // (FoundationEssentials only: docs/platform.md#foundation-essentials-only).
        .target(name: "Platform"),
        // Plain 2D geometry in points: Point, Size, Rect.
        .target(name: "Geometry", swiftSettings: optimizedWhenTesting),
        // A user's artwork read safely: PNG/JPEG checked from their bytes, SVG through libxml2 into the art model.
        .target(name: "Artwork", dependencies: ["CLibXML2", "Diagnostics", "Platform"]),
        // The definition format: a transition's canvas, layer tree and phases; decoding with located diagnostics.
        .target(name: "TransitionModel", dependencies: ["Geometry", "JSONText", "Artwork"]),
        // UIKit / Core Animation math: springs, timing curves, 3D layer geometry.
        .target(name: "Motion", dependencies: ["Geometry"], swiftSettings: optimizedWhenTesting),
        // A transition evaluated as a value: every layer's exact state at any time of the timeline.
        .target(name: "Simulation", dependencies: ["TransitionModel", "Motion"], swiftSettings: optimizedWhenTesting),
        // Property tracks → keyframes with bezier easing (sampled or exact); swappable reducers.
        .target(name: "Keyframes", dependencies: ["Simulation"], swiftSettings: optimizedWhenTesting),
        // Keyframes → bytes: animated SVG (libxml2), Lottie JSON, tracks dump, static SVG, raster (GIF, WebP, MP4, PNG).
        .target(name: "Exporters", dependencies: ["Keyframes", "CLibXML2", "JSONText", "Artwork", "CRsvg", "CWebP", "CGif", "CZlib"]),
        // The library's front door: decode, simulate, fit, export to any registered format, the
        // catalog and the gallery page; TransExportError is its one error type.
        .target(name: "TransExport", dependencies: ["Exporters"]),
        // The command-line frontend: options, diagnostics, atomic writes, over TransExport.
        .target(name: "TransExportCLI", dependencies: ["TransExport"]),
        .executableTarget(name: "trans-export", dependencies: ["TransExportCLI"]),
        // Benchmarks of the keyframe fitter and the exporters (BENCHMARKS.md); run in release.
        .executableTarget(name: "trans-export-bench", dependencies: ["TransExport", "TransExportCLI", "Exporters", "Keyframes", "Simulation"]),

        // Shared by the test targets: the test tiers (CatalogTier), a seeded generator (SplitMix64).
        .target(name: "TransExportTestSupport", path: "Tests/TransExportTestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText", "TransExportTestSupport"]),
        .testTarget(name: "ArtworkTests", dependencies: ["Artwork", "Diagnostics"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "Geometry"]),
        .testTarget(name: "TransitionModelTests", dependencies: ["TransitionModel", "Artwork"]),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation", "Keyframes", "TransExportTestSupport"]),
        .testTarget(name: "KeyframesTests", dependencies: ["Keyframes", "Simulation", "Motion", "TransExportTestSupport"]),
        .testTarget(
            name: "ExportersTests",
            dependencies: [
                "Exporters", "Artwork", "TransExport", "TransExportCLI", "Simulation", "Keyframes", "TransitionModel", "TransExportTestSupport",
            ],
            exclude: ["Snapshots", "UIKitDeclarations"]),
        // The front door as a client uses it, against what the command line writes.
        .testTarget(name: "TransExportTests", dependencies: ["TransExport", "TransExportCLI"]),
        // The command line's option parsing and usage errors, in process.
        .testTarget(name: "TransExportCLITests", dependencies: ["TransExportCLI", "Exporters"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TransExport", "TransExportCLI", "TransExportTestSupport"], exclude: ["Inputs"]),
        // Mutates the templates and runs the binary on each case (README "Limits"); run in release.
        .executableTarget(name: "trans-export-fuzz", dependencies: ["JSONText"]),
        // The fuzzer's persistent worker: TransExportCommand on case after case (no process start per case).
        .executableTarget(name: "trans-export-fuzz-worker", dependencies: ["TransExportCLI"]),
    ]
)
