# fish completion for booking(1): the flags of `booking --help` (Modules/Launch/Options.swift).
# Installed by Tools/scripts/install.sh into share/fish/vendor_completions.d/booking.fish.
complete -c booking -f
complete -c booking -l data-dir -r -F -a '(__fish_complete_directories)' -d 'Where records and the session are kept'
complete -c booking -l airline-dir -r -F -a '(__fish_complete_directories)' -d 'The airline shared by many travellers'
complete -c booking -l room -r -F -a '(__fish_complete_directories)' -d 'Serve an attendee of the workshop room at DIR'
complete -c booking -l attendee -x -d "The SHA256 fingerprint of the attendee's ssh key"
complete -c booking -n '__fish_use_subcommand' -a room -d "The workshop room's presenter view"
complete -c booking -n '__fish_seen_subcommand_from room' -a watch -d 'The room at DIR, live'
complete -c booking -l fresh -d 'Start at the search form, ignoring the saved session'
complete -c booking -l open -x -a 'booking://pay/ booking://search?' -d 'Open a link'
complete -c booking -l quote-ttl -x -d 'How long a price is held, in seconds (default 900)'
complete -c booking -l latency -x -d "The airline's answer time in ms (default 150-600)"
complete -c booking -l price-changes -x -a 'seeded always never' -d 'Which offers the airline re-prices when quoted'
complete -c booking -l lang -x -a 'en tr' -d 'English or Turkish'
complete -c booking -l theme -x -a 'auto dark light' -d 'Colours for a dark or a light background'
complete -c booking -l record -r -F -d 'Write every key with its time to FILE'
complete -c booking -l force -d 'Let --record or --journal replace FILE if it exists'
complete -c booking -l journal -r -F -d 'Write every action and every airline answer to FILE'
complete -c booking -l replay-journal -r -F -d 'Play a journal again and print its last screen'
complete -c booking -l replay -r -F -d 'Play a recording back'
complete -c booking -l speed -x -d 'Replay N times faster, 0.01 to 1000 (default 1)'
complete -c booking -l flow -x -a 'real bag' -d "real, or bag: the workshop's broken flow owner"
complete -c booking -l no-mouse -d 'Leave the mouse to the terminal'
complete -c booking -l diagram -x -a 'mermaid dot text compact' -d 'Print the flow as a diagram and exit'
complete -c booking -l version -d 'Print the version'
complete -c booking -s h -l help -d 'Print the help'
