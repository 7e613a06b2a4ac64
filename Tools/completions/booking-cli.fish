# fish completion for booking-cli(1): the commands and options of `booking-cli --help`
# (Apps/BookingCLI/Commands/BookingCLI.swift). Installed by Tools/scripts/install.sh into
# share/fish/vendor_completions.d/booking-cli.fish. The arguments that name an airport or an ID
# offer what the hidden `booking-cli __complete KIND PREFIX` prints (Apps/BookingCLI/Commands/Completion.swift):
# the built-in airports' codes, or the IDs in the data directory the command line names.
set -l commands airports search seats quote pay trips show cancel change session resolve help
complete -c booking-cli -f

function __booking_cli_argument --description 'Whether the token being completed is argument $argv[2] of command $argv[1]'
    set -l command
    set -l count 0
    set -l skip 0
    for token in (commandline -opc)[2..-1]
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $token
            case --data-dir --airline-dir -n --passengers --adults --children --infants --return --sort --passenger --email --phone --seat --return-seat --bags --ttl --price-changes --limit --confirm
                set skip 1
            case '-*'
            case '*'
                if test -z "$command"
                    set command $token
                else
                    set count (math $count + 1)
                end
        end
    end
    test "$command" = $argv[1] -a $count -eq (math $argv[2] - 1)
end

function __booking_cli_ids --description 'What booking-cli __complete $argv[1] offers, from the command line\'s data directory'
    set -l tokens (commandline -opc)
    set -l dirs
    set -l option
    for token in $tokens[2..-1]
        if set -q option[1]
            set -a dirs "$option="(string replace -r -- '^~' $HOME $token)
            set -e option
            continue
        end
        switch $token
            case --data-dir --airline-dir
                set option $token
            case '--data-dir=*' '--airline-dir=*'
                set -a dirs (string replace -r -- '=~' "=$HOME" $token)
        end
    end
    set -l program (string replace -r -- '^~' $HOME $tokens[1])
    command $program $dirs __complete $argv[1] (commandline -ct) 2>/dev/null
end

