import Foundation

/// The toolchain's in-process SourceKit (`libsourcekitdInProc.so`: the whole Swift frontend
/// in a library), reached through its C API with `dlsym`, answering
/// `source.request.compile`: a compile whose `key.name` and arguments repeat reuses the
/// compiler instance of the previous one, re-type-checking only changed function bodies.
final class SourceKitInProcess {
    private typealias Initialize = @convention(c) () -> Void
    private typealias CreateFromYAML =
        @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OpaquePointer?
    private typealias Send = @convention(c) (OpaquePointer) -> OpaquePointer?
    private typealias IsError = @convention(c) (OpaquePointer) -> Bool
    private typealias Describe = @convention(c) (OpaquePointer) -> UnsafeMutablePointer<CChar>?
    private typealias Dispose = @convention(c) (OpaquePointer) -> Void

    private let createFromYAML: CreateFromYAML
    private let send: Send
    private let isError: IsError
    private let describe: Describe
    private let disposeResponse: Dispose
    private let releaseRequest: Dispose

    /// Loads the library next to the toolchain's `swift-frontend` (`usr/lib`); nil when absent.
    init?(toolchainBin: URL) {
        let path = toolchainBin.deletingLastPathComponent().appendingPathComponent("lib/libsourcekitdInProc.so").path
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as _: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let initialize = symbol("sourcekitd_initialize", as: Initialize.self),
            let createFromYAML = symbol("sourcekitd_request_create_from_yaml", as: CreateFromYAML.self),
            let send = symbol("sourcekitd_send_request_sync", as: Send.self),
            let isError = symbol("sourcekitd_response_is_error", as: IsError.self),
            let describe = symbol("sourcekitd_response_description_copy", as: Describe.self),
            let disposeResponse = symbol("sourcekitd_response_dispose", as: Dispose.self),
            let releaseRequest = symbol("sourcekitd_request_release", as: Dispose.self)
        else { return nil }
        initialize()
        (self.createFromYAML, self.send, self.isError, self.describe, self.disposeResponse, self.releaseRequest) = (
            createFromYAML, send, isError, describe, disposeResponse, releaseRequest
        )
    }

    /// Ends the compile session `name`, releasing its compiler instance (without it every
    /// session keeps its AST: 1.2 GiB after 40 cells in this prototype).
    func close(session name: String) {
        guard let request = createFromYAML("{ key.request: source.request.compile.close, key.name: \"\(name)\" }", nil)
        else { return }
        defer { releaseRequest(request) }
        if let response = send(request) { disposeResponse(response) }
    }

    /// Compiles with driver-style `arguments` (`-c` only) in the compile session `name`;
    /// returns whether it succeeded and the response's text (diagnostics included).
    func compile(session name: String, arguments: [String]) -> (succeeded: Bool, response: String) {
        let quoted = arguments.map { "\"\($0)\"" }.joined(separator: ", ")
        let yaml = "{ key.request: source.request.compile, key.name: \"\(name)\", key.compilerargs: [\(quoted)] }"
        guard let request = createFromYAML(yaml, nil) else { return (false, "bad request") }
        defer { releaseRequest(request) }
        guard let response = send(request) else { return (false, "no response") }
        defer { disposeResponse(response) }
        let text =
            describe(response).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? ""
        let failed = isError(response) || text.contains("source.diagnostic.severity.error")
        return (!failed, text)
    }
}
