#!/usr/bin/env python3
"""Checks a Filmroll gallery as a person would, in headless Chromium.

    python3 Scripts/check-gallery.py GALLERY_FOLDER [--screenshots DIR] [--viewer-only]

(--viewer-only: the parse and link checks, then the viewer's alone, for Scripts/bench-viewer.sh.)

- every page parses as HTML without errors (html5lib, strict);
- every href, src and srcset URL leads to a file of the gallery;
- no page is over 300 KB of HTML;
- axe-core (from PyPI's axe-playwright-python) finds no serious or critical
  violation on the index, a year, a month, a day, a photo, an "On this day"
  and the problems and Undated pages, and a video's, a Live Photo's and an
  undated photo's page when there are some, at 1400 and 390 px wide, in light and dark schemes;
- at 390 px no page checked scrolls sideways (its scrollWidth is at most 390);
- the layout: every year and month with photos has its page, the index
  links each year's, each year page its months', each month page its
  days' and each day page its month's; the index holds at most three
  month calendars;
- the keyboard: on a photo page and on a month page the right and left
  arrows go to the next and previous ones; Tab reaches every link with a
  visible focus ring;
- a Live Photo's or motion photo's motion plays when its link is pressed,
  and every video page's player plays (a frame shown, readyState >= 2, and
  its time going on), clips in subfolders (clips/DCIM/100APPLE/…) too;
- a focused video: the right and left arrows seek it and stay on its page;
- the full-screen viewer, on a day page from file://: a click on a photo
  opens it (a modal dialog, the address naming the photo), the right arrow
  shows the next one and a swipe the previous one, Tab stays inside, Esc closes it and gives the focus
  back to the photo's link, the back button closes it, an address naming a
  photo opens it, a clip plays in it, space starts the slideshow, axe-core
  finds no serious violation in it (1400 and 390 px, light and dark), and
  nothing on the page shifts (CLS 0, every layout shift counted); a touch
  swipe (a finger, emulated) to the left shows the next photo;
- on a month page a click on a day opens its page, and the "View the days
  full-screen" button opens the viewer on the days' covers, each linking its day;
- the viewer's first image on screen after a click, from file:// (median
  of 5 fresh loads, `filmroll-viewer-first-image`), in milliseconds;
- a day's four-cut sheet is shown at least 300 px wide (or its own width);
- the index's first contentful paint from file://, in milliseconds;
- a day page with a map over a basemap (an <object> SVG), and the map
  itself, from file:// at 1400 and 390 px, light and dark: every request
  they make (DevTools protocol, Network.requestWillBeSent) is for a
  file:// or data: URL;
- screenshots at 1400 and 390 px wide, light and dark, the open viewer's too (with --screenshots).

Needs chromium (Debian), and installs websocket-client and html5lib with
pip when they are missing. Exit 1 when a check fails.
"""
import argparse, base64, glob, html, json, os, re, shutil, subprocess, sys, tempfile, time, urllib.parse, urllib.request, zipfile

def ensure(module, package):
    try:
        __import__(module)
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", package], check=True)

ensure("websocket", "websocket-client")
ensure("html5lib", "html5lib")
import html5lib, websocket  # noqa: E402

failures = []

def fail(message):
    failures.append(message)
    print("FAIL " + message)


def axe_source():
    cache = os.path.expanduser("~/.cache/filmroll-axe.min.js")
    if not os.path.exists(cache):
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "axe-playwright-python", "-d", folder], check=True)
            wheel = glob.glob(folder + "/*.whl")[0]
            with zipfile.ZipFile(wheel) as archive:
                os.makedirs(os.path.dirname(cache), exist_ok=True)
                open(cache, "wb").write(archive.read("axe_playwright_python/axe.min.js"))
    return open(cache).read()


