import Foundation

/// The parts of RFC 6455's opening handshake that client and server share.
package enum WebSocketHandshake {
    /// The GUID RFC 6455 appends to the client's key before hashing it.
    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The `Sec-WebSocket-Accept` value a server must answer to `key`.
    package static func acceptValue(forKey key: String) -> String {
        Data(sha1Digest(Array((key + acceptGUID).utf8))).base64EncodedString()
    }

    /// A fresh `Sec-WebSocket-Key`: 16 random bytes, base64.
    package static func makeKey() -> String {
        Data((0..<16).map { _ in UInt8.random(in: .min ... .max) }).base64EncodedString()
    }
}

/// The client's side of the opening handshake (RFC 6455 4.1): the request it writes and
/// the checks on the server's answer.
struct WebSocketClientHandshake {
    /// The `Sec-WebSocket-Key` sent.
    let key = WebSocketHandshake.makeKey()
    let endpoint: WebSocketEndpoint
    let configuration: WebSocketConfiguration

    /// The upgrade request's bytes.
    var request: [UInt8] {
        var text = "GET \(endpoint.target) HTTP/1.1\r\nHost: \(endpoint.hostField)\r\nUpgrade: websocket\r\n"
        text += "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if !configuration.subprotocols.isEmpty {
            text += "Sec-WebSocket-Protocol: \(configuration.subprotocols.joined(separator: ", "))\r\n"
        }
        for (name, value) in configuration.headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// Checks the answer's head (up to and without its blank line); returns the subprotocol
    /// the server chose, if any.
    func check(responseHead head: String) throws(WebSocketError) -> String? {
        let lines = head.components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.split(separator: " ").dropFirst().first == "101" else {
            throw .handshakeFailed("expected status 101, got \"\(lines.first ?? "")\"")
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            // A field sent twice counts as one with both values (RFC 7230 3.2.2).
            fields[name] = fields[name].map { $0 + ", " + value } ?? value
        }
        guard fields["upgrade"]?.lowercased() == "websocket" else {
            throw .handshakeFailed("missing Upgrade: websocket")
        }
        guard
            fields["connection"]?.lowercased().split(separator: ",")
                .contains(where: { $0.trimmingCharacters(in: .whitespaces) == "upgrade" }) == true
        else {
            throw .handshakeFailed("missing Connection: Upgrade")
        }
        let expected = WebSocketHandshake.acceptValue(forKey: key)
        guard fields["sec-websocket-accept"] == expected else {
            throw .handshakeFailed(
                "Sec-WebSocket-Accept was \"\(fields["sec-websocket-accept"] ?? "missing")\", expected \"\(expected)\"")
        }
        if let extensions = fields["sec-websocket-extensions"], !extensions.isEmpty {
            throw .handshakeFailed("the server chose the extension \"\(extensions)\", which the client did not ask for")
        }
        guard let chosen = fields["sec-websocket-protocol"] else { return nil }
        guard configuration.subprotocols.contains(chosen) else {
            throw .handshakeFailed(
                "the server chose the subprotocol \"\(chosen)\", which the client did not offer"
                    + (configuration.subprotocols.isEmpty
                        ? "" : " (it offered \(configuration.subprotocols.joined(separator: ", ")))"))
        }
        return chosen
    }
}

/// Where a `ws://` or `wss://` URL points: checked once, before connecting.
struct WebSocketEndpoint {
    let host: String
    let port: UInt16
    let isSecure: Bool
    /// The request target: path and query, percent-encoded as in the URL.
    let target: String

    init(url: URL) throws(WebSocketError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss" else {
            throw .unsupportedURL("\(url.absoluteString): the scheme must be ws or wss")
        }
        guard var host = url.host, !host.isEmpty else { throw .unsupportedURL("\(url.absoluteString): no host") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        isSecure = scheme == "wss"
        let defaultPort = isSecure ? 443 : 80
        guard let port = UInt16(exactly: url.port ?? defaultPort), port > 0 else {
            throw .unsupportedURL("\(url.absoluteString): the port must be between 1 and 65535, not \(url.port ?? 0)")
        }
        self.host = host
        self.port = port
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        target = (path.isEmpty ? "/" : path) + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
        explicitPort = url.port != nil
    }

    private let explicitPort: Bool

    /// The `Host` field: the host (in brackets when IPv6) and the port when the URL names one.
    var hostField: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return explicitPort ? "\(name):\(port)" : name
    }
}
