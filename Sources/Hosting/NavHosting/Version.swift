// The version of navd, shown by --version, by status, and by navd.version in Lua.

/// navd's version, as `navd.version` and `--version` print it.
public let navdVersion = "0.4.0"
