#!/usr/bin/env bash
# Builds `booking` and `booking-cli` in release mode with the Swift runtime linked in
# (--static-swift-stdlib: no Swift toolchain needed where they run), strips them with their
# debug info kept aside, and installs them with both man pages and the bash, zsh and fish
# completions under PREFIX, where each shell looks.
#
# What the installed binaries still load from the system (`ldd`): libstdc++.so.6,
# libgcc_s.so.1, libm.so.6, libc.so.6 and libcrypto.so.3, and for `booking` libncursesw.so.6
# and libtinfo.so.6 (on Debian: libstdc++6, libgcc-s1, libc6, libssl3, libncursesw6, libtinfo6).
#
# Usage: Tools/scripts/install.sh [--debug] [PREFIX]   (default PREFIX: $HOME/.local)
#        Tools/scripts/install.sh --uninstall [PREFIX]
#
# --debug links the debug build of `swift build` instead of a release build of its own: the same
# install in seconds (only the two links are new), for CI's check of what is installed.
# --uninstall removes what an install into PREFIX put there (the list it wrote in
# PREFIX/lib/booking/installed), and the folders it made that are empty again.
set -euo pipefail
cd "$(dirname "$0")/../.."

mode=release
case "${1:-}" in
  --uninstall | --debug)
    mode="${1#--}"
    shift
    ;;
  -h | --help)
    sed -n '/^# Usage:/,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 0
    ;;
  -*)
    echo "install.sh: unknown option '$1' (see --help)" >&2
    exit 64
    ;;
