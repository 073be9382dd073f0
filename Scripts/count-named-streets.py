#!/usr/bin/env python3
"""The named streets in a day map's frame, counted from the basemap's tiles
directly, and whether each is named in the SVG Filmroll drew.

    python3 Scripts/count-named-streets.py BASEMAP SAMPLES_DIR

SAMPLES_DIR holds pairs NAME.svg and NAME.json, as `filmroll-bench
basemap-map --write-samples DIR` writes them: the map, and its frame
({"zoom", "left", "top", "scale", "width", "height"}: the tiles' zoom, the
frame's top left in Web Mercator world units (the world 1 x 1, y down), its
pixels per world unit and its size in pixels). A named street is a line of
`transportation_name` (OpenMapTiles) or `roads` (Protomaps) with a name
(name, else name:latin, name_en, name:en), not rail, ferry or transit,
whose geometry reaches into the frame. Its name must be the text of a
<text class="street …"> element (or its <textPath>).

Needs PyPI's mapbox-vector-tile (and pmtiles for a .pmtiles file), for
example in a venv under /tmp: not a requirement of the build or of CI.
Prints one line per map and "named streets in frame: N, labelled: M";
exit 1 when a street is not named.
"""
import glob, gzip, json, os, sqlite3, sys
import xml.etree.ElementTree as ET

import mapbox_vector_tile


def tile_reader(path):
    if path.endswith(".mbtiles"):
        db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        def read(z, x, y):
            row = db.execute("SELECT tile_data FROM tiles WHERE zoom_level=? AND tile_column=? AND tile_row=?",
                             (z, x, (1 << z) - 1 - y)).fetchone()
            return row[0] if row else None
        return read
    from pmtiles.reader import MmapSource, Reader
    reader = Reader(MmapSource(open(path, "rb")))
    return lambda z, x, y: reader.get(z, x, y)


def street_name(properties):
    for key in ("name", "name:latin", "name_en", "name:en"):
        value = properties.get(key)
        if isinstance(value, str) and value.strip():
            return value
    return None


def segment_reaches(a, b, width, height):
    """Whether the segment a-b meets the box 0..width x 0..height (Liang-Barsky)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0]), (dx, width - a[0]), (-dy, a[1]), (dy, height - a[1])):
        if p == 0:
            if q < 0:
                return False
        else:
            r = q / p
            if p < 0:
                if r > t1:
                    return False
                t0 = max(t0, r)
            else:
                if r < t0:
                    return False
                t1 = min(t1, r)
    return True


def lines_of(geometry):
    kind, coordinates = geometry["type"], geometry["coordinates"]
    if kind == "LineString":
        return [coordinates]
    if kind == "MultiLineString":
        return coordinates
    return []


def streets_in_frame(read, frame):
    zoom, left, top, scale = frame["zoom"], frame["left"], frame["top"], frame["scale"]
    width, height = frame["width"], frame["height"]
    count = 1 << zoom
    size = 1 / count
    first_x, last_x = int(left // size), int((left + width / scale) // size)
    first_y, last_y = max(0, int(top // size)), min(count - 1, int((top + height / scale) // size))
    names = set()
    for y in range(first_y, last_y + 1):
        for column in range(first_x, last_x + 1):
            data = read(zoom, column % count, y)
            if not data:
                continue
            if data[:2] == b"\x1f\x8b":
                data = gzip.decompress(data)
            layers = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})
            layer_name = "roads" if "roads" in layers and "transportation_name" not in layers else "transportation_name"
            layer = layers.get(layer_name)
            if not layer:
                continue
            extent = layer.get("extent", 4096)
            factor = size * scale / extent
            offset_x, offset_y = (column * size - left) * scale, (y * size - top) * scale
            for feature in layer["features"]:
                properties = feature["properties"]
                kind = properties.get("kind" if layer_name == "roads" else "class")
                name = street_name(properties)
                if not name or kind in ("rail", "ferry", "transit") or name in names:
                    continue
                for line in lines_of(feature["geometry"]):
                    pixels = [(x * factor + offset_x, py * factor + offset_y) for x, py in line]
                    if any(segment_reaches(a, b, width, height) for a, b in zip(pixels, pixels[1:])):
                        names.add(name)
                        break
    return names


def labels_in(svg_path):
    names = []
    for element in ET.parse(svg_path).getroot().iter("{http://www.w3.org/2000/svg}text"):
        if "street" in (element.get("class") or "").split():
            names.append("".join(element.itertext()))
    return names


def main():
    if len(sys.argv) != 3:
        print("usage: count-named-streets.py BASEMAP SAMPLES_DIR", file=sys.stderr)
        sys.exit(64)
    basemap, folder = sys.argv[1], sys.argv[2]
    read = tile_reader(basemap)
    total = labelled = 0
    missing_any = False
    for svg in sorted(glob.glob(os.path.join(folder, "*.svg"))):
        frame = json.load(open(svg[:-4] + ".json"))
        streets = streets_in_frame(read, frame)
        labels = set(labels_in(svg))
        missing = sorted(streets - labels)
        total += len(streets)
        labelled += len(streets & labels)
        print("%s: %d named streets in frame, %d labelled%s" % (os.path.basename(svg), len(streets), len(streets & labels),
                                                             "; not named: " + ", ".join(missing) if missing else ""))
        missing_any = missing_any or bool(missing)
    print("named streets in frame: %d, labelled: %d" % (total, labelled))
    sys.exit(1 if missing_any else 0)


if __name__ == "__main__":
    main()
