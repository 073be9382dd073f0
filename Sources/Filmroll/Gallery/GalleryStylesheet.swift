/// style.css: a responsive grid, readable contrast in light and dark
/// schemes, visible focus, no web fonts and nothing fetched from the network.
/// Its first line is the gallery's mark (`GalleryMark.stylesheet`).
enum GalleryStylesheet {
    static let css = GalleryMark.stylesheet.text + "\n" + rules + GalleryViewerStyle.rules + GalleryShowcaseStyle.rules

    /// The rules, as Filmroll wrote them alone before the stylesheet carried the mark.
    static let rules = """
        :root {
          color-scheme: light dark;
          --text: #1b1b1f;
          --muted: #53535c;
          --background: #fbfbfd;
          --surface: #ffffff;
          --line: #d5d5dd;
          --accent: #0a55c2;
          --accent-surface: #e4edfb;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --text: #ececf1;
            --muted: #b0b0bb;
            --background: #121214;
            --surface: #1d1d21;
            --line: #3a3a42;
            --accent: #8cb8ff;
            --accent-surface: #1c2a44;
          }
        }
        *, *::before, *::after { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0 auto;
          padding: 1rem clamp(0.75rem, 3vw, 2rem) 3rem;
          max-width: 72rem;
          font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK KR", "Apple SD Gothic Neo", sans-serif;
          line-height: 1.5;
          color: var(--text);
          background: var(--background);
        }
        a { color: var(--accent); text-underline-offset: 0.15em; }
        a:focus-visible {
          outline: 3px solid var(--accent);
          outline-offset: 2px;
          border-radius: 2px;
        }
        img, video { max-width: 100%; height: auto; display: block; }
        h1 { font-size: clamp(1.5rem, 4vw, 2.25rem); line-height: 1.2; margin: 0.5rem 0 0.25rem; }
        h2 { font-size: 1.25rem; margin: 0; }
        .summary { color: var(--muted); margin: 0 0 1rem; }
        .skip {
          position: absolute; left: 0.5rem; top: -3rem;
          padding: 0.5rem 0.75rem; background: var(--surface); z-index: 1;
        }
        .skip:focus { top: 0.5rem; }
        .visually-hidden {
          position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
          overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
        }
        nav ul { list-style: none; margin: 0 0 1.5rem; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; }
        nav a { display: inline-block; padding: 0.25rem 0; }
        header.site { margin-bottom: 1rem; }
        header.site > a { font-weight: 600; }

        /* The calendars of the index and the month pages. */
        table.month {
          width: 100%;
          table-layout: fixed;
          border-collapse: collapse;
          margin: 0 0 2.5rem;
          background: var(--surface);
        }
        table.month caption { text-align: start; padding: 0 0 0.5rem; }
        table.month caption h2 { display: inline; }
        table.month caption .count { color: var(--muted); margin-inline-start: 0.5rem; }
        table.month th {
          font-weight: 600; color: var(--muted); padding: 0.25rem; border-bottom: 1px solid var(--line);
        }
        table.month abbr { text-decoration: none; }
        table.month td {
          vertical-align: top; height: 4.5rem; padding: 0.25rem;
          border: 1px solid var(--line); color: var(--muted); overflow-wrap: anywhere;
        }
        table.month td.outside { background: var(--background); }
        table.month td.has-photos { padding: 0; background: var(--accent-surface); }
        td.has-photos a { display: block; padding: 0.25rem; height: 100%; color: var(--text); text-decoration: none; }
        td.has-photos a:hover .count, td.has-photos a:focus-visible .count { text-decoration: underline; }
        td.has-photos a:focus-visible { outline-offset: -3px; }
        td.has-photos img {
          width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 4px; margin: 0.15rem 0;
        }
        td .number { display: block; font-variant-numeric: tabular-nums; }
        td.has-photos .number { font-weight: 700; }
        td .count { display: block; font-size: 0.8rem; line-height: 1.2; }
        @media (max-width: 36rem) {
          table.month td { height: 3rem; padding: 0.1rem; font-size: 0.8rem; }
          td .count { font-size: 0.7rem; }
        }

        /* The day pages. */
        .highlights { display: flex; flex-wrap: wrap; gap: 1.5rem 2.5rem; margin: 0 0 2rem; align-items: flex-start; }
        .highlight { max-width: 100%; }
        .highlight h2 { margin-bottom: 0.5rem; }
        .highlight img, .highlight video { max-height: min(70vh, 32rem); width: auto; border-radius: 4px; }
        ul.photos {
          list-style: none; margin: 0.75rem 0 0; padding: 0;
          display: grid; gap: 1rem;
          grid-template-columns: repeat(auto-fill, minmax(min(12rem, 44vw), 1fr));
        }
        ul.photos figure { margin: 0; }
        ul.photos a { display: block; border-radius: 4px; position: relative; }
        .badge {
          display: inline-block; padding: 0.1rem 0.4rem; border-radius: 3px; font-size: 0.75rem; font-weight: 600;
          background: rgba(0, 0, 0, 0.72); color: #fff; letter-spacing: 0.03em;
        }
        ul.photos .badge { position: absolute; left: 0.4rem; bottom: 0.4rem; }
        ul.photos img {
          width: 100%; max-width: 16rem; aspect-ratio: 1; object-fit: contain; border-radius: 4px;
          background: var(--accent-surface);
        }
        ul.photos a:focus-visible, .highlight a:focus-visible { outline-offset: 3px; }
        .highlight a { display: inline-block; border-radius: 4px; }
        figcaption { font-size: 0.875rem; margin-top: 0.35rem; overflow-wrap: anywhere; }
        figcaption .name { display: block; font-weight: 600; }
        figcaption time, figcaption .camera { color: var(--muted); }
        figcaption time + .camera::before { content: "· "; }
        nav.days ul { justify-content: space-between; }
        nav.days .month { order: 0; }
        @media (prefers-reduced-motion: reduce) { html { scroll-behavior: auto; } }

        .highlight picture img { object-fit: cover; }
        .highlight object.map { display: block; width: 100%; height: auto; max-width: 40rem; border-radius: 4px; }
        .highlight object.map:focus, .highlight object.map:focus-within { outline: 3px solid var(--accent); outline-offset: 2px; }
        .highlight .play { display: none; margin: 0.5rem 0 0; }
        .highlight button.toggle {
          margin: 0.5rem 0 0; font: inherit; padding: 0.3rem 0.8rem; border-radius: 4px;
          border: 1px solid var(--line); background: var(--surface); color: var(--text); cursor: pointer;
        }
        .highlight button.toggle:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        @media (prefers-reduced-motion: reduce) { .highlight .play { display: block; } }
        section.library-map { margin: 0 0 2rem; }
        section.library-map img { width: 100%; height: auto; border-radius: 4px; margin-top: 0.5rem; }
        section.library-map object.map, section.trip-map object.map { display: block; width: 100%; height: auto; border-radius: 4px; margin-top: 0.5rem; }
        section.trip-map object.map { max-width: 50rem; }
        object.map:focus-within { outline: 3px solid var(--accent); outline-offset: 2px; }
        ul.map-places li:target { outline: 2px solid var(--accent); outline-offset: 3px; border-radius: 2px; }
        section.trips { margin: 0 0 2rem; } section.trips ul { padding-left: 1.2rem; margin: 0.5rem 0 0; }
        ol.trip-days { margin: 0.5rem 0 2rem; padding-left: 1.6rem; } ol.trip-days li { margin: 0 0 0.3rem; }
        p.trip { margin: 0 0 1rem; }
        ul.map-places { list-style: none; padding: 0; margin: 0.5rem 0 0; columns: 18rem; column-gap: 2rem; }
        ul.map-places li { break-inside: avoid; margin: 0 0 0.4rem; }
        ul.map-places .place-days { display: block; font-size: 0.85em; }
        .highlight .places { margin: 0.5rem 0 0; max-width: 40rem; }
        h2.year { font-size: 1.5rem; margin: 0 0 0.75rem; }
        table.month caption h3 { display: inline; font-size: 1.25rem; margin: 0; }
        section.on-this-day { margin: 0 0 2rem; }
        section.on-this-day ul { list-style: none; padding: 0; margin: 0.5rem 0 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; }
        section.on-this-day .count, h2 .count { color: var(--muted); font-size: 0.875rem; font-weight: 400; }

        /* The photo pages. */
        figure.photo { margin: 0 0 1.5rem; }
        figure.photo img {
          width: auto; max-width: 100%; max-height: 85vh; height: auto; margin: 0 auto; border-radius: 4px;
        }
        figure.photo video {
          display: block; max-width: 100%; max-height: 85vh; width: auto; height: auto; margin: 0 auto;
          border-radius: 4px; background: #000;
        }
        figure.photo video:focus-visible, figure.photo video:focus-within { outline: 3px solid var(--accent); outline-offset: 3px; }
        figure.photo .motion { position: relative; width: fit-content; max-width: 100%; margin: 0 auto; }
        figure.photo .motion img { display: block; }
        figure.photo video.motion-clip {
          position: absolute; inset: 0; width: 100%; height: 100%; max-height: none; object-fit: contain;
          opacity: 0; transition: opacity 0.2s; pointer-events: none; background: transparent;
        }
        figure.photo .motion.playing video.motion-clip { opacity: 1; }
        @media (prefers-reduced-motion: reduce) { figure.photo video.motion-clip { transition: none; } }
        figure.photo .play { text-align: center; margin: 0.5rem 0 0; }
        nav.photos-nav ul { justify-content: space-between; }
        nav.photos-nav .day { order: 0; }
        .details dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1.25rem; margin: 0.5rem 0 0; }
        .details dt { color: var(--muted); }
        .details dd { margin: 0; overflow-wrap: anywhere; }
        .details .note { color: var(--muted); }
        .guess { color: var(--muted); margin-inline-start: 0.15em; text-decoration: underline dotted; cursor: help; }
        @media (max-width: 36rem) { .details dl { grid-template-columns: 1fr; gap: 0 0; } .details dd { margin-bottom: 0.5rem; } }
        ul.problems { padding-inline-start: 1.25rem; }
        ul.problems .name { font-weight: 600; }
        ul.problems li { margin-block: 0 0.6rem; overflow-wrap: anywhere; }
        ul.problems .name, ul.problems .detail { display: block; }
        ul.problems .detail { color: var(--muted); font-size: 0.875rem; }
        ul.problems li.more, p.more { color: var(--muted); }
        p.more { margin: 0.5rem 0 1rem; }

        /* The years of the index, the year pages' months, the month pages. */
        nav.years .count { color: var(--muted); font-size: 0.875rem; }
        nav.pager ul { justify-content: space-between; }
        section.recent-months > h2 { font-size: 1.5rem; margin: 0 0 0.75rem; }
        ul.month-tiles {
          list-style: none; margin: 0.75rem 0 0; padding: 0;
          display: grid; gap: 1rem;
          grid-template-columns: repeat(auto-fill, minmax(min(10rem, 40vw), 1fr));
        }
        ul.month-tiles li { border: 1px solid var(--line); border-radius: 4px; background: var(--background); }
        ul.month-tiles li.empty { padding: 0.5rem; color: var(--muted); }
        ul.month-tiles a {
          display: block; height: 100%; padding: 0.5rem; border-radius: 4px;
          color: var(--text); text-decoration: none; background: var(--accent-surface);
        }
        ul.month-tiles a:hover .name, ul.month-tiles a:focus-visible .name { text-decoration: underline; }
        ul.month-tiles img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 4px; margin: 0 0 0.35rem; }
        ul.month-tiles .name { display: block; font-weight: 600; }
        ul.month-tiles .count { display: block; font-size: 0.875rem; color: var(--muted); }

        """
}
