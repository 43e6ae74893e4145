// The system's OpenSSL (libssl-dev), for StreamsFoundationTLS: the TLS of wss:// connections.
// OpenSSL spells a few calls as function-like macros, which Swift cannot import; the static
// inline wrappers below give them names Swift can call.
#ifndef SWIFTLAB_COPENSSL_SHIM_H
#define SWIFTLAB_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/// SNI: the host name the client asks the server for (SSL_set_tlsext_host_name).
static inline int swiftlab_SSL_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// Refuses TLS before 1.2 (SSL_CTX_set_min_proto_version).
static inline int swiftlab_SSL_CTX_require_TLS1_2(SSL_CTX *context) {
    return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

/// Lets SSL_write report partial writes (SSL_set_mode).
static inline void swiftlab_SSL_enable_partial_write(SSL *ssl) {
    SSL_set_mode(ssl, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
}

#endif
