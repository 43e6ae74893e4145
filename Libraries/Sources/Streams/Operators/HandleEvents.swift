extension Publishers {
    /// A publisher that calls closures on each event, before passing the event on.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The observed publisher.
        public let upstream: Upstream
        /// Called with the upstream subscription when it arrives.
        public var receiveSubscription: ((any Subscription) -> Void)?
        /// Called with each value.
        public var receiveOutput: ((Upstream.Output) -> Void)?
        /// Called with the completion.
        public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
        /// Called when the downstream cancels.
        public var receiveCancel: (() -> Void)?
        /// Called with each demand the downstream requests, including non-zero demand it
        /// returns from `receive(_:)`.
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        /// Makes the publisher; usually written `upstream.handleEvents(...)`.
        @inlinable
        public init(
            upstream: Upstream,
            receiveSubscription: ((any Subscription) -> Void)? = nil,
            receiveOutput: ((Upstream.Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)?
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        /// Attaches `subscriber` behind the observing closures.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(
                subscriber: EventTap(
                    downstream: subscriber,
                    hooks: EventHooks(
                        subscription: receiveSubscription, output: receiveOutput, completion: receiveCompletion,
                        cancel: receiveCancel, request: receiveRequest,
                        // As in Combine, non-zero demand the downstream returns from `receive(_:)`
                        // is reported as a request too.
                        synchronousRequest: receiveRequest)))
        }
    }
}

extension Publisher {
    /// Calls the given closures when the matching event passes through, each before the
    /// event is passed on; the stream itself is unchanged. Useful for logging and side
    /// effects such as showing a spinner.
    ///
    /// ```swift
    /// let cancellable = fetch()
    ///     .handleEvents(receiveSubscription: { _ in spinner.start() },
    ///                   receiveCompletion: { _ in spinner.stop() },
    ///                   receiveCancel: { spinner.stop() })
    ///     .sink { show($0) }
    /// ```
    @inlinable
    public func handleEvents(
        receiveSubscription: ((any Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }
}
