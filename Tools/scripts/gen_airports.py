#!/usr/bin/env python3
"""Generate Modules/SimulatedAirline/Airports/AirportTable.swift from the `airportsdata` package.

Usage (from the repository root):
    pip install airportsdata
    python3 Tools/scripts/gen_airports.py            # writes the Swift file
    python3 Tools/scripts/gen_airports.py --stdout   # prints it instead

The airport list, the city spelling adjustments and the name fixes are all below;
everything else (name, country, time zone, coordinates) comes from `airportsdata`.
"""

import datetime
import os
import re
import sys

import airportsdata

# Real, busy airports worldwide. Order here does not matter; output is sorted by code.
CODES = """
IST SAW ESB ADB AYT
AMS FRA MUC DUS HAM CGN BER LHR LGW MAN DUB CDG ORY BRU ZRH GVA VIE CPH ARN OSL HEL
MAD BCN PMI AGP FCO MXP ATH LIS WAW KRK PRG BUD OTP SOF
JFK EWR ORD ATL LAX SFO SEA DFW DEN MIA BOS IAD LAS IAH MCO YYZ YVR YUL MEX CUN
GRU GIG EZE BOG SCL LIM PTY
DXB AUH DOH RUH JED TLV AMM
HND NRT KIX ICN PEK PKX PVG CAN SZX HKG TPE SIN KUL BKK CGK MNL SGN HAN DEL BOM BLR
JNB CPT CAI ADD NBO LOS CMN
SYD MEL BNE PER AKL
""".split()

# code -> (city, cityEnglish) where the data's city is replaced.
# Local/Unicode spellings where the data has the English or accent-stripped form,
# and the served city where the data names the suburb the airport lies in.
CITY_OVERRIDES = {
    "IST": ("İstanbul", "Istanbul"),      # data: "Arnavutköy, Istanbul"
    "SAW": ("İstanbul", "Istanbul"),      # data: "Istanbul"
    "ADB": ("İzmir", "Izmir"),            # data: "Izmir"
    "MUC": ("München", "Munich"),         # data: "Munich"
    "ZRH": ("Zürich", "Zurich"),          # data: "Zurich"
    "CGN": ("Köln", "Cologne"),           # data: "Cologne"
    "DUS": ("Düsseldorf", "Dusseldorf"),  # data: "Dusseldorf"
    "AGP": ("Málaga", "Malaga"),          # data: "Malaga"
    "GRU": ("São Paulo", "Sao Paulo"),    # data: "Sao Paulo"
    "BOG": ("Bogotá", "Bogota"),          # data: "Bogota"
    "CUN": ("Cancún", "Cancun"),          # data: "Cancun"
    "KRK": ("Kraków", "Krakow"),          # data already "Kraków"; English form added
    "YUL": ("Montréal", "Montreal"),      # data: "Dorval" (suburb)
    "YYZ": ("Toronto", "Toronto"),        # data: "Mississauga" (suburb)
    "YVR": ("Vancouver", "Vancouver"),    # data: "Richmond" (suburb)
    "EZE": ("Buenos Aires", "Buenos Aires"),  # data: "Ezeiza" (suburb)
    "PTY": ("Panama City", "Panama City"),    # data: "Tocumen" (suburb)
    "GIG": ("Rio de Janeiro", "Rio de Janeiro"),        # data: "Rio De Janeiro"
    "PMI": ("Palma de Mallorca", "Palma de Mallorca"),  # data: "Palma De Mallorca"
}

# code -> name, where the data's name is garbled.
# The main airport of each city in the list with more than one, by passengers in 2024 (ACI World
# preliminary ranking and the operators' own figures): suggestions offer it first.
MAIN_AIRPORTS = {"CDG", "HND", "IST", "LHR", "PEK"}

NAME_OVERRIDES = {
    "IAH": "George Bush Intercontinental Airport",  # data: "George Bush Intcntl/Houston Airport"
    "SAW": "Sabiha Gökçen International Airport",  # data: "Sabiha Gokcen ..." (no Turkish letters)
}

MAX_COLS = 100
INDENT = "    "
CONT_INDENT = "      "


