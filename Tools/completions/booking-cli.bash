# bash completion for booking-cli(1): the commands and options of `booking-cli --help`
# (Apps/BookingCLI/main.swift). Installed by Tools/scripts/install.sh into
# share/bash-completion/completions/booking-cli.
_booking_cli() {
  local cur prev word command="" index=1
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD - 1]}"
  # The command is the first word that is neither an option nor an option's value.
  while [ "$index" -lt "$COMP_CWORD" ]; do
    word="${COMP_WORDS[index]}"
    case "$word" in
      --data-dir | --airline-dir | -n | --passengers | --adults | --children | --infants | --return | --sort | \
        --passenger | --email | --phone | --seat | --return-seat | --bags | --ttl | --price-changes)
        index=$((index + 1))
        ;;
      -*) ;;
      *)
        command="$word"
        break
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
      --phone | --seat | --return-seat | --bags | --ttl)
      return
      ;;
  esac
  local options="--data-dir --airline-dir --json --version -h --help"
  case "$command" in
    "")
      if [[ "$cur" != -* ]]; then
        mapfile -t COMPREPLY < <(
          compgen -W "airports search seats quote pay trips show session resolve help" -- "$cur")
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
    resolve) options+=" --charged --not-charged" ;;
  esac
  mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
}
complete -F _booking_cli booking-cli