complete -c booking-cli -n '__booking_cli_argument airports 1' -a '(__booking_cli_ids airports)'
complete -c booking-cli -n '__booking_cli_argument search 1' -a '(__booking_cli_ids airports)'
complete -c booking-cli -n '__booking_cli_argument search 2' -a '(__booking_cli_ids airports)'
complete -c booking-cli -n '__booking_cli_argument seats 1' -a '(__booking_cli_ids offers)'
complete -c booking-cli -n '__booking_cli_argument quote 1' -a '(__booking_cli_ids offers)'
complete -c booking-cli -n '__booking_cli_argument pay 1' -a '(__booking_cli_ids quotes)'
complete -c booking-cli -n '__booking_cli_argument show 1' -a '(__booking_cli_ids bookings)'
complete -c booking-cli -n '__booking_cli_argument cancel 1' -a '(__booking_cli_ids bookings)'
complete -c booking-cli -n '__booking_cli_argument change 1' -a '(__booking_cli_ids bookings)'
complete -c booking-cli -n '__booking_cli_argument resolve 1' -a '(__booking_cli_ids drafts)'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a airports -d 'Airports matching a code, city or name'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a search -d 'Offers, cheapest first'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a seats -d 'The seat map of each flight of an offer'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a quote -d 'Passengers and contact saved as a draft, then priced'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a pay -d 'Pay a quote with a card read from standard input'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a trips -d 'The bookings, newest first'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a show -d 'One booking'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a cancel -d 'A quote for cancelling a booking, or its confirmation'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a change -d 'The flights a booking can move to, a change quote, or its confirmation'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a session -d 'Where booking would resume, and why'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a resolve -d 'Settle a payment whose charge record cannot be read'
complete -c booking-cli -l data-dir -r -F -a '(__fish_complete_directories)' -d 'Where records are kept'
complete -c booking-cli -l airline-dir -r -F -a '(__fish_complete_directories)' -d 'The airline shared by many travellers'
complete -c booking-cli -l json -d 'One JSON document on standard output'
complete -c booking-cli -l version -d 'Print the version'
complete -c booking-cli -s h -l help -d 'Print the help'
complete -c booking-cli -n '__fish_seen_subcommand_from search' -l return -x -d 'A round trip, back on that day (YYYY-MM-DD)'
complete -c booking-cli -n '__fish_seen_subcommand_from search' -l adults -x -d 'Adults, 12 or older (default 1)'
complete -c booking-cli -n '__fish_seen_subcommand_from search' -s n -l passengers -x -d 'Adults (older names of --adults)'
complete -c booking-cli -n '__fish_seen_subcommand_from search' -l children -x -d 'Children, 2 to 11'
complete -c booking-cli -n '__fish_seen_subcommand_from search' -l infants -x -d "Infants under 2, on an adult's lap"
complete -c booking-cli -n '__fish_seen_subcommand_from search' -l sort -x -a 'price departure duration' -d 'The order'
complete -c booking-cli -n '__fish_seen_subcommand_from search' -l nonstop -d 'Only flights without a stop'
complete -c booking-cli -n '__fish_seen_subcommand_from search' -l wide -d "Add the airline, the fare per adult and the arrival's date"
complete -c booking-cli -n '__fish_seen_subcommand_from quote' -l passenger -x -d 'A traveller: "Ms Ada Lovelace 1990-05-04"'
complete -c booking-cli -n '__fish_seen_subcommand_from quote' -l email -x -d "The contact's e-mail"
complete -c booking-cli -n '__fish_seen_subcommand_from quote' -l phone -x -d "The contact's phone"
complete -c booking-cli -n '__fish_seen_subcommand_from quote' -l seat -x -d 'A seat on the outbound: N:14A'
complete -c booking-cli -n '__fish_seen_subcommand_from quote' -l return-seat -x -d 'A seat on the return: N:20C'
complete -c booking-cli -n '__fish_seen_subcommand_from quote' -l bags -x -d 'Checked bags: N:COUNT'
complete -c booking-cli -n '__fish_seen_subcommand_from quote' -l insurance -d 'Travel insurance'
complete -c booking-cli -n '__fish_seen_subcommand_from quote' -l ttl -x -d 'How long the price is held (default 900)'
complete -c booking-cli -n '__fish_seen_subcommand_from quote' -l price-changes -x -a 'seeded always never' -d 'Which offers the airline re-prices'
complete -c booking-cli -n "not __fish_seen_subcommand_from $commands" -a help -d "A command's usage and an example"
complete -c booking-cli -n '__fish_seen_subcommand_from quote' -s q -l quiet -d "Print only the quote's ID"
complete -c booking-cli -n '__fish_seen_subcommand_from pay' -l card-from-stdin -d 'Read the card from standard input'
complete -c booking-cli -n '__fish_seen_subcommand_from pay' -s q -l quiet -d "Print only the booking's reference"
complete -c booking-cli -n '__fish_seen_subcommand_from trips' -l limit -x -d 'At most N bookings, newest first'
complete -c booking-cli -n '__fish_seen_subcommand_from trips' -l json-lines -d 'One booking a line, each a JSON object'
complete -c booking-cli -n '__fish_seen_subcommand_from resolve' -l charged -d 'The card was charged: write the booking'
complete -c booking-cli -n '__fish_seen_subcommand_from resolve' -l not-charged -d 'The card was not charged: the quote may be paid again'
complete -c booking-cli -n '__fish_seen_subcommand_from cancel' -l confirm -x -d 'Confirm the cancellation quote ID'
complete -c booking-cli -n '__fish_seen_subcommand_from cancel' -s q -l quiet -d "Print only the quote's ID, or the reference"
complete -c booking-cli -n '__fish_seen_subcommand_from change' -l date -x -d 'The new day of the flight (YYYY-MM-DD)'
complete -c booking-cli -n '__fish_seen_subcommand_from change' -l slice -x -a '1 2' -d 'The outbound (1) or the return (2)'
complete -c booking-cli -n '__fish_seen_subcommand_from change' -l flight -x -d 'Quote the change to this flight'
complete -c booking-cli -n '__fish_seen_subcommand_from change' -l offer -x -d 'Quote this change offer'
complete -c booking-cli -n '__fish_seen_subcommand_from change' -l confirm -x -d 'Confirm the change quote ID'
complete -c booking-cli -n '__fish_seen_subcommand_from change' -l card-from-stdin -d 'Read the card for a change that costs money from standard input'
complete -c booking-cli -n '__fish_seen_subcommand_from change' -s q -l quiet -d "Print only the IDs, or the reference"
