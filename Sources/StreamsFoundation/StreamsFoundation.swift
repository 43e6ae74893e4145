@_exported import Streams

/// Foundation integration for Streams (decoding, URLSession, NotificationCenter, Timer).
public enum StreamsFoundationModule {}
