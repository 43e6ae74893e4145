// The SwiftLabCells target has no code of its own. Its dependencies (Pipelines, Streams,
// StreamsFoundation, StreamsTesting and LocalHTTPServer, from the libraries' package in
// Libraries/) are what it is for: a product can only name its own package's targets, so
// this target is how the SwiftLabCells shared library comes to hold the libraries that
// every compiled REPL cell links against and imports.
