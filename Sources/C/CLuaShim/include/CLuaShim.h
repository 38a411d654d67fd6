// CLuaShim: the C that Swift cannot be, between Swift and Lua 5.4.
//
// Why this target exists:
// - Lua's API has function-like macros (lua_pop, lua_pcall, lua_tostring, lua_upvalueindex,
//   LUA_REGISTRYINDEX, ...) that Swift cannot import; each gets a one-line inline wrapper here.
// - lua_error, lua_yield, luaL_error and luaL_check* longjmp. A longjmp over Swift frames skips
//   defer, deinit and releases (leaks; release builds crash in the exclusivity checker). So Swift
//   never calls them: a Swift function registered with Lua returns a status, and the trampoline
//   below raises the error or yields after the Swift frames have returned.
// - The instruction-budget hook raises its error from C, for the same reason.
#ifndef CLUASHIM_H
#define CLUASHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdint.h>

// MARK: - Macros Swift cannot import

static inline int navlua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int navlua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void navlua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void navlua_newtable(lua_State *L) { lua_newtable(L); }
static inline int navlua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  return lua_pcall(L, nargs, nresults, msgh);
}
static inline const char *navlua_tolstring(lua_State *L, int idx, size_t *len) {
  return lua_tolstring(L, idx, len);
}
static inline int navlua_isinteger(lua_State *L, int idx) { return lua_isinteger(L, idx); }
static inline int navlua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
static inline void navlua_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline void *navlua_newuserdata(lua_State *L, size_t size) {
  return lua_newuserdatauv(L, size, 1);
}
static inline size_t navlua_memory_in_use(lua_State *L) {
  return (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB, 0);
}
static inline void navlua_collect_garbage(lua_State *L) { lua_gc(L, LUA_GCCOLLECT, 0); }
static inline int navlua_getfield_registry(lua_State *L, const char *key) {
  return lua_getfield(L, LUA_REGISTRYINDEX, key);
}

// MARK: - Userdata

/// The block of the full userdata at `idx` when it is exactly `size` bytes; NULL for any other
/// value (light userdata included). One call where Swift made three (type, length, pointer):
/// it runs on every method call on a Swift object's handle.
void *navlua_touserdata_sized(lua_State *L, int idx, size_t size);

/// Pops a methods table and a property getter (`getter(object, key)`) and pushes the `__index`
/// of an object metatable: the method when the key names one, else the getter's value.
///
/// A method call (`handle:send(…)`) runs it every time. It was a small Lua function, whose call
/// cost ~440 instructions of a send's ~3,800; this costs ~370, nearly all of it Lua's call of a
/// metamethod. An `__index` table would cost ~40, but never sees the object a property
/// (`handle.state`) is read from: an index table per object was measured, and made each
/// `navd.launch` ~15% dearer (~8,000 instructions) to save ~320 per method call, a loss for a
/// scenario of a few dozen calls per handle.
///
/// Stack: pops two, pushes one.
void navlua_pushobjectindex(lua_State *L);

// MARK: - Swift functions

/// What a Swift function returns to the trampoline that called it.
///
/// A value of 0 or more is the number of results the function left on top of the stack.
enum {
  /// The function left an error value (usually a message string) on top of the stack; the
  /// trampoline raises it with lua_error.
  NAVLUA_RAISE = -1,
  /// The function left values on top of the stack to yield; their count is in the state's
  /// pending-yield slot (navlua_set_yield_count). The trampoline yields them with lua_yield.
  NAVLUA_YIELD = -2,
};

/// The one entry point into Swift: calls the Swift function `box` with the arguments on the
/// stack and returns a count of results or a NAVLUA_ status.
typedef int (*navlua_Dispatch)(lua_State *L, void *box);

/// Releases a Swift function box when Lua collects the closure that owns it.
typedef void (*navlua_Release)(void *box);

/// Installs the Swift side's dispatcher and releaser. Call once per process before pushing
/// Swift functions; later calls replace them.
void navlua_install(navlua_Dispatch dispatch, navlua_Release release);

/// Pushes a Lua C closure that calls the Swift function `box` through the dispatcher. The
/// closure owns `box` (through a userdata upvalue whose __gc calls the releaser).
///
/// Stack: pushes one value (the closure).
void navlua_pushswiftfunction(lua_State *L, void *box);

/// Sets how many values the next NAVLUA_YIELD yields.
void navlua_set_yield_count(lua_State *L, int count);

// MARK: - Protected calls

/// A message handler for lua_pcall: turns the error into "message\nstack traceback: ...".
/// Non-string errors without __tostring are described by their type.
int navlua_traceback(lua_State *L);

/// Calls the function below `nargs` arguments with navlua_traceback as the message handler.
/// On error, leaves the message with its traceback on top and returns the Lua status.
///
/// Stack: pops the function and its arguments; pushes `nresults` results (LUA_MULTRET for all)
/// or one error message.
int navlua_pcall_traceback(lua_State *L, int nargs, int nresults);

// MARK: - Instruction budget

/// Makes the running Lua code fail with "instruction budget exceeded" once it has executed
/// about `instructions` VM instructions (checked every `period`). 0 removes the hook.
/// A count hook roughly doubles the cost of pure-Lua loops: use it for untrusted code only.
/// The hook is set on `L`; coroutines inherit it when they are created, so set the budget
/// before loading code that creates coroutines. Re-arming shares one budget across them.
void navlua_set_budget(lua_State *L, int64_t instructions, int period);

// MARK: - Memory limit

/// Creates a Lua state whose allocations fail (a Lua "not enough memory" error, caught like
/// any other) once it holds more than `limit` bytes. Returns NULL when out of memory.
lua_State *navlua_newstate_limited(size_t limit);

/// The bytes a state created by navlua_newstate_limited holds now, or 0 for other states.
size_t navlua_limited_bytes(lua_State *L);

/// Closes any state, and frees the allowance of one created by navlua_newstate_limited.
void navlua_close_limited(lua_State *L);

// MARK: - Raising from C

/// Raises `message` as a Lua error from C (a lua_CFunction helper for C callers).
int navlua_raise_message(lua_State *L, const char *message);

#endif
