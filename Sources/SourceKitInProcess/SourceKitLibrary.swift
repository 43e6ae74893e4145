import CSourceKitd
import Foundation

/// The toolchain's in-process SourceKit (`usr/lib/libsourcekitdInProc.so`, the whole Swift
/// frontend in a library), loaded with `dlopen` and sent requests through its C API.
///
/// ```swift
/// let sourceKit = try SourceKitLibrary.load(path: SourceKitLibrary.path(toolchainBinDirectory: bin))
/// let response = try sourceKit.send([
///     "key.request": .uid("source.request.codecomplete"), "key.sourcefile": "/tmp/a.swift",
///     "key.sourcetext": "let xs = [1]\nxs.", "key.offset": 16, "key.compilerargs": ["/tmp/a.swift"],
/// ])
/// let names = response["key.results"]?.array?.compactMap { $0["key.name"]?.string }
/// ```
///
/// Any request sourcekitd knows can be sent (`source.request.codecomplete`,
/// `source.request.compile`, `source.request.cursorinfo`...). A crash in the library ends
/// the process that loaded it (the Swift 6.3 toolchain has crashed with signal 11 on
/// ordinary inputs: Benchmarks/History.md, "The warm-compiler lead"), so a program that must
/// survive one loads it in a helper process of its own.
///
/// The library is loaded and initialised once per process and path; ``send(_:)`` may be
/// called from any thread.
public final class SourceKitLibrary: @unchecked Sendable {
    /// The file the library was loaded from.
    public let path: String
    // Set once by `csourcekitd_load`, read-only afterwards.
    private let functions: UnsafeMutablePointer<csourcekitd_functions>

    nonisolated(unsafe) private static var loaded: [String: SourceKitLibrary] = [:]
    private static let loading = NSLock()

    private init(path: String, functions: UnsafeMutablePointer<csourcekitd_functions>) {
        self.path = path
        self.functions = functions
    }

    /// Where a toolchain keeps the library, given its `bin` directory (the one holding `swiftc`).
    public static func path(toolchainBinDirectory bin: URL) -> String {
        let lib = bin.deletingLastPathComponent().appendingPathComponent("lib")
        #if os(macOS)
        return lib.appendingPathComponent("sourcekitdInProc.framework/sourcekitdInProc").path
        #else
        return lib.appendingPathComponent("libsourcekitdInProc.so").path
        #endif
    }

    /// Loads and initialises the library at `path`, or returns the instance loaded from it
    /// before. Throws ``SourceKitError/libraryUnavailable(_:)`` when it cannot be loaded.
    public static func load(path: String) throws -> SourceKitLibrary {
        loading.lock()
        defer { loading.unlock() }
        if let library = loaded[path] { return library }
        guard FileManager.default.fileExists(atPath: path) else {
            throw SourceKitError.libraryUnavailable("no such file: \(path)")
        }
        let functions = UnsafeMutablePointer<csourcekitd_functions>.allocate(capacity: 1)
        functions.initialize(to: csourcekitd_functions())
        if let message = csourcekitd_load(path, functions) {
            functions.deallocate()
            throw SourceKitError.libraryUnavailable(String(cString: message))
        }
        functions.pointee.initialize()
        let library = SourceKitLibrary(path: path, functions: functions)
        loaded[path] = library
        return library
    }

    /// Sends `request` (a dictionary; its `key.request` names the request) and waits for
    /// the response. Throws ``SourceKitError/requestFailed(kind:message:)`` when
    /// sourcekitd answers with an error, ``SourceKitError/invalidRequest(_:)`` for a
    /// value requests cannot carry.
    public func send(_ request: SourceKitValue) throws -> SourceKitValue {
        guard case .dictionary = request else {
            throw SourceKitError.invalidRequest("a request is a dictionary, not \(request)")
        }
        let object = try makeObject(request)
        defer { functions.pointee.request_release(object) }
        return try send(object: object)
    }

    /// Sends a request written in sourcekitd's YAML form
    /// (`{ key.request: source.request.compile.close, key.name: "a" }`).
    public func send(yaml: String) throws -> SourceKitValue {
        var error: UnsafeMutablePointer<CChar>?
        guard let object = functions.pointee.request_create_from_yaml(yaml, &error) else {
            let message = error.map { String(cString: $0) } ?? "unreadable YAML"
            free(error)
            throw SourceKitError.invalidRequest(message)
        }
        defer { functions.pointee.request_release(object) }
        return try send(object: object)
    }

