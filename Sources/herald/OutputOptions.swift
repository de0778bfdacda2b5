import ArgumentParser

/// Options every command that prints results shares.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false
}
