# The two commands of the README's quick start: `make run` and `make test`; `make docs`
# builds the libraries' documentation (scripts/docs.sh).
# Each installs what it needs (libedit-dev, libssl-dev) first when it is missing.
SWIFT ?= swift

.PHONY: run test docs deps build clean

deps:
	@./scripts/install-deps.sh

# Build in release and start the REPL. Everything is built, not only the swiftlab
# product: the REPL also needs what it runs cells with (worker, libraries).
run: deps
	@$(SWIFT) build -c release
	@"$$($(SWIFT) build -c release --show-bin-path)/swiftlab"

# Build and run every test (CONTRIBUTING.md says what each step checks).
test: deps
	# The house style (.swift-format): any finding fails, before the long builds start.
	./scripts/lint.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	# Every lesson's examples print what its text says; its checks pass with the solutions.
	# Run by the release build, the one `make run` starts: a cell can need libraries that
	# a debug build happens to load and a release build does not.
	$(SWIFT) build -c release
	"$$($(SWIFT) build -c release --show-bin-path)/swiftlab" verify
	# Streams' tests again with the subjects' thread bias compiled out, so that the locked
	# protocol every other platform runs is tested on Linux too. The manifest then declares
	# only Pipelines and Streams, and a scratch path of its own keeps the main build intact.
	SWIFTLAB_SUBJECT_BIAS=off $(SWIFT) test --scratch-path .build-nobias --filter StreamsTests
	# Streams: the concurrency stress suite under ThreadSanitizer; its own package, so the
	# sanitizer build compiles only Streams and the stress tests.
	$(SWIFT) test --package-path Tests/StreamsStress --sanitize=thread
	# WebSockets: our client and LocalHTTPServer against websocket-kit's server and client;
	# its own package, so that only it depends on SwiftNIO and websocket-kit.
	$(SWIFT) test --package-path Tests/WebSocketInterop
	# The DocC documentation builds without a warning, every public symbol in a topic group.
	SWIFT=$(SWIFT) ./scripts/docs.sh --quiet

# Build the DocC documentation of the libraries into .build/docs and say how to read it.
docs: deps
	@SWIFT=$(SWIFT) ./scripts/docs.sh

build: deps
	$(SWIFT) build

clean:
	rm -rf .build .build-nobias