class Browser:
    def __init__(self):
        self.profile = tempfile.mkdtemp()
        self.process = subprocess.Popen(["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                         "--remote-debugging-port=0", "--user-data-dir=" + self.profile,
                                         "--allow-file-access-from-files", "about:blank"],
                                        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        for line in self.process.stderr:
            match = re.search(r"ws://[^\s]+", line)
            if match:
                browser_url = match.group(0)
                break
        port = urllib.parse.urlparse(browser_url).port
        target = json.load(urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port))
        page = next(t for t in target if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60)
        self.next_id = 0
        self.events = None  # a list while events are recorded (record_events)
        self.call("Page.enable")
        self.call("Runtime.enable")

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if "method" in message and self.events is not None:
                self.events.append(message)
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError("%s: %s" % (method, message["error"]))
                return message.get("result", {})

    def evaluate(self, expression, wait=True):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=wait, returnByValue=True)
        return result.get("result", {}).get("value")

    def open(self, url, width, dark=False, reduced=False):
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=width < 500)
        self.call("Emulation.setEmulatedMedia", features=[
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
            {"name": "prefers-reduced-motion", "value": "reduce" if reduced else "no-preference"}])
        self.call("Page.navigate", url=url)
        for _ in range(100):
            if self.evaluate("document.readyState") == "complete":
                break
            time.sleep(0.05)

    def key(self, key, code, key_code, text=None):
        for kind in ("keyDown", "keyUp"):
            extra = {"text": text} if text and kind == "keyDown" else {}
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=key_code, **extra)

    def click(self, selector):
        """A real mouse click in the middle of the element (scrolled into view first)."""
        box = self.evaluate("(() => { const e = document.querySelector(%s); e.scrollIntoView({block: 'center'}); "
                            "const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()" % json.dumps(selector))
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    def wait_for(self, expression, seconds=3.0):
        for _ in range(int(seconds / 0.05)):
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        return self.evaluate(expression)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        open(path, "wb").write(base64.b64decode(data))

    def close(self):
        self.process.terminate()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def static_checks(folder):
    pages = sorted(glob.glob(folder + "/**/*.html", recursive=True))
    for page in pages:
        text = open(page, encoding="utf-8").read()
        relative = os.path.relpath(page, folder)
        if len(text.encode()) > 300_000:
            fail("%s: %d bytes of HTML" % (relative, len(text.encode())))
        parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
        try:
            parser.parse(text)
        except Exception as error:  # html5lib raises ParseError with the position
            fail("%s: HTML parse error: %s" % (relative, error))
        for name, value in re.findall(r'(href|src|srcset)="([^"]*)"', text):
            value = html.unescape(value)
            urls = [part.strip().split(" ")[0] for part in value.split(",")] if name == "srcset" else [value]
            for url in urls:
                if url.startswith("#"):
                    continue
                if ":" in url.split("/")[0]:
                    fail("%s: leaves the gallery: %s" % (relative, url))
                    continue
                target = os.path.normpath(os.path.join(os.path.dirname(page), urllib.parse.unquote(url.split("#")[0])))
                if not os.path.exists(target):
                    fail("%s: %s leads nowhere" % (relative, url))
    return pages


def layout_checks(folder, pages):
    """Every year and month with a day has its page, each linked from the level above, and the index stays small."""
    def links(page):
        text = open(page, encoding="utf-8").read()
        return {os.path.normpath(os.path.join(os.path.dirname(page), urllib.parse.unquote(url.split("#")[0])))
                for url in re.findall(r'href="([^"#]*)', html.unescape(text)) if url}
    days = [p for p in pages if re.search(r"/days/\d{4}-\d{2}-\d{2}\.html$", p)]
    index = folder + "/index.html"
    index_links = links(index) if os.path.exists(index) else set()
    calendars = len(re.findall(r'<table class="month"', open(index, encoding="utf-8").read())) if os.path.exists(index) else 0
    if calendars > 3:
        fail("index.html: %d month calendars (at most 3)" % calendars)
    for day in days:
        date = os.path.basename(day)[:-5]
        month = os.path.join(folder, "months", date[:7] + ".html")
        year = os.path.join(folder, "years", date[:4] + ".html")
        relative = os.path.relpath(day, folder)
        if not os.path.exists(month) or not os.path.exists(year):
            fail("%s: no page for its month or its year" % relative)
            continue
        if month not in links(day):
            fail("%s: does not link its month's page" % relative)
        if day not in links(month):
            fail("%s: does not link %s" % (os.path.relpath(month, folder), relative))
        if month not in links(year):
            fail("%s: does not link %s" % (os.path.relpath(year, folder), os.path.relpath(month, folder)))
        if year not in index_links:
            fail("index.html: does not link %s" % os.path.relpath(year, folder))


