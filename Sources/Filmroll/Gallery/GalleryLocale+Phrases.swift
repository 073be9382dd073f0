/// The labels and sentences of the pages, in each language.
extension GalleryLocale {
    /// "1 photo", "12 photos" / "12장".
    func photoCount(_ count: Int) -> String {
        switch self {
        case .en: count == 1 ? "1 photo" : "\(count) photos"
        case .ko: "\(count)장"
        }
    }

    /// "12 photos", "1 photo, 2 videos", "2 videos" / "사진 1장, 동영상 2개":
    /// what a day or a library holds, videos apart (a Live Photo is a photo).
    func itemCount(_ items: [GalleryPhoto]) -> String {
        let videos = items.filter { $0.motion?.kind == .video }.count
        return itemCount(photos: items.count - videos, videos: videos)
    }

    func itemCount(photos: Int, videos: Int) -> String {
        guard videos > 0 else { return photoCount(photos) }
        let videoText = switch self {
        case .en: videos == 1 ? "1 video" : "\(videos) videos"
        case .ko: "동영상 \(videos)개"
        }
        guard photos > 0 else { return videoText }
        return self == .en ? photoCount(photos) + ", " + videoText : "사진 \(photos)장, " + videoText
    }

    /// "1 day", "14 days" / "14일".
    func dayCount(_ count: Int) -> String {
        switch self {
        case .en: count == 1 ? "1 day" : "\(count) days"
        case .ko: "\(count)일"
        }
    }

    var photosHeading: String { self == .en ? "Photos" : "사진" }
    var fourCutHeading: String { self == .en ? "Four-cut sheet" : "네컷 사진" }
    var animationHeading: String { self == .en ? "Animation" : "애니메이션" }
    var monthsLabel: String { self == .en ? "Months" : "월별 보기" }
    var daysLabel: String { self == .en ? "Days" : "날짜 이동" }
    var previousDayPrefix: String { self == .en ? "Previous day: " : "이전 날: " }
    var nextDayPrefix: String { self == .en ? "Next day: " : "다음 날: " }
    var skipToContent: String { self == .en ? "Skip to content" : "본문으로 건너뛰기" }
    var noPhotos: String { self == .en ? "No photos yet." : "아직 사진이 없습니다." }
    var animationFallback: String { self == .en ? "Open the animation" : "애니메이션 열기" }

    /// The alt text of a day's four-cut sheet.
    func fourCutDescription(_ date: DayDate) -> String {
        switch self {
        case .en: "Four-cut sheet of \(dayTitle(date))"
        case .ko: "\(dayTitle(date))의 네컷 사진"
        }
    }

    /// The alt text of a day's animation.
    func animationDescription(_ date: DayDate) -> String {
        switch self {
        case .en: "Animation of the photos of \(dayTitle(date))"
        case .ko: "\(dayTitle(date)) 사진으로 만든 애니메이션"
        }
    }

    /// The alt text of a photo: its name and the time it was taken.
    func photoDescription(_ photo: GalleryPhoto) -> String {
        guard let taken = photo.taken, taken.hasTimeOfDay else { return photo.name }
        return "\(photo.name), \(time(taken))"
    }

    /// The problems page's title: what it lists when every entry is a photo shown with a warning.
    func problemsHeading(onlyWarnings: Bool) -> String {
        if onlyWarnings { return self == .en ? "Photos shown with a warning" : "경고와 함께 보여 준 사진" }
        return self == .en ? "Files not shown" : "보여 주지 못한 파일"
    }

    /// A section of the problems page: "2 photos could not be read".
    func problemsHeading(_ kind: GalleryProblem.Kind, count: Int) -> String {
        switch (self, kind) {
        case (.en, .unreadable): count == 1 ? "1 photo could not be read" : "\(count) photos could not be read"
        case (.en, .notMade): count == 1 ? "1 file could not be made" : "\(count) files could not be made"
        case (.en, .skipped): count == 1 ? "1 file is not a photo" : "\(count) files are not photos"
        case (.ko, .unreadable): "읽지 못한 사진 \(count)장"
        case (.ko, .notMade): "만들지 못한 파일 \(count)개"
        case (.ko, .skipped): "사진이 아닌 파일 \(count)개"
        case (.en, .warned): count == 1 ? "1 photo is shown with a warning" : "\(count) photos are shown with a warning"
        case (.ko, .warned): "경고와 함께 보여 준 사진 \(count)장"
        case (.en, .sidecar): count == 1 ? "1 edit or sidecar file beside its photo, left as it is"
                                         : "\(count) edit and sidecar files beside their photos, left as they are"
        case (.ko, .sidecar): "사진 옆의 편집·사이드카 파일 \(count)개는 그대로 두었습니다"
        }
    }

