# Convenience targets; each is a script in Scripts/ that works without make.
.PHONY: demo test fuzz sanitize bench bench-fourcut bench-thumbs bench-index bench-gif bench-phone bench-process test-images clean

demo:            ## Build and run Filmroll on TestImages/ (output in out/)
	Scripts/demo.sh

test:            ## Install missing packages, build and run the tests
	Scripts/test.sh

fuzz:            ## libFuzzer over every CImaging decoder: make fuzz SECONDS=60 (per target)
	Fuzz/run-fuzzers.sh $(or $(SECONDS),60)

sanitize:        ## The tests under AddressSanitizer, and the concurrent parts under ThreadSanitizer
	Scripts/sanitize.sh

bench:           ## Decode, thumbnail, catalog, four-cut and GIF benchmarks (builds the corpus once)
	Scripts/bench.sh
	Scripts/bench-thumbs.sh
	Scripts/bench-index.sh
	Scripts/bench-fourcut.sh
	Scripts/bench-gif.sh
	Scripts/bench-phone.sh
	Scripts/bench-process.sh

bench-thumbs:    ## Thumbnail benchmark against vipsthumbnail and djpeg, with quality
	Scripts/bench-thumbs.sh

bench-process:   ## filmroll process on the 48 photos against thumbs alone; re-runs; 10,000 small photos
	Scripts/bench-process.sh

bench-phone:     ## Phone photos (P3 JPEG, HEIC, AVIF, WebP) against vipsthumbnail, with colour error
	Scripts/bench-phone.sh

bench-gif:       ## GIF benchmark: 24 1080p PNG frames -> 480x270 GIF against ffmpeg (+ gifsicle -O3), with PSNR
	Scripts/bench-gif.sh

bench-index:     ## Catalog benchmark: first index of 48 12 MP photos, re-index of 10,000 small ones
	Scripts/bench-index.sh

test-images:     ## Regenerate TestImages/ (needs Pillow)
	python3 Scripts/make-test-images.py

clean:
	rm -rf .build out

bench-fourcut:   ## A 600 dpi 4x6 four-cut print from four 12 MP photos
	Scripts/bench-fourcut.sh