def swift_string(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def swift_double(x) -> str:
    r = repr(float(x))
    return r


def row_lines(args):
    """Lay out one `AirportRow(...)` call the way swift-format (.swift-format) leaves it.

    Arguments go on lines of their own after `AirportRow(`, packed into as few lines
    as fit in MAX_COLS: two lines split where the longer one is shortest, else three
    (code and name / city and country / time zone and position), else greedy.
    """
    def line(parts, last):
        return CONT_INDENT + ", ".join(parts) + (")," if last else ",")

    opener = INDENT + "AirportRow("
    one = opener + ", ".join(args) + "),"
    if len(one) <= MAX_COLS:
        return [one]
    best = None
    for k in range(1, len(args)):
        pair = [line(args[:k], False), line(args[k:], True)]
        width = max(len(x) for x in pair)
        if width <= MAX_COLS and (best is None or width < best[0]):
            best = (width, pair)
    if best:
        return [opener] + best[1]
    groups = [args[:2], args[2:5], args[5:]]  # code+name / city+country / zone+position
    three = [line(g, i == 2) for i, g in enumerate(groups)]
    if max(len(x) for x in three) <= MAX_COLS:
        return [opener] + three
    lines = [opener]
    cur = ""
    for i, arg in enumerate(args):
        piece = arg + ("," if i < len(args) - 1 else "),")
        candidate = (cur + " " + piece) if cur else (CONT_INDENT + piece)
        if len(candidate) <= MAX_COLS or not cur:
            cur = candidate
        else:
            lines.append(cur)
            cur = CONT_INDENT + piece
    lines.append(cur)
    return lines


def build() -> str:
    data = airportsdata.load("IATA")
    codes = sorted(set(CODES))
    if len(codes) != len(CODES):
        raise SystemExit("duplicate codes in CODES")
    out_rows = []
    for code in codes:
        if not re.fullmatch(r"[A-Z]{3}", code):
            raise SystemExit(f"bad code {code!r}")
        a = data[code]
        name = re.sub(r"\s+", " ", NAME_OVERRIDES.get(code, a["name"])).strip()
        city, city_en = CITY_OVERRIDES.get(code, (a["city"], a["city"]))
        country = a["country"]
        tz = a["tz"]
        if not re.fullmatch(r"[A-Z]{2}", country) or not tz:
            raise SystemExit(f"bad country/tz for {code}")
        args = [
            f"code: {swift_string(code)}",
            f"name: {swift_string(name)}",
            f"city: {swift_string(city)}",
            f"cityEnglish: {swift_string(city_en)}",
            f"country: {swift_string(country)}",
            f"timeZone: {swift_string(tz)}",
            f"latitude: {swift_double(a['lat'])}",
            f"longitude: {swift_double(a['lon'])}",
            f"isMain: {'true' if code in MAIN_AIRPORTS else 'false'}",
        ]
        out_rows.extend(row_lines(args))
    today = datetime.date.today().isoformat()
    header = f"""\
// Airport data generated from the `airportsdata` package (MIT licence,
// https://github.com/mborsetti/airportsdata), version {airportsdata.__version__}, on {today};
// cities use local spellings (İstanbul, München, Zürich, São Paulo, ...) or the served city
// instead of the suburb, with the English form in `cityEnglish`; IAH's garbled name is fixed.
// `isMain` marks a city's main airport where it has more than one in the list (by passengers in
// 2024, ACI World and the operators' figures). Regenerate with Tools/scripts/gen_airports.py.

/// One row of the built-in airport list, before validation into `Airport`.
struct AirportRow: Sendable {{
  let code: String
  let name: String
  let city: String
  let cityEnglish: String
  let country: String
  let timeZone: String
  let latitude: Double
  let longitude: Double
  /// The main airport of a city with more than one in the list.
  let isMain: Bool
}}

/// The built-in airports: real, busy airports with their IANA time zones.
enum AirportTable {{
  static let rows: [AirportRow] = [
"""
    footer = "  ]\n}\n"
    return header + "\n".join(out_rows) + "\n" + footer


def main():
    text = build()
    for i, line in enumerate(text.splitlines(), 1):
        if len(line) > MAX_COLS:
            print(f"warning: line {i} has {len(line)} columns", file=sys.stderr)
    if "--stdout" in sys.argv:
        sys.stdout.write(text)
        return
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = os.path.join(root, "Modules", "SimulatedAirline", "Airports", "AirportTable.swift")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
