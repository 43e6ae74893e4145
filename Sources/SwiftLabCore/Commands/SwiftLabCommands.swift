extension CommandRegistry {
    /// Every `:` command of swiftlab, in the order `:help` lists them: the built-in ones
    /// (``standard``), the evaluation commands when a session runs (``EvaluationCommands``),
    /// `:reset` (``ResetCommand``),
    /// and the lesson commands (``LessonCommands``). The one place commands are gathered.
    public static func swiftlab(session: Session?, guide: LessonGuide) -> CommandRegistry {
        var registry = CommandRegistry.standard
        if let session { EvaluationCommands.register(in: &registry, session: session) }
        registry.register(ResetCommand.command(session: session, guide: guide))
        LessonCommands.register(in: &registry, guide: guide)
        return registry
    }
}
