// Lua 5.4 from Debian's liblua5.4-dev (pkg-config "lua5.4" puts /usr/include/lua5.4 on the
// include path). This header only gathers the three public headers into one Swift module.
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
