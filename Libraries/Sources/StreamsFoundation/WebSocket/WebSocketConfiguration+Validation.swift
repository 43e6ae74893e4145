import Foundation

extension WebSocketConfiguration {
    /// The header fields the handshake writes itself: a second copy from `headers` would
    /// make a request servers read differently (or a handshake the client cannot check).
    private static let handshakeFields: Set<String> = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version",
        "sec-websocket-extensions", "sec-websocket-protocol", "sec-websocket-accept",
    ]

    /// Checks every value, so that no configuration can crash the client or put bytes on
    /// the wire that break HTTP or RFC 6455; throws `.invalidConfiguration` naming the first
    /// value that is wrong.
    package func validate() throws(WebSocketError) {
        func fail(_ why: String) -> WebSocketError { .invalidConfiguration(why) }
        guard maximumMessageSize > 0 else {
            throw fail("maximumMessageSize must be at least 1, not \(maximumMessageSize)")
        }
        guard maximumPendingSendBytes > 0 else {
            throw fail("maximumPendingSendBytes must be at least 1, not \(maximumPendingSendBytes)")
        }
        for (name, value) in [
            ("handshakeTimeout", handshakeTimeout), ("writeTimeout", writeTimeout), ("closeTimeout", closeTimeout),
        ] + (pingInterval.map { [("pingInterval", $0)] } ?? []) {
            guard value > 0, value.isFinite else {
                throw fail("\(name) must be a positive number of seconds, not \(value)")
            }
        }
        if let reconnect {
            guard reconnect.maximumAttempts >= 0 else {
                throw fail("reconnect.maximumAttempts must not be negative, not \(reconnect.maximumAttempts)")
            }
            for (name, value) in [("initialDelay", reconnect.initialDelay), ("maximumDelay", reconnect.maximumDelay)] {
                guard value >= 0, value.isFinite else {
                    throw fail("reconnect.\(name) must be zero or a positive number of seconds, not \(value)")
                }
            }
            guard reconnect.multiplier >= 1, reconnect.multiplier.isFinite else {
                throw fail("reconnect.multiplier must be a number of at least 1, not \(reconnect.multiplier)")
            }
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard Self.isToken(name) else { throw fail("the header name \"\(name)\" is not an HTTP token") }
            guard !Self.handshakeFields.contains(name.lowercased()) else {
                throw fail(
                    "the header \(name) is set by the handshake itself"
                        + (name.lowercased() == "sec-websocket-protocol"
                            ? "; offer subprotocols with subprotocols" : ""))
            }
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                throw fail("the value of header \(name) contains a line break or NUL")
            }
        }
        for name in subprotocols where !Self.isToken(name) {
            throw fail("the subprotocol \"\(name)\" is not an HTTP token")
        }
        guard Set(subprotocols).count == subprotocols.count else { throw fail("subprotocols lists one twice") }
    }

    /// RFC 7230's token: what header names and subprotocols are made of.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && scalar.value > 32 && scalar.value < 127
                    && !"()<>@,;:\\\"/[]?={}".unicodeScalars.contains(scalar)
            }
    }
}