    /// The index's link to the problems page: "3 files not shown", and
    /// "1 photo with a warning" when some are shown despite damage.
    func problemsLink(_ count: Int, warned: Int = 0) -> String {
        let notShown = switch self {
        case .en: count == 1 ? "1 file not shown" : "\(count) files not shown"
        case .ko: "보여 주지 못한 파일 \(count)개"
        }
        let withWarning = switch self {
        case .en: warned == 1 ? "1 photo with a warning" : "\(warned) photos with a warning"
        case .ko: "경고가 있는 사진 \(warned)장"
        }
        return [count > 0 ? notShown : nil, warned > 0 ? withWarning : nil].compactMap { $0 }.joined(separator: ", ")
    }

    var playAnimation: String { self == .en ? "Play the animation" : "애니메이션 재생" }
    var pauseAnimation: String { self == .en ? "Pause the animation" : "애니메이션 멈춤" }
    var onThisDayHeading: String { self == .en ? "On this day" : "이날의 사진" }
    var yearsLabel: String { self == .en ? "Years" : "연도" }

    /// "On 10 April" / "4월 10일".
    func onThisDayTitle(month: Int, day: Int) -> String {
        switch self {
        case .en: "On \(day) \(Self.monthName(month))"
        case .ko: "\(month)월 \(day)일"
        }
    }

    /// "10 April" / "4월 10일", for the index's list.
    func monthDay(month: Int, day: Int) -> String {
        switch self {
        case .en: "\(day) \(Self.monthName(month))"
        case .ko: "\(month)월 \(day)일"
        }
    }

    /// "1 year", "3 years" / "3년".
    func yearCount(_ count: Int) -> String {
        switch self {
        case .en: count == 1 ? "1 year" : "\(count) years"
        case .ko: "\(count)년"
        }
    }

    var mapHeading: String { self == .en ? "Map" : "지도" }
    var placesHeading: String { self == .en ? "Places" : "장소" }
    var libraryMapDescription: String { self == .en ? "Map of the places where the photos were taken" : "사진을 찍은 곳 지도" }

    /// The alt text of a day's map.
    func mapDescription(_ date: DayDate) -> String {
        switch self {
        case .en: "Map of where the photos of \(dayTitle(date)) were taken, in time order"
        case .ko: "\(dayTitle(date)) 사진을 찍은 곳을 시간 순서로 잇는 지도"
        }
    }

    var tripsHeading: String { self == .en ? "Trips" : "여행" }
    var partOfTripPrefix: String { self == .en ? "Part of the trip " : "여행: " }

    /// "Helsinki, Finland and 2 places nearby" / "Helsinki, Finland 외 2곳": a marker of the index's map.
    func mergedPlaceName(_ name: String, others: Int) -> String {
        guard others > 0 else { return name }
        switch self {
        case .en: return name + (others == 1 ? " and 1 place nearby" : " and \(others) places nearby")
        case .ko: return "\(name) 외 \(others)곳"
        }
    }

    /// "Helsinki, 10–13 April 2025", "Seoul, 30 April – 2 May 2025", "Tokyo, 30 December 2024 – 2 January 2025" /
    /// "Helsinki, 2025년 4월 10–13일".
    func tripTitle(place: String, first: DayDate, last: DayDate) -> String {
        switch self {
        case .en:
            let end = "\(last.day) \(Self.monthName(last.month)) \(last.year)"
            if first.year != last.year { return "\(place), \(first.day) \(Self.monthName(first.month)) \(first.year) – \(end)" }
            if first.month != last.month { return "\(place), \(first.day) \(Self.monthName(first.month)) – \(end)" }
            return "\(place), \(first.day)–\(end)"
        case .ko:
            if first.year != last.year { return "\(place), \(first.year)년 \(first.month)월 \(first.day)일 – \(last.year)년 \(last.month)월 \(last.day)일" }
            if first.month != last.month { return "\(place), \(first.year)년 \(first.month)월 \(first.day)일 – \(last.month)월 \(last.day)일" }
            return "\(place), \(first.year)년 \(first.month)월 \(first.day)–\(last.day)일"
        }
    }

    /// The alt text of a trip's map.
    func tripMapDescription(_ title: String) -> String {
        switch self {
        case .en: "Map of the trip \(title), each day in its own colour and numbered"
        case .ko: "\(title) 여행 지도: 날마다 다른 색과 번호"
        }
    }

    /// "Day 2, Friday, 11 April 2025" / "2일째, 2025년 4월 11일 금요일": a day's badge on a trip's map.
    func tripDayLabel(number: Int, date: DayDate) -> String {
        switch self {
        case .en: "Day \(number), \(dayTitle(date))"
        case .ko: "\(number)일째, \(dayTitle(date))"
        }
    }
}
