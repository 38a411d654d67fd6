// The trampolines between Lua and Swift; see include/CLuaShim.h for why they are in C.

#include "CLuaShim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static navlua_Dispatch navlua_dispatch = NULL;
static navlua_Release navlua_release = NULL;

static const char *const NAVLUA_BOX_METATABLE = "navd.SwiftFunction";
static const char *const NAVLUA_YIELD_KEY = "navd.yieldCount";
static const char *const NAVLUA_BUDGET_KEY = "navd.budget";

void navlua_install(navlua_Dispatch dispatch, navlua_Release release) {
  navlua_dispatch = dispatch;
  navlua_release = release;
}

// MARK: - Swift functions

typedef struct {
  void *box;
} navlua_Box;

static int navlua_box_gc(lua_State *L) {
  navlua_Box *holder = (navlua_Box *)luaL_testudata(L, 1, NAVLUA_BOX_METATABLE);
  if (holder != NULL && holder->box != NULL) {
    void *box = holder->box;
    holder->box = NULL;
    if (navlua_release != NULL) navlua_release(box);
  }
  return 0;
}

void *navlua_touserdata_sized(lua_State *L, int idx, size_t size) {
  if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != size) return NULL;
  return lua_touserdata(L, idx);
}

// The __index of an object metatable with properties: the method (from the methods table,
// upvalue 1) when the key names one, else what the getter (upvalue 2) reads for the object (1)
// and the key (2).
static int navlua_object_index(lua_State *L) {
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_insert(L, 1);
  lua_call(L, 2, 1);
  return 1;
}

void navlua_pushobjectindex(lua_State *L) { lua_pushcclosure(L, navlua_object_index, 2); }

static int navlua_trampoline(lua_State *L) {
  navlua_Box *holder = (navlua_Box *)lua_touserdata(L, lua_upvalueindex(1));
  if (holder == NULL || holder->box == NULL || navlua_dispatch == NULL) {
    return luaL_error(L, "navd: a Swift function was called after it was released");
  }
  int status = navlua_dispatch(L, holder->box);
  if (status >= 0) return status;
  if (status == NAVLUA_YIELD) {
    lua_getfield(L, LUA_REGISTRYINDEX, NAVLUA_YIELD_KEY);
    int count = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return lua_yield(L, count);
  }
  return lua_error(L);
}

void navlua_pushswiftfunction(lua_State *L, void *box) {
  navlua_Box *holder = (navlua_Box *)lua_newuserdatauv(L, sizeof(navlua_Box), 0);
  holder->box = box;
  if (luaL_newmetatable(L, NAVLUA_BOX_METATABLE)) {
    lua_pushcfunction(L, navlua_box_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushliteral(L, "Swift function");
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, navlua_trampoline, 1);
}

void navlua_set_yield_count(lua_State *L, int count) {
  lua_pushinteger(L, count);
  lua_setfield(L, LUA_REGISTRYINDEX, NAVLUA_YIELD_KEY);
}

// MARK: - Protected calls

int navlua_traceback(lua_State *L) {
  const char *message = lua_tostring(L, 1);
  if (message == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
      message = lua_tostring(L, -1);
    } else {
      message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
  }
  luaL_traceback(L, L, message, 1);
  return 1;
}

int navlua_pcall_traceback(lua_State *L, int nargs, int nresults) {
  int base = lua_gettop(L) - nargs;  // the function's index
  lua_pushcfunction(L, navlua_traceback);
  lua_insert(L, base);
  int status = lua_pcall(L, nargs, nresults, base);
  lua_remove(L, base);
  return status;
}

// MARK: - Instruction budget

typedef struct {
  int64_t remaining;
  int period;
} navlua_Budget;

static void navlua_budget_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  lua_getfield(L, LUA_REGISTRYINDEX, NAVLUA_BUDGET_KEY);
  navlua_Budget *budget = (navlua_Budget *)lua_touserdata(L, -1);
  lua_pop(L, 1);
  if (budget == NULL) return;
  budget->remaining -= lua_gethookcount(L);  // this thread's own period
  if (budget->remaining <= 0) {
    // Keep failing, at every instruction from now on, until the host removes or re-arms the
    // budget: a pcall inside the script may catch one error, but the next instruction outside
    // it fails again, so the script cannot swallow the budget and carry on.
    budget->remaining = 0;
    if (lua_gethookcount(L) != 1) lua_sethook(L, navlua_budget_hook, LUA_MASKCOUNT, 1);
    luaL_error(L, "instruction budget exceeded");
  }
}

void navlua_set_budget(lua_State *L, int64_t instructions, int period) {
  if (instructions <= 0) {
    lua_sethook(L, NULL, 0, 0);
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, NAVLUA_BUDGET_KEY);
    return;
  }
  if (period <= 0) period = 1000;
  navlua_Budget *budget = (navlua_Budget *)lua_newuserdatauv(L, sizeof(navlua_Budget), 0);
  budget->remaining = instructions;
  budget->period = period;
  lua_setfield(L, LUA_REGISTRYINDEX, NAVLUA_BUDGET_KEY);
  lua_sethook(L, navlua_budget_hook, LUA_MASKCOUNT, period);
}

int navlua_raise_message(lua_State *L, const char *message) {
  lua_pushstring(L, message);
  return lua_error(L);
}

// MARK: - Memory limit

typedef struct {
  size_t used;
  size_t limit;
} navlua_Allowance;

static void *navlua_limited_alloc(void *ud, void *block, size_t old_size, size_t new_size) {
  navlua_Allowance *allowance = (navlua_Allowance *)ud;
  // When `block` is NULL, `old_size` encodes the kind of object, not a size.
  size_t previous = block != NULL ? old_size : 0;
  if (new_size == 0) {
    free(block);
    allowance->used -= previous;
    return NULL;
  }
  if (new_size > previous && allowance->used - previous + new_size > allowance->limit) {
    return NULL;  // Lua raises "not enough memory"
  }
  void *resized = realloc(block, new_size);
  if (resized != NULL) allowance->used = allowance->used - previous + new_size;
  return resized;
}

static int navlua_limited_panic(lua_State *L) {
  // Swift only calls Lua through lua_pcall, so this means a bug in navd: say what, then abort.
  const char *message = lua_tostring(L, -1);
  fprintf(stderr, "navd: unprotected Lua error: %s\n", message != NULL ? message : "?");
  return 0;
}

lua_State *navlua_newstate_limited(size_t limit) {
  navlua_Allowance *allowance = (navlua_Allowance *)malloc(sizeof(navlua_Allowance));
  if (allowance == NULL) return NULL;
  allowance->used = 0;
  allowance->limit = limit;
  lua_State *L = lua_newstate(navlua_limited_alloc, allowance);
  if (L == NULL) {
    free(allowance);
    return NULL;
  }
  lua_atpanic(L, navlua_limited_panic);
  return L;
}

size_t navlua_limited_bytes(lua_State *L) {
  void *ud = NULL;
  lua_Alloc alloc = lua_getallocf(L, &ud);
  if (alloc != navlua_limited_alloc || ud == NULL) return 0;
  return ((navlua_Allowance *)ud)->used;
}

void navlua_close_limited(lua_State *L) {
  void *ud = NULL;
  lua_Alloc alloc = lua_getallocf(L, &ud);
  lua_close(L);
  if (alloc == navlua_limited_alloc) free(ud);
}
