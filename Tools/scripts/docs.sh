#!/usr/bin/env bash
# API documentation for the modules a reuser imports, made with the docc that ships in the
# toolchain from symbol graphs of the built modules: no plugin package is needed.
#
#   Tools/scripts/docs.sh [OUTPUT]      (default .build/docs; builds the package first)
#
# Each module becomes a static site in OUTPUT/<Module>; browse one with
#   python3 -m http.server -d OUTPUT/Domain 8000   ->  http://localhost:8000/documentation/domain
# Any docc warning (a broken ``Symbol`` link in a doc comment, say) fails the script.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

output="${1:-.build/docs}"
modules=(Domain Zones Persistence Airline AirlineTesting FlowOwner SimulatedAirline Runtime Widgets Words)

swift build >/dev/null
bin="$(swift build --show-bin-path)"
triple="$(uname -m)-unknown-linux-gnu"
[ "$(uname -s)" = "Darwin" ] && triple="$(uname -m)-apple-macosx15.0"
graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT

for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  # SimulatedAirline imports the system's libcrypto through CCrypto's module map.
  swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -I Modules/CCrypto \
    -target "$triple" \
    -minimum-access-level public -output-dir "$graphs/$module"
  rm -rf "${output:?}/$module"
  mkdir -p "$output"
  docc convert --additional-symbol-graph-dir "$graphs/$module" --output-path "$output/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "booking.$module" \
    --fallback-bundle-version 0.1.0 --warnings-as-errors >"$graphs/$module.log" 2>&1 || {
    cat "$graphs/$module.log"
    echo "docs: docc found problems in $module's documentation (above)."
    exit 1
  }
  echo "docs: $module -> $output/$module/documentation/$(echo "$module" | tr '[:upper:]' '[:lower:]')"
done
