import StreamsFoundation

extension WebSocketTLS {
    /// TLS by the system's OpenSSL, for `wss://`: TLS 1.2 or later, the server's certificate
    /// chain verified against the system's trust store (and `additionalTrustedCertificates`),
    /// its name checked against the URL's host (or IP address), and the host sent as SNI.
    ///
    /// ```swift
    /// let configuration = WebSocketConfiguration(tls: try .system())
    /// // A private service whose certificates a company CA signs:
    /// let privateCA = try String(contentsOfFile: "/etc/ssl/company-ca.pem", encoding: .utf8)
    /// let internal = WebSocketConfiguration(tls: try .system(additionalTrustedCertificates: [privateCA]))
    /// ```
    ///
    /// Verification cannot be switched off: to reach a server whose certificate no public CA
    /// signed (a test server, a private service), trust the CA that signed it instead.
    ///
    /// - Parameters:
    ///   - additionalTrustedCertificates: PEM-encoded certificates of further certificate
    ///     authorities to trust (each string may hold several).
    ///   - trustsSystemStore: whether the system's trust store counts too; `false` trusts
    ///     only `additionalTrustedCertificates`.
    /// - Throws: `WebSocketError.tlsFailed(.invalidTrustRoot)` when a certificate cannot be
    ///   read, `.tlsFailed(.libraryError)` when OpenSSL cannot be set up.
    public static func system(
        additionalTrustedCertificates: [String] = [], trustsSystemStore: Bool = true
    ) throws(WebSocketError) -> WebSocketTLS {
        let context = try OpenSSLContext(
            additionalTrustedCertificates: additionalTrustedCertificates, trustsSystemStore: trustsSystemStore)
        return WebSocketTLS { host throws(WebSocketError) in try OpenSSLSession(context: context, host: host) }
    }
}
