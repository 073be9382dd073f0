/// A colour space's name as a person would say it. libjxl names the ICC
/// profile it makes for a JPEG XL's colour encoding by its parts,
/// "RGB_D65_DCI_Per_SRG" (colour space, white point, primaries, rendering
/// intent, transfer curve); the common ones are said here by their usual
/// names ("Display P3"), others by their parts in words.
public enum ColorSpaceName {
    /// `description` said plainly when it is one of libjxl's made-up names; else as it is.
    public static func readable(_ description: String) -> String {
        let parts = description.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        let intents = ["Per", "Rel", "Sat", "Abs"]
        // Grey has no primaries: "Gra_D65_Rel_SRG".
        if parts.count == 4, parts[0] == "Gra", intents.contains(parts[2]) {
            return "Greyscale" + (curveName(parts[3]).map { ", \($0)" } ?? "")
        }
        guard parts.count == 5, parts[0] == "RGB", intents.contains(parts[3]) else { return description }
        let (white, primaries, transfer) = (parts[1], parts[2], parts[4])
        switch (white, primaries, transfer) {
        case ("D65", "SRG", "SRG"): return "sRGB"
        case ("D65", "SRG", "Lin"): return "Linear sRGB"
        case ("D65", "SRG", "709"): return "Rec. 709"
        case ("D65", "DCI", "SRG"): return "Display P3"
        case ("D65", "DCI", "Lin"): return "Linear Display P3"
        case ("D65", "DCI", "PeQ"): return "Display P3 PQ"
        case ("D65", "DCI", "HLG"): return "Display P3 HLG"
        case ("DCI", "DCI", "DCI"): return "DCI-P3"
        case ("D65", "202", "PeQ"): return "Rec. 2100 PQ"
        case ("D65", "202", "HLG"): return "Rec. 2100 HLG"
        case ("D65", "202", "Lin"): return "Linear Rec. 2020"
        case ("D65", "202", "709"), ("D65", "202", "SRG"): return "Rec. 2020"
        default:
            let named = [primariesName(primaries), curveName(transfer)].compactMap { $0 }
            return named.count == 2 ? named.joined(separator: ", ") : description
        }
    }

    private static func primariesName(_ code: String) -> String? {
        switch code {
        case "SRG": "sRGB primaries"
        case "DCI": "P3 primaries"
        case "202": "Rec. 2020 primaries"
        default: nil
        }
    }

    private static func curveName(_ code: String) -> String? {
        switch code {
        case "SRG": "sRGB curve"
        case "Lin": "linear"
        case "709": "Rec. 709 curve"
        case "PeQ": "PQ"
        case "HLG": "HLG"
        case "DCI": "DCI curve"
        default: code.hasPrefix("g") ? "gamma \(code.dropFirst())" : nil
        }
    }
}
