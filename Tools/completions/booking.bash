# bash completion for booking(1): the flags of `booking --help` (Modules/Launch/Options.swift).
# Installed by Tools/scripts/install.sh into share/bash-completion/completions/booking.
_booking() {
  local cur prev
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD - 1]}"
  case "$prev" in
    --data-dir | --airline-dir | --room)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
      return
      ;;
    --record | --replay | --journal | --replay-journal)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return
      ;;
    --lang)
      mapfile -t COMPREPLY < <(compgen -W "en tr" -- "$cur")
      return
      ;;
    --theme)
      mapfile -t COMPREPLY < <(compgen -W "auto dark light" -- "$cur")
      return
      ;;
    --flow)
      mapfile -t COMPREPLY < <(compgen -W "real bag" -- "$cur")
      return
      ;;
    --price-changes)
      mapfile -t COMPREPLY < <(compgen -W "seeded always never" -- "$cur")
      return
      ;;
    --diagram)
      mapfile -t COMPREPLY < <(compgen -W "mermaid dot text compact" -- "$cur")
      return
      ;;
    --open)
      mapfile -t COMPREPLY < <(compgen -W "booking://pay/ booking://search?" -- "$cur")
      return
      ;;
    --quote-ttl | --latency | --speed | --attendee)
      return
      ;;
  esac
  if [ "$COMP_CWORD" -eq 1 ] && [[ "room" == "$cur"* ]] && [[ "$cur" != -* ]]; then
    COMPREPLY=(room)
    return
  fi
  if [ "${COMP_WORDS[1]:-}" = room ]; then
    if [ "$COMP_CWORD" -eq 2 ]; then
      mapfile -t COMPREPLY < <(compgen -W "watch" -- "$cur")
    elif [ "$COMP_CWORD" -eq 3 ]; then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
    else
      mapfile -t COMPREPLY < <(compgen -W "--lang --theme" -- "$cur")
    fi
    return
  fi
  local flags="--data-dir --airline-dir --room --attendee --fresh --open --quote-ttl --latency --price-changes --lang --theme"
  flags+=" --record --force --replay --speed"
  flags+=" --journal --replay-journal --flow --no-mouse --diagram --version -h --help"
  mapfile -t COMPREPLY < <(compgen -W "$flags" -- "$cur")
}
complete -F _booking booking
