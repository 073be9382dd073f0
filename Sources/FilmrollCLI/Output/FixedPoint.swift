/// `value` with exactly `digits` decimals ("37.56650"), without Foundation.
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale), fraction = scaled % Int(scale)
    let fractionText = String(fraction)
    let padded = String(repeating: "0", count: max(0, digits - fractionText.count)) + fractionText
    return (value < 0 && scaled != 0 ? "-" : "") + "\(whole)" + (digits > 0 ? "." + padded : "")
}
