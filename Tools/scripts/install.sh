#!/usr/bin/env bash
# Builds `booking` and `booking-cli` in release mode with the Swift runtime linked in
# (--static-swift-stdlib: no Swift toolchain needed where they run, only libc and ncursesw),
# and installs them with the man page and the bash and zsh completions under PREFIX.
#
# Usage: Tools/scripts/install.sh [PREFIX]     (default: $HOME/.local)
set -euo pipefail
cd "$(dirname "$0")/../.."

prefix="${1:-$HOME/.local}"
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
# A build directory of its own (.build/static): the usual .build/release stays as it was.
# The static FoundationEssentials may need the two libraries it is built on; named for the linker.
flags=(-c release --static-swift-stdlib --scratch-path .build/static
  -Xlinker -l_FoundationCollections -Xlinker -l_FoundationCShims)
swift build "${flags[@]}" --product booking
swift build "${flags[@]}" --product booking-cli
bin="$(swift build "${flags[@]}" --show-bin-path)"

if ldd "$bin/booking" | grep -q 'libswift'; then
  echo "install.sh: $bin/booking still links the Swift runtime dynamically" >&2
  exit 1
fi

install -d "$prefix/bin" "$prefix/share/man/man1" \
  "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions"
install -m 0755 "$bin/booking" "$prefix/bin/booking"
install -m 0755 "$bin/booking-cli" "$prefix/bin/booking-cli"
install -m 0644 docs/booking.1 "$prefix/share/man/man1/booking.1"
install -m 0644 Tools/completions/booking.bash "$prefix/share/bash-completion/completions/booking"
install -m 0644 Tools/completions/_booking "$prefix/share/zsh/site-functions/_booking"

echo "installed:"
echo "  $prefix/bin/booking"
echo "  $prefix/bin/booking-cli"
echo "  $prefix/share/man/man1/booking.1"
echo "  $prefix/share/bash-completion/completions/booking"
echo "  $prefix/share/zsh/site-functions/_booking"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "add $prefix/bin to PATH (and $prefix/share/man to MANPATH if man does not find it)" ;;
esac