def network_checks(browser, folder, pages, shots):
    """A day page with a map over a basemap (an <object> SVG), and the map itself, opened from file://:
    every request they make (DevTools' Network.requestWillBeSent) is for a file:// or data: URL."""
    day = next((p for p in pages if "/days/" in p and '<object class="map"' in open(p, encoding="utf-8").read()), None)
    if not day:
        print("no day page with a map over a basemap: network check skipped")
        return
    text = open(day, encoding="utf-8").read()
    data = re.search(r'<object class="map"[^>]* data="([^"]+)"', text).group(1)
    svg = os.path.normpath(os.path.join(os.path.dirname(day), urllib.parse.unquote(html.unescape(data))))
    browser.call("Network.enable")
    try:
        for url in ("file://" + urllib.parse.quote(day), "file://" + urllib.parse.quote(svg)):
            for width, dark in ((1400, False), (1400, True), (390, False), (390, True)):
                browser.events = []
                browser.open(url, width, dark=dark)
                # Let the embedded map load and anything lazy start, then drain the events.
                browser.wait_for("document.readyState === 'complete' && [...document.querySelectorAll('object')]"
                                 ".every(o => o.contentDocument === null || o.contentDocument.readyState === 'complete')")
                time.sleep(0.5)
                browser.evaluate("1")
                requests = [e["params"]["request"]["url"] for e in browser.events if e["method"] == "Network.requestWillBeSent"]
                outside = [r for r in requests if not (r.startswith("file://") or r.startswith("data:"))]
                print("network: %s at %d px%s: %d requests, %d not file:// or data:" % (
                    os.path.relpath(urllib.parse.unquote(url[7:]), folder), width, " dark" if dark else "", len(requests), len(outside)))
                if url.endswith(".html") and not any(urllib.parse.unquote(r).endswith(os.path.basename(svg)) for r in requests):
                    fail("%s: the map's own request was not seen, so the network was not watched" % os.path.relpath(day, folder))
                for request in outside:
                    fail("%s asked the network for %s" % (os.path.relpath(urllib.parse.unquote(url[7:]), folder), request))
                if shots and url.endswith(".html"):
                    browser.screenshot(os.path.join(shots, "map-day-%d%s.png" % (width, "-dark" if dark else "")))
    finally:
        browser.events = None
        browser.call("Network.disable")


