import ArgumentParser

@main
struct HeraldCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "herald")
}
