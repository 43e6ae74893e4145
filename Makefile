# The two commands of the README's quick start: `make run` and `make test`; `make docs`
# builds the libraries' documentation (scripts/docs.sh); `make jupyter` installs the
# Jupyter kernel (Jupyter/) for the current user.
# Each installs what it needs (libedit-dev, libssl-dev) first when it is missing.
SWIFT ?= swift

.PHONY: run test docs jupyter deps build clean

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
	# The release script, in a temporary clone: what it refuses, the tag it makes (the
	# libraries' package at the root of its tree), and SwiftPM resolving README.md's
	# URL dependency against that tag. Nothing is pushed.
	SWIFT=$(SWIFT) ./scripts/test-release.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	# A package outside the repository, depending on Libraries/ with README.md's exact
	# lines, builds and passes the view model tests of the virtual-time DocC article.
	SWIFT=$(SWIFT) ./scripts/check-library-user.sh
	# Every lesson's examples print what its text says; its checks pass with the solutions.
	# Run by the release build, the one `make run` starts: a cell can need libraries that
	# a debug build happens to load and a release build does not.
	$(SWIFT) build -c release
	"$$($(SWIFT) build -c release --show-bin-path)/swiftlab" verify
	# The Jupyter kernel, driven with jupyter_client in a temporary Python environment
	# (ipykernel, jupyter_client and nbclient from PyPI), a lesson's notebook run with
	# nbclient, and every lesson's notebook (and its --solutions copy) run top to bottom
	# through `swiftlab serve --jsonl`, on the same release build.
	./scripts/install-deps.sh --python
	./scripts/test-jupyter.sh "$$($(SWIFT) build -c release --show-bin-path)/swiftlab"
	# Streams' tests again with the subjects' thread bias compiled out, so that the locked
	# protocol every other platform runs is tested on Linux too. The root manifest then
	# declares only StreamsTests over the libraries' package, and a scratch path of its own
	# keeps the main build intact.
	SWIFTLAB_SUBJECT_BIAS=off $(SWIFT) test --scratch-path .build-nobias --filter StreamsTests
	# Streams: the concurrency stress suite under ThreadSanitizer; its own package, so the
	# sanitizer build compiles only Streams and the stress tests. Then again without the
	# subjects' bias, so that TSan also sees subjects that one thread alone sends into on
	# the locked protocol, all of whose ordering it models (it cannot see membarrier's).
	$(SWIFT) test --package-path Tests/StreamsStress --sanitize=thread
	SWIFTLAB_SUBJECT_BIAS=off $(SWIFT) test --package-path Tests/StreamsStress --sanitize=thread \
		--scratch-path Tests/StreamsStress/.build-nobias
	# WebSockets: our client and LocalHTTPServer against websocket-kit's server and client;
	# its own package, so that only it depends on SwiftNIO and websocket-kit.
	$(SWIFT) test --package-path Tests/WebSocketInterop
	# The DocC documentation builds without a warning, every public symbol in a topic group.
	SWIFT=$(SWIFT) ./scripts/docs.sh --quiet

# Build the DocC documentation of the libraries into .build/docs and say how to read it.
docs: deps
	@SWIFT=$(SWIFT) ./scripts/docs.sh

# Build swiftlab in release and install the Jupyter kernel running it for the current user
# (pip and `jupyter kernelspec install --user`; PYTHON=... picks the Python of your Jupyter).
jupyter: deps
	@./scripts/install-deps.sh --python
	@$(SWIFT) build -c release
	@./scripts/jupyter.sh "$$($(SWIFT) build -c release --show-bin-path)/swiftlab"

build: deps
	$(SWIFT) build

clean:
	rm -rf .build .build-nobias Tests/StreamsStress/.build-nobias