def browser_checks(folder, pages, shots):
    browser = Browser()
    axe = axe_source()
    def pick(pattern):
        found = [p for p in pages if re.search(pattern, os.path.relpath(p, folder))]
        return found[len(found) // 2] if found else None
    chosen = [p for p in [folder + "/index.html", pick(r"^years/"), pick(r"^months/"), pick(r"^days/"), pick(r"^photos/"),
                          pick(r"^on-this-day/"), pick(r"^problems"), pick(r"^undated")] if p]
    # A video's page, a Live Photo's or motion photo's and an undated photo's, when the gallery has them.
    for marker in ('<video src=', 'class="motion-clip"', 'undated.html#'):
        page = next((p for p in pages if "/photos/" in p and marker in open(p, encoding="utf-8").read()), None)
        if page and page not in chosen:
            chosen.append(page)
    try:
        for page in chosen:
            url = "file://" + urllib.parse.quote(page)
            relative = os.path.relpath(page, folder)
            for width in (1400, 390):
                for dark in (False, True):
                    browser.open(url, width, dark=dark)
                    browser.evaluate(axe, wait=False)
                    result = browser.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => [v.impact, v.id, v.nodes.length, v.help]))")
                    for impact, rule, count, help_text in result or []:
                        if impact in ("serious", "critical"):
                            fail("%s at %d px%s: axe %s %s (%d): %s" % (relative, width, " dark" if dark else "", impact, rule, count, help_text))
                    if width == 390:
                        wide = browser.evaluate("document.documentElement.scrollWidth")
                        if wide and wide > 390:
                            fail("%s at 390 px%s: scrolls sideways (%d px wide)" % (relative, " dark" if dark else "", wide))
                    if shots:
                        name = relative.replace("/", "_").replace(".html", "") + "-%d%s.png" % (width, "-dark" if dark else "")
                        browser.screenshot(os.path.join(shots, name))
            # Tab through every link: each gets a visible outline.
            browser.open(url, 1400)
            links = browser.evaluate("document.querySelectorAll('a[href], button').length")
            unfocused = 0
            for _ in range(min(links, 60)):
                browser.key("Tab", "Tab", 9)
                style = browser.evaluate("(() => { const e = document.activeElement; if (!e || e === document.body) return null; "
                                         "const s = getComputedStyle(e); return [e.tagName, s.outlineStyle, s.outlineWidth]; })()")
                if style and style[0] == "OBJECT":
                    # A link inside the embedded map (a numbered photo over a basemap): the page cannot see into
                    # the map's document from file://, so the map must carry its own focus ring.
                    data = browser.evaluate("document.activeElement.getAttribute('data')")
                    embedded = os.path.normpath(os.path.join(os.path.dirname(page), urllib.parse.unquote(data or "")))
                    if not os.path.exists(embedded) or "a:focus { outline:" not in open(embedded, encoding="utf-8").read():
                        unfocused += 1
                elif style and (style[1] == "none" or style[2] in ("0px", "")):
                    unfocused += 1
            if unfocused:
                fail("%s: %d focused elements without a visible outline" % (relative, unfocused))
        # Arrow keys on a photo page and on a month page follow its neighbours.
        for kind, pattern in (("photo", r"^photos/"), ("month", r"^months/")):
            page = pick(pattern)
            if not page:
                continue
            browser.open("file://" + urllib.parse.quote(page), 1400)
            expected = browser.evaluate("(document.querySelector('a[rel=next]') || {}).href")
            browser.key("ArrowRight", "ArrowRight", 39)
            time.sleep(0.5)
            if expected and browser.evaluate("location.href") != expected:
                fail("the right arrow did not open the next %s" % kind)
            previous = browser.evaluate("(document.querySelector('a[rel=prev]') || {}).href")
            browser.key("ArrowLeft", "ArrowLeft", 37)
            time.sleep(0.5)
            if previous and browser.evaluate("location.href") != previous:
                fail("the left arrow did not open the previous %s" % kind)
        # Every Live Photo's or motion photo's motion plays when its link is pressed, and every video.
        motions = 0
        for page in pages:
            text = open(page, encoding="utf-8").read() if "/photos/" in page else ""
            if 'class="motion-clip"' in text:
                browser.open("file://" + urllib.parse.quote(page), 1400)
                browser.evaluate("document.querySelector('a.motion-play').click()")
                time.sleep(1.0)
                state = browser.evaluate("(() => { const v = document.querySelector('video.motion-clip'); "
                                         "return [document.querySelector('.motion').classList.contains('playing'), v.paused, v.currentTime]; })()")
                if not state or not state[0] or state[1] or state[2] <= 0:
                    fail("%s: the motion did not play when its link was pressed (%s)" % (os.path.relpath(page, folder), state))
                motions += 1
        if motions:
            print("%d motions tried" % motions)
        video_checks(browser, folder, pages)
        network_checks(browser, folder, pages, shots)
        viewer_checks(browser, folder, pages, shots)
        # The index's first contentful paint.
        browser.open("file://" + urllib.parse.quote(folder + "/index.html"), 1400)
        paint = browser.wait_for("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime")
        print("index first contentful paint: %s ms" % (round(paint) if paint else "?"))
        if paint and paint > 1000:
            fail("the index took %d ms to first paint" % paint)
    finally:
        browser.close()


SHIFTS = ("window.__shifts = []; window.__shifted = []; new PerformanceObserver(list => list.getEntries().forEach(e => { window.__shifts.push(e.value); "
          "window.__shifted.push(e.sources.map(s => s.node ? (s.node.className || s.node.nodeName) + ' ' + JSON.stringify([s.previousRect, s.currentRect]) : '?').join('; ')); }))"
          ".observe({type: 'layout-shift', buffered: true}); true")
VIEWER = "document.querySelector('dialog.viewer')"


