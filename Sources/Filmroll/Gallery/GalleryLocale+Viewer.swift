/// The words of the full-screen viewer (`GalleryViewerMarkup`) and of the index's recent days, in each language.
extension GalleryLocale {
    var viewerLabel: String { self == .en ? "Photo viewer" : "사진 보기" }
    var viewerClose: String { self == .en ? "Close the viewer" : "보기 닫기" }
    var viewerPrevious: String { self == .en ? "Previous photo" : "이전 사진" }
    var viewerNext: String { self == .en ? "Next photo" : "다음 사진" }
    var viewerPlay: String { self == .en ? "Play the slideshow" : "슬라이드쇼 재생" }
    var viewerPause: String { self == .en ? "Pause the slideshow" : "슬라이드쇼 일시 정지" }
    var viewerDetails: String { self == .en ? "Details" : "자세히" }
    var viewerOpenDay: String { self == .en ? "Open the day" : "그날 보기" }
    var viewerMonthButton: String { self == .en ? "View the days full-screen" : "날마다 한 장씩 크게 보기" }
    var recentDaysHeading: String { self == .en ? "Recent days" : "최근 날들" }
    var calendarLink: String { self == .en ? "Calendar" : "달력" }
}
