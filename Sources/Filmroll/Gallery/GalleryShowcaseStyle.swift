/// The rules in style.css that show photos large: a day's four-cut sheet at
/// the column's width (up to its own size, `DayPage`'s inline max-width; its
/// space reserved by its width and height) with its animation and map
/// beside it on a wide screen and below it on a phone, and the index's
/// recent days and months as tiles of their covers.
enum GalleryShowcaseStyle {
    static let rules = """

        /* A day's sheet, animation and map. */
        .highlights {
          display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr));
          gap: 1.5rem 2.5rem; align-items: start;
        }
        .highlight { min-width: 0; }
        .highlights .highlight img, .highlights .highlight video { width: 100%; height: auto; max-height: none; }
        @media (min-width: 60rem) {
          .highlights.with-sheet { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
          .highlights.with-sheet > .four-cut { grid-row: span 3; }
        }

        /* The animation's pause button (added by the script) sits over it, so nothing below moves. */
        .highlight:has(> button.toggle) { position: relative; }
        .highlight > button.toggle { position: absolute; inset-inline-start: 0.5rem; bottom: 0.5rem; margin: 0; }

        /* The index's recent days and months. */
        section.recent-days, section.months { margin: 0 0 2.5rem; }
        section.recent-days > h2, section.months > h2 { font-size: 1.5rem; margin: 0 0 0.75rem; }
        ul.day-tiles {
          list-style: none; margin: 0; padding: 0; display: grid; gap: 0.75rem;
          grid-template-columns: repeat(auto-fill, minmax(min(15rem, 44vw), 1fr));
        }
        ul.day-tiles a { display: block; color: var(--text); text-decoration: none; border-radius: 4px; }
        ul.day-tiles a:hover .name, ul.day-tiles a:focus-visible .name { text-decoration: underline; }
        ul.day-tiles img {
          width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 4px; background: var(--accent-surface); margin: 0 0 0.35rem;
        }
        ul.day-tiles .name { display: block; font-weight: 600; }
        ul.day-tiles .count { display: block; font-size: 0.875rem; color: var(--muted); }
        p.calendar-link { margin: 0.75rem 0 0; }

        """
}