def viewer_checks(browser, folder, pages, shots):
    """The full-screen viewer on a day page (the one with a clip, else the one with most photos) and an "On this day" page."""
    days = [p for p in pages if re.search(r"/days/\d{4}-\d{2}-\d{2}\.html$", p)]
    def photo_count(page):
        return open(page, encoding="utf-8").read().count(" data-view=")
    with_clip = [p for p in days if "data-view-clip=" in open(p, encoding="utf-8").read() and photo_count(p) >= 2]
    candidates = with_clip or sorted((p for p in days if photo_count(p) >= 2), key=photo_count, reverse=True)
    if not candidates:
        print("no day with two photos: viewer checks skipped")
        return
    page = candidates[0]
    relative = os.path.relpath(page, folder)
    url = "file://" + urllib.parse.quote(page)
    browser.open(url, 1400)
    browser.evaluate(SHIFTS)
    time.sleep(0.3)
    loading = browser.evaluate("window.__shifts.reduce((a, b) => a + b, 0)")
    print("day page layout shift as it loads: %s" % loading)
    browser.evaluate("window.__shifts = []; true")
    ids = browser.evaluate("Array.from(document.querySelectorAll('a[data-view]')).map(a => a.dataset.viewId)")
    browser.click("a[data-view]")
    if not browser.wait_for(VIEWER + " && " + VIEWER + ".open"):
        fail("%s: a click on a photo did not open the viewer" % relative)
        return
    state = browser.evaluate("[location.hash, " + VIEWER + ".contains(document.activeElement), getComputedStyle(" + VIEWER + ").position]")
    if state[0] != "#view=" + ids[0] or not state[1]:
        fail("%s: the viewer opened with the address %s, focus inside: %s" % (relative, state[0], state[1]))
    first = browser.wait_for("(() => { const i = document.querySelector('.viewer-image'); return i.complete && i.naturalWidth > 0 && i.currentSrc; })()")
    if not first:
        fail("%s: the viewer's image did not load" % relative)
    browser.key("ArrowRight", "ArrowRight", 39)
    shown = browser.wait_for("(() => { const i = document.querySelector('.viewer-image'); "
                             "return i.complete && i.naturalWidth > 0 && location.hash === '#view=' + %s && i.currentSrc; })()" % json.dumps(ids[1]))
    if not shown or shown == first:
        fail("%s: the right arrow did not show the next photo (%s)" % (relative, browser.evaluate("location.hash")))
    if not browser.evaluate(VIEWER + ".open") or browser.evaluate("location.href.split('#')[0]") != url.split("#")[0]:
        fail("%s: the right arrow left the viewer or the page" % relative)
    for _ in range(12):
        browser.key("Tab", "Tab", 9)
        if not browser.evaluate(VIEWER + ".contains(document.activeElement)"):
            fail("%s: Tab left the open viewer (%s)" % (relative, browser.evaluate("document.activeElement.outerHTML.slice(0, 80)")))
            break
    labelled = browser.evaluate("Array.from(" + VIEWER + ".querySelectorAll('button')).every(b => b.getAttribute('aria-label'))")
    if not labelled or browser.evaluate(VIEWER + ".getAttribute('aria-label')") in (None, ""):
        fail("%s: the viewer or one of its buttons has no label" % relative)
    # A swipe (a horizontal drag) to the right goes back to the first photo.
    box = browser.evaluate("(() => { const r = document.querySelector('.viewer-stage').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    browser.call("Input.dispatchMouseEvent", type="mousePressed", x=box[0] - 100, y=box[1], button="left", clickCount=1)
    for step in range(1, 6):
        browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=box[0] - 100 + step * 40, y=box[1] + step, button="left", buttons=1)
    browser.call("Input.dispatchMouseEvent", type="mouseReleased", x=box[0] + 100, y=box[1] + 5, button="left", clickCount=1)
    if not browser.wait_for("location.hash === '#view=' + %s" % json.dumps(ids[0])):
        fail("%s: a swipe to the right did not show the previous photo (%s)" % (relative, browser.evaluate("location.hash")))
    # A touch swipe to the left (a finger, not a mouse) goes on to the next photo.
    browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=1)
    browser.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": box[0] + 100, "y": box[1]}])
    for step in range(1, 6):
        browser.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": box[0] + 100 - step * 40, "y": box[1] + step}])
    browser.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
    browser.call("Emulation.setTouchEmulationEnabled", enabled=False)
    if not browser.wait_for("location.hash === '#view=' + %s" % json.dumps(ids[1])):
        fail("%s: a touch swipe to the left did not show the next photo (%s)" % (relative, browser.evaluate("location.hash")))
    browser.evaluate("document.querySelector('.viewer-stage').focus()")
    browser.key(" ", "Space", 32, text=" ")
    if browser.evaluate("document.querySelector('.viewer-play').getAttribute('aria-pressed')") != "true":
        fail("%s: space did not start the slideshow" % relative)
    browser.key(" ", "Space", 32, text=" ")
    browser.key("Escape", "Escape", 27)
    closed = browser.wait_for("!" + VIEWER + ".open")
    focus = browser.evaluate("document.activeElement && document.activeElement.dataset && document.activeElement.dataset.viewId")
    if not closed or focus != ids[1] or browser.evaluate("location.hash") != "":
        fail("%s: Esc: closed %s, focus on %s (want %s), address %s" % (relative, closed, focus, ids[1], browser.evaluate("location.hash")))
    # The back button closes it.
    browser.click("a[data-view]")
    browser.wait_for(VIEWER + ".open")
    browser.evaluate("history.back(); true")
    if not browser.wait_for("!" + VIEWER + ".open") or browser.evaluate("location.hash") != "":
        fail("%s: the back button did not close the viewer" % relative)
    shifted = browser.evaluate("window.__shifts.reduce((a, b) => a + b, 0)")
    if shifted:
        fail("%s: the page shifted by %.6f while the viewer opened and closed: %s" % (relative, shifted, browser.evaluate("window.__shifted.join(' | ')")))
    print("viewer layout shift (open, next, close, back): %s" % shifted)
    # An address naming a photo opens the viewer on it.
    browser.open(url + "#view=" + ids[-1], 1400)
    if not browser.wait_for(VIEWER + " && " + VIEWER + ".open && document.querySelector('.viewer-count').textContent.startsWith('%d /')" % len(ids)):
        fail("%s: the address #view=%s did not open the viewer on that photo" % (relative, ids[-1]))
    # Keys go to the viewer wherever the focus is: with nothing focused, the left arrow shows the photo before, not the day before.
    browser.evaluate("document.activeElement && document.activeElement.blur(); true")
    browser.key("ArrowLeft", "ArrowLeft", 37)
    time.sleep(0.3)
    if browser.evaluate("location.href") != url + "#view=" + ids[-2] if len(ids) > 1 else False:
        fail("%s: the left arrow with nothing focused left the viewer's photos (%s)" % (relative, browser.evaluate("location.href")))
    # Every clip of the page (a video's, a Live Photo's, a motion photo's) plays in the viewer.
    clips = browser.evaluate("Array.from(document.querySelectorAll('a[data-view-clip]')).map(a => [a.dataset.viewId, a.dataset.viewKind])") or []
    clip = clips[0][0] if clips else None
    for clip_id, kind in clips[:8]:
        browser.open(url, 1400)
        browser.click("a[data-view-id=%s]" % json.dumps(clip_id))
        state = browser.wait_for("(() => { const v = document.querySelector('video.viewer-clip'); "
                                 "return v && v.readyState >= 2 && v.currentTime > 0 && [v.readyState, v.currentTime, v.muted]; })()", 4)
        if not state:
            fail("%s: the clip of %s did not play in the viewer (%s)" % (relative, clip_id, browser.evaluate(
                "(() => { const v = document.querySelector('video.viewer-clip'); return v && [v.readyState, v.currentTime, v.error && v.error.code]; })()")))
        else:
            print("%s: the %s clip of %s played in the viewer (readyState %d)" % (relative, kind, clip_id, state[0]))
        browser.key("Escape", "Escape", 27)
    # The open viewer: axe-core finds no serious violation, at 1400 and 390 px, light and dark; screenshots.
    axe = axe_source()
    for width in (1400, 390):
        for dark in (False, True):
            browser.open(url, width, dark=dark)
            browser.click("a[data-view-clip]" if clip else "a[data-view]")
            browser.wait_for("(() => { const i = document.querySelector('.viewer-image'); return i && i.complete && i.naturalWidth > 0; })()")
            browser.evaluate(axe, wait=False)
            result = browser.evaluate("axe.run(document.querySelector('dialog.viewer'), {resultTypes: ['violations']})"
                                      ".then(r => r.violations.map(v => [v.impact, v.id, v.nodes.length, v.help]))")
            for impact, rule, count, help_text in result or []:
                if impact in ("serious", "critical"):
                    fail("%s, the viewer at %d px%s: axe %s %s (%d): %s" % (relative, width, " dark" if dark else "", impact, rule, count, help_text))
            if shots:
                time.sleep(0.5)
                name = "viewer-%d%s.png" % (width, "-dark" if dark else "")
                data = browser.call("Page.captureScreenshot", format="png")["data"]
                open(os.path.join(shots, name), "wb").write(base64.b64decode(data))
    # The first image on screen after a click, fresh loads from file://.
    times = []
    for run in range(5):
        browser.open(url, 1400)
        target = "a[data-view-id=%s]" % json.dumps(ids[run % len(ids)])
        browser.click(target)
        measure = browser.wait_for("(performance.getEntriesByName('filmroll-viewer-first-image')[0] || {}).duration")
        if measure:
            times.append(measure)
    if not times:
        fail("%s: the viewer never marked its first image" % relative)
    else:
        median = sorted(times)[len(times) // 2]
        print("viewer first image: %d ms" % round(median))
        if median > 300:
            fail("the viewer took %d ms to show its first image" % median)
    # The sheet is shown large enough to read.
    sheet_days = [p for p in days if 'class="highlight four-cut"' in open(p, encoding="utf-8").read()]
    for width in (1400, 390):
        for sheet_page in sheet_days[:1]:
            browser.open("file://" + urllib.parse.quote(sheet_page), width)
            shown = browser.evaluate("(() => { const i = document.querySelector('.four-cut img'); return [i.getBoundingClientRect().width, i.naturalWidth, document.documentElement.clientWidth]; })()")
            if shown and shown[0] < min(300, shown[1], shown[2] - 40):
                fail("%s at %d px: the four-cut sheet is shown %d px wide" % (os.path.relpath(sheet_page, folder), width, shown[0]))
    month_checks(browser, folder, pages)
    # On an "On this day" page a photo opens in the viewer too.
    others = [p for p in pages if "/on-this-day/" in p]
    if others:
        browser.open("file://" + urllib.parse.quote(others[0]), 390)
        browser.click("a[data-view]")
        if not browser.wait_for(VIEWER + " && " + VIEWER + ".open"):
            fail("%s: a click on a photo did not open the viewer" % os.path.relpath(others[0], folder))


def month_checks(browser, folder, pages):
    """A month page: a click on a day still opens the day's page; its button opens the viewer on
    the days' covers (the first, then the next with the right arrow), whose link names the day,
    and Esc gives the focus back to the day last shown."""
    months = [p for p in pages if re.search(r"/months/\d{4}-\d{2}\.html$", p) and open(p, encoding="utf-8").read().count(" data-view=") >= 2]
    if not months:
        print("no month with two days: month viewer checks skipped")
        return
    page = months[0]
    relative = os.path.relpath(page, folder)
    url = "file://" + urllib.parse.quote(page)
    browser.open(url, 390)
    ids = browser.evaluate("Array.from(document.querySelectorAll('a[data-view]')).map(a => a.dataset.viewId)")
    browser.click("button.viewer-open")
    if not browser.wait_for(VIEWER + " && " + VIEWER + ".open && location.hash === '#view=' + %s" % json.dumps(ids[0])):
        fail("%s: the button did not open the viewer on the first day (%s)" % (relative, browser.evaluate("location.hash")))
        return
    browser.key("ArrowRight", "ArrowRight", 39)
    if not browser.wait_for("location.hash === '#view=' + %s" % json.dumps(ids[1])):
        fail("%s: the right arrow did not show the next day's cover" % relative)
    link = browser.evaluate("(() => { const a = document.querySelector('dialog.viewer .viewer-page'); return [a.textContent, a.getAttribute('href')]; })()")
    day = browser.evaluate("document.querySelectorAll('a[data-view]')[1].href")
    if not link or not day or not day.endswith(link[1].split("/")[-1]) or "/days/" not in day:
        fail("%s: the viewer's link does not lead to the day shown (%s, %s)" % (relative, link, day))
    browser.key("Escape", "Escape", 27)
    focus = browser.wait_for("!" + VIEWER + ".open && document.activeElement.dataset.viewId")
    if focus != ids[1]:
        fail("%s: Esc gave the focus to %s, not the day last shown (%s)" % (relative, focus, ids[1]))
    browser.open(url, 1400)
    browser.click("a[data-view]")
    if not browser.wait_for("location.pathname.includes('/days/')"):
        fail("%s: a click on a day did not open its page (%s)" % (relative, browser.evaluate("location.href")))
    print("%s: the viewer opened from its button on %d days' covers" % (relative, len(ids)))


# Every video page's player plays (muted): it has a frame to show (readyState >= 2)
# and its time goes on; then its frames, which (for a clip made for it) may lie in a
# subfolder as deep as the photo's ("clips/DCIM/100APPLE/IMG_0100.mp4").
PLAYS = """new Promise(done => {
  const v = document.querySelector('figure.photo video');
  if (!v) { done(['no video']); return; }
  setTimeout(() => done(['timed out', v.readyState, v.error && v.error.code]), 8000);
  v.muted = true;
  const go = () => {
    const start = v.currentTime;
    v.play().then(() => setTimeout(() => done([v.readyState, v.duration, v.error && v.error.code, start, v.currentTime]), 800),
                  e => done(['refused', String(e), v.error && v.error.code]));
  };
  if (v.readyState >= 1) { go(); } else {
    v.addEventListener('loadedmetadata', go);
    v.addEventListener('error', () => done(['error', v.error && v.error.code]));
    v.load();
  }
})"""

# A focused video: the video ready, focused and at its start.
FOCUSED = """new Promise(done => {
  const v = document.querySelector('figure.photo video');
  const ready = () => { v.focus(); v.currentTime = 0; setTimeout(() => done(document.activeElement === v), 200); };
  if (v.readyState >= 1) { ready(); } else { v.addEventListener('loadedmetadata', ready); v.load(); }
  setTimeout(() => done(false), 5000);
})"""


def video_checks(browser, folder, pages):
    videos = [p for p in pages if "/photos/" in p and '<video src=' in open(p, encoding="utf-8").read()]
    played = 0
    for page in videos:
        relative = os.path.relpath(page, folder)
        browser.open("file://" + urllib.parse.quote(page), 1400)
        state = browser.evaluate(PLAYS)
        if not state or not isinstance(state[0], int) or state[0] < 2 or not state[1] or state[2] or state[4] <= state[3]:
            fail("%s: the video did not play (%s)" % (relative, state))
        else:
            played += 1
    print("%d of %d videos played" % (played, len(videos)))
    # The arrow keys seek a focused video and stay on its page.
    for page in videos[:1]:
        relative = os.path.relpath(page, folder)
        browser.open("file://" + urllib.parse.quote(page), 1400)
        address = browser.evaluate("location.href")
        if not browser.evaluate(FOCUSED):
            fail("%s: the video cannot be focused" % relative)
            continue
        browser.key("ArrowRight", "ArrowRight", 39)
        time.sleep(0.5)
        after = browser.evaluate("[location.href, document.querySelector('figure.photo video').currentTime]")
        if not after or after[0] != address:
            fail("%s: the right arrow left the page of a focused video (%s)" % (relative, after))
            continue
        if after[1] <= 0:
            fail("%s: the right arrow did not seek the focused video (%s)" % (relative, after))
        browser.key("ArrowLeft", "ArrowLeft", 37)
        time.sleep(0.5)
        back = browser.evaluate("[location.href, document.querySelector('figure.photo video').currentTime]")
        if not back or back[0] != address or back[1] >= after[1]:
            fail("%s: the left arrow did not seek the focused video back (%s, then %s)" % (relative, after, back))
        else:
            print("%s: the arrows seek the focused video (%.2f s, then %.2f s)" % (relative, after[1], back[1]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--screenshots")
    parser.add_argument("--viewer-only", action="store_true")
    args = parser.parse_args()
    folder = os.path.abspath(args.folder)
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    pages = static_checks(folder)
    print("%d pages parsed, their links followed" % len(pages))
    layout_checks(folder, pages)
    if shutil.which("chromium") and args.viewer_only:
        browser = Browser()
        try:
            viewer_checks(browser, folder, pages, args.screenshots)
        finally:
            browser.close()
    elif shutil.which("chromium"):
        browser_checks(folder, pages, args.screenshots)
    else:
        print("chromium is not installed: browser checks skipped")
    print("%d problems" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
