# The two commands of the README's quick start: `make run` and `make test`.
# Each installs what it needs (libedit-dev) first when it is missing.
SWIFT ?= swift

.PHONY: run test deps build clean

deps:
	@./scripts/install-deps.sh

# Build in release and start the REPL (with the worker and the library cells link against).
run: deps
	@$(SWIFT) build -c release --product swiftlab
	@$(SWIFT) build -c release --product swiftlab-worker
	@$(SWIFT) build -c release --product SwiftLabCells
	@"$$($(SWIFT) build -c release --show-bin-path)/swiftlab"

# Build and run every test.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

build: deps
	$(SWIFT) build

clean:
	rm -rf .build
