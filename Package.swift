// swift-tools-version:6.0
// Filmroll builds with the Swift toolchain and Debian's -dev packages alone:
// no SwiftPM package dependencies, so it builds offline.
import PackageDescription

let package = Package(
    name: "Filmroll",
    products: [
        .executable(name: "filmroll", targets: ["filmroll"]),
        .library(name: "Filmroll", targets: ["Filmroll"]),
        .library(name: "Imaging", targets: ["Imaging"]),
    ],
    targets: [
        // Thin C shims over the codecs and libraries (libjpeg-turbo, libpng,
        // giflib, libexif, libexpat, libheif, libwebp, lcms2, libimagequant, FreeType
        // with fontconfig, SQLite, xxHash, FFmpeg's libavformat, libavcodec,
        // libswscale and libavutil). Every library error is caught in C and
        // returned as a code and a message.
        .target(
            name: "CImaging",
            path: "CImaging",
            cSettings: [.unsafeFlags(["-I/usr/include/freetype2"])],
            linkerSettings: [
                .linkedLibrary("jpeg"),
                .linkedLibrary("png16"),
                .linkedLibrary("gif"),
                .linkedLibrary("exif"),
                .linkedLibrary("expat"),
                .linkedLibrary("sqlite3"),
                .linkedLibrary("xxhash"),
                .linkedLibrary("freetype"),
                .linkedLibrary("fontconfig"),
                .linkedLibrary("imagequant"),
                .linkedLibrary("heif"),
                .linkedLibrary("webp"),
                .linkedLibrary("webpdemux"),
                .linkedLibrary("lcms2"),
                .linkedLibrary("avformat"),
                .linkedLibrary("avcodec"),
                .linkedLibrary("swscale"),
                .linkedLibrary("avutil"),
            ]
        ),
        .target(name: "Imaging", dependencies: ["CImaging"]),
        .target(name: "Catalog", dependencies: ["CImaging", "Imaging"]),
        // The workflows (processing a folder, the gallery) as a library; it re-exports Imaging and Catalog.
        .target(name: "Filmroll", dependencies: ["Imaging", "Catalog"]),
        .target(name: "FilmrollCLI", dependencies: ["Filmroll", "Imaging", "Catalog"]),
        .executableTarget(name: "filmroll", dependencies: ["FilmrollCLI"]),
        .executableTarget(name: "filmroll-bench", dependencies: ["Imaging"], path: "Sources/FilmrollBench"),
        .target(name: "TestSupport", dependencies: ["Imaging"], path: "Tests/TestSupport"),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "TestSupport"]),
        .testTarget(name: "FilmrollTests", dependencies: ["Filmroll", "TestSupport"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "Imaging", "TestSupport"]),
        .testTarget(name: "FilmrollCLITests", dependencies: ["FilmrollCLI", "Imaging", "Catalog", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
