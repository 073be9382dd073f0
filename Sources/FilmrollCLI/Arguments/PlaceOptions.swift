import Filmroll

/// `--basemap FILE|none` and `--hide-places-near LAT,LON,KM|none`: what
/// `process` remembers for the folder (`FolderSettings`). Not given: the
/// remembered value; `none`: forget it.
struct PlaceOptions: OptionGroup {
    static let basemap = OptionSpec.value(
        "basemap", "FILE|none",
        "Draw the day maps over this OpenStreetMap extract (a PMTiles or MBTiles file of vector tiles), remembered for the folder; none forgets it.")
    static let hidePlacesNear = OptionSpec.value(
        "hide-places-near", "LAT,LON,KM|none",
        "Leave positions within KM kilometres of LAT,LON (a home) off every map, page, listing and copied original; repeat for several; remembered for the folder; none forgets them.")
    static let specs = [basemap, hidePlacesNear]

    var basemap: FolderSettings.Change<String> = .keep
    var hiddenPlaces: FolderSettings.Change<[HiddenPlace]> = .keep

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if let file = arguments.value(Self.basemap) {
            if file.isEmpty { throw UsageError("--basemap takes a FILE or none, not ''") }
            basemap = file == "none" ? .forget : .set(file)
        }
        let given = arguments.values[Self.hidePlacesNear.name] ?? []
        if given.isEmpty { return }
        if given.contains("none") {
            guard given.count == 1 else { throw UsageError("--hide-places-near none forgets the hidden places: give it alone") }
            hiddenPlaces = .forget
            return
        }
        var places: [HiddenPlace] = []
        for text in given {
            do throws(HiddenPlaceError) {
                places.append(try HiddenPlace(parsing: text))
            } catch {
                throw UsageError("--hide-places-near \(error.description)")
            }
        }
        hiddenPlaces = .set(places)
    }
}