esac
[ "$#" -le 1 ] || {
  echo "install.sh: one PREFIX at most (see --help)" >&2
  exit 64
}
prefix="${1:-$HOME/.local}"
case "$prefix" in
  /*) ;;
  *) prefix="$PWD/$prefix" ;;
esac
manifest="$prefix/lib/booking/installed"

if [ "$mode" = uninstall ]; then
  if [ ! -f "$manifest" ]; then
    echo "install.sh: nothing to remove: $manifest (written by an install) is not there" >&2
    exit 1
  fi
  made="$(sed -n 's/^dir //p' "$manifest.dirs" 2>/dev/null | sort -r)"
  echo "removed:"
  while IFS= read -r line; do
    path="${line#file }"
    if [ -e "$path" ]; then
      rm -f -- "$path"
      echo "  $path"
    fi
  done <"$manifest"
  rm -f -- "$manifest" "$manifest.dirs"
  echo "  $manifest"
  # The folders the install made, deepest first, when they are empty again.
  while IFS= read -r path; do
    if [ -n "$path" ] && rmdir -- "$path" 2>/dev/null; then echo "  $path/"; fi
  done <<<"$made"
  exit 0
fi

command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
# The static FoundationEssentials may need the two libraries it is built on; named for the linker.
flags=(--static-swift-stdlib -Xlinker -l_FoundationCollections -Xlinker -l_FoundationCShims)
if [ "$mode" = release ]; then
  # A build directory of its own (.build/static): the usual .build/release stays as it was.
  flags=(-c release --scratch-path .build/static "${flags[@]}")
fi
echo "install.sh: when it links, the linker warns that \`mktemp' is dangerous (once per binary): glibc says so of" \
  "every program that links it; FoundationEssentials' atomic file write calls it and then opens" \
  "the name with O_CREAT|O_EXCL, retrying, as mkstemp does."
swift build "${flags[@]}" --product booking
swift build "${flags[@]}" --product booking-cli
bin="$(swift build "${flags[@]}" --show-bin-path)"

for name in booking booking-cli; do
  if ldd "$bin/$name" | grep -E 'libswift|libFoundation|libdispatch'; then
    echo "install.sh: $bin/$name still links the Swift libraries above dynamically" >&2
    exit 1
  fi
done

# Every folder the install needs, and the ones of them that it makes (removed by --uninstall
# when they are empty again).
folders=("$prefix/bin/.debug" "$prefix/lib/booking" "$prefix/share/man/man1"
  "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions"
  "$prefix/share/fish/vendor_completions.d")
made=()
for folder in "${folders[@]}"; do
  missing="$folder"
  while [ ! -d "$missing" ]; do
    made+=("$missing")
    missing="$(dirname "$missing")"
  done
done
for folder in "${folders[@]}"; do install -d "$folder"; done

# Stripped binaries, each with a .gnu_debuglink to its debug info in bin/.debug, where gdb and
# lldb look for it next to the binary.
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
installed=()
for name in booking booking-cli; do
  objcopy --only-keep-debug "$bin/$name" "$stage/$name.debug"
  strip --strip-all -o "$stage/$name" "$bin/$name"
  (cd "$stage" && objcopy --add-gnu-debuglink="$name.debug" "$name")
  install -m 0755 "$stage/$name" "$prefix/bin/$name"
  install -m 0644 "$stage/$name.debug" "$prefix/bin/.debug/$name.debug"
  installed+=("$prefix/bin/$name" "$prefix/bin/.debug/$name.debug")
  echo "$name: $(stat -c %s "$bin/$name") bytes built, $(stat -c %s "$prefix/bin/$name")" \
    "installed (stripped), debug info in $prefix/bin/.debug/$name.debug"
done
for name in booking booking-cli; do
  install -m 0644 "docs/$name.1" "$prefix/share/man/man1/$name.1"
  install -m 0644 "Tools/completions/$name.bash" \
    "$prefix/share/bash-completion/completions/$name"
  install -m 0644 "Tools/completions/_$name" "$prefix/share/zsh/site-functions/_$name"
  install -m 0644 "Tools/completions/$name.fish" \
    "$prefix/share/fish/vendor_completions.d/$name.fish"
  installed+=("$prefix/share/man/man1/$name.1" "$prefix/share/bash-completion/completions/$name"
    "$prefix/share/zsh/site-functions/_$name" "$prefix/share/fish/vendor_completions.d/$name.fish")
done
printf 'file %s\n' "${installed[@]}" >"$manifest"
{
  [ -f "$manifest.dirs" ] && cat "$manifest.dirs"
  [ "${#made[@]}" -eq 0 ] || printf 'dir %s\n' "${made[@]}"
} | sort -u >"$manifest.dirs.new"
mv "$manifest.dirs.new" "$manifest.dirs"
echo "installed (listed in $manifest; Tools/scripts/install.sh --uninstall $prefix removes them):"
printf '  %s\n' "${installed[@]}"

# Where each shell finds completions without being told (read from bash-completion 2.11's
# __load_completion, as Debian 12 has it, and fish 3.6's config.fish; zsh is asked for its
# fpath): when PREFIX is not one of them, say what to add.
share="$prefix/share"
user_share="${XDG_DATA_HOME:-$HOME/.local/share}"
echo "turning the completions on:"
case ":$user_share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}:" in
  *":$share:"*)
    if [ -f /usr/share/bash-completion/bash_completion ]; then
      echo "  bash: on (bash-completion loads $share/bash-completion/completions)"
    else
      echo "  bash: on once the bash-completion package is installed (apt-get install bash-completion)"
    fi
    ;;
  *)
    echo "  bash: add to ~/.bashrc: for f in $share/bash-completion/completions/booking*; do . \"\$f\"; done"
    echo "        (bash-completion 2.12 and later also look there by themselves once $prefix/bin is on PATH)"
    ;;
esac
zsh_path="$(zsh -fc 'print -l $fpath' 2>/dev/null || printf '%s\n' /usr/local/share/zsh/site-functions)"
if printf '%s\n' "$zsh_path" | grep -qxF "$share/zsh/site-functions"; then
  echo "  zsh: on (compinit finds $share/zsh/site-functions)"
else
  echo "  zsh: add to ~/.zshrc, before compinit: fpath=($share/zsh/site-functions \$fpath)"
fi
case ":$user_share:${XDG_DATA_DIRS:-/usr/share}:" in
  *":$share:"*) echo "  fish: on once $prefix/bin is on PATH (it loads $share/fish/vendor_completions.d)" ;;
  *) echo "  fish: add to ~/.config/fish/config.fish: set -a fish_complete_path $share/fish/vendor_completions.d" ;;
esac
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "add $prefix/bin to PATH: then man finds the man pages in $prefix/share/man too" ;;
esac
