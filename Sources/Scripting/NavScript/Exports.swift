// What `import NavScript` brings: the Lua glue, and the hosting layer it glues to Lua.

/// The hosting layer (features, launched stores, sessions, history, the explorer), so that a
/// program that scripts features needs one import, as before the layer was apart.
@_exported import NavHosting
