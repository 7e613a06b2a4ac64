#!/usr/bin/env bash
# Writes the flow's diagram for the docs from the flow owner's own table: docs/images/flow.dot
# (`booking --diagram dot`, which a test compares with the table) and, when Graphviz's `dot` is
# installed (Debian's graphviz), docs/images/flow.svg rendered from it.
#
#   Tools/scripts/diagram.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
swift build --product booking 2>&1 | grep -E "error|warning:" || true
"$(swift build --show-bin-path)/booking" --diagram dot > docs/images/flow.dot
echo "wrote docs/images/flow.dot"
if command -v dot >/dev/null 2>&1; then
  dot -Tsvg docs/images/flow.dot > docs/images/flow.svg
  echo "wrote docs/images/flow.svg"
else
  echo "Graphviz's dot is not installed (apt-get install graphviz): docs/images/flow.svg is as it was"
fi
