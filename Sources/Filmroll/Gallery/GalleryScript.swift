/// gallery.js: the one script of the gallery, which only enhances: the
/// arrow keys and a horizontal swipe follow a page's previous and next
/// links (`rel="prev"`, `rel="next"`), but seek a video that has focus; a day's animation gets a pause
/// button; a Live Photo's or motion photo's motion plays over its still; a photo opens in the full-screen
/// viewer (`GalleryViewerScript`). Every page works without it, from
/// file:// too. Its first line is the gallery's mark (`GalleryMark.script`).
enum GalleryScript {
    static let source = GalleryMark.script.text + "\n" + """
        "use strict";
        (function () {
          function follow(rel) {
            var link = document.querySelector('a[rel="' + rel + '"]');
            if (link) { window.location.href = link.href; }
          }
          document.addEventListener("keydown", function (event) {
            if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
            var target = event.target;
            if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
            // A focused video: the arrows seek it five seconds, as players do, and stay on the page.
            if (target && target.tagName === "VIDEO" && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
              event.preventDefault();
              var end = isFinite(target.duration) ? target.duration : Infinity;
              target.currentTime = Math.max(0, Math.min(end, target.currentTime + (event.key === "ArrowLeft" ? -5 : 5)));
              return;
            }
            if (event.key === "ArrowLeft") { follow("prev"); } else if (event.key === "ArrowRight") { follow("next"); }
          });
          // A day's animation gets a pause button (its still stands in); with reduced motion it starts paused.
          var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
          Array.prototype.forEach.call(document.querySelectorAll("img.animation[data-still]"), function (image) {
            var picture = image.parentNode, moving = image.getAttribute("src"), still = image.getAttribute("data-still");
            var source = picture.querySelector("source");
            if (source) { picture.removeChild(source); }
            var button = document.createElement("button");
            button.type = "button";
            button.className = "toggle";
            var playing = !reduced;
            function show() {
              image.setAttribute("src", playing ? moving : still);
              button.textContent = image.getAttribute(playing ? "data-pause" : "data-play");
            }
            button.addEventListener("click", function () { playing = !playing; show(); });
            picture.parentNode.insertBefore(button, picture.nextSibling);
            var link = picture.parentNode.querySelector(".play");
            if (link) { link.parentNode.removeChild(link); }
            show();
          });
          // A Live Photo's or motion photo's motion plays muted over its still on hover or
          // focus (not by itself with reduced motion), and its link plays or stops it.
          Array.prototype.forEach.call(document.querySelectorAll(".motion"), function (box) {
            var clip = box.querySelector("video.motion-clip");
            var link = box.parentNode.querySelector("a.motion-play");
            if (!clip || !link) { return; }
            function play() {
              box.classList.add("playing");
              var started = clip.play();
              if (started && started.catch) { started.catch(function () { box.classList.remove("playing"); }); }
            }
            function stop() { clip.pause(); clip.currentTime = 0; box.classList.remove("playing"); }
            link.addEventListener("click", function (event) {
              event.preventDefault();
              if (box.classList.contains("playing")) { stop(); } else { play(); }
            });
            if (!reduced) {
              box.addEventListener("mouseenter", play);
              box.addEventListener("mouseleave", stop);
              link.addEventListener("focus", play);
              link.addEventListener("blur", stop);
            }
          });
          var start = null;
          document.addEventListener("touchstart", function (event) {
            start = event.touches.length === 1 ? { x: event.touches[0].clientX, y: event.touches[0].clientY } : null;
          }, { passive: true });
          document.addEventListener("touchend", function (event) {
            if (start === null || event.changedTouches.length !== 1) { return; }
            var dx = event.changedTouches[0].clientX - start.x, dy = event.changedTouches[0].clientY - start.y;
            start = null;
            if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) { follow(dx > 0 ? "prev" : "next"); }
          }, { passive: true });
        })();

        """ + GalleryViewerScript.source
}
