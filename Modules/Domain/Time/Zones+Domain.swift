/// The zones that airports and flight times carry: `Zone`, its rules and the embedded table are
/// the Zones module's, and every importer of Domain sees them.
@_exported import Zones
