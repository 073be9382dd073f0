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
        // Thin C shims over the codecs and libraries (libjpeg-turbo, libpng, zlib, libdeflate,
        // giflib, libexif, libexpat, libheif, libwebp, libjxl, libtiff, lcms2, libimagequant, FreeType
        // with fontconfig, SQLite, xxHash, FFmpeg's libavformat, libavcodec,
        // libswscale and libavutil, LibRaw). Every library error is caught
        // in C and returned as a code and a message.
        //
        // Only the libraries below are linked. libheif, libjxl, FFmpeg, LibRaw, libtiff,
        // FreeType with fontconfig (with what they pull in, about 120 shared
        // objects, most of the time `filmroll --version` or `ls` took) are opened with dlopen
        // when a command first needs them: CImaging/cimg_lazy.h, tables written by
        // Scripts/make-lazy-symbols.py. Their -dev packages are still needed, for the headers.
        .target(
            name: "CImaging",
            path: "CImaging",
            cSettings: [.unsafeFlags(["-I/usr/include/freetype2"])],
            linkerSettings: [
                .linkedLibrary("jpeg"),
                .linkedLibrary("png16"),
                .linkedLibrary("z"),
                .linkedLibrary("deflate"),
                .linkedLibrary("gif"),
                .linkedLibrary("exif"),
                .linkedLibrary("expat"),
                .linkedLibrary("sqlite3"),
                .linkedLibrary("xxhash"),
                .linkedLibrary("imagequant"),
                .linkedLibrary("webp"),
                .linkedLibrary("webpdemux"),
                .linkedLibrary("webpmux"),
                .linkedLibrary("lcms2"),
            ]
        ),
        // File utilities (reading whole files, atomic writes, folders, temporaries), Glibc only;
        // Imaging re-exports them.
        .target(name: "Files"),
        .target(name: "Imaging", dependencies: ["CImaging", "Files"]),
        .target(name: "Catalog", dependencies: ["CImaging", "Files", "Imaging"]),
        // Every command's workflow as a library (thumbnail batches, four-cuts, GIFs, the lineage
        // recorder, processing a folder, the gallery); it re-exports Imaging, Catalog and Files.
        .target(name: "Filmroll", dependencies: ["Imaging", "Catalog"]),
        // The command line: parses, calls the Filmroll library, prints.
        .target(name: "FilmrollCLI", dependencies: ["Filmroll", "Imaging", "Catalog"]),
        .executableTarget(name: "filmroll", dependencies: ["FilmrollCLI"]),
        .executableTarget(name: "filmroll-bench", dependencies: ["Imaging", "Catalog", "Filmroll"], path: "Sources/FilmrollBench"),
        .target(name: "TestSupport", dependencies: ["Imaging"], path: "Tests/TestSupport"),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "TestSupport"]),
        // A Swift program using the Filmroll library alone (no FilmrollCLI).
        .testTarget(name: "FilmrollTests", dependencies: ["Filmroll", "TestSupport"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "Imaging", "TestSupport"]),
        .testTarget(name: "FilmrollCLITests", dependencies: ["FilmrollCLI", "Filmroll", "Imaging", "Catalog", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
