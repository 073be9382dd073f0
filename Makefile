# Convenience targets; each is a script in Scripts/ that works without make.
.PHONY: demo test bench bench-thumbs test-images clean

demo:            ## Build and run Filmroll on TestImages/ (output in out/)
	Scripts/demo.sh

test:            ## Install missing packages, build and run the tests
	Scripts/test.sh

bench:           ## Decode and thumbnail benchmarks (builds the corpus once)
	Scripts/bench.sh
	Scripts/bench-thumbs.sh

bench-thumbs:    ## Thumbnail benchmark against vipsthumbnail and djpeg, with quality
	Scripts/bench-thumbs.sh

test-images:     ## Regenerate TestImages/ (needs Pillow)
	python3 Scripts/make-test-images.py

clean:
	rm -rf .build out
