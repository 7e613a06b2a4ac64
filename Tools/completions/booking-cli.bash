# bash completion for booking-cli(1): the commands and options of `booking-cli --help`
# (Apps/BookingCLI/Commands/BookingCLI.swift), and for the arguments, the airport codes and the data
# directory's IDs that the hidden `booking-cli __complete KIND PREFIX` prints
# (Apps/BookingCLI/Commands/Completion.swift). Installed by Tools/scripts/install.sh into
# share/bash-completion/completions/booking-cli.

# `word` as a path: quotes around it removed, a leading ~ made $HOME.
_booking_cli_path() {
  local path="$1"
  path="${path#[\"\']}"
  path="${path%[\"\']}"
  printf '%s' "${path/#\~/$HOME}"
}

# Sets COMPREPLY to what `booking-cli __complete KIND` offers for the word being completed,
# from the data directory the command line names (its --data-dir and --airline-dir), as the
# command typed would find it: the first field of each line (the rest describes it).
_booking_cli_ids() {
  local kind="$1" index=1 word value line dirs=()
  while [ "$index" -lt "$COMP_CWORD" ]; do
    word="${COMP_WORDS[index]}"
    case "$word" in
      --data-dir | --airline-dir)
        value="${COMP_WORDS[index + 1]}"
        # bash splits --data-dir=PATH at the = into three words.
        if [ "$value" = "=" ]; then
          index=$((index + 1))
          value="${COMP_WORDS[index + 1]}"
        fi
        if [ "$((index + 1))" -lt "$COMP_CWORD" ]; then
          dirs+=("$word=$(_booking_cli_path "$value")")
        fi
        index=$((index + 1))
        ;;
    esac
    index=$((index + 1))
  done
  COMPREPLY=()
  while IFS=$'\t' read -r line _; do
    [ -n "$line" ] && COMPREPLY+=("$line")
  done < <("$(_booking_cli_path "${COMP_WORDS[0]}")" "${dirs[@]}" __complete "$kind" "$cur" \
    2>/dev/null)
}

_booking_cli() {
  local cur prev word command="" index=1 position=0
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD - 1]}"
  # The command is the first word that is neither an option nor an option's value; `position`
  # counts the words after it before the one being completed (FROM is 0 and TO 1 for search).
  while [ "$index" -lt "$COMP_CWORD" ]; do
    word="${COMP_WORDS[index]}"
    case "$word" in
      --data-dir | --airline-dir | -n | --passengers | --adults | --children | --infants | --return | --sort | \
        --passenger | --email | --phone | --seat | --return-seat | --bags | --ttl | --price-changes | \
        --limit)
        index=$((index + 1))
        # bash splits --option=VALUE at the = into three words.
        [ "${COMP_WORDS[index]}" = "=" ] && index=$((index + 1))
        ;;
      -* | =) ;;
      *)
        if [ -z "$command" ]; then
          command="$word"
        else
          position=$((position + 1))
        fi
        ;;
    esac
    index=$((index + 1))
  done
  case "$prev" in
    --data-dir | --airline-dir)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
      return
      ;;
    --sort)
      mapfile -t COMPREPLY < <(compgen -W "price departure duration" -- "$cur")
      return
      ;;
    --price-changes)
      mapfile -t COMPREPLY < <(compgen -W "seeded always never" -- "$cur")
      return
      ;;
    -n | --passengers | --adults | --children | --infants | --return | --passenger | --email | \
      --phone | --seat | --return-seat | --bags | --ttl | --confirm)
      return
      ;;
  esac
  local kind=""
  if [[ "$cur" != -* ]]; then
    case "$command $position" in
      "airports 0" | "search 0" | "search 1") kind=airports ;;
      "seats 0" | "quote 0") kind=offers ;;
      "pay 0") kind=quotes ;;
      "show 0" | "cancel 0" | "change 0") kind=bookings ;;
      "resolve 0") kind=drafts ;;
    esac
  fi
  if [ -n "$kind" ]; then
    _booking_cli_ids "$kind"
    [ "${#COMPREPLY[@]}" -gt 0 ] && return
  fi
  local options="--data-dir --airline-dir --json --version -h --help"
  case "$command" in
    "")
      if [[ "$cur" != -* ]]; then
        mapfile -t COMPREPLY < <(
          compgen -W "airports search seats quote pay trips show cancel change session resolve help" -- "$cur")
        return
      fi
      ;;
    search)
      options+=" --return --adults --children --infants -n --passengers --sort --nonstop --wide"
      ;;
    quote)
      options+=" --passenger --email --phone --seat --return-seat --bags --insurance --ttl"
      options+=" --price-changes -q --quiet"
      ;;
    pay) options+=" --card-from-stdin -q --quiet" ;;
    trips) options+=" --limit --json-lines" ;;
    cancel) options+=" --confirm -q --quiet" ;;
    change) options+=" --date --slice --flight --offer --confirm --card-from-stdin -q --quiet" ;;
    resolve) options+=" --charged --not-charged" ;;
  esac
  mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
}
complete -F _booking_cli booking-cli
