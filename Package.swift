// swift-tools-version:5.9
// FoldTable: the engine (FoldTableCore), its C ABI (FoldTable -> libfoldtable.so)
// and the Swift tests of the core. CMakeLists.txt builds the same sources; when a
// target or flag changes here, change it there too.
import PackageDescription

let package = Package(
    name: "FoldTable",
    products: [
        .library(name: "foldtable", type: .dynamic, targets: ["FoldTable"]),
    ],
    targets: [
        // The hand-written header, imported by the ABI thunks (no code of its own).
        .systemLibrary(name: "CFoldTable", path: "include"),
        // Prefetch hints for the engine: one header of static inline
        // functions (no code, no symbol).
        .systemLibrary(name: "CFoldHints", path: "Sources/CFoldHints"),
        // The engine in plain Swift: no C types, no globals (a prefetch hint
        // aside, CFoldHints).
        // Release builds drop the run-time exclusivity checks (as CMakeLists.txt
        // does; see the reason there); debug builds and `swift test` keep them.
        // Debug builds (so `swift test`) also check the trees after every
        // mutation (FOLDTABLE_INTERNAL_CHECKS, Table+Invariants.swift), never
        // release builds; CMake builds the shipped library and leaves it off.
        .target(
            name: "FoldTableCore",
            dependencies: ["CFoldHints"],
            path: "Sources/FoldTableCore",
            swiftSettings: [
                .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
                .define("FOLDTABLE_INTERNAL_CHECKS", .when(configuration: .debug)),
            ]
        ),
        // The C ABI: thin @_cdecl thunks over the core.
        .target(
            name: "FoldTable",
            dependencies: ["FoldTableCore", "CFoldTable"],
            path: "Sources/FoldTable",
            exclude: ["exports.map"],
            linkerSettings: [
                // Export only fold_* and carry the Swift runtime inside the .so.
                .unsafeFlags([
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/FoldTable/exports.map",
                    "-static-stdlib",
                    "-use-ld=lld",
                ]),
            ]
        ),
        .testTarget(
            name: "FoldTableCoreTests",
            dependencies: ["FoldTableCore"],
            path: "Tests/FoldTableCoreTests"
        ),
    ]
)
