/// A write of a gallery after a few photos changed: of the pages of days
/// and photos, only those the change reaches are looked at (the changed
/// days' pages and maps, their photos' pages, the pages beside them that
/// link to them, their "On this day" pages), with the index, the year and
/// month pages and the library's map; so a change to one photo of 100,000
/// costs its own pages, not a pass over every page. The days outside the
/// scope may be summaries (`GalleryDay.summary`).
public struct GalleryScope: Sendable {
    /// The days whose photos changed, those now gone included.
    public var days: Set<DayDate>
    /// The pages of photos that are gone, deleted unless a photo has them now.
    public var removedPages: Set<String>
    /// The dates (month × 100 + day) whose "On this day" pages are looked at: by default those of `days`.
    public var monthDays: Set<Int>
    /// A shard's write (`process --shard`): the pages and maps of `days` and of
    /// their photos alone, not those beside them, and none of what spans days
    /// (the stylesheet, script, index, year, month, problems, Undated and "On
    /// this day" pages, the undated photos' pages, the library's map): those
    /// are the merge's, which the shard neither writes nor removes.
    public var onlyItsDays = false

    public init(days: Set<DayDate>, removedPages: Set<String> = [], monthDays: Set<Int>? = nil) {
        self.days = days
        self.removedPages = removedPages
        self.monthDays = monthDays ?? Set(days.map { $0.month * 100 + $0.day })
    }

    /// The positions in `days` (in date order) whose day pages the scope reaches: its days and the days beside them.
    func dayPositions(in days: [GalleryDay]) -> Set<Int> {
        var positions = Set<Int>()
        for date in self.days {
            let at = days.partitionPoint { $0.date < date }
            if onlyItsDays {
                if at < days.count && days[at].date == date { positions.insert(at) }
            } else if at < days.count && days[at].date == date {
                positions.formUnion([at - 1, at, at + 1])
            } else {
                positions.formUnion([at - 1, at])
            }
        }
        return positions.filter { days.indices.contains($0) }
    }

    /// The positions in `days` of the days of every trip a change in the
    /// scope's days may have reshaped, so that their pages name the trip as
    /// it now is (`ProcessScope.widenedForTrips` plans them in full); only
    /// days planned in full (a batch's others are summaries, written by their
    /// own batch), none when the scope is `onlyItsDays`.
    func tripDayPositions(in days: [GalleryDay], trips: [Trip]) -> Set<Int> {
        guard !onlyItsDays else { return [] }
        let reached = Set(trips.filter { trip in self.days.contains(where: trip.isReached) }.flatMap(\.days))
        return Set(days.indices.filter { reached.contains(days[$0].date) && days[$0].summary == nil })
    }

    /// The positions in `places` whose photo pages the scope reaches: the
    /// scope's days' photos and the photo before and after each run of them.
    func placePositions(in plan: GalleryPlan) -> Set<Int> {
        let places = plan.photoPlaces
        var positions = Set<Int>()
        for (position, place) in places.enumerated() where days.contains(plan.days[place.day].date) {
            positions.formUnion(onlyItsDays ? [position] : [position - 1, position, position + 1])
        }
        if onlyItsDays { return positions }
        // A day that is gone: the photos on either side of where it was now link to each other.
        for date in days where !plan.days.contains(where: { $0.date == date }) {
            let at = places.partitionPoint { plan.days[$0.day].date < date }
            positions.formUnion([at - 1, at])
        }
        return positions.filter { places.indices.contains($0) }
    }

    /// Whether an "On this day" page is reached: a changed day falls on its date.
    func reaches(_ group: OnThisDay) -> Bool {
        monthDays.contains(group.month * 100 + group.day)
    }
}

extension Array {
    /// The first index whose element is not `isBefore` (the elements ordered so).
    func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
