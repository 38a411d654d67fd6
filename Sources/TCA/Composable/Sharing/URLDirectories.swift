// The directories Apple's Foundation names on `URL` (`URL.documentsDirectory`, where
// `.fileStorage` keys usually live) and Linux's Foundation lacks, as the user's directories
// `FileManager` finds there (`~/Documents`, `~/.local/share`, `~/.cache`).

import Foundation

#if !canImport(Darwin)
  extension URL {
    /// The user's documents directory: `~/Documents` on Linux.
    public static var documentsDirectory: URL { directory(.documentDirectory) }

    /// Where an app keeps its own files: `~/.local/share` on Linux.
    public static var applicationSupportDirectory: URL { directory(.applicationSupportDirectory) }

    /// Where an app keeps what it can recreate: `~/.cache` on Linux.
    public static var cachesDirectory: URL { directory(.cachesDirectory) }

    /// The user's library directory: the home directory on Linux.
    public static var libraryDirectory: URL { directory(.libraryDirectory) }

    /// The user's downloads directory: `~/Downloads` on Linux.
    public static var downloadsDirectory: URL { directory(.downloadsDirectory) }

    private static func directory(_ kind: FileManager.SearchPathDirectory) -> URL {
      FileManager.default.urls(for: kind, in: .userDomainMask).first ?? .homeDirectory
    }
  }
#endif
