/// The full-screen viewer's rules in style.css (`GalleryViewerScript`):
/// the photo as large as the screen allows on a dark ground in both
/// schemes, a bar of buttons big enough for a finger, visible focus.
enum GalleryViewerStyle {
    static let rules = """

        /* The full-screen viewer. */
        dialog.viewer {
          position: fixed; inset: 0; width: 100%; height: 100%; max-width: none; max-height: none;
          margin: 0; padding: 0; border: 0; overflow: hidden; overscroll-behavior: contain;
          background: #0b0b0d; color: #f2f2f5;
        }
        dialog.viewer[open] { display: flex; flex-direction: column; }
        dialog.viewer::backdrop { background: #0b0b0d; }
        .viewer-stage {
          flex: 1 1 auto; min-height: 0; margin: 0.5rem; display: flex; align-items: center; justify-content: center;
          touch-action: pan-y pinch-zoom; outline: none;
        }
        .viewer-frame { position: relative; flex: none; background: center / 100% 100% no-repeat; }
        .viewer-frame img, .viewer-frame video {
          position: absolute; inset: 0; width: 100%; height: 100%; max-width: none; max-height: none;
          object-fit: contain; border-radius: 0; background: transparent;
        }
        .viewer-bar {
          flex: none; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 0.75rem;
          padding: 0.5rem 0.75rem; background: #17171b;
        }
        .viewer-caption { flex: 1 1 12rem; order: -1; margin: 0; min-width: 0; font-size: 0.9rem; overflow-wrap: anywhere; }
        .viewer-count { color: #b8b8c2; white-space: nowrap; font-variant-numeric: tabular-nums; }
        .viewer button {
          font: inherit; font-size: 1.2rem; line-height: 1; width: 2.75rem; height: 2.75rem; padding: 0; overflow: hidden;
          border-radius: 4px; border: 1px solid #4a4a55; background: #26262c; color: #f2f2f5; cursor: pointer;
        }
        .viewer button:disabled { opacity: 0.4; cursor: default; }
        .viewer a.viewer-page { color: #9cc2ff; padding: 0.5rem 0.25rem; }
        .viewer button:focus-visible, .viewer a:focus-visible, .viewer video:focus-visible {
          outline: 3px solid #9cc2ff; outline-offset: 2px;
        }
        p.view-all { margin: 0 0 1rem; }
        button.viewer-open {
          font: inherit; padding: 0.5rem 0.9rem; min-height: 2.75rem; border-radius: 4px;
          border: 1px solid var(--line); background: var(--surface); color: var(--text); cursor: pointer;
        }
        button.viewer-open:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        @media (max-width: 36rem) {
          .viewer-stage { margin: 0; }
          .viewer-caption { flex-basis: 100%; }
        }

        """
}
