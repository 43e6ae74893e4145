import Foundation

/// A live process's peak resident set, read from `/proc` (Linux only).
struct ProcessPeak {
    let pid: Int32
    let name: String
    let peakMiB: Double
}

/// `root` and every live descendant with its peak resident set (`VmHWM`), root first.
func processTreePeaks(root: Int32) -> [ProcessPeak] {
    var parents: [Int32: Int32] = [:]
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
        guard let pid = Int32(entry),
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { continue }
        // After the command's closing parenthesis: state, then the parent's pid.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 1, let parent = Int32(fields[1]) { parents[pid] = parent }
    }
    var tree = [root]
    var index = 0
    while index < tree.count {
        let pid = tree[index]
        tree += parents.filter { $0.value == pid }.map(\.key).sorted()
        index += 1
    }
    return tree.compactMap { pid in
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        var name = "?"
        var peak = 0.0
        for line in status.split(separator: "\n") {
            if line.hasPrefix("Name:") { name = line.dropFirst(5).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("VmHWM:") {
                peak = (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
            }
        }
        return ProcessPeak(pid: pid, name: name, peakMiB: peak)
    }
}
