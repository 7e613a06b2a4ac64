// The parts of the system's libcrypto (OpenSSL) the airline's seals use: HMAC-SHA256 over a
// record's bytes, constant-time comparison, and random bytes for the key.
#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#endif
