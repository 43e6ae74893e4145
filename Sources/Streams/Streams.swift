/// The `Streams` module: a Combine-compatible reactive stream type.
///
/// The module is filled in by the Streams issue; this file only anchors the target.
public enum StreamsModule {}
