// The parts of the system's libcrypto (OpenSSL) the airline's seals use: HMAC-SHA256 over a
// record's bytes, constant-time comparison, and random bytes for the key.
#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H

// HMAC_CTX, which OpenSSL 3 keeps but marks deprecated: with the configuration not read
// (AirlineSeal's OPENSSL_INIT_NO_LOAD_CONFIG), an HMAC through it touches about 0.7 MB less
// memory than HMAC(), which fetches the MAC as well as the digest; either change alone saves
// little. OPENSSL_SUPPRESS_DEPRECATED keeps it without the warning.
#ifndef OPENSSL_SUPPRESS_DEPRECATED
#define OPENSSL_SUPPRESS_DEPRECATED
#endif

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#endif
