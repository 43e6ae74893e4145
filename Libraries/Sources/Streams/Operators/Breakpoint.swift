#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Publishers {
    /// A publisher that stops in the debugger (raises `SIGTRAP`) when one of its closures
    /// says so, and otherwise passes everything on unchanged.
    public struct Breakpoint<Upstream: Publisher>: Publisher {
        /// The upstream's values, unchanged.
        public typealias Output = Upstream.Output
        /// The upstream's failure, unchanged.
        public typealias Failure = Upstream.Failure

        /// The publisher observed.
        public let upstream: Upstream
        /// Returns `true` to stop when the subscription arrives.
        public let receiveSubscription: ((any Subscription) -> Bool)?
        /// Returns `true` to stop when a value arrives.
        public let receiveOutput: ((Upstream.Output) -> Bool)?
        /// Returns `true` to stop when the completion arrives.
        public let receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?

        /// Makes the publisher; usually written `upstream.breakpoint(...)`.
        @inlinable
        public init(
            upstream: Upstream,
            receiveSubscription: ((any Subscription) -> Bool)? = nil,
            receiveOutput: ((Upstream.Output) -> Bool)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
        }

        /// Attaches `subscriber` behind the breakpoint.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: BreakpointSubscriber(
                    downstream: subscriber, receiveSubscription: receiveSubscription,
                    receiveOutput: receiveOutput, receiveCompletion: receiveCompletion))
        }
    }
}

extension Publisher {
    /// Stops in the debugger (raises `SIGTRAP`) when a closure returns `true` for the
    /// event it is given; everything passes on unchanged. Without a debugger attached,
    /// `SIGTRAP` ends the program.
    ///
    /// ```swift
    /// prices.breakpoint(receiveOutput: { $0 < 0 })   // stop on a negative price
    /// ```
    @inlinable
    public func breakpoint(
        receiveSubscription: ((any Subscription) -> Bool)? = nil,
        receiveOutput: ((Output) -> Bool)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
    ) -> Publishers.Breakpoint<Self> {
        Publishers.Breakpoint(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion)
    }

    /// Stops in the debugger (raises `SIGTRAP`) when the upstream fails.
    ///
    /// ```swift
    /// download.breakpointOnError().sink(...)
    /// ```
    @inlinable
    public func breakpointOnError() -> Publishers.Breakpoint<Self> {
        breakpoint(receiveCompletion: { completion in
            if case .failure = completion { return true }
            return false
        })
    }
}

/// Forwards everything, raising `SIGTRAP` first when the matching closure asks for it.
@usableFromInline
struct BreakpointSubscriber<Downstream: Subscriber>: ForwardingSubscriber {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let receiveSubscription: ((any Subscription) -> Bool)?
    @usableFromInline let receiveOutput: ((Input) -> Bool)?
    @usableFromInline let receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?

    @inlinable
    init(
        downstream: Downstream, receiveSubscription: ((any Subscription) -> Bool)?,
        receiveOutput: ((Input) -> Bool)?, receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?
    ) {
        self.downstream = downstream
        self.receiveSubscription = receiveSubscription
        self.receiveOutput = receiveOutput
        self.receiveCompletion = receiveCompletion
    }

    @inlinable
    func receive(subscription: any Subscription) {
        if receiveSubscription?(subscription) == true { raiseTrap() }
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        if receiveOutput?(input) == true { raiseTrap() }
        return downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        if receiveCompletion?(completion) == true { raiseTrap() }
        downstream.receive(completion: completion)
    }
}

/// Raises `SIGTRAP`: a debugger stops here; without one, the program ends.
@usableFromInline
func raiseTrap() {
    raise(SIGTRAP)
}

extension BreakpointSubscriber: CombineReflectable {
    @usableFromInline var description: String { "Breakpoint" }
    /// No children, as in Combine.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
