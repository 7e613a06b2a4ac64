import BookingCommands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A reader that goes away (output piped into `head`) must fail the write, not kill the process
// half-way through a payment: the commands end the process by SIGPIPE at the write that fails.
signal(SIGPIPE, SIG_IGN)
exit(await BookingCLI.main(Array(CommandLine.arguments.dropFirst())))
