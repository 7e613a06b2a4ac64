import FaultLabCore
import FlowFaults
import Foundation

/// Prints `message` and the usage hint on stderr and exits with EX_USAGE.
func refuse(_ message: String) -> Never {
  FileHandle.standardError.write(Data("faultlab: \(message)\nTry 'faultlab --help'.\n".utf8))
  exit(64)
}

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  refuse(error.message)
}
if options.help {
  print(options.render(Options.usage))
  exit(0)
}

let lab = Lab()
do {
  if let checkName = options.check, let faultName = options.fault,
    let check = Check.named(checkName), let fault = FlowVersion.fault(named: faultName)
  {
    let cell = try await lab.contrast(check, fault)
    print(
      options.render(
        options.markdown
          ? cell.markdownExplanation(options.language) : cell.explanation(options.language)))
  } else {
    let lessons = LessonReport(try await lab.lessons())
    let language = options.language
    var parts: [String] = []
    if !options.lessonsOnly {
      let matrix = try await lab.matrix()
      parts.append(options.markdown ? matrix.markdown(language) : matrix.text(language))
    }
    parts.append(options.markdown ? lessons.markdown(language) : lessons.text(language))
    print(options.render(parts.joined(separator: "\n\n")))
  }
} catch {
  FileHandle.standardError.write(Data("faultlab: the fixtures did not build: \(error)\n".utf8))
  exit(70)
}
