// The airline's fixtures and the failing-by-default `TestAirline` are the AirlineTesting
// product, for any package's tests; every test target that imports TestSupport sees them too.
@_exported import AirlineTesting
