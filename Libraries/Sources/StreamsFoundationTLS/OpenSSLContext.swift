import COpenSSL
import StreamsFoundation

/// An OpenSSL client context (`SSL_CTX`) set up once and shared by the sessions it starts:
/// TLS 1.2 or later, peer verification on, the trust store loaded. OpenSSL allows starting
/// sessions from one context on several threads once it is set up.
final class OpenSSLContext: @unchecked Sendable {
    let pointer: OpaquePointer

    init(additionalTrustedCertificates: [String], trustsSystemStore: Bool) throws(WebSocketError) {
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw .tlsFailed(.libraryError("SSL_CTX_new: \(OpenSSLErrors.take())"))
        }
        pointer = context
        guard swiftlab_SSL_CTX_require_TLS1_2(context) == 1 else {
            throw .tlsFailed(.libraryError("cannot require TLS 1.2: \(OpenSSLErrors.take())"))
        }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        if trustsSystemStore, SSL_CTX_set_default_verify_paths(context) != 1 {
            throw .tlsFailed(.libraryError("cannot load the system's trust store: \(OpenSSLErrors.take())"))
        }
        let store = SSL_CTX_get_cert_store(context)
        for pem in additionalTrustedCertificates {
            var added = 0
            // A memory BIO that copies the text (BIO_new_mem_buf would only borrow it).
            let bio = BIO_new(BIO_s_mem())
            defer { BIO_free(bio) }
            let bytes = Array(pem.utf8)
            _ = bytes.withUnsafeBytes { BIO_write(bio, $0.baseAddress, Int32($0.count)) }
            ERR_clear_error()
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
                defer { X509_free(certificate) }
                guard X509_STORE_add_cert(store, certificate) == 1 else {
                    throw .tlsFailed(.invalidTrustRoot("cannot add a certificate: \(OpenSSLErrors.take())"))
                }
                added += 1
            }
            ERR_clear_error()  // the end of the input reads as an error
            guard added > 0 else {
                throw .tlsFailed(.invalidTrustRoot("no PEM certificate in \"\(pem.prefix(40))...\""))
            }
        }
    }

    deinit { SSL_CTX_free(pointer) }
}

/// OpenSSL's error queue (one per thread), read into a sentence.
enum OpenSSLErrors {
    /// The queued errors' descriptions, oldest first, and empties the queue.
    static func take() -> String {
        var descriptions: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var buffer = [UInt8](repeating: 0, count: 256)
            buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { ERR_error_string_n(code, $0.baseAddress, $0.count) }
            }
            descriptions.append(String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self))
        }
        return descriptions.isEmpty ? "no details from OpenSSL" : descriptions.joined(separator: "; ")
    }
}
