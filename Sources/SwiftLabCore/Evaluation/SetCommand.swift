/// `:set swift-version 5|6`: the language mode of later inputs (`swiftlab --swift-version`).
enum SetCommand {
    static func command(_ session: Session) -> Command {
        Command(
            name: "set", summary: "Change a setting: swift-version (the language mode of later inputs).",
            usage: ":set swift-version 5|6"
        ) { invocation in
            let words = invocation.arguments.split(separator: " ").map(String.init)
            guard words.count <= 2, words.first == "swift-version" else {
                invocation.print(invocation.style.error("':set' knows swift-version, as in ':set swift-version 5'."))
                return .continue
            }
            guard words.count == 2 else {
                invocation.print("swift-version \(session.swiftVersion)")
                return .continue
            }
            guard CompilerOptions.swiftVersions.contains(words[1]) else {
                invocation.print(
                    invocation.style.error(
                        "swift-version is one of \(CompilerOptions.swiftVersions.joined(separator: ", ")), as in ':set swift-version 5'."
                    ))
                return .continue
            }
            session.swiftVersion = words[1]
            invocation.print(invocation.style.secondary("Later inputs are compiled in Swift \(words[1]) mode."))
            return .continue
        }
    }
}
