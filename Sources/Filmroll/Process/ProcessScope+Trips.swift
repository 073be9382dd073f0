import Catalog
import Files

extension ProcessScope {
    /// This scope with the days of every trip a change may have reshaped
    /// (the change lies within the trip's reach) planned in full, so that
    /// each of their pages names its trip as it now is; nil when the set of
    /// trip pages itself changes (a trip begins, ends or starts on another
    /// day), where days far from the change would link a page that is gone.
    func widenedForTrips(catalog: Catalog, out: String, hiddenPlaces: HiddenPlaces) throws(DatabaseError) -> ProcessScope? {
        let positions = try catalog.positionsByDay()
        let days = itemDays.compactMap { item -> GalleryDay? in
            guard let date = DayDate(iso: item.day) else { return nil }
            var day = GalleryDay(date: date, photos: [])
            let route = (positions[item.day] ?? []).filter { !hiddenPlaces.hides(latitude: $0.latitude, longitude: $0.longitude) }
            day.summary = GalleryDay.Summary(count: ItemCount(photos: item.items - item.videos, videos: item.videos),
                                             route: route.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) })
            return day
        }
        let trips = Trips.of(days)
        let written = Folders.names(in: out + "/" + GalleryPaths.tripsFolder)
            .filter { !$0.hasPrefix(".") && $0.hasSuffix(".html") }.map { GalleryPaths.tripsFolder + "/" + $0 }
        guard Set(written) == Set(trips.map(\.page)) else { return nil }
        let changed = changedDays.compactMap { DayDate(iso: $0) }
        var widened = self
        for trip in trips where changed.contains(where: trip.isReached) { widened.fullDays.formUnion(trip.days.map(\.iso)) }
        return widened
    }
}
