import Foundation

/// Every lesson in a folder, in order, plus the problems found in files that did not parse.
///
/// A malformed lesson is reported and left out; it never stops the others from loading.
public struct LessonLibrary: Sendable {
    /// The lessons that parsed, ordered by number.
    public var lessons: [Lesson]
    /// One entry per file that could not be used, with file and line.
    public var problems: [LessonParseError]
    /// The folder the lessons came from.
    public var directory: String

    /// Creates a library from lessons already parsed (tests use this).
    public init(lessons: [Lesson], problems: [LessonParseError] = [], directory: String = "") {
        self.lessons = lessons.sorted { $0.number < $1.number }
        self.problems = problems
        self.directory = directory
    }

    /// Reads every `NN-slug.md` file in `directory` (README.md and other files are ignored).
    public static func load(from directory: String) -> LessonLibrary {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            return LessonLibrary(
                lessons: [],
                problems: [
                    LessonParseError(
                        path: directory, line: 0,
                        message: "cannot read the lessons folder (\(error.localizedDescription))")
                ],
                directory: directory)
        }
        var lessons: [Lesson] = []
        var problems: [LessonParseError] = []
        for name in names.sorted() where name.hasSuffix(".md") && name.first?.isNumber == true {
            let path = url.appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append(LessonParseError(path: path, line: 0, message: "cannot read the file"))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                problems.append(LessonParseError(path: path, line: 0, message: "the file is not UTF-8 text"))
                continue
            }
            do {
                let lesson = try LessonParser.parse(text, path: path)
                if let earlier = lessons.first(where: { $0.number == lesson.number || $0.slug == lesson.slug }) {
                    problems.append(
                        LessonParseError(
                            path: path, line: 1,
                            message:
                                "lesson \(lesson.id) has the same number or name as \(earlier.path); each lesson needs its own"
                        ))
                    continue
                }
                lessons.append(lesson)
            } catch {
                problems.append(error)
            }
        }
        return LessonLibrary(lessons: lessons, problems: problems, directory: directory)
    }

    /// The lesson that `:lesson` names: a number (`3`, `03`), a slug (`flatmap`), the
    /// start of just one slug (`flat`), or a file's base name (`03-flatmap`). Case does
    /// not matter.
    public func lesson(named query: String) -> Lesson? {
        let key = query.trimmingSpaces().lowercased()
        if let number = Int(key) { return lessons.first { $0.number == number } }
        let stem = key.hasSuffix(".md") ? String(key.dropLast(3)) : key
        if let exact = lessons.first(where: { $0.slug == stem || $0.id == stem }) { return exact }
        let started = lessons.filter { $0.slug.hasPrefix(stem) && !stem.isEmpty }
        return started.count == 1 ? started[0] : nil
    }

    /// The lesson after `lesson` in order, if any.
    public func lesson(after lesson: Lesson) -> Lesson? {
        lessons.first { $0.number > lesson.number }
    }

    /// Where swiftlab looks for lessons: `$SWIFTLAB_LESSONS`, else a `Lessons` folder
    /// next to or above the executable (a checkout's `.build/.../swiftlab`), else the
    /// current directory's `Lessons`.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String = CommandLine.arguments.first ?? ""
    ) -> String {
        if let explicit = environment["SWIFTLAB_LESSONS"], !explicit.isEmpty { return explicit }
        var folder = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("Lessons")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path) {
                return candidate.path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return FileManager.default.currentDirectoryPath + "/Lessons"
    }
}
