// `import StreamsFoundation` alone gives the whole Streams API plus its Foundation pieces
// (decoding, URLSession, NotificationCenter, Timer), so Combine code ports by changing
// one import.
@_exported import Streams
