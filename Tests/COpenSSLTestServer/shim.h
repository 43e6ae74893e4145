// OpenSSL for the wss:// tests' server (Tests/StreamsFoundationTLSTests/TLSWebSocketServer.swift).
#ifndef SWIFTLAB_COPENSSL_TEST_SERVER_SHIM_H
#define SWIFTLAB_COPENSSL_TEST_SERVER_SHIM_H

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>

/// The host name the client asked for with SNI (SSL_get_servername; a macro-free call).
static inline const char *swiftlab_test_SSL_requested_server_name(const SSL *ssl) {
    return SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
}

#endif
