# Convenience targets; each is a script in Scripts/ that works without make.
.PHONY: demo test bench bench-thumbs bench-index test-images clean

demo:            ## Build and run Filmroll on TestImages/ (output in out/)
	Scripts/demo.sh

test:            ## Install missing packages, build and run the tests
	Scripts/test.sh

bench:           ## Decode, thumbnail and catalog benchmarks (builds the corpus once)
	Scripts/bench.sh
	Scripts/bench-thumbs.sh
	Scripts/bench-index.sh

bench-thumbs:    ## Thumbnail benchmark against vipsthumbnail and djpeg, with quality
	Scripts/bench-thumbs.sh

bench-index:     ## Catalog benchmark: first index of 48 12 MP photos, re-index of 10,000 small ones
	Scripts/bench-index.sh

test-images:     ## Regenerate TestImages/ (needs Pillow)
	python3 Scripts/make-test-images.py

clean:
	rm -rf .build out
