extension String {
    /// The text without the spaces it ends with.
    func trimmingTrailingSpaces() -> String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
