import COpenSSL
import StreamsFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One TLS client session on memory BIOs: OpenSSL never touches the socket, so the
/// connection keeps doing its own non-blocking, SIGPIPE-free I/O with its timeouts, and
/// hands the ciphertext in and out (`WebSocketSecureSession`).
final class OpenSSLSession: WebSocketSecureSession {
    private let context: OpenSSLContext  // kept alive as long as the session
    private let ssl: OpaquePointer
    private let incoming: OpaquePointer
    private let outgoing: OpaquePointer
    private let host: String
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    init(context: OpenSSLContext, host: String) throws(WebSocketError) {
        self.context = context
        self.host = host
        guard let ssl = SSL_new(context.pointer) else {
            throw .tlsFailed(.libraryError("SSL_new: \(OpenSSLErrors.take())"))
        }
        self.ssl = ssl
        guard let incoming = BIO_new(BIO_s_mem()), let outgoing = BIO_new(BIO_s_mem()) else {
            SSL_free(ssl)
            throw .tlsFailed(.libraryError("BIO_new: \(OpenSSLErrors.take())"))
        }
        self.incoming = incoming
        self.outgoing = outgoing
        SSL_set_bio(ssl, incoming, outgoing)  // the session owns both from here
        SSL_set_connect_state(ssl)
        swiftlab_SSL_enable_partial_write(ssl)
        if Self.isIPAddress(host) {
            // No SNI for an address (RFC 6066 3); the certificate must name the address.
            guard X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host) == 1 else {
                throw .tlsFailed(.libraryError("cannot check the address \(host): \(OpenSSLErrors.take())"))
            }
        } else {
            guard SSL_set1_host(ssl, host) == 1, swiftlab_SSL_set_server_name(ssl, host) == 1 else {
                throw .tlsFailed(.libraryError("cannot check the host name \(host): \(OpenSSLErrors.take())"))
            }
        }
    }

    deinit { SSL_free(ssl) }

    func receiveCiphertext(_ bytes: [UInt8]) {
        // A memory BIO grows as needed: the write takes everything.
        _ = bytes.withUnsafeBytes { BIO_write(incoming, $0.baseAddress, Int32($0.count)) }
    }

    func continueHandshake() throws(WebSocketError) -> Bool {
        ERR_clear_error()
        let result = SSL_do_handshake(ssl)
        if result == 1 { return true }
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE: return false
        default: throw .tlsFailed(handshakeFailure())
        }
    }

    func decrypt() throws(WebSocketError) -> [UInt8]? {
        var plaintext: [UInt8] = []
        while true {
            ERR_clear_error()
            let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
            if count > 0 {
                plaintext += buffer[0..<Int(count)]
                continue
            }
            switch SSL_get_error(ssl, count) {
            case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE: return plaintext
            case SSL_ERROR_ZERO_RETURN: return plaintext.isEmpty ? nil : plaintext  // close_notify
            default: throw .tlsFailed(.libraryError("SSL_read: \(OpenSSLErrors.take())"))
            }
        }
    }

    func encrypt(_ bytes: [UInt8]) throws(WebSocketError) {
        var offset = 0
        while offset < bytes.count {
            ERR_clear_error()
            let written = bytes.withUnsafeBytes {
                SSL_write(ssl, $0.baseAddress! + offset, Int32(min($0.count - offset, Int(Int32.max))))
            }
            guard written > 0 else { throw .tlsFailed(.libraryError("SSL_write: \(OpenSSLErrors.take())")) }
            offset += Int(written)
        }
    }

    func takeCiphertext() -> [UInt8] {
        var bytes: [UInt8] = []
        while BIO_ctrl_pending(outgoing) > 0 {
            let count = buffer.withUnsafeMutableBytes { BIO_read(outgoing, $0.baseAddress, Int32($0.count)) }
            guard count > 0 else { break }
            bytes += buffer[0..<Int(count)]
        }
        return bytes
    }

    /// Why the handshake failed: the certificate verdict when there is one, else OpenSSL's errors.
    private func handshakeFailure() -> WebSocketTLSFailure {
        let verdict = Int32(SSL_get_verify_result(ssl))
        let errors = OpenSSLErrors.take()
        guard verdict != X509_V_OK else { return .handshakeFailed(errors) }
        let why = String(cString: X509_verify_cert_error_string(Int(verdict)))
        switch verdict {
        case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH: return .hostNameMismatch(host: host)
        case X509_V_ERR_CERT_HAS_EXPIRED, X509_V_ERR_CERT_NOT_YET_VALID: return .certificateExpired(why)
        case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN,
            X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
            X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, X509_V_ERR_CERT_UNTRUSTED:
            return .untrustedCertificate(why)
        default: return .invalidCertificate(why)
        }
    }

    /// Whether `host` is an IPv4 or IPv6 address rather than a name.
    private static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
