/// A day's places as its page lists them: names that end alike are said
/// once with their shared end, "Kaartinkaupunki, Kluuvi (Helsinki, Uusimaa,
/// Finland)", not each in full; a name alone in its group stays whole.
enum DayPlaceNames {
    /// The groups of `names` (distinct, in the order given), each one line.
    static func grouped(_ names: [String]) -> [String] {
        var groups: [(tail: String?, heads: [String])] = []
        var groupOfTail: [String: Int] = [:]
        for name in names {
            guard let comma = name.firstRange(of: ", ") else {
                groups.append((nil, [name]))
                continue
            }
            let tail = String(name[comma.upperBound...]), head = String(name[..<comma.lowerBound])
            if let group = groupOfTail[tail] {
                groups[group].heads.append(head)
            } else {
                groupOfTail[tail] = groups.count
                groups.append((tail, [head]))
            }
        }
        return groups.map { group in
            guard let tail = group.tail else { return group.heads[0] }
            return group.heads.count == 1 ? group.heads[0] + ", " + tail : group.heads.joined(separator: ", ") + " (" + tail + ")"
        }
    }
}
