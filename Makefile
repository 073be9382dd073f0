# Convenience targets; each is a script in Scripts/ that works without make.
.PHONY: demo test check-warnings fuzz sanitize bench bench-tiff bench-raw bench-jxl bench-decoders bench-memory bench-fourcut bench-thumbs bench-index bench-gif bench-animation bench-phone bench-process bench-gallery bench-viewer bench-places bench-basemap bench-basemap-map bench-shore-map bench-camera-roll bench-library bench-startup bench-similar-index bench-similar-set bench-similar check-gallery bench-video test-images clean install uninstall release

demo:            ## Build and run Filmroll on TestImages/ (output in out/)
	Scripts/demo.sh

test:            ## Install missing packages, build and run the tests
	Scripts/test.sh

check-warnings:  ## Fail on any compiler warning, debug (with the tests) and release: make check-warnings [CONFIG=debug|release]
	Scripts/check-warnings.sh $(or $(CONFIG),all)

fuzz:            ## libFuzzer over every CImaging decoder: make fuzz SECONDS=60 (per target)
	Fuzz/run-fuzzers.sh $(or $(SECONDS),60)

sanitize:        ## The tests under AddressSanitizer, and the concurrent parts under ThreadSanitizer
	Scripts/sanitize.sh

bench:           ## Decode, thumbnail, catalog, four-cut, GIF, animation, process, gallery, places, camera-roll, library, startup, similar photos, video, memory, TIFF, RAW and JPEG XL benchmarks (builds the corpus once)
	Scripts/bench.sh
	Scripts/bench-thumbs.sh
	Scripts/bench-index.sh
	Scripts/bench-fourcut.sh
	Scripts/bench-gif.sh
	Scripts/bench-animation.sh
	Scripts/bench-phone.sh
	Scripts/bench-process.sh
	Scripts/bench-gallery.sh
	Scripts/bench-viewer.sh
	Scripts/bench-places.sh
	Scripts/bench-basemap.sh
	Scripts/bench-basemap-map.sh
	Scripts/bench-shore-map.sh
	Scripts/bench-camera-roll.sh
	Scripts/bench-library.sh
	Scripts/bench-startup.sh
	Scripts/bench-similar-index.sh
	Scripts/bench-similar-set.sh
	Scripts/bench-similar.sh
	Scripts/bench-video.sh
	Scripts/bench-memory.sh
	Scripts/bench-tiff.sh
	Scripts/bench-raw.sh
	Scripts/bench-jxl.sh

bench-memory:    ## Peak RSS of every command on two 9999² RGBA PNGs, a 2 GB tEXt PNG and a 60000² HEIC: MEMORY=500M for --memory
	Scripts/bench-memory.sh

bench-thumbs:    ## Thumbnail benchmark against vipsthumbnail and djpeg, with quality
	Scripts/bench-thumbs.sh

bench-process:   ## filmroll process on the 48 photos against thumbs alone; re-runs; 10,000 small photos
	Scripts/bench-process.sh

bench-gallery:   ## The gallery of 10,000 small photos: its cost beyond the image work, page sizes, first paint in Chromium
	Scripts/bench-gallery.sh

bench-viewer:    ## The full-screen viewer: first image on screen after a click from file://, layout shift (headless Chromium)
	Scripts/bench-viewer.sh

bench-places:    ## The offline reverse geocoder: lookups per second on one thread
	Scripts/bench-places.sh
bench-basemap-map: ## Day maps drawn from the Helsinki basemap: one map, and 1,000 days' maps
	Scripts/bench-basemap-map.sh

bench-shore-map: ## Day maps without a basemap from GSHHG's shorelines: one map at Helsinki, Seoul, Stockholm, Geneva, and 1,000 days' maps
	Scripts/bench-shore-map.sh

bench-basemap:   ## The basemap readers: a ~100 MB PMTiles read tile by tile, time and peak RSS growth (≤ 50 MB)
	Scripts/bench-basemap.sh

bench-camera-roll: ## Videos: posters against ffmpeg -ss 1 and ffmpegthumbnailer, HEVC clips against ffmpeg's x264, a 10-minute 4K clip's memory, process on a camera roll
	Scripts/bench-camera-roll.sh

bench-library:   ## Libraries of 1,000 to 100,000 photos and 2,000 12 MP: first run, re-run, one change, queries, shards and merge: SIZES="1000 10000", LARGE=0, RUNS=n
	Scripts/bench-library.sh

bench-similar-index: ## Similar photos' fingerprint search: 100,000 and 1,000,000 fingerprints grouped within 8 bits, against 10 s and 60 s: SIZES="100000", RUNS=n
	Scripts/bench-similar-index.sh

