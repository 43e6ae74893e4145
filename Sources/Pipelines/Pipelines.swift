/// The `Pipelines` module: collection operators and the reusable, fused `Pipeline` value.
///
/// The module is filled in by the Pipelines issue; this file only anchors the target.
public enum PipelinesModule {}
