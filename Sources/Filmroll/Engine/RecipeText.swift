import Imaging

/// The explicit, canonical text of a recipe's parameters: each field
/// named and written by the code that owns it, never by reflection
/// (`"\(options)"` would change every key when a field is renamed, added
/// or printed differently by another compiler).
enum RecipeText {
    /// `name` followed by its fields as one JSON object: every string
    /// escaped, so no value can be mistaken for a separator.
    static func fields(_ name: String, _ fields: [(String, JSONValue)]) -> String {
        name + " " + JSONValue.object(fields).rendered
    }

    /// Parameters of several parts, one per line.
    static func lines(_ parts: [String]) -> String { parts.joined(separator: "\n") }

    /// A sheet's caption: its title and date lines, or "-" for none.
    static func caption(_ caption: (title: String?, date: String?)?) -> String {
        guard let caption else { return "caption -" }
        return fields("caption", [("title", caption.title.map(JSONValue.string) ?? .null),
                                  ("date", caption.date.map(JSONValue.string) ?? .null)])
    }

    /// An animation's encoder: its format and every setting that changes its bytes
    /// (`AnimationWriting.recipeParameters(_:)`).
    static func encoder(_ writer: any AnimationWriting, _ options: AnimationOptions) -> String {
        fields("encoder", [("format", .string(writer.format.rawValue)), ("settings", json(writer.recipeParameters(options)))])
    }

    /// Named settings as a JSON object.
    static func json(_ parameters: [(name: String, value: EncodingParameter)]) -> JSONValue {
        .object(parameters.map { name, value in
            switch value {
            case .int(let number): (name, .int(number))
            case .double(let number): (name, .double(number))
            case .bool(let flag): (name, .bool(flag))
            case .text(let text): (name, .string(text))
            case .none: (name, .null)
            }
        })
    }

    /// How frames are sized and fitted (`AnimationFrames`), as `gif` and `video` read them.
    static func frames(_ frames: AnimationFrames, _ more: [(String, JSONValue)] = []) -> String {
        let sizing: JSONValue = switch frames.sizing {
        case .width(let pixels): .object([("width", .int(pixels))])
        case .height(let pixels): .object([("height", .int(pixels))])
        case .longestEdge(let pixels): .object([("edge", .int(pixels))])
        case nil: .null
        }
        return fields("frames", [("sizing", sizing), ("fit", .string(frames.fit.rawValue)),
                                 ("background", .string(hex(frames.background)))] + more)
    }

    /// A frame rate, "30000/1001".
    static func rate(_ rate: FrameRate) -> JSONValue { .string("\(rate.numerator)/\(rate.denominator)") }

    /// Everything in a video's options that changes its bytes.
    static func video(_ options: VideoOptions) -> String {
        let timing: JSONValue = switch options.timing {
        case .frameRate(let value): .object([("rate", rate(value))])
        case .milliseconds(let nominal): .object([("milliseconds", rate(nominal))])
        case let .ticks(numerator, denominator, nominal):
            .object([("tick", .string("\(numerator)/\(denominator)")), ("nominal", rate(nominal))])
        }
        return fields("video", [("timing", timing), ("crf", .double(options.crf)), ("preset", .string(options.preset.rawValue)),
                                ("threads", .int(options.threads)), ("lookahead", .int(options.lookahead)),
                                ("maxFrames", .int(options.maxFrames))])
    }

    /// "#rrggbb"
    static func hex(_ color: RGBColor) -> String {
        "#" + [color.red, color.green, color.blue].map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}

extension FourCutOptions {
    /// Everything in the options that shapes a sheet's pixels, field by field.
    var recipeText: String {
        let caption: JSONValue = switch self.caption {
        case .auto: .string("auto")
        case .none: .string("none")
        case .text(let text): .object([("text", .string(text))])
        }
        return RecipeText.fields("fourcut", [
            ("style", .string(style.rawValue)), ("sheet", .string(sheet.rawValue)), ("dpi", .int(dpi)),
            ("gap", gap.map(JSONValue.int) ?? .null), ("frame", .string(RecipeText.hex(frame))),
            ("radius", .int(cornerRadius)), ("caption", caption),
            ("dateFormat", dates.format.map(JSONValue.string) ?? .null), ("locale", .string(dates.locale.rawValue)),
            ("title", title.map(JSONValue.string) ?? .null), ("font", .string(font)), ("crop", .string(crop.rawValue)),
        ])
    }
}