bench-similar:   ## Similar photos as users run them: process's fingerprint cost on the 48 photos (against --no-similar, ≤ 3 %), similar on 100,000 catalogued photos (≤ 10 s, ≤ 300 MB): RUNS=n, SIZE=n
	Scripts/bench-similar.sh

bench-similar-set: ## Similar photos on a labelled set of 300 (copies, bursts, same-second pairs): filmroll similar against imagededup's dHash and pHash: FILMROLL=binary
	Scripts/bench-similar-set.sh

bench-startup:   ## --version, stats, ls, calendar and show on catalogs of 1,000 and 100,000 photos: medians and shared objects loaded, against 10 ms and 50 ms: SIZES="1000", RUNS=n, BASELINE=older-binary
	Scripts/bench-startup.sh

check-gallery:   ## Check a gallery in headless Chromium (parse, links, axe-core, keyboard): make check-gallery GALLERY=DIR SHOTS=DIR
	python3 Scripts/check-gallery.py $(or $(GALLERY),out/gallery) $(if $(SHOTS),--screenshots $(SHOTS))

bench-phone:     ## Phone photos (P3 JPEG, HEIC, AVIF, WebP) against vipsthumbnail, with colour error
	Scripts/bench-phone.sh

bench-gif:       ## GIF benchmark: 24 1080p PNG frames -> 480x270 GIF against ffmpeg (+ gifsicle -O3), with PSNR
	Scripts/bench-gif.sh

bench-video:     ## H.264 MP4 benchmark: 24 1080p PNG frames -> 1280x720 at 10 fps against ffmpeg + libx264, with PSNR
	Scripts/bench-video.sh

bench-animation: ## Peak memory of 100- and 1,000-frame animations (GIF, WebP); animated WebP against GIF: size and PSNR
	Scripts/bench-animation.sh

bench-index:     ## Catalog benchmark: first index of 48 12 MP photos, re-index of 10,000 small ones
	Scripts/bench-index.sh

test-images:     ## Regenerate TestImages/ (needs Pillow, heif-enc) and Tests/Videos/ (needs ffmpeg with libx264)
	python3 Scripts/make-test-images.py
	python3 Scripts/make-test-videos.py

clean:
	rm -rf .build out

bench-fourcut:   ## A 600 dpi 4x6 four-cut print from four 12 MP photos
	Scripts/bench-fourcut.sh

# Installation: make install PREFIX=/usr/local [DESTDIR=/tmp/stage].
# The man page and completions are generated by the binary from its own
# command specs. BINARY=path installs an already built filmroll instead of
# building a release (the tests use the debug build).
PREFIX ?= /usr/local
RELEASE_BINARY := .build/release/filmroll
BINARY ?= $(RELEASE_BINARY)
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions

release:         ## Build the release binary, the Swift runtime linked in statically
	swift build -c release --product filmroll --static-swift-stdlib

install: $(if $(filter $(RELEASE_BINARY),$(BINARY)),release)  ## Install filmroll, filmroll.1 and bash/zsh completions under $(DESTDIR)$(PREFIX)
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR)
	install -m 755 $(BINARY) $(BINDIR)/filmroll
	$(BINARY) --generate-manpage > $(MANDIR)/filmroll.1
	$(BINARY) --generate-completion bash > $(BASHDIR)/filmroll
	$(BINARY) --generate-completion zsh > $(ZSHDIR)/_filmroll
	chmod 644 $(MANDIR)/filmroll.1 $(BASHDIR)/filmroll $(ZSHDIR)/_filmroll

uninstall:       ## Remove what make install put under $(DESTDIR)$(PREFIX)
	rm -f $(BINDIR)/filmroll $(MANDIR)/filmroll.1 $(BASHDIR)/filmroll $(ZSHDIR)/_filmroll

bench-tiff:      ## TIFF thumbnails against vipsthumbnail (uncompressed and LZW)
	Scripts/bench-tiff.sh

bench-raw:       ## RAW (DNG) thumbnails against LibRaw's full decode
	Scripts/bench-raw.sh

bench-jxl:       ## JPEG XL thumbnails against vipsthumbnail (DC pass at 256, whole picture at 1024)
	Scripts/bench-jxl.sh

bench-decoders:  ## Decoded pixels of ~1,400 public test files against Pillow, tifffile, libheif, libjxl and LibRaw; updates docs/decoders.md: FILMROLL=binary
	$(if $(FILMROLL),,swift build -c release --product filmroll)
	python3 Scripts/decoder-parity.py --filmroll $(or $(FILMROLL),$(RELEASE_BINARY)) --doc docs/decoders.md
