import Foundation

/// A request as the server parsed it.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST` ...
    public let method: String
    /// The path without the query, e.g. `/items`.
    public let path: String
    /// The query parameters, e.g. `["page": "2"]` for `/items?page=2`.
    public let query: [String: String]
    /// Header fields, with names lower-cased.
    public let headers: [String: String]
    /// The body (empty for most GETs).
    public let body: Data
}

/// A response for the server to send.
public struct HTTPResponse: Sendable {
    /// The status code, e.g. 200 or 500.
    public var status: Int
    /// Header fields to send besides `Content-Length` and `Connection`.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// A response with the given status, headers and body.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `200 OK` (or other status) with a JSON body.
    ///
    /// ```swift
    /// HTTPResponse.json(#"{"ok": true}"#)
    /// ```
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    /// A `200 OK` (or other status) with a JSON body encoded from `value`.
    public static func json<T: Encodable>(encoding value: T, status: Int = 200) -> HTTPResponse {
        let body = (try? JSONEncoder().encode(value)) ?? Data()
        return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A plain-text response, e.g. for errors: `HTTPResponse.text("boom", status: 500)`.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }
}

extension HTTPRequest {
    /// Parses the head and body of a request, or returns nil if it is malformed.
    static func parse(head: String, body: Data) -> HTTPRequest? {
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        let target = String(requestLine[1])
        let parts = target.split(separator: "?", maxSplits: 1)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).removingPercentEncoding ?? String($0)
                }
                query[keyValue[0]] = keyValue.count == 2 ? keyValue[1] : ""
            }
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPRequest(
            method: String(requestLine[0]), path: String(parts[0]), query: query, headers: headers, body: body)
    }
}

extension HTTPResponse {
    /// The bytes on the wire.
    func serialized() -> Data {
        var head = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Data(head.utf8) + body
    }

    private static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
