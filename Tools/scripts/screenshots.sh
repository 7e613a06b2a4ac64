#!/usr/bin/env bash
# Takes the README's screenshots: the real app in xterm under Xvfb, at 100x30, once on a dark and
# once on a light background, booked as far as the extras step (the seat map, with every earlier
# step's panel above it).
#
#   Tools/scripts/screenshots.sh [OUTPUT_DIR]    (default: docs/images)
#
# Needs Debian's xvfb, xterm, xdotool and imagemagick, and the DejaVu fonts; installs what is
# missing when run as root. Each step waits for the app's log to say the flow moved there.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

out="${1:-docs/images}"
mkdir -p "$out"

missing=()
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v xterm >/dev/null 2>&1 || missing+=(xterm)
command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
command -v import >/dev/null 2>&1 || missing+=(imagemagick)
fc-list 2>/dev/null | grep -q "DejaVu Sans Mono" || missing+=(fonts-dejavu-core)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "== installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

swift build --product booking 2>&1 | grep -E "error|warning:" || true
booking="$(swift build --show-bin-path)/booking"

scratch="$(mktemp -d)"
display=""
cleanup() {
  [ -n "${xterm_pid:-}" ] && kill "$xterm_pid" 2>/dev/null || true
  [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

# A display number no other X server holds.
for n in $(seq 70 99); do
  if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then display=":$n"; break; fi
done
[ -n "$display" ] || { echo "no free X display between :70 and :99" >&2; exit 1; }
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
export DISPLAY="$display"
for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.05; done

# Waits until the app's journal holds the airline's answer to a call whose key starts with $2
# ("offers", "seatMaps") and the app has taken a reply after it, or fails.
wait_answer() {
  local journal="$1" call="$2"
  for _ in $(seq 300); do
    awk -v call="\"key\":\"$call" 'index($0, call) { seen = 1; next } seen && /"reply"/ { found = 1 }
      END { exit found ? 0 : 1 }' "$journal" 2>/dev/null && return 0
    sleep 0.05
  done
  echo "the app never had the airline's answer to '$call'; its journal:" >&2
  cut -c1-200 "$journal" >&2 || true
  exit 1
}

# Waits until the app's log has a line matching $2 (the flow's path after a step), or fails.
wait_log() {
  local log="$1" pattern="$2"
  for _ in $(seq 300); do
    grep -q -- "$pattern" "$log" 2>/dev/null && return 0
    sleep 0.05
  done
  echo "the app never logged '$pattern'; its log:" >&2
  cat "$log" >&2 || true
  exit 1
}

keys() { xdotool key --delay 40 "$@"; }
type_text() { xdotool type --delay 25 "$1"; }

day="$(date -d "+22 days" +%F)"

shoot() {
  local theme="$1" background="$2" foreground="$3"
  local data="$scratch/$theme"
  mkdir -p "$data"
  local log="$data/log/booking.log"
  xterm -geometry 100x30 -fa "DejaVu Sans Mono" -fs 11 -bg "$background" -fg "$foreground" \
    -title "booking-$theme" -e env LANG=C.UTF-8 "$booking" --fresh --data-dir "$data" \
    --latency 0 --journal "$data/journal.jsonl" --theme "$theme" &
  xterm_pid=$!
  local window=""
  for _ in $(seq 200); do
    window="$(xdotool search --name "booking-$theme" 2>/dev/null | head -1 || true)"
    [ -n "$window" ] && break
    sleep 0.05
  done
  [ -n "$window" ] || { echo "xterm did not open" >&2; exit 1; }
  xdotool windowfocus --sync "$window" 2>/dev/null || true
  wait_log "$log" "start: booking"

  type_text ist; keys Return; type_text ams; keys Return ctrl+u; type_text "$day"; keys ctrl+s
  wait_answer "$data/journal.jsonl" offers
  keys Return
  wait_log "$log" "-> \[results, passengers\]"
  keys Right Right Right Tab
  type_text Ada; keys Tab; type_text Lovelace; keys Tab; type_text 1985-12-10; keys Tab
  type_text ada@example.com; keys Tab; type_text +31201234567; keys Tab Return
  wait_log "$log" "-> \[results, passengers, extras\]"
  wait_answer "$data/journal.jsonl" seatMaps
  # The cursor moves down three rows and takes that seat; the frame is on screen a moment later.
  keys Down Down Down Return
  sleep 0.3
  import -window "$window" "$out/booking-$theme.png"
  kill "$xterm_pid" 2>/dev/null || true
  wait "$xterm_pid" 2>/dev/null || true
  xterm_pid=""
  echo "wrote $out/booking-$theme.png"
}

shoot dark black "#e5e5e5"
shoot light white black
