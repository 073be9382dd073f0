#!/usr/bin/env bash
# The test suite under the sanitizers: every test with AddressSanitizer,
# then the batch, cache, pipeline and catalog tests with ThreadSanitizer.
# Separate build folders keep the normal build untouched.
#
#   Scripts/sanitize.sh [address|thread|all]      (default all)
set -euo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}
Scripts/install-deps.sh
# XCTest's own runner leaks a few objects at exit; nothing of ours is suppressed.
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan.supp:print_suppressions=0"
# The memory tests measure the peak resident set of the filmroll binary (here built with
# AddressSanitizer): a 32 MB quarantine, not the default 256 MB, so that freed images are
# not all held until the end and the peak is still the program's own.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=32"
if [[ $which == address || $which == all ]]; then
  # Every PNG inflated row by row by zlib here (the way huge PNGs go), so
  # the suite covers both of the plain PNG decoder's inflate paths.
  swift test --sanitize=address --scratch-path .build-asan -Xcc -DCIMG_PNG_WHOLE_INFLATE_MAX=0
fi
if [[ $which == thread || $which == all ]]; then
  swift test --sanitize=thread --scratch-path .build-tsan \
    --filter 'ThumbsCommandTests|ImagePipelineTests|LRUCacheTests|FolderIndexerTests|CatalogCommandTests|FourCutRendererTests|GIFAnimatorTests|GIFAnimationStreamTests|AnimationStreamingTests|VideoDecoderTests|WorkerThreadsTests|PlanExecutorTests'
fi
