import NIOCore
import NIOWebSocket

/// A close frame as SwiftNIO's decoder read it off the wire.
struct CloseFrame: Sendable, Equatable {
    var code: UInt16?
    var reason: String
}

/// Passes every frame on, noting close frames first.
final class CloseFrameRecorder: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    private let closeFrames: Observed<[CloseFrame]>

    init(into closeFrames: Observed<[CloseFrame]>) { self.closeFrames = closeFrames }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if frame.opcode == .connectionClose {
            var payload = frame.unmaskedData
            let code = payload.readInteger(as: UInt16.self)
            let reason = payload.readString(length: payload.readableBytes) ?? ""
            closeFrames.update { $0.append(CloseFrame(code: code, reason: reason)) }
        }
        context.fireChannelRead(data)
    }
}
