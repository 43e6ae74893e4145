import SwiftLabCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Everything is wired in SwiftLabCore's App folder.
exit(SwiftLabApplication.run(arguments: Array(CommandLine.arguments.dropFirst())))
