/// What a learner has done, as saved in `progress.json`.
///
/// Every field only grows (passed exercises, furthest section, hints seen) except the
/// current position, so two swiftlab processes' changes can be merged: ``ProgressStore``
/// applies each change to the newest state on disk rather than writing a stale copy.
public struct LessonProgress: Codable, Sendable, Equatable {
    /// The file format's version, for future migrations.
    public var version: Int = 1
    /// The lesson the learner is on (its ``Lesson/id``), if any.
    public var currentLesson: String?
    /// The section of ``currentLesson`` the learner is on.
    public var currentSection: Int = 0
    /// Per lesson id, what the learner has done in it.
    public var lessons: [String: LessonRecord] = [:]

    /// Empty progress: nothing started.
    public init() {}

    /// What the learner has done in one lesson.
    public struct LessonRecord: Codable, Sendable, Equatable {
        /// ``Exercise/id`` of every exercise whose check has passed, sorted.
        public var passedExercises: [String] = []
        /// The furthest section index the learner has opened.
        public var furthestSection: Int = 0
        /// Per exercise id, how many hints the learner has seen.
        public var hintsSeen: [String: Int] = [:]

        /// An empty record.
        public init() {}
    }

    /// The record for `lessonID`, empty when the learner has not started it.
    public func record(for lessonID: String) -> LessonRecord { lessons[lessonID] ?? LessonRecord() }

    /// Whether the exercise's check has passed at least once.
    public func hasPassed(_ exercise: Exercise, in lesson: Lesson) -> Bool {
        record(for: lesson.id).passedExercises.contains(exercise.id)
    }

    /// A lesson is done when every exercise has passed; one without exercises is done
    /// once the learner has reached its last section.
    public func isDone(_ lesson: Lesson) -> Bool {
        let record = record(for: lesson.id)
        let exercises = lesson.exercises
        if exercises.isEmpty {
            return lessons[lesson.id] != nil && record.furthestSection >= lesson.sections.count - 1
        }
        return exercises.allSatisfy { record.passedExercises.contains($0.id) }
    }

    /// Marks an exercise as passed.
    public mutating func markPassed(_ exerciseID: String, in lessonID: String) {
        var record = record(for: lessonID)
        if !record.passedExercises.contains(exerciseID) {
            record.passedExercises.append(exerciseID)
            record.passedExercises.sort()
        }
        lessons[lessonID] = record
    }

    /// Moves the learner to a section, remembering the furthest one reached.
    public mutating func visit(lessonID: String, section: Int) {
        currentLesson = lessonID
        currentSection = section
        var record = record(for: lessonID)
        record.furthestSection = max(record.furthestSection, section)
        lessons[lessonID] = record
    }

    /// Records that the learner has seen `count` hints of an exercise (never fewer than before).
    public mutating func noteHints(_ count: Int, exerciseID: String, in lessonID: String) {
        var record = record(for: lessonID)
        record.hintsSeen[exerciseID] = max(record.hintsSeen[exerciseID] ?? 0, count)
        lessons[lessonID] = record
    }

    /// How many of `lessons` are done.
    public func completedCount(of lessons: [Lesson]) -> Int {
        lessons.filter(isDone).count
    }
}