    private func send(object: sourcekitd_object_t) throws -> SourceKitValue {
        let f = functions.pointee
        guard let response = f.send_request_sync(object) else {
            throw SourceKitError.requestFailed(kind: "failed", message: "no response")
        }
        defer { f.response_dispose(response) }
        if f.response_is_error(response) {
            let kinds: [sourcekitd_error_t: String] = [
                SOURCEKITD_ERROR_CONNECTION_INTERRUPTED: "interrupted",
                SOURCEKITD_ERROR_REQUEST_INVALID: "invalid", SOURCEKITD_ERROR_REQUEST_FAILED: "failed",
                SOURCEKITD_ERROR_REQUEST_CANCELLED: "cancelled",
            ]
            let message = f.response_error_get_description(response).map { String(cString: $0) } ?? ""
            throw SourceKitError.requestFailed(
                kind: kinds[f.response_error_get_kind(response)] ?? "failed", message: message)
        }
        return value(of: f.response_get_value(response))
    }

    // MARK: - Requests

    private func uid(_ text: String) -> sourcekitd_uid_t? {
        functions.pointee.uid_get_from_cstr(text)
    }

    /// A request object for `value`; the caller releases it.
    private func makeObject(_ value: SourceKitValue) throws -> sourcekitd_object_t {
        let f = functions.pointee
        let made: sourcekitd_object_t?
        switch value {
        case .string(let text): made = f.request_string_create(text)
        case .int(let number): made = f.request_int64_create(number)
        case .uid(let text): made = f.request_uid_create(uid(text))
        case .array(let elements):
            made = f.request_array_create(nil, 0)
            for element in elements {
                let child = try makeObject(element)
                // (size_t)-1 is SOURCEKITD_ARRAY_APPEND; the array retains the child.
                f.request_array_set_value(made, Int.max &* 2 &+ 1, child)
                f.request_release(child)
            }
        case .dictionary(let entries):
            made = f.request_dictionary_create(nil, nil, 0)
            for (key, entry) in entries {
                let child = try makeObject(entry)
                f.request_dictionary_set_value(made, uid(key), child)
                f.request_release(child)
            }
        case .bool, .double, .data, .null:
            throw SourceKitError.invalidRequest("requests cannot carry \(value)")
        }
        guard let made else { throw SourceKitError.invalidRequest("sourcekitd could not make \(value)") }
        return made
    }

    // MARK: - Responses

    /// Copies a response value (valid only until its response is disposed) into Swift.
    private func value(of variant: sourcekitd_variant_t) -> SourceKitValue {
        let f = functions.pointee
        switch f.variant_get_type(variant) {
        case SOURCEKITD_VARIANT_TYPE_DICTIONARY:
            final class Collector {
                let library: SourceKitLibrary
                var entries: [String: SourceKitValue] = [:]
                init(_ library: SourceKitLibrary) { self.library = library }
            }
            let collector = Collector(self)
            _ = withExtendedLifetime(collector) {
                f.variant_dictionary_apply_f(
                    variant,
                    { key, value, context in
                        let collector = Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
                        let name = collector.library.functions.pointee.uid_get_string_ptr(key).map {
                            String(cString: $0)
                        }
                        collector.entries[name ?? ""] = collector.library.value(of: value)
                        return true
                    }, Unmanaged.passUnretained(collector).toOpaque())
            }
            return .dictionary(collector.entries)
        case SOURCEKITD_VARIANT_TYPE_ARRAY:
            let count = f.variant_array_get_count(variant)
            return .array((0..<count).map { value(of: f.variant_array_get_value(variant, $0)) })
        case SOURCEKITD_VARIANT_TYPE_INT64:
            return .int(f.variant_int64_get_value(variant))
        case SOURCEKITD_VARIANT_TYPE_STRING:
            let length = f.variant_string_get_length(variant)
            guard let pointer = f.variant_string_get_ptr(variant) else { return .string("") }
            let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
            return .string(String(decoding: bytes, as: UTF8.self))
        case SOURCEKITD_VARIANT_TYPE_UID:
            let text = f.variant_uid_get_value(variant).flatMap(f.uid_get_string_ptr).map { String(cString: $0) }
            return .uid(text ?? "")
        case SOURCEKITD_VARIANT_TYPE_BOOL:
            return .bool(f.variant_bool_get_value(variant))
        case SOURCEKITD_VARIANT_TYPE_DOUBLE:
            return .double(f.variant_double_get_value(variant))
        case SOURCEKITD_VARIANT_TYPE_DATA:
            let size = f.variant_data_get_size(variant)
            guard let pointer = f.variant_data_get_ptr(variant) else { return .data([]) }
            return .data(Array(UnsafeRawBufferPointer(start: pointer, count: size)))
        default:
            return .null
        }
    }
}
