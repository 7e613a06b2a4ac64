"""Seals a record the way the simulated airline does (Modules/SimulatedAirline/Sealing), for the
measuring scripts that make thousands of records by copying one: the airline refuses a record
that does not carry its seal.

The seal is an HMAC-SHA256, with the data directory's key (`airline.key`), over the record's path
relative to the data directory, a newline, and the file without its seal member; the member goes
last, as `"seal" : "<64 hex digits>"`.
"""

import hashlib
import hmac
import os
import re

_MEMBER = re.compile(r',\n  "seal" : "[0-9a-f]{64}"\n}\n$')


def key(data):
    """The airline's key in the data directory `data` (made by its first start)."""
    with open(os.path.join(data, "airline.key"), "rb") as file:
        return file.read()


def sealed(secret, relative, text):
    """`text` (a record as the airline writes it, sealed or not) sealed for `relative`."""
    plain = _MEMBER.sub("\n}\n", text)
    digest = hmac.new(secret, relative.encode() + b"\n" + plain.encode(), hashlib.sha256).hexdigest()
    return plain[: -len("\n}\n")] + ',\n  "seal" : "' + digest + '"\n}\n'
