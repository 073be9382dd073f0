/// The full-screen viewer, a part of gallery.js: a click on a photo link
/// that carries `data-view` (`GalleryViewerMarkup`) opens the photo over
/// the page in a modal dialog (focus kept inside, returned to the photo's
/// link on close). ←/→, a swipe and the buttons go through the page's
/// photos, Esc or the back button closes, space plays or pauses a
/// slideshow; the next and previous views are preloaded; a clip plays in a
/// video element. The address names the photo (`#view=ID`, a hash so it
/// works from file:// too): such a link opens the viewer on that photo.
/// It marks `filmroll-viewer-click` and `filmroll-viewer-image` (the view
/// decoded and on screen) for the benchmark. A link marked
/// `data-view-open="button"` (a month's day) is followed when clicked; the
/// page's `viewer-open` button opens the viewer on such links.
enum GalleryViewerScript {
    static let source = """
        (function () {
          var template = document.getElementById("viewer-template");
          var links = Array.prototype.slice.call(document.querySelectorAll("a[data-view]"));
          if (!template || !links.length || !window.HTMLDialogElement || !template.content) { return; }
          var dialog = template.content.querySelector("dialog").cloneNode(true);
          document.body.appendChild(dialog);
          var stage = dialog.querySelector(".viewer-stage"), frame = dialog.querySelector(".viewer-frame");
          var image = frame.appendChild(document.createElement("img")), text = dialog.querySelector(".viewer-text");
          var count = dialog.querySelector(".viewer-count"), page = dialog.querySelector(".viewer-page");
          var play = dialog.querySelector(".viewer-play"), pageLabel = page.textContent;
          var opener = document.querySelector("button.viewer-open");
          image.className = "viewer-image";
          image.draggable = false;
          var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
          var current = -1, pushed = false, timer = null, playing = false, video = null, clickTime = null;
          var slideSeconds = 4;

          function item(index) {
            var link = links[index], thumb = link.querySelector("img");
            return {
              src: link.getAttribute("data-view"), srcset: link.getAttribute("data-view-srcset"),
              width: +link.getAttribute("data-view-width") || 1, height: +link.getAttribute("data-view-height") || 1,
              id: link.getAttribute("data-view-id"), caption: link.getAttribute("data-view-caption") || "",
              clip: link.getAttribute("data-view-clip"), kind: link.getAttribute("data-view-kind"),
              thumb: thumb ? (thumb.currentSrc || thumb.src) : "", alt: thumb ? thumb.alt : "", href: link.href
            };
          }
          function indexOf(id) {
            for (var i = 0; i < links.length; i++) { if (links[i].getAttribute("data-view-id") === id) { return i; } }
            return -1;
          }
          function hashId() {
            var match = /^#view=(.+)$/.exec(window.location.hash);
            return match ? match[1] : null;
          }
          function address(id) {
            var url = window.location.href.split("#")[0];
            return id ? url + "#view=" + id : url;
          }
          function setAddress(id, push) {
            try {
              if (push) { history.pushState({ view: id }, "", address(id)); } else { history.replaceState(id ? { view: id } : null, "", address(id)); }
            } catch (error) { /* an address the browser refuses: the viewer works without it */ }
          }
          // The view's size on screen: the whole photo inside the stage.
          function size(entry) {
            var box = stage.getBoundingClientRect();
            var scale = Math.min(box.width / entry.width, box.height / entry.height);
            return [Math.max(1, Math.floor(entry.width * scale)), Math.max(1, Math.floor(entry.height * scale))];
          }
          function fit(entry) {
            var shown = size(entry);
            frame.style.width = shown[0] + "px";
            frame.style.height = shown[1] + "px";
            return shown[0];
          }
          function preload(index) {
            if (index < 0 || index >= links.length) { return; }
            var entry = item(index), next = new Image();
            next.decoding = "async";
            next.sizes = size(entry)[0] + "px";
            if (entry.srcset) { next.srcset = entry.srcset; }
            next.src = entry.src;
          }
          function stopClip() {
            if (video) { video.pause(); video.removeAttribute("src"); video.load(); frame.removeChild(video); video = null; }
          }
          function show(index) {
            if (index < 0 || index >= links.length) { return false; }
            stopClip();
            current = index;
            var entry = item(index), width = fit(entry), shownAt = clickTime;
            clickTime = null;
            // The thumbnail (already loaded) stands in until the view is decoded.
            frame.style.backgroundImage = entry.thumb ? "url(\\"" + entry.thumb.replace(/"/g, "%22") + "\\")" : "none";
            image.removeAttribute("srcset");
            image.removeAttribute("src");
            image.width = entry.width;
            image.height = entry.height;
            image.alt = entry.alt || entry.caption;
            image.sizes = width + "px";
            if (entry.srcset) { image.srcset = entry.srcset; }
            image.src = entry.src;
            if (shownAt !== null && image.decode) {
              image.decode().then(function () {
                if (current !== index) { return; }
                requestAnimationFrame(function () { setTimeout(function () {
                  performance.mark("filmroll-viewer-image");
                  try { performance.measure("filmroll-viewer-first-image", "filmroll-viewer-click", "filmroll-viewer-image"); } catch (error) { /* no click mark */ }
                }, 0); });
              }, function () {});
            }
            if (entry.clip) {
              video = document.createElement("video");
              video.className = "viewer-clip";
              video.setAttribute("playsinline", "");
              video.controls = true;
              video.poster = entry.src;
              video.width = entry.width;
              video.height = entry.height;
              video.setAttribute("aria-label", entry.caption);
              if (entry.kind !== "video") {
                // A Live Photo's or motion photo's motion plays once, muted, then its still comes back.
                video.muted = true;
                video.addEventListener("ended", function () { video.load(); });
              }
              video.addEventListener("ended", function () { if (playing) { advance(); } });
              video.src = entry.clip;
              frame.appendChild(video);
              if (!reduced || entry.kind === "video") {
                var started = video.play();
                if (started && started.catch) {
                  started.catch(function () { if (video) { video.muted = true; video.play().catch(function () {}); } });
                }
              }
            }
            text.textContent = entry.caption;
            count.textContent = (index + 1) + " / " + links.length;
            page.href = entry.href;
            page.textContent = links[index].getAttribute("data-view-page-label") || pageLabel;
            dialog.querySelector(".viewer-previous").disabled = index === 0;
            dialog.querySelector(".viewer-next").disabled = index === links.length - 1;
            if (dialog.open && (document.activeElement === document.body || document.activeElement.disabled)) { stage.focus({ preventScroll: true }); }
            preload(index + 1);
            preload(index - 1);
            schedule();
            return true;
          }
          function go(step) {
            if (show(current + step)) { setAddress(item(current).id, false); } else if (playing) { setPlaying(false); }
          }
          function advance() { if (current + 1 < links.length) { go(1); } else { setPlaying(false); } }
          function schedule() {
            clearTimeout(timer);
            timer = null;
            if (playing && !(video && item(current).kind === "video")) { timer = setTimeout(advance, slideSeconds * 1000); }
          }
          function setPlaying(on) {
            playing = on;
            play.setAttribute("aria-label", dialog.getAttribute(on ? "data-pause" : "data-play"));
            play.setAttribute("aria-pressed", on ? "true" : "false");
            play.firstElementChild.textContent = on ? "❚❚" : "▶";
            schedule();
          }
          function openAt(index, push) {
            if (!dialog.open) { dialog.showModal(); }
            stage.focus({ preventScroll: true });
            show(index);
            setAddress(item(index).id, push);
            pushed = pushed || push;
          }
          // Closes the dialog and gives the focus back to the link of the photo last shown.
          function hide() {
            stopClip();
            setPlaying(false);
            if (dialog.open) { dialog.close(); }
            if (current >= 0) { links[current].focus(); }
          }
          function close() {
            if (pushed) { pushed = false; history.back(); } else { setAddress(null, false); hide(); }
          }
          links.forEach(function (link, index) {
            if (link.getAttribute("data-view-open") === "button") { return; }
            link.addEventListener("click", function (event) {
              if (event.defaultPrevented || event.button !== 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
              event.preventDefault();
              clickTime = event.timeStamp;
              try { performance.mark("filmroll-viewer-click", { startTime: event.timeStamp }); } catch (error) { performance.mark("filmroll-viewer-click"); }
              openAt(index, true);
            });
          });
          if (opener) {
            opener.hidden = false;
            opener.addEventListener("click", function (event) {
              clickTime = event.timeStamp;
              try { performance.mark("filmroll-viewer-click", { startTime: event.timeStamp }); } catch (error) { performance.mark("filmroll-viewer-click"); }
              openAt(0, true);
            });
          }
          dialog.querySelector(".viewer-previous").addEventListener("click", function () { go(-1); });
          dialog.querySelector(".viewer-next").addEventListener("click", function () { go(1); });
          dialog.querySelector(".viewer-close").addEventListener("click", close);
          play.addEventListener("click", function () { setPlaying(!playing); });
          dialog.addEventListener("cancel", function (event) { event.preventDefault(); close(); });
          // Tab and Shift+Tab go round the viewer's controls, never out to the page or the browser.
          function trap(event) {
            var controls = Array.prototype.filter.call(dialog.querySelectorAll("button, a[href], video[controls]"), function (control) {
              return !control.disabled && control.getClientRects().length > 0;
            });
            if (!controls.length) { return; }
            var first = controls[0], last = controls[controls.length - 1], active = document.activeElement;
            var inside = controls.indexOf(active) >= 0;
            if (event.shiftKey && (active === first || !inside)) { event.preventDefault(); last.focus(); }
            else if (!event.shiftKey && (active === last || !inside)) { event.preventDefault(); first.focus(); }
          }
          // Keys go to the viewer while it is open, wherever the focus is (before the page's own arrow keys).
          window.addEventListener("keydown", function (event) {
            if (!dialog.open) { return; }
            event.stopPropagation();
            if (event.altKey || event.ctrlKey || event.metaKey) { return; }
            var target = event.target, onVideo = target && target.tagName === "VIDEO";
            var onButton = target && (target.tagName === "BUTTON" || target.tagName === "A");
            if (event.key === "Tab") { trap(event); }
            else if (event.key === "Escape") { event.preventDefault(); close(); }
            else if (event.key === "ArrowLeft" && !onVideo) { event.preventDefault(); go(-1); }
            else if (event.key === "ArrowRight" && !onVideo) { event.preventDefault(); go(1); }
            else if (event.key === "Home" && !onVideo) { event.preventDefault(); go(-current); }
            else if (event.key === "End" && !onVideo) { event.preventDefault(); go(links.length - 1 - current); }
            else if ((event.key === " " && !onButton && !onVideo) || event.key === "k") { event.preventDefault(); setPlaying(!playing); }
          }, true);
          // A horizontal swipe (touch, pen or a dragged mouse) goes to the neighbouring photo.
          var start = null;
          stage.addEventListener("pointerdown", function (event) { start = { x: event.clientX, y: event.clientY }; });
          stage.addEventListener("pointercancel", function () { start = null; });
          stage.addEventListener("pointerup", function (event) {
            if (start === null) { return; }
            var dx = event.clientX - start.x, dy = event.clientY - start.y;
            start = null;
            if (Math.abs(dx) > 50 && Math.abs(dx) > 1.5 * Math.abs(dy)) { go(dx > 0 ? -1 : 1); }
          });
          ["touchstart", "touchend"].forEach(function (name) {
            dialog.addEventListener(name, function (event) { event.stopPropagation(); }, { passive: true });
          });
          window.addEventListener("resize", function () { if (dialog.open && current >= 0) { image.sizes = fit(item(current)) + "px"; } });
          window.addEventListener("popstate", function () {
            var id = hashId(), index = id === null ? -1 : indexOf(id);
            if (index >= 0) {
              if (!dialog.open) { pushed = true; dialog.showModal(); stage.focus({ preventScroll: true }); }
              show(index);
            } else if (dialog.open) {
              pushed = false;
              hide();
            }
          });
          var linked = hashId();
          if (linked !== null && indexOf(linked) >= 0) { openAt(indexOf(linked), false); }
        })();

        """
}
