extension String {
    /// The text with the list of formats in "not an image Filmroll reads (…)"
    /// elided: the list grows with the registry (a test may register a
    /// decoder of its own while others run), the rest of the line must not.
    public var formatListElided: String {
        replacing(/not an image Filmroll reads \([^)\n]*\)/, with: "not an image Filmroll reads (…)")
    }
}
