#!/usr/bin/env bash
# The sh_test of BUILD.bazel: runs the specs with the shard Bazel chose. myapp-nav reads
# TEST_SHARD_INDEX, TEST_TOTAL_SHARDS, TEST_SHARD_STATUS_FILE and XML_OUTPUT_FILE itself.
set -euo pipefail
# In Bazel's runfiles tree the package's files are under $TEST_SRCDIR/$TEST_WORKSPACE; run from
# a checkout (MYAPP_DIR), from there.
cd "${MYAPP_DIR:-${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-}}"
exec "${MYAPP_NAV:-.build/debug/myapp-nav}" test specs/ --no-progress
