// The parts of the system's libcrypto (OpenSSL) the airline's seals use: HMAC-SHA256 over a
// record's bytes, constant-time comparison, and random bytes for the key.
#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H

// HMAC_CTX, which OpenSSL 3 keeps but marks deprecated: an HMAC through it fetches only the
// digest from the default provider, not the MAC as well (HMAC() fetches both), and touches
// about 0.7 MB less of the library. Asking for the 1.1.1 API keeps it without the warning.
#define OPENSSL_API_COMPAT 10101

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#endif
