/// A trip: days away from home close together, which get one map and page
/// (`TripPage`, `TripMapFile`) and which their day pages link.
struct Trip: Sendable, Hashable {
    /// Its days with a position away from home, oldest first (at least two).
    var days: [DayDate]
    /// Where most of its days were spent ("Helsinki, Finland").
    var placeName: String

    var first: DayDate { days[0] }
    var last: DayDate { days[days.count - 1] }

    /// "trips/2025-04-10.html".
    var page: String { GalleryPaths.tripPage(first) }
    /// "trips/2025-04-10-map.svg".
    var map: String { GalleryPaths.tripMap(first) }

    /// The place's first part, "Helsinki" (the whole when it is coordinates).
    var shortPlaceName: String {
        guard !placeName.contains(where: \.isNumber), let comma = placeName.firstIndex(of: ",") else { return placeName }
        return String(placeName[..<comma])
    }

    /// "Helsinki, 10–13 April 2025".
    /// Whether a change on `date` may reshape this trip: it lies within the trip or a step from its ends.
    func isReached(from date: DayDate) -> Bool {
        let number = Trips.dayNumber(date)
        return number >= Trips.dayNumber(first) - Trips.largestStep && number <= Trips.dayNumber(last) + Trips.largestStep
    }

    func title(_ locale: GalleryLocale) -> String { locale.tripTitle(place: shortPlaceName, first: first, last: last) }
}

/// Finds the trips among a library's days from their photos' positions
/// (hidden places are already off them).
///
/// The rule: the library's places are its positions in clusters of 25 km
/// (`LibraryPlaces`); home is the place with the most days (a tie goes to
/// the place photographed first). A day with positions is away when more
/// than half of them lie outside home. A trip is a run of at least two away
/// days, each within two calendar days of the one before (a gap of at most
/// one day, with no photos or none with a position), with no day at home
/// between. It is named after the place where most of its days were spent
/// (a tie: the one with more of its photos, then the one seen first).
enum Trips {
    /// Away days further apart than this many calendar days are separate trips.
    static let largestStep = 2

    /// The trips of `days`, oldest first.
    static func of(_ days: [GalleryDay]) -> [Trip] {
        let (places, dayCounts) = LibraryPlaces.assigned(days)
        guard places.count > 1 else { return [] }
        var home = 0
        for index in places.indices where places[index].days.count > places[home].days.count { home = index }

        var trips: [Trip] = []
        var run: [(date: DayDate, counts: [Int: Int])] = []
        func close() {
            if run.count >= 2 { trips.append(Trip(days: run.map(\.date), placeName: places[mainPlace(of: run)].name)) }
            run.removeAll()
        }
        for day in dayCounts {
            let total = day.counts.values.reduce(0, +)
            let away = 2 * (total - day.counts[home, default: 0]) > total
            guard away else {
                close()
                continue
            }
            if let previous = run.last, dayNumber(day.date) - dayNumber(previous.date) > largestStep { close() }
            run.append(day)
        }
        close()
        return trips
    }

    /// The trip a day is part of, if any.
    static func trip(of date: DayDate, in trips: [Trip]) -> Trip? {
        trips.first { $0.first <= date && date <= $0.last && $0.days.contains(date) }
    }

    /// The place where most of `run`'s days were spent (a day's place: the one holding most of its positions).
    private static func mainPlace(of run: [(date: DayDate, counts: [Int: Int])]) -> Int {
        var days: [Int: Int] = [:], photos: [Int: Int] = [:]
        for day in run {
            let main = day.counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
            days[main, default: 0] += 1
            for (place, count) in day.counts { photos[place, default: 0] += count }
        }
        return days.keys.max { (days[$0]!, photos[$0] ?? 0, -$0) < (days[$1]!, photos[$1] ?? 0, -$1) }!
    }

    /// Days since 1 March of year 0 in the proleptic Gregorian calendar: the difference of two is the days between them.
    static func dayNumber(_ date: DayDate) -> Int {
        let year = date.month <= 2 ? date.year - 1 : date.year
        let month = (date.month + 9) % 12
        return 365 * year + year / 4 - year / 100 + year / 400 + (153 * month + 2) / 5 + date.day - 1
    }
}
