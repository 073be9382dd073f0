/// A fixed C text field (`char name[N]`) as a String: up to its first NUL,
/// invalid UTF-8 repaired, control characters dropped.
func cTextField<T>(_ field: T) -> String {
    withUnsafeBytes(of: field) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            .filter { !$0.isNewline && $0.asciiValue.map { $0 >= 0x20 } ?? true }
    }
}
