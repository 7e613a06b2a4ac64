import Airline

// Airport data generated from the `airportsdata` package (MIT licence,
// https://github.com/mborsetti/airportsdata), version 20260905, on 2026-11-30;
// cities use local spellings (İstanbul, München, Zürich, São Paulo, ...) or the served city
// instead of the suburb, with the English form in `cityEnglish`; IAH's garbled name is fixed.
// `isMain` marks a city's main airport where it has more than one in the list (by passengers in
// 2024, ACI World and the operators' figures). Regenerate with Tools/scripts/gen_airports.py.

/// One row of the built-in airport list, before validation into `Airport`.
struct AirportRow: Sendable {
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
}

/// The built-in airports: real, busy airports with their IANA time zones.
enum AirportTable {
  static let rows: [AirportRow] = [
    AirportRow(
      code: "ADB", name: "Adnan Menderes International Airport",
      city: "İzmir", cityEnglish: "Izmir", country: "TR",
      timeZone: "Europe/Istanbul", latitude: 38.2924, longitude: 27.157, isMain: false),
    AirportRow(
      code: "ADD", name: "Bole International Airport",
      city: "Addis Ababa", cityEnglish: "Addis Ababa", country: "ET",
      timeZone: "Africa/Addis_Ababa", latitude: 8.97789, longitude: 38.7993, isMain: false),
    AirportRow(
      code: "AGP", name: "Malaga Airport", city: "Málaga", cityEnglish: "Malaga", country: "ES",
      timeZone: "Europe/Madrid", latitude: 36.6749, longitude: -4.49911, isMain: false),
    AirportRow(
      code: "AKL", name: "Auckland International Airport",
      city: "Auckland", cityEnglish: "Auckland", country: "NZ",
      timeZone: "Pacific/Auckland", latitude: -37.0081, longitude: 174.79201, isMain: false),
    AirportRow(
      code: "AMM", name: "Queen Alia International Airport", city: "Amman", cityEnglish: "Amman",
      country: "JO", timeZone: "Asia/Amman", latitude: 31.7226, longitude: 35.9932, isMain: false),
    AirportRow(
      code: "AMS", name: "Amsterdam Airport Schiphol",
      city: "Amsterdam", cityEnglish: "Amsterdam", country: "NL",
      timeZone: "Europe/Amsterdam", latitude: 52.3086, longitude: 4.76389, isMain: false),
    AirportRow(
      code: "ARN", name: "Stockholm-Arlanda Airport",
      city: "Stockholm", cityEnglish: "Stockholm", country: "SE",
      timeZone: "Europe/Stockholm", latitude: 59.6519, longitude: 17.9186, isMain: false),
    AirportRow(
      code: "ATH", name: "Eleftherios Venizelos International Airport",
      city: "Athens", cityEnglish: "Athens", country: "GR",
      timeZone: "Europe/Athens", latitude: 37.9364, longitude: 23.9445, isMain: false),
    AirportRow(
      code: "ATL", name: "Hartsfield/Jackson Atlanta International Airport",
      city: "Atlanta", cityEnglish: "Atlanta", country: "US",
      timeZone: "America/New_York", latitude: 33.6367, longitude: -84.427864, isMain: false),
    AirportRow(
      code: "AUH", name: "Abu Dhabi International Airport",
      city: "Abu Dhabi", cityEnglish: "Abu Dhabi", country: "AE",
      timeZone: "Asia/Dubai", latitude: 24.433, longitude: 54.6511, isMain: false),
    AirportRow(
      code: "AYT", name: "Antalya International Airport",
      city: "Antalya", cityEnglish: "Antalya", country: "TR",
      timeZone: "Europe/Istanbul", latitude: 36.8987, longitude: 30.8005, isMain: false),
    AirportRow(
      code: "BCN", name: "Barcelona International Airport",
      city: "Barcelona", cityEnglish: "Barcelona", country: "ES",
      timeZone: "Europe/Madrid", latitude: 41.2971, longitude: 2.07846, isMain: false),
    AirportRow(
      code: "BER", name: "Berlin Brandenburg Airport",
      city: "Berlin", cityEnglish: "Berlin", country: "DE",
      timeZone: "Europe/Berlin", latitude: 52.36217, longitude: 13.50067, isMain: false),
    AirportRow(
      code: "BKK", name: "Suvarnabhumi Airport",
      city: "Bangkok", cityEnglish: "Bangkok", country: "TH",
      timeZone: "Asia/Bangkok", latitude: 13.6811, longitude: 100.747, isMain: false),
    AirportRow(
      code: "BLR", name: "Bengaluru International Airport",
      city: "Bangalore", cityEnglish: "Bangalore", country: "IN",
      timeZone: "Asia/Kolkata", latitude: 13.1979, longitude: 77.7063, isMain: false),
    AirportRow(
      code: "BNE", name: "Brisbane International Airport",
      city: "Brisbane", cityEnglish: "Brisbane", country: "AU",
      timeZone: "Australia/Brisbane", latitude: -27.3842, longitude: 153.117, isMain: false),
    AirportRow(
      code: "BOG", name: "El Dorado International Airport",
      city: "Bogotá", cityEnglish: "Bogota", country: "CO",
      timeZone: "America/Bogota", latitude: 4.70159, longitude: -74.1469, isMain: false),
    AirportRow(
      code: "BOM", name: "Chhatrapati Shivaji International Airport",
      city: "Mumbai", cityEnglish: "Mumbai", country: "IN",
      timeZone: "Asia/Kolkata", latitude: 19.0887, longitude: 72.8679, isMain: false),
    AirportRow(
      code: "BOS", name: "General Edward Lawrence Logan International Airport",
      city: "Boston", cityEnglish: "Boston", country: "US",
      timeZone: "America/New_York", latitude: 42.362944, longitude: -71.006389, isMain: false),
    AirportRow(
      code: "BRU", name: "Brussels Airport",
      city: "Brussels", cityEnglish: "Brussels", country: "BE",
      timeZone: "Europe/Brussels", latitude: 50.5405, longitude: 4.2904, isMain: false),
    AirportRow(
      code: "BUD", name: "Budapest Ferenc Liszt International Airport",
      city: "Budapest", cityEnglish: "Budapest", country: "HU",
      timeZone: "Europe/Budapest", latitude: 47.4369, longitude: 19.2556, isMain: false),
    AirportRow(
      code: "CAI", name: "Cairo International Airport",
      city: "Cairo", cityEnglish: "Cairo", country: "EG",
      timeZone: "Africa/Cairo", latitude: 30.1219, longitude: 31.4056, isMain: false),
    AirportRow(
      code: "CAN", name: "Guangzhou Baiyun International Airport",
      city: "Guangzhou", cityEnglish: "Guangzhou", country: "CN",
      timeZone: "Asia/Shanghai", latitude: 23.3924, longitude: 113.299, isMain: false),
    AirportRow(
      code: "CDG", name: "Charles de Gaulle International Airport",
      city: "Paris", cityEnglish: "Paris", country: "FR",
      timeZone: "Europe/Paris", latitude: 49.0128, longitude: 2.55, isMain: true),
    AirportRow(
      code: "CGK", name: "Soekarno-Hatta International Airport",
      city: "Jakarta", cityEnglish: "Jakarta", country: "ID",
      timeZone: "Asia/Jakarta", latitude: -6.12557, longitude: 106.656, isMain: false),
    AirportRow(
      code: "CGN", name: "Cologne Bonn Airport",
      city: "Köln", cityEnglish: "Cologne", country: "DE",
      timeZone: "Europe/Berlin", latitude: 50.8659, longitude: 7.14274, isMain: false),
    AirportRow(
      code: "CMN", name: "Mohammed V International Airport",
      city: "Casablanca", cityEnglish: "Casablanca", country: "MA",
      timeZone: "Africa/Casablanca", latitude: 33.3675, longitude: -7.58997, isMain: false),
    AirportRow(
      code: "CPH", name: "Copenhagen Kastrup Airport",
      city: "Copenhagen", cityEnglish: "Copenhagen", country: "DK",
      timeZone: "Europe/Copenhagen", latitude: 55.6179, longitude: 12.656, isMain: false),
    AirportRow(
      code: "CPT", name: "Cape Town International Airport",
      city: "Cape Town", cityEnglish: "Cape Town", country: "ZA",
      timeZone: "Africa/Johannesburg", latitude: -33.9648, longitude: 18.6017, isMain: false),
    AirportRow(
      code: "CUN", name: "Cancun International Airport",
      city: "Cancún", cityEnglish: "Cancun", country: "MX",
      timeZone: "America/Cancun", latitude: 21.0365, longitude: -86.8771, isMain: false),
    AirportRow(
      code: "DEL", name: "Indira Gandhi International Airport",
      city: "New Delhi", cityEnglish: "New Delhi", country: "IN",
      timeZone: "Asia/Kolkata", latitude: 28.5665, longitude: 77.1031, isMain: false),
    AirportRow(
      code: "DEN", name: "Denver International Airport",
      city: "Denver", cityEnglish: "Denver", country: "US",
      timeZone: "America/Denver", latitude: 39.861667, longitude: -104.673167, isMain: false),
    AirportRow(
      code: "DFW", name: "Dallas-Fort Worth International Airport",
      city: "Dallas-Fort Worth", cityEnglish: "Dallas-Fort Worth", country: "US",
      timeZone: "America/Chicago", latitude: 32.897233, longitude: -97.037695, isMain: false),
    AirportRow(
      code: "DOH", name: "Hamad International Airport",
      city: "Doha", cityEnglish: "Doha", country: "QA",
      timeZone: "Asia/Qatar", latitude: 25.26059, longitude: 51.61377, isMain: false),
    AirportRow(
      code: "DUB", name: "Dublin Airport", city: "Dublin", cityEnglish: "Dublin", country: "IE",
      timeZone: "Europe/Dublin", latitude: 53.4213, longitude: -6.27007, isMain: false),
    AirportRow(
      code: "DUS", name: "Dusseldorf International Airport",
      city: "Düsseldorf", cityEnglish: "Dusseldorf", country: "DE",
      timeZone: "Europe/Berlin", latitude: 51.2895, longitude: 6.76678, isMain: false),
    AirportRow(
      code: "DXB", name: "Dubai International Airport", city: "Dubai", cityEnglish: "Dubai",
      country: "AE", timeZone: "Asia/Dubai", latitude: 25.2528, longitude: 55.3644, isMain: false),
    AirportRow(
      code: "ESB", name: "Esenboga International Airport",
      city: "Ankara", cityEnglish: "Ankara", country: "TR",
      timeZone: "Europe/Istanbul", latitude: 40.1281, longitude: 32.9951, isMain: false),
    AirportRow(
      code: "EWR", name: "Newark Liberty International Airport",
      city: "Newark", cityEnglish: "Newark", country: "US",
      timeZone: "America/New_York", latitude: 40.692481, longitude: -74.168688, isMain: false),
    AirportRow(
      code: "EZE", name: "Ministro Pistarini International Airport", city: "Buenos Aires",
      cityEnglish: "Buenos Aires", country: "AR", timeZone: "America/Argentina/Buenos_Aires",
      latitude: -34.8222, longitude: -58.5358, isMain: false),
    AirportRow(
      code: "FCO", name: "Leonardo Da Vinci (Fiumicino) International Airport",
      city: "Rome", cityEnglish: "Rome", country: "IT",
      timeZone: "Europe/Rome", latitude: 41.8045, longitude: 12.2508, isMain: false),
    AirportRow(
      code: "FRA", name: "Frankfurt am Main International Airport",
      city: "Frankfurt am Main", cityEnglish: "Frankfurt am Main", country: "DE",
      timeZone: "Europe/Berlin", latitude: 50.0264, longitude: 8.54313, isMain: false),
    AirportRow(
      code: "GIG", name: "Galeao - Antonio Carlos Jobim International Airport",
      city: "Rio de Janeiro", cityEnglish: "Rio de Janeiro", country: "BR",
      timeZone: "America/Sao_Paulo", latitude: -22.81, longitude: -43.25056, isMain: false),
    AirportRow(
      code: "GRU", name: "Guarulhos - Governador Andre Franco Montoro International Airport",
      city: "São Paulo", cityEnglish: "Sao Paulo", country: "BR",
      timeZone: "America/Sao_Paulo", latitude: -23.43556, longitude: -46.47306, isMain: false),
    AirportRow(
      code: "GVA", name: "Geneva Cointrin International Airport",
      city: "Geneva", cityEnglish: "Geneva", country: "CH",
      timeZone: "Europe/Zurich", latitude: 46.2381, longitude: 6.10895, isMain: false),
    AirportRow(
      code: "HAM", name: "Hamburg Airport", city: "Hamburg", cityEnglish: "Hamburg", country: "DE",
      timeZone: "Europe/Berlin", latitude: 53.6304, longitude: 9.98823, isMain: false),
    AirportRow(
      code: "HAN", name: "Noi Bai International Airport",
      city: "Hanoi", cityEnglish: "Hanoi", country: "VN",
      timeZone: "Asia/Ho_Chi_Minh", latitude: 21.2212, longitude: 105.807, isMain: false),
    AirportRow(
      code: "HEL", name: "Helsinki Vantaa Airport",
      city: "Helsinki", cityEnglish: "Helsinki", country: "FI",
      timeZone: "Europe/Helsinki", latitude: 60.3172, longitude: 24.9633, isMain: false),
    AirportRow(
      code: "HKG", name: "Chek Lap Kok International Airport",
      city: "Hong Kong", cityEnglish: "Hong Kong", country: "HK",
      timeZone: "Asia/Hong_Kong", latitude: 22.3089, longitude: 113.915, isMain: false),
    AirportRow(
      code: "HND", name: "Tokyo International Airport", city: "Tokyo", cityEnglish: "Tokyo",
      country: "JP", timeZone: "Asia/Tokyo", latitude: 35.5523, longitude: 139.78, isMain: true),
    AirportRow(
      code: "IAD", name: "Washington Dulles International Airport",
      city: "Washington", cityEnglish: "Washington", country: "US",
      timeZone: "America/New_York", latitude: 38.947456, longitude: -77.459929, isMain: false),
    AirportRow(
      code: "IAH", name: "George Bush Intercontinental Airport",
      city: "Houston", cityEnglish: "Houston", country: "US",
      timeZone: "America/Chicago", latitude: 29.984435, longitude: -95.341442, isMain: false),
    AirportRow(
      code: "ICN", name: "Incheon International Airport", city: "Seoul", cityEnglish: "Seoul",
      country: "KR", timeZone: "Asia/Seoul", latitude: 37.4691, longitude: 126.451, isMain: false),
    AirportRow(
      code: "IST", name: "Istanbul Airport",
      city: "İstanbul", cityEnglish: "Istanbul", country: "TR",
      timeZone: "Europe/Istanbul", latitude: 41.27533, longitude: 28.752, isMain: true),
    AirportRow(
      code: "JED", name: "King Abdulaziz International Airport",
      city: "Jeddah", cityEnglish: "Jeddah", country: "SA",
      timeZone: "Asia/Riyadh", latitude: 21.6796, longitude: 39.1565, isMain: false),
    AirportRow(
      code: "JFK", name: "John F Kennedy International Airport",
      city: "New York", cityEnglish: "New York", country: "US",
      timeZone: "America/New_York", latitude: 40.639928, longitude: -73.778692, isMain: false),
    AirportRow(
      code: "JNB", name: "O. R. Tambo International Airport",
      city: "Johannesburg", cityEnglish: "Johannesburg", country: "ZA",
      timeZone: "Africa/Johannesburg", latitude: -26.13367, longitude: 28.24233, isMain: false),
    AirportRow(
      code: "KIX", name: "Kansai International Airport", city: "Osaka", cityEnglish: "Osaka",
      country: "JP", timeZone: "Asia/Tokyo", latitude: 34.4273, longitude: 135.244, isMain: false),
    AirportRow(
      code: "KRK", name: "John Paul II International Airport Kraków-Balice Airport",
      city: "Kraków", cityEnglish: "Krakow", country: "PL",
      timeZone: "Europe/Warsaw", latitude: 50.0777, longitude: 19.7848, isMain: false),
    AirportRow(
      code: "KUL", name: "Kuala Lumpur International Airport",
      city: "Kuala Lumpur", cityEnglish: "Kuala Lumpur", country: "MY",
      timeZone: "Asia/Kuala_Lumpur", latitude: 2.74558, longitude: 101.71, isMain: false),
    AirportRow(
      code: "LAS", name: "Harry Reid International Airport",
      city: "Las Vegas", cityEnglish: "Las Vegas", country: "US",
      timeZone: "America/Los_Angeles", latitude: 36.080343, longitude: -115.152449, isMain: false),
    AirportRow(
      code: "LAX", name: "Los Angeles International Airport",
      city: "Los Angeles", cityEnglish: "Los Angeles", country: "US",
      timeZone: "America/Los_Angeles", latitude: 33.942496, longitude: -118.408049, isMain: false),
    AirportRow(
      code: "LGW", name: "London Gatwick Airport",
      city: "London", cityEnglish: "London", country: "GB",
      timeZone: "Europe/London", latitude: 51.1481, longitude: -0.19028, isMain: false),
    AirportRow(
      code: "LHR", name: "London Heathrow Airport",
      city: "London", cityEnglish: "London", country: "GB",
      timeZone: "Europe/London", latitude: 51.4706, longitude: -0.46194, isMain: true),
    AirportRow(
      code: "LIM", name: "Jorge Chavez International Airport",
      city: "Lima", cityEnglish: "Lima", country: "PE",
      timeZone: "America/Lima", latitude: -12.0219, longitude: -77.1143, isMain: false),
    AirportRow(
      code: "LIS", name: "Lisbon Portela Airport",
      city: "Lisbon", cityEnglish: "Lisbon", country: "PT",
      timeZone: "Europe/Lisbon", latitude: 38.7813, longitude: -9.13592, isMain: false),
    AirportRow(
      code: "LOS", name: "Murtala Muhammed International Airport",
      city: "Lagos", cityEnglish: "Lagos", country: "NG",
      timeZone: "Africa/Lagos", latitude: 6.57737, longitude: 3.32116, isMain: false),
    AirportRow(
      code: "MAD", name: "Madrid Barajas International Airport",
      city: "Madrid", cityEnglish: "Madrid", country: "ES",
      timeZone: "Europe/Madrid", latitude: 40.4936, longitude: -3.56676, isMain: false),
    AirportRow(
      code: "MAN", name: "Manchester Airport",
      city: "Manchester", cityEnglish: "Manchester", country: "GB",
      timeZone: "Europe/London", latitude: 53.3537, longitude: -2.27495, isMain: false),
    AirportRow(
      code: "MCO", name: "Orlando International Airport",
      city: "Orlando", cityEnglish: "Orlando", country: "US",
      timeZone: "America/New_York", latitude: 28.429394, longitude: -81.308993, isMain: false),
    AirportRow(
      code: "MEL", name: "Melbourne International Airport",
      city: "Melbourne", cityEnglish: "Melbourne", country: "AU",
      timeZone: "Australia/Melbourne", latitude: -37.6733, longitude: 144.843, isMain: false),
    AirportRow(
      code: "MEX", name: "Licenciado Benito Juarez International Airport",
      city: "Mexico City", cityEnglish: "Mexico City", country: "MX",
      timeZone: "America/Mexico_City", latitude: 19.4363, longitude: -99.0721, isMain: false),
    AirportRow(
      code: "MIA", name: "Miami International Airport",
      city: "Miami", cityEnglish: "Miami", country: "US",
      timeZone: "America/New_York", latitude: 25.795361, longitude: -80.290116, isMain: false),
    AirportRow(
      code: "MNL", name: "Ninoy Aquino International Airport",
      city: "Manila", cityEnglish: "Manila", country: "PH",
      timeZone: "Asia/Manila", latitude: 14.5086, longitude: 121.02, isMain: false),
    AirportRow(
      code: "MUC", name: "Munich International Airport",
      city: "München", cityEnglish: "Munich", country: "DE",
      timeZone: "Europe/Berlin", latitude: 48.3538, longitude: 11.7861, isMain: false),
    AirportRow(
      code: "MXP", name: "Malpensa International Airport", city: "Milan", cityEnglish: "Milan",
      country: "IT", timeZone: "Europe/Rome", latitude: 45.6306, longitude: 8.72811, isMain: false),
    AirportRow(
      code: "NBO", name: "Jomo Kenyatta International Airport",
      city: "Nairobi", cityEnglish: "Nairobi", country: "KE",
      timeZone: "Africa/Nairobi", latitude: -1.31924, longitude: 36.9278, isMain: false),
    AirportRow(
      code: "NRT", name: "Narita International Airport", city: "Tokyo", cityEnglish: "Tokyo",
      country: "JP", timeZone: "Asia/Tokyo", latitude: 35.7647, longitude: 140.386, isMain: false),
    AirportRow(
      code: "ORD", name: "Chicago O'Hare International Airport",
      city: "Chicago", cityEnglish: "Chicago", country: "US",
      timeZone: "America/Chicago", latitude: 41.97694, longitude: -87.90815, isMain: false),
    AirportRow(
      code: "ORY", name: "Paris-Orly Airport", city: "Paris", cityEnglish: "Paris", country: "FR",
      timeZone: "Europe/Paris", latitude: 48.7253, longitude: 2.35944, isMain: false),
    AirportRow(
      code: "OSL", name: "Oslo Gardermoen Airport", city: "Oslo", cityEnglish: "Oslo",
      country: "NO", timeZone: "Europe/Oslo", latitude: 60.1939, longitude: 11.1004, isMain: false),
    AirportRow(
      code: "OTP", name: "Henri Coanda International Airport",
      city: "Bucharest", cityEnglish: "Bucharest", country: "RO",
      timeZone: "Europe/Bucharest", latitude: 44.5722, longitude: 26.1022, isMain: false),
    AirportRow(
      code: "PEK", name: "Beijing Capital International Airport",
      city: "Beijing", cityEnglish: "Beijing", country: "CN",
      timeZone: "Asia/Shanghai", latitude: 40.0801, longitude: 116.585, isMain: true),
    AirportRow(
      code: "PER", name: "Perth International Airport",
      city: "Perth", cityEnglish: "Perth", country: "AU",
      timeZone: "Australia/Perth", latitude: -31.9403, longitude: 115.967, isMain: false),
    AirportRow(
      code: "PKX", name: "Beijing Daxing International Airport",
      city: "Beijing", cityEnglish: "Beijing", country: "CN",
      timeZone: "Asia/Shanghai", latitude: 39.5, longitude: 116.4, isMain: false),
    AirportRow(
      code: "PMI", name: "Palma De Mallorca Airport",
      city: "Palma de Mallorca", cityEnglish: "Palma de Mallorca", country: "ES",
      timeZone: "Europe/Madrid", latitude: 39.5517, longitude: 2.73881, isMain: false),
    AirportRow(
      code: "PRG", name: "Václav Havel Airport", city: "Prague", cityEnglish: "Prague",
      country: "CZ", timeZone: "Europe/Prague", latitude: 50.1008, longitude: 14.26, isMain: false),
    AirportRow(
      code: "PTY", name: "Tocumen International Airport",
      city: "Panama City", cityEnglish: "Panama City", country: "PA",
      timeZone: "America/Panama", latitude: 9.07136, longitude: -79.3835, isMain: false),
    AirportRow(
      code: "PVG", name: "Shanghai Pudong International Airport",
      city: "Shanghai", cityEnglish: "Shanghai", country: "CN",
      timeZone: "Asia/Shanghai", latitude: 31.1434, longitude: 121.805, isMain: false),
    AirportRow(
      code: "RUH", name: "King Khaled International Airport", city: "Riyadh", cityEnglish: "Riyadh",
      country: "SA", timeZone: "Asia/Riyadh", latitude: 24.9576, longitude: 46.6988, isMain: false),
    AirportRow(
      code: "SAW", name: "Sabiha Gökçen International Airport",
      city: "İstanbul", cityEnglish: "Istanbul", country: "TR",
      timeZone: "Europe/Istanbul", latitude: 40.8986, longitude: 29.3092, isMain: false),
    AirportRow(
      code: "SCL", name: "Comodoro Arturo Merino Benitez International Airport",
      city: "Santiago", cityEnglish: "Santiago", country: "CL",
      timeZone: "America/Santiago", latitude: -33.393, longitude: -70.7858, isMain: false),
    AirportRow(
      code: "SEA", name: "Seattle-Tacoma International Airport",
      city: "Seattle", cityEnglish: "Seattle", country: "US",
      timeZone: "America/Los_Angeles", latitude: 47.449889, longitude: -122.311778, isMain: false),
    AirportRow(
      code: "SFO", name: "San Francisco International Airport",
      city: "San Francisco", cityEnglish: "San Francisco", country: "US",
      timeZone: "America/Los_Angeles", latitude: 37.618806, longitude: -122.375417, isMain: false),
    AirportRow(
      code: "SGN", name: "Tan Son Nhat International Airport",
      city: "Ho Chi Minh City", cityEnglish: "Ho Chi Minh City", country: "VN",
      timeZone: "Asia/Ho_Chi_Minh", latitude: 10.8188, longitude: 106.652, isMain: false),
    AirportRow(
      code: "SIN", name: "Singapore Changi International Airport",
      city: "Singapore", cityEnglish: "Singapore", country: "SG",
      timeZone: "Asia/Singapore", latitude: 1.35019, longitude: 103.994, isMain: false),
    AirportRow(
      code: "SOF", name: "Sofia Airport", city: "Sofia", cityEnglish: "Sofia", country: "BG",
      timeZone: "Europe/Sofia", latitude: 42.69669, longitude: 23.41144, isMain: false),
    AirportRow(
      code: "SYD", name: "Sydney Kingsford Smith International Airport",
      city: "Sydney", cityEnglish: "Sydney", country: "AU",
      timeZone: "Australia/Sydney", latitude: -33.9461, longitude: 151.177, isMain: false),
    AirportRow(
      code: "SZX", name: "Shenzhen Bao'an International Airport",
      city: "Shenzhen", cityEnglish: "Shenzhen", country: "CN",
      timeZone: "Asia/Shanghai", latitude: 22.6393, longitude: 113.811, isMain: false),
    AirportRow(
      code: "TLV", name: "Ben Gurion International Airport",
      city: "Tel Aviv", cityEnglish: "Tel Aviv", country: "IL",
      timeZone: "Asia/Jerusalem", latitude: 32.0114, longitude: 34.8867, isMain: false),
    AirportRow(
      code: "TPE", name: "Taiwan Taoyuan International Airport",
      city: "Taipei", cityEnglish: "Taipei", country: "TW",
      timeZone: "Asia/Taipei", latitude: 25.0777, longitude: 121.233, isMain: false),
    AirportRow(
      code: "VIE", name: "Vienna International Airport",
      city: "Vienna", cityEnglish: "Vienna", country: "AT",
      timeZone: "Europe/Vienna", latitude: 48.1103, longitude: 16.5697, isMain: false),
    AirportRow(
      code: "WAW", name: "Warsaw Chopin Airport",
      city: "Warsaw", cityEnglish: "Warsaw", country: "PL",
      timeZone: "Europe/Warsaw", latitude: 52.1657, longitude: 20.9671, isMain: false),
    AirportRow(
      code: "YUL", name: "Montréal-Pierre Elliott Trudeau International Airport",
      city: "Montréal", cityEnglish: "Montreal", country: "CA",
      timeZone: "America/Toronto", latitude: 45.4706, longitude: -73.7408, isMain: false),
    AirportRow(
      code: "YVR", name: "Vancouver International Airport",
      city: "Vancouver", cityEnglish: "Vancouver", country: "CA",
      timeZone: "America/Vancouver", latitude: 49.1939, longitude: -123.184, isMain: false),
    AirportRow(
      code: "YYZ", name: "Toronto Pearson International Airport",
      city: "Toronto", cityEnglish: "Toronto", country: "CA",
      timeZone: "America/Toronto", latitude: 43.6772, longitude: -79.6306, isMain: false),
    AirportRow(
      code: "ZRH", name: "Zurich Airport", city: "Zürich", cityEnglish: "Zurich", country: "CH",
      timeZone: "Europe/Zurich", latitude: 47.4647, longitude: 8.54917, isMain: false),
  ]
}
